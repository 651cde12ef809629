"""Topics in cluster mode: ZooKeeper holds them; this broker keeps the logs of its replicas.

`ClusterTopicManager` is the single-broker TopicManager (broker/topics.py) with the cluster as
the source of truth: `apply(view)` mirrors the topics of the latest ClusterView into the local
registry and creates (or deletes) the logs of the partitions assigned here; `create` and
`delete` write znodes (from any broker) and wait until the controller's decision is seen here;
`partition_metadata` answers each partition's leader, epoch, replicas and ISR as ZooKeeper has
them, LEADER_NOT_AVAILABLE while a partition has no live leader.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kazoo.exceptions import NodeExistsError

from broker import logging_setup
from broker.cluster.placement import PlacementError, assign_replicas
from broker.cluster.znodes import NO_LEADER, TopicAssignment
from broker.config import Config
from broker.log import LogManager
from broker.topics import INTERNAL_TOPICS, Topic, TopicError, TopicManager, no_such_topic
from protocol.errors import ErrorCode
from protocol.typed import MetadataResponseTopicPartition

if TYPE_CHECKING:
    from broker.cluster.controller import ClusterView
    from broker.cluster.node import ClusterNode

log = logging_setup.get_logger("kbroker.cluster")

CREATE_WAIT_S = 10.0  # how long CreateTopics / DeleteTopics wait for the controller's decision


class ClusterTopicManager(TopicManager):
    def __init__(self, config: Config, log_manager: LogManager, node_id: int, cluster: ClusterNode):
        super().__init__(config, log_manager, node_id)
        self.cluster = cluster
        self.replicas: dict[str, dict[int, list[int]]] = {}  # the assignment of every topic

    # -- the local mirror of ZooKeeper ------------------------------------------------------------

    async def _ensure_offsets_topic(self) -> None:
        """The controller creates `__consumer_offsets` in ZooKeeper; nothing to do locally."""

    def _local(self, name: str) -> list[int]:
        return [p for p, r in sorted(self.replicas.get(name, {}).items()) if self.node_id in r]

    async def _ensure_logs(self, topic: Topic) -> None:
        config = self.log_config(topic)
        for p in self._local(topic.name):
            lg = self.log_manager.get(topic.name, p)
            if lg is None:
                await self.log_manager.create(topic.name, p, config, topic.topic_id)
            elif lg.topic_id is None:
                lg.topic_id = topic.topic_id

    async def _drop(self, topic: Topic) -> None:
        self.topics.pop(topic.name, None)
        self._by_id.pop(topic.topic_id, None)
        for p in range(topic.partitions):
            if self.log_manager.get(topic.name, p) is not None:
                await self.log_manager.delete(topic.name, p)

    async def apply(self, view: ClusterView, broker_id: int) -> None:
        """Mirror the view's topics: new ones get their local logs, deleted (or re-created under
        a new id) ones lose theirs. Serialized with create/delete by the manager's lock."""
        async with self._lock:
            changed = False
            wanted = {n: a for n, a in view.topics.items() if n not in view.deleting}
            for name, held in list(self.topics.items()):
                a = wanted.get(name)
                if a is None or (a.topic_id.int and a.topic_id != held.topic_id):
                    await self._drop(held)
                    changed = True
                    log.info(
                        "delete topic",
                        topic=name,
                        reason="gone from zookeeper" if a is None else "re-created",
                    )
            self.replicas = {n: a.replicas for n, a in wanted.items()}
            for name, a in sorted(wanted.items()):
                topic = self.topics.get(name)
                configs = view.configs.get(name, {})
                if topic is None:
                    topic = Topic(
                        name,
                        a.topic_id if a.topic_id.int else uuid.uuid4(),
                        a.partitions,
                        configs,
                        name in INTERNAL_TOPICS,
                    )
                    self._add(topic)
                    changed = True
                    log.info("add topic", topic=name, partitions=a.partitions, local=self._local(name))
                else:
                    if topic.configs != configs:  # altered (a config change notification woke us)
                        topic.configs = dict(configs)
                        self.log_manager.reconfigure(name, self.log_config(topic))
                        changed = True
                    if topic.partitions != a.partitions:  # CreatePartitions
                        topic.partitions = a.partitions
                        changed = True
                await self._ensure_logs(topic)
            if changed:
                await self._save()

    async def drop_unassigned(self) -> None:
        """Delete the local logs of partitions no longer assigned here (a reassignment moved
        them away), as Kafka's controller has a removed replica deleted (StopReplica with delete)."""
        async with self._lock:
            for name, topic in list(self.topics.items()):
                parts = self.replicas.get(name)
                if parts is None:
                    continue
                for p in range(topic.partitions):
                    r = parts.get(p)
                    if r is not None and self.node_id not in r and self.log_manager.get(name, p) is not None:
                        await self.log_manager.delete(name, p)
                        log.info("delete replica", topic=name, partition=p, replicas=r)

    # -- create and delete through ZooKeeper ------------------------------------------------------

    def _check_cluster(
        self,
        name: str,
        partitions: int,
        replication: int,
        configs: dict[str, str | None],
        assignments: list[Any] | None,
    ) -> tuple[int, dict[str, str], dict[int, list[int]]]:
        live = sorted(self.cluster.view.brokers)
        if assignments:
            if replication != -1 or partitions != -1:
                super().check_create(name, partitions, replication, configs, assignments)  # Kafka's complaint
            manual = {a.partition_index: list(a.broker_ids) for a in assignments}
            if sorted(manual) != list(range(len(manual))):
                raise TopicError(
                    ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                    "partitions should be a consecutive 0-based integer sequence",
                )
            sizes = {len(brokers) for brokers in manual.values()}
            for p, brokers in sorted(manual.items()):
                unknown = [b for b in brokers if b not in live]
                if not brokers or unknown:
                    raise TopicError(
                        ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                        f"Unknown broker ids in the assignment of partition {p}: {unknown}",
                    )
                if len(set(brokers)) != len(brokers):
                    raise TopicError(
                        ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                        f"Duplicate brokers not allowed in replica assignment: {brokers} of partition {p}",
                    )
            if len(sizes) != 1:
                raise TopicError(
                    ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                    "All partitions should have the same number of replicas",
                )
            count, overrides = super().check_create(name, len(manual), sizes.pop(), configs, None)
            return count, overrides, manual
        rf = self.config["default.replication.factor"] if replication == -1 else replication
        count, overrides = super().check_create(name, partitions, rf, configs)
        try:
            return count, overrides, assign_replicas(name, count, rf, live)
        except PlacementError as e:
            raise TopicError(ErrorCode.INVALID_REPLICATION_FACTOR, str(e)) from e

    def registered_brokers(self) -> int:
        return len(self.cluster.view.brokers)

    def check_create(
        self,
        name: str,
        partitions: int,
        replication: int,
        configs: dict[str, str | None],
        assignments: list[Any] | None = None,
    ) -> tuple[int, dict[str, str]]:
        count, overrides, _ = self._check_cluster(name, partitions, replication, configs, assignments)
        return count, overrides

    async def create(
        self,
        name: str,
        partitions: int = -1,
        replication: int = -1,
        configs: dict[str, str | None] | None = None,
        *,
        assignments: list[Any] | None = None,
        validate_only: bool = False,
        internal: bool = False,
    ) -> Topic:
        count, overrides, replicas = self._check_cluster(
            name, partitions, replication, configs or {}, assignments
        )
        topic = Topic(name, uuid.uuid4(), count, overrides, internal or name in INTERNAL_TOPICS)
        if validate_only:
            return topic
        try:
            await self.cluster.create_topic(TopicAssignment(name, topic.topic_id, replicas), overrides)
        except NodeExistsError as e:
            raise TopicError(ErrorCode.TOPIC_ALREADY_EXISTS, f"Topic '{name}' already exists.") from e
        log.info("create topic", topic=name, partitions=count, replicas=replicas)

        def ready() -> bool:
            held = self.topics.get(name)
            view = self.cluster.view
            return (
                held is not None
                and held.topic_id == topic.topic_id
                and all(view.leader(name, p) != NO_LEADER for p in range(count))
            )

        if not await self.cluster.wait_for(ready, CREATE_WAIT_S):
            raise TopicError(
                ErrorCode.REQUEST_TIMED_OUT,
                f"Topic '{name}' was created, but its partitions have no leader yet",
            )
        return self.topics[name]

    async def delete(self, name: str) -> Topic:
        topic = self.topics.get(name)
        if topic is None:
            raise TopicError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "This server does not host this topic.")
        if topic.internal:
            raise TopicError(ErrorCode.INVALID_REQUEST, f"Internal topic {name} cannot be deleted.")
        await self.cluster.request_delete(name)
        if not await self.cluster.wait_for(lambda: name not in self.cluster.view.topics, CREATE_WAIT_S):
            raise TopicError(ErrorCode.REQUEST_TIMED_OUT, f"Topic '{name}' is marked for deletion")
        return topic

    async def alter_configs(self, name: str, update: Callable[[dict[str, str]], dict[str, str]]) -> Topic:
        """Through ZooKeeper: /config/topics/<t> and a change notification; every broker applies
        it when its watch fires. Answered once this broker has applied it. The topic and its
        current overrides are read from ZooKeeper: this broker's mirror may not have seen a
        topic just created through another broker."""
        current = await self.overrides(name)
        if current is None:
            raise no_such_topic(name)
        overrides = update(current)
        self.log_config(Topic(name, uuid.uuid4(), 1, overrides))  # refuses what does not resolve
        await self.cluster.alter_topic_config(name, overrides)
        log.info("alter topic configs", topic=name, configs=overrides or None)
        if not await self.cluster.wait_for(
            lambda: (t := self.topics.get(name)) is not None and t.configs == overrides, CREATE_WAIT_S
        ):
            raise TopicError(
                ErrorCode.REQUEST_TIMED_OUT, f"The config of '{name}' was written, not yet applied"
            )
        return self.topics[name]

    async def overrides(self, name: str) -> dict[str, str] | None:
        return await self.cluster.topic_config(name)

    async def _catch_up(self, name: str) -> None:
        """Wait until this broker's mirror holds a topic ZooKeeper holds (one created through
        another broker a moment ago), so a request that needs its assignment does not answer
        UNKNOWN_TOPIC_OR_PARTITION for it."""
        if name not in self.topics and await self.overrides(name) is not None:
            await self.cluster.wait_for(
                lambda: name in self.topics and name in self.cluster.view.topics, CREATE_WAIT_S
            )

    async def add_partitions(
        self, name: str, count: int, assignments: list[Any] | None = None, *, validate_only: bool = False
    ) -> Topic:
        await self._catch_up(name)
        topic = self.check_add_partitions(name, count, None)
        live = sorted(self.cluster.view.brokers)
        assignment = self.cluster.view.topics[name]
        if assignment.adding or assignment.removing:  # as Kafka: the moves finish first
            raise TopicError(
                ErrorCode.REASSIGNMENT_IN_PROGRESS,
                f"A partition reassignment is in progress for the topic '{name}'.",
            )
        rf = len(next(iter(assignment.replicas.values()), [0]))  # new partitions get the topic's replication
        if assignments is not None:
            if len(assignments) != count - topic.partitions:
                raise TopicError(
                    ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                    f"Increasing the number of partitions by {count - topic.partitions} but "
                    f"{len(assignments)} assignments provided.",
                )
            extra = {topic.partitions + i: list(a.broker_ids) for i, a in enumerate(assignments)}
            if any(len(r) != rf or len(set(r)) != rf or not set(r) <= set(live) for r in extra.values()):
                raise TopicError(
                    ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                    f"Replica assignments must name {rf} distinct live broker(s) each (live: {live})",
                )
        else:
            try:
                spread = assign_replicas(name, count, rf, live)
            except PlacementError as e:
                raise TopicError(ErrorCode.INVALID_REPLICATION_FACTOR, str(e)) from e
            extra = {p: spread[p] for p in range(topic.partitions, count)}
        if validate_only:
            return topic
        await self.cluster.add_partitions(
            TopicAssignment(name, assignment.topic_id, {**assignment.replicas, **extra}), sorted(extra)
        )
        log.info("add partitions", topic=name, partitions=count, replicas=extra)

        def ready() -> bool:
            held = self.topics.get(name)
            return (
                held is not None
                and held.partitions == count
                and all(self.cluster.view.leader(name, p) != NO_LEADER for p in range(count))
            )

        if not await self.cluster.wait_for(ready, CREATE_WAIT_S):
            raise TopicError(ErrorCode.REQUEST_TIMED_OUT, f"Partitions of '{name}' were added, no leader yet")
        return self.topics[name]

    # -- metadata ---------------------------------------------------------------------------------

    def partition_metadata(self, topic: Topic) -> list[MetadataResponseTopicPartition]:
        view = self.cluster.view
        live = view.brokers
        out: list[MetadataResponseTopicPartition] = []
        for p in range(topic.partitions):
            replicas = self.replicas.get(topic.name, {}).get(p, [])
            state = view.states.get((topic.name, p))
            leader = state.leader if state is not None and state.leader in live else NO_LEADER
            out.append(
                {
                    "error_code": ErrorCode.NONE if leader != NO_LEADER else ErrorCode.LEADER_NOT_AVAILABLE,
                    "partition_index": p,
                    "leader_id": leader,
                    "leader_epoch": state.leader_epoch if state is not None else -1,
                    "replica_nodes": replicas,
                    "isr_nodes": [b for b in (state.isr if state else []) if b in live],
                    "offline_replicas": [
                        b
                        for b in replicas
                        if b not in live or (b == self.node_id and self.storage_failing(topic.name, p))
                    ],
                }
            )
        return out

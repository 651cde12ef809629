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
from typing import TYPE_CHECKING, Any

from kazoo.exceptions import NodeExistsError

from broker import logs
from broker.cluster.placement import PlacementError, assign_replicas
from broker.cluster.znodes import NO_LEADER, TopicAssignment
from broker.config import Config
from broker.log import LogManager
from broker.topics import INTERNAL_TOPICS, Topic, TopicError, TopicManager
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from broker.cluster.controller import ClusterView
    from broker.cluster.node import ClusterNode

log = logs.get("kbroker.cluster")

CREATE_WAIT_S = 10.0  # how long CreateTopics / DeleteTopics wait for the controller's decision


class ClusterTopicManager(TopicManager):
    def __init__(self, config: Config, logs_: LogManager, node_id: int, cluster: ClusterNode):
        super().__init__(config, logs_, node_id)
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
            lg = self.logs.get(topic.name, p)
            if lg is None:
                await self.logs.create(topic.name, p, config, topic.topic_id)
            elif lg.topic_id is None:
                lg.topic_id = topic.topic_id

    async def _drop(self, topic: Topic) -> None:
        self.topics.pop(topic.name, None)
        self._by_id.pop(topic.topic_id, None)
        for p in range(topic.partitions):
            if self.logs.get(topic.name, p) is not None:
                await self.logs.delete(topic.name, p)

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
                    log.info("delete topic", topic=name, reason="gone from zookeeper" if a is None else "re-created")
            self.replicas = {n: a.replicas for n, a in wanted.items()}
            for name, a in sorted(wanted.items()):
                topic = self.topics.get(name)
                configs = view.configs.get(name, {})
                if topic is None:
                    topic = Topic(name, a.topic_id if a.topic_id.int else uuid.uuid4(), a.partitions, configs,
                                  name in INTERNAL_TOPICS)
                    self._add(topic)
                    changed = True
                    log.info("add topic", topic=name, partitions=a.partitions, local=self._local(name))
                elif topic.configs != configs:
                    topic.configs = dict(configs)
                    changed = True
                await self._ensure_logs(topic)
            if changed:
                await self._save()

    # -- create and delete through ZooKeeper ------------------------------------------------------

    def _check_cluster(self, name: str, partitions: int, replication: int, configs: dict[str, str | None],
                       assignments: list[Any] | None) -> tuple[int, dict[str, str], dict[int, list[int]]]:
        live = sorted(self.cluster.view.brokers)
        if assignments:
            if replication != -1 or partitions != -1:
                super().check_create(name, partitions, replication, configs, assignments)  # Kafka's complaint
            manual = {a.partition_index: list(a.broker_ids) for a in assignments}
            if sorted(manual) != list(range(len(manual))):
                raise TopicError(ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                                 "partitions should be a consecutive 0-based integer sequence")
            for p, brokers in sorted(manual.items()):
                unknown = [b for b in brokers if b not in live]
                if not brokers or unknown:
                    raise TopicError(ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                                     f"Unknown broker ids in the assignment of partition {p}: {unknown}")
                if len(brokers) > 1:
                    raise TopicError(ErrorCode.INVALID_REPLICATION_FACTOR,
                                     "kbroker does not replicate partitions yet: one replica per partition")
            count, overrides = super().check_create(name, len(manual), 1, configs, None)
            return count, overrides, manual
        rf = self.config["default.replication.factor"] if replication == -1 else replication
        if rf > 1:
            raise TopicError(ErrorCode.INVALID_REPLICATION_FACTOR,
                             f"Unable to replicate the partition {rf} time(s): kbroker does not replicate "
                             "partitions yet (replication factor 1 only)")
        count, overrides = super().check_create(name, partitions, 1 if replication == -1 else replication, configs)
        try:
            return count, overrides, assign_replicas(name, count, 1, live)
        except PlacementError as e:
            raise TopicError(ErrorCode.INVALID_REPLICATION_FACTOR, str(e)) from e

    def check_create(self, name: str, partitions: int, replication: int, configs: dict[str, str | None],
                     assignments: list[Any] | None = None) -> tuple[int, dict[str, str]]:
        count, overrides, _ = self._check_cluster(name, partitions, replication, configs, assignments)
        return count, overrides

    async def create(self, name: str, partitions: int = -1, replication: int = -1,
                     configs: dict[str, str | None] | None = None, *, assignments: list[Any] | None = None,
                     validate_only: bool = False, internal: bool = False) -> Topic:
        count, overrides, replicas = self._check_cluster(name, partitions, replication, configs or {}, assignments)
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
            return held is not None and held.topic_id == topic.topic_id and all(
                view.leader(name, p) != NO_LEADER for p in range(count))

        if not await self.cluster.wait_for(ready, CREATE_WAIT_S):
            raise TopicError(ErrorCode.REQUEST_TIMED_OUT,
                             f"Topic '{name}' was created, but its partitions have no leader yet")
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

    # -- metadata ---------------------------------------------------------------------------------

    def partition_metadata(self, topic: Topic) -> list[dict[str, Any]]:
        view = self.cluster.view
        live = view.brokers
        out = []
        for p in range(topic.partitions):
            replicas = self.replicas.get(topic.name, {}).get(p, [])
            state = view.states.get((topic.name, p))
            leader = state.leader if state is not None and state.leader in live else NO_LEADER
            out.append({
                "error_code": ErrorCode.NONE if leader != NO_LEADER else ErrorCode.LEADER_NOT_AVAILABLE,
                "partition_index": p, "leader_id": leader,
                "leader_epoch": state.leader_epoch if state is not None else -1,
                "replica_nodes": replicas,
                "isr_nodes": [b for b in (state.isr if state else []) if b in live],
                "offline_replicas": [b for b in replicas if b not in live],
            })
        return out

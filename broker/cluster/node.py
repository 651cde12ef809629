"""This broker's life in a ZooKeeper cluster (Kafka 2.x's KafkaZkClient + KafkaController,
reduced to what kbroker needs).

One level-triggered loop: any watch that fires (or a session event) marks the view dirty; the
loop re-reads every znode the cluster reacts to (`zk.read_view`, which re-arms the watches),
runs the controller's `plan` when this broker holds `/controller`, then applies the view here:
the topics' logs (ClusterTopicManager), the leaderships this broker takes up or drops, and the
group coordinator shards of the `__consumer_offsets` partitions it leads. kazoo is blocking and
thread-based; its calls run in a worker thread and its watches only set an asyncio event.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Set
from typing import Any

from kazoo.client import KazooClient, KazooState
from kazoo.exceptions import NodeExistsError
from kazoo.retry import KazooRetry

from broker import logging_setup
from broker.cluster import reassignment
from broker.cluster import zk as zkops
from broker.cluster import znodes as z
from broker.cluster.controller import ClusterView, OffsetsTopicSpec, Op, create_topic_ops, plan
from broker.cluster.elections import ElectionType, Outcome, elect, imbalanced
from broker.cluster.replica import ReplicaManager
from broker.cluster.topics import ClusterTopicManager
from broker.cluster.znodes import BrokerInfo, EndPoint, PartitionState, TopicAssignment
from broker.config import Config, ConfigError
from broker.group.records import OFFSETS_TOPIC
from broker.log import Log, LogManager
from broker.log.producer_ids import ProducerIdBlock
from protocol.errors import ErrorCode

log = logging_setup.get_logger("kbroker.cluster")

RESYNC_S = 10.0  # a full re-read even without watches firing (belt and braces)
DEBOUNCE_S = 0.005

# Told, after every sync, the partitions this broker now leads (with their logs ready): how the
# broker's coordinators take up and drop their __consumer_offsets / __transaction_state partitions.
OnLeading = Callable[[Set[tuple[str, int]]], Awaitable[None]]


class ClusterNode:
    def __init__(self, config: Config, broker_id: int, log_manager: LogManager, on_leading: OnLeading):
        self.config = config
        self.broker_id = broker_id
        hosts, self.chroot = zkops.split_connect(config["zookeeper.connect"])
        self.hosts = hosts
        session_s = config["zookeeper.session.timeout.ms"] / 1000
        self.connect_timeout_s = (
            config["zookeeper.connection.timeout.ms"] or config["zookeeper.session.timeout.ms"]
        ) / 1000
        self.zk = KazooClient(
            hosts=hosts + self.chroot,
            timeout=session_s,
            connection_retry=KazooRetry(max_tries=-1, max_delay=1.0),
            command_retry=KazooRetry(max_tries=5, max_delay=1.0),
        )
        self.view = ClusterView()
        self.leading: dict[tuple[str, int], int] = {}  # partitions led here (logs ready) -> leader epoch
        # A callback, not the coordinators: they are made after the first sync (their partition
        # counts are ZooKeeper's topics) and need this node's producer id blocks.
        self._on_leading = on_leading
        # Told the dynamic broker configs (/config/brokers/<id> and <default>) when they change.
        self.on_broker_configs: Callable[[dict[str, str], dict[str, str]], None] | None = None
        self._broker_configs: tuple[dict[str, str], dict[str, str]] | None = None
        self.on_group_configs: Callable[[dict[str, dict[str, str]]], None] | None = None
        self._group_configs: dict[str, dict[str, str]] | None = None
        self.on_client_metrics: Callable[[dict[str, dict[str, str]]], None] | None = None
        self._client_metrics: dict[str, dict[str, str]] | None = None
        self.me: BrokerInfo | None = None
        self.epoch_version: int | None = None  # /controller_epoch's version while controller here
        self.controller_epoch = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._dirty = asyncio.Event()
        self._task: asyncio.Task[Any] | None = None
        self._rebalance_task: asyncio.Task[Any] | None = None
        self._stopping = False
        self._watch = self._on_watch
        self.syncs = 0
        self.replicas = ReplicaManager(config, broker_id, self._local_log, self._write_isr)
        # Made here: the topics and the node use each other (the topics write ZooKeeper through
        # the node; the node mirrors ZooKeeper's view into the topics and their logs).
        self.topics = ClusterTopicManager(config, log_manager, broker_id, self)

    # -- thread plumbing ----------------------------------------------------------------------

    async def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(None, fn, *args)

    def _on_watch(self, *_event: Any) -> None:  # kazoo's thread
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._dirty.set)

    def _on_state(self, state: str) -> None:  # kazoo's thread
        if state == KazooState.LOST:
            log.warning("lose zookeeper session", broker_id=self.broker_id)
        self._on_watch()

    @property
    def session_id(self) -> int:
        cid = self.zk.client_id
        return cid[0] if cid else -1

    # -- start and stop -----------------------------------------------------------------------

    async def connect(self, proposed_cluster_id: str) -> str:
        """Connect, create the layout, refuse a broker id already registered; the cluster id."""
        self._loop = asyncio.get_running_loop()

        def work() -> str:
            if self.chroot:
                root = KazooClient(hosts=self.hosts, timeout=self.connect_timeout_s)
                root.start(timeout=self.connect_timeout_s)
                try:
                    root.ensure_path(self.chroot)
                finally:
                    root.stop()
                    root.close()
            self.zk.start(timeout=self.connect_timeout_s)
            zkops.ensure_layout(self.zk)
            if self.zk.exists(z.broker_path(self.broker_id)) is not None:
                raise ConfigError(self._duplicate_message())
            return zkops.cluster_id(self.zk, proposed_cluster_id)

        try:
            cluster_id: str = await self._call(work)
        except ConfigError:
            await self._close()
            raise
        except Exception as e:
            await self._close()
            raise ConfigError(
                f"cannot connect to zookeeper.connect={self.config['zookeeper.connect']!r}: "
                f"{type(e).__name__}: {e}"
            ) from e
        self.zk.add_listener(self._on_state)
        log.info("connect zookeeper", connect=self.config["zookeeper.connect"], cluster_id=cluster_id)
        return cluster_id

    def _duplicate_message(self) -> str:
        return (
            f"broker.id {self.broker_id} is already registered in ZooKeeper "
            f"({self.config['zookeeper.connect']}{z.broker_path(self.broker_id)}): another broker "
            "runs with this id; give each broker its own broker.id"
        )

    async def start(self) -> None:
        """The first sync, before this broker serves anyone: its topics and logs as ZooKeeper has
        them (their logs on disk loaded first: `topics.start()`)."""
        await self.sync()
        self.replicas.start()

    def _local_log(self, topic: str, partition: int) -> Log | None:
        return self.topics.log(topic, partition)

    async def _write_isr(self, topic: str, partition: int, state: PartitionState, version: int) -> int:
        version = await self._call(zkops.set_partition_state, self.zk, topic, partition, state, version)
        self._dirty.set()
        return version

    async def register(self, node: BrokerInfo) -> None:
        """Register this broker (ephemeral /brokers/ids/<id>) and start following the cluster."""
        self.me = node
        try:
            await self._call(
                lambda: self.zk.create(z.broker_path(self.broker_id), node.encode(), ephemeral=True)
            )
        except NodeExistsError as e:
            raise ConfigError(self._duplicate_message()) from e
        log.info(
            "register broker",
            broker_id=self.broker_id,
            endpoints=[e.connection_string for e in node.endpoints],
        )
        self._task = asyncio.get_running_loop().create_task(self._run(), name="cluster-sync")
        if self.config["auto.leader.rebalance.enable"]:
            self._rebalance_task = asyncio.get_running_loop().create_task(
                self._auto_rebalance(), name="auto-leader-rebalance"
            )
        self._dirty.set()

    async def stop(self) -> None:
        """Leave the cluster: the session closes, so the ephemeral registration (and /controller,
        if held here) go at once and the controller moves this broker's leaderships."""
        self._stopping = True
        for task in (self._task, self._rebalance_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self.replicas.stop()
        await self._close()
        log.info("leave cluster", broker_id=self.broker_id)

    async def _close(self) -> None:
        def work() -> None:
            with contextlib.suppress(Exception):
                self.zk.stop()
            with contextlib.suppress(Exception):
                self.zk.close()

        await self._call(work)

    # -- the loop -----------------------------------------------------------------------------

    async def _run(self) -> None:
        while not self._stopping:
            # asyncio.timeout, not wait_for: 3.11's wait_for can swallow the cancel that stops us
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(RESYNC_S):
                    await self._dirty.wait()
            await asyncio.sleep(DEBOUNCE_S)
            self._dirty.clear()
            try:
                await self.sync()
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("fail sync", broker_id=self.broker_id, error=f"{type(e).__name__}: {e}")
                await asyncio.sleep(0.2)
                self._dirty.set()

    async def sync(self) -> None:
        view, again = await self._call(zkops.read_view, self.zk, self._watch)
        if again:
            self._dirty.set()
        session = self.session_id
        if (me := self.me) is not None and not self._stopping:
            if self.broker_id not in view.brokers:  # the session was lost and renewed: register again
                with contextlib.suppress(NodeExistsError):
                    await self._call(
                        lambda: self.zk.create(z.broker_path(self.broker_id), me.encode(), ephemeral=True)
                    )
                self._dirty.set()
            if view.controller_id == -1:
                await self._elect()
            elif view.controller_id != self.broker_id or view.controller_session != session:
                if self.epoch_version is not None:
                    log.info("resign controller", broker_id=self.broker_id, new_controller=view.controller_id)
                self.epoch_version = None
            elif self.epoch_version is not None:
                await self._control(view)
        self.view = view
        await self._apply(view)
        self.syncs += 1

    async def _elect(self) -> None:
        won = await self._call(zkops.elect, self.zk, self.broker_id)
        self._dirty.set()
        if won is not None:
            self.controller_epoch, self.epoch_version = won
            log.info("become controller", broker_id=self.broker_id, epoch=self.controller_epoch)

    async def _control(self, view: ClusterView) -> None:
        c = self.config
        spec = OffsetsTopicSpec(
            OFFSETS_TOPIC,
            c["offsets.topic.num.partitions"],
            c["offsets.topic.replication.factor"],
            {
                "cleanup.policy": "compact",
                "compression.type": "producer",
                "segment.bytes": str(c["offsets.topic.segment.bytes"]),
            },
        )
        # Reassignments complete in a round of their own: their writes and plan's may touch the
        # same state znode, which one transaction cannot set twice.
        ops = plan(view, self.controller_epoch, spec, c["unclean.leader.election.enable"]) or (
            reassignment.complete(view, self.controller_epoch)
        )
        if not ops:
            return
        try:
            await self._call(zkops.commit, self.zk, ops, self.epoch_version)
        except zkops.Fenced as e:
            log.warning("resign controller", broker_id=self.broker_id, reason=str(e))
            self.epoch_version = None
        except Exception as e:  # a concurrent change: the watches bring the next round
            log.info("retry controller writes", error=f"{type(e).__name__}: {e}")
        else:
            log.info(
                "write controller decisions",
                epoch=self.controller_epoch,
                writes=len(ops),
                states=sum(op.path.endswith("/state") for op in ops),
            )
        self._dirty.set()

    # -- leader elections: asked for (ElectLeaders) and the auto leader rebalance ----------------

    async def elect_leaders(
        self, partitions: list[tuple[str, int]] | None, kind: ElectionType, timeout_s: float
    ) -> dict[tuple[str, int], Outcome] | None:
        """Elect leaders as the controller (None if this broker is not the controller): decide
        on a fresh read of ZooKeeper, commit fenced by the controller epoch (again on a concurrent
        change), then wait, up to `timeout_s`, until this broker's view has the new leaders (as
        Kafka's controller answers once the election is done)."""
        results: dict[tuple[str, int], Outcome] = {}
        for _ in range(5):
            if self.epoch_version is None:
                return None
            view, _again = await self._call(zkops.read_view, self.zk, self._watch)
            results, ops = elect(view, partitions, kind, self.controller_epoch)
            if not ops:
                return results
            try:
                await self._call(zkops.commit, self.zk, ops, self.epoch_version)
            except zkops.Fenced as e:
                log.warning("resign controller", broker_id=self.broker_id, reason=str(e))
                self.epoch_version = None
                return None
            except Exception as e:  # a state written meanwhile (an ISR change): decide again
                log.info("retry leader election", error=f"{type(e).__name__}: {e}")
                continue
            break
        else:
            return {
                k: Outcome(ErrorCode.REQUEST_TIMED_OUT, "the partitions' states kept changing")
                for k in results
            }
        elected = {k: o.leader for k, o in results.items() if o.error is ErrorCode.NONE}
        log.info("elect leaders", kind=kind.name, elected=len(elected), asked=len(results))
        self._dirty.set()
        await self.wait_for(lambda: all(self.view.leader(*k) == b for k, b in elected.items()), timeout_s)
        return results

    async def alter_reassignments(
        self, asked: dict[tuple[str, int], list[int] | None], allow_rf_change: bool
    ) -> dict[tuple[str, int], reassignment.Outcome] | None:
        """Start or cancel partition reassignments as the controller (None if this broker is not
        the controller): decided on a fresh read of ZooKeeper and committed fenced by the
        controller epoch and the topics' znode versions (again on a concurrent change). Answered
        once written, as Kafka answers; the moves then run in the background."""
        results: dict[tuple[str, int], reassignment.Outcome] = {}
        for _ in range(5):
            if self.epoch_version is None:
                return None
            view, _again = await self._call(zkops.read_view, self.zk, self._watch)
            results, ops = reassignment.alter(view, asked, allow_rf_change, self.controller_epoch)
            if not ops:
                return results
            try:
                await self._call(zkops.commit, self.zk, ops, self.epoch_version)
            except zkops.Fenced as e:
                log.warning("resign controller", broker_id=self.broker_id, reason=str(e))
                self.epoch_version = None
                return None
            except Exception as e:  # a topic or state written meanwhile: decide again
                log.info("retry partition reassignment", error=f"{type(e).__name__}: {e}")
                continue
            break
        else:
            return {
                k: reassignment.Outcome(ErrorCode.REQUEST_TIMED_OUT, "the partitions kept changing")
                for k in results
            }
        log.info(
            "alter partition reassignments",
            started=sum(v is not None for k, v in asked.items() if results[k].error is ErrorCode.NONE),
            cancelled=sum(v is None for k, v in asked.items() if results[k].error is ErrorCode.NONE),
            refused=sum(o.error is not ErrorCode.NONE for o in results.values()),
        )
        self._dirty.set()
        return results

    async def list_reassignments(
        self, asked: list[tuple[str, int]] | None
    ) -> dict[tuple[str, int], reassignment.Ongoing] | None:
        """The reassignments in progress, read from ZooKeeper (None if not the controller)."""
        if self.epoch_version is None:
            return None
        view, _again = await self._call(zkops.read_view, self.zk, self._watch)
        return reassignment.ongoing(view, asked)

    async def _auto_rebalance(self) -> None:
        """Kafka 2.x's auto leader rebalance: every leader.imbalance.check.interval.seconds the
        controller moves leaderships back to preferred replicas of brokers whose imbalance is
        above leader.imbalance.per.broker.percentage."""
        interval = self.config["leader.imbalance.check.interval.seconds"]
        percentage = self.config["leader.imbalance.per.broker.percentage"]
        while not self._stopping:
            await asyncio.sleep(interval)
            if self.epoch_version is None:
                continue
            candidates = imbalanced(self.view, percentage)
            if not candidates:
                continue
            try:
                results = await self.elect_leaders(candidates, ElectionType.PREFERRED, interval)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("fail leader rebalance", error=f"{type(e).__name__}: {e}")
                continue
            if results is not None:
                log.info(
                    "rebalance leaders",
                    candidates=len(candidates),
                    elected=sum(o.error is ErrorCode.NONE for o in results.values()),
                )

    async def _apply(self, view: ClusterView) -> None:
        layers = (
            view.broker_configs.get("<default>", {}),
            view.broker_configs.get(str(self.broker_id), {}),
        )
        if layers != self._broker_configs and self.on_broker_configs is not None:
            self.on_broker_configs(*layers)
            self._broker_configs = layers
        if view.group_configs != self._group_configs and self.on_group_configs is not None:
            self.on_group_configs(view.group_configs)
            self._group_configs = view.group_configs
        if view.client_metrics != self._client_metrics and self.on_client_metrics is not None:
            self.on_client_metrics(view.client_metrics)
            self._client_metrics = view.client_metrics
        await self.topics.apply(view, self.broker_id)
        leading = {
            key: state.leader_epoch
            for key, state in view.states.items()
            if state.leader == self.broker_id
            and key[0] in view.topics
            and key[0] not in view.deleting
            and self.topics.log(*key) is not None
        }
        gained = leading.keys() - self.leading.keys()
        lost = self.leading.keys() - leading.keys()
        if gained or lost:
            log.info(
                "change leadership",
                broker_id=self.broker_id,
                gained=len(gained),
                lost=len(lost),
                leading=len(leading),
            )
        self.leading = leading
        assigned = {
            (t, p): r
            for t, parts in self.topics.replicas.items()
            if t not in view.deleting
            for p, r in parts.items()
        }
        await self.replicas.apply(view, assigned)
        await self.topics.drop_unassigned()  # replicas moved away by a reassignment
        await self._on_leading(leading.keys())

    # -- what the handlers ask ----------------------------------------------------------------

    @property
    def controller_id(self) -> int:
        return self.view.controller_id if self.view.controller_id in self.view.brokers else -1

    def live_brokers(self) -> list[BrokerInfo]:
        return [b for _, b in sorted(self.view.brokers.items())]

    def leader_of(self, topic: str, partition: int) -> BrokerInfo | None:
        return self.view.brokers.get(self.view.leader(topic, partition))

    def endpoint_of(self, broker_id: int, listener: str) -> EndPoint | None:
        """A live broker's address on a listener (e.g. config.inter_broker_listener_name, where
        brokers reach each other), None if it is not registered or has no such listener."""
        b = self.view.brokers.get(broker_id)
        return b.endpoint(listener) if b is not None else None

    def leader_error(self, topic: str, partition: int, leader_epoch: int = -1) -> ErrorCode | None:
        """None if this broker leads the partition (at that epoch, when the client gives one)."""
        epoch = self.leading.get((topic, partition))
        if epoch is None:
            assignment = self.view.topics.get(topic)
            if assignment is None or partition not in assignment.replicas:
                return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
            return ErrorCode.NOT_LEADER_OR_FOLLOWER
        if leader_epoch > epoch:
            return ErrorCode.UNKNOWN_LEADER_EPOCH
        if 0 <= leader_epoch < epoch:
            return ErrorCode.FENCED_LEADER_EPOCH
        return None

    async def write(self, ops: list[Op]) -> None:
        await self._call(zkops.commit, self.zk, ops, None)

    async def create_topic(self, assignment: TopicAssignment, configs: dict[str, str]) -> None:
        """Write a new topic's znodes (as Kafka 2.x's AdminZkClient does from any broker); the
        controller gives its partitions leaders. NodeExistsError if the topic exists."""
        await self.write(create_topic_ops(assignment, configs))

    def claim_producer_id_block(self) -> ProducerIdBlock:
        """A block of producer ids no other broker holds (blocking: ProducerIdManager runs it in a thread)."""
        block = zkops.claim_producer_id_block(self.zk, self.broker_id)
        log.info("claim producer id block", broker_id=self.broker_id, first=block.first, last=block.last)
        return block

    async def add_partitions(self, assignment: TopicAssignment, new: list[int]) -> None:
        """The topic's assignment with its new partitions, and their znodes; the controller
        gives them leaders."""
        await self.write(
            [Op("set", z.topic_path(assignment.name), assignment.encode())]
            + [Op("create", z.partition_path(assignment.name, p)) for p in new]
        )

    async def topic_config(self, topic: str) -> dict[str, str] | None:
        return await self._call(zkops.read_topic_config, self.zk, topic)  # type: ignore[no-any-return]

    async def alter_topic_config(self, topic: str, configs: dict[str, str]) -> None:
        await self._call(zkops.write_topic_config, self.zk, topic, configs)

    async def alter_broker_config(self, entity: str, configs: dict[str, str]) -> None:
        """Write dynamic broker configs; answered once this broker has them in force."""
        await self._call(zkops.write_broker_config, self.zk, entity, configs)
        self._dirty.set()
        expected = str(self.broker_id) if entity != "<default>" else "<default>"
        await self.wait_for(lambda: self.view.broker_configs.get(expected, {}) == configs, 10.0)

    async def alter_group_config(self, group: str, configs: dict[str, str]) -> None:
        """Write a group's config overrides; answered once this broker has them in force."""
        await self._call(zkops.write_group_config, self.zk, group, configs)
        self._dirty.set()
        await self.wait_for(lambda: self.view.group_configs.get(group, {}) == configs, 10.0)

    async def alter_client_metrics(self, name: str, configs: dict[str, str]) -> None:
        """Write a client-metrics subscription; answered once this broker has it in force."""
        await self._call(zkops.write_client_metrics, self.zk, name, configs)
        self._dirty.set()
        await self.wait_for(lambda: self.view.client_metrics.get(name, {}) == configs, 10.0)

    async def write_features(self, levels: dict[str, int]) -> None:
        """The finalized feature levels (/feature); answered once this broker's view has them."""
        await self._call(zkops.write_features, self.zk, levels)
        self._dirty.set()
        await self.wait_for(lambda: self.view.features == levels, 10.0)

    async def request_delete(self, topic: str) -> None:
        with contextlib.suppress(NodeExistsError):
            await self._call(lambda: self.zk.create(z.delete_path(topic)))

    async def wait_for(self, predicate: Callable[[], bool | Awaitable[bool]], timeout: float) -> bool:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if predicate():
                return True
            if loop.time() >= deadline:
                return False
            await asyncio.sleep(0.01)

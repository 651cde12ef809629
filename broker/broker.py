"""The broker: configuration, identity, listeners and the components handlers call."""

from __future__ import annotations

import asyncio
import base64
import socket
import ssl
import uuid
from collections.abc import Coroutine, Set
from pathlib import Path
from typing import TYPE_CHECKING, Any

from broker import dynamic_config, features, logging_setup
from broker.apis import (
    bind_handlers,
    bind_raw_handlers,
    bind_raw_later_handlers,
    unsupported_version_answer,
)
from broker.apis.context import Node
from broker.cluster.elections import ElectionType, Outcome
from broker.cluster.reassignment import Ongoing
from broker.cluster.reassignment import Outcome as ReassignOutcome
from broker.cluster.replication_quota import LEADER_THROTTLED, ReplicationQuota, is_throttled
from broker.cluster.znodes import BrokerInfo, EndPoint
from broker.config import Config, ConfigError
from broker.connection_quotas import ConnectionQuotas, RequestMemory
from broker.faults import Faults
from broker.fetch_session import FetchSessionCache
from broker.group.config import Clock, GroupConfig, SystemClock
from broker.group.partition_log import PartitionLogAdapter
from broker.group.records import OFFSETS_TOPIC
from broker.group.service import GroupCoordinatorService
from broker.log import Log, LogManager
from broker.log.producer_ids import LocalProducerIdBlocks, ProducerIdManager
from broker.quota_manager import QuotaManager
from broker.security.authorizer import Authorizer
from broker.security.sasl import SaslConfig
from broker.security.scram_admin import (
    DEFAULT_FILE,
    FileScramStore,
    ScramStore,
    ZkScramStore,
    write_users_file,
)
from broker.server import Server
from broker.share.coordinator.service import (
    SHARE_STATE_TOPIC,
    ShareCoordinatorConfig,
    ShareCoordinatorService,
)
from broker.share.coordinator.state_log import PartitionStateLog
from broker.share.coordinator_persister import CoordinatorPersister
from broker.share.dead_letter import DeadLetterWriter
from broker.share.manager import SharePartitionManager
from broker.share.persister import Persister
from broker.telemetry import subscriptions
from broker.telemetry.manager import ClientTelemetry
from broker.topics import TopicManager
from broker.txn import markers
from broker.txn.coordinator import TRANSACTION_STATE_TOPIC, TransactionCoordinator, TxnConfig
from protocol.errors import ErrorCode
from protocol.typed import MetadataRequestTopic, MetadataResponseTopic

if TYPE_CHECKING:
    from broker.cluster.node import ClusterNode
    from broker.metrics import MetricsEndpoint

log = logging_setup.get_logger("kbroker.broker")


def advertised_endpoints(config: Config, bound: dict[str, int]) -> list[EndPoint]:
    """The endpoints a broker registers, as Kafka computes them: advertised.listeners (else
    listeners), port 0 replaced by the port bound, an empty host by this machine's name."""
    protocols = config.security_protocol_map
    out = []
    for a in config.advertised_listeners:
        port = a.port or bound[a.name]
        out.append(EndPoint(a.name, a.host or socket.getfqdn(), port, protocols[a.name]))
    return out


def new_cluster_id() -> str:
    """Kafka's cluster ids are a random UUID in URL-safe base64 without padding (22 chars)."""
    return base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")


def load_meta_properties(log_dir: Path, broker_id: int, cluster_id: str | None = None) -> str:
    """The cluster id stored in log_dir/meta.properties, as Kafka keeps it; created on first start.
    In cluster mode `cluster_id` is ZooKeeper's: data of another cluster is refused, as in Kafka."""
    path = log_dir / "meta.properties"
    if path.exists():
        props = dict(
            line.split("=", 1)
            for line in path.read_text().splitlines()
            if "=" in line and not line.startswith("#")
        )
        stored = props.get("broker.id") or props.get("node.id")
        if stored is not None and int(stored) != broker_id:
            raise ConfigError(
                f"configuration key 'broker.id' is {broker_id} but {path} belongs to broker {stored}"
            )
        if props.get("cluster.id"):
            if cluster_id is not None and props["cluster.id"] != cluster_id:
                raise ConfigError(
                    f"the cluster id {cluster_id} in ZooKeeper does not match the cluster id "
                    f"{props['cluster.id']} in {path}: this log dir belongs to another cluster"
                )
            return props["cluster.id"]
    cluster_id = cluster_id or new_cluster_id()
    tmp = path.with_suffix(".tmp")
    tmp.write_text(f"#kbroker\nversion=0\nbroker.id={broker_id}\ncluster.id={cluster_id}\n")
    tmp.replace(path)
    return cluster_id


class Broker:
    def __init__(self, config: Config, clock: Clock | None = None, share_persister: Persister | None = None):
        self.config = config
        # The clock of the coordinators' deadlines and timestamps (group sessions, rebalances,
        # offset retention, transaction timeouts): the system's, or a test's ManualClock
        # (kbroker.testing), whose moves fire_due_timers then acts on.
        self.clock: Clock = clock or SystemClock()
        self.node_id = config.broker_id
        self.cluster_id = ""
        self.servers: list[Server] = []
        self.bound_ports: dict[str, int] = {}  # listener name -> the port it is bound to
        self.endpoints: list[EndPoint] = []  # what this broker advertises, one per listener name
        self.stopped = asyncio.Event()
        # Made by start(); the handlers (bound once started) read them through the properties.
        self._groups: GroupCoordinatorService | None = None
        self._log_manager: LogManager | None = None
        self._topics: TopicManager | None = None
        self._producer_ids: ProducerIdManager | None = None
        self._txn: TransactionCoordinator | None = None
        self._txn_topic: asyncio.Task[None] | None = None  # creating __transaction_state
        self._share: ShareCoordinatorService | None = None  # KIP-932's share coordinator
        self._share_topic: asyncio.Task[None] | None = None  # creating __share_group_state
        # The durable Persister of share-partitions' state (broker/share/persister.py): the share
        # coordinator here, or over the wire on the broker leading the key's partition.
        self.share_persister: Persister = (
            share_persister if share_persister is not None else CoordinatorPersister(self)
        )
        self.marker_connections: dict[int, Any] = {}  # WriteTxnMarkers to other leaders (txn/markers.py)
        self.cluster: ClusterNode | None = None  # when zookeeper.connect is set
        self.metrics: MetricsEndpoint | None = None  # when metrics.port is set
        self._dynamic_lock = asyncio.Lock()  # dynamic broker config changes, one at a time
        self.group_configs: dict[str, dict[str, str]] = {}  # GROUP config overrides, by group id
        self.client_metrics_configs: dict[str, dict[str, str]] = {}  # CLIENT_METRICS, by name
        self.client_telemetry = ClientTelemetry()
        self._scram_store: ScramStore | None = None  # SCRAM users over the wire (KIP-554)
        self.scram_lock = asyncio.Lock()
        # Finalized feature levels and epoch (broker/features.py); None: the defaults, never updated.
        self._features: tuple[dict[str, int], int] | None = None
        # authorizer.class.name set: every handler checks ACLs; None: no check at all (no cost)
        self.authorizer: Authorizer | None = None
        # Fault injection for tests (broker/faults.py): nothing is injected, nothing paid, until set.
        self.faults = Faults(topic_name=self._topic_name)
        self.faults.on_resume(self._wake_fetches)
        self._quotas: QuotaManager | None = None  # client quotas (made by start)
        # Shared by every listener: connection counts and rates, the bytes of unhandled requests.
        self.connection_quotas = ConnectionQuotas(
            max_connections=config["max.connections"],
            max_per_ip=config["max.connections.per.ip"],
            per_ip_overrides=config["max.connections.per.ip.overrides"],
            max_creation_rate=config["max.connection.creation.rate"],
            samples=config["quota.window.num"],
            window_s=float(config["quota.window.size.seconds"]),
        )
        self.request_memory = RequestMemory(config["queued.max.request.bytes"])
        self.fetch_sessions = FetchSessionCache(
            config["max.incremental.fetch.session.cache.slots"],
            config["min.incremental.fetch.session.eviction.ms"],
        )
        # KIP-932 share-partitions led here; their state goes through the share persister.
        self.share_partitions = SharePartitionManager.from_config(config, self.share_persister)
        # KIP-1191: what they archive goes to the group's dead-letter topic, if it has one.
        self.dead_letters = DeadLetterWriter(self)
        self.share_partitions.dead_letters = self.dead_letters.write

    def _topic_name(self, topic_id: uuid.UUID) -> str | None:
        topic = self._topics.by_id(topic_id) if self._topics is not None else None
        return topic.name if topic is not None else None

    def _wake_fetches(self, topic: str, partition: int) -> None:
        """A partition resumed (faults): its long-polling fetches read it again now."""
        lg = self._topics.log(topic, partition) if self._topics is not None else None
        if lg is not None:
            lg.wake_waiters()

    @property
    def groups(self) -> GroupCoordinatorService:
        """The group coordinator's shards."""
        if self._groups is None:
            raise RuntimeError("the broker is not started")
        return self._groups

    @property
    def transactions(self) -> TransactionCoordinator:
        """The transaction coordinator's partitions (broker/txn)."""
        if self._txn is None:
            raise RuntimeError("the broker is not started")
        return self._txn

    def transaction_topic_ready(self) -> bool:
        """Whether `__transaction_state` exists; if not, start creating it (as Kafka does on the
        first FindCoordinator for a transactional id) and answer False meanwhile."""
        if self._topics is not None and self._topics.get(TRANSACTION_STATE_TOPIC) is not None:
            return True
        if self._txn_topic is None or self._txn_topic.done():
            self._txn_topic = asyncio.get_running_loop().create_task(self._create_transaction_topic())
        return False

    async def _create_transaction_topic(self) -> None:
        configs: dict[str, str | None] = {
            "cleanup.policy": "compact",
            "segment.bytes": str(self.config["transaction.state.log.segment.bytes"]),
            "compression.type": "uncompressed",
            "min.insync.replicas": str(self.config["transaction.state.log.min.isr"]),
        }
        # One replica on a single broker; in a cluster transaction.state.log.replication.factor,
        # as far as there are brokers (Kafka refuses below it; here the topic still comes).
        replicas = 1
        if self.cluster is not None:
            live = len(self.cluster.live_brokers())
            replicas = max(1, min(self.config["transaction.state.log.replication.factor"], live))
        try:
            await self.topics.create(
                TRANSACTION_STATE_TOPIC,
                self.config["transaction.state.log.num.partitions"],
                replicas,
                configs,
                internal=True,
            )
        except Exception as e:  # another broker created it first (cluster mode), or a failure
            if getattr(e, "error_code", None) != ErrorCode.TOPIC_ALREADY_EXISTS:
                log.warning("fail to create transaction state topic", error=repr(e))
                return
        if self.cluster is None:
            await self.transactions.start()  # (in a cluster it started with the broker)

    @property
    def share_coordinator(self) -> ShareCoordinatorService:
        """KIP-932's share coordinator: a shard per `__share_group_state` partition led here."""
        if self._share is None:
            raise RuntimeError("the broker is not started")
        return self._share

    def share_state_topic_ready(self) -> bool:
        """Whether `__share_group_state` exists; if not, start creating it (as Kafka does on the
        first FindCoordinator for a share-partition) and answer False meanwhile."""
        if self._topics is not None and self._topics.get(SHARE_STATE_TOPIC) is not None:
            return True
        if self._share_topic is None or self._share_topic.done():
            self._share_topic = asyncio.get_running_loop().create_task(self._create_share_state_topic())
        return False

    async def _create_share_state_topic(self) -> None:
        config = ShareCoordinatorConfig.from_config(self.config)
        # One replica alone; in a cluster share.coordinator.state.topic.replication.factor, as far
        # as there are brokers (as __transaction_state here).
        replicas = 1
        if self.cluster is not None:
            live = len(self.cluster.live_brokers())
            replicas = max(1, min(config.replication_factor, live))
        try:
            await self.topics.create(
                SHARE_STATE_TOPIC, config.num_partitions, replicas, config.topic_configs(), internal=True
            )
        except Exception as e:  # another broker created it first (cluster mode), or a failure
            if getattr(e, "error_code", None) != ErrorCode.TOPIC_ALREADY_EXISTS:
                log.warning("fail to create share state topic", error=repr(e))
                return
        if self.cluster is None:
            await self.share_coordinator.start()  # (in a cluster it started with the broker)

    async def write_txn_marker(
        self, topic: str, partition: int, producer_id: int, epoch: int, commit: bool
    ) -> ErrorCode:
        return await markers.write_marker(self, topic, partition, producer_id, epoch, commit)

    def write_txn_marker_nowait(
        self, topic: str, partition: int, producer_id: int, epoch: int, commit: bool
    ) -> ErrorCode | Coroutine[Any, Any, ErrorCode]:
        return markers.write_marker_nowait(self, topic, partition, producer_id, epoch, commit)

    @property
    def log_manager(self) -> LogManager:
        """Every partition's log (broker/log)."""
        if self._log_manager is None:
            raise RuntimeError("the broker is not started")
        return self._log_manager

    @property
    def topics(self) -> TopicManager:
        """Topics, their configs and ids (broker/topics.py; broker/cluster/topics.py in cluster mode)."""
        if self._topics is None:
            raise RuntimeError("the broker is not started")
        return self._topics

    @property
    def producer_ids(self) -> ProducerIdManager:
        if self._producer_ids is None:
            raise RuntimeError("the broker is not started")
        return self._producer_ids

    @property
    def num_offsets_partitions(self) -> int:
        """The partition count of `__consumer_offsets` as it exists (an existing topic keeps its
        count when offsets.topic.num.partitions changes, as in Kafka), else the configured one."""
        held = self._topics.get(OFFSETS_TOPIC) if self._topics is not None else None
        return held.partitions if held is not None else self.config["offsets.topic.num.partitions"]

    async def start(self) -> None:
        try:
            await self._start()
        except BaseException:
            if self.cluster is not None:  # leave ZooKeeper, so that a failed start leaves no trace
                await self.cluster.stop()
            if self.metrics is not None:
                await self.metrics.stop()
            raise

    async def _start(self) -> None:
        """The start-up, step by step: each uses what the ones before it made."""
        self._load_dynamic_configs()
        self._log_manager = self._make_log_manager()
        zk_cluster_id = await self._join_zookeeper()
        self.cluster_id = load_meta_properties(self.config.log_dirs[0], self.node_id, zk_cluster_id)
        await self._load_topics()
        self._producer_ids = self._make_producer_ids()
        await self._start_group_coordinator()
        await self._start_transactions()
        await self._start_share_coordinator()
        await self._start_metrics()
        self.authorizer = self._make_authorizer()
        self._quotas = self._make_quotas()
        await self._start_listeners()
        await self._register()
        log.info(
            "start broker",
            broker_id=self.node_id,
            cluster_id=self.cluster_id,
            log_dirs=[str(d) for d in self.config.log_dirs],
            zookeeper=self.config["zookeeper.connect"],
        )

    def _load_dynamic_configs(self) -> None:
        """A single broker's dynamic configs, in force before anything is made (in a cluster
        ZooKeeper's come with the first sync)."""
        if self.config["zookeeper.connect"] is None:
            self.config.log_dirs[0].mkdir(parents=True, exist_ok=True)
            layers = dynamic_config.read_file(self.config.log_dirs[0], self.node_id)
            if layers.broker or layers.default:
                self._apply_dynamic(layers.default, layers.broker)
            self._apply_group_configs(dynamic_config.read_group_file(self.config.log_dirs[0]))
            self._features = dynamic_config.read_features_file(self.config.log_dirs[0])
            self._apply_client_metrics(dynamic_config.read_client_metrics_file(self.config.log_dirs[0]))

    def _apply_group_configs(self, groups: dict[str, dict[str, str]]) -> None:
        """GROUP config overrides in force: described from here, and read by the coordinator
        (consumer groups' session timeout and heartbeat interval)."""
        self.group_configs = {g: dict(c) for g, c in groups.items() if c}
        self.share_partitions.group_configs = self.group_configs  # share.* (broker/share/manager.py)
        if self._groups is not None:
            per_group = self._groups.config.consumer.per_group
            per_group.clear()
            per_group.update(self.group_configs)

    def finalized_features(self) -> tuple[dict[str, int], int]:
        """The finalized feature levels and their epoch (ZooKeeper's /feature in a cluster)."""
        if self.cluster is not None and self.cluster.view.features is not None:
            return dict(self.cluster.view.features), self.cluster.view.features_epoch
        if self._features is not None:
            return dict(self._features[0]), self._features[1]
        return features.default_finalized(
            "consumer" in self.config["group.coordinator.rebalance.protocols"]
        ), 0

    async def update_features(
        self, updates: list[features.FeatureUpdate], validate_only: bool
    ) -> dict[str, tuple[ErrorCode, str | None]]:
        """UpdateFeatures on the controller: all updates or none, durable before answered."""
        async with self._dynamic_lock:
            current, epoch = self.finalized_features()
            new, results = features.update(current, updates)
            if validate_only or new == current or any(c != ErrorCode.NONE for c, _ in results.values()):
                return results
            if self.cluster is not None:
                await self.cluster.write_features(new)
                return results
            await self._write_dynamic_file(features=(new, epoch + 1))
            self._features = (new, epoch + 1)
            log.info("update features", features=new, epoch=epoch + 1)
            return results

    async def alter_group_configs(
        self, group: str, changes: list[tuple[str, int, str | None]], incremental: bool, validate_only: bool
    ) -> None:
        """IncrementalAlterConfigs/AlterConfigs on a GROUP resource: durable, then in force."""
        async with self._dynamic_lock:
            new = dynamic_config.altered_group(
                self.config, self.group_configs.get(group, {}), changes, incremental
            )
            if validate_only:
                return
            if self.cluster is not None:
                await self.cluster.alter_group_config(group, new)
                return
            groups = {**self.group_configs, group: new}
            await self._write_dynamic_file(groups=groups)
            self._apply_group_configs(groups)

    def _apply_client_metrics(self, configs: dict[str, dict[str, str]]) -> None:
        """CLIENT_METRICS resources in force: the subscriptions client instances are given."""
        self.client_metrics_configs = {n: dict(c) for n, c in configs.items() if c}
        self.client_telemetry.set_configs(self.client_metrics_configs)

    async def alter_client_metrics(
        self, name: str, changes: list[tuple[str, int, str | None]], incremental: bool, validate_only: bool
    ) -> None:
        """IncrementalAlterConfigs/AlterConfigs on a CLIENT_METRICS resource: durable, then in
        force; a resource left with no config is deleted (kafka-client-metrics.sh --delete)."""
        async with self._dynamic_lock:
            new = subscriptions.altered(self.client_metrics_configs.get(name, {}), changes, incremental)
            if validate_only:
                return
            if self.cluster is not None:
                await self.cluster.alter_client_metrics(name, new)
                return
            configs = {**self.client_metrics_configs, name: new}
            if not new:
                del configs[name]
            await self._write_dynamic_file(client_metrics=configs)
            self._apply_client_metrics(configs)
            log.info("alter client metrics", name=name, configs=new or None)

    def _apply_dynamic(self, default: dict[str, str], broker: dict[str, str]) -> None:
        """Dynamic broker configs in force: the Config every component reads, then the logs'
        configs (a topic's defaults are the broker's: retention, segment size...)."""
        try:
            self.config.apply_dynamic(default, broker)
        except ConfigError as e:  # written by a newer or misconfigured peer: keep what is in force
            log.warning("refuse dynamic broker configs", error=str(e))
            return
        if self._topics is not None:
            for topic in list(self._topics.topics.values()):
                self.log_manager.reconfigure(topic.name, self._topics.log_config(topic))
        log.info("apply dynamic broker configs", broker=broker or None, default=default or None)

    async def alter_broker_configs(
        self,
        resource_name: str,
        changes: list[tuple[str, int, str | None]],
        incremental: bool,
        validate_only: bool,
    ) -> None:
        """IncrementalAlterConfigs/AlterConfigs on a BROKER resource: this broker's dynamic
        configs, or (resource name "") the cluster default; durable before they are in force."""
        async with self._dynamic_lock:
            entity = dynamic_config.entity_of(resource_name)
            layers = dynamic_config.DynamicConfigs(
                dict(self.config.dynamic_broker), dict(self.config.dynamic_default)
            )
            new = dynamic_config.altered(layers.layer(entity), changes, incremental)
            if entity == dynamic_config.DEFAULT_ENTITY:
                layers.default = new
            else:
                layers.broker = new
            dynamic_config.check_effective(self.config, layers)
            if validate_only:
                return
            if self.cluster is not None:
                target = entity if entity == dynamic_config.DEFAULT_ENTITY else str(self.node_id)
                await self.cluster.alter_broker_config(target, new)
                return
            await self._write_dynamic_file(layers=layers)
            self._apply_dynamic(layers.default, layers.broker)

    async def _write_dynamic_file(
        self,
        layers: dynamic_config.DynamicConfigs | None = None,
        groups: dict[str, dict[str, str]] | None = None,
        features: tuple[dict[str, int], int] | None = None,
        client_metrics: dict[str, dict[str, str]] | None = None,
    ) -> None:
        """A single broker's dynamic-config file (ZooKeeper holds them in a cluster): what changed,
        and every other section as in force, so that no caller drops another's."""
        if layers is None:
            layers = dynamic_config.DynamicConfigs(
                dict(self.config.dynamic_broker), dict(self.config.dynamic_default)
            )
        await asyncio.get_running_loop().run_in_executor(
            None,
            dynamic_config.write_file,
            self.config.log_dirs[0],
            self.node_id,
            layers,
            self.group_configs if groups is None else groups,
            self._features if features is None else features,
            self.client_metrics_configs if client_metrics is None else client_metrics,
        )

    def _make_log_manager(self) -> LogManager:
        """The log dirs (made if missing) and their manager: nothing is read until _load_topics."""
        for d in self.config.log_dirs:
            d.mkdir(parents=True, exist_ok=True)
        return LogManager.from_config(self.config)

    async def _join_zookeeper(self) -> str | None:
        """Cluster mode (zookeeper.connect set): connect, and answer ZooKeeper's cluster id."""
        if not self.config["zookeeper.connect"]:
            return None
        from broker.cluster import require_kazoo

        require_kazoo()  # an extra (kbroker[cluster]): a clear error, exit 2, if it is missing
        from broker.cluster.node import ClusterNode

        self.cluster = ClusterNode(self.config, self.node_id, self.log_manager, self._lead)
        self.cluster.on_broker_configs = self._apply_dynamic
        self.cluster.on_group_configs = self._apply_group_configs
        self.cluster.on_client_metrics = self._apply_client_metrics
        return await self.cluster.connect(new_cluster_id())

    async def _lead(self, leading: Set[tuple[str, int]]) -> None:
        """The cluster's word, after each sync, on the partitions this broker leads: the
        coordinators made so far take up (or drop) theirs."""
        if self._groups is not None:
            await self._groups.set_owned({p for t, p in leading if t == OFFSETS_TOPIC})
        if self._txn is not None:
            await self._txn.set_owned({p for t, p in leading if t == TRANSACTION_STATE_TOPIC})
        if self._share is not None:
            await self._share.set_owned({p for t, p in leading if t == SHARE_STATE_TOPIC})

    async def _load_topics(self) -> None:
        """Logs first: recovery, then the topics (and __consumer_offsets), before anyone connects."""
        if self.cluster is not None:
            self._topics = self.cluster.topics
            await self._topics.start()
            await self.cluster.start()  # ZooKeeper's topics and this broker's logs of them
        else:
            self._topics = TopicManager(self.config, self.log_manager, self.node_id)
            await self._topics.start()

    def _make_producer_ids(self) -> ProducerIdManager:
        """Producer ids: from ZooKeeper's blocks in a cluster (unique across brokers), else from
        this broker's own file; never one given before, whichever broker gave it."""
        return ProducerIdManager(
            self.cluster.claim_producer_id_block
            if self.cluster is not None
            else LocalProducerIdBlocks(self.config.log_dirs[0], self.node_id).claim
        )

    async def _start_group_coordinator(self) -> None:
        """A shard per __consumer_offsets partition (all of them alone, none yet in a cluster)."""
        manager = self.log_manager
        offsets_log = PartitionLogAdapter(
            lambda p: manager.get(OFFSETS_TOPIC, p),
            self.config["offsets.commit.timeout.ms"] / 1000,
            isr_error=lambda p, lg: self.min_isr_error(OFFSETS_TOPIC, p, lg),
        )
        group_config = GroupConfig.from_config(self.config)
        group_config.consumer.per_group.update(self.group_configs)
        self._groups = GroupCoordinatorService(
            group_config,
            self.num_offsets_partitions,
            offsets_log,
            clock=self.clock,
            owned=() if self.cluster is not None else None,
            topics=lambda: self.topics.topics,
            partition_racks=self.partition_racks,
        )
        self._groups.share_persister = self.share_persister
        self.share_partitions.watch = self._groups.watch  # share-partition events join /group-events
        await self._groups.start()  # shards load in the background: COORDINATOR_LOAD_IN_PROGRESS till done

    async def _start_transactions(self) -> None:
        """The transaction coordinator: a partition per __transaction_state partition led here."""
        manager = self.log_manager
        self._txn = TransactionCoordinator(
            TxnConfig.from_config(self.config),
            lambda p: manager.get(TRANSACTION_STATE_TOPIC, p),
            self.producer_ids.next_id,
            self.write_txn_marker_nowait,
            owned=() if self.cluster is not None else None,
            clock=self.clock.wall_ms,
        )
        # In a cluster its partitions come and go with the leaderships of __transaction_state
        # (_lead); alone, they load in the background once the topic exists.
        if self.cluster is not None or self.topics.get(TRANSACTION_STATE_TOPIC) is not None:
            await self._txn.start()

    async def _start_share_coordinator(self) -> None:
        """KIP-932's share coordinator: a shard per `__share_group_state` partition led here (all
        of them alone, once the topic exists; in a cluster as leaderships come, see _lead)."""
        manager = self.log_manager
        config = ShareCoordinatorConfig.from_config(self.config)
        held = self.topics.get(SHARE_STATE_TOPIC)

        def topic_partitions(topic_id: uuid.UUID) -> int | None:
            topic = self.topics.by_id(topic_id)
            return topic.partitions if topic is not None else None

        self._share = ShareCoordinatorService(
            config,
            held.partitions if held is not None else config.num_partitions,
            PartitionStateLog(
                lambda p: manager.get(SHARE_STATE_TOPIC, p),
                lambda p, offset: manager.delete_records(SHARE_STATE_TOPIC, p, offset),
                config.write_timeout_ms / 1000,
            ),
            owned=() if self.cluster is not None else None,
            clock=self.clock.wall_ms,
            topic_partitions=topic_partitions,
        )
        if self.cluster is not None or held is not None:
            await self._share.start()

    async def _start_metrics(self) -> None:
        """Up before the listeners: scrapable once they are."""
        if self.config["metrics.port"] is not None:
            from broker.metrics import MetricsEndpoint

            self.metrics = MetricsEndpoint(self)
            await self.metrics.start(self.config["metrics.host"], self.config["metrics.port"])

    def _make_authorizer(self) -> Authorizer | None:
        try:
            return Authorizer.from_config(self.config, self.cluster.zk if self.cluster is not None else None)
        except (OSError, ValueError) as err:
            raise ConfigError(f"invalid value for configuration key 'authorizer.acl.file': {err}") from None

    def _make_quotas(self) -> QuotaManager:
        """Client quotas: ZooKeeper's /config/users and /config/clients in a cluster, else a file
        in the first log dir (kbroker-quotas.json)."""
        try:
            return QuotaManager(self.config, self.cluster.zk if self.cluster is not None else None)
        except (OSError, ValueError) as err:
            raise ConfigError(f"cannot load the client quotas: {err}") from None

    @property
    def quotas(self) -> QuotaManager:
        assert self._quotas is not None, "the broker is not started"
        return self._quotas

    async def _start_listeners(self) -> None:
        """A server on each listener, bound; then the endpoints this broker advertises."""
        handlers = bind_handlers(self)
        raw_handlers = bind_raw_handlers(self)
        bound: dict[str, int] = {}
        ssl_contexts, sasl = self._security()
        protocols = self.config.security_protocol_map
        for listener in self.config.listeners:
            protocol = protocols[listener.name]
            server = Server(
                handlers,
                self.config["socket.request.max.bytes"],
                listener.name,
                on_unsupported_version=unsupported_version_answer,
                ssl_context=ssl_contexts.get(listener.name),
                sasl=sasl.get(listener.name),
                raw_handlers=raw_handlers,
                raw_later_handlers=bind_raw_later_handlers(self),
                stats=self.metrics.stats if self.metrics is not None else None,
                faults=self.faults,
                limits=self.connection_quotas,
                memory=self.request_memory,
                idle_ms=self.config["connections.max.idle.ms"],
                request_quota=self.quotas,
                on_connection_lost=self.share_partitions.connection_closed,
            )
            bound[listener.name] = await server.start(listener.host, listener.port)
            self.servers.append(server)
            log.info(
                "listen",
                listener=listener.name,
                host=listener.host,
                port=bound[listener.name],
                security_protocol=protocol,
            )
        self.bound_ports = bound
        self.endpoints = advertised_endpoints(self.config, bound)
        for e in self.endpoints:
            log.info("advertise", listener=e.listener, endpoint=f"{e.host}:{e.port}")

    async def _register(self) -> None:
        """Cluster mode: register with the endpoints bound, and start following the cluster."""
        if self.cluster is not None:
            await self.cluster.register(
                BrokerInfo(self.node_id, tuple(self.endpoints), self.config["broker.rack"])
            )

    def _security(self) -> tuple[dict[str, ssl.SSLContext], dict[str, SaslConfig]]:
        """The TLS context and the SASL set-up the listeners share (made only if some listener
        needs them); a key, certificate or credentials file that cannot be read is a ConfigError."""
        config = self.config
        protocols = {config.security_protocol_map[lst.name] for lst in config.listeners}
        ssl_contexts: dict[str, ssl.SSLContext] = {}  # by listener name
        sasl: dict[str, SaslConfig] = {}
        if protocols & {"SSL", "SASL_SSL"}:
            from broker.security.tls import server_context

            for listener in config.listeners:
                protocol = config.security_protocol_map[listener.name]
                if protocol not in ("SSL", "SASL_SSL"):
                    continue
                settings = config.for_listener(listener.name)
                try:
                    ssl_contexts[listener.name] = server_context(
                        settings, client_auth=config.client_auth_of(listener.name)
                    )
                except ValueError as e:
                    raise ConfigError(f"cannot set up TLS on listener {listener.name}: {e}") from None
        if protocols & {"SASL_PLAINTEXT", "SASL_SSL"}:
            from broker.security.credentials import CredentialStore, FileCredentialStore

            store: CredentialStore
            path = config["sasl.credentials.file"]
            if path or self.cluster is None:
                path = str(self._credentials_path())
                if not config["sasl.credentials.file"] and not Path(path).exists():
                    write_users_file(Path(path), {})  # users come over the wire (KIP-554)
                try:
                    store = FileCredentialStore(Path(path))
                except (OSError, ValueError) as e:
                    raise ConfigError(
                        f"invalid value {path!r} for configuration key 'sasl.credentials.file': {e}"
                    ) from None
            else:  # cluster mode: ZooKeeper's /config/users, as Kafka 2.x
                from broker.security.zk_credentials import ZkCredentialStore

                assert self.cluster is not None
                store = ZkCredentialStore(self.cluster.zk)
            for listener in config.listeners:
                if config.security_protocol_map[listener.name] in ("SASL_PLAINTEXT", "SASL_SSL"):
                    sasl[listener.name] = SaslConfig(
                        tuple(config.for_listener(listener.name)["sasl.enabled.mechanisms"]),
                        store,
                        config["connection.failed.authentication.delay.ms"] / 1000,
                    )
        return ssl_contexts, sasl

    async def fire_due_timers(self) -> None:
        """Act now on the deadlines the clock has passed (after a ManualClock moved): the group
        coordinator's timers (sessions, rebalances, offset retention) and timed-out transactions
        and expired transactional ids; back once what they wrote is durable."""
        if self._groups is not None:
            await self._groups.fire_due_timers()
        if self._txn is not None and self._txn.active:
            now = self.clock.wall_ms()
            await self._txn.abort_timed_out(now)
            await self._txn.expire_ids(now)

    async def stop(self) -> None:
        log.info("stop broker", broker_id=self.node_id)
        if self._groups is not None:
            # First: parked JoinGroup/SyncGroup are answered (NOT_COORDINATOR) and queued commits
            # written, so that no in-flight request holds up the servers' stop.
            await self._groups.stop()
        if self._txn is not None:
            await self._txn.stop()
        await self.share_partitions.stop()  # before the share coordinator it writes to
        await self.dead_letters.close()
        if self._share is not None:
            await self._share.stop()
        if isinstance(self.share_persister, CoordinatorPersister):
            await self.share_persister.close()  # its connections to other brokers' coordinators
        if self._share_topic is not None and not self._share_topic.done():
            self._share_topic.cancel()
        for conn in self.marker_connections.values():
            await conn.close()
        if self._txn_topic is not None and not self._txn_topic.done():
            self._txn_topic.cancel()
        if self.cluster is not None:
            await self.cluster.stop()  # the registration goes: the controller moves the leaderships
        await asyncio.gather(*(s.stop() for s in self.servers))
        if self.metrics is not None:
            await self.metrics.stop()
        if self._topics is not None:
            await self._topics.stop()  # last: in-flight produces and commits are written and fsynced
        self.stopped.set()
        log.info("finish stopping broker", broker_id=self.node_id)

    @property
    def scram_store(self) -> ScramStore:
        """Where SCRAM users live: ZooKeeper's /config/users in a cluster, else the credentials
        file (sasl.credentials.file, or one in the first log dir) that SASL logins read."""
        if self._scram_store is None:
            if self.cluster is not None:
                self._scram_store = ZkScramStore(self.cluster.zk)
            else:
                self._scram_store = FileScramStore(self._credentials_path())
        return self._scram_store

    def _credentials_path(self) -> Path:
        path = self.config["sasl.credentials.file"]
        return Path(path) if path else self.config.log_dirs[0] / DEFAULT_FILE

    @property
    def controller_id(self) -> int:
        return self.cluster.controller_id if self.cluster is not None else self.node_id

    async def alter_reassignments(
        self, asked: dict[tuple[str, int], list[int] | None], allow_rf_change: bool
    ) -> dict[tuple[str, int], ReassignOutcome] | None:
        """AlterPartitionReassignments: the controller's in a cluster; a single broker holds every
        partition's only replica, so only a move onto itself (nothing to do) is possible."""
        if self.cluster is not None:
            return await self.cluster.alter_reassignments(asked, allow_rf_change)
        out: dict[tuple[str, int], ReassignOutcome] = {}
        for (topic, p), replicas in asked.items():
            held = self.topics.get(topic)
            if held is None or not 0 <= p < held.partitions:
                out[(topic, p)] = ReassignOutcome(
                    ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "The partition does not exist."
                )
            elif replicas is None:
                out[(topic, p)] = ReassignOutcome(
                    ErrorCode.NO_REASSIGNMENT_IN_PROGRESS,
                    f"Unable to cancel reassignment for {topic}-{p} as it has no reassignment in progress.",
                )
            elif replicas != [self.node_id]:
                out[(topic, p)] = ReassignOutcome(
                    ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                    f"Replica assignment has brokers that are not alive. Replica list: {replicas}, "
                    f"live broker list: [{self.node_id}]",
                )
            else:
                out[(topic, p)] = ReassignOutcome()
        return out

    async def list_reassignments(
        self, asked: list[tuple[str, int]] | None
    ) -> dict[tuple[str, int], Ongoing] | None:
        if self.cluster is not None:
            return await self.cluster.list_reassignments(asked)
        return {}

    async def elect_leaders(
        self, partitions: list[tuple[str, int]] | None, kind: ElectionType, timeout_s: float
    ) -> dict[tuple[str, int], Outcome] | None:
        """ElectLeaders: the controller's elections in a cluster (None where this broker is not
        the controller); a single broker is every partition's only, and preferred, replica."""
        if self.cluster is not None:
            return await self.cluster.elect_leaders(partitions, kind, timeout_s)
        if partitions is None:
            return {}  # nothing to elect, and Kafka leaves out what needed no election
        out: dict[tuple[str, int], Outcome] = {}
        for topic, p in partitions:
            held = self.topics.get(topic)
            out[(topic, p)] = (
                Outcome(ErrorCode.ELECTION_NOT_NEEDED, "Leader election not needed for topic partition.")
                if held is not None and 0 <= p < held.partitions
                else Outcome(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "The partition does not exist.")
            )
        return out

    def partition_racks(self, topic: str) -> list[frozenset[str]]:
        """The racks (`broker.rack`) of each of the topic's partitions' replicas: this broker's
        alone, or those of the registered brokers the cluster places them on."""
        if self.cluster is None:
            t = self.topics.get(topic)
            rack = self.config["broker.rack"]
            return [frozenset({rack}) if rack else frozenset()] * (t.partitions if t is not None else 0)
        assignment = self.cluster.view.topics.get(topic)
        if assignment is None:
            return []
        brokers = self.cluster.view.brokers
        racks: list[frozenset[str]] = [frozenset()] * (max(assignment.replicas, default=-1) + 1)
        for p, replicas in assignment.replicas.items():
            racks[p] = frozenset(r for b in replicas if b in brokers and (r := brokers[b].rack) is not None)
        return racks

    def live_nodes(self, listener: str) -> list[Node]:
        """Every live broker with an endpoint on `listener` (Metadata's brokers for a request that
        came in on it): this one alone, or ZooKeeper's registrations. Kafka leaves out a broker
        without that listener."""
        brokers = [self] if self.cluster is None else self.cluster.live_brokers()
        return [n for n in (self._node(b, listener) for b in brokers) if n is not None]

    def coordinator_node(self, offsets_partition: int, listener: str) -> Node | None:
        """The leader of an offsets partition, at its address on `listener`: this broker, while
        there is one broker; in cluster mode the partition's live leader. None while it has none,
        or has no such listener (FindCoordinator then answers COORDINATOR_NOT_AVAILABLE, as Kafka)."""
        if self.cluster is None:
            return self._node(self, listener)
        b = self.cluster.leader_of(OFFSETS_TOPIC, offsets_partition)
        return self._node(b, listener) if b is not None else None

    def transaction_coordinator_node(self, partition: int, listener: str) -> Node | None:
        """The leader of a `__transaction_state` partition, at its address on `listener`."""
        if self.cluster is None:
            return self._node(self, listener)
        b = self.cluster.leader_of(TRANSACTION_STATE_TOPIC, partition)
        return self._node(b, listener) if b is not None else None

    def share_coordinator_node(self, partition: int, listener: str) -> Node | None:
        """The leader of a `__share_group_state` partition, at its address on `listener`."""
        if self.cluster is None:
            return self._node(self, listener)
        b = self.cluster.leader_of(SHARE_STATE_TOPIC, partition)
        return self._node(b, listener) if b is not None else None

    def endpoint(self, listener: str) -> EndPoint | None:
        return next((e for e in self.endpoints if e.listener == listener), None)

    @staticmethod
    def _node(b: Broker | BrokerInfo, listener: str) -> Node | None:
        e = b.endpoint(listener)
        if e is None:
            return None
        if isinstance(b, Broker):
            return Node(b.node_id, e.host, e.port, b.config["broker.rack"])
        return Node(b.broker_id, e.host, e.port, b.rack)

    def leader_error(self, topic: str, partition: int, leader_epoch: int = -1) -> ErrorCode | None:
        """Why this broker cannot serve a partition's data (Produce, Fetch, ListOffsets), or None.
        A single broker leads every partition at epoch 0; in cluster mode NOT_LEADER_OR_FOLLOWER
        unless the controller made this broker the leader, and the epoch fences stale clients."""
        if self.cluster is not None:
            return self.cluster.leader_error(topic, partition, leader_epoch)
        return ErrorCode.UNKNOWN_LEADER_EPOCH if leader_epoch > 0 else None

    def partition_leader(self, topic: str, partition: int) -> tuple[int, int]:
        """(leader id, leader epoch) of a partition as the cluster's view has it, (-1, -1) when it
        has no leader; this broker at epoch 0 on a single broker."""
        if self.cluster is None:
            return self.node_id, 0
        state = self.cluster.view.states.get((topic, partition))
        if state is None or state.leader < 0:
            return -1, -1
        return state.leader, state.leader_epoch

    def min_isr_error(self, topic: str, partition: int, lg: Log) -> ErrorCode | None:
        """NOT_ENOUGH_REPLICAS when the partition's ISR is smaller than its min.insync.replicas
        (acks=all); never on a single broker, whose one replica is the whole ISR."""
        if self.cluster is None:
            return None
        size = self.cluster.replicas.isr_size(topic, partition)
        if size is not None and size < lg.config.min_insync_replicas:
            return ErrorCode.NOT_ENOUGH_REPLICAS
        return None

    def leader_throttle(self, topic: str, partition: int, replica_id: int) -> ReplicationQuota | None:
        if self.cluster is None:
            return None
        held = self.topics.get(topic)
        value = held.configs.get(LEADER_THROTTLED) if held is not None else None
        if not is_throttled(value, partition, self.node_id):
            return None
        return self.cluster.replicas.leader_throttle(topic, partition, replica_id)

    def follower_fetch(self, topic: str, partition: int, replica_id: int, fetch_offset: int) -> ErrorCode:
        """A replica fetch from broker `replica_id`: recorded (its position moves the high
        watermark and the ISR), or refused with NOT_LEADER_OR_FOLLOWER for a broker that is not
        a replica of the partition (a single broker has no followers)."""
        if self.cluster is None:
            return ErrorCode.NOT_LEADER_OR_FOLLOWER
        replicas = self.cluster.replicas
        error = replicas.follower_fetch_error(topic, partition, replica_id)
        if error is None:
            replicas.record_follower_fetch(topic, partition, replica_id, fetch_offset)
            return ErrorCode.NONE
        return error

    async def topic_metadata(
        self, names: list[MetadataRequestTopic] | None, auto_create: bool
    ) -> list[MetadataResponseTopic]:
        """Metadata's topic entries: all topics for None, else each one named (by name or id)."""
        return await self.topics.metadata(names, auto_create)

    @property
    def bound_port(self) -> int:
        """The port the first listener is bound to (tests connect there)."""
        return self.bound_ports[self.config.listeners[0].name]

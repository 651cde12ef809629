"""What a handler may use of the broker, and the shapes of its answers.

Handlers get a `HandlerContext`, not the `Broker`: exactly the components and queries they call,
read-only. `Broker` (broker/broker.py) has them all and is checked against this Protocol where
the handler table is bound (`bind_handlers(self)`), so no module of broker/apis imports
broker.broker, and tests may hand a handler any object with these members.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeAlias, TypeVar

if TYPE_CHECKING:  # for annotations only: the handlers import what they call themselves
    from broker.cluster.elections import ElectionType, Outcome
    from broker.cluster.reassignment import Ongoing
    from broker.cluster.reassignment import Outcome as ReassignOutcome
    from broker.cluster.replication_quota import ReplicationQuota
    from broker.config import Config
    from broker.faults import Faults
    from broker.features import FeatureUpdate
    from broker.fetch_session import FetchSessionCache
    from broker.group.service import GroupCoordinatorService
    from broker.log import Log, LogManager
    from broker.log.producer_ids import ProducerIdManager
    from broker.quota_manager import QuotaManager
    from broker.security.authorizer import Authorizer
    from broker.security.scram_admin import ScramStore
    from broker.share.coordinator.service import ShareCoordinatorService
    from broker.share.manager import SharePartitionManager
    from broker.telemetry.manager import ClientTelemetry
    from broker.topics import TopicManager
    from broker.txn.coordinator import TransactionCoordinator
    from protocol.errors import ErrorCode
    from protocol.typed import MetadataRequestTopic, MetadataResponseTopic

R = TypeVar("R")

# A handler's answer: the response to encode, its body already encoded (an answer that recurs
# unchanged: a heartbeat's, an accepted commit's), or None for no answer (Produce with acks=0).
Reply: TypeAlias = R | bytes | None
# Answered at once (a plain function: no task), or later: a coroutine (run as a task) or a
# future the handler completes from a callback (no task either). See broker/server.py.
Answer: TypeAlias = (
    R | bytes | Coroutine[object, None, R | bytes | None] | asyncio.Future[R | bytes | None] | None
)


@dataclass(frozen=True, slots=True)
class Node:
    """A broker as clients reach it on one listener."""

    node_id: int
    host: str
    port: int
    rack: str | None = None


class HandlerContext(Protocol):
    """The broker, as handlers see it."""

    # -- identity and configuration
    @property
    def config(self) -> Config: ...
    @property
    def node_id(self) -> int: ...
    @property
    def cluster_id(self) -> str: ...
    @property
    def controller_id(self) -> int: ...
    # -- components
    @property
    def authorizer(self) -> Authorizer | None:
        """None: no ACLs (no check at all)."""

    @property
    def topics(self) -> TopicManager: ...
    @property
    def log_manager(self) -> LogManager: ...
    @property
    def groups(self) -> GroupCoordinatorService: ...
    @property
    def transactions(self) -> TransactionCoordinator: ...
    @property
    def share_coordinator(self) -> ShareCoordinatorService:
        """KIP-932's share coordinator (`__share_group_state`)."""

    @property
    def producer_ids(self) -> ProducerIdManager: ...
    @property
    def fetch_sessions(self) -> FetchSessionCache: ...
    @property
    def share_partitions(self) -> SharePartitionManager:
        """KIP-932 share-partitions led here, and their share sessions."""

    @property
    def num_offsets_partitions(self) -> int: ...
    @property
    def quotas(self) -> QuotaManager:
        """Client quotas: `quotas.active` is False while none is set (then nothing else is paid)."""

    @property
    def faults(self) -> Faults:
        """Fault injection (tests): `faults.active` is False unless a test set one."""

    # -- where things are
    def live_nodes(self, listener: str) -> list[Node]: ...
    def coordinator_node(self, offsets_partition: int, listener: str) -> Node | None: ...
    def transaction_coordinator_node(self, partition: int, listener: str) -> Node | None: ...
    def transaction_topic_ready(self) -> bool: ...
    def share_coordinator_node(self, partition: int, listener: str) -> Node | None: ...
    def share_state_topic_ready(self) -> bool: ...
    async def topic_metadata(
        self, names: list[MetadataRequestTopic] | None, auto_create: bool
    ) -> list[MetadataResponseTopic]: ...

    # -- replication: may this broker serve a partition's data
    def leader_error(self, topic: str, partition: int, leader_epoch: int = -1) -> ErrorCode | None: ...
    def partition_leader(self, topic: str, partition: int) -> tuple[int, int]:
        """(leader id, leader epoch) of a partition; (-1, -1) when it has none."""

    def min_isr_error(self, topic: str, partition: int, lg: Log) -> ErrorCode | None: ...
    def follower_fetch(self, topic: str, partition: int, replica_id: int, fetch_offset: int) -> ErrorCode: ...
    def leader_throttle(self, topic: str, partition: int, replica_id: int) -> ReplicationQuota | None:
        """The leader's replication quota when this follower's fetches of the partition are
        throttled (listed in leader.replication.throttled.replicas and out of the ISR), else None."""

    # -- dynamic broker configs (broker/dynamic_config.py)
    async def alter_broker_configs(
        self,
        resource_name: str,
        changes: list[tuple[str, int, str | None]],
        incremental: bool,
        validate_only: bool,
    ) -> None:
        """Raises DynamicConfigError (INVALID_CONFIG) and changes nothing if refused."""

    @property
    def group_configs(self) -> dict[str, dict[str, str]]:
        """GROUP config overrides, by group id."""

    async def alter_group_configs(
        self, group: str, changes: list[tuple[str, int, str | None]], incremental: bool, validate_only: bool
    ) -> None:
        """Raises DynamicConfigError (INVALID_CONFIG) and changes nothing if refused."""

    # -- client telemetry (KIP-714, broker/telemetry/)
    @property
    def client_telemetry(self) -> ClientTelemetry: ...
    @property
    def client_metrics_configs(self) -> dict[str, dict[str, str]]:
        """CLIENT_METRICS resources (subscriptions), by name."""

    async def alter_client_metrics(
        self, name: str, changes: list[tuple[str, int, str | None]], incremental: bool, validate_only: bool
    ) -> None:
        """Raises DynamicConfigError (INVALID_CONFIG) and changes nothing if refused."""

    # -- SCRAM users (KIP-554)
    @property
    def scram_store(self) -> ScramStore: ...
    @property
    def scram_lock(self) -> asyncio.Lock: ...

    # -- feature flags (KIP-584, broker/features.py)
    def finalized_features(self) -> tuple[dict[str, int], int]: ...
    async def update_features(
        self, updates: list[FeatureUpdate], validate_only: bool
    ) -> dict[str, tuple[ErrorCode, str | None]]: ...

    # -- the controller
    async def elect_leaders(
        self, partitions: list[tuple[str, int]] | None, kind: ElectionType, timeout_s: float
    ) -> dict[tuple[str, int], Outcome] | None:
        """None: this broker is not the controller."""

    async def alter_reassignments(
        self, asked: dict[tuple[str, int], list[int] | None], allow_rf_change: bool
    ) -> dict[tuple[str, int], ReassignOutcome] | None:
        """None: this broker is not the controller."""

    async def list_reassignments(
        self, asked: list[tuple[str, int]] | None
    ) -> dict[tuple[str, int], Ongoing] | None:
        """None: this broker is not the controller."""

    # -- transactions
    async def write_txn_marker(
        self, topic: str, partition: int, producer_id: int, epoch: int, commit: bool
    ) -> ErrorCode: ...

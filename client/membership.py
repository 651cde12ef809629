"""A classic-group member's state and decisions (pure): what each error code of JoinGroup,
SyncGroup, Heartbeat and OffsetCommit means for the member, and the cooperative (KIP-429)
bookkeeping of which partitions to revoke and which were added.

The I/O side (`coordinator.py`) sends the requests and applies these decisions.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from client.assignors import Assignor
from client.structs import TopicPartition
from protocol.consumer_protocol import Subscription, TopicPartitions, encode_subscription
from protocol.errors import ErrorCode

NO_GENERATION = -1
UNKNOWN_MEMBER_ID = ""


class MemberState(enum.Enum):
    UNJOINED = "unjoined"  # not in the group (never joined, left, or fenced)
    PREPARING_REBALANCE = "preparing_rebalance"  # JoinGroup sent or about to be
    COMPLETING_REBALANCE = "completing_rebalance"  # JoinGroup answered, SyncGroup under way
    STABLE = "stable"  # assignment received; heartbeating


@dataclass(frozen=True, slots=True)
class Generation:
    generation_id: int = NO_GENERATION
    member_id: str = UNKNOWN_MEMBER_ID
    protocol: str | None = None

    @property
    def valid(self) -> bool:
        return self.generation_id != NO_GENERATION and bool(self.member_id)


NO_GENERATION_STATE = Generation()


class Action(enum.Enum):
    NONE = "none"  # success
    RETRY = "retry"  # try the same request again after the backoff
    REDISCOVER = "rediscover"  # the coordinator moved or is unavailable: find it, then retry
    REJOIN = "rejoin"  # rejoin the group, keeping the member id
    RESET_REJOIN = "reset_rejoin"  # forget member id and generation, then rejoin
    RESET_GENERATION_REJOIN = "reset_generation_rejoin"  # forget the generation only, then rejoin
    FATAL = "fatal"  # the member cannot go on (misconfiguration, fencing, authorization)


_COORDINATOR = {ErrorCode.NOT_COORDINATOR, ErrorCode.COORDINATOR_NOT_AVAILABLE}


def _membership_action(code: int) -> Action:
    """The answers every group request treats alike: a moved coordinator, a lost membership."""
    if code in _COORDINATOR:
        return Action.REDISCOVER
    if code == ErrorCode.UNKNOWN_MEMBER_ID:
        return Action.RESET_REJOIN
    if code == ErrorCode.ILLEGAL_GENERATION:
        return Action.RESET_GENERATION_REJOIN
    return Action.FATAL


def join_action(code: int) -> Action:
    """What a JoinGroup answer's error code means (Kafka's JoinGroupResponseHandler)."""
    if code == ErrorCode.NONE:
        return Action.NONE
    if code == ErrorCode.MEMBER_ID_REQUIRED:
        return Action.REJOIN  # with the member id the answer carries
    if code in (ErrorCode.COORDINATOR_LOAD_IN_PROGRESS, ErrorCode.REBALANCE_IN_PROGRESS):
        return Action.RETRY
    return _membership_action(
        code
    )  # INCONSISTENT_GROUP_PROTOCOL, INVALID_SESSION_TIMEOUT, FENCED_INSTANCE_ID, ...


def sync_action(code: int) -> Action:
    """What a SyncGroup answer's error code means. INVALID_REQUEST is the librdkafka mock's
    answer to a follower that syncs after the group settled: rejoining recovers."""
    if code == ErrorCode.NONE:
        return Action.NONE
    if code in (
        ErrorCode.REBALANCE_IN_PROGRESS,
        ErrorCode.INVALID_REQUEST,
        ErrorCode.COORDINATOR_LOAD_IN_PROGRESS,
    ):
        return Action.REJOIN
    return _membership_action(code)


def heartbeat_action(code: int) -> Action:
    if code == ErrorCode.NONE:
        return Action.NONE
    if code == ErrorCode.REBALANCE_IN_PROGRESS:
        return Action.REJOIN
    if code == ErrorCode.COORDINATOR_LOAD_IN_PROGRESS:
        return Action.RETRY
    return _membership_action(code)  # FENCED_INSTANCE_ID, GROUP_AUTHORIZATION_FAILED, ...


def commit_action(code: int) -> Action:
    """What an OffsetCommit partition error means (Kafka's OffsetCommitResponseHandler)."""
    if code == ErrorCode.NONE:
        return Action.NONE
    if code in (
        ErrorCode.COORDINATOR_LOAD_IN_PROGRESS,
        ErrorCode.REQUEST_TIMED_OUT,
        ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        ErrorCode.UNSTABLE_OFFSET_COMMIT,
    ):
        return Action.RETRY
    if code == ErrorCode.REBALANCE_IN_PROGRESS:
        return Action.REJOIN
    return _membership_action(
        code
    )  # OFFSET_METADATA_TOO_LARGE, INVALID_COMMIT_OFFSET_SIZE, FENCED_INSTANCE_ID, ...


def group_by_topic(tps: Iterable[TopicPartition]) -> list[TopicPartitions]:
    out: dict[str, list[int]] = {}
    for tp in sorted(tps):
        out.setdefault(tp.topic, []).append(tp.partition)
    return [TopicPartitions(t, ps) for t, ps in out.items()]


def join_protocols(
    assignors: Iterable[Assignor], topics: set[str], owned: Iterable[TopicPartition], generation_id: int
) -> list[dict[str, object]]:
    """JoinGroup's protocol list: one (name, Subscription v3) per assignor, preferred first.
    Like the Java consumer, every subscription lists the owned partitions and the generation."""
    owned_list = group_by_topic(owned)
    out: list[dict[str, object]] = []
    for a in assignors:
        sub = Subscription(sorted(topics), a.subscription_user_data(topics), owned_list, generation_id)
        out.append({"name": a.name, "metadata": encode_subscription(sub)})
    return out


@dataclass(frozen=True, slots=True)
class AssignmentChange:
    added: frozenset[TopicPartition]
    revoked: frozenset[TopicPartition]
    kept: frozenset[TopicPartition]


def assignment_change(
    owned: Iterable[TopicPartition], assigned: Iterable[TopicPartition]
) -> AssignmentChange:
    owned_set, assigned_set = frozenset(owned), frozenset(assigned)
    return AssignmentChange(assigned_set - owned_set, owned_set - assigned_set, owned_set & assigned_set)


class RebalanceListener:
    """Override what you need; methods may be plain or async. `on_partitions_lost` defaults to
    `on_partitions_revoked`, as in Kafka."""

    def on_partitions_revoked(self, revoked: set[TopicPartition]) -> Any:
        return None

    def on_partitions_assigned(self, assigned: set[TopicPartition]) -> Any:
        return None

    def on_partitions_lost(self, lost: set[TopicPartition]) -> Any:
        return self.on_partitions_revoked(lost)


@dataclass(slots=True)
class GroupConfig:
    group_id: str
    group_instance_id: str | None = None
    session_timeout_ms: int = 45_000
    heartbeat_interval_ms: int = 3_000
    max_poll_interval_ms: int = 300_000
    rebalance_timeout_ms: int | None = None  # default: max_poll_interval_ms, as Kafka
    enable_auto_commit: bool = True
    auto_commit_interval_ms: int = 5_000
    exclude_internal_topics: bool = True

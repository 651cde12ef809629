"""What goes into a coordinator shard and what comes out of it (sans-I/O).

In: typed requests (one per group API, decoded and version-normalized by the handlers), timer
expiries and append completions. Out: `Reply(waiter, result)` — answer the request the driver
tagged with `waiter` — and `Append(records, then)` — write these records to the shard's
`__consumer_offsets` partition; once the driver reports the outcome, the shard replays the
records if they were written, then calls `then(error)`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from broker.group.records import Record
from broker.group.watch import GroupWatch
from protocol.errors import ErrorCode

Protocols = list[tuple[str, bytes]]


# -- requests ---------------------------------------------------------------------------------


@dataclass(slots=True)
class JoinGroup:
    group_id: str
    member_id: str
    group_instance_id: str | None
    client_id: str
    client_host: str
    session_timeout_ms: int
    rebalance_timeout_ms: int
    protocol_type: str
    protocols: Protocols
    reason: str | None = None
    require_known_member_id: bool = True  # JoinGroup v4+
    supports_skip_assignment: bool = False  # JoinGroup v9+


@dataclass(slots=True)
class SyncGroup:
    group_id: str
    generation_id: int
    member_id: str
    group_instance_id: str | None = None
    protocol_type: str | None = None
    protocol_name: str | None = None
    assignments: list[tuple[str, bytes]] = field(default_factory=list)


@dataclass(slots=True, init=False)  # (init=False: see CommitPartition)
class Heartbeat:
    group_id: str
    generation_id: int
    member_id: str
    group_instance_id: str | None = None

    def __init__(
        self, group_id: str, generation_id: int, member_id: str, group_instance_id: str | None = None
    ) -> None:
        self.group_id = group_id
        self.generation_id = generation_id
        self.member_id = member_id
        self.group_instance_id = group_instance_id


@dataclass(slots=True)
class LeavingMember:
    member_id: str
    group_instance_id: str | None = None
    reason: str | None = None


@dataclass(slots=True)
class LeaveGroup:
    group_id: str
    members: list[LeavingMember]


# init=False on the classes a commit makes (here and in records.py): the dataclass decorator's
# __init__ is Python even in a compiled module (protocol/native.py); one written in the class
# is compiled with it (~0.04 us against ~0.2 us, ~0.8 us frozen).
@dataclass(slots=True, init=False)
class CommitPartition:
    partition: int
    offset: int
    leader_epoch: int = -1
    metadata: str | None = ""
    commit_timestamp_ms: int = -1  # only OffsetCommit v1 carries one

    def __init__(
        self,
        partition: int,
        offset: int,
        leader_epoch: int = -1,
        metadata: str | None = "",
        commit_timestamp_ms: int = -1,
    ) -> None:
        self.partition = partition
        self.offset = offset
        self.leader_epoch = leader_epoch
        self.metadata = metadata
        self.commit_timestamp_ms = commit_timestamp_ms


@dataclass(slots=True, init=False)
class OffsetCommit:
    group_id: str
    generation_id: int = -1
    member_id: str = ""
    group_instance_id: str | None = None
    retention_time_ms: int = -1
    topics: list[tuple[str, list[CommitPartition]]] = field(default_factory=list)
    api_version: int = 9

    def __init__(
        self,
        group_id: str,
        generation_id: int = -1,
        member_id: str = "",
        group_instance_id: str | None = None,
        retention_time_ms: int = -1,
        topics: list[tuple[str, list[CommitPartition]]] | None = None,
        api_version: int = 9,
    ) -> None:
        self.group_id = group_id
        self.generation_id = generation_id
        self.member_id = member_id
        self.group_instance_id = group_instance_id
        self.retention_time_ms = retention_time_ms
        self.topics = [] if topics is None else topics
        self.api_version = api_version


@dataclass(slots=True)
class TxnOffsetCommit:
    """TxnOffsetCommit: an offset commit inside the producer's transaction, written as its own
    transactional batch (the producer's id and epoch) and pending until the transaction's marker."""

    offsets: OffsetCommit
    producer_id: int
    producer_epoch: int


@dataclass(slots=True)
class OffsetDelete:
    group_id: str
    topics: list[tuple[str, list[int]]]


# -- results ----------------------------------------------------------------------------------


@dataclass(slots=True)
class JoinResult:
    error: ErrorCode
    member_id: str
    generation_id: int = -1
    protocol_type: str | None = None
    protocol_name: str | None = None
    leader: str = ""
    skip_assignment: bool = False
    members: list[tuple[str, str | None, bytes]] = field(default_factory=list)  # leader only


@dataclass(slots=True)
class SyncResult:
    error: ErrorCode
    protocol_type: str | None = None
    protocol_name: str | None = None
    assignment: bytes = b""


@dataclass(slots=True)
class LeaveResult:
    error: ErrorCode
    members: list[tuple[str, str | None, ErrorCode]] = field(default_factory=list)


PartitionErrors = list[tuple[str, list[tuple[int, ErrorCode]]]]  # per topic, in request order


@dataclass(slots=True)
class OffsetDeleteResult:
    error: ErrorCode
    topics: PartitionErrors = field(default_factory=list)


@dataclass(slots=True)
class FetchedPartition:
    partition: int
    offset: int = -1
    leader_epoch: int = -1
    metadata: str | None = ""
    error: ErrorCode = ErrorCode.NONE


@dataclass(slots=True)
class FetchedGroup:
    group_id: str
    error: ErrorCode = ErrorCode.NONE
    topics: list[tuple[str, list[FetchedPartition]]] = field(default_factory=list)


@dataclass(slots=True)
class DescribedMember:
    member_id: str
    group_instance_id: str | None
    client_id: str
    client_host: str
    metadata: bytes
    assignment: bytes


@dataclass(slots=True)
class DescribedGroup:
    group_id: str
    error: ErrorCode = ErrorCode.NONE
    state: str = ""
    protocol_type: str = ""
    protocol_data: str = ""
    members: list[DescribedMember] = field(default_factory=list)
    error_message: str | None = None


@dataclass(slots=True)
class ListedGroup:
    group_id: str
    protocol_type: str
    state: str
    group_type: str = "classic"


# -- what a request becomes --------------------------------------------------------------------

T = TypeVar("T")


class CoordinatorResult(Generic[T]):
    """Kafka's CoordinatorResult: the records a request writes and the answer it gets once they
    are written. State changes come from replaying `records`, never from computing them."""

    # Not a dataclass: compiled with mypyc (protocol/native.py), a generic dataclass fails at
    # import (mypyc/mypyc#827).
    __slots__ = ("records", "response")

    def __init__(self, records: Sequence[Record], response: T):
        self.records = records
        self.response = response

    def __repr__(self) -> str:
        return f"CoordinatorResult(records={self.records!r}, response={self.response!r})"


# -- outputs ----------------------------------------------------------------------------------

R_contra = TypeVar("R_contra", contravariant=True)


class Waiter(Protocol[R_contra]):
    """What a request's answer is handed to (an asyncio future, in the runtime). The shard's
    entry points declare the answer they give; inside, the waiter travels opaque (`Reply`)."""

    def done(self) -> bool: ...

    def set_result(self, result: R_contra, /) -> None: ...


@dataclass(slots=True, init=False)
class Reply:
    waiter: Any
    result: Any

    def __init__(self, waiter: Any, result: Any) -> None:
        self.waiter = waiter
        self.result = result


@dataclass(slots=True, init=False)
class Append:
    """Records to write. A transactional append (TxnOffsetCommit) is written as a batch of its own
    with the producer's id and epoch; replaying it makes its offsets pending, not committed."""

    records: list[Record]
    then: Callable[[ErrorCode], None] | None = None
    transactional: bool = False
    producer_id: int = -1
    producer_epoch: int = -1

    def __init__(
        self,
        records: list[Record],
        then: Callable[[ErrorCode], None] | None = None,
        transactional: bool = False,
        producer_id: int = -1,
        producer_epoch: int = -1,
    ) -> None:
        self.records = records
        self.then = then
        self.transactional = transactional
        self.producer_id = producer_id
        self.producer_epoch = producer_epoch


Output = Reply | Append


def append_error_to_response_error(error: ErrorCode) -> ErrorCode:
    """What a failed write of group metadata answers (Kafka's appendGroupMetadataErrorToResponseError)."""
    if error in (
        ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        ErrorCode.NOT_ENOUGH_REPLICAS,
        ErrorCode.REQUEST_TIMED_OUT,
    ):
        return ErrorCode.COORDINATOR_NOT_AVAILABLE
    if error in (ErrorCode.NOT_LEADER_OR_FOLLOWER, ErrorCode.KAFKA_STORAGE_ERROR):
        return ErrorCode.NOT_COORDINATOR
    if error in (ErrorCode.MESSAGE_TOO_LARGE, ErrorCode.RECORD_LIST_TOO_LARGE, ErrorCode.INVALID_FETCH_SIZE):
        return ErrorCode.UNKNOWN_SERVER_ERROR
    return error


def append_error_to_commit_error(error: ErrorCode) -> ErrorCode:
    """What a failed write of offset commits answers (Kafka's maybeConvertOffsetCommitError)."""
    if error in (
        ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        ErrorCode.NOT_ENOUGH_REPLICAS,
        ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND,
        ErrorCode.REQUEST_TIMED_OUT,
    ):
        return ErrorCode.COORDINATOR_NOT_AVAILABLE
    if error in (ErrorCode.NOT_LEADER_OR_FOLLOWER, ErrorCode.KAFKA_STORAGE_ERROR):
        return ErrorCode.NOT_COORDINATOR
    if error in (ErrorCode.MESSAGE_TOO_LARGE, ErrorCode.RECORD_LIST_TOO_LARGE, ErrorCode.INVALID_FETCH_SIZE):
        return ErrorCode.INVALID_COMMIT_OFFSET_SIZE
    return error


class Outputs:
    """A shard's outputs, in order, until the driver drains them."""

    __slots__ = ("_out", "watch")

    def __init__(self) -> None:
        self._out: list[Output] = []
        # Who watches this shard's groups (the service shares its own among its shards).
        self.watch = GroupWatch()

    def reply(self, waiter: Any, result: Any) -> None:
        if waiter is not None:  # None: nobody waits (e.g. a benchmark's heartbeat)
            self._out.append(Reply(waiter, result))

    def write(self, records: Sequence[Record], then: Callable[[ErrorCode], None] | None = None) -> None:
        self._out.append(Append(list(records), then))

    def write_transactional(
        self,
        records: Sequence[Record],
        producer_id: int,
        producer_epoch: int,
        then: Callable[[ErrorCode], None] | None = None,
    ) -> None:
        self._out.append(Append(list(records), then, True, producer_id, producer_epoch))

    def drain(self) -> list[Output]:
        out, self._out = self._out, []
        return out

    def pending(self) -> bool:
        return bool(self._out)


@dataclass(slots=True)
class GroupMetrics:
    """A group as the metrics endpoint shows it: `generation` is a classic group's generation id,
    a KIP-848 consumer group's group epoch (each goes up by one per rebalance);
    `assignment_epoch` the consumer group's target assignment epoch (None for a classic group)."""

    group_id: str
    group_type: str  # "classic" or "consumer"
    state: str
    generation: int
    members: int
    offsets: dict[tuple[str, int], int]
    assignment_epoch: int | None = None

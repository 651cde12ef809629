"""A share-partition: one share group's view of one topic partition, on the partition's leader
(Kafka's SharePartition). Pure: no I/O, the time comes in as `now_ms` arguments.

The records from the share-partition start offset (SPSO, `start_offset`) up to its end
(SPEO, `end_offset`: the next offset not yet taken from the log) are in flight, each with a
state and a delivery count:

- AVAILABLE: may be acquired (by any member);
- ACQUIRED: locked by one member until it acknowledges them or the lock expires
  (`lock_duration_ms`); acquiring bumps the delivery count;
- ACKNOWLEDGED (accepted) and ARCHIVED (rejected, a gap, a control or aborted record, or
  delivered `delivery_count_limit` times): final.

The SPSO moves over the final prefix. New records are taken from the log only while fewer than
`max_record_locks` offsets are in flight (Kafka's group.share.partition.max.record.locks).
Every change that must survive (all but acquisitions) comes back as an `Update`, which the
manager writes through the Persister before it answers.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from broker.share.persister import DeliveryState, ShareState, StateBatch
from protocol.errors import ErrorCode


class AcknowledgeType(enum.IntEnum):
    GAP = 0  # an offset with no record for the client (compacted away, a control record)
    ACCEPT = 1
    RELEASE = 2
    REJECT = 3
    RENEW = 4  # v2 (KIP-1222): keep the lock for another lock duration


@dataclass(frozen=True, slots=True)
class SharePartitionConfig:
    lock_duration_ms: int = 30_000  # share.record.lock.duration.ms
    delivery_count_limit: int = 5  # share.delivery.count.limit
    max_record_locks: int = 2000  # share.partition.max.record.locks


@dataclass(slots=True)
class InFlightRecord:
    state: DeliveryState
    delivery_count: int = 0
    member_id: str | None = None  # the holder of an ACQUIRED record
    deadline_ms: int = 0  # when an ACQUIRED record's lock expires


@dataclass(frozen=True, slots=True)
class FetchedBatch:
    """A stored batch as the share-partition needs it (its header, read by the manager)."""

    first_offset: int
    last_offset: int
    skipped: bool = False  # a control batch, or (read_committed) an aborted transaction's


@dataclass(frozen=True, slots=True)
class AcquiredRecords:
    first_offset: int
    last_offset: int
    delivery_count: int


@dataclass(frozen=True, slots=True)
class AcknowledgementBatch:
    first_offset: int
    last_offset: int
    types: tuple[int, ...]  # one type for the whole range, or one per offset


class DeadReason(enum.IntEnum):
    """Why a delivered record was archived (KIP-1191: what its dead-letter record says)."""

    REJECTED = 1  # acknowledged REJECT by a member
    DELIVERY_COUNT_EXCEEDED = 2  # released or expired at share.delivery.count.limit


@dataclass(slots=True)
class Update:
    """What to write: the start offset and the changed offsets' states (from `batches()`)."""

    start_offset: int
    changed: dict[int, tuple[DeliveryState, int]] = field(default_factory=dict)
    # the offsets archived for a reason a dead-letter topic records (not gaps, control records)
    dead: dict[int, DeadReason] = field(default_factory=dict)

    def batches(self) -> tuple[StateBatch, ...]:
        out: list[StateBatch] = []
        for offset in sorted(o for o in self.changed if o >= self.start_offset):
            state, count = self.changed[offset]
            last = out[-1] if out else None
            if (
                last
                and last.last_offset + 1 == offset
                and (last.delivery_state, last.delivery_count) == (state, count)
            ):
                out[-1] = StateBatch(last.first_offset, offset, state, count)
            else:
                out.append(StateBatch(offset, offset, state, count))
        return tuple(out)

    def __bool__(self) -> bool:
        return bool(self.changed) or self.moved

    moved: bool = False  # the start offset moved


class SharePartition:
    def __init__(self, start_offset: int, config: SharePartitionConfig | None = None) -> None:
        self.config = config or SharePartitionConfig()
        self.start_offset = start_offset
        self.end_offset = start_offset
        self.records: dict[int, InFlightRecord] = {}  # every offset in [start_offset, end_offset)
        # Offsets whose last change (a release, an expired lock) is not durable yet: not acquired
        # until it is (`settle`), or a crash could deliver a record again with a lower count
        # than a delivery already made (Kafka's ongoing state transition).
        self.unsettled: set[int] = set()

    @classmethod
    def from_state(cls, state: ShareState, config: SharePartitionConfig | None = None) -> SharePartition:
        """The share-partition as the persister kept it: what was ACQUIRED is AVAILABLE again
        (acquisitions are not written), delivery counts kept."""
        sp = cls(state.start_offset, config)
        for b in state.batches:
            for offset in range(max(b.first_offset, sp.start_offset), b.last_offset + 1):
                s = (
                    DeliveryState.AVAILABLE
                    if b.delivery_state == DeliveryState.ACQUIRED
                    else b.delivery_state
                )
                sp.records[offset] = InFlightRecord(s, b.delivery_count)
        if sp.records:
            sp.end_offset = max(sp.records) + 1
            for offset in range(sp.start_offset, sp.end_offset):
                sp.records.setdefault(offset, InFlightRecord(DeliveryState.AVAILABLE))
        sp._advance()
        return sp

    # -- queries ------------------------------------------------------------------------------

    def next_fetch_offset(self) -> int:
        """Where to read the log from: the first AVAILABLE record in flight, else the end."""
        for offset in range(self.start_offset, self.end_offset):
            if self.records[offset].state == DeliveryState.AVAILABLE and offset not in self.unsettled:
                return offset
        return self.end_offset

    def can_take_new(self) -> bool:
        return self.end_offset - self.start_offset < self.config.max_record_locks

    def can_acquire(self) -> bool:
        return self.next_fetch_offset() < self.end_offset or self.can_take_new()

    def next_deadline(self) -> int | None:
        deadlines = [r.deadline_ms for r in self.records.values() if r.state == DeliveryState.ACQUIRED]
        return min(deadlines) if deadlines else None

    def acquired_by(self, member_id: str) -> list[int]:
        return [
            o
            for o, r in self.records.items()
            if r.state == DeliveryState.ACQUIRED and r.member_id == member_id
        ]

    # -- transitions --------------------------------------------------------------------------

    def acquire(
        self,
        member_id: str,
        batches: Iterable[FetchedBatch],
        max_records: int,
        now_ms: int,
        whole_batches: bool = False,
    ) -> tuple[list[AcquiredRecords], Update]:
        """Acquire for `member_id` the AVAILABLE records of `batches` (the log's, read from
        `next_fetch_offset()`), at most `max_records` of them, or (`whole_batches`, KIP-1206's
        batch-optimized mode) up to the end of the batch where the limit is reached. Records new
        to the share-partition enter the flight; skipped batches and holes between batches are
        archived as they do."""
        acquired: list[tuple[int, int]] = []
        update = Update(self.start_offset)
        deadline = now_ms + self.config.lock_duration_ms
        for b in batches:
            if len(acquired) >= max_records:
                break
            for offset in range(max(b.first_offset, self.start_offset), b.last_offset + 1):
                if len(acquired) >= max_records and not whole_batches:
                    break
                if offset >= self.end_offset:
                    if not self.can_take_new():
                        break
                    for hole in range(self.end_offset, offset):  # offsets without a record
                        self.records[hole] = InFlightRecord(DeliveryState.ARCHIVED)
                    self.end_offset = offset + 1
                    if b.skipped:
                        self.records[offset] = InFlightRecord(DeliveryState.ARCHIVED)
                        continue
                    self.records[offset] = InFlightRecord(DeliveryState.AVAILABLE)
                r = self.records[offset]
                if r.state != DeliveryState.AVAILABLE or offset in self.unsettled:
                    continue
                r.state, r.member_id, r.deadline_ms = DeliveryState.ACQUIRED, member_id, deadline
                r.delivery_count += 1
                acquired.append((offset, r.delivery_count))
        update.moved = self._advance()
        update.start_offset = self.start_offset
        return _ranges(acquired), update

    def validate(self, member_id: str, batches: Sequence[AcknowledgementBatch], renew: bool) -> ErrorCode:
        """Kafka's checks of an acknowledgement, before anything changes: the shape and the
        range (INVALID_REQUEST), then every offset ACQUIRED by this member (INVALID_RECORD_STATE)."""
        top = AcknowledgeType.RENEW if renew else AcknowledgeType.REJECT
        for b in batches:
            n = b.last_offset - b.first_offset + 1
            if n < 1 or len(b.types) not in (1, n) or any(not 0 <= t <= top for t in b.types):
                return ErrorCode.INVALID_REQUEST
        if any(b.last_offset >= self.end_offset for b in batches):
            return ErrorCode.INVALID_REQUEST  # as Kafka: past the records ever acquired
        seen: set[int] = set()
        for b in batches:
            for offset in range(b.first_offset, b.last_offset + 1):
                r = self.records.get(offset) if offset >= self.start_offset else None
                if (
                    r is None
                    or r.state != DeliveryState.ACQUIRED
                    or r.member_id != member_id
                    or offset in seen
                ):
                    return ErrorCode.INVALID_RECORD_STATE
                seen.add(offset)
        return ErrorCode.NONE

    def acknowledge(
        self, member_id: str, batches: Sequence[AcknowledgementBatch], now_ms: int, renew: bool = False
    ) -> tuple[ErrorCode, Update]:
        """All of a partition's acknowledgement, or (an error) none of it."""
        update = Update(self.start_offset)
        error = self.validate(member_id, batches, renew)
        if error != ErrorCode.NONE:
            return error, update
        for b in batches:
            for i, offset in enumerate(range(b.first_offset, b.last_offset + 1)):
                kind = b.types[0] if len(b.types) == 1 else b.types[i]
                r = self.records[offset]
                if kind == AcknowledgeType.RENEW:
                    r.deadline_ms = now_ms + self.config.lock_duration_ms
                    continue
                if kind == AcknowledgeType.ACCEPT:
                    r.state = DeliveryState.ACKNOWLEDGED
                elif kind == AcknowledgeType.RELEASE:
                    self._release(offset, r, update)
                else:  # REJECT, GAP
                    r.state = DeliveryState.ARCHIVED
                    if kind == AcknowledgeType.REJECT:
                        update.dead[offset] = DeadReason.REJECTED
                r.member_id = None
                update.changed[offset] = (r.state, r.delivery_count)
        self.unsettled.update(update.changed)
        update.moved = self._advance()
        update.start_offset = self.start_offset
        return ErrorCode.NONE, update

    def expire(self, now_ms: int) -> Update:
        """Locks past their deadline: the records are AVAILABLE again (ARCHIVED at the limit)."""
        update = Update(self.start_offset)
        for offset, r in self.records.items():
            if r.state == DeliveryState.ACQUIRED and r.deadline_ms <= now_ms:
                self._release(offset, r, update)
        self.unsettled.update(update.changed)
        update.moved = self._advance()
        update.start_offset = self.start_offset
        return update

    def release_member(self, member_id: str) -> Update:
        """A member's share session closed: its locks go at once (Kafka's releaseSession)."""
        update = Update(self.start_offset)
        for offset in self.acquired_by(member_id):
            self._release(offset, self.records[offset], update)
        self.unsettled.update(update.changed)
        update.moved = self._advance()
        update.start_offset = self.start_offset
        return update

    def settle(self, update: Update) -> bool:
        """`update` is durable: its records may be acquired again; whether any became so."""
        settled = self.unsettled.intersection(update.changed)
        self.unsettled -= settled
        return any(self.records[o].state == DeliveryState.AVAILABLE for o in settled if o in self.records)

    def move_start(self, offset: int) -> Update:
        """The log no longer has the records below `offset` (retention, DeleteRecords)."""
        update = Update(self.start_offset)
        if offset <= self.start_offset:
            return update
        for o in range(self.start_offset, min(offset, self.end_offset)):
            self.records.pop(o, None)
            self.unsettled.discard(o)
        self.start_offset = offset
        self.end_offset = max(self.end_offset, offset)
        update.moved = True
        self._advance()
        update.start_offset = self.start_offset
        return update

    def _release(self, offset: int, r: InFlightRecord, update: Update) -> None:
        """A lock given up (released, expired): AVAILABLE again, or ARCHIVED at the limit."""
        if r.delivery_count >= self.config.delivery_count_limit:
            r.state = DeliveryState.ARCHIVED
            update.dead[offset] = DeadReason.DELIVERY_COUNT_EXCEEDED
        else:
            r.state = DeliveryState.AVAILABLE
        r.member_id = None
        update.changed[offset] = (r.state, r.delivery_count)

    def _advance(self) -> bool:
        """Move the SPSO over the final prefix; whether it moved."""
        start = self.start_offset
        while self.start_offset < self.end_offset and self.records[self.start_offset].state in _FINAL:
            del self.records[self.start_offset]
            self.unsettled.discard(self.start_offset)
            self.start_offset += 1
        return self.start_offset != start


_FINAL = (DeliveryState.ACKNOWLEDGED, DeliveryState.ARCHIVED)


def _ranges(acquired: list[tuple[int, int]]) -> list[AcquiredRecords]:
    """Contiguous offsets with one delivery count, as AcquiredRecords ranges."""
    out: list[AcquiredRecords] = []
    for offset, count in acquired:
        last = out[-1] if out else None
        if last and last.last_offset + 1 == offset and last.delivery_count == count:
            out[-1] = AcquiredRecords(last.first_offset, offset, count)
        else:
            out.append(AcquiredRecords(offset, offset, count))
    return out

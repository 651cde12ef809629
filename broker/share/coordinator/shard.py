"""The state of the share-partitions of one `__share_group_state` partition (Kafka's
ShareCoordinatorShard), sans I/O: each request returns the records to write and the answer to
give once they are durable; the state changes only by `replay` of written records.

A share-partition's state is its latest ShareSnapshot with the ShareUpdates written after it
merged in. A write becomes a ShareUpdate (only what changed) until
`share.coordinator.snapshot.update.records.per.snapshot` updates follow the snapshot; the next
write is then a new ShareSnapshot of the whole merged state (snapshot epoch + 1). A read with a
new leader epoch writes that epoch (the leader claims the state: older leaders are fenced from
then on). Fencing follows Kafka's: a request's state epoch (or leader epoch) older than the
stored one is FENCED_STATE_EPOCH (FENCED_LEADER_EPOCH); -1 is not checked.
"""

from __future__ import annotations

import bisect
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from broker import logging_setup
from protocol.errors import ErrorCode
from protocol.share_state_records import (
    Batch,
    ShareSnapshot,
    ShareStateRecord,
    ShareStateRecordType,
    ShareUpdate,
    StateKey,
)

log = logging_setup.get_logger("kbroker.share")
E = ErrorCode
SNAPSHOT, UPDATE = ShareStateRecordType.SHARE_SNAPSHOT, ShareStateRecordType.SHARE_UPDATE
# Kafka's messages for the INVALID_REQUEST answers (ShareCoordinatorShard)
NULL_TOPIC_ID = "Topic id must not be null."
NEGATIVE_PARTITION_ID = "Partition id must not be negative."
READ_UNINITIALIZED = "Read on uninitialized share partition."
WRITE_UNINITIALIZED = "Write on uninitialized share partition."


@dataclass(frozen=True, slots=True)
class PartitionState:
    """One share-partition's state as the shard holds it (Kafka's ShareGroupOffset)."""

    snapshot_epoch: int
    state_epoch: int
    leader_epoch: int
    start_offset: int
    create_timestamp: int = -1
    write_timestamp: int = -1
    batches: tuple[Batch, ...] = ()


@dataclass(frozen=True, slots=True)
class Answer:
    """What a request answers for one share-partition: an error, or the state (a read) or its
    summary (state epoch, leader epoch, start offset; batches left empty)."""

    error: ErrorCode = E.NONE
    message: str | None = None
    state: PartitionState | None = None


@dataclass(frozen=True, slots=True)
class Result:
    records: list[ShareStateRecord] = field(default_factory=list)
    answer: Answer = Answer()


TopicPartitions = Callable[[uuid.UUID], int | None]  # a topic's partition count, None if unknown


def merge_batches(old: Iterable[Batch], new: Iterable[Batch], start_offset: int) -> tuple[Batch, ...]:
    """The batches after `new` is written over `old` (Kafka's PersisterStateBatchCombiner): `new`
    wins where they overlap, nothing below the start offset is kept, and neighbours with the same
    state and delivery count are joined. Works on ranges: a batch may span millions of offsets."""
    merged: list[Batch] = sorted(
        (b for b in old if b.last_offset >= start_offset), key=lambda b: b.first_offset
    )
    for b in new:
        if b.last_offset < b.first_offset:
            continue
        firsts = [m.first_offset for m in merged]
        i = max(0, bisect.bisect_right(firsts, b.first_offset) - 1)
        kept: list[Batch] = merged[:i]
        for m in merged[i:]:
            if m.last_offset < b.first_offset or m.first_offset > b.last_offset:
                kept.append(m)
                continue
            if m.first_offset < b.first_offset:
                kept.append(replace(m, last_offset=b.first_offset - 1))
            if m.last_offset > b.last_offset:
                kept.append(replace(m, first_offset=b.last_offset + 1))
        kept.append(b)
        kept.sort(key=lambda x: x.first_offset)
        merged = kept
    out: list[Batch] = []
    for b in merged:
        if b.last_offset < start_offset:
            continue
        if b.first_offset < start_offset:
            b = replace(b, first_offset=start_offset)
        last = out[-1] if out else None
        if (
            last is not None
            and last.last_offset + 1 == b.first_offset
            and (last.delivery_state, last.delivery_count) == (b.delivery_state, b.delivery_count)
        ):
            out[-1] = replace(last, last_offset=b.last_offset)
        else:
            out.append(b)
    return tuple(out)


class ShareCoordinatorShard:
    def __init__(
        self,
        partition: int,
        records_per_snapshot: int = 500,
        clock: Callable[[], int] | None = None,
        topic_partitions: TopicPartitions | None = None,
    ):
        self.partition = partition
        self.records_per_snapshot = records_per_snapshot
        self.clock = clock or (lambda: 0)
        self.topic_partitions = topic_partitions  # None: every topic id is taken as known
        self.states: dict[StateKey, PartitionState] = {}
        self.updates_since_snapshot: dict[StateKey, int] = {}
        # The highest leader and state epochs written per share-partition (what fences, as
        # Kafka's leaderEpochMap / stateEpochMap: a re-initialization does not lower them).
        self.leader_epochs: dict[StateKey, int] = {}
        self.state_epochs: dict[StateKey, int] = {}
        # Pruning (Kafka's ShareCoordinatorOffsetsManager): the offset of each share-partition's
        # latest snapshot; nothing below the smallest is needed to rebuild the state.
        self.snapshot_offsets: dict[StateKey, int] = {}
        self.end_offset = 0  # past the last record replayed

    # -- requests -------------------------------------------------------------------------------

    def _invalid(self, key: StateKey, initialized: str | None) -> Answer | None:
        if key.partition < 0:
            return Answer(E.INVALID_REQUEST, NEGATIVE_PARTITION_ID)
        if initialized is not None and key not in self.states:
            return Answer(E.INVALID_REQUEST, initialized)
        return None

    def _unknown(self, key: StateKey) -> Answer | None:
        if self.topic_partitions is None:
            return None
        count = self.topic_partitions(key.topic_id)
        if count is None or count <= key.partition:
            return Answer(E.UNKNOWN_TOPIC_OR_PARTITION, E.UNKNOWN_TOPIC_OR_PARTITION.name)
        return None

    def initialize(self, key: StateKey, state_epoch: int, start_offset: int) -> Result:
        """InitializeShareGroupState: a new snapshot at the start offset, no batches."""
        error = self._invalid(key, None)
        current = self.states.get(key)
        if error is None and state_epoch != -1 and self.state_epochs.get(key, -1) > state_epoch:
            error = Answer(E.FENCED_STATE_EPOCH, E.FENCED_STATE_EPOCH.name)
        error = error or self._unknown(key)
        if error is not None:
            return Result([], error)
        now = self.clock()
        snapshot = ShareSnapshot(
            snapshot_epoch=current.snapshot_epoch + 1 if current is not None else 0,
            state_epoch=state_epoch,
            leader_epoch=-1,
            start_offset=start_offset,
            create_timestamp=now,
            write_timestamp=now,
        )
        return Result([ShareStateRecord(SNAPSHOT, key, snapshot)])

    def read(self, key: StateKey, leader_epoch: int) -> Result:
        """ReadShareGroupState: the state; a new leader epoch is written (the leader's claim)."""
        error = self._invalid(key, READ_UNINITIALIZED)
        current = self.states.get(key)
        if error is None and self.leader_epochs.get(key, -1) > leader_epoch:
            error = Answer(E.FENCED_LEADER_EPOCH, E.FENCED_LEADER_EPOCH.name)
        error = error or self._unknown(key)
        if error is not None or current is None:
            return Result([], error or Answer(E.INVALID_REQUEST, READ_UNINITIALIZED))
        answer = Answer(state=current)
        if leader_epoch == -1 or leader_epoch == self.leader_epochs.get(key):
            return Result([], answer)
        return Result([self._state_record(key, current, leader_epoch, -1, ())], answer)

    def write(
        self, key: StateKey, state_epoch: int, leader_epoch: int, start_offset: int, batches: Iterable[Batch]
    ) -> Result:
        """WriteShareGroupState: an update (or, every records_per_snapshot, a snapshot)."""
        error = self._invalid(key, WRITE_UNINITIALIZED)
        current = self.states.get(key)
        if error is None and current is not None:
            if leader_epoch != -1 and self.leader_epochs.get(key, -1) > leader_epoch:
                error = Answer(E.FENCED_LEADER_EPOCH, E.FENCED_LEADER_EPOCH.name)
            elif state_epoch != -1 and self.state_epochs.get(key, -1) > state_epoch:
                error = Answer(E.FENCED_STATE_EPOCH, E.FENCED_STATE_EPOCH.name)
        error = error or self._unknown(key)
        if error is not None or current is None:
            return Result([], error or Answer(E.INVALID_REQUEST, WRITE_UNINITIALIZED))
        epoch = leader_epoch if leader_epoch != -1 else current.leader_epoch
        return Result([self._state_record(key, current, epoch, start_offset, tuple(batches))])

    def _state_record(
        self,
        key: StateKey,
        current: PartitionState,
        leader_epoch: int,
        start_offset: int,
        batches: tuple[Batch, ...],
    ) -> ShareStateRecord:
        if self.updates_since_snapshot.get(key, 0) >= self.records_per_snapshot:
            start = current.start_offset if start_offset == -1 else start_offset
            now = self.clock()
            snapshot = ShareSnapshot(
                snapshot_epoch=current.snapshot_epoch + 1,
                state_epoch=current.state_epoch,
                leader_epoch=leader_epoch,
                start_offset=start,
                create_timestamp=now,
                write_timestamp=now,
                batches=merge_batches(current.batches, batches, start),
            )
            return ShareStateRecord(SNAPSHOT, key, snapshot)
        update = ShareUpdate(
            snapshot_epoch=current.snapshot_epoch,
            leader_epoch=leader_epoch,
            start_offset=start_offset,
            batches=merge_batches((), batches, -1),
        )
        return ShareStateRecord(UPDATE, key, update)

    def read_summary(self, key: StateKey, leader_epoch: int) -> Answer:
        """ReadShareGroupStateSummary: writes nothing, fences nothing (as Kafka's). An
        uninitialized share-partition answers start offset -1 and epochs -1 and 0, as Kafka's."""
        error = self._invalid(key, None)
        current = self.states.get(key)
        error = error or self._unknown(key)
        if error is not None:
            return error
        if current is None:
            return Answer(state=PartitionState(0, 0, -1, -1))
        return Answer(state=replace(current, batches=()))

    def delete(self, key: StateKey) -> Result:
        """DeleteShareGroupState: the tombstone (a ShareSnapshot key, null value)."""
        error = self._invalid(key, None)
        if error is not None:
            return Result([], error)
        if key not in self.states:
            return Result()
        return Result([ShareStateRecord(SNAPSHOT, key, None)])

    # -- replay: the only way the state changes -------------------------------------------------

    def replay(self, record: ShareStateRecord, offset: int | None = None) -> None:
        """Apply one written record (`offset`: where it is in the log, for pruning)."""
        key, value = record.key, record.value
        if offset is not None:
            self.end_offset = max(self.end_offset, offset + 1)
            if value is None:
                self.snapshot_offsets.pop(key, None)
            elif isinstance(value, ShareSnapshot):
                self.snapshot_offsets[key] = offset
        if value is None:
            self.states.pop(key, None)
            self.updates_since_snapshot.pop(key, None)
            self.leader_epochs.pop(key, None)
            self.state_epochs.pop(key, None)
            return
        self.leader_epochs[key] = max(self.leader_epochs.get(key, value.leader_epoch), value.leader_epoch)
        if isinstance(value, ShareSnapshot):
            self.state_epochs[key] = max(self.state_epochs.get(key, value.state_epoch), value.state_epoch)
            self.states[key] = PartitionState(
                value.snapshot_epoch,
                value.state_epoch,
                value.leader_epoch,
                value.start_offset,
                value.create_timestamp,
                value.write_timestamp,
                value.batches,
            )
            self.updates_since_snapshot[key] = 0
        else:
            current = self.states.get(key)
            if current is None or value.snapshot_epoch != current.snapshot_epoch:
                # An update of another snapshot than the one held: the snapshot after it (already
                # replayed) supersedes it, or the state was deleted since.
                return
            start = current.start_offset if value.start_offset == -1 else value.start_offset
            self.states[key] = replace(
                current,
                leader_epoch=current.leader_epoch if value.leader_epoch == -1 else value.leader_epoch,
                start_offset=start,
                batches=merge_batches(current.batches, value.batches, start),
            )
            self.updates_since_snapshot[key] = self.updates_since_snapshot.get(key, 0) + 1

    def prunable_offset(self) -> int:
        """Every record below this offset is redundant: the latest snapshot of each share-partition
        is at or after it (and a deleted share-partition needs none of its records)."""
        return min(self.snapshot_offsets.values(), default=self.end_offset)

    def unload(self) -> None:
        self.states.clear()
        self.updates_since_snapshot.clear()
        self.snapshot_offsets.clear()
        self.leader_epochs.clear()
        self.state_epochs.clear()

"""Committed offsets and group metadata as records of a `__consumer_offsets` partition.

- `OffsetRecord` / `GroupRecord`: what a coordinator shard writes — an offset commit (or its
  tombstone) and a group's metadata (or its tombstone) — encoded with Kafka's schemas
  (protocol/group_records.py) by `encode_record`, read back by `decode_record`.
- `OffsetStore`: the materialized view of one shard's committed offsets. A commit enters it
  only once its record is durable; commits written but not yet durable are counted as in
  flight, so that a tombstone written meanwhile (OffsetDelete, DeleteGroups) covers them too.
- `OffsetsLog`: what a shard needs from the log — append records durably, read its
  partition from the start. `MemoryOffsetsLog` serves tests; `PartitionLogAdapter` wraps the
  broker's real log (broker/log).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from protocol import consumer_group_records as cgr
from protocol import group_records as gr
from protocol.errors import ErrorCode
from protocol.group_records import GroupMetadataValue, MemberMetadata

__all__ = [
    "GroupMetadataValue",
    "MemberMetadata",
    "OffsetAndMetadata",
    "OffsetRecord",
    "GroupRecord",
    "ConsumerGroupRecord",
    "Record",
    "encode_record",
    "decode_record",
    "OffsetStore",
    "OffsetsLog",
    "MemoryOffsetsLog",
    "PartitionLogAdapter",
    "OFFSETS_TOPIC",
]

OFFSETS_TOPIC = "__consumer_offsets"


@dataclass(frozen=True, slots=True)
class OffsetAndMetadata:
    offset: int
    leader_epoch: int | None
    metadata: str
    commit_timestamp_ms: int
    expire_timestamp_ms: int | None = None


@dataclass(frozen=True, slots=True)
class OffsetRecord:
    group: str
    topic: str
    partition: int
    value: OffsetAndMetadata | None  # None: tombstone


@dataclass(frozen=True, slots=True)
class GroupRecord:
    group: str
    value: GroupMetadataValue | None  # None: tombstone


ConsumerGroupRecord = cgr.ConsumerGroupRecord  # KIP-848 consumer groups (protocol/consumer_group_records.py)
Record = OffsetRecord | GroupRecord | ConsumerGroupRecord
RawRecord = tuple[bytes, bytes | None]  # (key, value); a None value is a tombstone


def encode_record(record: Record) -> RawRecord:
    if isinstance(record, ConsumerGroupRecord):
        return cgr.encode(record)
    if isinstance(record, OffsetRecord):
        key = gr.encode_offset_commit_key(record.group, record.topic, record.partition)
        v = record.value
        if v is None:
            return key, None
        return key, gr.encode_offset_commit_value(
            v.offset, v.leader_epoch, v.metadata, v.commit_timestamp_ms, v.expire_timestamp_ms
        )
    key = gr.encode_group_metadata_key(record.group)
    g = record.value
    if g is None:
        return key, None
    return key, gr.encode_group_metadata_value(
        g.protocol_type, g.generation, g.protocol, g.leader, g.members, g.current_state_timestamp
    )


def decode_record(key: bytes, value: bytes | None) -> Record | None:
    """The record, or None for a record type kbroker does not keep (e.g. share groups)."""
    if cgr.is_consumer_group_key(key):
        return cgr.decode(key, value)
    k = gr.decode_key(key)
    if isinstance(k, gr.OffsetCommitKey):
        v = gr.decode_value(k, value)
        if v is None:
            return OffsetRecord(k.group, k.topic, k.partition, None)
        return OffsetRecord(
            k.group,
            k.topic,
            k.partition,
            OffsetAndMetadata(
                v.offset,
                None if v.leader_epoch < 0 else v.leader_epoch,
                v.metadata,
                v.commit_timestamp,
                None if v.expire_timestamp < 0 else v.expire_timestamp,
            ),
        )
    if isinstance(k, gr.GroupMetadataKey):
        return GroupRecord(k.group, gr.decode_value(k, value))
    return None


TopicPartition = tuple[str, int]


class OffsetStore:
    """group -> topic -> partition -> OffsetAndMetadata, plus the commits still in flight."""

    __slots__ = ("_offsets", "_inflight")

    def __init__(self) -> None:
        self._offsets: dict[str, dict[str, dict[int, OffsetAndMetadata]]] = {}
        self._inflight: dict[str, dict[TopicPartition, int]] = {}

    def get(self, group: str, topic: str, partition: int) -> OffsetAndMetadata | None:
        return self._offsets.get(group, {}).get(topic, {}).get(partition)

    def group_offsets(self, group: str) -> dict[str, dict[int, OffsetAndMetadata]]:
        return self._offsets.get(group, {})

    def groups(self) -> Iterable[str]:
        return self._offsets.keys()

    def has_offsets(self, group: str) -> bool:
        return bool(self._offsets.get(group)) or bool(self._inflight.get(group))

    def put(self, group: str, topic: str, partition: int, value: OffsetAndMetadata) -> None:
        self._offsets.setdefault(group, {}).setdefault(topic, {})[partition] = value

    def delete(self, group: str, topic: str, partition: int) -> None:
        topics = self._offsets.get(group)
        if topics is None:
            return
        partitions = topics.get(topic)
        if partitions is None:
            return
        partitions.pop(partition, None)
        if not partitions:
            del topics[topic]
        if not topics:
            del self._offsets[group]

    def apply(self, record: OffsetRecord) -> None:
        if record.value is None:
            self.delete(record.group, record.topic, record.partition)
        else:
            self.put(record.group, record.topic, record.partition, record.value)

    # Plain dict counting: Counter's update/subtract cost several times as much, per commit.
    def begin(self, group: str, tps: Iterable[TopicPartition]) -> None:
        counts = self._inflight.get(group)
        if counts is None:
            counts = self._inflight[group] = {}
        for tp in tps:
            counts[tp] = counts.get(tp, 0) + 1

    def end(self, group: str, tps: Iterable[TopicPartition]) -> None:
        counts = self._inflight.get(group)
        if counts is None:
            return
        for tp in tps:
            n = counts.get(tp, 0) - 1
            if n > 0:
                counts[tp] = n
            else:
                counts.pop(tp, None)
        if not counts:
            del self._inflight[group]

    def has_inflight(self, group: str) -> bool:
        return group in self._inflight

    def known_partitions(self, group: str) -> set[TopicPartition]:
        """Partitions with a committed or in-flight offset: what a tombstone must cover."""
        tps = {(t, p) for t, parts in self._offsets.get(group, {}).items() for p in parts}
        tps.update(self._inflight.get(group, ()))
        return tps

    def has(self, group: str, topic: str, partition: int) -> bool:
        return self.get(group, topic, partition) is not None or (
            (topic, partition) in self._inflight.get(group, ())
        )

    def count(self) -> int:
        return sum(len(parts) for topics in self._offsets.values() for parts in topics.values())


class OffsetsLog(Protocol):
    """The durable log of the `__consumer_offsets` partitions, as a coordinator shard uses it."""

    async def append(self, partition: int, records: Sequence[RawRecord]) -> None:
        """Write the records as one batch; return once they are durable (fsynced). Raises
        `OffsetsLogError` (carrying a Kafka error code) or OSError on failure."""
        ...

    def append_nowait(self, partition: int, records: Sequence[RawRecord]) -> asyncio.Future[None]:
        """`append` without a coroutine: the records are placed at once (calls are written in
        call order) and the future completes as `append` would return or raise."""
        ...

    def read(self, partition: int) -> AsyncIterator[Sequence[RawRecord]]:
        """Every record of the partition, from the start, in order, in chunks (a loader handles a
        chunk in one loop, not an await per record)."""
        ...


class OffsetsLogError(Exception):
    def __init__(self, error_code: int, message: str = ""):
        super().__init__(message or f"error {error_code}")
        self.error_code = error_code


class MemoryOffsetsLog:
    """An in-memory OffsetsLog for tests: optional append delay and injected failures."""

    def __init__(self, delay_s: float = 0.0):
        self.partitions: dict[int, list[RawRecord]] = {}
        self.appends: list[tuple[int, int]] = []  # (partition, number of records) per append call
        self.delay_s = delay_s
        self.fail_with: int | None = None  # a Kafka error code to fail appends with
        self.gate: asyncio.Event | None = None  # when set, appends wait for it
        self.gated = 0  # appends waiting for the gate now: tests wait on this, not on a sleep

    async def append(self, partition: int, records: Sequence[RawRecord]) -> None:
        if self.gate is not None:
            self.gated += 1
            try:
                await self.gate.wait()
            finally:
                self.gated -= 1
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        if self.fail_with is not None:
            raise OffsetsLogError(self.fail_with)
        self.partitions.setdefault(partition, []).extend(records)
        self.appends.append((partition, len(records)))

    def append_nowait(self, partition: int, records: Sequence[RawRecord]) -> asyncio.Future[None]:
        return asyncio.ensure_future(self.append(partition, records))

    async def read(self, partition: int) -> AsyncIterator[Sequence[RawRecord]]:
        yield list(self.partitions.get(partition, ()))

    def decoded(self, partition: int) -> list[Record | None]:
        return [decode_record(k, v) for k, v in self.partitions.get(partition, ())]


class PartitionLogAdapter:
    """An OffsetsLog over the broker's log (broker/log): one topic partition per shard.

    `log_for(partition)` returns the partition's log object, which offers an async
    `append(records)` that returns once fsynced and `read_records()` from the start. Both are
    looked up by name so that this module does not import broker/log's types.
    """

    def __init__(self, log_for: Any, commit_timeout_s: float | None = None):
        self._log_for = log_for
        self.commit_timeout_s = commit_timeout_s  # offsets.commit.timeout.ms

    async def append(self, partition: int, records: Sequence[RawRecord]) -> None:
        """Returns once the records are fsynced here and, on a replicated partition, held by
        every in-sync replica (Kafka's offsets.commit.required.acks=-1): only then may the
        coordinator answer. A wait past offsets.commit.timeout.ms fails with REQUEST_TIMED_OUT."""
        partition_log = self._log_for(partition)
        if partition_log is None:
            raise OffsetsLogError(ErrorCode.NOT_LEADER_OR_FOLLOWER, f"no log for {OFFSETS_TOPIC}-{partition}")
        epoch = partition_log.leader_epoch  # the epoch the append is stamped with (placed synchronously)
        info, written = partition_log.append_kv_nowait(records)
        if written is not None:
            await written
        last = info.last_offset
        if partition_log.high_watermark <= last:
            try:
                async with asyncio.timeout(self.commit_timeout_s):
                    await partition_log.wait_high_watermark(last + 1, epoch)
            except TimeoutError as e:
                raise OffsetsLogError(
                    ErrorCode.REQUEST_TIMED_OUT,
                    f"{OFFSETS_TOPIC}-{partition}: not replicated within offsets.commit.timeout.ms",
                ) from e

    def append_nowait(self, partition: int, records: Sequence[RawRecord]) -> asyncio.Future[None]:
        """The commit path: the log's own future when the partition is not replicated (durable
        means fsynced here), else a task that also waits for the in-sync replicas."""
        partition_log = self._log_for(partition)
        if partition_log is None or partition_log.replicated:
            return asyncio.ensure_future(self.append(partition, records))
        info, written = partition_log.append_kv_nowait(records)
        if written is None:  # (not for these batches, which carry no producer id)
            written = asyncio.get_running_loop().create_future()
            written.set_result(None)
        future: asyncio.Future[None] = written
        return future

    async def read(self, partition: int) -> AsyncIterator[Sequence[RawRecord]]:
        partition_log = self._log_for(partition)
        if partition_log is None:
            return
        async for chunk in partition_log.key_value_batches():
            yield chunk

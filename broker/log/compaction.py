"""Which records compaction keeps: the pure half of the log cleaner (no files, no asyncio).

Kafka's rules (LogCleaner's `shouldRetainRecord` and `MemoryRecords.filterTo`):

- The offset map holds, for every key of the dirty section, the offset of its newest record.
- A record survives if no newer record of its key is in the map (its offset is at least the
  map's), it has a key, and, if it is a tombstone, it is still within `delete.retention.ms`.
- A batch whose records all survive is kept byte for byte (the producer's bytes, CRC and
  compression untouched). A batch that lost some records is re-encoded with the same base
  offset, attributes (compression included), producer fields and base timestamp; its remaining
  records keep their offset and timestamp deltas. A batch that lost all is dropped. Offsets are
  never renumbered: compaction leaves gaps, as in Kafka.
- Control batches (transaction markers) are kept whole.
- A transactional batch its producer aborted (`aborted`, from the log's aborted transactions)
  is dropped and never enters the offset map: an aborted record must not shadow the committed
  one before it (Kafka discards aborted records in `buildOffsetMap` and `filterInto` alike).

Tombstone expiry: Kafka 3.x (KIP-534) stamps a delete horizon into a batch on its first clean;
here a tombstone's own timestamp is the clock (the batch's max timestamp for LogAppendTime), so
a tombstone older than `delete.retention.ms` is removed by the next clean that sees it. Same
guarantee (a tombstone is visible to readers for at least delete.retention.ms after it was
written, given producer clocks), no header rewrite.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from protocol.records import (
    TIMESTAMP_TYPE_MASK,
    BatchHeader,
    Record,
    RecordBatch,
    decode_batch,
    encode_batch,
)

OffsetMap = dict[bytes, int]  # key -> offset of its newest record in the dirty section
Aborted = Callable[[BatchHeader], bool]  # whether a batch belongs to an aborted transaction


def never_aborted(_header: BatchHeader) -> bool:
    return False


def aborted_by(entries: Iterable[tuple[int, int, int]]) -> Aborted:
    """The predicate for aborted transactions given as (producer id, first offset, marker offset)."""
    spans: dict[int, list[tuple[int, int]]] = {}
    for pid, first, last in entries:
        spans.setdefault(pid, []).append((first, last))

    def aborted(h: BatchHeader) -> bool:
        if not h.is_transactional or h.is_control:
            return False
        return any(first <= h.base_offset <= last for first, last in spans.get(h.producer_id, ()))

    return aborted


@dataclass(frozen=True, slots=True)
class RetentionRule:
    """When a tombstone may go: its timestamp is at or before `now_ms - delete_retention_ms`."""

    now_ms: int
    delete_retention_ms: int

    @property
    def horizon_ms(self) -> int:
        return self.now_ms - self.delete_retention_ms

    def tombstone_expired(self, timestamp: int) -> bool:
        return timestamp <= self.horizon_ms


@dataclass(slots=True)
class FilterStats:
    batches_read: int = 0
    records_read: int = 0
    batches_kept_whole: int = 0
    batches_rewritten: int = 0
    batches_dropped: int = 0
    records_kept: int = 0
    tombstones_removed: int = 0


def add_to_offset_map(
    offset_map: OffsetMap, data: bytes | memoryview, header: BatchHeader, aborted: Aborted = never_aborted
) -> None:
    """Record the newest offset of each key of one stored batch (control batches have none;
    aborted transactional batches do not count)."""
    if header.is_control or aborted(header):
        return
    batch = decode_batch(data, check_crc=False)
    base = batch.base_offset
    for record in batch.records:
        if record.key is not None:
            offset = base + record.offset_delta
            if offset_map.get(record.key, -1) < offset:
                offset_map[record.key] = offset


def build_offset_map(batches: Iterable[tuple[BatchHeader, bytes]]) -> OffsetMap:
    offset_map: OffsetMap = {}
    for header, data in batches:
        add_to_offset_map(offset_map, data, header)
    return offset_map


def filter_batch(
    data: bytes | memoryview,
    header: BatchHeader,
    offset_map: OffsetMap,
    rule: RetentionRule,
    stats: FilterStats | None = None,
    aborted: Aborted = never_aborted,
) -> bytes | memoryview | None:
    """The bytes of what survives of one stored batch: `data` itself when the whole batch
    survives, a re-encoded batch when some records do, None when none does."""
    stats = stats if stats is not None else FilterStats()
    stats.batches_read += 1
    stats.records_read += max(header.records_count, 0)
    if header.is_control:
        stats.batches_kept_whole += 1
        return data
    if aborted(header):
        stats.batches_dropped += 1
        return None
    batch = decode_batch(data, check_crc=False)
    log_append_time = bool(batch.attributes & TIMESTAMP_TYPE_MASK)
    kept = []
    for record in batch.records:
        if record.key is None:
            continue  # Kafka's cleaner discards keyless records of a compacted log
        offset = batch.base_offset + record.offset_delta
        if offset < offset_map.get(record.key, -1):
            continue  # superseded by a newer record of the key
        if record.value is None:
            timestamp = (
                batch.max_timestamp if log_append_time else batch.base_timestamp + record.timestamp_delta
            )
            if rule.tombstone_expired(timestamp):
                stats.tombstones_removed += 1
                continue
        kept.append(record)
    stats.records_kept += len(kept)
    if len(kept) == len(batch.records):
        stats.batches_kept_whole += 1
        return data
    if not kept:
        stats.batches_dropped += 1
        return None
    stats.batches_rewritten += 1
    return encode_batch(retained_batch(batch, kept, log_append_time))


def retained_batch(batch: RecordBatch, kept: list[Record], log_append_time: bool) -> RecordBatch:
    """The batch re-made from its surviving records (Kafka's `buildRetainedRecordsInto`): same
    base offset, attributes, producer fields, leader epoch and base timestamp; the last offset
    delta and (CreateTime) max timestamp follow the remaining records."""
    max_timestamp = (
        batch.max_timestamp
        if log_append_time
        else max(batch.base_timestamp + r.timestamp_delta for r in kept)
    )
    return RecordBatch(
        base_offset=batch.base_offset,
        partition_leader_epoch=batch.partition_leader_epoch,
        attributes=batch.attributes,
        last_offset_delta=kept[-1].offset_delta,
        base_timestamp=batch.base_timestamp,
        max_timestamp=max_timestamp,
        producer_id=batch.producer_id,
        producer_epoch=batch.producer_epoch,
        base_sequence=batch.base_sequence,
        records=kept,
    )


def compact(
    batches: list[tuple[BatchHeader, bytes]],
    rule: RetentionRule,
    dirty_from: int = 0,
    stats: FilterStats | None = None,
    aborted: Aborted = never_aborted,
) -> list[bytes | memoryview]:
    """Clean a run of batches in memory: the offset map from the batches at or after offset
    `dirty_from` (the dirty section), then every batch filtered. What the cleaner does to its
    segments, without them (for tests and small logs)."""
    offset_map: OffsetMap = {}
    for h, d in batches:
        if h.last_offset >= dirty_from:
            add_to_offset_map(offset_map, d, h, aborted)
    out = []
    for header, data in batches:
        kept = filter_batch(data, header, offset_map, rule, stats, aborted)
        if kept is not None:
            out.append(kept)
    return out

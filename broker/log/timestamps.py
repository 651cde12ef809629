"""Finding offsets by timestamp (ListOffsets): the time index narrows the search to a few
batches, which are then decoded to find the exact record, as Kafka's `LogSegment` does."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from broker.log.errors import OffsetOutOfRange
from broker.log.segment import Segment
from protocol.records import BatchHeader, decode_batch, iter_batches

if TYPE_CHECKING:
    from broker.log.log import Log


async def offset_for_timestamp(lg: Log, timestamp: int) -> tuple[int, int] | None:
    """(offset, timestamp) of the first record with a timestamp >= `timestamp`, or None."""
    for seg in list(lg.segments):
        if seg.max_timestamp < timestamp or not seg.size:
            continue
        _, ts_offset = seg.time_index.lookup(timestamp - 1)  # every record before has an older timestamp
        start = max(ts_offset, seg.base_offset, lg.log_start_offset)
        async for h, data in segment_batches(lg, seg, start):
            if h.max_timestamp < timestamp:
                continue
            batch = decode_batch(data)
            for offset, ts, _ in batch:
                if ts >= timestamp and offset >= lg.log_start_offset:
                    return offset, ts
    return None


async def max_timestamp_offset(lg: Log) -> tuple[int, int] | None:
    """(offset, timestamp) of the record with the largest timestamp (the first such), or None."""
    best: Segment | None = None
    for seg in lg.segments:
        if seg.size and seg.max_timestamp >= 0 and (best is None or seg.max_timestamp > best.max_timestamp):
            best = seg
    if best is None:
        return None
    target = best.max_timestamp
    async for h, data in segment_batches(lg, best, best.base_offset):
        if h.max_timestamp != target:
            continue
        for offset, ts, _ in decode_batch(data):
            if ts == target:
                return offset, ts
    return None


async def segment_batches(lg: Log, seg: Segment, start: int) -> AsyncIterator[tuple[BatchHeader, bytes]]:
    offset = start
    while offset < seg.next_offset and offset < lg.high_watermark:
        try:
            result = await lg.read(offset, 1 << 20)
        except OffsetOutOfRange:
            return
        if not result.records or result.segment is not seg:
            return
        records = result.records
        assert isinstance(records, bytes)  # read with copy
        for pos, h in iter_batches(records):
            yield h, records[pos : pos + h.size]
            offset = h.next_offset


def legacy_offsets_before(lg: Log, timestamp: int, max_count: int) -> list[int]:
    """ListOffsets v0: segment base offsets older than `timestamp`, newest first (and the log
    end offset for the latest), as Kafka's `legacyFetchOffsetsBefore`."""
    candidates = [(s.largest_timestamp, s.base_offset) for s in lg.segments]
    if lg.active.size:
        candidates.append((lg.clock(), lg.high_watermark))
    if timestamp == -1:
        offsets = [o for _, o in candidates]
    elif timestamp == -2:
        offsets = [lg.log_start_offset]
    else:
        offsets = [o for ts, o in candidates if ts <= timestamp]
    offsets = sorted(set(offsets), reverse=True)
    if timestamp == -1 and lg.high_watermark not in offsets:
        offsets.insert(0, lg.high_watermark)
    return offsets[: max(0, max_count)]

"""Transactions in a partition read from disk: what a read_committed consumer (and the group
coordinator's loader) would see of it.

A transactional batch (attribute bit 4) belongs to its producer's open transaction until that
producer's next marker (a control batch: COMMIT or ABORT). `committed_batches` lets through
non-transactional batches as they come, holds transactional ones until their marker, then lets
them through on COMMIT and drops them on ABORT. A transaction still open at the end of the range
is looked for past it, to the end of the partition; one open there (undecided) is dropped, as a
read_committed reader stops before it. Markers themselves are not yielded.
"""

from __future__ import annotations

from collections.abc import Iterator

from jobs.segments import OffsetRange, RawBatch, ReadStats, range_batches
from protocol.records import CONTROL_MASK, TRANSACTIONAL_MASK, ControlRecordType

_MARKER = CONTROL_MASK | TRANSACTIONAL_MASK


def marker_commits(raw: RawBatch) -> bool | None:
    """True for a COMMIT marker, False for ABORT, None for any other control batch."""
    body = raw.view[raw.at + 61 : raw.at + raw.header.batch_length + 12]
    # one uncompressed control record: length, attributes, timestamp/offset deltas (varints),
    # key length (varint: 4 -> 8), key = int16 version + int16 type
    try:
        pos = 0
        for _ in range(4):  # length, attributes (a byte, not a varint, but < 0x80), two deltas
            while body[pos] & 0x80:
                pos += 1
            pos += 1
        while body[pos] & 0x80:
            pos += 1
        pos += 1
        kind = int.from_bytes(body[pos + 2 : pos + 4], "big", signed=True)
    except IndexError:
        return None
    if kind == ControlRecordType.COMMIT:
        return True
    if kind == ControlRecordType.ABORT:
        return False
    return None


def committed_batches(
    rng: OffsetRange, *, check_crc: bool = True, stats: ReadStats | None = None
) -> Iterator[RawBatch]:
    """The batches of `rng` a read_committed reader sees (see the module docstring)."""
    held: dict[int, list[RawBatch]] = {}
    for raw in range_batches(rng, check_crc=check_crc, stats=stats, include_control=True):
        h = raw.header
        if h.attributes & _MARKER == _MARKER:
            if stats is not None:
                stats.batches -= 1
            batches = held.pop(h.producer_id, [])
            if marker_commits(raw):
                yield from batches
            continue
        if h.is_control:
            if stats is not None:
                stats.batches -= 1
            continue
        if h.is_transactional:
            held.setdefault(h.producer_id, []).append(raw)
            continue
        yield raw
    if not held or rng.end is None:
        return
    rest = OffsetRange(rng.topic, rng.partition, rng.directory, rng.end, None, 0)
    for raw in range_batches(rest, check_crc=check_crc, include_control=True):
        h = raw.header
        if h.attributes & _MARKER == _MARKER and h.producer_id in held:
            batches = held.pop(h.producer_id)
            if marker_commits(raw):
                yield from batches
            if not held:
                return

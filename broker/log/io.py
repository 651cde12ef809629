"""The log's blocking disk work, run in the log manager's executor: group writes and fsyncs,
closing and deleting segments, and reads of stored batches (sliced, never re-encoded)."""

from __future__ import annotations

import struct
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from broker.log.errors import LogError
from broker.log.file_region import FileRegion
from broker.log.segment import WALK_SIZE, Segment, fsync_dir, locate, walk
from protocol.errors import ErrorCode
from protocol.records import BATCH_LENGTH_OFFSET, HEADER_SIZE, LOG_OVERHEAD

if TYPE_CHECKING:
    from broker.log.appender import PendingWrite


def write_group(
    group: list[PendingWrite], rolled: list[Segment], counts: list[tuple[Segment, int, int]]
) -> bool:
    """One group commit's writes (one pwritev per segment touched), its new index entries, and
    a full fsync of the segments it rolled away from. True if it created a segment file."""
    created = False
    for w in group:
        if not w.chunks:
            continue
        if w.segment.fd is None:
            created = True
        w.segment.write_at(w.position, w.chunks)
    for seg, n_index, n_time in counts:
        seg.write_indexes(n_index, n_time)
    for seg in rolled:
        seg.sync_all()
    return created


def write_and_sync(
    group: list[PendingWrite],
    rolled: list[Segment],
    counts: list[tuple[Segment, int, int]],
    touched: list[Segment],
    directory: Path | None,
    written: Callable[[], object] | None,
) -> bool:
    """A group commit in one executor job: the write (then `written()`, which tells the loop the
    bytes are readable), then the fdatasync of `touched` (and of the directory if a segment file
    was created). True if a segment file was created."""
    created = write_group(group, rolled, counts)
    if written is not None:
        written()
    if touched:
        sync_group(touched, directory if not created else touched[0].dir)
    return created


def sync_group(touched: list[Segment], directory: Path | None) -> None:
    """The group commit's fdatasync (and the directory's, when a segment file was created)."""
    for seg in touched:
        if seg.fd is None:
            seg.open()
            directory = seg.dir
        seg.sync()
    if directory is not None:
        fsync_dir(directory)


def close_segments(segments: list[Segment], directory: Path) -> None:
    if segments:
        segments[-1].finish()
        segments[-1].sync_all()
    fsync_dir(directory)
    for s in segments:
        s.close()


def delete_segments(segments: list[Segment]) -> None:
    for s in segments:
        s.delete_files()
    if segments:
        fsync_dir(segments[0].dir)


def truncate_segments(seg: Segment, offset: int, gone: list[Segment]) -> None:
    """Cut `seg` before its first batch holding `offset` or a later one, rebuilding its indexes
    from what is left, and delete the segments after it (a follower's divergent tail)."""
    size = seg.file_size()
    position = seg.offset_index.lookup(offset)[1] if offset > seg.base_offset else 0
    while position < size:
        buf = seg.read(position, min(size - position, 1 << 20))
        found, stop = locate(buf, offset)
        if found >= 0:
            position += found
            break
        if stop == 0:  # a torn batch: recovery cuts it anyway
            break
        position += stop
    seg.truncate(min(position, size))
    seg.recover()
    seg.sync_all()
    delete_segments(gone)
    fsync_dir(seg.dir)


def _unreadable(seg: Segment, position: int) -> LogError:
    return LogError(f"unreadable batch at byte {position} of {seg.log_path}", ErrorCode.CORRUPT_MESSAGE)


def read_segment(
    seg: Segment, p0: int, visible: int, offset: int, max_bytes: int, min_one: bool, copy: bool = True
) -> tuple[bytes | memoryview, int] | None:
    """(whole batches from the first one holding `offset`, its position), or None if the segment
    ends before `offset`. Blocking. Without `copy`, the batches are a view of the bytes read (a
    Fetch answer copies them once, into its frame, instead of twice)."""
    want = min(visible - p0, max(max_bytes, 0) + seg.index_interval + 8192)
    buf_start = p0
    buf = memoryview(seg.read(buf_start, max(want, min(visible - p0, WALK_SIZE))))
    while True:
        found, stop = locate(buf, offset)
        if found >= 0:
            break
        nxt = buf_start + stop
        if nxt >= visible:
            return None
        if stop == 0:
            raise _unreadable(seg, nxt)
        buf_start = nxt
        buf = memoryview(seg.read(buf_start, min(visible - buf_start, max(max_bytes, 0) + 65536)))
    start = buf_start + found
    rel = found
    if len(buf) - rel < LOG_OVERHEAD:
        buf, buf_start, rel = (
            memoryview(seg.read(start, min(visible - start, max(max_bytes, LOG_OVERHEAD)))),
            start,
            0,
        )
    first_size = struct.unpack_from(">i", buf, rel + 8)[0] + LOG_OVERHEAD
    limit = max(max_bytes, 0)
    if min_one and first_size > limit:
        limit = first_size
    limit = min(limit, visible - start)
    data = buf[rel : rel + limit] if rel + limit <= len(buf) else memoryview(seg.read(start, limit))
    cut = walk(data)
    return (bytes(data[:cut]) if copy else data[:cut]), start


# Headers are found by reading windows this much larger than the index interval: the batch an
# index entry points at is usually followed, within it, by the one wanted.
_PROBE = 16 * 1024
_LENGTH = struct.Struct(">i")


def find_batch(seg: Segment, position: int, visible: int, offset: int) -> int | None:
    """The position of the first batch from `position` (a batch start) on whose last offset is
    >= `offset`, or None if the segment ends first. Reads windows of headers; a batch that is
    not wanted is skipped by its length, unread. Blocking (small reads)."""
    pos = position
    while pos < visible:
        window = seg.read(pos, min(visible - pos, seg.index_interval + _PROBE))
        found, stop = locate(window, offset)
        if found >= 0:
            return pos + found
        if stop == 0:
            raise _unreadable(seg, pos)
        pos += stop
    return None


def _batch_size(seg: Segment, position: int) -> int:
    size: int = _LENGTH.unpack(seg.read(position + BATCH_LENGTH_OFFSET, 4))[0] + LOG_OVERHEAD
    if size < HEADER_SIZE:
        raise _unreadable(seg, position)
    return size


def region_end(seg: Segment, start: int, target: int) -> int:
    """The end of the last whole batch from `start` on that ends at or before `target`. Every
    index entry is a batch start, and entries are at most an index interval (plus the batch
    they name) apart: past the last entry before `target` and its batch, one small window is
    left to walk."""
    pos = max(start, seg.offset_index.floor_position(target))
    while target - pos >= HEADER_SIZE:
        size = _batch_size(seg, pos)
        if pos + size > target:
            break
        pos += size
        if target - pos <= seg.index_interval + _PROBE:
            return pos + walk(seg.read(pos, target - pos))
    return pos


def read_region(
    seg: Segment,
    p0: int,
    visible: int,
    offset: int,
    max_bytes: int,
    min_one: bool,
    cut_offset: int | None = None,
) -> tuple[FileRegion | bytes, int] | None:
    """`read_segment`'s batches as a region of the file (sent with sendfile, never read into
    memory): (the region, or b"" if nothing fits, and its start), or None if the segment ends
    before `offset`. `cut_offset`: the batch holding it and those after are left out (the high
    watermark, the last stable offset)."""
    start = find_batch(seg, p0, visible, offset)
    if start is None:
        return None
    bound = visible
    if cut_offset is not None:
        cut = find_batch(seg, seg.offset_index.lookup(cut_offset)[1], visible, cut_offset)
        if cut is not None:
            bound = cut
    if bound <= start:
        return b"", start
    limit = max(max_bytes, 0)
    if min_one:
        limit = max(limit, _batch_size(seg, start))
    end = region_end(seg, start, min(start + limit, bound))
    if end == start:
        return b"", start
    assert seg.fd is not None  # seg.read opened it
    return FileRegion(seg.fd, start, end - start), start

"""One log segment: `<base offset, 20 digits>.log` (record batches exactly as on the wire) with
its `.index` and `.timeindex`, in Kafka's layout.

The in-memory state (sizes, indexes, max timestamp) is changed on the event loop only; the
blocking methods (`write_at`, `sync`, `read`, `recover`, ...) run in the log's executor and
touch only the files and the bytes they are handed.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from broker.log.index import CorruptIndexError, OffsetIndex, TimeIndex
from protocol.log_files import (
    DELETED_SUFFIX,
    INDEX_SUFFIX,
    LOG_SUFFIX,
    OFFSET_ENTRY,
    TIME_ENTRY,
    TIMEINDEX_SUFFIX,
    TXNINDEX_SUFFIX,
    file_name,
)
from protocol.records import (
    BATCH_LENGTH_OFFSET,
    HEADER_SIZE,
    HEADER_STRUCT,
    LOG_OVERHEAD,
    MAGIC,
    MAX_TIMESTAMP_OFFSET,
    MIN_BATCH_LENGTH,
    WALK_STRUCT,
    BatchHeader,
    Buffer,
    compute_crc,
)

_CHUNK = 1 << 20  # bytes read at a time when scanning a segment
WALK_SIZE = WALK_STRUCT.size  # 27
_RELATIVE_MAX = (1 << 31) - 1


def pread_exact(fd: int, size: int, position: int) -> bytes:
    data = os.pread(fd, size, position)
    if len(data) == size:
        return data
    parts = [data]
    got = len(data)
    while got < size:
        more = os.pread(fd, size - got, position + got)
        if not more:
            break
        parts.append(more)
        got += len(more)
    return b"".join(parts)


def pwrite_all(fd: int, chunks: Sequence[Buffer], position: int) -> None:
    """Write every chunk at `position` on: the common case is one pwritev with no view built (a
    produce's batch: a prefix and its body); a short write (or chunks of items wider than a
    byte, whose len is not their size) goes on from what was written."""
    if 0 < len(chunks) <= 1024:
        n = os.pwritev(fd, chunks, position)
        if n == sum(map(len, chunks)):
            return
        chunks, position = _unwritten(chunks, n), position + n
    views = [memoryview(c).cast("B") for c in chunks]
    while views:
        n = os.pwritev(fd, views[:1024], position)
        position += n
        while views and n >= len(views[0]):
            n -= len(views[0])
            views.pop(0)
        if n:
            views[0] = views[0][n:]


def _unwritten(chunks: Sequence[Buffer], n: int) -> list[memoryview]:
    """What is left of `chunks` once their first `n` bytes are written (a short pwritev)."""
    views = [memoryview(c).cast("B") for c in chunks]
    while views and n >= len(views[0]):
        n -= len(views[0])
        views.pop(0)
    if n:
        views[0] = views[0][n:]
    return views


@dataclass(slots=True)
class BatchInfo:
    """What recovery learns of one batch (the header, its place in the file)."""

    position: int
    header: BatchHeader


@dataclass(slots=True)
class RecoveryResult:
    valid_bytes: int
    truncated_bytes: int
    next_offset: int  # offset after the last valid batch (base offset if none)
    batches: int
    reason: str | None  # why the scan stopped early, if it did


class Segment:
    """A segment's files and in-memory bookkeeping (see the module docstring)."""

    __slots__ = (
        "base_offset",
        "dir",
        "fd",
        "size",
        "end",
        "next_offset",
        "offset_index",
        "time_index",
        "index_interval",
        "bytes_since_index",
        "max_timestamp",
        "offset_of_max_timestamp",
        "rolling_timestamp",
        "created_ms",
        "readers",
        "retired",
        "closed",
        "_index_on_disk",
        "_time_on_disk",
        "_index_fd",
        "_time_fd",
        "_index_max_bytes",
        "txn_unwritten",
    )

    def __init__(
        self,
        directory: Path,
        base_offset: int,
        *,
        index_interval: int = 4096,
        index_max_bytes: int = 10 * 1024 * 1024,
        created_ms: int = 0,
    ):
        self.base_offset = base_offset
        self.dir = directory
        self.fd: int | None = None
        self.size = 0  # bytes written to the file (readable)
        self.end = 0  # bytes assigned, written or not (where the next append goes)
        self.next_offset = base_offset  # offset after the last assigned batch
        self._index_max_bytes = index_max_bytes
        # `.txnindex` entries (aborted transactions whose marker is here) not yet in the file: the
        # writer appends and fsyncs them with the segment's next sync, i.e. with the marker.
        self.txn_unwritten: list[bytes] = []
        self.offset_index = OffsetIndex(base_offset, index_max_bytes)
        self.time_index = TimeIndex(base_offset, index_max_bytes)
        self.index_interval = index_interval
        self.bytes_since_index = 0
        self.max_timestamp = -1
        self.offset_of_max_timestamp = base_offset
        self.rolling_timestamp: int | None = None  # max timestamp of the first batch
        self.created_ms = created_ms
        self.readers = 0  # reads in flight in the executor
        self.retired = False  # removed from the log; close once no reader is left
        self.closed = False
        self._index_on_disk = 0  # entries already in the .index file
        self._time_on_disk = 0
        # The index files, open while the segment is active: an append that adds an index entry
        # (every 4 KB) would otherwise open and close a file per write.
        self._index_fd: int | None = None
        self._time_fd: int | None = None

    def __repr__(self) -> str:
        return f"Segment({self.dir.name}/{self.base_offset}, size={self.size}, next={self.next_offset})"

    # --- paths ---------------------------------------------------------------------------------

    @property
    def log_path(self) -> Path:
        return self.dir / file_name(self.base_offset, LOG_SUFFIX)

    @property
    def index_path(self) -> Path:
        return self.dir / file_name(self.base_offset, INDEX_SUFFIX)

    @property
    def timeindex_path(self) -> Path:
        return self.dir / file_name(self.base_offset, TIMEINDEX_SUFFIX)

    @property
    def txnindex_path(self) -> Path:
        return self.dir / file_name(self.base_offset, TXNINDEX_SUFFIX)

    def write_txn_index(self) -> None:
        """Append the aborted transactions noted since the last call to `.txnindex`, fsynced."""
        if not self.txn_unwritten:
            return
        pending, self.txn_unwritten = self.txn_unwritten, []
        fd = os.open(
            self.txnindex_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_CLOEXEC", 0), 0o644
        )
        try:
            os.write(fd, b"".join(pending))
            os.fsync(fd)
        finally:
            os.close(fd)

    def replace_txn_index(self, entries: list[bytes]) -> None:
        """Rewrite `.txnindex` from a rescan (no file when there is nothing to index)."""
        self.txn_unwritten = []
        if entries:
            _replace_file(self.txnindex_path, b"".join(entries), True)
        else:
            self.txnindex_path.unlink(missing_ok=True)

    # --- bookkeeping (event loop) --------------------------------------------------------------

    @property
    def is_empty(self) -> bool:
        return self.end == 0

    def can_hold(self, last_offset: int) -> bool:
        return last_offset - self.base_offset <= _RELATIVE_MAX

    def note_batch(self, position: int, size: int, last_offset: int, max_timestamp: int) -> None:
        """Account for a batch placed at `position` (as LogSegment.append does for its indexes)."""
        if position == 0 and self.rolling_timestamp is None:
            self.rolling_timestamp = max_timestamp
        if max_timestamp > self.max_timestamp:
            self.max_timestamp = max_timestamp
            self.offset_of_max_timestamp = last_offset
        if self.bytes_since_index > self.index_interval:
            self.offset_index.append(last_offset, position)
            self.time_index.maybe_append(self.max_timestamp, self.offset_of_max_timestamp)
            self.bytes_since_index = 0
        self.bytes_since_index += size
        self.end = position + size
        self.next_offset = last_offset + 1

    def finish(self) -> None:
        """The segment stops being active: its time index gets the max timestamp (Kafka's
        `onBecomeInactiveSegment`)."""
        if self.max_timestamp >= 0:
            self.time_index.maybe_append(self.max_timestamp, self.offset_of_max_timestamp)

    @property
    def largest_timestamp(self) -> int:
        """The max timestamp of its batches, or the file's mtime if none has one (retention)."""
        if self.max_timestamp > 0:
            return self.max_timestamp
        try:
            return int(self.log_path.stat().st_mtime * 1000)
        except OSError:
            return 0

    def reset_indexes(self) -> None:
        self.offset_index = OffsetIndex(self.base_offset, self._index_max_bytes)
        self.time_index = TimeIndex(self.base_offset, self._index_max_bytes)
        self.bytes_since_index = 0
        self.max_timestamp = -1
        self.offset_of_max_timestamp = self.base_offset
        self._index_on_disk = 0
        self._time_on_disk = 0

    # --- files (executor) ----------------------------------------------------------------------

    def open(self) -> None:
        if self.fd is None:
            self.fd = os.open(self.log_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)

    def write_at(self, position: int, chunks: Sequence[Buffer]) -> None:
        self.open()
        assert self.fd is not None
        pwrite_all(self.fd, chunks, position)

    @property
    def indexes_behind(self) -> int:
        """Index entries (offset and time) kept in memory but not yet written to their files."""
        return len(self.offset_index) - self._index_on_disk + len(self.time_index) - self._time_on_disk

    def write_indexes(self, index_count: int, time_count: int) -> None:
        """Append the index entries (up to the given counts) not yet in the files."""
        if index_count > self._index_on_disk:
            data = self.offset_index.encode(self._index_on_disk)[
                : (index_count - self._index_on_disk) * OFFSET_ENTRY.size
            ]
            if self._index_fd is None:
                self._index_fd = _open_for_write(self.index_path)
            pwrite_all(self._index_fd, [data], self._index_on_disk * OFFSET_ENTRY.size)
            self._index_on_disk = index_count
        if time_count > self._time_on_disk:
            data = self.time_index.encode(self._time_on_disk)[
                : (time_count - self._time_on_disk) * TIME_ENTRY.size
            ]
            if self._time_fd is None:
                self._time_fd = _open_for_write(self.timeindex_path)
            pwrite_all(self._time_fd, [data], self._time_on_disk * TIME_ENTRY.size)
            self._time_on_disk = time_count

    def _close_indexes(self, sync: bool = False) -> None:
        """Close the index files held open (fsynced first if `sync`)."""
        for fd in (self._index_fd, self._time_fd):
            if fd is not None:
                try:
                    if sync:
                        os.fsync(fd)
                finally:
                    os.close(fd)
        self._index_fd = self._time_fd = None

    def rewrite_indexes(self, sync: bool = False) -> None:
        """Replace both index files with the in-memory indexes."""
        self._close_indexes()
        for path, data in (
            (self.index_path, self.offset_index.encode()),
            (self.timeindex_path, self.time_index.encode()),
        ):
            _replace_file(path, data, sync)
        self._index_on_disk = len(self.offset_index)
        self._time_on_disk = len(self.time_index)

    def sync(self) -> None:
        """fdatasync the log file (its size included), and the `.txnindex` entries due."""
        if self.fd is not None:
            os.fdatasync(self.fd)
        self.write_txn_index()

    def sync_all(self) -> None:
        """Write and fsync the log and both indexes: what a segment that stops being active gets."""
        self.write_indexes(len(self.offset_index), len(self.time_index))
        self.sync()
        held = (self._index_fd is not None, self._time_fd is not None)
        self._close_indexes(sync=True)
        for path, synced in zip((self.index_path, self.timeindex_path), held, strict=True):
            if not synced:
                _fsync_path(path)

    def read(self, position: int, size: int) -> bytes:
        self.open()
        assert self.fd is not None
        return pread_exact(self.fd, size, position)

    def file_size(self) -> int:
        try:
            return self.log_path.stat().st_size
        except FileNotFoundError:
            return 0

    def truncate(self, size: int) -> None:
        self.open()
        assert self.fd is not None
        os.ftruncate(self.fd, size)

    def close(self) -> None:
        self._close_indexes()
        if self.fd is not None and not self.closed:
            os.close(self.fd)
        self.fd = None
        self.closed = True

    def delete_files(self) -> None:
        """Rename to `.deleted` (so a crash meanwhile leaves it recognisably dead), then unlink.
        Open descriptors keep working for reads still in flight."""
        for path in (self.log_path, self.index_path, self.timeindex_path, self.txnindex_path):
            dead = path.with_name(path.name + DELETED_SUFFIX)
            try:
                path.rename(dead)
            except FileNotFoundError:
                continue
            dead.unlink(missing_ok=True)

    # --- loading and recovery (executor) -------------------------------------------------------

    def load_indexes(self, log_size: int) -> None:
        """Read both index files; raises CorruptIndexError (or FileNotFoundError) if they cannot
        be trusted, in which case the caller recovers the segment instead."""
        data = self.index_path.read_bytes()
        self.offset_index = OffsetIndex.decode(self.base_offset, data, log_size, self._index_max_bytes)
        self._index_on_disk = len(self.offset_index)
        try:
            tdata = self.timeindex_path.read_bytes()
        except FileNotFoundError:
            tdata = b""
        self.time_index = TimeIndex.decode(self.base_offset, tdata, self._index_max_bytes)
        self._time_on_disk = len(self.time_index)

    def walk_tail(self, log_size: int) -> int:
        """Walk batch headers from the last index entry to the end of the file, without CRCs: the
        cheap check that a segment we do not fully recover ends on a whole batch. Returns the next
        offset; raises CorruptIndexError if the walk does not land exactly on the end."""
        self.open()
        assert self.fd is not None
        _, pos = self.offset_index.last_entry
        next_offset: int | None = None
        last_max_ts = -1
        while pos < log_size:
            head = pread_exact(self.fd, HEADER_SIZE, pos)
            if len(head) < HEADER_SIZE:
                raise CorruptIndexError(f"torn batch header at byte {pos}")
            h = BatchHeader._make(HEADER_STRUCT.unpack(head))
            if h.magic != MAGIC or h.batch_length < MIN_BATCH_LENGTH or pos + h.size > log_size:
                raise CorruptIndexError(f"invalid batch at byte {pos}")
            if next_offset is not None and h.base_offset < next_offset:
                raise CorruptIndexError(f"offsets go backwards at byte {pos}")
            next_offset = h.last_offset + 1
            last_max_ts = max(last_max_ts, h.max_timestamp)
            if pos == 0:
                self.rolling_timestamp = h.max_timestamp
            pos += h.size
        if log_size and self.rolling_timestamp is None:
            head = pread_exact(self.fd, HEADER_SIZE, 0)
            if len(head) == HEADER_SIZE:
                (self.rolling_timestamp,) = _I64.unpack_from(head, MAX_TIMESTAMP_OFFSET)
        self.max_timestamp, self.offset_of_max_timestamp = self.time_index.last_entry
        if next_offset is None:
            next_offset = self.base_offset
        elif last_max_ts > self.max_timestamp:
            self.max_timestamp, self.offset_of_max_timestamp = last_max_ts, next_offset - 1
        self.size = self.end = log_size
        self.next_offset = next_offset
        self.bytes_since_index = log_size - self.offset_index.last_entry[1]
        return next_offset

    def recover(self, on_batch: Callable[[BatchInfo], None] | None = None) -> RecoveryResult:
        """Scan the whole file, checking every batch (magic, length, CRC, offsets), rebuilding the
        indexes, and cut the file after the last valid batch (Kafka's `LogSegment.recover`).
        Like Kafka, a base offset that grows (a gap) is accepted: compaction makes gaps."""
        self.open()
        assert self.fd is not None
        file_size = os.fstat(self.fd).st_size
        self.reset_indexes()
        self.rolling_timestamp = None
        valid = 0
        next_offset = self.base_offset
        batches = 0
        reason: str | None = None
        buf = b""
        buf_start = 0
        while valid < file_size:
            # Make sure the batch at `valid` is in the buffer, reading on as needed.
            rel = valid - buf_start
            if rel + LOG_OVERHEAD > len(buf) or rel + HEADER_SIZE > len(buf):
                buf = pread_exact(self.fd, min(_CHUNK, file_size - valid), valid)
                buf_start, rel = valid, 0
                if len(buf) < HEADER_SIZE:
                    reason = f"torn batch header ({len(buf)} bytes)"
                    break
            (length,) = _I32.unpack_from(buf, rel + BATCH_LENGTH_OFFSET)
            size = length + LOG_OVERHEAD
            if length < MIN_BATCH_LENGTH:
                reason = f"invalid batch length {length}"
                break
            if valid + size > file_size:
                reason = f"torn batch: {size} bytes announced, {file_size - valid} left"
                break
            if rel + size > len(buf):
                buf = pread_exact(self.fd, max(size, min(_CHUNK, file_size - valid)), valid)
                buf_start, rel = valid, 0
            h = BatchHeader._make(HEADER_STRUCT.unpack_from(buf, rel))
            if h.magic != MAGIC:
                reason = f"invalid magic {h.magic}"
                break
            if h.crc != compute_crc(buf, rel, size):
                reason = "CRC mismatch"
                break
            if h.base_offset < next_offset or h.last_offset_delta < 0 or not self.can_hold(h.last_offset):
                reason = (
                    f"offsets {h.base_offset}..{h.last_offset} out of order or range (expected {next_offset})"
                )
                break
            self.note_batch(valid, size, h.last_offset, h.max_timestamp)
            if on_batch is not None:
                on_batch(BatchInfo(valid, h))
            next_offset = h.last_offset + 1
            valid += size
            batches += 1
        truncated = file_size - valid
        if truncated:
            os.ftruncate(self.fd, valid)
        self.size = self.end = valid
        self.next_offset = next_offset
        self.finish()
        self.rewrite_indexes()
        return RecoveryResult(valid, truncated, next_offset, batches, reason if truncated else None)


def _open_for_write(path: Path) -> int:
    return os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)


def _replace_file(path: Path, data: bytes, sync: bool) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), 0o644)
    try:
        pwrite_all(fd, [data], 0)
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_path(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def walk(buf: bytes | memoryview, start: int = 0) -> int:
    """The end of the last whole batch in `buf` from `start` (cheap: lengths only)."""
    pos = start
    end = len(buf)
    unpack = _I32.unpack_from
    while end - pos >= LOG_OVERHEAD:
        size = unpack(buf, pos + 8)[0] + LOG_OVERHEAD
        if size < HEADER_SIZE or pos + size > end:
            break
        pos += size
    return pos


def locate(buf: bytes | memoryview, offset: int, start: int = 0) -> tuple[int, int]:
    """(position of the first batch in `buf` whose last offset >= `offset`, or -1; the position
    where the walk stopped). A batch running past the end of `buf` stops the walk at its start."""
    pos = start
    end = len(buf)
    unpack = WALK_STRUCT.unpack_from
    while end - pos >= WALK_SIZE:
        base, length, delta = unpack(buf, pos)
        if base + delta >= offset:
            return pos, pos
        size = length + LOG_OVERHEAD
        if size < HEADER_SIZE:
            return -1, pos
        pos += size
    return -1, pos


_I32 = struct.Struct(">i")
_I64 = struct.Struct(">q")

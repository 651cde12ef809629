"""Replacing segments with their cleaned version, crash-safely (Kafka's `.cleaned` / `.swap`
protocol), and finishing or discarding an interrupted replacement on start. Blocking: the
cleaner's thread and the loader run these.

One cleaned segment at a time (`CleanedOutput`, then `finish_swap`):
  1. write `<base>.log.cleaned` with its `.index.cleaned`, `.timeindex.cleaned` and
     `<base>.replaces.cleaned` (the base offsets of the segments it replaces); fsync them;
  2. rename the sidecars to `.swap`, then `<base>.log.cleaned` -> `<base>.log.swap`: the commit
     point; fsync the directory;
  3. rename the replaced segments' files to `.deleted`; fsync the directory;
  4. rename the `.swap` files to their final names (the log file last), fsync the directory;
     remove the sidecar and the `.deleted` files.
A crash before (2) leaves `.cleaned` files, which recovery deletes: the old segments are intact.
A crash after it leaves `<base>.log.swap`, which recovery (`recover_swaps`, called by the loader
before it lists segments) completes: it deletes what is left of the replaced segments, renames
the swap into place and drops the index swaps (the segment's indexes are rebuilt by a scan).
A reader of the directory (jobs/segments.py) reads `<base>.log.swap` where `<base>.log` is gone.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from broker import logging_setup
from broker.log.segment import Segment, fsync_dir, pwrite_all
from protocol.log_files import (
    CLEANED_SUFFIX,
    DELETED_SUFFIX,
    INDEX_SUFFIX,
    LOG_SUFFIX,
    SWAP_SUFFIX,
    TIMEINDEX_SUFFIX,
    file_name,
    parse_base_offset,
)
from protocol.records import BatchHeader

log = logging_setup.get_logger("kbroker.cleaner")

REPLACES_SUFFIX = ".replaces"  # kbroker's: the segments a swap replaces (recovery reads it)
_SEGMENT_SUFFIXES = (LOG_SUFFIX, INDEX_SUFFIX, TIMEINDEX_SUFFIX)
_WRITE_BUFFER = 1 << 20
_RELATIVE_MAX = (1 << 31) - 1


def _path(directory: Path, base: int, suffix: str, state: str = "") -> Path:
    return directory / (file_name(base, suffix) + state)


def _write_file(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), 0o644)
    try:
        pwrite_all(fd, [data], 0)
        os.fsync(fd)
    finally:
        os.close(fd)


class CleanedOutput:
    """One cleaned segment being written (step 1), then committed (step 2)."""

    def __init__(self, first: Segment, *, index_interval: int, index_max_bytes: int):
        self.dir, self.base = first.dir, first.base_offset
        self.replaced: list[Segment] = []
        self.segment = Segment(
            self.dir,
            self.base,
            index_interval=index_interval,
            index_max_bytes=index_max_bytes,
            created_ms=first.created_ms,
        )
        self.fd = os.open(
            _path(self.dir, self.base, LOG_SUFFIX, CLEANED_SUFFIX),
            os.O_RDWR | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0),
            0o644,
        )
        self.size = 0
        self._pending: list[bytes] = []
        self._pending_bytes = 0
        self._flushed = 0

    def fits(self, seg: Segment, max_bytes: int) -> bool:
        """Whether `seg`, whatever survives of it, is sure to fit (its original size bounds it)."""
        if not self.replaced:
            return True
        out = self.segment
        return (
            self.size + seg.size <= max_bytes
            and len(out.offset_index) + len(seg.offset_index) < out.offset_index.max_entries
            and len(out.time_index) + len(seg.time_index) < out.time_index.max_entries
            and seg.next_offset - 1 - self.base <= _RELATIVE_MAX
        )

    def add(self, data: bytes | memoryview, header: BatchHeader) -> None:
        self.segment.note_batch(self.size, header.size, header.last_offset, header.max_timestamp)
        self.size += header.size
        self._pending.append(bytes(data))
        self._pending_bytes += header.size
        if self._pending_bytes >= _WRITE_BUFFER:
            self._flush()

    def _flush(self) -> None:
        if self._pending:
            pwrite_all(self.fd, self._pending, self._flushed)
            self._flushed += self._pending_bytes
            self._pending, self._pending_bytes = [], 0

    def commit(self) -> Segment:
        """Write out and fsync everything, then rename to `.swap` (the commit point)."""
        self._flush()
        new, directory, base = self.segment, self.dir, self.base
        new.finish()
        if new.max_timestamp <= 0 and self.replaced:
            # No timestamp left to go by (retention.ms under compact,delete): keep the replaced
            # segments' age as the file's mtime, as Kafka's cleaner does.
            newest = max(s.largest_timestamp for s in self.replaced)
            os.utime(self.fd, ns=(newest * 1_000_000, newest * 1_000_000))
        os.fsync(self.fd)
        new.size = new.end = self.size
        _write_file(_path(directory, base, INDEX_SUFFIX, CLEANED_SUFFIX), new.offset_index.encode())
        _write_file(_path(directory, base, TIMEINDEX_SUFFIX, CLEANED_SUFFIX), new.time_index.encode())
        replaced = "".join(f"{s.base_offset}\n" for s in self.replaced)
        _write_file(_path(directory, base, REPLACES_SUFFIX, CLEANED_SUFFIX), replaced.encode())
        fsync_dir(directory)
        for suffix in (INDEX_SUFFIX, TIMEINDEX_SUFFIX, REPLACES_SUFFIX, LOG_SUFFIX):  # the log file last
            os.rename(
                _path(directory, base, suffix, CLEANED_SUFFIX), _path(directory, base, suffix, SWAP_SUFFIX)
            )
        fsync_dir(directory)  # committed: recovery now completes this swap
        new.fd = self.fd
        new._index_on_disk = len(new.offset_index)
        new._time_on_disk = len(new.time_index)
        return new

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self.fd)
        discard_cleaned(self.dir)


def finish_swap(directory: Path, base: int, replaced: list[int], *, keep_indexes: bool = True) -> None:
    """Steps 3 and 4: the replaced segments' files renamed `.deleted`, the swap files renamed
    into place (the log file last), the leftovers removed. Also how recovery completes a swap
    (with `keep_indexes=False`: the indexes are rebuilt by a scan instead)."""
    dead: list[Path] = []
    for b in replaced:
        for suffix in _SEGMENT_SUFFIXES:
            path = _path(directory, b, suffix)
            target = path.with_name(path.name + DELETED_SUFFIX)
            with contextlib.suppress(FileNotFoundError):
                path.rename(target)
                dead.append(target)
    fsync_dir(directory)
    for suffix in (TIMEINDEX_SUFFIX, INDEX_SUFFIX):
        swap = _path(directory, base, suffix, SWAP_SUFFIX)
        with contextlib.suppress(FileNotFoundError):
            if keep_indexes:
                swap.rename(_path(directory, base, suffix))
            else:
                swap.unlink()
    _path(directory, base, LOG_SUFFIX, SWAP_SUFFIX).rename(_path(directory, base, LOG_SUFFIX))
    fsync_dir(directory)
    _path(directory, base, REPLACES_SUFFIX, SWAP_SUFFIX).unlink(missing_ok=True)
    for path in dead:
        path.unlink(missing_ok=True)
    fsync_dir(directory)


def discard_cleaned(directory: Path) -> None:
    """Remove a clean's uncommitted output (`*.cleaned`)."""
    for name in os.listdir(directory):
        if name.endswith(CLEANED_SUFFIX):
            (directory / name).unlink(missing_ok=True)


def recover_swaps(directory: Path) -> list[str]:
    """On load, before segments are listed: discard uncommitted cleans, complete committed
    swaps. Returns a sentence per swap completed or file discarded. Blocking."""
    done: list[str] = []
    names = sorted(os.listdir(directory))
    for name in names:
        if name.endswith(CLEANED_SUFFIX):
            (directory / name).unlink(missing_ok=True)
            log.warning("discard cleaned", dir=directory.name, file=name, reason="an unfinished clean")
            done.append(f"{directory.name}/{name}: discarded (an unfinished clean)")
    for name in names:
        if not name.endswith(LOG_SUFFIX + SWAP_SUFFIX):
            continue
        base = parse_base_offset(name)
        if base is None:
            continue
        sidecar = _path(directory, base, REPLACES_SUFFIX, SWAP_SUFFIX)
        try:
            replaced = [int(line) for line in sidecar.read_text().split()]
        except (FileNotFoundError, ValueError):
            replaced = [base]
        if base not in replaced:
            replaced.append(base)
        finish_swap(directory, base, replaced, keep_indexes=False)
        log.warning("complete swap", dir=directory.name, base_offset=base, replaced=replaced)
        done.append(f"{directory.name}/{name}: swap completed, replacing segments {replaced}")
    for name in os.listdir(directory):
        if name.endswith(SWAP_SUFFIX):  # sidecars and index swaps whose log swap is done
            (directory / name).unlink(missing_ok=True)
            done.append(f"{directory.name}/{name}: discarded (left over by a completed swap)")
    if done:
        fsync_dir(directory)
    return done

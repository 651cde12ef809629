"""Kafka-layout partition directories read straight from disk, safely while a broker writes them.

A log dir holds `<topic>-<partition>/` directories; each holds segments named by their base
offset (`00000000000000000000.log`, with `.index` and `.timeindex`), record batches exactly as
on the wire. This module finds them, plans offset ranges over them and reads the complete,
valid record batches of a range. It is plain Python (no Spark): the data sources call it on
the executors, and the tests call it directly.

Reading a live directory:
- a segment is read up to the size it had when it was opened; a batch the broker is still
  writing (a torn tail: an incomplete header or a batch running past the end) is skipped;
- a batch that is not valid (bad magic or length, CRC mismatch, undecodable records) ends the
  segment, as Kafka's recovery would truncate it there; it is counted, never raised;
- the cleaner replaces segments while we read (Kafka's swap: `.cleaned` -> `.swap`, the old
  segments renamed `.deleted`, then `.swap` -> `.log`). A range is read by offset, not by file:
  a segment that vanished between listing and opening is looked for again (its `.deleted`
  name, a `.swap` file, or the segment that now covers the offset), and records below the
  offset already read are dropped, so nothing is read twice or skipped.
"""

from __future__ import annotations

import logging
import os
import struct
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from protocol.log_files import DELETED_SUFFIX, INDEX_SUFFIX, LOG_SUFFIX, OFFSET_ENTRY, SWAP_SUFFIX
from protocol.records import (
    HEADER_SIZE,
    LOG_OVERHEAD,
    BatchHeader,
    CorruptRecordError,
    RecordBatch,
    decode_batch,
    iter_batches,
    verify_crc,
)

log = logging.getLogger("kbroker.jobs")

OFFSETS_TOPIC = "__consumer_offsets"
CHUNK_BYTES = 8 << 20  # bytes read from a segment at a time
_BATCH_LENGTH = struct.Struct(">i")
_MAX_REOPENS = 50
# files a Kafka (and kbroker) log dir holds at its top
LOG_DIR_MARKERS = frozenset(
    {
        "meta.properties",
        "recovery-point-offset-checkpoint",
        "log-start-offset-checkpoint",
        "replication-offset-checkpoint",
        "cleaner-offset-checkpoint",
    }
)


@dataclass(frozen=True, slots=True)
class PartitionDir:
    topic: str
    partition: int
    path: str
    replica: int | None = None  # the broker.id of its log dir (meta.properties), if it says


@dataclass(frozen=True, slots=True)
class SegmentFile:
    base_offset: int
    path: str
    size: int
    inode: int = 0  # tells a segment from the cleaner's replacement at the same base offset


@dataclass(frozen=True, slots=True)
class OffsetRange:
    """The offsets [start, end) of one topic partition (end None: to the end of the log)."""

    topic: str
    partition: int
    directory: str
    start: int
    end: int | None
    size: int  # bytes of the segments it covered when planned
    replica: int | None = None  # the broker.id whose copy it is, if known


@dataclass(slots=True)
class ReadStats:
    segments: int = 0
    batches: int = 0
    records: int = 0
    torn_bytes: int = 0  # incomplete batches skipped at segment ends
    invalid_batches: int = 0  # segments cut at a batch that is not valid
    reopened: int = 0  # segments looked for again after the cleaner swapped them
    replica: int | None = None  # over the network: the broker the last batches came from
    notes: list[str] = field(default_factory=list)


def parse_partition_dir(name: str) -> tuple[str, int] | None:
    """`<topic>-<partition>` as Kafka names it; None for deleted, future or stray directories."""
    if name.endswith(("-delete", "-future", "-stray")) or "-" not in name:
        return None
    topic, _, part = name.rpartition("-")
    if not topic or not part.isdigit():
        return None
    return topic, int(part)


def split_log_dirs(paths: str | Path | Iterable[str | Path]) -> list[str]:
    """Log dirs from a path, a comma-separated list (as `log.dirs` is written) or an iterable."""
    if isinstance(paths, str | Path):
        paths = str(paths).split(",")
    return [str(Path(p.strip() if isinstance(p, str) else p).expanduser()) for p in paths if str(p).strip()]


def partition_dirs(
    log_dirs: str | Path | Iterable[str | Path],
    topic: str | None = None,
    leaders: Mapping[tuple[str, int], int] | None = None,
) -> list[PartitionDir]:
    """Every partition directory of the log dirs (of `topic` only, if given), sorted.

    Given several brokers' log dirs (a cluster), a partition held by several replicas is read
    from one, so that every record counts once: the leader's, when `leaders` names it, else the
    replica whose log ends furthest (then the one with the newest leader epoch, then the lowest
    broker id): a follower's copy is a prefix of the leader's, and a replica that ends further
    has everything the shorter ones acknowledged.

    Raises FileNotFoundError naming a log dir that does not exist, ValueError naming one that
    holds files but nothing of a broker's (an empty dir is a log dir with no partitions yet)."""
    found: dict[tuple[str, int], list[PartitionDir]] = {}
    for d in split_log_dirs(log_dirs):
        if not os.path.isdir(d):
            raise FileNotFoundError(f"no such log dir: {d}")
        replica = broker_id(d)
        any_partition = False
        with os.scandir(d) as entries:
            names = []
            for entry in entries:
                names.append(entry.name)
                if not entry.is_dir():
                    continue
                tp = parse_partition_dir(entry.name)
                if tp is None:
                    continue
                any_partition = True
                if topic is not None and tp[0] != topic:
                    continue
                found.setdefault(tp, []).append(PartitionDir(tp[0], tp[1], entry.path, replica))
        if names and not any_partition and not LOG_DIR_MARKERS.intersection(names):
            raise ValueError(
                f"{d} is not a broker's log dir: no <topic>-<partition> directories and none of "
                f"{', '.join(sorted(LOG_DIR_MARKERS))}"
            )
    return [choose_replica(found[tp], (leaders or {}).get(tp)) for tp in sorted(found)]


def choose_replica(copies: list[PartitionDir], leader: int | None = None) -> PartitionDir:
    """The copy of a partition to read: the leader's if it is among them, else the longest."""
    if len(copies) == 1:
        return copies[0]
    for c in copies:
        if leader is not None and c.replica == leader:
            return c

    def rank(c: PartitionDir) -> tuple[int, int, int]:
        return (
            log_bounds(c, check_crc=True).log_end_offset,
            latest_leader_epoch(c.path),
            -(c.replica if c.replica is not None else 1 << 31),
        )

    return max(copies, key=rank)


def broker_id(log_dir: str) -> int | None:
    """The `broker.id` a log dir's meta.properties names (Kafka's format), None if it has none."""
    try:
        with open(os.path.join(log_dir, "meta.properties"), encoding="utf-8") as f:
            for line in f:
                name, sep, value = line.strip().partition("=")
                if sep and name.strip() in ("broker.id", "node.id") and value.strip().lstrip("-").isdigit():
                    return int(value.strip())
    except OSError:
        pass
    return None


def latest_leader_epoch(partition_dir: str) -> int:
    """The newest epoch of the partition's `leader-epoch-checkpoint` (version, count, then
    `epoch start_offset` lines), -1 when there is none or it does not parse."""
    try:
        with open(os.path.join(partition_dir, "leader-epoch-checkpoint"), encoding="utf-8") as f:
            lines = f.read().split("\n")
        count = int(lines[1])
        return int(lines[1 + count].split()[0]) if count > 0 else -1
    except (OSError, ValueError, IndexError):
        return -1


def _base_offset(name: str) -> int | None:
    stem = name.split(".", 1)[0]
    return int(stem) if len(stem) == 20 and stem.isdigit() else None


def list_segments(directory: str) -> list[SegmentFile]:
    """The segments of a partition directory by base offset: `.log` files, and a `.log.swap`
    where the cleaner is between deleting the old segment and renaming the new one."""
    logs: dict[int, SegmentFile] = {}
    swaps: dict[int, SegmentFile] = {}
    try:
        entries = list(os.scandir(directory))
    except FileNotFoundError:
        return []
    for entry in entries:
        name = entry.name
        base = _base_offset(name)
        if base is None:
            continue
        target = (
            logs if name.endswith(LOG_SUFFIX) else swaps if name.endswith(LOG_SUFFIX + SWAP_SUFFIX) else None
        )
        if target is None:
            continue
        try:
            size = entry.stat().st_size
        except FileNotFoundError:
            continue
        target[base] = SegmentFile(base, entry.path, size, entry.inode())
    for base, seg in swaps.items():
        logs.setdefault(base, seg)
    return [logs[b] for b in sorted(logs)]


def plan_ranges(pdir: PartitionDir, split_bytes: int | None = None) -> list[OffsetRange]:
    """One range for the partition, or, when its segments hold more than `split_bytes`, one per
    run of consecutive segments of about that size. Empty partitions get none."""
    segments = list_segments(pdir.path)
    total = sum(s.size for s in segments)
    if total == 0:
        return []
    if not split_bytes or total <= split_bytes:
        return [OffsetRange(pdir.topic, pdir.partition, pdir.path, 0, None, total, pdir.replica)]
    groups: list[list[SegmentFile]] = [[]]
    acc = 0
    for s in segments:
        if acc >= split_bytes:
            groups.append([])
            acc = 0
        groups[-1].append(s)
        acc += s.size
    ranges = []
    for i, g in enumerate(groups):
        start = 0 if i == 0 else g[0].base_offset
        end = groups[i + 1][0].base_offset if i + 1 < len(groups) else None
        size = sum(s.size for s in g)
        ranges.append(OffsetRange(pdir.topic, pdir.partition, pdir.path, start, end, size, pdir.replica))
    return ranges


# --- reading one segment ------------------------------------------------------------------------


def _open_segment(seg: SegmentFile) -> BinaryIO | None:
    """The segment's file, or what the cleaner renamed it to; None if it is gone."""
    for path in (seg.path, seg.path + DELETED_SUFFIX):
        try:
            return open(path, "rb")  # the caller closes it
        except FileNotFoundError:
            continue
    return None


def segment_batches(
    f: BinaryIO, size: int, start: int = 0, *, check_crc: bool = True, stats: ReadStats | None = None
) -> Iterator[tuple[memoryview, int, BatchHeader]]:
    """(buffer, position in it, header) of each complete, whole batch in the first `size` bytes
    of the open segment `f`, from byte `start`; the CRC is checked when `check_crc`. Stops
    quietly at a torn tail or at the first batch that is not valid (counted in `stats`)."""
    pos = start  # file position of buf[0]
    buf = b""
    want = CHUNK_BYTES
    while True:
        f.seek(pos + len(buf))
        more = f.read(min(want, size - pos - len(buf)))
        buf = buf + more if buf else more
        view = memoryview(buf)
        consumed = 0
        try:
            for at, h in iter_batches(view, check_crc=check_crc):
                yield view, at, h
                consumed = at + h.size
        except CorruptRecordError as e:
            _note_invalid(stats, f, pos + (e.position or 0), str(e))
            return
        pos += consumed
        buf = buf[consumed:]
        if pos + len(buf) >= size or not more:
            if buf and stats is not None:
                stats.torn_bytes += len(buf)
            return
        # the next batch is bigger than what is buffered: read at least all of it
        need = 0
        if len(buf) >= LOG_OVERHEAD:
            need = _BATCH_LENGTH.unpack_from(buf, 8)[0] + LOG_OVERHEAD - len(buf)
        want = max(CHUNK_BYTES, need)


def _note_invalid(stats: ReadStats | None, f: BinaryIO, position: int, why: str) -> None:
    _note_invalid_at(stats, getattr(f, "name", "?"), position, why)


def _note_invalid_at(stats: ReadStats | None, name: str, position: int, why: str) -> None:
    log.warning("stop reading segment %s at byte %d: %s", name, position, why)
    if stats is not None:
        stats.invalid_batches += 1
        stats.notes.append(f"{name}@{position}: {why}")


# --- reading an offset range --------------------------------------------------------------------


def _next_segment(segments: list[SegmentFile], offset: int, done: set[tuple[int, int]]) -> SegmentFile | None:
    """The segment to read for `offset`: the one holding it (the largest base offset at or below
    it) unless that very file was read already (the offset falls in a gap after it), else the
    first one after it."""
    holding = None
    for s in segments:
        if s.base_offset > offset:
            break
        holding = s
    if holding is not None and (holding.base_offset, holding.inode) not in done:
        return holding
    return next((s for s in segments if s.base_offset > offset), None)


@dataclass(frozen=True, slots=True)
class RawBatch:
    """A whole, CRC-checked batch in `view` at `at`, not decoded; only its records with offsets
    in [lo, hi) belong to the range read (hi None: all from lo)."""

    view: memoryview
    at: int
    header: BatchHeader
    lo: int
    hi: int | None
    source: str  # the segment file, for messages

    @property
    def whole(self) -> bool:
        h = self.header
        return h.base_offset >= self.lo and (self.hi is None or h.base_offset + h.last_offset_delta < self.hi)


def range_batches(
    rng: OffsetRange, *, check_crc: bool = True, stats: ReadStats | None = None, include_control: bool = False
) -> Iterator[RawBatch]:
    """The batches holding offsets of `rng`, in offset order, undecoded, each offset in exactly
    one of them (the first and last may hold records outside the range: see RawBatch.lo/hi).
    Control batches (transaction markers) are skipped unless `include_control`."""
    stats = stats if stats is not None else ReadStats()
    next_offset = rng.start
    done: set[tuple[int, int]] = set()
    reopens = 0
    while rng.end is None or next_offset < rng.end:
        seg = _next_segment(list_segments(rng.directory), next_offset, done)
        if seg is None or (rng.end is not None and seg.base_offset >= rng.end):
            return
        f = _open_segment(seg)
        if f is None:  # swapped away between listing and opening: list again
            reopens += 1
            stats.reopened += 1
            if reopens > _MAX_REOPENS:
                raise OSError(f"segment {seg.path} keeps vanishing while it is read")
            time.sleep(min(0.005 * reopens, 0.1))
            continue
        stats.segments += 1
        with f:
            st = os.fstat(f.fileno())
            done.add((seg.base_offset, seg.inode))
            done.add((seg.base_offset, st.st_ino))
            start = _index_position(f, seg, next_offset, st.st_size) if seg.base_offset < next_offset else 0
            for view, at, h in segment_batches(f, st.st_size, start, check_crc=check_crc, stats=stats):
                last = h.base_offset + h.last_offset_delta
                if last < next_offset:
                    continue
                if rng.end is not None and h.base_offset >= rng.end:
                    return
                if h.is_control and not include_control:
                    next_offset = last + 1
                    continue
                stats.batches += 1
                yield RawBatch(view, at, h, next_offset, rng.end, seg.path)
                next_offset = last + 1


def read_range(
    rng: OffsetRange, *, check_crc: bool = True, stats: ReadStats | None = None, include_control: bool = False
) -> Iterator[RecordBatch]:
    """The decoded batches holding offsets of `rng`, each record once; records outside the range
    are dropped from the batches at its edges. A batch whose records do not decode ends its
    segment (counted in `stats`). Without `include_control`, what a read_committed reader sees:
    aborted and undecided transactional batches left out, committed ones where their COMMIT
    marker is (jobs/transactions.py); with it, every batch, markers too, in offset order."""
    from jobs.transactions import committed_batches

    stats = stats if stats is not None else ReadStats()
    skip_segment = None
    raws = (
        range_batches(rng, check_crc=check_crc, stats=stats, include_control=True)
        if include_control
        else committed_batches(rng, check_crc=check_crc, stats=stats)
    )
    for raw in raws:
        if raw.source == skip_segment:
            continue
        try:
            batch = decode_batch(raw.view, raw.at, check_crc=False)  # the CRC was checked already
        except CorruptRecordError as e:
            _note_invalid_at(stats, raw.source, raw.at, str(e))
            stats.batches -= 1
            skip_segment = raw.source
            continue
        if not raw.whole:
            first = batch.base_offset
            hi = raw.hi if raw.hi is not None else first + batch.last_offset_delta + 1
            batch.records = [r for r in batch.records if raw.lo <= first + r.offset_delta < hi]
        stats.records += len(batch.records)
        yield batch


def _index_position(f: BinaryIO, seg: SegmentFile, offset: int, size: int) -> int:
    """A byte position in the segment at or before the batch holding `offset`, from its offset
    index when it has an entry that checks out against the log file (else 0)."""
    best = None
    for rel, position in _read_index(seg):
        if seg.base_offset + rel >= offset or position >= size:
            break
        best = (rel, position)
    if best is None:
        return 0
    return best[1] if _batch_at(f, seg, best[0], best[1], size) else 0


def _batch_at(f: BinaryIO, seg: SegmentFile, rel: int, position: int, size: int) -> bool:
    """Whether a whole, valid batch holding offset base + `rel` starts at `position`: an index
    entry may not match the file read (the cleaner renames a new `.index` into place before
    its `.log`)."""
    if position + HEADER_SIZE > size:
        return False
    f.seek(position)
    head = f.read(HEADER_SIZE)
    try:
        h = BatchHeader.parse(head)
    except CorruptRecordError:
        return False
    if (
        not h.base_offset <= seg.base_offset + rel <= h.base_offset + h.last_offset_delta
        or position + h.size > size
    ):
        return False
    f.seek(position)
    return verify_crc(f.read(h.size))


def _read_index(seg: SegmentFile) -> list[tuple[int, int]]:
    """The offset index entries that are plausible (increasing); [] if it is missing."""
    path = seg.path[: -len(SWAP_SUFFIX)] if seg.path.endswith(SWAP_SUFFIX) else seg.path
    path = path[: -len(LOG_SUFFIX)] + INDEX_SUFFIX
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return []
    entries = []
    last_rel, last_pos = -1, -1
    for rel, position in OFFSET_ENTRY.iter_unpack(data[: len(data) - len(data) % OFFSET_ENTRY.size]):
        if rel <= last_rel or position <= last_pos:
            break  # Kafka preallocates index files: zeros after the last entry
        entries.append((rel, position))
        last_rel, last_pos = rel, position
    return entries


# --- log start and end offsets ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LogBounds:
    topic: str
    partition: int
    log_start_offset: int
    log_end_offset: int
    segments: int
    size_bytes: int
    max_timestamp: int  # the newest batch's max timestamp in the last non-empty segment, -1 if none


def log_bounds(pdir: PartitionDir, *, check_crc: bool = True) -> LogBounds:
    """A partition's log start offset (its first segment's base offset) and log end offset (the
    offset after the last complete valid batch), found from the last segment's index on."""
    for _ in range(_MAX_REOPENS):
        segments = list_segments(pdir.path)
        if not segments:
            return LogBounds(pdir.topic, pdir.partition, 0, 0, 0, 0, -1)
        try:
            end, max_ts = _end_offset(segments, check_crc)
        except FileNotFoundError:
            continue  # swapped by the cleaner meanwhile
        return LogBounds(
            pdir.topic,
            pdir.partition,
            segments[0].base_offset,
            end,
            len(segments),
            sum(s.size for s in segments),
            max_ts,
        )
    raise OSError(f"segments of {pdir.path} keep vanishing while they are read")


def _end_offset(segments: list[SegmentFile], check_crc: bool) -> tuple[int, int]:
    """The offset after the last valid batch of the last segment (its base offset when it holds
    none: an empty active segment, or one recovery would truncate to nothing)."""
    seg = segments[-1]
    f = _open_segment(seg)
    if f is None:
        raise FileNotFoundError(seg.path)
    with f:
        size = os.fstat(f.fileno()).st_size
        last: BatchHeader | None = None
        start = _verified_index_start(f, seg, size) if size >= HEADER_SIZE else 0
        for _view, _at, h in segment_batches(f, size, start, check_crc=check_crc):
            last = h
        if last is None and start:
            for _view, _at, h in segment_batches(f, size, 0, check_crc=check_crc):
                last = h
    if last is None:
        return seg.base_offset, -1
    return last.next_offset, last.max_timestamp


def _verified_index_start(f: BinaryIO, seg: SegmentFile, size: int) -> int:
    """The last index entry's position if a valid batch it names really starts there, else 0."""
    entries = [(rel, position) for rel, position in _read_index(seg) if position + HEADER_SIZE <= size]
    if entries and _batch_at(f, seg, *entries[-1], size):
        return entries[-1][1]
    return 0

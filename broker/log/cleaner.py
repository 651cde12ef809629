"""The log cleaner: compaction of every partition whose `cleanup.policy` includes `compact`
(`__consumer_offsets` and user topics alike), after Kafka's LogCleaner.

Which log, when: each log dir keeps Kafka's `cleaner-offset-checkpoint`, the first dirty offset
of each compacted partition (where the last clean ended). The cleanable part of a log runs from
its start to the first uncleanable offset: the active segment's base, or earlier, the first
segment that is not yet fully fsynced or holds records younger than `min.compaction.lag.ms`.
Its dirty ratio is dirty bytes (from the first dirty offset on) / cleanable bytes; every
`log.cleaner.backoff.ms` the cleaner cleans the dirtiest log whose ratio reached its
`min.cleanable.dirty.ratio`, then the next, until none is left.

How: the offset map (newest offset per key) is built from the dirty part; then the cleanable
segments are rewritten, in order, into cleaned segments holding what survives
(broker/log/compaction.py decides). Consecutive segments share one cleaned segment while they
are sure to fit in `segment.bytes` (Kafka's grouping, but measured by what the output already
holds), so that segments the clean empties fold into their neighbours. All disk work runs in
the cleaner's own thread; the event loop only plans and swaps the in-memory segment list.

Crash safety: each cleaned segment replaces its originals through Kafka's `.cleaned` / `.swap`
protocol (broker/log/swap.py), which recovery completes or discards on start.
Readers never see a partial segment: readers hold the old segments' open descriptors, the
cleaned segment enters the log's segment list only once it is complete and in place.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from broker import logging_setup
from broker.log.checkpoint import TopicPartition, read_checkpoint, write_checkpoint
from broker.log.compaction import (
    Aborted,
    FilterStats,
    OffsetMap,
    RetentionRule,
    aborted_by,
    add_to_offset_map,
    filter_batch,
)
from broker.log.errors import LogError
from broker.log.segment import Segment
from broker.log.swap import CleanedOutput, finish_swap
from protocol.errors import ErrorCode
from protocol.records import HEADER_SIZE, LOG_OVERHEAD, BatchHeader, iter_batches

if TYPE_CHECKING:
    from broker.log.log import Log
    from broker.log.manager import LogManager

log = logging_setup.get_logger("kbroker.cleaner")

CLEANER_CHECKPOINT = "cleaner-offset-checkpoint"
_CHUNK = 1 << 20


class Abort(Protocol):
    def is_set(self) -> bool: ...


class CleanerAborted(Exception):
    """The clean stopped early (shutdown, or the log was deleted); nothing was swapped in."""


# --- planning (event loop, in-memory state only) ----------------------------------------------


@dataclass(slots=True)
class CleanPlan:
    segments: list[Segment]  # every cleanable segment, from the log start
    first_dirty: int
    end_offset: int  # the first uncleanable offset: where the next clean's dirty part starts
    clean_bytes: int
    dirty_bytes: int

    @property
    def ratio(self) -> float:
        total = self.clean_bytes + self.dirty_bytes
        return self.dirty_bytes / total if total else 0.0


def plan_clean(lg: Log, first_dirty: int | None, now_ms: int) -> CleanPlan | None:
    """What a clean of `lg` would cover now, or None if there is nothing to clean."""
    if lg.deleted or lg.closed or lg.failed is not None or len(lg.segments) < 2:
        return None
    lag = lg.config.min_compaction_lag_ms
    cleanable: list[Segment] = []
    for s in lg.segments[:-1]:
        if s.size != s.end or s.next_offset > lg.recovery_point:
            break  # not yet fully written and fsynced (a segment rolled moments ago)
        if lag > 0 and s.max_timestamp >= 0 and s.max_timestamp > now_ms - lag:
            break
        if s.next_offset > lg.last_stable_offset:
            break  # holds a transaction not yet decided: what to keep is not known yet (Kafka's rule)
        cleanable.append(s)
    if not cleanable:
        return None
    following = lg.segments[len(cleanable)]
    end_offset = following.base_offset
    start = cleanable[0].base_offset
    if first_dirty is None or first_dirty < start or first_dirty > lg.next_offset:
        first_dirty = start  # no checkpoint, or one that does not fit this log (Kafka resets it too)
    clean_bytes = sum(s.size for s in cleanable if s.next_offset <= first_dirty)
    dirty_bytes = sum(s.size for s in cleanable if s.next_offset > first_dirty)
    if dirty_bytes == 0:
        return None
    return CleanPlan(cleanable, first_dirty, end_offset, clean_bytes, dirty_bytes)


# --- the disk work (cleaner thread) -----------------------------------------------------------


def segment_batches(seg: Segment, abort: Abort | None = None) -> Iterator[tuple[BatchHeader, memoryview]]:
    """Every stored batch of a (finished) segment, read in chunks."""
    end = seg.size
    pos = 0
    while pos < end:
        if abort is not None and abort.is_set():
            raise CleanerAborted()
        buf = seg.read(pos, min(_CHUNK, end - pos))
        view = memoryview(buf)
        consumed = 0
        for at, h in iter_batches(buf):
            yield h, view[at : at + h.size]
            consumed = at + h.size
        if consumed == 0:  # one batch larger than the chunk
            head = seg.read(pos, LOG_OVERHEAD)
            size = (
                int.from_bytes(head[8:12], "big", signed=True) + LOG_OVERHEAD
                if len(head) == LOG_OVERHEAD
                else 0
            )
            if size < HEADER_SIZE or pos + size > end:
                raise LogError(f"unreadable batch at byte {pos} of {seg.log_path}", ErrorCode.CORRUPT_MESSAGE)
            buf = seg.read(pos, size)
            h = BatchHeader.parse(buf)
            yield h, memoryview(buf)
            consumed = size
        pos += consumed


def build_offset_map(
    segments: list[Segment], first_dirty: int, abort: Abort, aborted: Aborted | None = None
) -> OffsetMap:
    offset_map: OffsetMap = {}
    for seg in segments:
        if seg.next_offset <= first_dirty:
            continue
        for h, data in segment_batches(seg, abort):
            if h.last_offset >= first_dirty:
                if aborted is None:
                    add_to_offset_map(offset_map, data, h)
                else:
                    add_to_offset_map(offset_map, data, h, aborted)
    return offset_map


@dataclass(slots=True)
class Swapped:
    new: Segment
    replaced: list[Segment]


def clean_segments(
    segments: list[Segment],
    offset_map: OffsetMap,
    rule: RetentionRule,
    abort: Abort,
    stats: FilterStats,
    *,
    max_bytes: int,
    index_interval: int,
    index_max_bytes: int,
    done: list[Swapped],
    aborted: Aborted | None = None,
) -> None:
    """Rewrite `segments` into cleaned segments of at most `max_bytes` each, swapping each one in
    on disk as soon as it is complete (steps 1-4); appends each swap to `done` (which the event
    loop then applies to the log's segment list, even if a later one fails or is aborted).

    Segments are merged the way Kafka groups them, but measured after cleaning: a segment joins
    the current output if its original size still fits behind what the output holds so far, so
    segments emptied by the clean fold into their neighbours."""
    out: CleanedOutput | None = None
    try:
        for seg in segments:
            if out is not None and not out.fits(seg, max_bytes):
                if abort.is_set():
                    raise CleanerAborted()
                new = out.commit()
                finish_swap(out.dir, out.base, [s.base_offset for s in out.replaced])
                done.append(Swapped(new, out.replaced))
                out = None
            if out is None:
                out = CleanedOutput(seg, index_interval=index_interval, index_max_bytes=index_max_bytes)
            for h, data in segment_batches(seg, abort):
                kept = (
                    filter_batch(data, h, offset_map, rule, stats)
                    if aborted is None
                    else filter_batch(data, h, offset_map, rule, stats, aborted)
                )
                if kept is not None:
                    out.add(kept, h if kept is data else BatchHeader.parse(kept))
            out.replaced.append(seg)
        if out is not None:
            if abort.is_set():
                raise CleanerAborted()
            new = out.commit()
            finish_swap(out.dir, out.base, [s.base_offset for s in out.replaced])
            done.append(Swapped(new, out.replaced))
            out = None
    finally:
        if out is not None:
            out.discard()


# --- the cleaner ------------------------------------------------------------------------------


@dataclass(slots=True)
class CleanResult:
    log: str
    first_dirty: int
    end_offset: int
    segments_before: int
    segments_after: int
    bytes_before: int
    bytes_after: int
    stats: FilterStats
    ms: float


@dataclass(slots=True)
class CleanerStats:
    cleans: int = 0
    failures: int = 0
    aborted: int = 0
    last: dict[TopicPartition, CleanResult] = field(default_factory=dict)


class LogCleaner:
    """Compacts the logs of a LogManager in the background (see the module docstring)."""

    def __init__(self, manager: LogManager, *, backoff_ms: int = 15_000, enabled: bool = True):
        self.manager = manager
        self.backoff_ms = backoff_ms
        self.enabled = enabled
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kbroker-cleaner")
        self.checkpoints: dict[Path, dict[TopicPartition, int]] = {}
        self.uncleanable: set[TopicPartition] = set()
        self.stats = CleanerStats()
        self._abort = threading.Event()
        self._task: asyncio.Task[Any] | None = None
        self._wakeup = asyncio.Event()

    # --- lifecycle -------------------------------------------------------------------------

    def start(self) -> None:
        for d in self.manager.log_dirs:
            self.checkpoints[d] = read_checkpoint(d / CLEANER_CHECKPOINT)
        if self.enabled:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="log cleaner")

    async def stop(self) -> None:
        """Abort a clean in progress (nothing half-done is swapped in) and stop."""
        self._abort.set()
        self._wakeup.set()
        if self._task is not None:
            # The thread stops at its next check; let the task apply what it swapped in on disk.
            with contextlib.suppress(TimeoutError, asyncio.CancelledError, Exception):
                async with asyncio.timeout(30):
                    await asyncio.shield(self._task)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        await asyncio.get_running_loop().run_in_executor(None, self.executor.shutdown, True)

    def wake(self) -> None:
        self._wakeup.set()

    def forget(self, tp: TopicPartition, log_dir: Path | None) -> None:
        """A deleted partition: its checkpoint must not outlive it (a new one starts dirty)."""
        self.uncleanable.discard(tp)
        if log_dir is not None:
            self.checkpoints.get(log_dir, {}).pop(tp, None)

    async def _run(self) -> None:
        while not self._abort.is_set():
            try:
                while await self.clean_dirtiest() is not None:
                    pass
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("fail cleaner pass")
            # asyncio.timeout, not wait_for: 3.11's wait_for can swallow the cancel that stops us
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.backoff_ms / 1000):
                    await self._wakeup.wait()
            self._wakeup.clear()

    # --- choosing and cleaning -------------------------------------------------------------

    def _first_dirty(self, tp: TopicPartition) -> int | None:
        d = self.manager.log_dir_of(tp)
        return self.checkpoints.get(d, {}).get(tp) if d is not None else None

    def dirtiest(self) -> tuple[Log, CleanPlan] | None:
        """The compacted log with the highest dirty ratio at or above its threshold."""
        best: tuple[Log, CleanPlan] | None = None
        for tp, lg in list(self.manager.logs.items()):
            if not lg.config.compact or tp in self.uncleanable:
                continue
            plan = plan_clean(lg, self._first_dirty(tp), lg.clock())
            if plan is None or plan.ratio < lg.config.min_cleanable_dirty_ratio:
                continue
            if best is None or plan.ratio > best[1].ratio:
                best = (lg, plan)
        return best

    async def clean_dirtiest(self) -> CleanResult | None:
        found = self.dirtiest()
        if found is None:
            return None
        return await self.clean(found[0])

    async def clean(self, lg: Log) -> CleanResult | None:
        """Clean one log now, whatever its dirty ratio (tests call this directly)."""
        tp = TopicPartition(lg.topic, lg.partition)
        async with lg.cleaner_lock:
            plan = plan_clean(lg, self._first_dirty(tp), lg.clock())
            if plan is None:
                return None
            try:
                result = await self._clean(lg, plan)
            except CleanerAborted:
                self.stats.aborted += 1
                log.info("abort clean", log=lg.name)
                return None
            except Exception as e:
                if lg.deleted or self._abort.is_set():
                    return None
                self.stats.failures += 1
                self.uncleanable.add(tp)
                log.exception("fail clean", log=lg.name, error=repr(e))
                return None
        d = self.manager.log_dir_of(tp)
        if d is not None and not lg.deleted:
            self.checkpoints.setdefault(d, {})[tp] = plan.end_offset
            await self.write_checkpoint(d)
        self.stats.cleans += 1
        self.stats.last[tp] = result
        return result

    async def write_checkpoint(self, d: Path) -> None:
        live = {tp: o for tp, o in self.checkpoints.get(d, {}).items() if tp in self.manager.logs}
        await asyncio.get_running_loop().run_in_executor(
            self.executor, write_checkpoint, d / CLEANER_CHECKPOINT, live
        )

    async def _clean(self, lg: Log, plan: CleanPlan) -> CleanResult:
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        cfg = lg.config
        rule = RetentionRule(lg.clock(), cfg.delete_retention_ms)
        stats = FilterStats()
        abort = _LogAbort(self._abort, lg)
        segments = plan.segments
        for s in segments:
            s.readers += 1  # so that a topic deletion meanwhile does not close them under us
        bytes_before = sum(s.size for s in segments)
        done: list[Swapped] = []
        # Aborted transactions as of now (a copy: the log adds more meanwhile, past this clean).
        aborted = (
            aborted_by((a.producer_id, a.first_offset, a.last_offset) for a in lg.txns.aborted)
            if lg.txns.aborted
            else None
        )
        try:
            offset_map = await loop.run_in_executor(
                self.executor, build_offset_map, segments, plan.first_dirty, abort, aborted
            )
            await loop.run_in_executor(
                self.executor,
                lambda: clean_segments(
                    segments,
                    offset_map,
                    rule,
                    abort,
                    stats,
                    max_bytes=cfg.segment_bytes,
                    index_interval=cfg.index_interval_bytes,
                    index_max_bytes=cfg.segment_index_bytes,
                    done=done,
                    aborted=aborted,
                ),
            )
        finally:
            # What is swapped on disk enters the segment list, whatever happened after it.
            for swap in done:
                self._replace(lg, swap.replaced, swap.new)
            for s in segments:
                s.readers -= 1
                if (s.retired or lg.deleted) and s.readers == 0:
                    s.close()
        result = CleanResult(
            lg.name,
            plan.first_dirty,
            plan.end_offset,
            len(segments),
            len(done),
            bytes_before,
            sum(sw.new.size for sw in done),
            stats,
            round((time.monotonic() - started) * 1000, 1),
        )
        log.info(
            "clean log",
            log=lg.name,
            first_dirty=plan.first_dirty,
            end_offset=plan.end_offset,
            ratio=round(plan.ratio, 3),
            segments_before=result.segments_before,
            segments_after=result.segments_after,
            bytes_before=bytes_before,
            bytes_after=result.bytes_after,
            records_read=stats.records_read,
            records_kept=stats.records_kept,
            tombstones_removed=stats.tombstones_removed,
            ms=result.ms,
        )
        return result

    @staticmethod
    def _replace(lg: Log, group: list[Segment], new: Segment) -> None:
        """Swap the group for its cleaned segment in the log's segment list (event loop)."""
        old = set(map(id, group))
        lg.set_segments([s for s in lg.segments if id(s) not in old] + [new])
        for s in group:
            s.retired = True


class _LogAbort:
    """The abort flag the cleaner thread polls: the cleaner stopping, or the log going away."""

    __slots__ = ("_event", "_log")

    def __init__(self, event: threading.Event, lg: Log):
        self._event, self._log = event, lg

    def is_set(self) -> bool:
        return self._event.is_set() or self._log.deleted

    def set(self) -> None:
        self._event.set()

"""A partition log's append path: offsets and places assigned, bytes queued and written.

The synchronous part of `broker.log.log.Log` (its base class), what runs for each appended
batch: checks, offsets, segment rolls, the queue, and the write to the page cache from the
loop (`_write_now`). Apart from log.py so that mypyc can compile it (protocol/native.py: it
refuses log.py's async generators); the coroutines (the writer task, reads, retention) stay in
`Log`, which overrides the hooks this class calls (`_write_loop`, `_cut_unwritten`).
"""

from __future__ import annotations

import asyncio
import errno
import functools
import struct
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mypy_extensions import mypyc_attr

from broker import logging_setup
from broker.log import io, producer_snapshot
from broker.log.config import LogConfig
from broker.log.errors import LogDeleted, LogError, LogOffline
from broker.log.flusher import SyncRequest, flusher_for
from broker.log.loader import LoadedLog, partition_dir_name
from broker.log.log_dir import LogDirState
from broker.log.producer_state import BatchMetadata, ProducerEntry, ProducerStateError
from broker.log.segment import Segment
from broker.log.transactions import marker_of
from broker.log.validation import PreparedBatch, RecordError
from broker.stats import FSYNC
from protocol.errors import ErrorCode
from protocol.records import BatchHeader, TimestampType, set_max_timestamp

log = logging_setup.get_logger("kbroker.log")

_PREFIX = struct.Struct(">qii")  # base offset, batch length, partition leader epoch: not in the CRC
# Group writes up to this go to the page cache from the loop itself (one pwritev, a few us per
# 64 KB): an executor hop costs the loop more than the copy.
INLINE_WRITE_BYTES = 512 * 1024
# Index entries the active segment may hold in memory only before a write without an fsync
# writes them to their files (an fsync writes them all).
_INDEX_WRITE_ENTRIES = 256


def out_of_space(error: BaseException) -> bool:
    """A write that failed for want of space (or quota): the disk is fine, the log can go on once
    the torn write is cut back."""
    return isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT)


@dataclass(slots=True)
class AppendInfo:
    base_offset: int
    last_offset: int
    log_append_time_ms: int = -1  # the time set on the batches, for LogAppendTime topics
    log_start_offset: int = 0
    duplicate: bool = False  # an idempotent producer's retry of a batch already in the log


@dataclass(slots=True)
class LogStats:
    appends: int = 0  # append calls that wrote
    writes: int = 0  # group writes handed to the executor
    syncs: int = 0  # fdatasyncs of group commits


@dataclass(slots=True)
class PendingWrite:
    """One append's bytes for one segment, queued for the writer."""

    segment: Segment
    position: int
    chunks: list[bytes | memoryview]
    nbytes: int
    next_offset: int
    messages: int
    durable: bool
    future: asyncio.Future[Any] | None


def now_ms() -> int:
    return int(time.time() * 1000)


@mypyc_attr(allow_interpreted_subclasses=True)
class LogAppender:
    """The append path of a partition's log (see the module docstring); `Log` is the class
    to use."""

    def __init__(
        self,
        topic: str,
        partition: int,
        directory: Path,
        config: LogConfig,
        executor: Executor | None,
        loaded: LoadedLog,
        *,
        log_start_offset: int | None = None,
        checkpointed_high_watermark: int | None = None,
        clock: Callable[[], int] = now_ms,
        dir_state: LogDirState | None = None,
    ):
        """A log opened from what `loader.load_log` or `loader.create_log_files` made of the
        directory. `log_start_offset`: a start DeleteRecords moved past the first segment's base
        (log-start-offset-checkpoint); `checkpointed_high_watermark`: the one in
        replication-offset-checkpoint, which a restarted replica starts from (cluster/replica.py);
        `dir_state`: shared by the logs of one log directory, marked by a full disk (log_dir.py)."""
        self.topic = topic
        self.partition = partition
        self.dir = directory
        self.config = config
        self.executor = executor
        self.topic_id = loaded.topic_id
        self.clock = clock
        self.segments: list[Segment] = []
        self._bases: list[int] = []
        self.log_start_offset = 0
        self.set_segments(loaded.segments)
        end = loaded.end_offset
        if log_start_offset is not None:
            self.log_start_offset = min(max(self.log_start_offset, log_start_offset), end)
        self.next_offset = end  # log end offset: the next offset to assign
        self.written_offset = end  # every offset below is in the file (what followers may fetch)
        # Every offset below is readable by consumers: the written offset while the log is not
        # replicated; with replication, the end of what every in-sync replica has (set by the
        # partition's leader, broker/replica/).
        self.high_watermark = end
        self.replicated = False
        self.checkpointed_high_watermark = checkpointed_high_watermark
        self.recovery_point = end  # every offset below is fsynced
        self.leader_epoch = 0  # stamped on every batch this broker appends as leader
        self.is_leader = True  # False while following (cluster mode): waits for replication give up
        self.epochs = loaded.epochs
        self.producer_state = loaded.producer_state
        self.txns = loaded.txns  # open and aborted transactions (transactions.py)
        self._snapshots: list[tuple[int, bytes]] = []  # producer snapshots due once their segment is written
        self.failed: BaseException | None = None
        self._recovery: asyncio.Task[None] | None = None  # cutting back a write the full disk tore
        # A write found the disk full and none has succeeded since: appends are being refused
        # (between them `failed` is clear again, so that the next one may try).
        self.out_of_space = False
        self.dir_state = dir_state if dir_state is not None else LogDirState()
        self.deleted = False
        self.closed = False  # closed by a shutdown: no more appends
        self._queue: list[PendingWrite] = []
        self._rolled: list[Segment] = []
        self._writer: asyncio.Task[Any] | None = None
        self._waiters: set[asyncio.Future[Any]] = set()
        self._unflushed = 0  # messages written since the last fsync
        self._last_flush_ms = clock()
        self._dir_dirty = False
        self._epochs_dirty = False  # the leader-epoch-checkpoint file lags the cache
        # Durable appends written from the loop are fdatasynced by the log directory's flusher
        # thread, together with every other partition's of that directory (broker/log/flusher.py).
        self._flusher = flusher_for(directory.parent)
        self._syncing = 0  # sync requests with the flusher, not yet answered
        # A coordinator's state log (__transaction_state) fdatasyncs its first durable write of
        # a loop pass on the loop itself: see `_sync_on_loop`.
        self.sync_on_loop = False
        self._synced_this_pass = False
        self._idle_waiters: list[asyncio.Future[None]] = []
        self.stats = LogStats()
        self.cleaner_lock = asyncio.Lock()  # held while the cleaner or retention changes the segments
        self._loop: asyncio.AbstractEventLoop | None = None  # see _running_loop

    @property
    def name(self) -> str:
        return partition_dir_name(self.topic, self.partition)

    @property
    def active(self) -> Segment:
        return self.segments[-1]

    def set_segments(self, segments: list[Segment]) -> None:
        """Swap the segment list (the cleaner's hook); the last one becomes the active segment."""
        self.segments = sorted(segments, key=lambda s: s.base_offset)
        self._bases = [s.base_offset for s in self.segments]
        if self.segments:
            self.log_start_offset = max(self.log_start_offset, self.segments[0].base_offset)

    def _assign(
        self, batches: list[PreparedBatch], durable: bool
    ) -> tuple[AppendInfo, asyncio.Future[Any] | None]:
        self._check_appendable()
        if not batches:
            raise RecordError(ErrorCode.INVALID_RECORD, "no record batch to append")
        if durable and not self.config.durable_acks:
            durable = False  # page-cache durability chosen (flush.messages / flush.ms): see LogConfig
        pending: dict[int, ProducerEntry] = {}
        if len(batches) == 1:  # the common case: nothing later in the append to check against it
            duplicate = self.producer_state.check(batches[0].header)
            if duplicate is not None:
                return self._duplicate(duplicate), None
        else:
            for b in batches:
                if self.producer_state.check(b.header, pending) is not None:
                    raise ProducerStateError(
                        ErrorCode.DUPLICATE_SEQUENCE_NUMBER, "duplicate batch inside one append"
                    )
                self.producer_state.update(b.header, 0, pending)  # so later batches check against it
            pending.clear()
        if self.epochs.assign(self.leader_epoch, self.next_offset):
            self._epochs_dirty = True

        now = self.clock()
        append_time = now if self.config.log_append_time else -1
        loop = self._running_loop()
        future = loop.create_future()
        first = self.next_offset
        writes: list[PendingWrite] = []
        for b in batches:
            h = b.header
            data = b.data
            max_ts = h.max_timestamp
            if append_time >= 0:
                data = bytearray(data)
                set_max_timestamp(data, TimestampType.LOG_APPEND_TIME, append_time)
                max_ts = append_time
            base = self.next_offset
            view = memoryview(data)
            chunks: list[bytes | memoryview] = [
                _PREFIX.pack(base, h.batch_length, self.leader_epoch),
                view[_PREFIX.size : h.size],
            ]
            self._place(h, base, max_ts, chunks, now, durable, writes)
            self.producer_state.update(h, base, pending)
            if h.is_transactional:
                self._track_transaction(h, base, data)
        self.producer_state.commit(pending)
        writes[-1].future = future
        self._queue.extend(writes)
        self.stats.appends += 1
        self._kick()
        info = AppendInfo(first, self.next_offset - 1, append_time, self.log_start_offset)
        return info, future

    def _track_transaction(self, h: BatchHeader, base: int, data: bytes | bytearray | memoryview) -> None:
        """A transactional batch was placed at `base`: open the producer's transaction, or (a
        marker) close it, noting an abort in the `.txnindex` of the marker's segment."""
        if not h.is_control:
            self.txns.on_data(h, base)
            return
        commit = marker_of(h, data)
        if commit is None:
            return
        aborted = self.txns.on_marker(h.producer_id, base, commit)
        if aborted is not None:
            self.active.txn_unwritten.append(aborted.encode())

    def _check_appendable(self) -> None:
        """Raise why nothing can be appended now (deleted, offline after an I/O error, closing)."""
        if self.deleted:
            raise LogDeleted(f"{self.name} was deleted")
        if self.failed is not None:
            raise LogOffline(f"{self.name} is offline after an I/O error: {self.failed}")
        if self.closed:
            raise LogError(f"{self.name} is closed: the broker is stopping", ErrorCode.NOT_LEADER_OR_FOLLOWER)

    def _place(
        self,
        h: BatchHeader,
        base: int,
        max_ts: int,
        chunks: list[bytes | memoryview],
        now: int,
        durable: bool,
        writes: list[PendingWrite],
    ) -> None:
        """Give a batch its place at the end of the log (rolling first if due) and queue its bytes."""
        seg = self._maybe_roll(h, max_ts, now)
        last = base + h.last_offset_delta
        position = seg.end
        seg.note_batch(position, h.size, last, max_ts)
        self.next_offset = last + 1
        if writes and writes[-1].segment is seg:
            w = writes[-1]
            w.chunks.extend(chunks)
            w.nbytes += h.size
            w.next_offset = last + 1
            w.messages += h.records_count
        else:
            writes.append(
                PendingWrite(seg, position, chunks, h.size, last + 1, h.records_count, durable, None)
            )

    def _duplicate(self, b: BatchMetadata) -> AppendInfo:
        return AppendInfo(b.first_offset, b.last_offset, -1, self.log_start_offset, duplicate=True)

    def _maybe_roll(self, h: BatchHeader, max_timestamp: int, now: int) -> Segment:
        seg = self.active
        if seg.is_empty:
            return seg
        cfg = self.config
        if seg.rolling_timestamp is not None and seg.rolling_timestamp >= 0:
            waited = max_timestamp - seg.rolling_timestamp
        else:
            waited = now - seg.created_ms
        if (
            seg.end > cfg.segment_bytes - h.size
            or waited > cfg.segment_ms
            or seg.offset_index.is_full
            or seg.time_index.is_full
            or not seg.can_hold(self.next_offset + h.last_offset_delta)
        ):
            self._roll(now)
        return self.active

    def _roll(self, now: int) -> None:
        old = self.active
        old.finish()
        new = Segment(
            self.dir,
            self.next_offset,
            index_interval=self.config.index_interval_bytes,
            index_max_bytes=self.config.segment_index_bytes,
            created_ms=now,
        )
        self.segments.append(new)
        self._bases.append(new.base_offset)
        self._rolled.append(old)
        # The producer state as of the new segment's base: written once the rolled segment is.
        entries = producer_snapshot.entries_of(self.producer_state, self.txns)
        self._snapshots.append((new.base_offset, producer_snapshot.encode(entries)))
        log.info("roll segment", log=self.name, base_offset=new.base_offset, previous_size=old.end)

    def _kick(self) -> None:
        if self._writer is not None and not self._writer.done():
            return  # the writer task takes what is queued, in order
        # Both paths run in production: _write_now the common append, _write_loop rolls, epochs, big writes.
        if not self._epochs_dirty and not self._rolled and self._write_now():
            return
        self._writer = self._running_loop().create_task(self._write_loop(), name=f"write {self.name}")

    def _write_now(self) -> bool:
        """The common case without a task or an executor hop: write the queue to the page cache
        from the loop (one pwritev per segment) and, if due, hand its fdatasync to the log
        directory's flusher. False (nothing done) when the queue needs the writer task: a large
        write, a segment file not created yet."""
        group = self._queue
        if not group:
            return True
        nbytes = messages = 0
        durable = False
        touched: list[Segment] = []
        for w in group:
            nbytes += w.nbytes
            messages += w.messages
            durable = durable or w.durable
            seg = w.segment
            if seg.fd is None:
                return False
            if seg not in touched:
                touched.append(seg)
        if nbytes > INLINE_WRITE_BYTES:
            return False
        self._queue = []
        sync = durable or self._unflushed + messages >= self.config.flush_messages
        # The index entries go to their files with the fsync, or once enough are due: one pwrite
        # per batch was a tenth of a small produce's cost. Reads use the in-memory indexes, and
        # recovery rebuilds the indexes of every segment from the recovery point on (the active
        # one always); a rolled or closed segment writes all of its entries (`sync_all`).
        counts = [
            (s, len(s.offset_index), len(s.time_index))
            for s in touched
            if sync or s.indexes_behind >= _INDEX_WRITE_ENTRIES
        ]
        try:
            io.write_group(group, [], counts)
        except BaseException as e:
            self._fail(e, group)
            return True
        self._written(group, messages, [], sync)
        if sync and self.failed is None:
            directory = self.dir if self._dir_dirty else None
            if self.sync_on_loop and directory is None and not self._syncing and not self._synced_this_pass:
                self._sync_on_loop(group, touched)
                return True
            self._dir_dirty = False
            self._syncing += 1
            for seg in touched:
                seg.readers += 1  # not closed under the flusher (a retired segment waits for it)
            self._flusher.submit(
                SyncRequest(
                    self._running_loop(),
                    touched,
                    directory,
                    functools.partial(self._synced, group, touched),
                )
            )
        return True

    def _sync_on_loop(self, group: list[PendingWrite], touched: list[Segment]) -> None:
        """fdatasync `group` here, blocking the loop (~0.2-0.7 ms), so that its futures are done
        on return and the caller answers in the same pass: no hand-off to the flusher thread and
        back (its wake-up, the GIL, the loop's wake-up: ~0.3 ms a request, measured with the
        transaction coordinator's writes, docs/performance.md). Once a loop pass: the writes of
        other requests in the same pass go to the flusher and share one fdatasync (group
        commit), as do those arriving meanwhile."""
        self._synced_this_pass = True
        self._running_loop().call_soon(self._next_pass)
        self._syncing += 1
        started = time.perf_counter()
        error: BaseException | None = None
        try:
            for seg in touched:
                seg.sync()
        except OSError as e:
            error = e
        FSYNC.observe(time.perf_counter() - started)
        self._synced(group, [], error)

    def _next_pass(self) -> None:
        self._synced_this_pass = False

    def _synced(self, group: list[PendingWrite], touched: list[Segment], error: BaseException | None) -> None:
        """The flusher's answer for a group written by `_write_now`."""
        self._syncing -= 1
        for seg in touched:
            seg.readers -= 1
            if seg.retired and seg.readers == 0:
                seg.close()
        if error is not None:
            self._fail(error, group)
        elif self.failed is None:
            self._durable(group)
        if not self._syncing and self._idle_waiters:
            waiters, self._idle_waiters = self._idle_waiters, []
            for f in waiters:
                if not f.done():
                    f.set_result(None)

    def _durable(self, group: list[PendingWrite]) -> None:
        """`group` is fsynced (by the flusher, the loop or the executor): its appends are answered."""
        self.stats.syncs += 1
        self.recovery_point = max(self.recovery_point, group[-1].next_offset)
        self._unflushed = 0
        self._last_flush_ms = self.clock()
        for w in group:
            if w.future is not None and not w.future.done():
                w.future.set_result(None)

    def _written(self, group: list[PendingWrite], messages: int, rolled: list[Segment], sync: bool) -> None:
        """The group is in the file: readable now; appends that did not ask for an fsync are done."""
        if self.failed is not None:
            return
        self.dir_state.out_of_space = False
        if self.out_of_space:
            self.out_of_space = False
            log.warning("resume writes", log=self.name, offset=group[-1].next_offset, reason="space freed")
        self.stats.writes += 1
        for w in group:
            end = w.position + w.nbytes
            if end > w.segment.size:
                w.segment.size = end
        end_offset = group[-1].next_offset
        if end_offset > self.written_offset:
            self.written_offset = end_offset
            if not self.replicated:
                self.high_watermark = end_offset
        self._unflushed += messages
        if rolled:
            self.recovery_point = max(self.recovery_point, rolled[-1].next_offset)
        for w in group:
            if w.future is not None and not w.future.done() and not (sync and w.durable):
                w.future.set_result(None)
        self._notify()

    def _notify(self) -> None:
        waiters, self._waiters = self._waiters, set()
        for f in waiters:
            if not f.done():
                f.set_result(None)

    def _fail(self, error: BaseException, group: list[PendingWrite]) -> None:
        if isinstance(error, asyncio.CancelledError):
            error = LogOffline(f"{self.name}: write cancelled")
        self.failed = error
        log.error("fail log", log=self.name, error=repr(error))
        exc = LogOffline(f"{self.name} is offline after an I/O error: {error}")
        for w in group + self._queue:
            if w.future is not None and not w.future.done():
                w.future.set_exception(exc)
        self._queue.clear()
        self._notify()
        if out_of_space(error):
            self.out_of_space = True
            self.dir_state.out_of_space = True
            if not (self.deleted or self.closed) and self._recovery is None:
                self._recovery = self._running_loop().create_task(
                    self._cut_unwritten(), name=f"cut unwritten {self.name}"
                )

    def _running_loop(self) -> asyncio.AbstractEventLoop:
        """The event loop the log runs in, looked up once (`get_running_loop` costs a getpid
        per call on 3.11), again if that loop is not running (a log used from another loop)."""
        loop = self._loop
        if loop is None or not loop.is_running():
            loop = self._loop = asyncio.get_running_loop()
        return loop

    def _write_loop(self) -> Coroutine[Any, Any, None]:
        raise NotImplementedError  # Log's writer task

    def _cut_unwritten(self) -> Coroutine[Any, Any, None]:
        raise NotImplementedError  # Log's recovery from a full disk

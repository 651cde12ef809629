"""One partition's log: its segments, offsets, group-committed appends, reads and retention.

Appends are ordered on the event loop: offsets and file positions are assigned at once (so
the order of `append` calls is the order in the log), then the bytes go to a per-log writer
task that hands everything queued meanwhile to the executor as one `pwritev` (and, if any of
those appends asked for durability or the flush policy says so, one `fdatasync`): group
commit. Readers see data once written (the high watermark); durable appends return once it is
fsynced as well.
"""

from __future__ import annotations

import asyncio
import bisect
import errno
import functools
import shutil
import uuid
from collections.abc import AsyncIterator, Coroutine, Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import Any, TypeVar

from broker import logging_setup
from broker.log import io, producer_snapshot, timestamps
from broker.log.appender import (
    INLINE_WRITE_BYTES,
    AppendInfo,
    LogAppender,
    LogStats,
    PendingWrite,
    out_of_space,
)
from broker.log.epochs import LeaderEpochCache
from broker.log.errors import LogDeleted, LogError, LogOffline, OffsetOutOfRange
from broker.log.file_region import FileRegion
from broker.log.loader import (
    partition_dir_name,
    read_partition_metadata,
    uuid_from_kafka,
    uuid_to_kafka,
)
from broker.log.segment import Segment, fsync_dir, locate
from broker.log.transactions import AbortedTxn, marker_batch
from broker.log.validation import PreparedBatch, RecordError, validate_batches
from broker.stats import FSYNC
from protocol.errors import ErrorCode
from protocol.records import (
    BatchHeader,
    CorruptRecordError,
    Record,
    batch_key_values,
    build_batch,
    build_kv_batch,
    iter_batches,
)

log = logging_setup.get_logger("kbroker.log")

# Reads larger than this leave the event loop. A consumer's usual 1 MB partition read stays in
# it: from the page cache that is a copy of well under a millisecond, cheaper than the executor
# hop and the thread taking the GIL back and forth.
_EXECUTOR_READ_BYTES = 2 * 1024 * 1024
# Reads at least this large may be answered as a FileRegion (sendfile): below it, one read into
# memory costs less than the headers' reads and a sendfile per partition.
REGION_MIN_BYTES = 64 * 1024
# How often the cut back of a write the full disk tore is tried again when it finds no space.
_CUT_RETRY_S = 0.5
__all__ = [
    "AppendInfo",
    "Log",
    "LogDeleted",
    "LogError",
    "LogOffline",
    "LogStats",
    "OffsetOutOfRange",
    "ReadResult",
    "partition_dir_name",
    "read_partition_metadata",
    "uuid_from_kafka",
    "uuid_to_kafka",
]


T = TypeVar("T")


def pending_write(written: asyncio.Future[Any] | None) -> asyncio.Future[Any] | None:
    """What is left to wait for of an `append_*_nowait`'s write: None when there is nothing (no
    future, or one already done: written to the page cache from the loop, whose failure this
    raises)."""
    if written is not None and written.done():
        written.result()
        return None
    return written


async def settled(answer: T | Coroutine[Any, Any, T]) -> T:
    """The answer of a `*_nowait` call on top of an append: given at once when nothing waited,
    else the coroutine that waits for it, awaited."""
    return await answer if isinstance(answer, Coroutine) else answer


@dataclass(slots=True)
class ReadResult:
    # whole batches, as stored (a view if read without `copy`, a FileRegion if read as a `region`)
    records: bytes | memoryview | FileRegion
    high_watermark: int
    log_start_offset: int
    segment: Segment | None = None  # where the fetch offset sits (for long-poll estimates)
    position: int = 0


class Log(LogAppender):
    """A partition's log. See the package docstring for the API."""

    def __repr__(self) -> str:
        return f"Log({self.topic}-{self.partition}, start={self.log_start_offset}, end={self.next_offset})"

    # --- state -----------------------------------------------------------------------------

    @property
    def size(self) -> int:
        return sum(s.end for s in self.segments)

    @property
    def last_stable_offset(self) -> int:
        """Below it, every transaction is decided: what read_committed consumers may read."""
        unstable = self.txns.first_unstable_offset()
        hw = self.high_watermark
        return hw if unstable is None or unstable > hw else unstable

    def aborted_transactions(self, fetch_offset: int, upper_offset: int) -> list[AbortedTxn]:
        return self.txns.collect(fetch_offset, upper_offset)

    # --- appending -------------------------------------------------------------------------

    async def append(
        self, records: bytes | bytearray | memoryview, *, durable: bool = True
    ) -> tuple[int, int]:
        """Append one or more RecordBatch v2 (their offsets are assigned here); return the first
        and last offset given. With `durable` (the default) it returns once fsynced."""
        batches = validate_batches(
            records, max_message_bytes=self.config.max_message_bytes, from_client=False
        )
        info = await self.append_batches(batches, durable=durable)
        return info.base_offset, info.last_offset

    async def append_records(
        self,
        records: Sequence[tuple[bytes | None, bytes | None]],
        *,
        durable: bool = True,
        compression: int = 0,
    ) -> tuple[int, int]:
        """Append (key, value) records as one batch (durably, by default)."""
        batch = build_batch(
            [Record(offset_delta=i, key=k, value=v) for i, (k, v) in enumerate(records)],
            compression=compression,
        )
        return await self.append(batch, durable=durable)

    def append_state_nowait(
        self, records: Sequence[tuple[bytes | None, bytes | None]], *, durable: bool = True
    ) -> tuple[AppendInfo, asyncio.Future[Any] | None]:
        """`append_records` without a coroutine, for uncompressed (key, value) records without
        headers, as a coordinator writes its state: built straight into one buffer, its size
        checked but not validated again (see `_own_batch`), placed at once. Returns the future
        that completes once written (fsynced if `durable`), or None; see `append_batches_nowait`."""
        return self.append_batches_nowait(
            self._own_batch(build_kv_batch(records, self.clock())), durable=durable
        )

    def _own_batch(self, data: bytes | bytearray) -> list[PreparedBatch]:
        """A batch this broker built itself: its CRC and counts are right by construction, so of
        `validate_batches` only the size check is left (a coordinator's record larger than
        max.message.bytes is refused, as Kafka refuses it)."""
        if len(data) > self.config.max_message_bytes:
            raise RecordError(
                ErrorCode.MESSAGE_TOO_LARGE,
                f"record batch of {len(data)} bytes is larger than max.message.bytes "
                f"{self.config.max_message_bytes}",
            )
        return [PreparedBatch(data, BatchHeader.parse(data))]

    def append_kv_nowait(
        self, records: Sequence[tuple[bytes | None, bytes | None]], *, durable: bool = True
    ) -> tuple[AppendInfo, asyncio.Future[Any] | None]:
        """Append (key, value) records as one uncompressed batch that this broker built itself
        (so it is not validated again): its offsets, and the future that completes once the
        batch is written (fsynced if `durable`). Placed synchronously: the order of calls is
        the order in the log. What a coordinator's group commit uses, without a coroutine."""
        data = build_kv_batch(records, self.clock())
        return self._assign([PreparedBatch(data, BatchHeader.parse(data))], durable)

    def append_nowait(
        self, records: bytes | bytearray | memoryview, *, durable: bool = True
    ) -> tuple[AppendInfo, asyncio.Future[Any] | None]:
        """`append` without a coroutine, for batches this broker built itself (a transactional
        offset commit): validated and placed at once (raising LogError or ProducerStateError), so
        that the order of calls is the order in the log; the future completes once written
        (fsynced if `durable`)."""
        batches = validate_batches(
            records, max_message_bytes=self.config.max_message_bytes, from_client=False
        )
        return self._assign(batches, durable)

    async def append_batches(
        self, batches: list[PreparedBatch], *, durable: bool = True, timeout: float | None = None
    ) -> AppendInfo:
        """Append validated batches. Raises LogError (with its Kafka error code) or
        ProducerStateError; asyncio.TimeoutError if durability took longer than `timeout`
        (the batches are in the log regardless, as with Kafka's acks=all timeout)."""
        info, written = self.append_batches_nowait(batches, durable=durable)
        if (future := pending_write(written)) is not None:
            if timeout is None:
                await future
            else:
                async with asyncio.timeout(timeout):  # not wait_for: on 3.11 it can lose a cancel
                    await asyncio.shield(future)
        return info

    def append_batches_nowait(
        self, batches: list[PreparedBatch], *, durable: bool = True
    ) -> tuple[AppendInfo, asyncio.Future[Any] | None]:
        """`append_batches` without a coroutine: the batches placed at once (raising as it
        does), and the future that completes once they are written (fsynced if `durable`), or
        None. Often done already: written to the page cache from the loop (see `_write_now`)."""
        info, future = self._assign(batches, durable)
        if (
            future is None
            and info.duplicate
            and (
                (durable and self.recovery_point <= info.last_offset)
                or self.written_offset <= info.last_offset
            )
        ):
            # A retry of a batch still on its way to disk: answer it when the original is there.
            future = asyncio.ensure_future(self.flush())
        return info, future

    async def append_marker(
        self, producer_id: int, producer_epoch: int, commit: bool, coordinator_epoch: int = 0
    ) -> int:
        """Write a COMMIT or ABORT marker for the producer's transaction (WriteTxnMarkers), durably;
        returns its offset. A marker of an epoch older than the producer's is refused
        (INVALID_PRODUCER_EPOCH): a zombie coordinator's."""
        info, written = self.append_marker_nowait(producer_id, producer_epoch, commit, coordinator_epoch)
        if (future := pending_write(written)) is not None:
            await future
        return info.base_offset

    def append_marker_nowait(
        self, producer_id: int, producer_epoch: int, commit: bool, coordinator_epoch: int = 0
    ) -> tuple[AppendInfo, asyncio.Future[Any] | None]:
        """`append_marker` without a coroutine: placed at once (raising as it does), and the
        future of its durable write, as `append_batches_nowait`."""
        batch = marker_batch(producer_id, producer_epoch, commit, coordinator_epoch, self.clock())
        return self.append_batches_nowait(self._own_batch(batch), durable=True)

    @property
    def storage_failing(self) -> bool:
        """Appends fail here now: for want of space until one is written again, or offline after
        another I/O error until a restart. Metadata lists this broker's replica as offline."""
        return self.out_of_space or self.failed is not None

    async def append_as_follower(self, records: bytes | memoryview) -> int:
        """Append batches fetched from the leader as they are: their offsets, leader epochs and
        bytes (Kafka's appendAsFollower). Returns the new log end offset once written; not
        fsynced, as Kafka's followers leave that to the flush policy. Batches below the log end
        (a fetch that overlapped) are skipped; a torn last batch is left for the next fetch.
        Raises CorruptRecordError for a batch that fails its checks."""
        self._check_appendable()
        view = memoryview(records)
        now = self.clock()
        writes: list[PendingWrite] = []
        for pos, h in iter_batches(view, check_crc=True):
            if h.last_offset < self.next_offset:
                continue
            if h.base_offset < self.next_offset:
                raise CorruptRecordError(
                    f"batch {h.base_offset}..{h.last_offset} overlaps the log end "
                    f"{self.next_offset} of {self.name}",
                    pos,
                )
            if self.epochs.assign(h.partition_leader_epoch, h.base_offset):
                self._epochs_dirty = True
            self._place(h, h.base_offset, h.max_timestamp, [view[pos : pos + h.size]], now, False, writes)
            self.producer_state.update(h, h.base_offset)
            if h.is_transactional:
                self._track_transaction(h, h.base_offset, view[pos : pos + h.size])
        if not writes:
            return self.next_offset
        future = asyncio.get_running_loop().create_future()
        writes[-1].future = future
        self._queue.extend(writes)
        self.stats.appends += 1
        self._kick()
        await future
        return self.next_offset

    def become_leader(self, epoch: int) -> None:
        """This broker leads the partition from `epoch` on: its appends carry that epoch, which
        starts at the current log end (Kafka's leader epoch cache entry for a new leader)."""
        self.leader_epoch = epoch
        self.is_leader = True
        if self.epochs.assign(epoch, self.next_offset):
            self._epochs_dirty = True
            self._kick()

    async def wait_high_watermark(self, offset: int, epoch: int) -> None:
        """Until the high watermark reaches `offset`, appended as leader at `epoch` (acks=all on a
        replicated partition). Raises NOT_LEADER_OR_FOLLOWER as soon as this replica stops leading
        at that epoch: the offset may then hold another leader's record (truncation), and its
        reaching the high watermark would acknowledge what was never replicated (Kafka completes
        such delayed produces with the same error)."""
        loop = asyncio.get_running_loop()
        while self.high_watermark < offset:
            if self.failed is not None:
                raise LogOffline(f"{self.name} went offline while waiting for replication")
            # A deleted replica was moved away (reassignment) or its topic deleted: as Kafka's
            # delayed produce, NOT_LEADER_OR_FOLLOWER, so the client looks the leader up again.
            if self.deleted or not self.is_leader or self.leader_epoch != epoch:
                raise LogError(
                    f"{self.name}: no longer the leader at epoch {epoch}", ErrorCode.NOT_LEADER_OR_FOLLOWER
                )
            woken = loop.create_future()
            self.add_waiter(woken)
            try:
                await woken
            finally:
                self.remove_waiter(woken)

    def become_follower(self) -> None:
        """Another broker leads (or none does): appends now come from the leader only, and
        whoever waits for replication of this replica's own appends is told at once."""
        if self.is_leader:
            self.is_leader = False
            self._notify()

    def set_high_watermark(self, offset: int) -> None:
        """The replicated high watermark (never past what this replica has written, never back)."""
        offset = min(offset, self.written_offset)
        if offset > self.high_watermark:
            self.high_watermark = offset
            self._notify()

    async def truncate_to(self, offset: int) -> None:
        """Remove every batch from the one holding `offset` on (a follower's divergent tail,
        found by leader epoch). Only for a replica that is not appending meanwhile."""
        if offset >= self.next_offset:
            return
        await self.wait_idle()
        async with self.cleaner_lock:
            loop = asyncio.get_running_loop()
            gone = [s for s in self.segments if s.base_offset >= offset and s is not self.segments[0]]
            kept = [s for s in self.segments if s not in gone]
            for seg in gone:
                seg.retired = True
            await loop.run_in_executor(self.executor, io.truncate_segments, kept[-1], offset, gone)
            for seg in gone:
                if seg.readers == 0:
                    seg.close()
            self.set_segments(kept)
            self._rolled = [s for s in self._rolled if s not in gone]
            end = kept[-1].next_offset
            self.next_offset = self.written_offset = end
            self.high_watermark = min(self.high_watermark, end)
            self.recovery_point = min(self.recovery_point, end)
            if kept[-1].base_offset > end:
                self.log_start_offset = min(self.log_start_offset, end)
            self.producer_state.truncate(end)
            self.txns.truncate(end)
            await loop.run_in_executor(self.executor, producer_snapshot.delete_from, self.dir, end + 1)
            if self.epochs.truncate_from_end(end):
                await loop.run_in_executor(self.executor, self.epochs.write)
        log.info("truncate log", log=self.name, offset=end)

    async def flush(self) -> None:
        """fsync everything appended so far."""
        if self.deleted or self.closed or self.failed is not None:
            return
        if self.recovery_point >= self.next_offset and not self._queue and not self._rolled:
            return
        future = asyncio.get_running_loop().create_future()
        self._queue.append(
            PendingWrite(self.active, self.active.end, [], 0, self.next_offset, 0, True, future)
        )
        self._kick()
        await future

    async def wait_idle(self) -> None:
        """Until the writer has nothing queued (all appends so far written, and synced if due)."""
        while True:
            if self._writer is not None and not self._writer.done():
                await asyncio.shield(self._writer)
            elif self._syncing:
                idle = asyncio.get_running_loop().create_future()
                self._idle_waiters.append(idle)
                await idle
            else:
                return

    def flush_due(self, now: int) -> bool:
        return self.recovery_point < self.high_watermark and now - self._last_flush_ms >= self.config.flush_ms

    async def _write_loop(self) -> None:
        """Hand everything queued to the disk as one group: one write per segment and, if any
        append asked for durability (or the flush policy says so), one fsync. Small writes go to
        the page cache from the loop itself; others, and every fsync, run in the executor, where
        the writer thread reports "written" before it syncs, so readers need not wait for it."""
        loop = asyncio.get_running_loop()
        while self._queue or self._epochs_dirty:
            if self._epochs_dirty:  # before the batches of the new epoch: a crash cuts it back on load
                self._epochs_dirty = False
                entries = LeaderEpochCache(self.epochs.path, list(self.epochs.entries))
                try:
                    await loop.run_in_executor(self.executor, entries.write)
                except OSError as e:
                    self._fail(e, [])
                    return
                continue
            group, self._queue = self._queue, []
            rolled, self._rolled = self._rolled, []
            snapshots, self._snapshots = self._snapshots, []
            messages = sum(w.messages for w in group)
            sync = any(w.durable for w in group) or self._unflushed + messages >= self.config.flush_messages
            touched: list[Segment] = []
            for w in group:
                if w.segment not in touched:
                    touched.append(w.segment)
            counts = [(s, len(s.offset_index), len(s.time_index)) for s in touched]
            inline = (
                not rolled
                and sum(w.nbytes for w in group) <= INLINE_WRITE_BYTES
                and all(s.fd is not None for s in touched)
            )
            try:
                if inline:
                    io.write_group(group, rolled, counts)
                    self._written(group, messages, rolled, sync)
                if sync or not inline:
                    directory = self.dir if sync and self._dir_dirty else None
                    if sync:
                        self._dir_dirty = False
                    written = (
                        None
                        if inline
                        else functools.partial(
                            loop.call_soon_threadsafe, self._written, group, messages, rolled, sync
                        )
                    )
                    started = perf_counter()
                    created = await loop.run_in_executor(
                        self.executor,
                        io.write_and_sync,
                        [] if inline else group,
                        rolled,
                        [] if inline else counts,
                        touched if sync else [],
                        directory,
                        written,
                    )
                    if sync:
                        FSYNC.observe(perf_counter() - started)
                    if created and not sync:
                        self._dir_dirty = True
                for offset, data in snapshots:  # the segments below `offset` are synced now
                    await loop.run_in_executor(self.executor, producer_snapshot.write, self.dir, offset, data)
            except BaseException as e:
                self._fail(e, group)
                return
            if sync:
                self._durable(group)

    async def _cut_unwritten(self) -> None:
        """A write found the disk full: cut the log back to what was written whole (the torn
        batch and every batch placed after it, none of which was answered but with an error), so
        no segment keeps a partial write until the next start, then take appends again; each one
        fails the same way while the disk stays full, and succeeds once space is freed. Reads go
        on meanwhile. Any other I/O error keeps the log offline until a restart, as Kafka's log
        directory failure does.

        The cut itself may find no space (the leader-epoch checkpoint is rewritten through a
        new file): it is tried again every `_CUT_RETRY_S` while the disk stays full, the log
        refusing appends meanwhile, rather than left offline until a restart."""
        try:
            retried = False
            while True:
                try:
                    await self.truncate_to(self.written_offset)
                    break
                except (OSError, LogError) as e:
                    if not out_of_space(e) or self.deleted or self.closed:
                        log.error("fail log recovery", log=self.name, error=repr(e))
                        return
                    if not retried:
                        log.warning("retry log recovery", log=self.name, error=repr(e), after_s=_CUT_RETRY_S)
                        retried = True
                await asyncio.sleep(_CUT_RETRY_S)
        finally:
            self._recovery = None
        if not (self.deleted or self.closed):
            self.failed = None
            log.warning("resume log", log=self.name, offset=self.next_offset, reason="out of space")

    # --- waiting for data ------------------------------------------------------------------

    def add_waiter(self, future: asyncio.Future[Any]) -> None:
        """Complete `future` (with None) at the next advance of the high watermark."""
        self._waiters.add(future)

    def remove_waiter(self, future: asyncio.Future[Any]) -> None:
        self._waiters.discard(future)

    def wake_waiters(self) -> None:
        """Complete the waiters now, as an advance would (a fault-paused partition resumed)."""
        self._notify()

    def bytes_after(self, segment: Segment | None, position: int) -> int:
        """Readable bytes from `position` of `segment` on (a cheap estimate for long polls: a
        segment that is no longer the active one counts as plenty)."""
        if segment is None or segment is not self.active:
            return 1 << 30
        return max(0, segment.size - position)

    # --- reading ---------------------------------------------------------------------------

    async def read(
        self,
        offset: int,
        max_bytes: int,
        *,
        min_one: bool = True,
        replica: bool = False,
        read_committed: bool = False,
        copy: bool = True,
        region: bool = False,
    ) -> ReadResult:
        """Whole stored batches from the one holding `offset` on, at most `max_bytes` of them
        (but the first batch whatever its size if `min_one`), from one segment, below the high
        watermark (below the written offset for a `replica`: followers copy what consumers may
        not read yet; below the last stable offset if `read_committed`). Raises OffsetOutOfRange
        outside [log start, written offset]. With `region`, a read of at least REGION_MIN_BYTES
        comes back as a FileRegion of the segment file (for sendfile), not as bytes."""
        hw, start, written = self.high_watermark, self.log_start_offset, self.written_offset
        if offset < start or offset > written:
            raise OffsetOutOfRange(f"offset {offset} is outside [{start}, {written}] of {self.name}")
        if self.deleted:
            raise LogDeleted(f"{self.name} was deleted")
        end = written if replica else (self.last_stable_offset if read_committed else hw)
        if offset >= end or (max_bytes <= 0 and not min_one):
            return ReadResult(b"", hw, start, self.active, self.active.size)
        i = max(0, bisect.bisect_right(self._bases, offset) - 1)
        segments = self.segments
        while i < len(segments):
            if segments is not self.segments:
                # The cleaner swapped segments in while we read: look the offset up again.
                segments = self.segments
                i = max(0, bisect.bisect_right(self._bases, offset) - 1)
                continue
            seg = segments[i]
            visible = seg.size
            if visible:
                _, p0 = seg.offset_index.lookup(offset)
                estimate = min(visible - p0, max(max_bytes, 0) + seg.index_interval + 8192)
                if region and estimate >= REGION_MIN_BYTES:
                    # A few small reads of headers, on the loop; the batches stay in the file.
                    cut = (
                        end
                        if end < written and (i + 1 == len(segments) or segments[i + 1].base_offset > end)
                        else None
                    )
                    try:
                        spot = io.read_region(seg, p0, visible, offset, max_bytes, min_one, cut)
                    except OSError as e:
                        # No descriptor left for the region's own: read the bytes instead.
                        if e.errno not in (errno.EMFILE, errno.ENFILE):
                            raise
                    else:
                        if spot is not None:
                            return ReadResult(spot[0], hw, self.log_start_offset, seg, spot[1])
                        i += 1
                        continue
                if estimate > _EXECUTOR_READ_BYTES and self.executor is not None:
                    seg.readers += 1
                    try:
                        found = await asyncio.get_running_loop().run_in_executor(
                            self.executor, io.read_segment, seg, p0, visible, offset, max_bytes, min_one, copy
                        )
                    finally:
                        seg.readers -= 1
                        if seg.retired and seg.readers == 0:
                            seg.close()
                else:
                    found = io.read_segment(seg, p0, visible, offset, max_bytes, min_one, copy)
                if found is not None:
                    data, position = found
                    if end < written:  # not a batch at or above the bound: cut before the first
                        cut, _ = locate(data, end)
                        if cut >= 0:
                            data = data[:cut]
                    return ReadResult(data, hw, self.log_start_offset, seg, position)
            i += 1
        return ReadResult(b"", hw, self.log_start_offset, self.active, self.active.size)

    async def batches(
        self, start: int = 0, chunk_bytes: int = 1 << 20
    ) -> AsyncIterator[tuple[BatchHeader, bytes]]:
        """(header, bytes) of every batch from offset `start` up to the written offset (this
        replica's whole log, as a coordinator loading its partition reads it, like Kafka's)."""
        offset = max(start, self.log_start_offset)
        while offset < self.written_offset:
            result = await self.read(offset, chunk_bytes, replica=True)
            if not result.records:
                return
            buf = result.records
            assert isinstance(buf, bytes)  # read with copy
            for pos, h in iter_batches(buf):
                if h.last_offset >= offset:
                    yield h, buf[pos : pos + h.size]
                offset = h.next_offset

    async def read_records(self, start: int = 0) -> AsyncIterator[tuple[bytes | None, bytes | None]]:
        """(key, value) of every record from offset `start` on, in order."""
        async for chunk in self.key_value_batches(start):
            for key_value in chunk:
                yield key_value

    async def key_value_batches(
        self, start: int = 0
    ) -> AsyncIterator[list[tuple[bytes | None, bytes | None]]]:
        """The (key, value) of the records of each batch from offset `start` on, a list a batch
        (control batches left out): a whole partition read with one await per batch."""
        async for h, data in self.batches(start):
            if not h.is_control:
                yield batch_key_values(data)

    # --- timestamps (ListOffsets) ----------------------------------------------------------

    async def offset_for_timestamp(self, timestamp: int) -> tuple[int, int] | None:
        """(offset, timestamp) of the first record with a timestamp >= `timestamp`, or None."""
        return await timestamps.offset_for_timestamp(self, timestamp)

    async def max_timestamp_offset(self) -> tuple[int, int] | None:
        """(offset, timestamp) of the record with the largest timestamp (the first such), or None."""
        return await timestamps.max_timestamp_offset(self)

    def legacy_offsets_before(self, timestamp: int, max_count: int) -> list[int]:
        """ListOffsets v0's answer (Kafka's `legacyFetchOffsetsBefore`)."""
        return timestamps.legacy_offsets_before(self, timestamp, max_count)

    # --- retention -------------------------------------------------------------------------

    def deletable_segments(self, now: int) -> list[Segment]:
        """The oldest segments that retention.ms / retention.bytes let go (cleanup.policy=delete)."""
        cfg = self.config
        if not cfg.delete or self.deleted or self.failed is not None:
            return []
        out: list[Segment] = []
        segments = [s for s in self.segments if s.next_offset <= self.high_watermark and s.end == s.size]
        if cfg.retention_ms >= 0:
            for s in segments:
                if s.is_empty or now - s.largest_timestamp <= cfg.retention_ms:
                    break
                out.append(s)
        if cfg.retention_bytes >= 0:
            excess = self.size - cfg.retention_bytes
            for s in segments:
                if s.is_empty or s.end > excess:
                    break
                excess -= s.end
                if s not in out:
                    out.append(s)
        return out

    async def delete_old_segments(self) -> int:
        """Apply retention; returns the number of segments deleted."""
        if not self.config.delete:
            return 0
        async with self.cleaner_lock:
            return await self._delete_old_segments()

    async def _delete_old_segments(self) -> int:
        doomed = self.deletable_segments(self.clock())
        if not doomed:
            return 0
        if doomed[-1] is self.active:
            self._roll(self.clock())  # never leave the log without a segment
            await self.flush()
        await self._remove_segments(doomed)
        return len(doomed)

    async def delete_records(self, offset: int) -> int:
        """DeleteRecords: move the log start offset to `offset` (-1: the high watermark) and
        delete the segments wholly below it; returns the new log start offset (low watermark).
        The caller persists it (LogManager's log-start-offset checkpoint)."""
        async with self.cleaner_lock:
            hw = self.high_watermark
            if offset == -1:
                offset = hw
            if offset < 0 or offset > hw:
                raise OffsetOutOfRange(
                    f"cannot delete records of {self.name} before {offset}: outside [0, {hw}]"
                )
            if offset > self.log_start_offset:
                self.log_start_offset = offset
                log.info("delete records", log=self.name, log_start_offset=offset)
                segments = self.segments
                doomed = [s for i, s in enumerate(segments[:-1]) if segments[i + 1].base_offset <= offset]
                if doomed:
                    await self._remove_segments(doomed)
            return self.log_start_offset

    async def _remove_segments(self, doomed: list[Segment]) -> None:
        doomed_set = set(map(id, doomed))
        self.set_segments([s for s in self.segments if id(s) not in doomed_set])
        self.log_start_offset = max(self.log_start_offset, self.segments[0].base_offset)
        self.txns.drop_before(self.log_start_offset)
        for s in doomed:
            s.retired = True
            log.info(
                "delete segment",
                log=self.name,
                base_offset=s.base_offset,
                size=s.end,
                log_start_offset=self.log_start_offset,
            )
        await asyncio.get_running_loop().run_in_executor(self.executor, io.delete_segments, doomed)
        await asyncio.get_running_loop().run_in_executor(
            self.executor, producer_snapshot.delete_before, self.dir, self.log_start_offset
        )
        for s in doomed:
            if s.readers == 0:
                s.close()

    # --- lifecycle -------------------------------------------------------------------------

    async def close(self) -> None:
        """Finish queued writes, fsync everything, close the files (a clean shutdown)."""
        self.closed = True
        await self.wait_idle()
        if self.failed is None and not self.deleted:
            await asyncio.get_running_loop().run_in_executor(
                self.executor, io.close_segments, self.segments, self.dir
            )
            self.recovery_point = self.high_watermark
        else:
            for s in self.segments:
                s.close()
        self._notify()

    async def delete(self) -> None:
        """Delete the partition: stop taking appends, finish in-flight ones, remove the directory
        (renamed `<dir>.<id>-delete` first, as Kafka does)."""
        self.deleted = True
        await self.wait_idle()
        self._notify()
        segments = self.segments

        def remove() -> None:
            target = self.dir.with_name(f"{self.dir.name}.{uuid.uuid4().hex}-delete")
            try:
                self.dir.rename(target)
            except FileNotFoundError:
                return
            fsync_dir(target.parent)
            for s in segments:
                if s.readers == 0:
                    s.close()
            shutil.rmtree(target, ignore_errors=True)

        await asyncio.get_running_loop().run_in_executor(self.executor, remove)
        log.info("delete log", log=self.name)

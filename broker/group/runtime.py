"""Runs a GroupCoordinatorShard on the event loop: the I/O around the pure state machine, in
the role of Kafka's CoordinatorRuntime (which drives every shard of a broker; here one runtime
drives one shard, and GroupCoordinatorService holds one per `__consumer_offsets` partition).

- Waiters: `submit(method, request, waiter)` calls the shard, whose `Reply` later resolves the
  waiter (an asyncio future, or a handler's own callback object: `set_result`), at once or
  later (a parked JoinGroup). A shard method that answers at once and never writes (Heartbeat)
  is called with `call_direct`, its answer returned.
- Appends of one loop iteration go to the log as one batch (no writer task); the log's
  directory flusher makes them durable together with every other write waiting (group
  commit, broker/log/flusher.py). Once a batch is durable (or failed), each append goes back
  to the shard, in order: `shard.appended` replays what was written and runs the append's
  continuation. A transactional append (TxnOffsetCommit) is a batch of its own, with the
  producer's id and epoch, in the same ordered line.
- Transaction markers: the markers path writes a COMMIT/ABORT marker to the partition and hands
  it here (`complete_transaction`) as it places it; once it is durable, and after every write
  placed before it, the shard replays it (`replay_end_transaction`): the producer's pending
  offsets become committed ones, or are dropped.
- Timers: the shard's heap drives one `loop.call_later` handle, re-armed only when the
  earliest deadline moves earlier.
- Load: the partition is replayed from the start before the shard serves its groups, its
  transactional records and markers in log order with the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter
from typing import TypeVar

from broker import logging_setup
from broker.group.events import Append, Reply, Waiter
from broker.group.partition_log import OffsetsLog, TransactionalBatch
from broker.group.records import (
    LoadedRecord,
    Record,
    TransactionalRecord,
    TransactionMarker,
    decode_record,
    encode_record,
)
from broker.group.shard import GroupCoordinatorShard
from protocol.errors import ErrorCode

log = logging_setup.get_logger("kbroker.group")

Req = TypeVar("Req")
T = TypeVar("T")


def _error_of(exc: BaseException) -> ErrorCode:
    code = getattr(exc, "error_code", None)
    if code is not None:
        try:
            return ErrorCode(int(code))
        except ValueError:
            pass
    return ErrorCode.KAFKA_STORAGE_ERROR  # an I/O failure: answered as NOT_COORDINATOR


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


@dataclass(slots=True)
class _EndTransaction:
    """A transaction marker the markers path placed in the log, in the line of writes."""

    producer_id: int
    commit: bool


class CoordinatorRuntime:
    def __init__(self, shard: GroupCoordinatorShard, offsets_log: OffsetsLog):
        self.shard = shard
        self.partition = shard.partition
        self.offsets_log = offsets_log
        self.loaded = False
        self._pending: list[Append] = []
        self._write_scheduled = False
        # Writes handed to the log, oldest first: (their appends, or a transaction marker; the
        # future of their durability; None for a barrier, done once those before it are).
        self._inflight: deque[tuple[list[Append] | _EndTransaction, asyncio.Future[None] | None]] = deque()
        self._stopped = False
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at: int | None = None  # its deadline: set and cleared with _timer
        # The shard's timer pushes when the timer was last armed (or found not needed): until the
        # heap gets a new entry the earliest deadline can only move later, so there is nothing to
        # re-arm (dispatch runs per request). -1 after the timer fired or was cancelled.
        self._pushes_seen = -1
        self.batches_written = 0
        self.records_written = 0
        # The loop, taken once (asyncio.get_running_loop() makes a getpid system call each
        # time); forgotten at start, for a runtime started again on another loop.
        self._loop: asyncio.AbstractEventLoop | None = None

    # -- requests -----------------------------------------------------------------------------

    def submit(self, method: Callable[[Req, Waiter[T]], None], request: Req, waiter: Waiter[T]) -> None:
        """Call the shard; `waiter` gets the answer (an asyncio future, or a handler's callback)."""
        method(request, waiter)
        self.dispatch()

    def call_direct(self, method: Callable[[Req], T], request: Req) -> T:
        """For a shard method that returns its answer at once (Heartbeat, 100,000 members'
        worth every 3 s): no future, no waiter, no reply to route, and the timer re-armed only if the call
        queued a new deadline (a heartbeat pushing its session back queues none)."""
        shard = self.shard
        pushes = shard.timers.pushes
        result = method(request)
        if shard.outputs.pending():
            self.dispatch()
        elif shard.timers.pushes != pushes:
            self._arm_timer()
        return result

    def dispatch(self) -> None:
        """Route the shard's outputs: resolve replies, queue appends, re-arm the timer."""
        wake = False
        for out in self.shard.drain():
            if isinstance(out, Reply):
                waiter = out.waiter
                if not waiter.done():  # a cancelled request (its connection went away)
                    waiter.set_result(out.result)
            else:
                self._pending.append(out)
                wake = True
        if wake:
            self._schedule_write()
        self._arm_timer()

    async def barrier(self) -> None:
        """Wait until every append queued so far is durable."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append(Append([], lambda _error: _resolve(future)))
        self._schedule_write()
        await future

    def queued_writes(self) -> int:
        """Writes not yet durable: those waiting for the end of the loop iteration, and those
        handed to the log (a barrier counts as one)."""
        return len(self._pending) + len(self._inflight)

    # -- timers -------------------------------------------------------------------------------

    def _arm_timer(self) -> None:
        timers = self.shard.timers
        if timers.pushes == self._pushes_seen:
            return
        self._pushes_seen = timers.pushes
        deadline = timers.next_deadline()
        if deadline is None or (self._timer_at is not None and self._timer_at <= deadline):
            return
        if self._timer is not None:
            self._timer.cancel()
        delay_ms = max(0, deadline - self.shard.clock.monotonic_ms()) + 1  # never wake just before it
        self._timer_at = deadline
        self._timer = asyncio.get_running_loop().call_later(delay_ms / 1000, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = self._timer_at = None
        self._pushes_seen = -1
        self.shard.fire_timers()  # each action runs on its own: one that fails is logged there
        self.dispatch()

    def fire_due_timers(self) -> None:
        """Run now the timers due by the shard's clock (a manual clock just moved forward), as the
        loop's timer would once their time came; the timer is re-armed for what is left."""
        if self._stopped or not self.loaded:
            return
        if self._timer is not None:
            self._timer.cancel()
        self._on_timer()

    # -- writing ------------------------------------------------------------------------------
    # The appends of one loop iteration go to the log as one batch, at the end of the
    # iteration (every request that arrived together is in it). There is no writer task and no
    # waiting for siblings here: the log writes to the page cache at once, and its directory's
    # flusher syncs every log with writes waiting in one pass (group commit across writes and
    # across partitions, broker/log/flusher.py). Completions come back in write order; each
    # append then goes back to the shard, which replays what was written and answers.

    def _schedule_write(self) -> None:
        if not self._write_scheduled and not self._stopped:
            self._write_scheduled = True
            loop = self._loop
            if loop is None:
                loop = self._loop = asyncio.get_running_loop()
            loop.call_soon(self._write_pending)

    def _write_pending(self) -> None:
        self._write_scheduled = False
        if not self._pending or self._stopped:
            return
        pending, self._pending = self._pending, []
        batch: list[Append] = []
        for append in pending:
            if append.transactional:  # a batch of its own, in its place in the line
                if batch:
                    self._place(batch, None)
                    batch = []
                self._place([append], append)
            else:
                batch.append(append)
        if batch:
            self._place(batch, None)
        self._complete()

    def _place(self, batch: list[Append], transactional: Append | None) -> None:
        """Hand one batch to the log (placed at once: the line's order is the log's order)."""
        future: asyncio.Future[None] | None = None
        try:
            raw = [encode_record(r) for append in batch for r in append.records]
            if raw:
                if transactional is None:
                    future = self.offsets_log.append_nowait(self.partition, raw)
                else:
                    future = self.offsets_log.append_transactional_nowait(
                        self.partition, raw, transactional.producer_id, transactional.producer_epoch
                    )
                self.batches_written += 1
                self.records_written += len(raw)
        except Exception as e:
            future = asyncio.get_running_loop().create_future()
            future.set_exception(e)
        self._inflight.append((batch, future))
        if future is not None and not future.done():
            future.add_done_callback(self._on_written)

    def complete_transaction(
        self, producer_id: int, commit: bool, written: asyncio.Future[None] | None = None
    ) -> None:
        """The producer's COMMIT (or ABORT) marker has just been placed in this partition's log by
        the markers path; `written` completes once it is durable (None: it is already), and fails
        or is cancelled if it could not be written. The shard replays the marker
        (`replay_end_transaction`) once it is durable, after every write placed before it (and,
        while the partition loads, once the load is done: the load may have read it, or not),
        and never if it failed. Call it with no await between this and placing the marker."""
        if self._stopped:
            return
        self._inflight.append((_EndTransaction(producer_id, commit), written))
        if written is None or written.done():
            self._complete()
        else:
            written.add_done_callback(self._on_written)

    def _on_written(self, _future: asyncio.Future[None]) -> None:
        self._complete()

    def _complete(self) -> None:
        """Hand every finished write at the head of the line back to the shard, in order."""
        inflight = self._inflight
        progressed = False
        while inflight and not self._stopped:
            batch, future = inflight[0]
            if future is not None and not future.done():
                break
            if isinstance(batch, _EndTransaction) and not self.loaded:
                break  # replayed once the load is done (load calls _complete)
            inflight.popleft()
            progressed = True
            error = ErrorCode.NONE
            if future is not None:
                exc: BaseException | None = (
                    future.exception() if not future.cancelled() else asyncio.CancelledError()
                )
                if exc is not None:
                    error = _error_of(exc)
                    if isinstance(batch, _EndTransaction):
                        continue  # the markers path answers its failure; nothing to replay
                    log.error("fail to append", partition=self.partition, error=repr(exc), code=error.name)
            if isinstance(batch, _EndTransaction):
                try:
                    self.shard.replay_end_transaction(batch.producer_id, batch.commit)
                except Exception:
                    log.exception("fail transaction marker replay", partition=self.partition)
                continue
            for append in batch:
                try:
                    self.shard.appended(append, error)
                except Exception:
                    log.exception("fail append continuation", partition=self.partition)
        if progressed:
            self.dispatch()

    # -- lifecycle ----------------------------------------------------------------------------

    def start(self) -> None:
        self._stopped = False
        self._loop = None

    async def load(self) -> None:
        # Only the newest record of each key counts (what compaction keeps): keep the raw bytes
        # of the last one seen per key and where it was, then decode the survivors alone, in
        # the log order of those last occurrences: most of a busy partition is older commits.
        # dict.update keeps the pace in C (a million records in a fraction of a second).
        # Transactional batches and markers are kept whole, at their place in the log: the shard
        # replays each of them in log order with the survivors (a committed transaction's
        # offsets come into effect where its COMMIT marker is, and a plain record after that
        # marker still overrides them; so the newest plain record per key is all that counts).
        latest: dict[bytes, bytes | None] = {}
        where: dict[bytes, int] = {}
        transactional: list[tuple[int, TransactionalBatch]] = []
        seen = 0
        async for chunk in self.offsets_log.read(self.partition):
            if isinstance(chunk, TransactionalBatch):
                transactional.append((seen, chunk))
                seen += 1
                continue
            latest.update(chunk)
            where.update(zip(map(itemgetter(0), chunk), itertools.count(seen)))
            seen += len(chunk)
        survivors = sorted(latest.items(), key=lambda kv: where[kv[0]])
        records: list[LoadedRecord] = []
        positions: list[int] = []
        for key, value in survivors:
            record = self._decode(key, value)
            if record is not None:
                records.append(record)
                if transactional:  # (their places are needed only to merge them in)
                    positions.append(where[key])
        if transactional:
            records = self._with_transactions(records, positions, transactional)
        self.shard.load(records)
        self.loaded = True
        self._complete()  # markers written while loading
        self.dispatch()

    def _decode(self, key: bytes | None, value: bytes | None) -> Record | None:
        if key is None:
            return None
        try:
            return decode_record(key, value)
        except Exception as e:  # a record we cannot read is skipped, as Kafka's loader does
            log.warning("skip record", partition=self.partition, error=str(e))
            return None

    def _with_transactions(
        self, records: list[LoadedRecord], positions: list[int], batches: list[tuple[int, TransactionalBatch]]
    ) -> list[LoadedRecord]:
        """The survivors and the transactional records and markers, merged in log order."""
        placed: list[tuple[int, LoadedRecord]] = list(zip(positions, records, strict=True))
        for at, batch in batches:
            if batch.commit is not None:
                placed.append((at, TransactionMarker(batch.producer_id, batch.commit)))
                continue
            for key, value in batch.records:
                record = self._decode(key, value)
                if record is not None:
                    placed.append((at, TransactionalRecord(batch.producer_id, record)))
        placed.sort(key=itemgetter(0))  # stable: a batch's records keep their order
        return [record for _, record in placed]

    async def stop(self, grace_s: float = 5.0) -> None:
        """Let queued writes finish, answer parked requests NOT_COORDINATOR, stop the writer."""
        if self._pending or self._inflight:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                async with asyncio.timeout(grace_s):
                    await self.barrier()
        # Writes still in flight are dropped, as a cancelled writer drops them: never replayed.
        self._stopped = True
        self._inflight.clear()
        self._pending.clear()
        self.shard.unload()
        self.dispatch()
        self.loaded = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = self._timer_at = None
        self._pushes_seen = -1

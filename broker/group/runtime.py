"""Runs a GroupCoordinatorShard on the event loop: the I/O around the pure state machine, in
the role of Kafka's CoordinatorRuntime (which drives every shard of a broker; here one runtime
drives one shard, and GroupCoordinatorService holds one per `__consumer_offsets` partition).

- Waiters are asyncio futures: `submit(method, request)` calls the shard and returns the future
  its `Reply` will resolve (at once for a heartbeat, later for a parked JoinGroup).
- Appends of one loop iteration go to the log as one batch (no writer task); the log's
  directory flusher makes them durable together with every other write waiting (group
  commit, broker/log/flusher.py). Once a batch is durable (or failed), each append goes back
  to the shard, in order: `shard.appended` replays what was written and runs the append's
  continuation.
- Timers: the shard's heap drives one `loop.call_later` handle, re-armed only when the
  earliest deadline moves earlier.
- Load: the partition is replayed from the start before the shard serves its groups.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections import deque
from collections.abc import Callable
from operator import itemgetter
from typing import TypeVar

from broker import logging_setup
from broker.group.events import Append, Reply, Waiter
from broker.group.partition_log import OffsetsLog
from broker.group.records import decode_record, encode_record
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


class CoordinatorRuntime:
    def __init__(self, shard: GroupCoordinatorShard, offsets_log: OffsetsLog):
        self.shard = shard
        self.partition = shard.partition
        self.offsets_log = offsets_log
        self.loaded = False
        self._pending: list[Append] = []
        self._write_scheduled = False
        # Writes handed to the log, oldest first: (their appends, the future of their
        # durability; None for a barrier, done once those before it are).
        self._inflight: deque[tuple[list[Append], asyncio.Future[None] | None]] = deque()
        self._stopped = False
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at: int | None = None  # its deadline: set and cleared with _timer
        self.batches_written = 0
        self.records_written = 0

    # -- requests -----------------------------------------------------------------------------

    def submit(self, method: Callable[[Req, Waiter[T]], None], request: Req) -> asyncio.Future[T]:
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        method(request, future)
        self.dispatch()
        return future

    def submit_to(self, method: Callable[[Req, Waiter[T]], None], request: Req, waiter: Waiter[T]) -> None:
        """`submit` with the caller's own waiter (a handler answering from a callback, no future)."""
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
        deadline = self.shard.timers.next_deadline()
        if deadline is None or (self._timer_at is not None and self._timer_at <= deadline):
            return
        if self._timer is not None:
            self._timer.cancel()
        delay_ms = max(0, deadline - self.shard.clock.monotonic_ms()) + 1  # never wake just before it
        self._timer_at = deadline
        self._timer = asyncio.get_running_loop().call_later(delay_ms / 1000, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = self._timer_at = None
        self.shard.fire_timers()  # each action runs on its own: one that fails is logged there
        self.dispatch()

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
            asyncio.get_running_loop().call_soon(self._write_pending)

    def _write_pending(self) -> None:
        self._write_scheduled = False
        if not self._pending or self._stopped:
            return
        batch, self._pending = self._pending, []
        future: asyncio.Future[None] | None = None
        try:
            raw = [encode_record(r) for append in batch for r in append.records]
            if raw:
                future = self.offsets_log.append_nowait(self.partition, raw)
                self.batches_written += 1
                self.records_written += len(raw)
        except Exception as e:
            future = asyncio.get_running_loop().create_future()
            future.set_exception(e)
        self._inflight.append((batch, future))
        if future is None or future.done():
            self._complete()
        else:
            future.add_done_callback(self._on_written)

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
            inflight.popleft()
            progressed = True
            error = ErrorCode.NONE
            if future is not None:
                exc: BaseException | None = (
                    future.exception() if not future.cancelled() else asyncio.CancelledError()
                )
                if exc is not None:
                    error = _error_of(exc)
                    log.error("fail to append", partition=self.partition, error=repr(exc), code=error.name)
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

    async def load(self) -> None:
        # Only the newest record of each key counts (what compaction keeps): keep the raw bytes
        # of the last one seen per key and where it was, then decode the survivors alone, in
        # the log order of those last occurrences: most of a busy partition is older commits.
        # dict.update keeps the pace in C (a million records in a fraction of a second).
        latest: dict[bytes, bytes | None] = {}
        where: dict[bytes, int] = {}
        seen = 0
        async for chunk in self.offsets_log.read(self.partition):
            latest.update(chunk)
            where.update(zip(map(itemgetter(0), chunk), itertools.count(seen)))
            seen += len(chunk)
        survivors = sorted(latest.items(), key=lambda kv: where[kv[0]])
        records = []
        for key, value in survivors:
            try:
                record = decode_record(key, value)
            except Exception as e:  # a record we cannot read is skipped, as Kafka's loader does
                log.warning("skip record", partition=self.partition, error=str(e))
                continue
            if record is not None:
                records.append(record)
        self.shard.load(records)
        self.loaded = True
        self.dispatch()

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

"""Runs a GroupCoordinatorShard on the event loop: the I/O around the pure state machine, in
the role of Kafka's CoordinatorRuntime (which drives every shard of a broker; here one runtime
drives one shard, and GroupCoordinatorService holds one per `__consumer_offsets` partition).

- Waiters are asyncio futures: `submit(method, request)` calls the shard and returns the future
  its `Reply` will resolve (at once for a heartbeat, later for a parked JoinGroup).
- Appends go to one writer task per shard. While a write + fsync is in flight, new appends
  queue up; the next write takes them all as one batch (group commit). Once the batch is
  durable (or failed), each append goes back to the shard, in order: `shard.appended` replays
  what was written and runs the append's continuation.
- Timers: the shard's heap drives one `loop.call_later` handle, re-armed only when the
  earliest deadline moves earlier.
- Load: the partition is replayed from the start before the shard serves its groups.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import itertools
from collections.abc import Callable
from operator import itemgetter
from typing import Generic, Literal, TypeVar

from broker import logs
from broker.group.events import Append, Reply, Waiter
from broker.group.shard import GroupCoordinatorShard
from broker.offsets import OffsetsLog, decode_record, encode_record
from protocol.errors import ErrorCode

log = logs.get("kbroker.group")

SIBLING_WAIT_S = 0.0005  # how long a write may wait for more appends when more are expected

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


class _Unset(enum.Enum):
    UNSET = enum.auto()


class _Immediate(Generic[T]):
    """A waiter resolved synchronously, in `dispatch`."""

    __slots__ = ("result",)

    def __init__(self) -> None:
        self.result: T | Literal[_Unset.UNSET] = _Unset.UNSET

    def done(self) -> bool:
        return self.result is not _Unset.UNSET

    def set_result(self, result: T, /) -> None:
        self.result = result


class CoordinatorRuntime:
    def __init__(self, shard: GroupCoordinatorShard, offsets_log: OffsetsLog):
        self.shard = shard
        self.partition = shard.partition
        self.offsets_log = offsets_log
        self.loaded = False
        self._pending: list[Append] = []
        self._wake = asyncio.Event()
        self._siblings: asyncio.Future[None] | None = None  # resolved when the expected appends are queued
        self._expected = 0
        self._writing = False
        self._writer: asyncio.Task[None] | None = None
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

    def call_now(self, method: Callable[[Req, Waiter[T]], None], request: Req) -> T:
        """For requests the shard answers at once (Heartbeat): the result, without a future."""
        waiter: _Immediate[T] = _Immediate()
        method(request, waiter)
        self.dispatch()
        assert waiter.result is not _Unset.UNSET, "the shard did not answer at once"
        return waiter.result

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
            self._wake.set()
            siblings = self._siblings
            if siblings is not None and len(self._pending) >= self._expected and not siblings.done():
                siblings.set_result(None)
        self._arm_timer()

    async def barrier(self) -> None:
        """Wait until every append queued so far is durable."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append(Append([], lambda _error: _resolve(future)))
        self._wake.set()
        await future

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

    # -- the writer ---------------------------------------------------------------------------

    async def _write_loop(self) -> None:
        last_batch = 0
        while True:
            if not self._pending:
                self._wake.clear()
                await self._wake.wait()
                continue
            if len(self._pending) < last_batch:
                # The previous batch had more writers (e.g. consumers committing in a loop): their
                # next requests are likely on their way. Wait a moment so that they share this
                # write and fsync instead of each starting a new one (commit_siblings, in effect).
                # (Waiting also for those just answered, to merge two alternating groups into one
                # fsync, measured slower: 4.3-4.8k commits/s against 5.1-5.7k.)
                await self._gather_siblings(last_batch)
            batch, self._pending = self._pending, []
            last_batch = len(batch)
            self._writing = True
            error = ErrorCode.NONE
            try:
                raw = [encode_record(r) for append in batch for r in append.records]
                if raw:
                    await self.offsets_log.append(self.partition, raw)
                    self.batches_written += 1
                    self.records_written += len(raw)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                error = _error_of(e)
                log.error("fail to append", partition=self.partition, error=repr(e), code=error.name)
            finally:
                self._writing = False
            for append in batch:
                try:
                    self.shard.appended(append, error)
                except Exception:
                    log.exception("fail append continuation", partition=self.partition)
            self.dispatch()

    async def _gather_siblings(self, expected: int) -> None:
        # One future and one timer per write, resolved by dispatch() once `expected` appends are
        # queued: this runs for every group commit, so no task or wait_for per arriving append.
        loop = asyncio.get_running_loop()
        self._siblings = siblings = loop.create_future()
        self._expected = expected
        timer = loop.call_later(SIBLING_WAIT_S, _resolve, siblings)
        try:
            await siblings
        finally:
            timer.cancel()
            self._siblings = None

    # -- lifecycle ----------------------------------------------------------------------------

    def start(self) -> None:
        self._writer = asyncio.get_running_loop().create_task(
            self._write_loop(), name=f"offsets-writer-{self.partition}"
        )

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
        if self._pending or self._writing:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                async with asyncio.timeout(grace_s):
                    await self.barrier()
        self.shard.unload()
        self.dispatch()
        self.loaded = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = self._timer_at = None
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None

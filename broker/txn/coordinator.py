"""The transaction coordinator (Kafka's TransactionCoordinator + TransactionStateManager): the
transactional ids of each `__transaction_state` partition this broker leads, placed as groups
are (`abs(javaHash(transactional.id)) % transaction.state.log.num.partitions`).

Every change is a TransactionLogValue computed from the current state (metadata.py), written to
the id's partition (durably; replicated where it is), and only then applied: `_write`. A write
in flight marks the id `pending`: other requests for it get CONCURRENT_TRANSACTIONS, as in
Kafka, so one id has one change at a time without locks. Loading a partition replays its newest
record per id the same way, then finishes the transactions found prepared (markers, then the
Complete record): PrepareCommit commits, PrepareAbort aborts; an Ongoing one is aborted when its
`transaction.timeout.ms` passes (checked every
`transaction.abort.timed.out.transaction.cleanup.interval.ms`), its epoch bumped so that the
producer, if alive, is fenced. Idle ids expire after `transactional.id.expiration.ms`.

EndTxn is answered once the Prepare record is durable, as Kafka: the markers and the Complete
record are written meanwhile, while the client begins its next transaction. A request for the id
arriving before they are (its next AddPartitionsToTxn / AddOffsetsToTxn, InitProducerId, an EndTxn
retry) waits for them instead of answering CONCURRENT_TRANSACTIONS (Kafka's answer, which clients
retry after a backoff). A transaction thus costs one durable coordinator write on the client's
path besides its AddPartitions; the marker's fsync overlaps the client's next steps. Until the
markers are written, read_committed readers do not see the records yet and OffsetFetch with
require_stable answers UNSTABLE_OFFSET_COMMIT, as in Kafka.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass
from typing import Any

from broker import logging_setup
from broker.group.placement import coordinator_partition
from broker.log.log import pending_write, settled
from broker.txn.metadata import COMPLETE, MAX_EPOCH, PREPARE, TransactionMetadata, TxnState
from protocol.errors import ErrorCode
from protocol.txn_records import TransactionLogValue, decode_key, decode_value, encode_key, encode_value

_LOG_NAME = "kbroker.txn"
log = logging_setup.get_logger(_LOG_NAME)
E = ErrorCode
TRANSACTION_STATE_TOPIC = "__transaction_state"

# (topic, partition, producer id, epoch, commit) -> the marker's error (NONE once durable), at
# once when written from the loop, else a coroutine to await
MarkerWriter = Callable[[str, int, int, int, bool], ErrorCode | Coroutine[Any, Any, ErrorCode]]
# Markers that will never be written, and need not be: the partition is gone, or a newer epoch
# of the producer (a newer coordinator's markers) is already there.
_MARKER_DONE = (E.NONE, E.UNKNOWN_TOPIC_OR_PARTITION, E.INVALID_PRODUCER_EPOCH, E.PRODUCER_FENCED)


@dataclass(frozen=True, slots=True)
class TxnConfig:
    num_partitions: int = 50
    max_timeout_ms: int = 900000
    abort_interval_ms: int = 10000
    expiration_ms: int = 604800000
    expiration_interval_ms: int = 3600000
    write_timeout_s: float = 5.0

    @classmethod
    def from_config(cls, config: Any) -> TxnConfig:
        return cls(
            num_partitions=config["transaction.state.log.num.partitions"],
            max_timeout_ms=config["transaction.max.timeout.ms"],
            abort_interval_ms=config["transaction.abort.timed.out.transaction.cleanup.interval.ms"],
            expiration_ms=config["transactional.id.expiration.ms"],
            expiration_interval_ms=config["transaction.remove.expired.transaction.cleanup.interval.ms"],
            write_timeout_s=config["offsets.commit.timeout.ms"] / 1000,
        )


@dataclass(frozen=True, slots=True)
class InitResult:
    error: ErrorCode
    producer_id: int = -1
    producer_epoch: int = -1


@dataclass(slots=True)
class Described:
    transactional_id: str
    error: ErrorCode
    meta: TransactionMetadata | None = None


@functools.lru_cache(maxsize=4096)
def _partition_of(transactional_id: str, num_partitions: int) -> int:
    """Remembered: a Java string hash in Python costs microseconds, and every request of a
    transaction asks for it several times."""
    return coordinator_partition(transactional_id, num_partitions)


def now_ms() -> int:
    return int(time.time() * 1000)


def _done_state(commit: bool) -> TxnState:
    return TxnState.COMPLETE_COMMIT if commit else TxnState.COMPLETE_ABORT


async def _gathered(
    markers: list[ErrorCode | Coroutine[Any, Any, ErrorCode] | BaseException],
) -> list[ErrorCode | BaseException]:
    """The markers' results: those answered at once as they are, the others awaited together
    (one alone without gather's task)."""
    waiting = [(i, r) for i, r in enumerate(markers) if isinstance(r, Coroutine)]
    results: list[ErrorCode | BaseException] = [
        E.UNKNOWN_SERVER_ERROR if isinstance(r, Coroutine) else r for r in markers
    ]
    if len(waiting) == 1:
        i, pending = waiting[0]
        try:
            results[i] = await pending
        except asyncio.CancelledError:
            raise
        except Exception as e:
            results[i] = e
    elif waiting:
        got = await asyncio.gather(*(c for _, c in waiting), return_exceptions=True)
        for (i, _), r in zip(waiting, got, strict=True):
            results[i] = r
    return results


def _finish(done: asyncio.Future[None], task: asyncio.Task[None]) -> None:
    if not done.done():
        done.set_result(None)


def _cancel_with(task: asyncio.Task[None], done: asyncio.Future[None]) -> None:
    if done.cancelled():
        task.cancel()


class TransactionCoordinator:
    def __init__(
        self,
        config: TxnConfig,
        log_for: Callable[[int], Any],
        next_producer_id: Callable[[], Awaitable[int]],
        write_marker: MarkerWriter,
        *,
        owned: Iterable[int] | None = None,
        clock: Callable[[], int] = now_ms,
    ):
        self.config = config
        self.log_for = log_for
        self.next_producer_id = next_producer_id
        self.write_marker = write_marker
        self.clock = clock
        self.owned: set[int] | None = None if owned is None else set(owned)
        self.partitions: dict[int, dict[str, TransactionMetadata]] = {}  # loaded partitions
        self._loads: dict[int, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Future[Any]] = set()
        self._timer: asyncio.Task[None] | None = None
        self.active = False

    # -- lifecycle --------------------------------------------------------------------------------

    async def start(self) -> None:
        self.active = True
        if self.owned is None:
            for p in range(self.config.num_partitions):
                self._begin_load(p)
        self._timer = asyncio.get_running_loop().create_task(self._timers(), name="txn-timers")

    async def wait_loaded(self) -> None:
        await asyncio.gather(*self._loads.values(), return_exceptions=True)

    async def stop(self) -> None:
        self.active = False
        for task in [*self._loads.values(), *self._tasks, *([self._timer] if self._timer else [])]:
            task.cancel()
        await asyncio.gather(*self._loads.values(), *self._tasks, return_exceptions=True)
        if self._timer is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._timer
        self.partitions.clear()

    async def set_owned(self, partitions: set[int]) -> None:
        """Cluster mode: take up newly led `__transaction_state` partitions, drop the others."""
        if self.owned is None:
            return
        partitions = {p for p in partitions if 0 <= p < self.config.num_partitions}
        for p in sorted(self.owned - partitions):
            self.owned.discard(p)
            task = self._loads.pop(p, None)
            if task is not None:
                task.cancel()
            dropped = self.partitions.pop(p, {})
            for meta in dropped.values():
                if meta.completion is not None:
                    meta.completion.cancel()
            log.info("resign transaction coordinator", partition=p)
        for p in sorted(partitions - self.owned):
            self.owned.add(p)
            self._begin_load(p)

    def _begin_load(self, partition: int) -> None:
        self._loads[partition] = asyncio.get_running_loop().create_task(
            self._load(partition), name=f"txn-load-{partition}"
        )

    async def _load(self, partition: int) -> None:
        try:
            lg = self.log_for(partition)
            latest: dict[bytes, bytes | None] = {}
            if lg is not None:
                async for key, value in lg.read_records():
                    if key is not None:
                        latest.pop(key, None)
                        latest[key] = value
            txns: dict[str, TransactionMetadata] = {}
            for key, value in latest.items():
                try:
                    tid = decode_key(key)
                    v = decode_value(value)
                except Exception as e:  # as Kafka's loader: skip what cannot be read
                    log.warning("skip transaction record", partition=partition, error=str(e))
                    continue
                if v is None:
                    txns.pop(tid, None)
                else:
                    txns[tid] = TransactionMetadata.loaded(tid, v)
            self.partitions[partition] = txns
            prepared = [m for m in txns.values() if m.state in PREPARE]
            for meta in prepared:  # decided before the restart: finish it
                self._start_completion(partition, meta)
            if txns:
                log.info("load transactions", partition=partition, ids=len(txns), completing=len(prepared))
        except asyncio.CancelledError:
            raise
        except Exception as e:
            log.error("fail to load transactions", partition=partition, error=repr(e))
        finally:
            if self._loads.get(partition) is asyncio.current_task():
                del self._loads[partition]

    # -- placement ----------------------------------------------------------------------------

    def partition_for(self, transactional_id: str) -> int:
        return _partition_of(transactional_id, self.config.num_partitions)

    def _txns(self, transactional_id: str) -> tuple[ErrorCode, dict[str, TransactionMetadata]]:
        if not self.active:
            return E.COORDINATOR_NOT_AVAILABLE, {}
        p = self.partition_for(transactional_id)
        if self.owned is not None and p not in self.owned:
            return E.NOT_COORDINATOR, {}
        txns = self.partitions.get(p)
        if txns is None:
            return E.COORDINATOR_LOAD_IN_PROGRESS, {}
        return E.NONE, txns

    # -- writes: compute, write, then apply ------------------------------------------------------

    async def _write(
        self, meta: TransactionMetadata, value: TransactionLogValue | None, durable: bool = True
    ) -> ErrorCode:
        return await settled(self._write_nowait(meta, value, durable))

    def _write_nowait(
        self, meta: TransactionMetadata, value: TransactionLogValue | None, durable: bool = True
    ) -> ErrorCode | Coroutine[Any, Any, ErrorCode]:
        """Write `value` (None: a tombstone), then apply it: placed at once, and applied at once
        too when nothing waits for it (written to the page cache from the loop: page-cache
        durability, or `durable=False`); otherwise a coroutine that waits, then applies."""
        partition = self.partition_for(meta.transactional_id)
        lg = self.log_for(partition)
        if lg is None:
            return E.NOT_COORDINATOR
        # Its fdatasync on the loop: a transaction waits for three in a row (AddPartitions, its
        # Produce, EndTxn), each ~0.3 ms longer through the flusher thread (LogAppender._sync_on_loop).
        lg.sync_on_loop = True
        try:
            epoch = lg.leader_epoch
            key = encode_key(meta.transactional_id)
            info, placed = lg.append_state_nowait(
                [(key, None if value is None else encode_value(value))], durable=durable
            )
            written = pending_write(placed)
        except Exception as e:
            return self._failed(meta, e)
        if written is None and lg.high_watermark > info.last_offset:
            return self._apply(partition, meta, value)
        meta.pending = True
        return self._written(partition, meta, value, lg, info.last_offset, written, epoch)

    async def _written(
        self,
        partition: int,
        meta: TransactionMetadata,
        value: TransactionLogValue | None,
        lg: Any,
        last: int,
        written: asyncio.Future[Any] | None,
        epoch: int,
    ) -> ErrorCode:
        """The rest of `_write_nowait` when the write has to be waited for (an fsync, replication)."""
        try:
            if written is not None:
                await written
            if lg.high_watermark <= last:
                async with asyncio.timeout(self.config.write_timeout_s):
                    await lg.wait_high_watermark(last + 1, epoch)
        except asyncio.CancelledError:
            raise
        except Exception as e:
            return self._failed(meta, e)
        finally:
            meta.pending = False
        return self._apply(partition, meta, value)

    def _failed(self, meta: TransactionMetadata, error: Exception) -> ErrorCode:
        log.warning(
            "fail to write transaction state", transactional_id=meta.transactional_id, error=repr(error)
        )
        return E.NOT_COORDINATOR  # the client finds the coordinator again and retries

    def _apply(
        self, partition: int, meta: TransactionMetadata, value: TransactionLogValue | None
    ) -> ErrorCode:
        txns = self.partitions.get(partition)
        if txns is None:  # the partition moved away meanwhile
            return E.NOT_COORDINATOR
        if value is None:
            txns.pop(meta.transactional_id, None)
        else:
            meta.apply(value)
            txns[meta.transactional_id] = meta
        return E.NONE

    # -- InitProducerId ---------------------------------------------------------------------------

    async def init_producer_id(
        self, transactional_id: str, timeout_ms: int, producer_id: int = -1, producer_epoch: int = -1
    ) -> InitResult:
        if not transactional_id:
            return InitResult(E.INVALID_REQUEST)
        if timeout_ms <= 0 or timeout_ms > self.config.max_timeout_ms:
            return InitResult(E.INVALID_TRANSACTION_TIMEOUT)
        for _ in range(4):  # completing or fenced transactions first, then the epoch bumped
            error, txns = self._txns(transactional_id)
            if error != E.NONE:
                return InitResult(error)
            meta = txns.get(transactional_id)
            if meta is None:
                new_id = await self.next_producer_id()
                error, txns = self._txns(transactional_id)
                if error != E.NONE:
                    return InitResult(error)
                meta = txns.get(transactional_id)
                if meta is None:
                    meta = TransactionMetadata(transactional_id, new_id, timeout_ms=timeout_ms)
                    txns[transactional_id] = meta  # not durable yet: epoch -1 until written
            if meta.completion is not None and not meta.completion.done():
                await self._await_completion(meta)  # the last transaction's markers first
                continue
            if meta.pending:
                return InitResult(E.CONCURRENT_TRANSACTIONS)
            if producer_id >= 0 and not (
                meta.producer_epoch < 0
                or producer_id == meta.producer_id
                or (producer_id == meta.previous_producer_id and producer_epoch >= MAX_EPOCH)
            ):
                return InitResult(E.PRODUCER_FENCED)
            if meta.state in PREPARE:
                await self._await_completion(meta)
                continue
            if meta.state == TxnState.ONGOING:
                # Another producer with this id: fence the old one (epoch + 1) by aborting its
                # transaction, then bump again for the new one.
                error = await self._prepare(meta, commit=False, epoch=min(meta.producer_epoch + 1, MAX_EPOCH))
                if error != E.NONE:
                    return InitResult(error)
                await self._await_completion(meta)
                continue
            if (
                producer_id >= 0
                and producer_epoch >= 0
                and meta.producer_epoch >= 0
                and producer_epoch not in (meta.producer_epoch, meta.last_producer_epoch)
            ):
                return InitResult(E.PRODUCER_FENCED)
            if producer_id >= 0 and producer_epoch == meta.last_producer_epoch >= 0:
                # A retry of a bump whose answer was lost: the current epoch is the answer.
                return InitResult(E.NONE, meta.producer_id, meta.producer_epoch)
            now = self.clock()
            if meta.producer_epoch >= MAX_EPOCH:
                new_id = await self.next_producer_id()
                value = meta.transit(TxnState.EMPTY, now, producer_id=new_id, epoch=0, timeout_ms=timeout_ms)
            else:
                value = meta.transit(
                    TxnState.EMPTY, now, epoch=meta.producer_epoch + 1, timeout_ms=timeout_ms
                )
            error = await self._write(meta, value)
            if error != E.NONE:
                return InitResult(error)
            log.info(
                "init transactional producer",
                transactional_id=transactional_id,
                producer_id=meta.producer_id,
                epoch=meta.producer_epoch,
            )
            return InitResult(E.NONE, meta.producer_id, meta.producer_epoch)
        return InitResult(E.CONCURRENT_TRANSACTIONS)

    # -- AddPartitionsToTxn / AddOffsetsToTxn -----------------------------------------------------

    def _check_producer(self, meta: TransactionMetadata | None, producer_id: int, epoch: int) -> ErrorCode:
        if meta is None or meta.producer_id != producer_id:
            return E.INVALID_PRODUCER_ID_MAPPING
        if meta.producer_epoch != epoch:
            return E.PRODUCER_FENCED
        if meta.pending or meta.state in PREPARE:
            return E.CONCURRENT_TRANSACTIONS
        return E.NONE

    async def add_partitions(
        self, transactional_id: str, producer_id: int, epoch: int, partitions: dict[str, set[int]]
    ) -> ErrorCode:
        return await settled(self.add_partitions_nowait(transactional_id, producer_id, epoch, partitions))

    def add_partitions_nowait(
        self, transactional_id: str, producer_id: int, epoch: int, partitions: dict[str, set[int]]
    ) -> ErrorCode | Coroutine[Any, Any, ErrorCode]:
        """`add_partitions` answered at once when nothing waits (see `_write_nowait`), else a
        coroutine to await."""
        error, txns = self._txns(transactional_id)
        if error != E.NONE:
            return error
        meta = txns.get(transactional_id)
        if meta is not None and meta.completion is not None and not meta.completion.done():
            # The producer's previous transaction is still completing (EndTxn was answered once
            # its Prepare record was durable): this waits for it rather than answering
            # CONCURRENT_TRANSACTIONS for the client to retry after a backoff.
            return self._add_partitions_after(meta, transactional_id, producer_id, epoch, partitions)
        return self._add_partitions(meta, producer_id, epoch, partitions)

    async def _add_partitions_after(
        self,
        meta: TransactionMetadata,
        transactional_id: str,
        producer_id: int,
        epoch: int,
        partitions: dict[str, set[int]],
    ) -> ErrorCode:
        await self._await_completion(meta)
        error, txns = self._txns(transactional_id)
        if error != E.NONE:
            return error
        return await settled(self._add_partitions(txns.get(transactional_id), producer_id, epoch, partitions))

    def _add_partitions(
        self, meta: TransactionMetadata | None, producer_id: int, epoch: int, partitions: dict[str, set[int]]
    ) -> ErrorCode | Coroutine[Any, Any, ErrorCode]:
        error = self._check_producer(meta, producer_id, epoch)
        if error != E.NONE or meta is None:
            return error
        if meta.state == TxnState.ONGOING and meta.has_partitions(partitions):
            return E.NONE
        return self._write_nowait(meta, meta.transit(TxnState.ONGOING, self.clock(), add=partitions))

    # -- EndTxn -----------------------------------------------------------------------------------

    async def end_txn(self, transactional_id: str, producer_id: int, epoch: int, commit: bool) -> ErrorCode:
        return await settled(self.end_txn_nowait(transactional_id, producer_id, epoch, commit))

    def end_txn_nowait(
        self, transactional_id: str, producer_id: int, epoch: int, commit: bool
    ) -> ErrorCode | Coroutine[Any, Any, ErrorCode]:
        """`end_txn` answered at once when nothing waits (see `_write_nowait`), else a coroutine."""
        error, txns = self._txns(transactional_id)
        if error != E.NONE:
            return error
        meta = txns.get(transactional_id)
        if meta is None or meta.producer_id != producer_id:
            return E.INVALID_PRODUCER_ID_MAPPING
        if meta.producer_epoch != epoch:
            return E.PRODUCER_FENCED
        if meta.pending:
            return E.CONCURRENT_TRANSACTIONS
        state = meta.state
        if state == TxnState.ONGOING:
            # Answered once the Prepare record is durable, as Kafka: the outcome is decided, and
            # the markers and the Complete record follow while the client begins its next
            # transaction (whose first request waits for them: add_partitions).
            return self._prepare_nowait(meta, commit)
        if state == (TxnState.COMPLETE_COMMIT if commit else TxnState.COMPLETE_ABORT):
            return E.NONE  # a retry of what is done
        if state == (TxnState.PREPARE_COMMIT if commit else TxnState.PREPARE_ABORT):
            return self._completed(meta)
        return E.INVALID_TXN_STATE  # never begun (Empty), or the other outcome

    async def _completed(self, meta: TransactionMetadata) -> ErrorCode:
        await self._await_completion(meta)
        return E.NONE

    async def _prepare(self, meta: TransactionMetadata, commit: bool, epoch: int | None = None) -> ErrorCode:
        return await settled(self._prepare_nowait(meta, commit, epoch))

    def _prepare_nowait(
        self, meta: TransactionMetadata, commit: bool, epoch: int | None = None
    ) -> ErrorCode | Coroutine[Any, Any, ErrorCode]:
        state = TxnState.PREPARE_COMMIT if commit else TxnState.PREPARE_ABORT
        written = self._write_nowait(meta, meta.transit(state, self.clock(), epoch=epoch))
        if isinstance(written, ErrorCode):
            return self._prepared(meta, written)
        return self._prepared_later(meta, written)

    async def _prepared_later(
        self, meta: TransactionMetadata, written: Coroutine[Any, Any, ErrorCode]
    ) -> ErrorCode:
        return self._prepared(meta, await written)

    def _prepared(self, meta: TransactionMetadata, error: ErrorCode) -> ErrorCode:
        if error == E.NONE:
            self._start_completion(self.partition_for(meta.transactional_id), meta)
        return error

    async def _await_completion(self, meta: TransactionMetadata) -> None:
        task = meta.completion
        if task is not None and not task.done():
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                async with asyncio.timeout(self.config.write_timeout_s * 6):
                    await asyncio.shield(task)

    def _start_completion(self, partition: int, meta: TransactionMetadata) -> None:
        """Complete the prepared transaction: first in one pass from the loop, soon after the
        answer in hand is sent (markers and the Complete record written to the page cache at
        once), else (an fsync, replication, a failure to retry) in a task."""
        if meta.completion is not None and not meta.completion.done():
            return
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        meta.completion = done
        self._tasks.add(done)
        done.add_done_callback(self._tasks.discard)
        loop.call_soon(self._complete_soon, partition, meta, done)

    def _complete_soon(self, partition: int, meta: TransactionMetadata, done: asyncio.Future[None]) -> None:
        if done.done():  # cancelled meanwhile: the broker stops or resigned the partition
            return
        try:
            self._complete_pass(partition, meta, done)
        except Exception:  # as a failed task ends: those waiting for it go on
            log.exception("fail to complete transaction", transactional_id=meta.transactional_id)
            if not done.done():
                done.set_result(None)

    def _complete_pass(self, partition: int, meta: TransactionMetadata, done: asyncio.Future[None]) -> None:
        commit = meta.state == TxnState.PREPARE_COMMIT
        pid, epoch = meta.producer_id, meta.producer_epoch
        todo = meta.topic_partitions()
        markers: list[ErrorCode | Coroutine[Any, Any, ErrorCode] | BaseException] | None = None
        written: ErrorCode | Coroutine[Any, Any, ErrorCode] | None = None
        if self.partitions.get(partition, {}).get(meta.transactional_id) is meta:
            markers = [self._marker_nowait(t, p, pid, epoch, commit) for t, p in todo]
            if all(type(r) is ErrorCode and r in _MARKER_DONE for r in markers):
                todo, markers = [], None
                written = self._write_nowait(
                    meta, meta.transit(_done_state(commit), self.clock()), durable=False
                )
                if written == E.NONE:
                    self._log_complete(meta, pid, epoch, commit)
                    done.set_result(None)
                    return
        task = asyncio.get_running_loop().create_task(
            self._complete(partition, meta, commit, pid, epoch, todo, markers, written),
            name=f"txn-complete-{meta.transactional_id}",
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(functools.partial(_finish, done))
        done.add_done_callback(functools.partial(_cancel_with, task))

    async def _complete(
        self,
        partition: int,
        meta: TransactionMetadata,
        commit: bool,
        pid: int,
        epoch: int,
        todo: list[tuple[str, int]],
        markers: list[ErrorCode | Coroutine[Any, Any, ErrorCode] | BaseException] | None,
        written: ErrorCode | Coroutine[Any, Any, ErrorCode] | None,
    ) -> None:
        """Write the markers to every partition of the transaction, then the Complete record;
        retried (with backoff) until done or until this broker stops coordinating the id.
        `markers` / `written`: what the first pass (`_complete_soon`) began, to wait for."""
        backoff = 0.02
        try:
            while self.partitions.get(partition, {}).get(meta.transactional_id) is meta:
                if todo:
                    if markers is None:
                        markers = [self._marker_nowait(t, p, pid, epoch, commit) for t, p in todo]
                    begun, markers = markers, None
                    results = await _gathered(begun)
                    failed = []
                    for tp, r in zip(todo, results, strict=True):
                        if isinstance(r, BaseException) or r not in _MARKER_DONE:
                            failed.append(tp)
                            log.warning("retry transaction marker", partition=tp, result=repr(r))
                    todo = failed
                if not todo:
                    # Not waiting for its fsync: lost in a crash, the Prepare record is found again
                    # on load and the markers written once more (a second marker changes nothing).
                    if written is None:
                        written = self._write_nowait(
                            meta, meta.transit(_done_state(commit), self.clock()), durable=False
                        )
                    begun_write, written = written, None
                    error = await settled(begun_write)
                    if error == E.NONE:
                        self._log_complete(meta, pid, epoch, commit)
                        return
                await asyncio.sleep(backoff)  # a retry backoff, as Kafka's marker channel has
                backoff = min(backoff * 2, 1.0)
        finally:
            for pending in (*(markers or ()), written):  # begun by the first pass, never awaited
                if isinstance(pending, Coroutine):
                    pending.close()

    def _marker_nowait(
        self, topic: str, partition: int, pid: int, epoch: int, commit: bool
    ) -> ErrorCode | Coroutine[Any, Any, ErrorCode] | BaseException:
        try:
            return self.write_marker(topic, partition, pid, epoch, commit)
        except Exception as e:  # logged and retried by the caller, as gather's results
            return e

    def _log_complete(self, meta: TransactionMetadata, pid: int, epoch: int, commit: bool) -> None:
        if logging_setup.level_of(_LOG_NAME) > logging.INFO:
            return  # once a transaction: not through structlog's processors just to be dropped
        log.info(
            "complete transaction",
            transactional_id=meta.transactional_id,
            producer_id=pid,
            epoch=epoch,
            result="commit" if commit else "abort",
        )

    # -- timers: timed-out transactions, expired ids ----------------------------------------------

    async def _timers(self) -> None:
        last_expiry = self.clock()
        while True:
            await asyncio.sleep(self.config.abort_interval_ms / 1000)
            now = self.clock()
            try:
                await self.abort_timed_out(now)
                if now - last_expiry >= self.config.expiration_interval_ms:
                    last_expiry = now
                    await self.expire_ids(now)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("fail transaction timers")

    async def abort_timed_out(self, now: int) -> int:
        """Abort the open transactions older than their timeout, fencing their producer."""
        due = [
            m
            for txns in list(self.partitions.values())
            for m in list(txns.values())
            if m.state == TxnState.ONGOING
            and not m.pending
            and m.start_ms >= 0
            and now > m.start_ms + m.timeout_ms
        ]
        for meta in due:
            log.info(
                "abort timed out transaction",
                transactional_id=meta.transactional_id,
                producer_id=meta.producer_id,
                epoch=meta.producer_epoch,
            )
            await self._prepare(meta, commit=False, epoch=min(meta.producer_epoch + 1, MAX_EPOCH))
        return len(due)

    async def expire_ids(self, now: int) -> int:
        due = [
            m
            for txns in list(self.partitions.values())
            for m in list(txns.values())
            if m.state in COMPLETE and not m.pending and now - m.last_update_ms > self.config.expiration_ms
        ]
        for meta in due:
            if await self._write(meta, None) == E.NONE:
                log.info("expire transactional id", transactional_id=meta.transactional_id)
        return len(due)

    # -- DescribeTransactions / ListTransactions --------------------------------------------------

    def describe(self, transactional_ids: Iterable[str]) -> list[Described]:
        out = []
        for tid in transactional_ids:
            error, txns = self._txns(tid)
            meta = txns.get(tid) if error == E.NONE else None
            if error == E.NONE and (meta is None or meta.producer_epoch < 0):
                error = E.TRANSACTIONAL_ID_NOT_FOUND
            out.append(Described(tid, error, meta if error == E.NONE else None))
        return out

    def list(
        self, states: Iterable[str], producer_ids: Iterable[int], duration_ms: int = -1
    ) -> tuple[ErrorCode, list[str], list[TransactionMetadata]]:
        wanted_states = set()
        unknown = []
        for name in states:
            s = TxnState.by_kafka_name(name)
            if s is None:
                unknown.append(name)
            else:
                wanted_states.add(s)
        if not self.active:  # no __transaction_state yet: no transaction to list (as Kafka answers)
            return E.NONE, unknown, []
        pids = set(producer_ids)
        now = self.clock()
        loading = bool(self._loads)
        found = [
            m
            for txns in self.partitions.values()
            for m in txns.values()
            if m.producer_epoch >= 0
            and (not wanted_states or m.state in wanted_states)
            and (not pids or m.producer_id in pids)
            and (duration_ms < 0 or (m.start_ms >= 0 and now - m.start_ms > duration_ms))
        ]
        return (E.COORDINATOR_LOAD_IN_PROGRESS if loading else E.NONE), unknown, found

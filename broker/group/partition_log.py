"""`OffsetsLog`: what a coordinator runtime needs from the log: append records durably (as a
plain batch, or as a producer's transactional batch for TxnOffsetCommit), read its
`__consumer_offsets` partition from the start (transactional batches and their markers told
apart). `MemoryOffsetsLog` serves tests; `PartitionLogAdapter` wraps the broker's real log
(broker/log)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from broker.group.records import OFFSETS_TOPIC, RawRecord, Record, decode_record
from broker.log.transactions import marker_of
from protocol.errors import ErrorCode
from protocol.records import Record as LogRecord
from protocol.records import batch_key_values, build_batch


@dataclass(frozen=True, slots=True)
class TransactionalBatch:
    """What a read hands over for a producer's transactional batch: its records, or (a control
    batch) its marker, `commit` True for COMMIT, False for ABORT."""

    producer_id: int
    records: Sequence[RawRecord] = ()
    commit: bool | None = None  # None: a batch of records, not a marker


Chunk = Sequence[RawRecord] | TransactionalBatch


class OffsetsLog(Protocol):
    """The durable log of the `__consumer_offsets` partitions, as a coordinator shard uses it."""

    async def append(self, partition: int, records: Sequence[RawRecord]) -> None:
        """Write the records as one batch; return once they are durable (fsynced). Raises
        `OffsetsLogError` (carrying a Kafka error code) or OSError on failure."""
        ...

    def append_nowait(self, partition: int, records: Sequence[RawRecord]) -> asyncio.Future[None]:
        """`append` without a coroutine: the records are placed at once (calls are written in
        call order) and the future completes as `append` would return or raise."""
        ...

    def append_transactional_nowait(
        self, partition: int, records: Sequence[RawRecord], producer_id: int, producer_epoch: int
    ) -> asyncio.Future[None]:
        """`append_nowait` of the records as one transactional batch of the producer (a
        TxnOffsetCommit). An epoch older than the producer's fails the future (or raises) with
        INVALID_PRODUCER_EPOCH."""
        ...

    def read(self, partition: int) -> AsyncIterator[Chunk]:
        """Every record of the partition, from the start, in order, in chunks (a loader handles a
        chunk in one loop, not an await per record); a transactional batch or a transaction
        marker as a `TransactionalBatch` of its own."""
        ...


class OffsetsLogError(Exception):
    def __init__(self, error_code: int, message: str = ""):
        super().__init__(message or f"error {error_code}")
        self.error_code = error_code


class MemoryOffsetsLog:
    """An in-memory OffsetsLog for tests: optional append delay and injected failures."""

    def __init__(self, delay_s: float = 0.0):
        self.partitions: dict[int, list[RawRecord]] = {}  # every record written, transactional or not
        self.chunks: dict[int, list[Chunk]] = {}  # what `read` hands over
        self.producer_epochs: dict[int, int] = {}  # producer id -> newest epoch written (fencing)
        self.appends: list[tuple[int, int]] = []  # (partition, number of records) per append call
        self.delay_s = delay_s
        self.fail_with: int | None = None  # a Kafka error code to fail appends with
        self.gate: asyncio.Event | None = None  # when set, appends wait for it
        self.gated = 0  # appends waiting for the gate now: tests wait on this, not on a sleep

    async def _admit(self) -> None:
        """The gate, the delay, the injected failure."""
        if self.gate is not None:
            self.gated += 1
            try:
                await self.gate.wait()
            finally:
                self.gated -= 1
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        if self.fail_with is not None:
            raise OffsetsLogError(self.fail_with)

    async def append(self, partition: int, records: Sequence[RawRecord]) -> None:
        await self._admit()
        self.partitions.setdefault(partition, []).extend(records)
        self.chunks.setdefault(partition, []).append(list(records))
        self.appends.append((partition, len(records)))

    def append_nowait(self, partition: int, records: Sequence[RawRecord]) -> asyncio.Future[None]:
        return asyncio.ensure_future(self.append(partition, records))

    def append_transactional_nowait(
        self, partition: int, records: Sequence[RawRecord], producer_id: int, producer_epoch: int
    ) -> asyncio.Future[None]:
        return asyncio.ensure_future(
            self._append_transactional(partition, records, producer_id, producer_epoch)
        )

    async def _append_transactional(
        self, partition: int, records: Sequence[RawRecord], producer_id: int, producer_epoch: int
    ) -> None:
        if producer_epoch < self.producer_epochs.get(producer_id, -1):
            raise OffsetsLogError(ErrorCode.INVALID_PRODUCER_EPOCH, f"producer {producer_id} is fenced")
        await self._admit()
        self.producer_epochs[producer_id] = producer_epoch
        self.partitions.setdefault(partition, []).extend(records)
        self.chunks.setdefault(partition, []).append(TransactionalBatch(producer_id, list(records)))
        self.appends.append((partition, len(records)))

    def append_marker(self, partition: int, producer_id: int, producer_epoch: int, commit: bool) -> None:
        """A COMMIT or ABORT marker of the producer's transaction (what the markers path writes)."""
        if producer_epoch < self.producer_epochs.get(producer_id, -1):
            raise OffsetsLogError(ErrorCode.INVALID_PRODUCER_EPOCH, f"producer {producer_id} is fenced")
        self.producer_epochs[producer_id] = producer_epoch
        self.chunks.setdefault(partition, []).append(TransactionalBatch(producer_id, (), commit))

    async def read(self, partition: int) -> AsyncIterator[Chunk]:
        plain: list[RawRecord] = []  # consecutive plain batches as one chunk
        for chunk in self.chunks.get(partition, ()):
            if isinstance(chunk, TransactionalBatch):
                if plain:
                    yield plain
                    plain = []
                yield chunk
            else:
                plain.extend(chunk)
        yield plain

    def decoded(self, partition: int) -> list[Record | None]:
        return [decode_record(k, v) for k, v in self.partitions.get(partition, ())]


class PartitionLogAdapter:
    """An OffsetsLog over the broker's log (broker/log): one topic partition per shard.

    `log_for(partition)` returns the partition's log object, which offers an async
    `append(records)` that returns once fsynced and `read_records()` from the start. Both are
    looked up by name so that this module does not import broker/log's types.
    """

    def __init__(
        self,
        log_for: Any,
        commit_timeout_s: float | None = None,
        isr_error: Callable[[int, Any], int | None] | None = None,
    ):
        self._log_for = log_for
        self.commit_timeout_s = commit_timeout_s  # offsets.commit.timeout.ms
        # NOT_ENOUGH_REPLICAS while the partition's ISR is below min.insync.replicas: Kafka writes
        # group metadata with acks=all, so a coordinator left alone in its ISR answers no commit.
        self._isr_error = isr_error

    def _check_isr(self, partition: int, partition_log: Any) -> None:
        if self._isr_error is not None:
            error = self._isr_error(partition, partition_log)
            if error is not None:
                raise OffsetsLogError(
                    error, f"{OFFSETS_TOPIC}-{partition}: fewer in-sync replicas than min.insync.replicas"
                )

    async def append(self, partition: int, records: Sequence[RawRecord]) -> None:
        """Returns once the records are fsynced here and, on a replicated partition, held by
        every in-sync replica (Kafka's offsets.commit.required.acks=-1): only then may the
        coordinator answer. A wait past offsets.commit.timeout.ms fails with REQUEST_TIMED_OUT."""
        partition_log = self._log_for(partition)
        if partition_log is None:
            raise OffsetsLogError(ErrorCode.NOT_LEADER_OR_FOLLOWER, f"no log for {OFFSETS_TOPIC}-{partition}")
        self._check_isr(partition, partition_log)
        epoch = partition_log.leader_epoch  # the epoch the append is stamped with (placed synchronously)
        info, written = partition_log.append_kv_nowait(records)
        await self._settle(partition, partition_log, info.last_offset, written, epoch)

    async def _settle(
        self, partition: int, partition_log: Any, last: int, written: asyncio.Future[Any] | None, epoch: int
    ) -> None:
        """Wait until an append that ends at `last` is fsynced and, on a replicated partition,
        held by every in-sync replica."""
        if written is not None:
            await written
        if partition_log.high_watermark <= last:
            try:
                async with asyncio.timeout(self.commit_timeout_s):
                    await partition_log.wait_high_watermark(last + 1, epoch)
            except TimeoutError as e:
                raise OffsetsLogError(
                    ErrorCode.REQUEST_TIMED_OUT,
                    f"{OFFSETS_TOPIC}-{partition}: not replicated within offsets.commit.timeout.ms",
                ) from e

    def append_nowait(self, partition: int, records: Sequence[RawRecord]) -> asyncio.Future[None]:
        """The commit path: the log's own future when the partition is not replicated (durable
        means fsynced here), else a task that also waits for the in-sync replicas."""
        partition_log = self._log_for(partition)
        if partition_log is None or partition_log.replicated:
            return asyncio.ensure_future(self.append(partition, records))
        self._check_isr(partition, partition_log)
        info, written = partition_log.append_kv_nowait(records)
        if written is None:  # (not for these batches, which carry no producer id)
            written = asyncio.get_running_loop().create_future()
            written.set_result(None)
        future: asyncio.Future[None] = written
        return future

    def append_transactional_nowait(
        self, partition: int, records: Sequence[RawRecord], producer_id: int, producer_epoch: int
    ) -> asyncio.Future[None]:
        """The records as one transactional batch of the producer, placed at once (a fenced epoch
        raises ProducerStateError, INVALID_PRODUCER_EPOCH, here); the future completes once it is
        durable (and replicated)."""
        partition_log = self._log_for(partition)
        if partition_log is None:
            raise OffsetsLogError(ErrorCode.NOT_LEADER_OR_FOLLOWER, f"no log for {OFFSETS_TOPIC}-{partition}")
        self._check_isr(partition, partition_log)
        batch = build_batch(
            [LogRecord(offset_delta=i, key=k, value=v) for i, (k, v) in enumerate(records)],
            producer_id=producer_id,
            producer_epoch=producer_epoch,
            transactional=True,
        )
        epoch = partition_log.leader_epoch
        info, written = partition_log.append_nowait(batch)
        return asyncio.ensure_future(self._settle(partition, partition_log, info.last_offset, written, epoch))

    async def read(self, partition: int) -> AsyncIterator[Chunk]:
        partition_log = self._log_for(partition)
        if partition_log is None:
            return
        async for h, data in partition_log.batches():
            if h.is_control:
                commit = marker_of(h, data)
                if commit is not None:
                    yield TransactionalBatch(h.producer_id, (), commit)
            elif h.is_transactional:
                yield TransactionalBatch(h.producer_id, cast(list[RawRecord], batch_key_values(data)))
            else:
                yield cast(list[RawRecord], batch_key_values(data))  # offset records have keys

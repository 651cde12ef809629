"""`OffsetsLog`: what a coordinator runtime needs from the log: append records durably, read its
`__consumer_offsets` partition from the start. `MemoryOffsetsLog` serves tests;
`PartitionLogAdapter` wraps the broker's real log (broker/log)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from typing import Any, Protocol

from broker.group.records import OFFSETS_TOPIC, RawRecord, Record, decode_record
from protocol.errors import ErrorCode


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

    def read(self, partition: int) -> AsyncIterator[Sequence[RawRecord]]:
        """Every record of the partition, from the start, in order, in chunks (a loader handles a
        chunk in one loop, not an await per record)."""
        ...


class OffsetsLogError(Exception):
    def __init__(self, error_code: int, message: str = ""):
        super().__init__(message or f"error {error_code}")
        self.error_code = error_code


class MemoryOffsetsLog:
    """An in-memory OffsetsLog for tests: optional append delay and injected failures."""

    def __init__(self, delay_s: float = 0.0):
        self.partitions: dict[int, list[RawRecord]] = {}
        self.appends: list[tuple[int, int]] = []  # (partition, number of records) per append call
        self.delay_s = delay_s
        self.fail_with: int | None = None  # a Kafka error code to fail appends with
        self.gate: asyncio.Event | None = None  # when set, appends wait for it
        self.gated = 0  # appends waiting for the gate now: tests wait on this, not on a sleep

    async def append(self, partition: int, records: Sequence[RawRecord]) -> None:
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
        self.partitions.setdefault(partition, []).extend(records)
        self.appends.append((partition, len(records)))

    def append_nowait(self, partition: int, records: Sequence[RawRecord]) -> asyncio.Future[None]:
        return asyncio.ensure_future(self.append(partition, records))

    async def read(self, partition: int) -> AsyncIterator[Sequence[RawRecord]]:
        yield list(self.partitions.get(partition, ()))

    def decoded(self, partition: int) -> list[Record | None]:
        return [decode_record(k, v) for k, v in self.partitions.get(partition, ())]


class PartitionLogAdapter:
    """An OffsetsLog over the broker's log (broker/log): one topic partition per shard.

    `log_for(partition)` returns the partition's log object, which offers an async
    `append(records)` that returns once fsynced and `read_records()` from the start. Both are
    looked up by name so that this module does not import broker/log's types.
    """

    def __init__(self, log_for: Any, commit_timeout_s: float | None = None):
        self._log_for = log_for
        self.commit_timeout_s = commit_timeout_s  # offsets.commit.timeout.ms

    async def append(self, partition: int, records: Sequence[RawRecord]) -> None:
        """Returns once the records are fsynced here and, on a replicated partition, held by
        every in-sync replica (Kafka's offsets.commit.required.acks=-1): only then may the
        coordinator answer. A wait past offsets.commit.timeout.ms fails with REQUEST_TIMED_OUT."""
        partition_log = self._log_for(partition)
        if partition_log is None:
            raise OffsetsLogError(ErrorCode.NOT_LEADER_OR_FOLLOWER, f"no log for {OFFSETS_TOPIC}-{partition}")
        epoch = partition_log.leader_epoch  # the epoch the append is stamped with (placed synchronously)
        info, written = partition_log.append_kv_nowait(records)
        if written is not None:
            await written
        last = info.last_offset
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
        info, written = partition_log.append_kv_nowait(records)
        if written is None:  # (not for these batches, which carry no producer id)
            written = asyncio.get_running_loop().create_future()
            written.set_result(None)
        future: asyncio.Future[None] = written
        return future

    async def read(self, partition: int) -> AsyncIterator[Sequence[RawRecord]]:
        partition_log = self._log_for(partition)
        if partition_log is None:
            return
        async for chunk in partition_log.key_value_batches():
            yield chunk

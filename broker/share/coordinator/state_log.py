"""`StateLog`: what the share coordinator needs of `__share_group_state`'s partitions: append
records durably (and learn their offsets), read a partition with each record's offset, and
delete the records below an offset (pruning: Kafka's share coordinator deletes what no snapshot
needs any more, since the topic is not compacted). `MemoryStateLog` serves tests;
`PartitionStateLog` is the broker's log (broker/log)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any, Protocol

from broker.group.partition_log import OffsetsLogError
from protocol.errors import ErrorCode
from protocol.records import batch_key_values

RawRecord = tuple[bytes | None, bytes | None]
Positioned = tuple[int, bytes | None, bytes | None]  # (offset, key, value)


class StateLog(Protocol):
    def append_nowait(self, partition: int, records: Sequence[RawRecord]) -> asyncio.Future[int]:
        """Place the records as one batch at once (in call order); the future gives the offset
        of the last one once they are durable (fsynced, and held by every in-sync replica), or
        fails (an exception with a Kafka `error_code`, or OSError)."""
        ...

    def read(self, partition: int) -> AsyncIterator[list[Positioned]]:
        """Every record of the partition from its start offset, in order, in chunks."""
        ...

    async def delete_records(self, partition: int, offset: int) -> None:
        """Move the partition's start offset to `offset` (records below are gone)."""
        ...


class MemoryStateLog:
    """An in-memory StateLog for tests: injected failures, a gate to hold appends."""

    def __init__(self) -> None:
        self.records: dict[int, list[Positioned]] = {}
        self.next_offset: dict[int, int] = {}
        self.start_offset: dict[int, int] = {}
        self.fail_with: int | None = None
        self.gate: asyncio.Event | None = None
        self.gated = 0

    def append_nowait(self, partition: int, records: Sequence[RawRecord]) -> asyncio.Future[int]:
        return asyncio.ensure_future(self._append(partition, list(records)))

    async def _append(self, partition: int, records: list[RawRecord]) -> int:
        if self.fail_with is not None:
            raise OffsetsLogError(self.fail_with)
        first = self.next_offset.get(partition, 0)
        self.next_offset[partition] = first + len(records)
        self.records.setdefault(partition, []).extend((first + i, k, v) for i, (k, v) in enumerate(records))
        if self.gate is not None:  # placed, not yet durable
            self.gated += 1
            try:
                await self.gate.wait()
            finally:
                self.gated -= 1
        return first + len(records) - 1

    async def read(self, partition: int) -> AsyncIterator[list[Positioned]]:
        start = self.start_offset.get(partition, 0)
        yield [r for r in self.records.get(partition, []) if r[0] >= start]

    async def delete_records(self, partition: int, offset: int) -> None:
        self.start_offset[partition] = max(self.start_offset.get(partition, 0), offset)
        self.records[partition] = [r for r in self.records.get(partition, []) if r[0] >= offset]


class PartitionStateLog:
    """The broker's log of `__share_group_state` (`log_for(partition)`, None where this broker
    has none); `delete(partition, offset)` is LogManager.delete_records (it checkpoints the new
    start offset)."""

    def __init__(
        self,
        log_for: Callable[[int], Any],
        delete: Callable[[int, int], Any],
        write_timeout_s: float | None = None,
    ):
        self._log_for = log_for
        self._delete = delete
        self.write_timeout_s = write_timeout_s  # share.coordinator.write.timeout.ms

    def append_nowait(self, partition: int, records: Sequence[RawRecord]) -> asyncio.Future[int]:
        partition_log = self._log_for(partition)
        if partition_log is None:
            raise OffsetsLogError(ErrorCode.NOT_LEADER_OR_FOLLOWER, f"no log for partition {partition}")
        epoch = partition_log.leader_epoch
        info, written = partition_log.append_kv_nowait(records)
        return asyncio.ensure_future(self._settle(partition_log, info.last_offset, written, epoch))

    async def _settle(
        self, partition_log: Any, last: int, written: asyncio.Future[Any] | None, epoch: int
    ) -> int:
        if written is not None:
            await written
        if partition_log.high_watermark <= last:
            try:
                async with asyncio.timeout(self.write_timeout_s):
                    await partition_log.wait_high_watermark(last + 1, epoch)
            except TimeoutError as e:
                raise OffsetsLogError(
                    ErrorCode.REQUEST_TIMED_OUT, "not replicated within share.coordinator.write.timeout.ms"
                ) from e
        return last

    async def read(self, partition: int) -> AsyncIterator[list[Positioned]]:
        partition_log = self._log_for(partition)
        if partition_log is None:
            return
        async for h, data in partition_log.batches():
            if h.is_control:
                continue
            pairs = batch_key_values(data)
            yield [(h.base_offset + i, k, v) for i, (k, v) in enumerate(pairs)]

    async def delete_records(self, partition: int, offset: int) -> None:
        await self._delete(partition, offset)

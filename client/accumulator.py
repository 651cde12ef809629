"""Per-partition record batches waiting to be sent: the producer's batching decisions (pure).

As Kafka's `RecordAccumulator`: records are appended to the last open batch of their partition;
a batch is ready to go when it is full, when it has waited `linger_ms`, or when the producer
flushes or closes. One batch per partition is in flight at a time (the partition is "muted"
meanwhile), so retries never reorder a partition's records. No I/O and no clock of its own: the
caller passes `now` (monotonic seconds).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from client.accel import accelerator
from client.structs import TopicPartition
from protocol.compression import Compression
from protocol.records import append_record, frame_records

# the record encoder: the C one (client/_crecords.c) if built, else protocol.records' (the same bytes)
_append_record: Callable[..., int] = accelerator.append_record if accelerator is not None else append_record

BATCH_OVERHEAD = 61  # the RecordBatch header
RECORD_OVERHEAD = 21  # length, attributes, deltas and varint lengths, at most (Kafka's estimate)


def record_size(key: bytes | None, value: bytes | None, headers: Iterable[tuple[str, bytes | None]]) -> int:
    size = RECORD_OVERHEAD + (len(key) if key else 0) + (len(value) if value else 0)
    for hkey, hvalue in headers:
        size += len(hkey) + (len(hvalue) if hvalue else 0) + 4
    return size


@dataclass(slots=True)
class ProducerBatch:
    """Records appended are encoded at once into `body` (no Record objects kept): `build` only
    frames them (header, compression, CRC)."""

    tp: TopicPartition
    created: float
    base_timestamp: int
    body: bytearray = field(default_factory=bytearray)
    count: int = 0
    max_timestamp: int = -1
    futures: list[Any] = field(default_factory=list)  # one per record, resolved by the producer
    timestamps: list[int] = field(default_factory=list)
    size: int = BATCH_OVERHEAD
    full: bool = False
    attempts: int = 0
    retry_at: float = 0.0
    base_sequence: int = -1  # idempotent/transactional producers: given once, kept on retries
    done: Any = None  # a future made by `completion()` for whoever waits for the whole batch
    finished: bool = False  # delivered or failed for good

    def try_append(
        self,
        key: bytes | None,
        value: bytes | None,
        headers: list[tuple[str, bytes | None]],
        timestamp: int,
        size: int,
        future: Any,
        limit: int,
    ) -> bool:
        """Append if it fits in `limit` bytes (a batch always takes its first record)."""
        if self.full or (self.count and self.size + size > limit):
            self.full = True
            return False
        _append_record(self.body, self.count, timestamp - self.base_timestamp, key, value, headers)
        self.count += 1
        if timestamp > self.max_timestamp:
            self.max_timestamp = timestamp
        self.futures.append(future)
        self.timestamps.append(timestamp)
        self.size += size
        if self.size >= limit:
            self.full = True
        return True

    def build(
        self,
        compression: Compression | int,
        producer_id: int = -1,
        producer_epoch: int = -1,
        transactional: bool = False,
    ) -> bytes:
        return frame_records(
            self.body,
            self.count,
            compression=compression,
            base_timestamp=self.base_timestamp,
            max_timestamp=max(self.max_timestamp, self.base_timestamp),
            last_offset_delta=max(self.count - 1, 0),
            producer_id=producer_id,
            producer_epoch=producer_epoch,
            base_sequence=self.base_sequence,
            transactional=transactional,
        )

    def completion(self, loop: Any) -> Any:
        """A future resolved (to None) when the batch is delivered or failed for good (at once
        if it already is: its request task may still be listed in flight)."""
        if self.done is None:
            self.done = loop.create_future()
            if self.finished:
                self.done.set_result(None)
        return self.done

    def finish(self) -> None:
        self.finished = True
        if self.done is not None and not self.done.done():
            self.done.set_result(None)


@dataclass(slots=True)
class Readiness:
    nodes: set[int]  # brokers with at least one sendable batch
    next_check: float | None  # seconds until a lingering batch becomes ready (None: nothing waits)
    unknown_leaders: set[str]  # topics with batches but no known leader: refresh metadata


class RecordAccumulator:
    def __init__(self, batch_size: int = 16384, linger_ms: float = 5, retry_backoff_ms: float = 100):
        self.batch_size = batch_size
        self.linger = linger_ms / 1000
        self.retry_backoff = retry_backoff_ms / 1000
        self.batches: dict[TopicPartition, deque[ProducerBatch]] = {}
        self.muted: set[TopicPartition] = set()
        self.flushing = False
        self.closing = False
        self.buffered_bytes = 0

    def append(
        self,
        tp: TopicPartition,
        key: bytes | None,
        value: bytes | None,
        headers: list[tuple[str, bytes | None]],
        timestamp: int,
        future: Any,
        now: float,
    ) -> tuple[ProducerBatch, bool]:
        """Add a record; the batch it went to, and whether that batch was created for it."""
        size = record_size(key, value, headers)
        queue = self.batches.setdefault(tp, deque())
        self.buffered_bytes += size
        if queue:
            last = queue[-1]
            if last.try_append(key, value, headers, timestamp, size, future, self.batch_size):
                return last, False
        batch = ProducerBatch(tp, now, timestamp)
        batch.try_append(key, value, headers, timestamp, size, future, self.batch_size)
        queue.append(batch)
        return batch, True

    def ready(self, now: float, leader_of: Callable[[TopicPartition], int]) -> Readiness:
        nodes: set[int] = set()
        unknown: set[str] = set()
        next_check: float | None = None
        for tp, queue in self.batches.items():
            if not queue or tp in self.muted:
                continue
            leader = leader_of(tp)
            if leader < 0:
                unknown.add(tp.topic)
                continue
            if leader in nodes:
                continue
            head = queue[0]
            if head.retry_at > now:
                wait = head.retry_at - now
            elif head.full or len(queue) > 1 or self.flushing or self.closing:
                nodes.add(leader)
                continue
            else:
                wait = head.created + self.linger - now
                if wait <= 0:
                    nodes.add(leader)
                    continue
            next_check = wait if next_check is None else min(next_check, wait)
        return Readiness(nodes, next_check, unknown)

    def drain(
        self, nodes: set[int], leader_of: Callable[[TopicPartition], int], max_request_size: int, now: float
    ) -> dict[int, list[ProducerBatch]]:
        """The head batch of every sendable partition led by `nodes`, grouped per broker (up to
        `max_request_size` bytes a request, and at least one batch); their partitions are muted."""
        out: dict[int, list[ProducerBatch]] = {}
        sizes: dict[int, int] = {}
        for tp, queue in self.batches.items():
            if not queue or tp in self.muted:
                continue
            leader = leader_of(tp)
            if leader not in nodes:
                continue
            head = queue[0]
            if head.retry_at > now:
                continue
            if not (
                head.full
                or len(queue) > 1
                or self.flushing
                or self.closing
                or now - head.created >= self.linger
            ):
                continue
            if out.get(leader) and sizes[leader] + head.size > max_request_size:
                continue
            queue.popleft()
            head.full = True
            self.muted.add(tp)
            out.setdefault(leader, []).append(head)
            sizes[leader] = sizes.get(leader, 0) + head.size
        return out

    def complete(self, batch: ProducerBatch) -> None:
        """The batch is done (delivered or failed for good): its partition may send again."""
        batch.finish()
        self.muted.discard(batch.tp)
        self.buffered_bytes -= batch.size - BATCH_OVERHEAD

    def reenqueue(self, batch: ProducerBatch, now: float) -> None:
        """Put a batch back at the head of its partition, to retry after the backoff."""
        batch.attempts += 1
        batch.retry_at = now + self.retry_backoff
        self.batches.setdefault(batch.tp, deque()).appendleft(batch)
        self.muted.discard(batch.tp)

    def expired(self, now: float, delivery_timeout: float) -> list[ProducerBatch]:
        """Remove and return the unsent batches older than `delivery_timeout` seconds."""
        out = []
        for queue in self.batches.values():
            while queue and now - queue[0].created >= delivery_timeout:
                batch = queue.popleft()
                self.buffered_bytes -= batch.size - BATCH_OVERHEAD
                out.append(batch)
        return out

    def pending(self) -> int:
        """Batches waiting or in flight."""
        return sum(len(q) for q in self.batches.values()) + len(self.muted)

    def drop_all(self) -> list[ProducerBatch]:
        out = [b for q in self.batches.values() for b in q]
        self.batches.clear()
        self.buffered_bytes = 0
        return out

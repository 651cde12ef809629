"""Idempotent producers: per partition, each producer id's epoch and its last five batches'
sequence ranges (Kafka's `ProducerStateManager`; its transactions are in transactions.py, its
snapshot files in producer_snapshot.py).

`check` decides what to do with an incoming batch: append it, answer it as a duplicate of a
batch already in the log (with that batch's offsets, as Kafka does), or refuse it with
OUT_OF_ORDER_SEQUENCE_NUMBER / INVALID_PRODUCER_EPOCH. `update` records an appended batch.
The state is rebuilt on load from the snapshot at the first segment recovery scans, then the
batches it scans (the last segment at least); a producer not seen there is unknown, and an unknown producer's first batch is accepted at any
sequence, as Kafka accepts it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from protocol.errors import ErrorCode
from protocol.records import NO_PRODUCER_EPOCH, BatchHeader

MAX_BATCHES_PER_PRODUCER = 5  # Kafka keeps the metadata of the last 5 batches per producer
_INT32_MAX = (1 << 31) - 1


class ProducerStateError(Exception):
    def __init__(self, error_code: ErrorCode, message: str):
        super().__init__(message)
        self.error_code = error_code


@dataclass(frozen=True, slots=True)
class BatchMetadata:
    first_seq: int
    last_seq: int
    first_offset: int
    last_offset: int
    timestamp: int


@dataclass(slots=True)
class ProducerEntry:
    producer_id: int
    epoch: int = NO_PRODUCER_EPOCH
    batches: deque[BatchMetadata] = field(default_factory=lambda: deque(maxlen=MAX_BATCHES_PER_PRODUCER))
    last_timestamp: int = -1

    @property
    def last_seq(self) -> int:
        return self.batches[-1].last_seq if self.batches else -1

    def find_duplicate(self, h: BatchHeader) -> BatchMetadata | None:
        if h.producer_epoch != self.epoch:
            return None
        last_seq = h.last_sequence
        for b in self.batches:
            if b.first_seq == h.base_sequence and b.last_seq == last_seq:
                return b
        return None


def _in_sequence(last_seq: int, next_seq: int) -> bool:
    return next_seq == last_seq + 1 or (next_seq == 0 and last_seq == _INT32_MAX)


class ProducerStateManager:
    """The producer state of one partition."""

    __slots__ = ("producers",)

    def __init__(self) -> None:
        self.producers: dict[int, ProducerEntry] = {}

    def __len__(self) -> int:
        return len(self.producers)

    def check(self, h: BatchHeader, pending: dict[int, ProducerEntry] | None = None) -> BatchMetadata | None:
        """The metadata of the batch `h` duplicates, or None to append it; raises
        ProducerStateError if it must be refused. `pending` holds entries updated by earlier
        batches of the same request, not yet recorded."""
        if not h.has_producer_id:
            return None
        entry = (pending or {}).get(h.producer_id) or self.producers.get(h.producer_id)
        if entry is None:
            return None  # unknown producer: any sequence is accepted
        if h.producer_epoch < entry.epoch:
            raise ProducerStateError(
                ErrorCode.INVALID_PRODUCER_EPOCH,
                f"epoch {h.producer_epoch} of producer {h.producer_id} is older than {entry.epoch}",
            )
        if h.base_sequence < 0:
            return None  # no sequence (markers, transactional offset commits): the epoch alone counts
        duplicate = entry.find_duplicate(h)
        if duplicate is not None:
            return duplicate
        if h.producer_epoch != entry.epoch:
            if h.base_sequence != 0 and entry.epoch != NO_PRODUCER_EPOCH:
                raise ProducerStateError(
                    ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
                    f"producer {h.producer_id} starts epoch {h.producer_epoch} at sequence {h.base_sequence}, not 0",
                )
        elif entry.batches and not _in_sequence(entry.last_seq, h.base_sequence):
            raise ProducerStateError(
                ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
                f"producer {h.producer_id} sent sequence {h.base_sequence} after {entry.last_seq}",
            )
        return None

    def update(
        self, h: BatchHeader, base_offset: int, pending: dict[int, ProducerEntry] | None = None
    ) -> None:
        """Record the batch `h`, appended at `base_offset`."""
        if not h.has_producer_id:
            return
        target = pending if pending is not None else self.producers
        entry = target.get(h.producer_id)
        if entry is None:
            current = self.producers.get(h.producer_id)
            entry = ProducerEntry(h.producer_id)
            if current is not None:
                entry.epoch = current.epoch
                entry.batches.extend(current.batches)
                entry.last_timestamp = current.last_timestamp
            target[h.producer_id] = entry
        if h.producer_epoch != entry.epoch:
            entry.epoch = h.producer_epoch
            entry.batches.clear()
        if h.base_sequence >= 0:
            entry.batches.append(
                BatchMetadata(
                    h.base_sequence,
                    h.last_sequence,
                    base_offset,
                    base_offset + h.last_offset_delta,
                    h.max_timestamp,
                )
            )
        entry.last_timestamp = max(entry.last_timestamp, h.max_timestamp)

    def commit(self, pending: dict[int, ProducerEntry]) -> None:
        self.producers.update(pending)

    def truncate(self, end_offset: int) -> None:
        """The log was cut at `end_offset`: forget the batches from there on (and producers left
        with none: unknown again, so their next batch is accepted as Kafka accepts it)."""
        for pid, entry in list(self.producers.items()):
            kept = [b for b in entry.batches if b.last_offset < end_offset]
            if len(kept) == len(entry.batches):
                continue
            if not kept:
                del self.producers[pid]
                continue
            entry.batches.clear()
            entry.batches.extend(kept)

    def expire(self, now_ms: int, expiration_ms: int) -> int:
        """Forget producers silent for `expiration_ms` (Kafka's producer.id.expiration.ms)."""
        dead = [
            pid
            for pid, e in self.producers.items()
            if e.last_timestamp >= 0 and now_ms - e.last_timestamp > expiration_ms
        ]
        for pid in dead:
            del self.producers[pid]
        return len(dead)

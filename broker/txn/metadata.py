"""A transactional id's state, as Kafka's `TransactionMetadata`: its producer id and epoch, its
state (Empty -> Ongoing -> PrepareCommit/PrepareAbort -> CompleteCommit/CompleteAbort), the
partitions of the open transaction, timeouts and timestamps.

Pure: a request computes the next `TransactionLogValue` (`transit`), the coordinator writes it
to `__transaction_state`, and only then is it applied (`apply`, the same code loading runs).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from protocol.txn_records import TransactionLogValue

if TYPE_CHECKING:
    import asyncio

MAX_EPOCH = 32767 - 1  # Short.MaxValue - 1: past it the producer gets a new id (epoch exhausted)


class TxnState(enum.IntEnum):
    """Kafka's TransactionState ids (TransactionLogValue.TransactionStatus) and names."""

    EMPTY = 0
    ONGOING = 1
    PREPARE_COMMIT = 2
    PREPARE_ABORT = 3
    COMPLETE_COMMIT = 4
    COMPLETE_ABORT = 5
    DEAD = 6
    PREPARE_EPOCH_FENCE = 7

    @property
    def kafka_name(self) -> str:
        return "".join(w.capitalize() for w in self.name.split("_"))

    @classmethod
    def by_kafka_name(cls, name: str) -> TxnState | None:
        return next((s for s in cls if s.kafka_name == name), None)


COMPLETE = (TxnState.EMPTY, TxnState.COMPLETE_COMMIT, TxnState.COMPLETE_ABORT)
PREPARE = (TxnState.PREPARE_COMMIT, TxnState.PREPARE_ABORT)


@dataclass(slots=True)
class TransactionMetadata:
    transactional_id: str
    producer_id: int
    producer_epoch: int = -1
    last_producer_epoch: int = -1  # the epoch before the last bump (a retried InitProducerId)
    timeout_ms: int = 60000
    state: TxnState = TxnState.EMPTY
    partitions: dict[str, set[int]] = field(default_factory=dict)
    start_ms: int = -1
    last_update_ms: int = -1
    previous_producer_id: int = -1
    # Not durable: a write in flight (other requests get CONCURRENT_TRANSACTIONS meanwhile), and
    # what completes a prepared transaction (its markers, then the Complete record), done once it has.
    pending: bool = False
    completion: asyncio.Future[None] | None = None

    def topic_partitions(self) -> list[tuple[str, int]]:
        return [(t, p) for t, parts in sorted(self.partitions.items()) for p in sorted(parts)]

    def has_partitions(self, wanted: dict[str, set[int]]) -> bool:
        return all(parts <= self.partitions.get(t, set()) for t, parts in wanted.items())

    def transit(
        self,
        state: TxnState,
        now_ms: int,
        *,
        producer_id: int | None = None,
        epoch: int | None = None,
        timeout_ms: int | None = None,
        add: dict[str, set[int]] | None = None,
    ) -> TransactionLogValue:
        """The record of moving to `state`. Partitions: kept while a transaction is open or being
        completed, unioned with `add`, dropped once complete; the start time set when one opens."""
        if state in (TxnState.ONGOING, *PREPARE):
            partitions = {t: set(p) for t, p in self.partitions.items()}
            for t, parts in (add or {}).items():
                partitions.setdefault(t, set()).update(parts)
        else:
            partitions = {}
        if state == TxnState.ONGOING and self.state != TxnState.ONGOING:
            start = now_ms
        elif state in COMPLETE and state != TxnState.EMPTY:
            start = self.start_ms
        elif state == TxnState.EMPTY:
            start = -1
        else:
            start = self.start_ms
        return TransactionLogValue(
            producer_id=self.producer_id if producer_id is None else producer_id,
            producer_epoch=self.producer_epoch if epoch is None else epoch,
            timeout_ms=self.timeout_ms if timeout_ms is None else timeout_ms,
            status=int(state),
            partitions={t: sorted(p) for t, p in partitions.items()},
            last_update_ms=now_ms,
            start_ms=start,
            previous_producer_id=self.previous_producer_id,
        )

    def apply(self, value: TransactionLogValue) -> None:
        """A written record becomes the state (serving and loading alike)."""
        if value.producer_id != self.producer_id:
            self.previous_producer_id = self.producer_id
            self.last_producer_epoch = -1
        elif value.producer_epoch != self.producer_epoch:
            self.last_producer_epoch = self.producer_epoch
        self.producer_id = value.producer_id
        self.producer_epoch = value.producer_epoch
        self.timeout_ms = value.timeout_ms
        self.state = TxnState(value.status)
        self.partitions = {t: set(p) for t, p in value.partitions.items()}
        self.start_ms = value.start_ms
        self.last_update_ms = value.last_update_ms

    @classmethod
    def loaded(cls, transactional_id: str, value: TransactionLogValue) -> TransactionMetadata:
        meta = cls(transactional_id, value.producer_id)
        meta.apply(value)
        meta.previous_producer_id = value.previous_producer_id
        return meta

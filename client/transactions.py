"""The transactional side of AsyncProducer (Kafka's TransactionManager), driven by producer.py:

    producer = AsyncProducer(bootstrap_servers=..., transactional_id="orders-etl")
    await producer.start()
    await producer.init_transactions()
    async with producer.transaction():          # commit on success, abort on an exception
        await producer.send("out", b"...")
        await producer.send_offsets_to_transaction({tp: next_offset}, consumer.group_metadata())

- init_transactions: the transaction coordinator (FindCoordinator key_type=1), then InitProducerId
  for the id: a producer id and a bumped epoch, which fences any older producer with this id.
- Every partition is added to the transaction (AddPartitionsToTxn) before its first batch goes
  out; batches carry the producer id, epoch and per-partition sequence numbers (idempotence).
- send_offsets_to_transaction: AddOffsetsToTxn, then TxnOffsetCommit to the group's coordinator
  with the consumer's generation and member id (a consumer that lost its partitions is refused).
- commit/abort: the batches are flushed, then EndTxn.
- A fenced producer (PRODUCER_FENCED, INVALID_PRODUCER_EPOCH: another producer with the same id
  started) raises ProducerFencedError, and every later call does too: close it.
"""

from __future__ import annotations

import asyncio
import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from client import log as logs
from client.errors import (
    COORDINATOR_ERRORS,
    IllegalStateError,
    KafkaError,
    ProducerFencedError,
    TransactionAbortedError,
    error_for,
)
from client.structs import TopicPartition
from protocol.apis import ApiKey
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from client.cluster import KafkaClient

log = logs.get("kbroker.client.transactions")
E = ErrorCode
_FENCED = (E.PRODUCER_FENCED, E.INVALID_PRODUCER_EPOCH, E.TRANSACTIONAL_ID_AUTHORIZATION_FAILED)
_RETRY = (
    E.CONCURRENT_TRANSACTIONS,
    E.COORDINATOR_LOAD_IN_PROGRESS,
    E.NOT_COORDINATOR,
    E.COORDINATOR_NOT_AVAILABLE,
)


@dataclass(frozen=True, slots=True)
class GroupMetadata:
    """What a consumer passes to send_offsets_to_transaction (Kafka's ConsumerGroupMetadata)."""

    group_id: str
    generation_id: int = -1
    member_id: str = ""
    group_instance_id: str | None = None


class State(enum.Enum):
    UNINITIALIZED = "uninitialized"
    READY = "ready"
    IN_TRANSACTION = "in_transaction"
    ABORTABLE = "abortable_error"  # a send failed: only abort_transaction is allowed
    FENCED = "fenced"


class TransactionManager:
    def __init__(self, client: KafkaClient, transactional_id: str, timeout_ms: int = 60000):
        self.client = client
        self.transactional_id = transactional_id
        self.timeout_ms = timeout_ms
        self.producer_id = -1
        self.epoch = -1
        self.state = State.UNINITIALIZED
        self.partitions: set[TopicPartition] = set()  # added to the open transaction
        self.sequences: dict[TopicPartition, int] = {}
        self.failure: BaseException | None = None
        self.begun_at_coordinator = False  # a partition or the offsets were added: EndTxn is due
        self._coordinator: int | None = None

    # -- state --------------------------------------------------------------------------------

    def _require(self, *states: State) -> None:
        if self.state == State.FENCED:
            raise ProducerFencedError(
                f"transactional id {self.transactional_id!r} was fenced by a newer producer"
            )
        if self.state not in states:
            raise IllegalStateError(
                f"transaction state is {self.state.value}, not {[s.value for s in states]}"
            )

    def next_sequence(self, tp: TopicPartition, count: int) -> int:
        seq = self.sequences.get(tp, 0)
        self.sequences[tp] = (seq + count) & 0x7FFFFFFF
        return seq

    def batch_failed(self, error: BaseException) -> None:
        """A batch of the open transaction could not be written: the transaction must abort."""
        code = getattr(error, "code", None)
        if code in _FENCED:
            self.state = State.FENCED
        elif self.state == State.IN_TRANSACTION:
            self.state = State.ABORTABLE
        self.failure = error

    # -- requests to the coordinator ----------------------------------------------------------

    async def _coordinator_request(self, api: int, body: dict[str, Any], error_of: Any) -> Any:
        """Send to the transaction coordinator, rediscovering it and retrying Kafka's retriable
        answers (CONCURRENT_TRANSACTIONS, coordinator moved or loading) until the timeout."""
        deadline = asyncio.get_running_loop().time() + self.client.config.request_timeout_ms / 1000
        backoff = 0.01
        while True:
            try:
                if self._coordinator is None:
                    node = await self.client.find_coordinator(self.transactional_id, key_type=1)
                    self._coordinator = node.node_id
                response = await self.client.send(self._coordinator, api, body)
                code = error_of(response)
            except KafkaError as e:
                if not e.retriable:
                    raise
                code = None
                self._coordinator = None
            if code == E.NONE:
                return response
            if code in _FENCED:
                self.state = State.FENCED
                raise ProducerFencedError(f"{self.transactional_id!r}: {ErrorCode(code).name}", code=code)
            if code is not None and code not in _RETRY:
                raise error_for(code, f"{ApiKey(api).name} for {self.transactional_id!r}")
            if code in COORDINATOR_ERRORS:
                self._coordinator = None
            if asyncio.get_running_loop().time() + backoff > deadline:
                raise KafkaError(
                    f"{ApiKey(api).name} for {self.transactional_id!r} kept failing", retriable=True
                )
            await asyncio.sleep(backoff)  # Kafka's retry backoff for CONCURRENT_TRANSACTIONS
            backoff = min(backoff * 2, 0.5)

    async def init(self) -> None:
        if self.state == State.FENCED:
            self._require(State.READY)
        body = {
            "transactional_id": self.transactional_id,
            "transaction_timeout_ms": self.timeout_ms,
            "producer_id": -1,
            "producer_epoch": -1,
        }
        r = await self._coordinator_request(ApiKey.INIT_PRODUCER_ID, body, lambda r: r.error_code)
        self.producer_id, self.epoch = r.producer_id, r.producer_epoch
        self.sequences.clear()
        self.partitions.clear()
        self.state = State.READY
        log.info(
            "init_transactions",
            transactional_id=self.transactional_id,
            producer_id=self.producer_id,
            epoch=self.epoch,
        )

    def begin(self) -> None:
        self._require(State.READY)
        self.state = State.IN_TRANSACTION
        self.failure = None

    async def add_partition(self, tp: TopicPartition) -> None:
        """Before the partition's first batch in this transaction."""
        self._require(State.IN_TRANSACTION)
        if tp in self.partitions:
            return
        body = {
            "transactional_id": self.transactional_id,
            "producer_id": self.producer_id,
            "producer_epoch": self.epoch,
            "topics": [{"name": tp.topic, "partitions": [tp.partition]}],
        }

        def error_of(r: Any) -> int:
            return int(r.results[0].results_by_partition[0].partition_error_code)

        self.begun_at_coordinator = True
        await self._coordinator_request(ApiKey.ADD_PARTITIONS_TO_TXN, body, error_of)
        self.partitions.add(tp)

    async def send_offsets(self, offsets: dict[TopicPartition, int], group: GroupMetadata) -> None:
        self._require(State.IN_TRANSACTION)
        body = {
            "transactional_id": self.transactional_id,
            "producer_id": self.producer_id,
            "producer_epoch": self.epoch,
            "group_id": group.group_id,
        }
        self.begun_at_coordinator = True
        await self._coordinator_request(ApiKey.ADD_OFFSETS_TO_TXN, body, lambda r: r.error_code)
        by_topic: dict[str, list[dict[str, Any]]] = {}
        for tp, offset in sorted(offsets.items()):
            by_topic.setdefault(tp.topic, []).append(
                {
                    "partition_index": tp.partition,
                    "committed_offset": offset,
                    "committed_leader_epoch": -1,
                    "committed_metadata": "",
                }
            )
        commit = {
            "transactional_id": self.transactional_id,
            "group_id": group.group_id,
            "producer_id": self.producer_id,
            "producer_epoch": self.epoch,
            "generation_id": group.generation_id,
            "member_id": group.member_id,
            "group_instance_id": group.group_instance_id,
            "topics": [{"name": t, "partitions": ps} for t, ps in by_topic.items()],
        }
        deadline = asyncio.get_running_loop().time() + self.client.config.request_timeout_ms / 1000
        while True:
            node = await self.client.find_coordinator(group.group_id)
            r = await self.client.send(node.node_id, ApiKey.TXN_OFFSET_COMMIT, commit)
            codes = {p.error_code for t in r.topics for p in t.partitions} - {E.NONE}
            if not codes:
                return
            code = ErrorCode(next(iter(codes)))
            if code in _FENCED:
                self.state = State.FENCED
                raise ProducerFencedError(f"{self.transactional_id!r}: {code.name}", code=code)
            if (
                code not in (*_RETRY, E.UNSTABLE_OFFSET_COMMIT)
                or asyncio.get_running_loop().time() > deadline
            ):
                self.state = State.ABORTABLE
                raise error_for(code, f"TxnOffsetCommit for group {group.group_id!r}")
            await asyncio.sleep(0.05)

    async def end(self, commit: bool) -> None:
        if commit:
            self._require(State.IN_TRANSACTION)
        else:
            self._require(State.IN_TRANSACTION, State.ABORTABLE)
        if self.begun_at_coordinator:  # nothing added: nothing to end at the coordinator
            body = {
                "transactional_id": self.transactional_id,
                "producer_id": self.producer_id,
                "producer_epoch": self.epoch,
                "committed": commit,
            }
            await self._coordinator_request(ApiKey.END_TXN, body, lambda r: r.error_code)
        self.partitions.clear()
        self.begun_at_coordinator = False
        self.state = State.READY
        self.failure = None


__all__ = ["GroupMetadata", "ProducerFencedError", "State", "TransactionAbortedError", "TransactionManager"]

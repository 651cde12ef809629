"""AsyncProducer: batching per partition, acks, compression, the Java partitioner, delivery futures.

    async with AsyncProducer(bootstrap_servers="127.0.0.1:9092", linger_ms=5) as producer:
        future = await producer.send("orders", b"payload", key=b"customer-7")
        metadata = await future            # RecordMetadata(topic, partition, offset, ...)
        await producer.send_and_wait("orders", b"another")

`send` returns once the record is in a batch (it waits only for metadata, or for buffer space);
the future resolves when the broker has the batch (acks), or fails with the error that stopped it.
A sender task turns ready batches into one Produce request per broker.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ssl
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from client import log as logs
from client.accumulator import ProducerBatch, RecordAccumulator
from client.aio import wait_for
from client.cluster import ClientConfig, KafkaClient
from client.errors import (
    METADATA_ERRORS,
    IllegalStateError,
    KafkaConnectionError,
    KafkaError,
    KafkaTimeoutError,
    ProducerClosedError,
    ProducerFencedError,
    RecordTooLargeError,
    TransactionAbortedError,
    error_for,
    is_retriable,
)
from client.metadata import ZERO_UUID
from client.partitioner import DefaultPartitioner
from client.security import SecurityConfig
from client.structs import RecordMetadata, TopicPartition
from client.transactions import GroupMetadata, TransactionManager
from client.transactions import State as TxnState
from client.versions import TOPIC_ID_VERSIONS
from protocol.apis import ApiKey
from protocol.compression import Compression

log = logs.get("kbroker.client.producer")

_CODECS = {
    None: Compression.NONE,
    "none": Compression.NONE,
    "gzip": Compression.GZIP,
    "snappy": Compression.SNAPPY,
    "lz4": Compression.LZ4,
    "zstd": Compression.ZSTD,
}
_ACKS = {"all": -1, -1: -1, 0: 0, 1: 1, "0": 0, "1": 1, "-1": -1}


@dataclass(slots=True)
class ProducerConfig:
    acks: int = -1  # 0, 1, or -1 ("all")
    linger_ms: float = 5
    batch_size: int = 16384
    max_request_size: int = 1_048_576
    compression: Compression = Compression.NONE
    retries: int = 2_147_483_647
    delivery_timeout_ms: int = 120_000
    max_block_ms: int = 60_000
    buffer_memory: int = 32 * 1024 * 1024
    max_in_flight_requests_per_connection: int = 5


class AsyncProducer:
    def __init__(
        self,
        bootstrap_servers: str | list[str] = "127.0.0.1:9092",
        *,
        client_id: str = "kbroker-producer",
        acks: int | str = "all",
        linger_ms: float = 5,
        batch_size: int = 16384,
        max_request_size: int = 1_048_576,
        compression_type: str | None = None,
        retries: int = 2_147_483_647,
        delivery_timeout_ms: int = 120_000,
        request_timeout_ms: int = 30_000,
        retry_backoff_ms: int = 100,
        metadata_max_age_ms: int = 300_000,
        max_block_ms: int = 60_000,
        buffer_memory: int = 32 * 1024 * 1024,
        key_serializer: Callable[[Any], bytes | None] | None = None,
        value_serializer: Callable[[Any], bytes | None] | None = None,
        partitioner: DefaultPartitioner | None = None,
        transactional_id: str | None = None,
        transaction_timeout_ms: int = 60_000,
        security_protocol: str = "PLAINTEXT",
        ssl_context: ssl.SSLContext | None = None,
        sasl_mechanism: str = "PLAIN",
        sasl_plain_username: str | None = None,
        sasl_plain_password: str | None = None,
    ):
        if compression_type not in _CODECS:
            raise ValueError(f"compression_type must be one of {sorted(k for k in _CODECS if k)}")
        if acks not in _ACKS:
            raise ValueError("acks must be 0, 1 or 'all'")
        if transactional_id is not None and _ACKS[acks] != -1:
            raise ValueError("a transactional producer needs acks='all'")
        self.config = ProducerConfig(
            _ACKS[acks],
            linger_ms,
            batch_size,
            max_request_size,
            _CODECS[compression_type],
            retries,
            delivery_timeout_ms,
            max_block_ms,
            buffer_memory,
        )
        self.client = KafkaClient(
            ClientConfig(
                bootstrap_servers,
                client_id,
                request_timeout_ms,
                metadata_max_age_ms=metadata_max_age_ms,
                retry_backoff_ms=retry_backoff_ms,
                security=SecurityConfig(
                    security_protocol, ssl_context, sasl_mechanism, sasl_plain_username, sasl_plain_password
                ),
            )
        )
        self.accumulator = RecordAccumulator(batch_size, linger_ms, retry_backoff_ms)
        self.partitioner = partitioner or DefaultPartitioner(batch_size)
        self.key_serializer, self.value_serializer = key_serializer, value_serializer
        self._wake = asyncio.Event()
        self._space = asyncio.Event()
        self._sender: asyncio.Task[Any] | None = None
        self._in_flight: dict[int, set[asyncio.Task[Any]]] = {}
        self._closed = False
        self._started = False
        self._partitions: dict[str, list[TopicPartition]] = {}  # made once, not per record
        self._sender_due = False  # a batch filled up or began: send() yields to the sender once
        self.metrics = {"requests": 0, "batches": 0, "records": 0}  # sent so far
        # Transactions (client/transactions.py): None for a plain producer.
        self.txn = (
            TransactionManager(self.client, transactional_id, transaction_timeout_ms)
            if transactional_id is not None
            else None
        )

    async def start(self) -> None:
        await self.client.start()
        self.client.on_metadata(lambda _changed: self._wake.set())
        self._sender = asyncio.get_running_loop().create_task(self._send_loop(), name="kafka-producer-sender")
        self._started = True

    async def __aenter__(self) -> AsyncProducer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- the API -----------------------------------------------------------------------------

    async def partitions_for(self, topic: str) -> list[int]:
        await self._wait_topic(topic)
        return self.client.cluster.partitions_for(topic) or []

    async def send(
        self,
        topic: str,
        value: Any = None,
        key: Any = None,
        *,
        partition: int | None = None,
        timestamp_ms: int | None = None,
        headers: list[tuple[str, bytes | None]] | None = None,
    ) -> asyncio.Future[RecordMetadata]:
        """Queue a record; the future of its RecordMetadata."""
        if self._closed or not self._started:
            raise ProducerClosedError(
                "the producer is closed" if self._closed else "the producer is not started"
            )
        if self._sender_due:
            # A batch filled up (or began) since the last send: give the sender a turn of the loop
            # (before queuing this record, so a cancellation here loses nothing). A tight send
            # loop would otherwise queue everything before the first request goes out.
            self._sender_due = False
            await asyncio.sleep(0)
        key_bytes = self.key_serializer(key) if self.key_serializer else key
        value_bytes = self.value_serializer(value) if self.value_serializer else value
        headers = [(k, v) for k, v in headers] if headers else []
        cluster = self.client.cluster
        count = cluster.partition_count(topic)
        if count == 0:
            await self._wait_topic(topic)
            count = cluster.partition_count(topic)
        if partition is None:
            available = cluster.available_partitions(topic)
            partition = self.partitioner.partition(topic, key_bytes, count, available)
        elif not 0 <= partition < count:
            raise KafkaError(f"{topic} has no partition {partition} (it has {count})")
        size = (len(key_bytes) if key_bytes else 0) + (len(value_bytes) if value_bytes else 0)
        if self.txn is not None:
            if self.txn.state == TxnState.ABORTABLE:
                raise TransactionAbortedError(f"the transaction must be aborted: {self.txn.failure}")
            await self.txn.add_partition(TopicPartition(topic, partition))
        if size + 100 > self.config.max_request_size:
            raise RecordTooLargeError(f"a record of {size} bytes exceeds max_request_size")
        while self.accumulator.buffered_bytes > self.config.buffer_memory:
            self._space.clear()
            try:
                await wait_for(self._space.wait(), self.config.max_block_ms / 1000)
            except TimeoutError:
                raise KafkaTimeoutError("no buffer space freed within max_block_ms") from None
        timestamp = int(time.time() * 1000) if timestamp_ms is None else timestamp_ms
        future: asyncio.Future[RecordMetadata] = asyncio.get_running_loop().create_future()
        tps = self._partitions.get(topic)
        if tps is None or len(tps) < count:
            tps = self._partitions[topic] = [TopicPartition(topic, p) for p in range(count)]
        tp = tps[partition]
        batch, created = self.accumulator.append(
            tp, key_bytes, value_bytes, headers, timestamp, future, time.monotonic()
        )
        if key_bytes is None:
            self.partitioner.on_append(topic, partition, size, cluster.available_partitions(topic), count)
        if created or batch.full:
            self._wake.set()
            self._sender_due = True
        return future

    async def send_and_wait(
        self, topic: str, value: Any = None, key: Any = None, **kwargs: Any
    ) -> RecordMetadata:
        return await (await self.send(topic, value, key, **kwargs))

    # --- transactions (transactional_id): client/transactions.py -------------------------------

    def _transactions(self) -> TransactionManager:
        if self.txn is None:
            raise IllegalStateError("not a transactional producer: give it a transactional_id")
        return self.txn

    async def init_transactions(self) -> None:
        """Register the transactional id: a producer id and epoch, fencing older producers of it
        (whose open transaction the coordinator aborts)."""
        await self._transactions().init()

    async def begin_transaction(self) -> None:
        self._transactions().begin()

    async def send_offsets_to_transaction(
        self, offsets: dict[TopicPartition, int], group_metadata: GroupMetadata | str
    ) -> None:
        """Commit a consumer group's offsets (the next offset to read, per partition) inside the
        transaction: they count only if it commits. Pass `consumer.group_metadata()` so that a
        consumer that lost its partitions in a rebalance is refused (ILLEGAL_GENERATION)."""
        group = GroupMetadata(group_metadata) if isinstance(group_metadata, str) else group_metadata
        await self._transactions().send_offsets(offsets, group)

    async def commit_transaction(self) -> None:
        """Send every record of the transaction, then commit it. Raises TransactionAbortedError if
        a record could not be written (then call abort_transaction), ProducerFencedError if fenced."""
        txn = self._transactions()
        await self.flush()
        if txn.state == TxnState.ABORTABLE:
            raise TransactionAbortedError(f"a record of the transaction failed: {txn.failure}")
        await txn.end(commit=True)

    async def abort_transaction(self) -> None:
        txn = self._transactions()
        await self.flush()
        await txn.end(commit=False)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """`async with producer.transaction():` begins one, commits it if the block ends normally,
        aborts it if the block raises (fencing is raised, never aborted: nothing can be done)."""
        await self.begin_transaction()
        try:
            yield
        except BaseException:
            if self._transactions().state in (TxnState.IN_TRANSACTION, TxnState.ABORTABLE):
                with contextlib.suppress(KafkaError):
                    await self.abort_transaction()
            raise
        await self.commit_transaction()

    async def flush(self, timeout: float | None = None) -> None:
        """Send everything queued now (ignoring linger) and wait until it is acknowledged."""
        futures = self._completions()
        if not futures:
            return
        self.accumulator.flushing = True
        self._wake.set()
        try:
            await wait_for(asyncio.gather(*futures, return_exceptions=True), timeout)
        finally:
            self.accumulator.flushing = False

    async def close(self, timeout: float | None = None) -> None:
        """Deliver what is queued (within `timeout` seconds), then stop."""
        if self._closed:
            return
        self._closed = True
        if self._started:
            self.accumulator.closing = True
            self._wake.set()
            with contextlib.suppress(TimeoutError):
                await wait_for(self._drained(), timeout)
        if self._sender is not None:
            self._sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sender
        for task in [t for tasks in self._in_flight.values() for t in tasks]:
            task.cancel()
        for batch in self.accumulator.drop_all():
            self._fail(batch, ProducerClosedError("the producer closed before the record was sent"))
        await self.client.close()

    async def _drained(self) -> None:
        while self.accumulator.pending():
            futures = self._completions()
            if futures:
                await asyncio.gather(*futures, return_exceptions=True)
            else:
                await asyncio.sleep(0.005)

    def _completions(self) -> list[asyncio.Future[None]]:
        """A future per batch queued or in flight, resolved when it is delivered or failed (one
        per batch, not per record: flushing 100,000 small records waits on a few hundred)."""
        loop = asyncio.get_running_loop()
        batches = [b for q in self.accumulator.batches.values() for b in q]
        batches += [b for tasks in self._in_flight.values() for t in tasks for b in getattr(t, "batches", ())]
        return [b.completion(loop) for b in batches]

    async def _wait_topic(self, topic: str) -> None:
        self.client.add_topics([topic])
        await self.client.wait_for(
            lambda: self.client.cluster.partition_count(topic) > 0,
            self.config.max_block_ms / 1000,
            f"metadata of topic {topic!r}",
        )

    # --- the sender --------------------------------------------------------------------------

    async def _send_loop(self) -> None:
        acc = self.accumulator
        leader_of = self.client.cluster.leader_for
        while True:
            self._wake.clear()
            now = time.monotonic()
            for batch in acc.expired(now, self.config.delivery_timeout_ms / 1000):
                self._fail(
                    batch,
                    KafkaTimeoutError("the batch expired before it could be sent (delivery_timeout_ms)"),
                )
            readiness = acc.ready(now, leader_of)
            if readiness.unknown_leaders:
                self.client.add_topics(readiness.unknown_leaders)
                self.client.request_metadata_update()
            nodes = {
                n
                for n in readiness.nodes
                if len(self._in_flight.get(n, ())) < self.config.max_in_flight_requests_per_connection
            }
            for node, batches in acc.drain(nodes, leader_of, self.config.max_request_size, now).items():
                task = asyncio.get_running_loop().create_task(self._produce(node, batches))
                task.batches = batches  # type: ignore[attr-defined]
                self._in_flight.setdefault(node, set()).add(task)
                task.add_done_callback(functools.partial(self._request_done, node))
            if acc.buffered_bytes <= self.config.buffer_memory:
                self._space.set()
            wait = readiness.next_check
            if readiness.unknown_leaders:
                wait = min(wait if wait is not None else 1.0, self.client.config.retry_backoff_ms / 1000)
            with contextlib.suppress(TimeoutError):
                await wait_for(self._wake.wait(), wait)

    def _request_done(self, node: int, task: asyncio.Task[Any]) -> None:
        self._in_flight.get(node, set()).discard(task)
        self._wake.set()
        if not task.cancelled() and task.exception() is not None:
            log.error("fail_produce", node=node, error=repr(task.exception()))

    async def _produce(self, node: int, batches: list[ProducerBatch]) -> None:
        cluster = self.client.cluster
        by_topic: dict[str, list[ProducerBatch]] = {}
        for b in batches:
            by_topic.setdefault(b.tp.topic, []).append(b)
        self.metrics["requests"] += 1
        self.metrics["batches"] += len(batches)
        self.metrics["records"] += sum(b.count for b in batches)
        ids = {t: cluster.topic_id(t) for t in by_topic}
        max_version = (
            None if all(i != ZERO_UUID for i in ids.values()) else TOPIC_ID_VERSIONS[ApiKey.PRODUCE] - 1
        )
        txn = self.txn
        if txn is not None:
            for b in batches:
                if b.base_sequence < 0:
                    b.base_sequence = txn.next_sequence(b.tp, b.count)
        pid, epoch = (txn.producer_id, txn.epoch) if txn is not None else (-1, -1)
        body = {
            "transactional_id": txn.transactional_id if txn is not None else None,
            "acks": self.config.acks,
            "timeout_ms": self.client.config.request_timeout_ms,
            "topic_data": [
                {
                    "name": t,
                    "topic_id": ids[t],
                    "partition_data": [
                        {
                            "index": b.tp.partition,
                            "records": b.build(self.config.compression, pid, epoch, txn is not None),
                        }
                        for b in bs
                    ],
                }
                for t, bs in by_topic.items()
            ],
        }
        if self.config.acks == 0:
            try:
                conn = await self.client.connection(node)
                conn.send_oneway(ApiKey.PRODUCE, body, max_version=max_version)
            except KafkaError as e:
                for b in batches:
                    self._retry_or_fail(b, e)
                return
            for b in batches:
                self._succeed(b, -1, -1)
            return
        try:
            version, response = await self.client.send_versioned(
                node, ApiKey.PRODUCE, body, max_version=max_version
            )
        except KafkaError as e:
            for b in batches:
                self._retry_or_fail(b, e)
            return
        # (a topic id the metadata no longer knows names None: its batches stay unanswered below)
        index: dict[tuple[str | None, int], ProducerBatch] = {
            (b.tp.topic, b.tp.partition): b for b in batches
        }
        for topic in response.responses:
            name = topic.name if version < 13 else cluster.topic_name(topic.topic_id)
            for p in topic.partition_responses:
                batch = index.pop((name, p.index), None)
                if batch is None:
                    continue
                if p.error_code:
                    self._retry_or_fail(
                        batch, error_for(p.error_code, p.error_message or f"Produce to {batch.tp}")
                    )
                else:
                    self._succeed(batch, p.base_offset, p.log_append_time_ms)
        for batch in index.values():
            self._retry_or_fail(
                batch, KafkaError("the Produce answer left out this partition", retriable=True)
            )

    def _succeed(self, batch: ProducerBatch, base_offset: int, log_append_time: int) -> None:
        self.accumulator.complete(batch)
        topic, partition = batch.tp
        make = tuple.__new__  # the RecordMetadata NamedTuple without its Python-level __new__
        for i, (future, ts) in enumerate(zip(batch.futures, batch.timestamps, strict=True)):
            if not future.done():
                offset = -1 if base_offset < 0 else base_offset + i
                future.set_result(
                    make(
                        RecordMetadata,
                        (
                            topic,
                            partition,
                            offset,
                            log_append_time if log_append_time >= 0 else ts,
                            log_append_time,
                        ),
                    )
                )

    def _fail(self, batch: ProducerBatch, error: BaseException) -> None:
        self.accumulator.complete(batch)
        if self.txn is not None:
            self.txn.batch_failed(error)
            if self.txn.state == TxnState.FENCED and not isinstance(error, ProducerFencedError):
                error = ProducerFencedError(f"another producer took over the transactional id: {error}")
        for future in batch.futures:
            if not future.done():
                future.set_exception(error)

    def _retry_or_fail(self, batch: ProducerBatch, error: KafkaError) -> None:
        retriable = (
            isinstance(error, KafkaConnectionError)
            or error.retriable
            or (error.code is not None and is_retriable(error.code))
        )
        age = time.monotonic() - batch.created
        if (
            retriable
            and batch.attempts < self.config.retries
            and age < self.config.delivery_timeout_ms / 1000
            and not self._closed_hard()
        ):
            if isinstance(error, KafkaConnectionError) or error.code in METADATA_ERRORS:
                self.client.request_metadata_update()
            log.debug("retry_batch", partition=str(batch.tp), attempt=batch.attempts + 1, error=str(error))
            self.accumulator.reenqueue(batch, time.monotonic())
            self._wake.set()
        else:
            self._fail(batch, error)

    def _closed_hard(self) -> bool:
        return self._sender is None or self._sender.done()

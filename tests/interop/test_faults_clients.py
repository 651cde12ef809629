"""Injected faults against real clients, aiokafka and confluent-kafka (librdkafka), on a broker in
the test's event loop (`broker.faults`, broker/faults.py). What each client does:

- NOT_COORDINATOR on OffsetCommit: both mark the coordinator dead, look it up again
  (FindCoordinator) and retry the commit, which lands. aiokafka retries at once (~2 s for the
  test); librdkafka also drops and reconnects its coordinator connection each time, and its
  reconnect backoff makes the three retries take about 10 s.
- A Fetch whose connection is dropped: both reconnect and fetch again from their position:
  no record lost, none twice.
- A JoinGroup delayed past the client's request timeout: aiokafka gives up on the request after
  `request_timeout_ms` (RequestTimedOutError, the connection closed) and joins again;
  librdkafka gives up after its JoinGroup timeout (max.poll.interval.ms + 3 s) and joins again.
  Both close that connection when they give up; the broker then drops the delayed request
  at once, never serving it (broker/server.py, `eof_received`).
- A paused partition: nothing from it reaches the consumer until resumed, then all of it.

librdkafka calls block: they run in threads (asyncio.to_thread) while the broker serves.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from tests.helpers import async_wait_until

pytestmark = pytest.mark.interop

CLIENTS = ["aiokafka", "confluent"]


@pytest.fixture
async def bootstrap(broker) -> str:
    return f"127.0.0.1:{broker.bound_port}"


async def make_topic(bootstrap: str, name: str, partitions: int = 1) -> None:
    from aiokafka.admin import AIOKafkaAdminClient, NewTopic

    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic(name, partitions, 1)])
    finally:
        await admin.close()


async def produce(bootstrap: str, topic: str, values: list[str], partition: int = 0) -> None:
    from aiokafka import AIOKafkaProducer

    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=0)
    await producer.start()
    try:
        for v in values:
            await producer.send(topic, v.encode(), partition=partition)
        await producer.flush()
    finally:
        await producer.stop()


class Reader:
    """A consumer of one client, driven the same way: records as (partition, offset, value)."""

    @staticmethod
    def of(client: str, bootstrap: str, group: str, **conf: Any) -> Reader:
        return (
            AioReader(bootstrap, group, **conf)
            if client == "aiokafka"
            else RdReader(bootstrap, group, **conf)
        )

    async def start(self, topic: str, partitions: list[int] | None = None) -> None:
        """Assign `partitions` from the start, or (None) subscribe as a member of the group."""
        raise NotImplementedError

    async def poll(self, seconds: float) -> list[tuple[int, int, str]]:
        raise NotImplementedError

    async def read(self, n: int, timeout: float = 20.0) -> list[tuple[int, int, str]]:
        got: list[tuple[int, int, str]] = []
        deadline = time.monotonic() + timeout
        while len(got) < n:
            if time.monotonic() > deadline:
                raise TimeoutError(f"read {len(got)} of {n} records: {got[-3:]}")
            got += await self.poll(0.2)
        return got

    async def commit(self, topic: str, partition: int, offset: int) -> None:
        raise NotImplementedError

    async def committed(self, topic: str, partition: int) -> int | None:
        raise NotImplementedError

    async def stop(self) -> None:
        raise NotImplementedError


class AioReader(Reader):
    def __init__(self, bootstrap: str, group: str, **conf: Any):
        from aiokafka import AIOKafkaConsumer

        self.consumer = AIOKafkaConsumer(
            bootstrap_servers=bootstrap,
            group_id=group,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            **conf,
        )

    async def start(self, topic: str, partitions: list[int] | None = None) -> None:
        from aiokafka import TopicPartition

        await self.consumer.start()
        if partitions is None:
            self.consumer.subscribe([topic])
        else:
            tps = [TopicPartition(topic, p) for p in partitions]
            self.consumer.assign(tps)
            await self.consumer.seek_to_beginning(*tps)

    async def poll(self, seconds: float) -> list[tuple[int, int, str]]:
        batches = await self.consumer.getmany(timeout_ms=int(seconds * 1000))
        return [(m.partition, m.offset, m.value.decode()) for ms in batches.values() for m in ms]

    async def commit(self, topic: str, partition: int, offset: int) -> None:
        from aiokafka import TopicPartition

        await self.consumer.commit({TopicPartition(topic, partition): offset})

    async def committed(self, topic: str, partition: int) -> int | None:
        from aiokafka import TopicPartition

        result: int | None = await self.consumer.committed(TopicPartition(topic, partition))
        return result

    async def stop(self) -> None:
        await self.consumer.stop()


class RdReader(Reader):
    def __init__(self, bootstrap: str, group: str, **conf: Any):
        from confluent_kafka import Consumer

        self.consumer = Consumer(
            {
                "bootstrap.servers": bootstrap,
                "group.id": group,
                "enable.auto.commit": False,
                "auto.offset.reset": "earliest",
                **conf,
            }
        )

    async def start(self, topic: str, partitions: list[int] | None = None) -> None:
        from confluent_kafka import OFFSET_BEGINNING, TopicPartition

        if partitions is None:
            self.consumer.subscribe([topic])
        else:
            self.consumer.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in partitions])

    async def poll(self, seconds: float) -> list[tuple[int, int, str]]:
        msgs = await asyncio.to_thread(self.consumer.consume, 1000, seconds)
        out = []
        for m in msgs:
            assert m.error() is None, m.error()
            out.append((m.partition(), m.offset(), m.value().decode()))
        return out

    async def commit(self, topic: str, partition: int, offset: int) -> None:
        from confluent_kafka import TopicPartition

        await asyncio.to_thread(
            self.consumer.commit, offsets=[TopicPartition(topic, partition, offset)], asynchronous=False
        )

    async def committed(self, topic: str, partition: int) -> int | None:
        from confluent_kafka import TopicPartition

        (tp,) = await asyncio.to_thread(self.consumer.committed, [TopicPartition(topic, partition)], 10)
        return tp.offset if tp.offset >= 0 else None

    async def stop(self) -> None:
        await asyncio.to_thread(self.consumer.close)


@pytest.mark.parametrize("client", CLIENTS)
async def test_commit_retried_after_not_coordinator(broker, bootstrap, client):
    topic, group = f"commit-{client}", f"g-commit-{client}"
    await make_topic(bootstrap, topic)
    await produce(bootstrap, topic, [f"v{i}" for i in range(10)])
    reader = Reader.of(client, bootstrap, group)
    await reader.start(topic)  # a member of the group: the commit goes to its coordinator
    try:
        assert len(await reader.read(10)) == 10
        faults = broker.faults
        faults.fail("OffsetCommit", "NOT_COORDINATOR", times=3, match={"group": group})
        await asyncio.wait_for(reader.commit(topic, 0, 7), 60)
        assert faults.count("fail", "OffsetCommit") == 3
        assert faults.injected[("fail", "OffsetCommit")] == 3
        assert not faults.active
        assert await reader.committed(topic, 0) == 7  # an OffsetFetch answers what landed
    finally:
        await reader.stop()


@pytest.mark.parametrize("client", CLIENTS)
async def test_fetch_connection_dropped_no_gap_no_duplicate(broker, bootstrap, client):
    topic = f"drop-{client}"
    n = 400
    await make_topic(bootstrap, topic)
    await produce(bootstrap, topic, [f"v{i:04d}" for i in range(n)])
    # Small fetches: many of them, so that the dropped one falls in the middle of the stream.
    conf: dict[str, Any] = (
        {"max_partition_fetch_bytes": 1024, "fetch_max_bytes": 1024}
        if client == "aiokafka"
        else {"max.partition.fetch.bytes": 1024, "fetch.max.bytes": 1024, "message.max.bytes": 1000}
    )
    reader = Reader.of(client, bootstrap, f"g-drop-{client}", **conf)
    await reader.start(topic, [0])
    try:
        got = await reader.read(50)
        server = broker.servers[0]
        before = set(server._connections)
        broker.faults.drop_connection("Fetch", times=2)
        got += await reader.read(n - len(got))
        await async_wait_until(lambda: broker.faults.count("drop", "Fetch") == 2, what="two fetches dropped")
        assert before - set(server._connections), "no connection was closed"
        assert [v for _, _, v in got] == [f"v{i:04d}" for i in range(n)]
        assert [o for _, o, _ in got] == list(range(n))
        assert await reader.poll(0.5) == []  # nothing more, nothing again
    finally:
        await reader.stop()


@pytest.mark.parametrize("client", CLIENTS)
async def test_join_group_delayed_past_the_timeout(broker, bootstrap, client):
    topic, group = f"join-{client}", f"g-join-{client}"
    await make_topic(bootstrap, topic)
    await produce(bootstrap, topic, ["a", "b"])
    if client == "aiokafka":
        # JoinGroup waits up to request_timeout_ms (4 s); the rebalance timeout is 2 s.
        conf: dict[str, Any] = {
            "session_timeout_ms": 2000,
            "heartbeat_interval_ms": 500,
            "rebalance_timeout_ms": 2000,
            "request_timeout_ms": 4000,
            "retry_backoff_ms": 100,
        }
        client_timeout = 4.0
    else:
        # librdkafka's JoinGroup timeout: max.poll.interval.ms (the rebalance timeout) + 3 s.
        conf = {"session.timeout.ms": 2000, "max.poll.interval.ms": 2000, "heartbeat.interval.ms": 500}
        client_timeout = 5.0
    delay = client_timeout + 3
    broker.faults.delay("JoinGroup", delay, times=1, match={"group": group})
    reader = Reader.of(client, bootstrap, group, **conf)
    started = time.monotonic()
    await reader.start(topic)
    try:
        got = await reader.read(2, timeout=client_timeout + 25)
        elapsed = time.monotonic() - started
        assert [v for _, _, v in got] == ["a", "b"]
        # It joined after giving up on the delayed request, before that request's delay ended
        # (the client closed that connection: the broker never served it).
        assert client_timeout <= elapsed < delay + 20, elapsed
        assert broker.faults.count("delay", "JoinGroup") == 1
        g = broker.groups.runtime_for(group).shard.groups[group]
        assert len(g.members) == 1, g.members
    finally:
        await reader.stop()


@pytest.mark.parametrize("client", CLIENTS)
async def test_paused_partition_reaches_the_consumer_only_when_resumed(broker, bootstrap, client):
    topic = f"pause-{client}"
    await make_topic(bootstrap, topic, partitions=2)
    for p in (0, 1):
        await produce(bootstrap, topic, [f"p{p}-{i}" for i in range(20)], partition=p)
    broker.faults.pause_partition(topic, 0)
    conf: dict[str, Any] = {"fetch_max_wait_ms": 200} if client == "aiokafka" else {"fetch.wait.max.ms": 200}
    reader = Reader.of(client, bootstrap, f"g-pause-{client}", **conf)
    await reader.start(topic, [0, 1])
    try:
        got = await reader.read(20)
        got += await reader.poll(2.0)  # time for many fetches: still nothing from partition 0
        assert sorted(v for _, _, v in got) == sorted(f"p1-{i}" for i in range(20))
        assert broker.faults.count("pause", "Fetch") >= 2

        # A produce to the paused partition waits for the resume.
        producing = asyncio.ensure_future(produce(bootstrap, topic, ["p0-late"], partition=0))
        await asyncio.sleep(1.0)
        assert not producing.done()

        broker.faults.resume_partition(topic, 0)
        await asyncio.wait_for(producing, 10)
        rest = await reader.read(21)
        assert [v for p, _, v in rest] == [f"p0-{i}" for i in range(20)] + ["p0-late"]
        assert [o for _, o, _ in rest] == list(range(21))
    finally:
        await reader.stop()

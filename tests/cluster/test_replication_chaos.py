"""Brokers killed with kill -9 while aiokafka and confluent-kafka producers write with acks=all
to a topic of three replicas (min.insync.replicas=2): no acknowledged message is lost or
duplicated, three clients read everything acknowledged, and the replicas end byte-identical."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections import Counter
from typing import Any

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka import TopicPartition as AioTP
from confluent_kafka import Consumer, Producer
from confluent_kafka import TopicPartition as CTP

from client import AsyncConsumer, TopicPartition
from tests.cluster.harness import Cluster, eventually, metadata
from tests.cluster.test_cluster import settled
from tests.cluster.test_replication import create, log_bytes

pytestmark = [pytest.mark.cluster, pytest.mark.interop, pytest.mark.slow, pytest.mark.timeout(420)]

TOPIC, PARTITIONS, ROUNDS = "chaos", 3, 10


class Acks:
    """value -> (partition, offset) of every acknowledged message, in acknowledgement order."""

    def __init__(self) -> None:
        self.acked: dict[bytes, tuple[int, int]] = {}
        self.sent = 0
        self.failed = 0
        self.lock = threading.Lock()

    def ack(self, value: bytes, partition: int, offset: int) -> None:
        with self.lock:
            assert value not in self.acked, f"{value!r} acknowledged twice"
            self.acked[value] = (partition, offset)

    @property
    def in_flight(self) -> int:
        with self.lock:
            return self.sent - len(self.acked) - self.failed


async def aiokafka_writer(bootstrap: str, acks: Acks, stop: asyncio.Event) -> None:
    producer = AIOKafkaProducer(
        bootstrap_servers=bootstrap,
        acks="all",
        enable_idempotence=True,
        linger_ms=2,
        request_timeout_ms=10000,
        retry_backoff_ms=100,
        metadata_max_age_ms=1000,
    )
    await producer.start()
    try:
        window = asyncio.Semaphore(64)
        n = 0

        def done(value: bytes, fut: asyncio.Future) -> None:
            window.release()
            if fut.cancelled() or fut.exception() is not None:
                acks.failed += 1
            else:
                md = fut.result()
                acks.ack(value, md.partition, md.offset)

        while not stop.is_set():
            await window.acquire()
            value = f"aio-{n}".encode()
            n += 1
            acks.sent += 1
            try:
                fut = await producer.send(TOPIC, value, key=value)
            except Exception:
                acks.failed += 1
                window.release()
                await asyncio.sleep(0.1)
                continue
            fut.add_done_callback(lambda f, v=value: done(v, f))
        await producer.flush()
    finally:
        await producer.stop()


def confluent_writer(bootstrap: str, acks: Acks, stop: threading.Event) -> None:
    producer = Producer(
        {
            "bootstrap.servers": bootstrap,
            "enable.idempotence": True,
            "acks": "all",
            "linger.ms": 2,
            "message.timeout.ms": 120000,
            "log_level": 2,
            "topic.metadata.refresh.interval.ms": 1000,
        }
    )

    def delivered(err: Any, msg: Any) -> None:
        if err is None:
            acks.ack(msg.value(), msg.partition(), msg.offset())
        else:
            with acks.lock:
                acks.failed += 1

    n = 0
    while not stop.is_set():
        if acks.in_flight >= 200:
            producer.poll(0.01)
            continue
        value = f"rd-{n}".encode()
        n += 1
        with acks.lock:
            acks.sent += 1
        producer.produce(TOPIC, value=value, key=value, on_delivery=delivered)
        producer.poll(0)
    assert producer.flush(150) == 0, "confluent-kafka could not deliver everything it holds"


async def full_isr(cluster: Cluster) -> bool:
    md = await metadata(cluster.brokers[cluster.alive()[0]].port, [TOPIC])
    parts = md.topics[0].partitions
    return len(parts) == PARTITIONS and all(len(p.isr_nodes) == 3 and p.leader_id != -1 for p in parts)


async def read_with_aiokafka(bootstrap: str, ends: dict[int, int]) -> list[tuple[int, int, bytes]]:
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap, auto_offset_reset="earliest", enable_auto_commit=False
    )
    await consumer.start()
    try:
        tps = [AioTP(TOPIC, p) for p in range(PARTITIONS)]
        consumer.assign(tps)
        await consumer.seek_to_beginning(*tps)
        out: list[tuple[int, int, bytes]] = []
        deadline = time.monotonic() + 60
        while [tp for tp in tps if await consumer.position(tp) < ends[tp.partition]]:
            assert time.monotonic() < deadline, "aiokafka did not reach the end"
            for tp, records in (await consumer.getmany(timeout_ms=500)).items():
                out += [(tp.partition, r.offset, r.value) for r in records]
        return out
    finally:
        await consumer.stop()


def read_with_confluent(bootstrap: str, ends: dict[int, int]) -> list[tuple[int, int, bytes]]:
    consumer = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": "chaos-reader",
            "enable.auto.commit": False,
            "log_level": 2,
        }
    )
    try:
        consumer.assign([CTP(TOPIC, p, 0) for p in range(PARTITIONS)])
        out: list[tuple[int, int, bytes]] = []
        positions = dict.fromkeys(range(PARTITIONS), 0)
        deadline = time.monotonic() + 60
        while any(positions[p] < ends[p] for p in positions):
            assert time.monotonic() < deadline, "confluent-kafka did not reach the end"
            msg = consumer.poll(0.5)
            if msg is None or msg.error():
                continue
            out.append((msg.partition(), msg.offset(), msg.value()))
            positions[msg.partition()] = msg.offset() + 1
        return out
    finally:
        consumer.close()


async def read_with_our_client(bootstrap: str, ends: dict[int, int]) -> list[tuple[int, int, bytes]]:
    consumer = AsyncConsumer(bootstrap_servers=bootstrap, auto_offset_reset="earliest")
    await consumer.start()
    try:
        tps = [TopicPartition(TOPIC, p) for p in range(PARTITIONS)]
        consumer.assign(tps)
        out: list[tuple[int, int, bytes]] = []
        deadline = time.monotonic() + 60
        while [tp for tp in tps if await consumer.position(tp) < ends[tp.partition]]:
            assert time.monotonic() < deadline, "our client did not reach the end"
            for tp, records in (await consumer.getmany(timeout_ms=500)).items():
                out += [(tp.partition, r.offset, r.value) for r in records]
        return out
    finally:
        await consumer.close()


async def test_kill_9_under_acks_all_loses_nothing_acknowledged(make_cluster):
    cluster = make_cluster(3, replica_lag_time_max_ms="3000")
    await settled(cluster)
    await create(cluster, TOPIC, PARTITIONS, min_insync_replicas="2")
    await eventually(lambda: full_isr(cluster), 30, "every replica in sync")
    bootstrap = cluster.bootstrap()
    aio, rd = Acks(), Acks()
    stop_aio, stop_rd = asyncio.Event(), threading.Event()
    aio_task = asyncio.create_task(aiokafka_writer(bootstrap, aio, stop_aio))
    rd_thread = threading.Thread(target=confluent_writer, args=(bootstrap, rd, stop_rd))
    rd_thread.start()
    rng = random.Random()
    landed: list[int] = []  # messages in flight (sent, not yet answered) at each kill
    try:
        await eventually(
            lambda: asyncio.sleep(0, len(aio.acked) > 100 and len(rd.acked) > 100),
            60,
            "both producers to get going",
        )
        for _ in range(ROUNDS):
            victim = rng.choice(sorted(cluster.brokers))
            await asyncio.sleep(rng.uniform(0.2, 1.5))  # a random point of the writes
            landed.append(aio.in_flight + rd.in_flight)
            cluster.brokers[victim].kill()
            survivor = next(b for b in cluster.brokers if b != victim)

            async def gone(victim: int = victim, survivor: int = survivor) -> bool:
                md = await metadata(cluster.brokers[survivor].port)
                return victim not in {b.node_id for b in md.brokers}

            await eventually(gone, 30, f"broker {victim}'s registration to expire")
            cluster.brokers[victim].start()
            await eventually(lambda: full_isr(cluster), 60, "the restarted broker back in every ISR")
        await eventually(
            lambda: asyncio.sleep(0, len(aio.acked) > 200 and len(rd.acked) > 200),
            60,
            "writes after the last round",
        )
    finally:
        stop_aio.set()
        stop_rd.set()
        await aio_task
        await asyncio.to_thread(rd_thread.join, 180)
    print(
        f"acknowledged: aiokafka {len(aio.acked)}, confluent-kafka {len(rd.acked)}; "
        f"failed: {aio.failed}/{rd.failed}; in flight at each kill: {landed}"
    )
    assert sum(1 for n in landed if n > 0) >= ROUNDS // 2, f"the kills missed the writes: {landed}"

    await eventually(lambda: full_isr(cluster), 60, "every replica in sync at the end")
    acked = {**aio.acked, **rd.acked}
    ends = {p: 1 + max(o for pp, o in acked.values() if pp == p) for p in range(PARTITIONS)}
    # Every acknowledged message exactly once, where it was acknowledged, in order per partition.
    readers = {
        "aiokafka": await read_with_aiokafka(bootstrap, ends),
        "confluent-kafka": await asyncio.to_thread(read_with_confluent, bootstrap, ends),
        "kbroker client": await read_with_our_client(bootstrap, ends),
    }
    for name, records in readers.items():
        seen = Counter(v for _, _, v in records)
        at = {(p, o): v for p, o, v in records}
        missing = [v for v in acked if seen[v] == 0]
        assert not missing, f"{name} misses {len(missing)} acknowledged messages, e.g. {missing[:5]}"
        dupes = [v for v, n in seen.items() if n > 1]
        assert not dupes, f"{name} reads {len(dupes)} messages twice, e.g. {dupes[:5]}"
        wrong = [(v, po) for v, po in acked.items() if at.get(po) != v]
        assert not wrong, f"{name}: acknowledged offsets hold other messages: {wrong[:5]}"
    for producer in (aio, rd):  # an idempotent producer's messages keep their order in a partition
        for p in range(PARTITIONS):
            offsets = [o for pp, o in producer.acked.values() if pp == p]
            values = [v for v, (pp, _) in producer.acked.items() if pp == p]
            by_seq = sorted(values, key=lambda v: int(v.split(b"-")[1]))
            assert [producer.acked[v][1] for v in by_seq] == sorted(offsets)
    # The three replicas of every partition hold the same bytes.
    for p in range(PARTITIONS):
        await eventually(
            lambda p=p: asyncio.sleep(0, len({log_bytes(cluster, b, TOPIC, p) for b in (1, 2, 3)}) == 1),
            30,
            f"identical replicas of partition {p}",
        )

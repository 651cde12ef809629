"""Idempotent producers on a cluster: producer ids are unique across brokers and restarts.

The defect this guards against: every broker handed out ids from its own counter starting at 0,
so two idempotent producers bootstrapped at different brokers shared id 0 and the second one's
batches, acknowledged, were dropped as retries of the first one's.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import threading
import time
from collections import Counter
from typing import Any

import pytest
from confluent_kafka import Producer
from kazoo.client import KazooClient

from broker.cluster import znodes as z
from broker.cluster.zk import claim_producer_id_block
from broker.log.producer_ids import BLOCK_SIZE, ProducerIdBlock
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.records import decode_batches
from tests.cluster.harness import Cluster, eventually, leaders, metadata, request
from tests.cluster.test_cluster import settled
from tests.integration.test_data_path import fetch_body

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(300)]


# --- the block allocator against a real ZooKeeper ---------------------------------------------


def test_concurrent_allocators_never_get_overlapping_blocks(zookeeper):
    chroot = f"/kbroker-pid-{time.monotonic_ns()}"
    clients, per_client = 6, 15
    blocks: dict[int, list[ProducerIdBlock]] = {i: [] for i in range(clients)}
    start = threading.Barrier(clients)
    errors: list[BaseException] = []

    def allocator(broker_id: int) -> None:
        zk = KazooClient(hosts=zookeeper.connect + chroot)
        zk.start(timeout=10)
        try:
            zk.ensure_path("/")
            start.wait(10)  # all claim at once, so that conditional updates really collide
            for _ in range(per_client):
                blocks[broker_id].append(claim_producer_id_block(zk, broker_id))
        except BaseException as e:
            errors.append(e)
        finally:
            zk.stop()
            zk.close()

    root = KazooClient(hosts=zookeeper.connect)
    root.start(timeout=10)
    try:
        root.ensure_path(chroot)
        threads = [threading.Thread(target=allocator, args=(i,)) for i in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert not errors, errors
        everything = sorted(itertools.chain.from_iterable(blocks.values()), key=lambda b: b.first)
        assert len(everything) == clients * per_client
        # Contiguous and disjoint: each block starts right after the previous one ends.
        assert everything[0].first == 0
        for prev, block in itertools.pairwise(everything):
            assert block.first == prev.last + 1 and block.last - block.first + 1 == BLOCK_SIZE
        # Each block is claimed by the allocator that got it, and claims did interleave.
        for broker_id, claimed in blocks.items():
            assert all(b.broker_id == broker_id for b in claimed)
        owners = [b.broker_id for b in everything]
        assert sum(a != b for a, b in itertools.pairwise(owners)) > clients, owners
        # The znode names the last block, in Kafka's JSON (both ends included, as strings).
        raw, _ = root.get(chroot + z.LATEST_PRODUCER_ID_BLOCK)
        assert z.decode_producer_id_block(raw) == everything[-1]
        assert b'"block_start":"%d"' % everything[-1].first in raw and b'"version":1' in raw
    finally:
        root.stop()
        root.close()


# --- idempotent producers against brokers -----------------------------------------------------


async def create_topic(cluster: Cluster, name: str, partitions: int) -> dict[int, int]:
    r = await request(
        cluster.brokers[1].port,
        ApiKey.CREATE_TOPICS,
        5,
        {
            "topics": [
                {
                    "name": name,
                    "num_partitions": partitions,
                    "replication_factor": 1,
                    "assignments": [],
                    "configs": [],
                }
            ],
            "timeout_ms": 10000,
            "validate_only": False,
        },
    )
    assert r.topics[0].error_code == ErrorCode.NONE

    async def led() -> dict[int, int] | None:
        got = leaders(await metadata(cluster.brokers[1].port, [name]), name)
        return got if len(got) == partitions and -1 not in got.values() else None

    return await eventually(led, 20, f"leaders for {name}")


async def init_producer_id(port: int) -> int:
    r = await request(
        port, ApiKey.INIT_PRODUCER_ID, 1, {"transactional_id": None, "transaction_timeout_ms": -1}
    )
    assert r.error_code == ErrorCode.NONE
    return r.producer_id


async def read_partition(cluster: Cluster, topic: str, partition: int) -> list[tuple[int, int, bytes]]:
    """(offset, producer id, value) of every record of a partition, read from its leader."""
    leader = await eventually(lambda: _leader(cluster, topic, partition), 30, "a leader")
    out: list[tuple[int, int, bytes]] = []
    offset = 0
    while True:
        r = await request(
            cluster.brokers[leader].port, ApiKey.FETCH, 12, fetch_body(topic, offset, partition)
        )
        part = r.responses[0].partitions[0]
        assert part.error_code == ErrorCode.NONE
        batches = decode_batches(part.records or b"")
        for b in batches:
            out.extend((b.base_offset + rec.offset_delta, b.producer_id, rec.value) for rec in b.records)
        if not batches:
            return out
        offset = batches[-1].base_offset + batches[-1].last_offset_delta + 1


async def _leader(cluster: Cluster, topic: str, partition: int) -> int | None:
    leader = leaders(await metadata(cluster.brokers[cluster.alive()[0]].port, [topic]), topic).get(
        partition, -1
    )
    return leader if leader in cluster.alive() else None


class IdempotentProducer:
    """confluent-kafka with enable.idempotence, bootstrapped at one broker; records every
    acknowledgement (value -> (partition, offset)) and every failed delivery."""

    def __init__(self, name: str, bootstrap: str):
        self.name = name
        self.sent: list[bytes] = []
        self.acked: dict[bytes, tuple[int, int]] = {}
        self.failed: list[tuple[bytes, str]] = []
        self.producer = Producer(
            {
                "bootstrap.servers": bootstrap,
                "enable.idempotence": True,
                "acks": "all",
                "linger.ms": 5,
                "message.timeout.ms": 60000,
                "log_level": 2,
            }
        )

    def _delivered(self, err: Any, msg: Any) -> None:
        if err is None:
            self.acked[msg.value()] = (msg.partition(), msg.offset())
        else:
            self.failed.append((msg.value(), str(err)))

    def send(self, topic: str, partition: int, value: bytes) -> None:
        self.sent.append(value)
        self.producer.produce(topic, value=value, key=value, partition=partition, on_delivery=self._delivered)
        self.producer.poll(0)

    def flush(self, timeout: float = 90) -> None:
        assert self.producer.flush(timeout) == 0, f"{self.name}: undelivered records after {timeout}s"


def check_every_ack_once(
    logged: dict[int, list[tuple[int, int, bytes]]], producers: list[IdempotentProducer]
) -> None:
    """Every acknowledged value is in the log exactly once, at the offset it was acknowledged at."""
    counts = Counter(value for records in logged.values() for _, _, value in records)
    at = {(p, offset): value for p, records in logged.items() for offset, _, value in records}
    for producer in producers:
        for value, (partition, offset) in producer.acked.items():
            assert counts[value] == 1, (
                f"{value!r} acknowledged at {partition}/{offset}, in the log {counts[value]} times"
            )
            assert at.get((partition, offset)) == value, f"{value!r} acknowledged at {partition}/{offset}"


def producer_ids_by_name(logged: dict[int, list[tuple[int, int, bytes]]]) -> dict[str, set[int]]:
    ids: dict[str, set[int]] = {}
    for records in logged.values():
        for _, pid, value in records:
            ids.setdefault(value.split(b"/")[0].decode(), set()).add(pid)
    return ids


async def test_two_producers_via_two_brokers_keep_every_acknowledged_record(make_cluster):
    cluster = make_cluster(2)
    await settled(cluster, 2)
    await create_topic(cluster, "shared", 1)

    a = IdempotentProducer("a", cluster.bootstrap(1))
    b = IdempotentProducer("b", cluster.bootstrap(2))
    for producer in (a, b):
        for i in range(5):
            producer.send("shared", 0, f"{producer.name}/{i}".encode())
    await asyncio.gather(asyncio.to_thread(a.flush), asyncio.to_thread(b.flush))
    assert not a.failed and not b.failed
    assert len(a.acked) == len(b.acked) == 5

    logged = {0: await read_partition(cluster, "shared", 0)}
    assert sorted(v for _, _, v in logged[0]) == sorted([*a.acked, *b.acked])
    check_every_ack_once(logged, [a, b])
    ids = producer_ids_by_name(logged)
    assert len(ids["a"]) == len(ids["b"]) == 1 and not ids["a"] & ids["b"], ids
    # The same question, raw: each broker's InitProducerId answers an id no broker gave before.
    raw = [await init_producer_id(cluster.brokers[i].port) for i in (1, 2, 1, 2)]
    assert len(set(raw)) == 4 and not (ids["a"] | ids["b"]) & set(raw), (raw, ids)


async def test_six_producers_three_restarts_all_ids_distinct_every_ack_once(make_cluster):
    cluster = make_cluster(3)
    await settled(cluster, 3)
    topic, partitions = "restarts", 3
    await create_topic(cluster, topic, partitions)
    producers: list[IdempotentProducer] = []
    unacked_at_kill: list[int] = []
    for round_ in range(4):
        if round_ < 3:  # two new producers a round, bootstrapped at brokers that may have just restarted
            for k in range(2):
                n = len(producers)
                producers.append(IdempotentProducer(f"p{n}", cluster.bootstrap(1 + (round_ + k) % 3)))
        for producer in producers:
            for i in range(20):
                producer.send(topic, i % partitions, f"{producer.name}/{round_}/{i}".encode())
        if round_ < 3:
            # While those records are in flight, a broker dies (kill -9) and comes back on the
            # same data dir once ZooKeeper has dropped its registration.
            await asyncio.sleep(random.uniform(0, 0.05))  # a random point of the writes, not a state
            for p in producers:
                p.producer.poll(0)  # delivery reports so far: what is not acknowledged is in flight
            unacked_at_kill.append(sum(len(p.sent) - len(p.acked) - len(p.failed) for p in producers))
            await restart(cluster, 1 + round_)
        await asyncio.gather(*(asyncio.to_thread(p.flush) for p in producers))

    assert all(not p.failed for p in producers), [p.failed for p in producers]
    print(f"records not yet acknowledged when each broker was killed: {unacked_at_kill}")
    assert sum(unacked_at_kill) > 0, "every kill missed the writes: the test proved nothing"
    assert sum(len(p.acked) for p in producers) == 20 * (2 + 4 + 6 + 6)
    logged = {p: await read_partition(cluster, topic, p) for p in range(partitions)}
    check_every_ack_once(logged, producers)
    ids = producer_ids_by_name(logged)
    assert len(ids) == 6
    for x, y in itertools.combinations(ids, 2):
        assert not ids[x] & ids[y], f"{x} and {y} share producer ids: {ids}"


async def restart(cluster: Cluster, broker_id: int) -> None:
    cluster.brokers[broker_id].kill()
    other = next(i for i in cluster.brokers if i != broker_id)

    async def gone() -> bool:
        md = await metadata(cluster.brokers[other].port)
        return broker_id not in {b.node_id for b in md.brokers}

    await eventually(gone, 30, f"broker {broker_id}'s registration to expire")
    cluster.brokers[broker_id].start()
    await settled(cluster, len(cluster.brokers))

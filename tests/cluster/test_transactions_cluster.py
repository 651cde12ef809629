"""Transactions on a three-broker cluster: `__transaction_state` created on demand and led across
the brokers, a transaction over partitions of every broker (the coordinator's markers reach the
other leaders with WriteTxnMarkers), commit and abort seen by read_committed; the coordinator's
broker killed, its transactional ids taken over by the new leader of their partition."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.cluster.harness import eventually, leaders, metadata
from tests.cluster.test_cluster import settled
from tests.helpers import RawConnection

pytestmark = [pytest.mark.cluster, pytest.mark.interop, pytest.mark.timeout(180)]

TOPIC, PARTITIONS = "txc", 6


def read_all(bootstrap: str, isolation: str) -> list[bytes]:
    from confluent_kafka import Consumer, TopicPartition

    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": f"r-{isolation}-{time.monotonic_ns()}",
            "isolation.level": isolation,
            "enable.partition.eof": True,
            "enable.auto.commit": False,
        }
    )
    c.assign([TopicPartition(TOPIC, p, 0) for p in range(PARTITIONS)])
    out: list[bytes] = []
    eof: set[int] = set()
    deadline = time.monotonic() + 30
    while len(eof) < PARTITIONS and time.monotonic() < deadline:
        m = c.poll(0.3)
        if m is None:
            continue
        if m.error():
            if m.error().code() == -191:
                eof.add(m.partition())
            continue
        out.append(m.value())
    c.close()
    assert len(eof) == PARTITIONS
    return sorted(out)


def test_transactions_across_the_brokers_of_a_cluster(make_cluster):
    from confluent_kafka import Producer
    from confluent_kafka.admin import AdminClient, NewTopic

    cluster = make_cluster(3, transaction_state_log_num_partitions="6")
    asyncio.run(settled(cluster))
    bootstrap = cluster.bootstrap()
    admin = AdminClient({"bootstrap.servers": bootstrap})
    admin.create_topics([NewTopic(TOPIC, PARTITIONS, 1)])["txc"].result(30)

    async def spread() -> bool:
        md = await metadata(cluster.brokers[1].port, [TOPIC])
        return len(set(leaders(md, TOPIC).values())) == 3

    asyncio.run(eventually(spread, 30, "partitions led by every broker"))
    p = Producer({"bootstrap.servers": bootstrap, "transactional.id": "cluster-txn"})
    p.init_transactions(60)
    p.begin_transaction()
    for i in range(PARTITIONS):
        p.produce(TOPIC, b"c%d" % i, partition=i)
    p.commit_transaction(60)
    p.begin_transaction()
    for i in range(PARTITIONS):
        p.produce(TOPIC, b"a%d" % i, partition=i)
    p.flush(30)
    p.abort_transaction(60)
    assert read_all(bootstrap, "read_committed") == sorted(b"c%d" % i for i in range(PARTITIONS))
    assert len(read_all(bootstrap, "read_uncommitted")) == 2 * PARTITIONS

    # The broker coordinating "cluster-txn" dies: the id's partition gets a new leader, whose
    # coordinator loads it from its replica and serves the next transaction.
    async def coordinator() -> int:
        c = await RawConnection.open(cluster.brokers[1].port)
        try:
            r = await c.request(10, 3, {"key": "cluster-txn", "key_type": 1})
            return r.node_id if r.error_code == 0 else -1
        finally:
            await c.close()

    node = asyncio.run(coordinator())
    assert node in cluster.brokers
    before = leaders(asyncio.run(metadata(cluster.brokers[1].port, [TOPIC])), TOPIC)
    alive_parts = [q for q, leader in before.items() if leader != node]  # one replica each: theirs stay
    cluster.brokers[node].kill()
    survivor = next(i for i in cluster.brokers if i != node)

    async def moved() -> bool:
        c = await RawConnection.open(cluster.brokers[survivor].port)
        try:
            r = await c.request(10, 3, {"key": "cluster-txn", "key_type": 1})
            return r.error_code == 0 and r.node_id not in (node, -1)
        finally:
            await c.close()

    asyncio.run(eventually(moved, 60, "the coordinator to move"))
    live = cluster.bootstrap(*[i for i in cluster.brokers if i != node])
    p2 = Producer({"bootstrap.servers": live, "transactional.id": "cluster-txn"})
    p2.init_transactions(60)
    p2.begin_transaction()
    for q in alive_parts:
        p2.produce(TOPIC, b"after-%d" % q, partition=q)
    p2.commit_transaction(60)
    from confluent_kafka import Consumer, TopicPartition

    c = Consumer({"bootstrap.servers": live, "group.id": "after", "isolation.level": "read_committed"})
    c.assign([TopicPartition(TOPIC, q, 0) for q in alive_parts])
    got: list[bytes] = []
    deadline = time.monotonic() + 30
    while len(got) < 3 * len(alive_parts) and time.monotonic() < deadline:
        m = c.poll(0.3)
        if m is not None and not m.error():
            got.append(m.value())
    c.close()
    assert sorted(v for v in got if v.startswith(b"after")) == sorted(b"after-%d" % q for q in alive_parts)

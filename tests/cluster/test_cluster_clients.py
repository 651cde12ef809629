"""Real clients against a three-broker cluster: redirects to leaders and coordinators, 30 groups
(aiokafka and confluent-kafka) spread over all three coordinators, forming, rebalancing, committing."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic

from tests.cluster.harness import eventually, find_coordinator, leaders, metadata
from tests.cluster.test_cluster import settled

pytestmark = [pytest.mark.cluster, pytest.mark.interop, pytest.mark.timeout(150)]

TOPIC, PARTITIONS = "events", 6
AIO_GROUPS, RDKAFKA_GROUPS = 20, 10


async def _aio_group(bootstrap: str, group: str) -> dict:
    def consumer() -> AIOKafkaConsumer:
        return AIOKafkaConsumer(
            TOPIC,
            bootstrap_servers=bootstrap,
            group_id=group,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            session_timeout_ms=6000,
            heartbeat_interval_ms=200,
            metadata_max_age_ms=1000,
        )

    a, b = consumer(), consumer()
    await a.start()
    try:
        await eventually(lambda: asyncio.sleep(0, len(a.assignment()) == PARTITIONS), 30, f"{group} to form")
        await b.start()
        await eventually(
            lambda: asyncio.sleep(
                0,
                len(a.assignment()) + len(b.assignment()) == PARTITIONS
                and a.assignment()
                and b.assignment()
                and not a.assignment() & b.assignment(),
            ),
            30,
            f"{group} rebalance",
        )
        tp = sorted(a.assignment())[0]
        await a.commit({tp: 7})
        return {"committed": await b.committed(tp), "members": 2}
    finally:
        await asyncio.gather(a.stop(), b.stop())


def _rdkafka_group(bootstrap: str, group: str, out: dict, done: threading.Event) -> None:
    from confluent_kafka import Consumer
    from confluent_kafka import TopicPartition as CTP

    def consumer() -> Consumer:
        c = Consumer(
            {
                "bootstrap.servers": bootstrap,
                "group.id": group,
                "enable.auto.commit": False,
                "auto.offset.reset": "earliest",
                "session.timeout.ms": 6000,
                "heartbeat.interval.ms": 200,
                "topic.metadata.refresh.interval.ms": 1000,
                "log_level": 3,
            }
        )
        c.subscribe([TOPIC])
        return c

    members = [consumer()]
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            for c in members:
                c.poll(0.05)
            sizes = [len(c.assignment()) for c in members]
            if len(members) == 1 and sizes == [PARTITIONS]:
                out["formed"] = True
                members.append(consumer())
            elif len(members) == 2 and sum(sizes) == PARTITIONS and all(sizes):
                first = members[0].assignment()[0]
                members[0].commit(offsets=[CTP(first.topic, first.partition, 7)], asynchronous=False)
                got = members[1].committed([CTP(first.topic, first.partition)], timeout=10)
                out["committed"] = got[0].offset
                out["members"] = 2
                return
    except Exception as e:  # reported by the test
        out["error"] = repr(e)
    finally:
        for c in members:
            c.close()
        done.set()


async def test_groups_spread_over_all_coordinators_with_real_clients(cluster):
    await settled(cluster)
    # CreateTopics on broker 3 (not necessarily the controller); everything else bootstraps on broker 1.
    admin = AIOKafkaAdminClient(bootstrap_servers=cluster.bootstrap(3))
    await admin.start()
    try:
        await admin.create_topics([NewTopic(TOPIC, PARTITIONS, 1)])
    finally:
        await admin.close()
    md = await eventually(lambda: _all_led(cluster), 20, "the new topic's leaders")
    assert set(leaders(md, TOPIC).values()) == {1, 2, 3}

    # A producer bootstrapped on broker 1 only reaches every leader; a consumer on broker 2 reads it all.
    producer = AIOKafkaProducer(bootstrap_servers=cluster.bootstrap(1), acks="all")
    await producer.start()
    try:
        for p in range(PARTITIONS):
            for i in range(10):
                await producer.send_and_wait(TOPIC, f"{p}-{i}".encode(), partition=p)
    finally:
        await producer.stop()
    reader = AIOKafkaConsumer(bootstrap_servers=cluster.bootstrap(2), auto_offset_reset="earliest")
    await reader.start()
    try:
        tps = [TopicPartition(TOPIC, p) for p in range(PARTITIONS)]
        reader.assign(tps)
        got = 0
        while got < 10 * PARTITIONS:
            batch = await asyncio.wait_for(reader.getmany(timeout_ms=1000), 20)
            got += sum(len(v) for v in batch.values())
        assert got == 10 * PARTITIONS
    finally:
        await reader.stop()

    groups = [f"aio-{i}" for i in range(AIO_GROUPS)] + [f"rd-{i}" for i in range(RDKAFKA_GROUPS)]
    coordinators = {g: (await find_coordinator(cluster.brokers[1].port, g)).node_id for g in groups}
    assert set(coordinators.values()) == {1, 2, 3}, coordinators

    rd_results: dict[str, dict] = {g: {} for g in groups if g.startswith("rd-")}
    dones = []
    for g in rd_results:
        done = threading.Event()
        threading.Thread(
            target=_rdkafka_group, args=(cluster.bootstrap(1), g, rd_results[g], done), daemon=True
        ).start()
        dones.append(done)
    aio_results = await asyncio.gather(
        *(_aio_group(cluster.bootstrap(1), g) for g in groups if g.startswith("aio-"))
    )
    await eventually(lambda: asyncio.sleep(0, all(d.is_set() for d in dones)), 60, "confluent-kafka groups")
    for r in aio_results:
        assert r == {"committed": 7, "members": 2}
    for g, r in rd_results.items():
        assert r.get("committed") == 7 and r.get("formed"), (g, r)
    # Every group is described by its own coordinator only: the others answer NOT_COORDINATOR.
    from protocol.apis import ApiKey
    from tests.cluster.harness import request

    for g in ("aio-0", "rd-0"):
        for i in (1, 2, 3):
            r = await request(
                cluster.brokers[i].port,
                ApiKey.DESCRIBE_GROUPS,
                5,
                {"groups": [g], "include_authorized_operations": False},
            )
            expected = 0 if i == coordinators[g] else 16  # NOT_COORDINATOR
            assert r.groups[0].error_code == expected, (g, i, r.groups[0])


async def _all_led(cluster):
    md = await metadata(cluster.brokers[1].port, [TOPIC])
    ls = leaders(md, TOPIC)
    return md if len(ls) == PARTITIONS and -1 not in ls.values() else None

"""Issue 32 #4: a broker with wrong inter-broker credentials cannot join a cluster whose only
listeners are SASL_SSL (PLAIN here; test_secure_cluster_chaos.py runs the coordinator chaos
scenario on SCRAM-SHA-256). It registers, but every fetch it makes is refused with
SASL_AUTHENTICATION_FAILED: a partition moved onto it never completes the move, it enters no
ISR, holds no data, and the other three replicate, commit and serve on as before."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

from broker.group.records import OFFSETS_TOPIC
from client.admin import AsyncAdmin
from tests.cluster.harness import Cluster, Secured, eventually, metadata
from tests.cluster.test_cluster import settled
from tests.cluster.test_replication import create

pytestmark = [pytest.mark.cluster, pytest.mark.interop, pytest.mark.timeout(300)]

TOPIC, WRONG = "joined", "not-the-broker-password"


async def sample_isrs(cluster: Cluster, broker: int, found: list[str], stop: asyncio.Event) -> None:
    """Until `stop`: every partition's ISR as each live broker answers it; where `broker` is in
    one, into `found`."""
    while not stop.is_set():
        for b in cluster.alive():
            with contextlib.suppress(OSError, ConnectionError, asyncio.TimeoutError):
                md = await metadata(cluster.brokers[b].port)
                found += [
                    f"{t.name}-{p.partition_index} via {b}: {list(p.isr_nodes)}"
                    for t in md.topics
                    for p in t.partitions
                    if broker in p.isr_nodes
                ]
        await asyncio.sleep(0.2)


async def test_a_broker_with_the_wrong_inter_broker_password_cannot_join(make_cluster, tmp_path):
    secured = Secured.make(tmp_path, mechanism="PLAIN")
    cluster = make_cluster(3, secured=secured, replica_lag_time_max_ms="3000")
    await settled(cluster)
    await create(cluster, TOPIC, 1, min_insync_replicas="2")
    rogue = cluster.add_broker(password=WRONG)
    await settled(cluster, 4)  # registered, and told the metadata like the others

    stop = asyncio.Event()
    in_isr: list[str] = []
    sampler = asyncio.create_task(sample_isrs(cluster, rogue, in_isr, stop))
    client = cluster.client("aiokafka")
    try:
        async with AsyncAdmin(**client) as admin:
            md = await metadata(cluster.brokers[1].port, [TOPIC])
            replicas = list(md.topics[0].partitions[0].replica_nodes)
            answer = await admin.alter_partition_reassignments({(TOPIC, 0): [*replicas, rogue]})
            assert all(code == 0 for code, _ in answer.values()), answer

            def refusals() -> list[str]:
                return [
                    line
                    for line in cluster.brokers[rogue].log().splitlines()
                    if "fail replica fetch" in line and "SASL_AUTHENTICATION_FAILED" in line.upper()
                ]

            producer = AIOKafkaProducer(**client, acks="all", request_timeout_ms=10_000)
            await producer.start()
            try:
                for i in range(100):
                    await producer.send_and_wait(TOPIC, b"v%d" % i)
            finally:
                await producer.stop()
            # Refusals after the records were acknowledged: the rogue has tried since, in vain.
            count = len(refusals())
            await eventually(lambda: asyncio.sleep(0, len(refusals()) >= count + 2), 30, "refused fetches")
            moves = await admin.list_partition_reassignments()
            assert moves.get((TOPIC, 0)) == ([*replicas, rogue], [rogue], []), moves

        # The cluster stays healthy: three replicas of everything in sync, all of it readable.
        async def healthy() -> bool:
            md = await metadata(cluster.brokers[1].port, [TOPIC, OFFSETS_TOPIC])
            return all(sorted(p.isr_nodes) == [1, 2, 3] for t in md.topics for p in t.partitions)

        await eventually(healthy, 30, "every partition in sync on brokers 1-3")
        consumer = AIOKafkaConsumer(TOPIC, **client, group_id="readers", auto_offset_reset="earliest")
        await consumer.start()
        try:
            got: set[bytes] = set()

            async def everything() -> bool:
                for records in (await consumer.getmany(timeout_ms=500)).values():
                    got.update(r.value for r in records)
                return len(got) == 100

            await eventually(everything, 30, "every record consumed")
            await consumer.commit()
        finally:
            await consumer.stop()
    finally:
        stop.set()
        await sampler
    assert not in_isr, f"the rogue broker entered an ISR: {in_isr[:5]}"
    assert got == {b"v%d" % i for i in range(100)}
    rogue_log = cluster.brokers[rogue].data_dir / f"{TOPIC}-0" / "00000000000000000000.log"
    assert not rogue_log.exists() or rogue_log.stat().st_size == 0
    for b in cluster.brokers.values():
        assert secured.passwords["broker"] not in b.log() and WRONG not in b.log()
        # the broker's own login is a listener.name.* key: dynamic configs are checked with it
        assert "refuse dynamic broker configs" not in b.log()

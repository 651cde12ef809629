"""kill -9 under a share group on three brokers (KIP-932, issue 30's must-show 3): the
share-partition's state on `__share_group_state` at RF 3. Three share consumers accept (and
now and then release) every record and send each acknowledgement at once; first the share
coordinator's broker is killed, then, once it is back, the partition's leader. The guarantees of
tests/integration/test_share_chaos.py hold: no record whose ACCEPT was answered is delivered
again, delivery counts never go back, every record ends accepted."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import random
import time
import uuid
from typing import Any

import pytest

from client import AsyncAdmin, AsyncProducer, AsyncShareConsumer, TopicPartition
from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from tests.cluster.harness import Cluster, eventually, leaders, metadata, request
from tests.cluster.test_cluster import settled
from tests.cluster.test_replication import create
from tests.share_chaos import Ledger, consume, start_offset

pytestmark = [pytest.mark.cluster, pytest.mark.slow, pytest.mark.timeout(300)]
TOPIC, GROUP, N, CONSUMERS = "chaos", "chaos-cluster", 8000, 3
TP = TopicPartition(TOPIC, 0)
SHARE = {
    "group.share.enable": "true",
    "group.share.min.heartbeat.interval.ms": "100",
    "group.share.heartbeat.interval.ms": "200",
    "group.share.min.session.timeout.ms": "1000",
    "group.share.session.timeout.ms": "6000",
    "group.share.record.lock.duration.ms": "5000",
    "group.share.delivery.count.limit": "10",
    "share.coordinator.state.topic.num.partitions": "3",
    "share.coordinator.state.topic.replication.factor": "3",
    "share.coordinator.snapshot.update.records.per.snapshot": "20",
}


async def share_coordinator(cluster: Cluster, topic_id: uuid.UUID) -> int:
    key = f"{GROUP}:{base64.urlsafe_b64encode(topic_id.bytes).decode().rstrip('=')}:0"

    async def found() -> int | None:
        r = await request(
            cluster.brokers[cluster.alive()[0]].port,
            ApiKey.FIND_COORDINATOR,
            6,
            {"key_type": 2, "coordinator_keys": [key]},
        )
        c = r.coordinators[0]
        return c.node_id if c.error_code == E.NONE and c.node_id in cluster.alive() else None

    return int(await eventually(found, 40, "the share coordinator"))


async def leader(cluster: Cluster) -> int:
    async def found() -> int | None:
        lead = leaders(await metadata(cluster.brokers[cluster.alive()[0]].port, [TOPIC]), TOPIC).get(0)
        return lead if lead in cluster.alive() else None

    return int(await eventually(found, 40, "the partition's leader"))


async def deliveries_grow(ledger: Ledger, by: int, cluster: Cluster) -> None:
    target = sum(len(d) for d in ledger.deliveries.values()) + by
    deadline = time.monotonic() + 60
    while sum(len(d) for d in ledger.deliveries.values()) < target and ledger.unresolved():
        assert time.monotonic() < deadline, (
            f"deliveries stopped: {sum(len(d) for d in ledger.deliveries.values())} deliveries,"
            f" {len(ledger.answered)} answered, {ledger.in_flight} acknowledgements in flight, start offset"
            f" {await start_offset(cluster.bootstrap(*cluster.alive()), GROUP, TP)}\n{cluster.logs()}"
        )
        await asyncio.sleep(0.005)


@pytest.mark.timeout(300)
async def test_share_group_kill_9_coordinator_then_leader(make_cluster: Any) -> None:
    rng = random.Random(3)
    cluster = make_cluster(**{k.replace(".", "_"): v for k, v in SHARE.items()})
    await settled(cluster)
    await create(cluster, TOPIC, 1, 3)
    bootstrap = cluster.bootstrap()
    async with AsyncProducer(bootstrap_servers=bootstrap, linger_ms=5) as p:
        await asyncio.gather(*[await p.send(TOPIC, f"r{i}".encode(), partition=0) for i in range(N)])
    async with AsyncShareConsumer(TOPIC, group_id=GROUP, bootstrap_servers=bootstrap) as first:
        await first.wait_for_assignment()

    async def reset() -> bool:
        async with AsyncAdmin(bootstrap) as admin:
            return await admin.alter_share_group_offsets(GROUP, {TP: 0}) == {TP: None}

    await eventually(reset, 40, "the group's start offset at 0")
    topic_id = (await metadata(cluster.brokers[1].port, [TOPIC])).topics[0].topic_id
    md = await metadata(cluster.brokers[1].port, ["__share_group_state"])
    assert all(len(p.replica_nodes) == 3 for p in md.topics[0].partitions)

    ledger = Ledger(N)
    stop = asyncio.Event()
    consumers = [
        AsyncShareConsumer(
            TOPIC,
            group_id=GROUP,
            bootstrap_servers=bootstrap,
            share_acknowledgement_mode="explicit",
            request_timeout_ms=5000,
            retry_backoff_ms=50,
        )
        for _ in range(CONSUMERS)
    ]
    workers: list[asyncio.Future[None]] = []
    killed: list[tuple[str, int, int, int]] = []
    try:
        for c in consumers:
            await c.start()
        workers = [asyncio.ensure_future(consume(c, TP, ledger, stop, pause=0.02)) for c in consumers]
        for role in ("coordinator", "leader"):
            await deliveries_grow(ledger, rng.randint(100, 500), cluster)
            coordinator, lead = await share_coordinator(cluster, topic_id), await leader(cluster)
            victim = coordinator if role == "coordinator" else lead
            killed.append((role, victim, coordinator, lead))
            cluster.brokers[victim].kill()
            ledger.killed()
            await deliveries_grow(ledger, 100, cluster)  # served by the others meanwhile
            await asyncio.to_thread(cluster.brokers[victim].start)
            await settled(cluster)

        async def all_accepted() -> bool:
            return await start_offset(bootstrap, GROUP, TP) == N

        await eventually(all_accepted, 90, f"every record accepted; {len(ledger.unresolved())} unresolved")
    finally:
        stop.set()
        await asyncio.gather(*workers, return_exceptions=True)
        for c in consumers:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(c.close(), 20)
    print(
        f"share chaos (3 brokers): killed {killed} (role, victim, coordinator, leader);"
        f" {ledger.kills_with_acks_in_flight} of {ledger.kills} kills with acknowledgements in flight;"
        f" {len(ledger.answered)} accepts answered, {len(ledger.ambiguous)} ambiguous,"
        f" {len(ledger.released)} releases answered, {ledger.redelivered()} records delivered more than once"
    )
    assert not ledger.violations, ledger.violations[:10]
    assert ledger.kills_with_acks_in_flight > 0
    assert not ledger.unresolved(), sorted(ledger.unresolved())[:20]
    assert sorted(ledger.deliveries) == list(range(N))
    assert max(d[-1].count for d in ledger.deliveries.values()) < 10

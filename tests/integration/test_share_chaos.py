"""kill -9 of the broker under a share group, 10 rounds at random points (KIP-932, issue 30's
must-show 3): a topic is filled, two of our share consumers and confluent-kafka 2.16's
ShareConsumer (its own process, tests/share_chaos_confluent.py) accept every record they get
and send each acknowledgement at once; the broker is killed while they work and restarted. No record
whose ACCEPT the broker answered is delivered again, delivery counts never go back, and every
record ends accepted (the durable share-partition start offset passes them all). Kills that land
with acknowledgements in flight are counted: a run where none did proved nothing."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
import time
from pathlib import Path

import pytest

from client import AsyncAdmin, AsyncProducer, AsyncShareConsumer, TopicPartition
from tests.helpers import ROOT, BrokerProcess, create_topic
from tests.share_chaos import Ledger, consume, follow, start_offset

try:
    import confluent_kafka
except ImportError:  # the interop extra: without it, our consumers only
    confluent_kafka = None  # type: ignore[assignment]

SHARE = {
    "group.share.enable": "true",
    "group.share.min.heartbeat.interval.ms": "100",
    "group.share.heartbeat.interval.ms": "200",
    "group.share.min.session.timeout.ms": "1000",
    "group.share.session.timeout.ms": "4000",
    "group.share.record.lock.duration.ms": "5000",
    "group.share.delivery.count.limit": "10",  # crashes do not archive what could be accepted
    "share.coordinator.state.topic.num.partitions": "2",
    "share.coordinator.state.topic.replication.factor": "1",
    "share.coordinator.snapshot.update.records.per.snapshot": "20",  # snapshots among updates
}
TOPIC, GROUP, N, ROUNDS, CONSUMERS = "chaos", "chaos-workers", 8000, 10, 2
TP = TopicPartition(TOPIC, 0)


async def fill(bootstrap: str) -> None:
    async with AsyncProducer(bootstrap_servers=bootstrap, linger_ms=5) as p:
        futures = [await p.send(TOPIC, f"r{i}".encode()) for i in range(N)]
        await asyncio.gather(*futures)


@pytest.mark.slow
@pytest.mark.timeout(300)
async def test_share_group_kill_9_rounds_lose_no_acknowledgement(tmp_path: Path) -> None:
    rng = random.Random(9)
    data = tmp_path / "data"
    bp = BrokerProcess(data, extra=SHARE).start()
    consumers: list[AsyncShareConsumer] = []
    foreign: asyncio.subprocess.Process | None = None
    try:
        await create_topic(bp.port, TOPIC, 1)
        await fill(bp.bootstrap)
        # The group starts at the beginning of the topic: a member joins and leaves, then the
        # empty group's start offset is set (kafka-share-groups --reset-offsets --to-earliest).
        async with AsyncShareConsumer(TOPIC, group_id=GROUP, bootstrap_servers=bp.bootstrap) as first:
            await first.wait_for_assignment()
        async with AsyncAdmin(bp.bootstrap) as admin:
            assert await admin.alter_share_group_offsets(GROUP, {TP: 0}) == {TP: None}
        assert await start_offset(bp.bootstrap, GROUP, TP) == 0

        ledger = Ledger(N)
        stop = asyncio.Event()
        consumers = [
            AsyncShareConsumer(
                TOPIC,
                group_id=GROUP,
                bootstrap_servers=bp.bootstrap,
                share_acknowledgement_mode="explicit",
                request_timeout_ms=5000,
                retry_backoff_ms=50,
            )
            for _ in range(CONSUMERS)
        ]
        for c in consumers:
            await c.start()
        workers = [asyncio.ensure_future(consume(c, TP, ledger, stop)) for c in consumers]
        if confluent_kafka is not None:  # and a client nobody here wrote, in its own process
            foreign = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.share_chaos_confluent",
                bp.bootstrap,
                TOPIC,
                GROUP,
                cwd=ROOT,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,  # librdkafka complains while the broker is down
            )
            assert foreign.stdout is not None
            workers.append(asyncio.ensure_future(follow(foreign.stdout, ledger)))
        for _ in range(ROUNDS):
            if not ledger.unresolved():  # every record accepted already: nothing left to kill under
                break
            # a random point of the work: after a random number of deliveries since the restart
            target = sum(len(d) for d in ledger.deliveries.values()) + rng.randint(20, 400)
            deadline = time.monotonic() + 30
            while sum(len(d) for d in ledger.deliveries.values()) < target and ledger.unresolved():
                assert time.monotonic() < deadline, (
                    f"no deliveries since the restart; {len(ledger.unresolved())} unresolved, "
                    f"start offset {await start_offset(bp.bootstrap, GROUP, TP)}, assigned "
                    f"{[c.assignment() for c in consumers]}\n{bp.log()[-6000:]}"
                )
                await asyncio.sleep(0.005)
            await asyncio.sleep(rng.uniform(0.0, 0.05))
            bp.kill()
            ledger.killed()
            bp.proc.wait()  # type: ignore[union-attr]
            await asyncio.sleep(rng.uniform(0.0, 0.3))
            bp = await asyncio.to_thread(BrokerProcess(data, port=bp.port, extra=SHARE).start)
            print(
                f"round {ledger.kills}: {len(ledger.answered)} answered, {ledger.kills_with_acks_in_flight} in flight"
            )

        # after the last restart: every record ends accepted
        deadline = time.monotonic() + 90
        while await start_offset(bp.bootstrap, GROUP, TP) != N:
            assert time.monotonic() < deadline, (
                f"start offset {await start_offset(bp.bootstrap, GROUP, TP)}, "
                f"{len(ledger.unresolved())} unresolved\n{bp.log()[-3000:]}"
            )
            await asyncio.sleep(0.2)
        stop.set()
        if foreign is not None:
            foreign.kill()
            await foreign.wait()
        await asyncio.gather(*workers)
        print(
            f"share chaos: {ledger.foreign_deliveries} deliveries to confluent-kafka; {ledger.kills} kills, {ledger.kills_with_acks_in_flight} with acknowledgements"
            f" in flight; {len(ledger.answered)} accepts answered, {len(ledger.ambiguous)} ambiguous,"
            f" {len(ledger.released)} releases answered, {ledger.redelivered()} records delivered more than once,"
            f" max delivery count {max(d[-1].count for d in ledger.deliveries.values())}"
        )
        assert not ledger.violations, ledger.violations[:10]
        assert ledger.kills_with_acks_in_flight > 0
        assert confluent_kafka is None or ledger.foreign_deliveries > 0
        assert not ledger.unresolved(), sorted(ledger.unresolved())[:20]
        assert sorted(ledger.deliveries) == list(range(N))
        assert max(d[-1].count for d in ledger.deliveries.values()) < 10  # accepted, not archived
        assert len(ledger.released) > 0  # counts that had to survive the kills
    finally:
        if foreign is not None and foreign.returncode is None:
            foreign.kill()
            await foreign.wait()
        for c in consumers:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(c.close(), 20)
        bp.stop()

"""Preferred leaders (issue 32): a broker killed and restarted gets its leaderships back by the
controller's auto leader rebalance, within leader.imbalance.check.interval.seconds + 10 s, while
acks=all producers and committing groups run: nothing acknowledged is lost, and the groups whose
coordinators move back keep their generation (no rebalance). Then ElectLeaders through
kbroker-leader-election, with the auto rebalance off."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from typing import Any

import pytest
from aiokafka import AIOKafkaConsumer
from aiokafka import TopicPartition as AioTP

from broker.group.placement import coordinator_partition
from broker.group.records import OFFSETS_TOPIC
from tests.cluster.group_members import Ledger, consume_and_commit
from tests.cluster.harness import OFFSETS_PARTITIONS, Cluster, eventually, find_coordinator, metadata
from tests.cluster.test_cluster import settled
from tests.cluster.test_coordinator_chaos import committed
from tests.cluster.test_replication import create
from tools.producers import acks_all_producer

pytestmark = [pytest.mark.cluster, pytest.mark.interop, pytest.mark.timeout(300)]

TOPIC, PARTITIONS, GROUPS = "work", 3, 9
CHECK_S = 3  # leader.imbalance.check.interval.seconds here (Kafka's default is 300)
SESSION_MS = 10_000


async def partitions(cluster: Cluster) -> list[tuple[str, Any]]:
    md = await metadata(cluster.brokers[cluster.alive()[0]].port, [TOPIC, OFFSETS_TOPIC])
    return [(t.name, p) for t in md.topics for p in t.partitions]


async def not_preferred(cluster: Cluster) -> list[str]:
    """The partitions (of the topic and of __consumer_offsets) not led by their first replica."""
    return [
        f"{t}-{p.partition_index}" for t, p in await partitions(cluster) if p.leader_id != p.replica_nodes[0]
    ]


async def in_sync(cluster: Cluster) -> bool:
    parts = await partitions(cluster)
    return len(parts) == PARTITIONS + OFFSETS_PARTITIONS and all(len(p.isr_nodes) == 3 for _, p in parts)


async def coordinator_of(cluster: Cluster, group: str) -> int | None:
    c = await find_coordinator(cluster.brokers[cluster.alive()[0]].port, group)
    return c.node_id if c.error_code == 0 else None


async def member(bootstrap: str, ledger: Ledger, generations: dict[str, int], stop: asyncio.Event) -> None:
    """An aiokafka member committing after every batch; its generation is sampled as it goes."""
    consumer = AIOKafkaConsumer(
        TOPIC,
        bootstrap_servers=bootstrap,
        group_id=ledger.group,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        session_timeout_ms=SESSION_MS,
        heartbeat_interval_ms=1000,
        metadata_max_age_ms=2000,
        request_timeout_ms=8000,
        retry_backoff_ms=100,
    )
    await consumer.start()

    def sample() -> None:
        generations[ledger.group] = consumer._coordinator.generation

    try:
        await consume_and_commit(consumer, AioTP, TOPIC, ledger, stop, sample)
    finally:
        await consumer.stop()


async def writer(bootstrap: str, stop: asyncio.Event, acked: set[bytes]) -> None:
    producer = acks_all_producer(bootstrap_servers=bootstrap)
    await producer.start()
    try:
        n = 0
        while not stop.is_set():
            values = [f"m-{n + i}".encode() for i in range(20)]
            n += 20
            futures = [await producer.send(TOPIC, v) for v in values]
            for v, f in zip(values, await asyncio.gather(*futures, return_exceptions=True), strict=True):
                if not isinstance(f, BaseException):
                    acked.add(v)
            await asyncio.sleep(0.05)
    finally:
        await producer.stop()


async def read_all(bootstrap: str) -> set[bytes]:
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap, enable_auto_commit=False, auto_offset_reset="earliest"
    )
    await consumer.start()
    try:
        tps = [AioTP(TOPIC, p) for p in range(PARTITIONS)]
        consumer.assign(tps)
        await consumer.seek_to_beginning()
        ends = await consumer.end_offsets(tps)
        seen: set[bytes] = set()
        deadline = time.monotonic() + 60

        async def behind() -> bool:
            return any([await consumer.position(tp) < ends[tp] for tp in tps])

        while await behind() and time.monotonic() < deadline:
            for records in (await consumer.getmany(timeout_ms=500)).values():
                seen.update(r.value for r in records)
        return seen
    finally:
        await consumer.stop()


async def test_auto_rebalance_brings_preferred_leaders_back_without_loss_or_rebalance(make_cluster):
    cluster = make_cluster(
        3,
        leader_imbalance_check_interval_seconds=str(CHECK_S),
        replica_lag_time_max_ms="3000",
        group_initial_rebalance_delay_ms="0",
    )
    await settled(cluster)
    await create(cluster, TOPIC, PARTITIONS)
    await eventually(lambda: in_sync(cluster), 30, "every replica in sync")
    bootstrap = cluster.bootstrap()

    md = await metadata(cluster.brokers[1].port, [OFFSETS_TOPIC])
    preferred = {p.partition_index: p.replica_nodes[0] for p in md.topics[0].partitions}
    # The victim: the preferred coordinator of most of our groups.
    ledgers = [Ledger(f"preferred-{i}", "aiokafka") for i in range(GROUPS)]
    home = {x.group: preferred[coordinator_partition(x.group, OFFSETS_PARTITIONS)] for x in ledgers}
    victim = max(cluster.brokers, key=lambda b: sum(h == b for h in home.values()))
    moving = [g for g, b in home.items() if b == victim]
    assert moving

    stop = asyncio.Event()
    acked: set[bytes] = set()
    generations: dict[str, int] = {}
    tasks = [asyncio.create_task(writer(bootstrap, stop, acked))]
    tasks += [asyncio.create_task(member(bootstrap, x, generations, stop)) for x in ledgers]

    def healthy() -> bool:
        crashed = [t for t in tasks if t.done()]
        assert not crashed, f"a client stopped: {[t.exception() for t in crashed][:3]}"
        return True

    async def all_committing(since: float) -> bool:
        return healthy() and all(x.committed_since(since) is not None for x in ledgers)

    try:
        await eventually(lambda: all_committing(0), 60, "every group committing")
        at_start = dict(generations)
        cluster.brokers[victim].kill()
        killed = time.monotonic()
        await eventually(
            lambda: all_committing(killed), SESSION_MS / 1000 + 20, "every group committing after the kill"
        )

        async def moved_off_the_victim() -> bool:
            # groups commit again as soon as their coordinators moved; the data partitions'
            # leaders may move a moment later
            return all(p.leader_id != victim for _, p in await partitions(cluster))

        await eventually(moved_off_the_victim, 30, "no partition led by the killed broker")
        off = await not_preferred(cluster)
        assert off
        before_restart = dict(generations)
        cluster.brokers[victim].start()
        restarted = time.monotonic()

        async def all_preferred() -> bool:
            return healthy() and not await not_preferred(cluster)

        bound = CHECK_S + 10
        await eventually(all_preferred, bound + 30, "every partition led by its preferred replica")
        took = time.monotonic() - restarted
        moved_back = time.monotonic()
        await eventually(lambda: all_committing(moved_back), 30, "every group committing after the move back")
        after = dict(generations)
        coordinators = {
            g: await eventually(lambda g=g: coordinator_of(cluster, g), 10, f"{g}'s coordinator")
            for g in moving
        }
    finally:
        stop.set()
        results = await asyncio.gather(*tasks, return_exceptions=True)
    crashed = [r for r in results if isinstance(r, BaseException)]
    assert not crashed, f"clients failed: {crashed[:3]}"

    seen = await read_all(bootstrap)
    lost_records = acked - seen
    lost_commits = {}
    for x in ledgers:
        got = await committed(cluster, x.group)
        lost = {p: (o, got.get(p)) for p, o in x.acked.items() if got.get(p, -1) < o}
        if lost:
            lost_commits[x.group] = lost
    changed = {
        g: (before_restart.get(g), after.get(g)) for g in after if after.get(g) != before_restart.get(g)
    }
    print(
        f"\nvictim {victim} (preferred coordinator of {len(moving)} of {GROUPS} groups); "
        f"{len(off)} partitions led elsewhere before the restart; "
        f"all preferred again {took:.1f} s after the restart (bound {bound} s); "
        f"records acked {len(acked)}, lost {len(lost_records)}; commits acked "
        f"{sum(len(x.acked_at) for x in ledgers)}, failed {sum(x.failures for x in ledgers)}, lost "
        f"{len(lost_commits)} groups; generations at start {at_start}, before restart {before_restart}, "
        f"after {after}"
    )
    assert took <= bound, f"preferred leaders back after {took:.1f} s, more than {bound} s"
    assert not lost_records, f"{len(lost_records)} acknowledged records lost"
    assert not lost_commits, f"acknowledged commits lost: {lost_commits}"
    assert set(coordinators.values()) == {victim}, coordinators
    assert not changed, f"groups rebalanced when their coordinators moved back: {changed}"


def leader_election(cluster: Cluster, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "client.cli.leader_election",
            "--bootstrap-server",
            cluster.bootstrap(),
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_leader_election_cli_preferred_and_unclean(make_cluster, tmp_path):
    cluster = make_cluster(3, auto_leader_rebalance_enable="false", replica_lag_time_max_ms="3000")
    await settled(cluster)
    await create(cluster, TOPIC, PARTITIONS)
    await eventually(lambda: in_sync(cluster), 30, "every replica in sync")
    r = leader_election(cluster, "--election-type", "PREFERRED", "--all-topic-partitions")
    assert (r.returncode, r.stdout.strip()) == (0, "No partitions need a leader election"), r.stderr

    victim = 2
    cluster.brokers[victim].kill()

    async def moved() -> bool:
        return all(p.leader_id != victim for _, p in await partitions(cluster))

    await eventually(moved, 30, "leaderships off the killed broker")
    cluster.brokers[victim].start()
    await eventually(lambda: in_sync(cluster), 60, "the restarted broker back in every ISR")
    off = await not_preferred(cluster)
    assert off, "a restarted broker leads nothing until an election"

    md = await metadata(cluster.brokers[1].port, [TOPIC])
    one = next(p.partition_index for p in md.topics[0].partitions if p.leader_id != p.replica_nodes[0])
    r = leader_election(cluster, "--election-type", "preferred", "--topic", TOPIC, "--partition", str(one))
    assert r.returncode == 0, r.stdout + r.stderr
    assert (
        r.stdout.strip() == f"Successfully completed leader election (PREFERRED) for partitions {TOPIC}-{one}"
    )
    r = leader_election(cluster, "--election-type", "PREFERRED", "--topic", TOPIC, "--partition", str(one))
    assert r.stdout.strip() == f"Valid replica already elected for partitions {TOPIC}-{one}", r.stderr

    spec = tmp_path / "elect.json"
    spec.write_text(
        json.dumps({"partitions": [{"topic": TOPIC, "partition": 0}, {"topic": "nope", "partition": 0}]})
    )
    r = leader_election(cluster, "--election-type", "PREFERRED", "--path-to-json-file", str(spec))
    assert r.returncode == 1
    assert (
        "nope-0: UNKNOWN_TOPIC_OR_PARTITION" in r.stdout and "1 replica(s) could not be elected" in r.stderr
    )

    r = leader_election(cluster, "--election-type", "PREFERRED", "--all-topic-partitions", "--output", "json")
    assert r.returncode == 0, r.stdout + r.stderr
    assert all(e["error"] == "NONE" for e in json.loads(r.stdout))
    assert await not_preferred(cluster) == []

    # UNCLEAN: nothing leaderless, nothing to elect.
    r = leader_election(cluster, "--election-type", "UNCLEAN", "--topic", TOPIC, "--partition", "0")
    assert r.stdout.strip() == f"Valid replica already elected for partitions {TOPIC}-0", r.stderr
    r = leader_election(cluster, "--election-type", "PREFERRED", "--topic", TOPIC)
    assert r.returncode == 1 and "Missing required option(s) [partition]" in r.stderr

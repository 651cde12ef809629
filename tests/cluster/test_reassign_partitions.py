"""Moving partitions (issue 32 #2): a fourth broker joins a three-broker cluster and half the
partitions of a topic move onto it with kbroker-reassign-partitions under acks=all produce and
consume load, with a replication throttle: the moves complete, the copy rate stays bounded by
the throttle, nothing acknowledged is lost, the consumer never sees an offset gap, and --verify
reports completion and removes the throttle. Then a move held back by a throttle is listed and
cancelled: the partition goes back to its replicas and the new broker deletes its copy."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

import pytest
from aiokafka import AIOKafkaConsumer
from aiokafka import TopicPartition as AioTP

from client.admin import BROKER_RESOURCE, TOPIC_RESOURCE, AsyncAdmin
from tests.cluster.harness import Cluster, eventually, metadata
from tests.cluster.test_cluster import settled
from tests.cluster.test_replication import create
from tools.producers import acks_all_producer, prefill_partitions

pytestmark = [pytest.mark.cluster, pytest.mark.interop, pytest.mark.timeout(300)]

TOPIC, PARTITIONS, MOVED = "moving", 4, (0, 1)
PREFILL, VALUE = 1200, 1000  # records of VALUE bytes in each moved partition before the move
THROTTLE = 250_000  # bytes/s


async def cli(cluster: Cluster, *args: str) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "client.cli.reassign_partitions",
        "--bootstrap-server",
        cluster.bootstrap(*cluster.alive()),
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(proc.communicate(), 60)
    return proc.returncode or 0, out.decode()


def copied(cluster: Cluster, broker: int) -> int:
    """Bytes of the moved partitions' segments on `broker`."""
    total = 0
    for p in MOVED:
        for d in cluster.brokers[broker].data_dir.rglob(f"{TOPIC}-{p}"):
            total += sum(f.stat().st_size for f in d.glob("*.log"))
    return total


async def writer(bootstrap: str, stop: asyncio.Event, acked: set[bytes], start: int = 0) -> None:
    producer = acks_all_producer(bootstrap_servers=bootstrap)
    await producer.start()
    try:
        n = start
        while not stop.is_set():
            values = [f"m-{n + i}".encode() for i in range(8)]
            n += 8
            futures = [await producer.send(TOPIC, v) for v in values]
            for v, f in zip(values, await asyncio.gather(*futures, return_exceptions=True), strict=True):
                if not isinstance(f, BaseException):
                    acked.add(v)
            await asyncio.sleep(0.1)
    finally:
        await producer.stop()


async def reader(bootstrap: str, stop: asyncio.Event, seen: set[bytes], gaps: list[str]) -> None:
    """A consumer from the start; offsets must follow each other within every partition."""
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        metadata_max_age_ms=2000,
        request_timeout_ms=8000,
    )
    await consumer.start()
    last: dict[int, int] = {}
    try:
        consumer.assign([AioTP(TOPIC, p) for p in range(PARTITIONS)])
        while not stop.is_set():
            try:
                batches = await consumer.getmany(timeout_ms=200)
            except Exception:  # noqa: BLE001 - a leader moving: the consumer retries
                await asyncio.sleep(0.1)
                continue
            for tp, records in batches.items():
                for r in records:
                    if tp.partition in last and r.offset != last[tp.partition] + 1:
                        gaps.append(f"{tp.partition}: {last[tp.partition]} -> {r.offset}")
                    last[tp.partition] = r.offset
                    seen.add(r.value)
    finally:
        await consumer.stop()


async def prefill(bootstrap: str, acked: set[bytes]) -> None:
    acked.update(v for v, _ in await prefill_partitions(bootstrap, TOPIC, MOVED, PREFILL, VALUE))


async def test_reassign_half_the_partitions_onto_a_new_broker_under_load_and_throttle(make_cluster, tmp_path):
    cluster = make_cluster(3, replica_lag_time_max_ms="5000", auto_leader_rebalance_enable="false")
    await settled(cluster)
    await create(cluster, TOPIC, PARTITIONS, rf=2)
    acked: set[bytes] = set()
    await prefill(cluster.bootstrap(), acked)
    new = cluster.add_broker()
    await settled(cluster, 4)
    md = await metadata(cluster.brokers[1].port, [TOPIC])
    before = {p.partition_index: list(p.replica_nodes) for p in md.topics[0].partitions}
    # Each moved partition swaps its preferred leader for the new broker: leadership must move.
    target = {p: [new, *before[p][1:]] for p in MOVED}
    plan = tmp_path / "reassign.json"
    plan.write_text(
        json.dumps(
            {
                "version": 1,
                "partitions": [
                    {"topic": TOPIC, "partition": p, "replicas": r, "log_dirs": ["any"] * len(r)}
                    for p, r in target.items()
                ],
            }
        )
    )
    topics_file = tmp_path / "topics.json"
    topics_file.write_text(json.dumps({"version": 1, "topics": [{"topic": TOPIC}]}))
    code, out = await cli(
        cluster, "--generate", "--topics-to-move-json-file", str(topics_file), "--broker-list", "1,2,3,4"
    )
    assert code == 0 and "Proposed partition reassignment configuration" in out, out
    proposed = json.loads(out.strip().splitlines()[-1])
    assert {b for e in proposed["partitions"] for b in e["replicas"]} <= {1, 2, 3, 4}

    stop, read_stop = asyncio.Event(), asyncio.Event()
    seen: set[bytes] = set()
    gaps: list[str] = []
    bootstrap = cluster.bootstrap(*cluster.alive())
    tasks = [
        asyncio.create_task(writer(bootstrap, stop, acked)),
        asyncio.create_task(reader(bootstrap, read_stop, seen, gaps)),
    ]
    samples: list[tuple[float, int]] = []

    async def sample() -> None:
        while True:
            samples.append((time.monotonic(), copied(cluster, new)))
            await asyncio.sleep(0.2)

    sampler = asyncio.create_task(sample())
    try:
        await eventually(lambda: _true(len(acked) > 2 * PREFILL + 50), 30, "load running")
        code, out = await cli(
            cluster, "--execute", "--reassignment-json-file", str(plan), "--throttle", str(THROTTLE)
        )
        assert code == 0 and "Successfully started partition reassignment" in out, out
        started = time.monotonic()
        code, listed = await cli(cluster, "--list")
        verified = ""
        while time.monotonic() - started < 120:
            code, verified = await cli(cluster, "--verify", "--reassignment-json-file", str(plan))
            if code == 0:
                break
            assert not any(t.done() for t in tasks), [t.exception() for t in tasks if t.done()]
        took = time.monotonic() - started
        assert code == 0, verified
        md = await metadata(cluster.brokers[new].port, [TOPIC])
        after = {p.partition_index: (list(p.replica_nodes), p.leader_id) for p in md.topics[0].partitions}
        await asyncio.sleep(1)  # load goes on over the finished move
        stop.set()
        await tasks[0]
        # the consumer reads on until it has every acknowledged record (or the deadline)
        await eventually(lambda: _true(acked <= seen), 60, "every acknowledged record consumed")
    finally:
        sampler.cancel()
        stop.set()
        read_stop.set()
        results = await asyncio.gather(*tasks, return_exceptions=True)
    assert not [r for r in results if isinstance(r, BaseException)], results

    # The copy's rate, from broker 4's segment sizes sampled every 0.2 s: from the first bytes
    # to 90% of the pre-filled bulk (the tail is the live load, which is never throttled).
    moved_bytes = PREFILL * VALUE * len(MOVED)
    first = next((t, b) for t, b in samples if b > 0)
    bulk = next(((t, b) for t, b in samples if b >= 0.9 * moved_bytes), samples[-1])
    rate = (bulk[1] - first[1]) / max(bulk[0] - first[0], 1e-3)
    print(
        f"\nmoved {len(MOVED)} of {PARTITIONS} partitions onto broker {new} in {took:.1f} s; "
        f"copied {bulk[1] - first[1]} bytes in {bulk[0] - first[0]:.1f} s: {rate / 1000:.0f} kB/s under a {THROTTLE / 1000:.0f} kB/s throttle; "
        f"records acked {len(acked)}, lost {len(acked - seen)}, offset gaps {len(gaps)}"
    )
    assert "adding" in listed or "No partition reassignments found" in listed, listed
    assert "is completed" in verified and "Clearing broker-level throttles" in verified, verified
    for p, r in target.items():
        assert after[p][0] == r and after[p][1] in r, (p, after[p])
    for p in range(PARTITIONS):
        if p not in MOVED:
            assert after[p][0] == before[p]
    assert rate < 2.5 * THROTTLE, f"copied at {rate:.0f} B/s under a {THROTTLE} B/s throttle"
    assert not acked - seen, f"{len(acked - seen)} acknowledged records lost"
    assert not gaps, gaps[:5]
    removed = {b for p in MOVED for b in before[p] if b not in target[p]}
    for b in removed:
        await eventually(
            lambda b=b: _true(not _has_moved_logs(cluster, b, before, target)), 20, f"broker {b} deletes"
        )
    async with AsyncAdmin(bootstrap) as admin:
        rates = await admin.describe_configs(
            BROKER_RESOURCE, str(new), ["follower.replication.throttled.rate"]
        )
        assert all(c.source != 1 for c in rates), rates  # no DYNAMIC_BROKER_CONFIG left
        topic = await admin.describe_configs(
            TOPIC_RESOURCE, TOPIC, ["follower.replication.throttled.replicas"]
        )
        assert all(not c.value for c in topic), topic

    # A move held back by a 1 byte/s throttle, cancelled: the partition goes back to its
    # replicas, and the new broker deletes its partial copy.
    p = next(p for p in range(PARTITIONS) if p not in MOVED and new not in before[p])
    slow = tmp_path / "slow.json"
    slow.write_text(
        json.dumps(
            {"version": 1, "partitions": [{"topic": TOPIC, "partition": p, "replicas": [new, before[p][1]]}]}
        )
    )
    code, out = await cli(cluster, "--execute", "--reassignment-json-file", str(slow), "--throttle", "1")
    assert code == 0, out
    code, out = await cli(cluster, "--list")
    assert f"{TOPIC}-{p}: replicas: [{new}, {before[p][1]}, {before[p][0]}]. adding: [{new}]" in out, out
    seen_by_kafka_python = await asyncio.to_thread(_kafka_python_list, bootstrap)
    assert seen_by_kafka_python.get((TOPIC, p), {}).get("adding_replicas") == [new], seen_by_kafka_python
    code, out = await cli(cluster, "--cancel", "--reassignment-json-file", str(slow))
    assert code == 0 and "Successfully cancelled partition reassignment" in out, out

    async def reverted() -> bool:
        md = await metadata(cluster.brokers[1].port, [TOPIC])
        replicas = {x.partition_index: sorted(x.replica_nodes) for x in md.topics[0].partitions}
        return replicas[p] == sorted(before[p]) and not any(
            cluster.brokers[new].data_dir.rglob(f"{TOPIC}-{p}")
        )

    await eventually(reverted, 20, "the cancelled move reverted and its copy deleted")
    code, out = await cli(cluster, "--list")
    assert "No partition reassignments found" in out, out


def _kafka_python_list(bootstrap: str) -> dict:
    """The moves in progress as kafka-python's admin client decodes them."""
    from kafka.admin import KafkaAdminClient

    admin = KafkaAdminClient(bootstrap_servers=bootstrap)
    try:
        return {(tp.topic, tp.partition): r for tp, r in admin.list_partition_reassignments().items()}
    finally:
        admin.close()


async def _true(value: bool) -> bool:
    return value


def _has_moved_logs(cluster: Cluster, broker: int, before: dict, target: dict) -> bool:
    data: Path = cluster.brokers[broker].data_dir
    return any(
        any(data.rglob(f"{TOPIC}-{p}")) for p in MOVED if broker in before[p] and broker not in target[p]
    )

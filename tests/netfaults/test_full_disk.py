"""A log directory on a filesystem that fills up (a tmpfs of a few MB, mounted by the test): the
broker answers the appends it cannot write KAFKA_STORAGE_ERROR (and the commits it cannot write
NOT_COORDINATOR, as Kafka does), loses nothing it acknowledged, keeps serving reads, leaves no
torn batch in a segment, and takes writes again once space is freed. Meanwhile Metadata lists
the broker's replicas of the partitions that fail appends in `offline_replicas`, leader kept,
and DescribeLogDirs answers the directory KAFKA_STORAGE_ERROR until an append into it is written."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka import TopicPartition as AioTP
from confluent_kafka import OFFSET_BEGINNING, Consumer, Producer, TopicPartition

from broker.log.segment import Segment
from client.cluster import KafkaClient
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import BrokerProcess
from tests.netfaults.harness import Recorder, _commit, now

pytestmark = [pytest.mark.slow, pytest.mark.interop, pytest.mark.timeout(300)]

TOPIC = "full"
DISK_MB, BALLAST_MB = 12, 3


@pytest.fixture
def small_disk(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mount = tmp_path / "disk"
    mount.mkdir()
    r = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={DISK_MB}m", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def fill_up(path: Path) -> None:
    with path.open("wb", buffering=0) as f, contextlib.suppress(OSError):
        while True:
            f.write(b"\0" * 65536)


def segments_are_whole(data_dir: Path, scratch: Path) -> list[str]:
    """Every segment of every partition read back batch by batch (on a copy: recovery rebuilds
    indexes): what is not whole, or whose indexes do not load."""
    problems: list[str] = []
    for part in sorted(p for p in data_dir.iterdir() if p.is_dir() and "-" in p.name):
        copy = scratch / part.name
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(part, copy)
        expected: int | None = None
        for log_file in sorted(copy.glob("*.log")):
            seg = Segment(copy, int(log_file.stem), index_max_bytes=64 * 1024)
            size = log_file.stat().st_size
            try:
                seg.load_indexes(size)
            except Exception as e:  # noqa: BLE001 - any failure to load is what we report
                problems.append(f"{part.name}/{log_file.name}: indexes do not load: {e!r}")
            result = seg.recover()
            seg.close()
            if result.truncated_bytes or result.reason:
                problems.append(
                    f"{part.name}/{log_file.name}: {result.truncated_bytes} bytes torn ({result.reason})"
                )
            if expected is not None and result.batches and seg.base_offset != expected:
                problems.append(f"{part.name}/{log_file.name}: starts at {seg.base_offset}, not {expected}")
            if result.batches:
                expected = result.next_offset
    return problems


def produce_until_full(bootstrap: str, acked: dict[bytes, tuple[int, int]]) -> int:
    """Write until 100 appends in a row are refused; how many were refused in all. (librdkafka
    gives up on a record after message.timeout.ms; aiokafka retries KAFKA_STORAGE_ERROR for as
    long as the disk stays full.)"""
    producer = Producer(
        {
            "bootstrap.servers": bootstrap,
            "enable.idempotence": True,
            "acks": "all",
            "message.timeout.ms": 2000,
            "retry.backoff.ms": 100,
            "linger.ms": 5,
            "log_level": 2,
        }
    )
    refused = 0
    streak = 0

    def delivered(err: Any, msg: Any) -> None:
        nonlocal refused, streak
        if err is None:
            acked[msg.value()] = (msg.partition(), msg.offset())
            streak = 0
        else:
            refused += 1
            streak += 1

    n = 0
    deadline = now() + 120
    while streak < 100:
        assert now() < deadline, f"the disk never filled: {len(acked)} acknowledged"
        for _ in range(20):
            producer.produce(TOPIC, b"v-%d-" % n + b"x" * 2000, partition=n % 2, on_delivery=delivered)
            n += 1
        producer.flush(10)
    producer.flush(10)
    return refused


async def read_back(bootstrap: str) -> dict[bytes, tuple[int, int]]:
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap, enable_auto_commit=False, auto_offset_reset="earliest"
    )
    await consumer.start()
    try:
        tps = [AioTP(TOPIC, p) for p in range(2)]
        consumer.assign(tps)
        ends = await consumer.end_offsets(tps)
        out: dict[bytes, tuple[int, int]] = {}
        deadline = now() + 60
        while [tp for tp in tps if await consumer.position(tp) < ends[tp]]:
            assert now() < deadline, "read back stuck"
            for tp, msgs in (await consumer.getmany(timeout_ms=500)).items():
                out.update({m.value: (tp.partition, m.offset) for m in msgs})
        return out
    finally:
        await consumer.stop()


async def commit(client: KafkaClient, offset: int, metadata: str = "") -> bool:
    try:
        node = (await client.find_coordinator("full-group")).node_id
        await _commit(client, Recorder(), node, "full-group", 0, offset, topic=TOPIC, metadata=metadata)
    except Exception:  # noqa: BLE001 - a refused commit, whichever way it was refused
        return False
    return True


async def fetch_committed(client: KafkaClient) -> int:
    node = (await client.find_coordinator("full-group")).node_id
    body = {
        "group_id": "full-group",
        "topics": [{"name": TOPIC, "partition_indexes": [0]}],
        "require_stable": True,
    }
    r = await client.send(node, ApiKey.OFFSET_FETCH, body, max_version=7, timeout=10)
    return int(r.topics[0].partitions[0].committed_offset)


async def offline_replicas(client: KafkaClient) -> dict[int, tuple[int, int, list[int]]]:
    """Partition -> (error code, leader, offline replicas) as Metadata answers them."""
    r = await client.send_any(ApiKey.METADATA, {"topics": [{"name": TOPIC}]}, max_version=12)
    (topic,) = r.topics
    return {
        p.partition_index: (p.error_code, p.leader_id, list(p.offline_replicas)) for p in topic.partitions
    }


async def log_dir_errors(client: KafkaClient) -> list[int]:
    """Each log directory's error code as DescribeLogDirs answers it."""
    r = await client.send_any(ApiKey.DESCRIBE_LOG_DIRS, {"topics": None}, max_version=4)
    return [d.error_code for d in r.results]


def confluent_reads(bootstrap: str, partition: int, count: int) -> int:
    """How many records librdkafka reads from the start of a partition (at most `count`)."""
    consumer = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": "full-reader",
            "enable.auto.commit": False,
            "log_level": 2,
        }
    )
    try:
        consumer.assign([TopicPartition(TOPIC, partition, OFFSET_BEGINNING)])
        read = 0
        deadline = now() + 30
        while read < count and now() < deadline:
            msg = consumer.poll(0.5)
            if msg is not None and msg.error() is None:
                read += 1
        return read
    finally:
        consumer.close()


async def test_a_full_disk_refuses_writes_keeps_reads_and_recovers(small_disk, tmp_path):
    ballast = small_disk / "ballast"
    ballast.write_bytes(b"\0" * (BALLAST_MB << 20))
    data_dir = small_disk / "data"
    broker = BrokerProcess(
        data_dir,
        extra={
            "num.partitions": "2",
            "offsets.topic.num.partitions": "1",
            "log.segment.bytes": str(1 << 20),
            "log.index.size.max.bytes": str(64 * 1024),
            "offsets.topic.segment.bytes": str(1 << 20),
        },
    )
    broker.log_path = tmp_path / "broker.log"  # not on the disk that fills
    broker.start()
    client = KafkaClient(bootstrap_servers=broker.bootstrap, request_timeout_ms=3000)
    try:
        await client.start()
        producer = AIOKafkaProducer(bootstrap_servers=broker.bootstrap, acks="all")
        await producer.start()
        try:
            await producer.send_and_wait(TOPIC, b"first", partition=0)  # the topic, made by its first write
        finally:
            await producer.stop()
        deadline = now() + 20
        while not await commit(client, 1):  # the offsets topic is made at the first FindCoordinator
            assert now() < deadline, "no commit before the disk filled"
            await asyncio.sleep(0.2)
        acked: dict[bytes, tuple[int, int]] = {}
        refused = await asyncio.to_thread(produce_until_full, broker.bootstrap, acked)
        assert broker.proc is not None and broker.proc.poll() is None, broker.log()[-3000:]
        assert "KAFKA_STORAGE_ERROR" in broker.log() or "No space left" in broker.log()
        # Commits need the disk too: refused once the offsets log's last page is full (3 kB of
        # metadata each), the broker still up.
        last_commit, commits = 1, 0
        while await commit(client, last_commit + 1, metadata="m" * 3000):
            last_commit += 1
            commits += 1
            assert commits < 200, "commits never refused on a full disk"
        assert broker.proc.poll() is None, broker.log()[-3000:]

        # While appends fail, Metadata lists the broker's replica offline (as Kafka lists one in
        # an offline log dir) and keeps the leader, with no error: clients go on reading.
        partitions = await offline_replicas(client)
        assert partitions == {0: (0, 0, [0]), 1: (0, 0, [0])}, partitions
        assert await log_dir_errors(client) == [ErrorCode.KAFKA_STORAGE_ERROR]
        assert await asyncio.to_thread(confluent_reads, broker.bootstrap, 0, 10) == 10

        # Reads go on, and every acknowledged record is where it was acknowledged.
        read = await read_back(broker.bootstrap)
        lost = {v: at for v, at in acked.items() if read.get(v) != at}
        assert not lost, (
            f"{len(lost)} of {len(acked)} acknowledged records lost, e.g. {next(iter(lost.items()))}"
        )

        # No torn write left in a segment while the broker runs (the full disk's writes are cut back).
        deadline = now() + 20
        while problems := segments_are_whole(data_dir, tmp_path / "scratch"):
            assert now() < deadline, problems
            await asyncio.sleep(0.2)

        ballast.unlink()  # space again: writes resume without a restart
        producer = AIOKafkaProducer(bootstrap_servers=broker.bootstrap, acks="all", enable_idempotence=True)
        await producer.start()
        try:
            md = await asyncio.wait_for(producer.send_and_wait(TOPIC, b"after", partition=0), 30)
        finally:
            await producer.stop()
        assert await fetch_committed(client) == last_commit  # the acknowledged commits kept
        assert (await offline_replicas(client))[0] == (0, 0, []), "partition 0 written again"
        assert await log_dir_errors(client) == [ErrorCode.NONE], "the log dir written again"
        assert 'event="resume writes"' in broker.log()
        deadline = now() + 20
        while not await commit(client, last_commit + 1):
            assert now() < deadline, "commits never resumed"
            await asyncio.sleep(0.2)
        assert await fetch_committed(client) == last_commit + 1
        read = await read_back(broker.bootstrap)
        assert read[b"after"] == (0, md.offset)
        assert all(read.get(v) == at for v, at in acked.items())
        print(
            f"\nfull disk: {len(acked)} acknowledged, {refused} refused, {commits} commits acknowledged "
            f"on the full disk before one was refused, 0 lost; writes and commits resumed after freeing {BALLAST_MB} MB"
        )
        fill_up(small_disk / "fill")  # and a shutdown on a full disk: clean exit, recovery at the next start
    finally:
        await client.close()
        assert broker.stop() == 0, broker.log()[-3000:]
    assert "fail checkpoint" in broker.log()
    (small_disk / "fill").unlink()
    assert segments_are_whole(data_dir, tmp_path / "scratch-after") == []

"""Replication on real broker processes: the ISR and the high watermark, acks=all with
min.insync.replicas, a paused follower, the isolated leader of KIP-101, and what a consumer sees."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.records import Record, build_batch, decode_batches
from tests.cluster.harness import Cluster, eventually, metadata, request
from tests.cluster.test_cluster import settled
from tests.integration.test_data_path import fetch_body

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(240)]


async def create(cluster: Cluster, name: str, partitions: int = 1, rf: int = 3, **configs: str) -> None:
    r = await request(
        cluster.brokers[cluster.alive()[0]].port,
        ApiKey.CREATE_TOPICS,
        5,
        {
            "topics": [
                {
                    "name": name,
                    "num_partitions": partitions,
                    "replication_factor": rf,
                    "assignments": [],
                    "configs": [{"name": k.replace("_", "."), "value": v} for k, v in configs.items()],
                }
            ],
            "timeout_ms": 10000,
            "validate_only": False,
        },
    )
    assert r.topics[0].error_code == ErrorCode.NONE, r


async def state(cluster: Cluster, topic: str, partition: int = 0, via: int | None = None) -> Any:
    """The partition's metadata (leader, leader_epoch, replica_nodes, isr_nodes) from a live broker."""
    port = cluster.brokers[via if via is not None else cluster.alive()[0]].port
    md = await metadata(port, [topic])
    return next(p for p in md.topics[0].partitions if p.partition_index == partition)


async def produce(
    cluster: Cluster,
    broker: int,
    topic: str,
    values: list[bytes],
    acks: int = -1,
    timeout_ms: int = 15000,
    partition: int = 0,
) -> tuple[int, int]:
    """(error code, base offset) of one batch of `values`."""
    batch = build_batch([Record(offset_delta=i, key=b"k", value=v) for i, v in enumerate(values)])
    r = await request(
        cluster.brokers[broker].port,
        ApiKey.PRODUCE,
        9,
        {
            "acks": acks,
            "timeout_ms": timeout_ms,
            "topic_data": [{"name": topic, "partition_data": [{"index": partition, "records": batch}]}],
        },
    )
    p = r.responses[0].partition_responses[0]
    return p.error_code, p.base_offset


async def consumer_fetch(
    cluster: Cluster, broker: int, topic: str, offset: int = 0
) -> tuple[int, int, list[bytes]]:
    """(error, high watermark, values from `offset`) as a consumer's Fetch sees them."""
    r = await request(cluster.brokers[broker].port, ApiKey.FETCH, 12, fetch_body(topic, offset))
    p = r.responses[0].partitions[0]
    values = [rec.value for b in decode_batches(p.records or b"") for rec in b.records]
    return p.error_code, p.high_watermark, values


def log_bytes(cluster: Cluster, broker: int, topic: str, partition: int = 0) -> bytes:
    d = cluster.brokers[broker].data_dir / f"{topic}-{partition}"
    return b"".join(f.read_bytes() for f in sorted(d.glob("*.log")))


async def wait_isr(cluster: Cluster, topic: str, isr: set[int], via: int, timeout: float = 20) -> Any:
    async def got():
        s = await state(cluster, topic, via=via)
        return s if set(s.isr_nodes) == isr else None

    return await eventually(got, timeout, f"ISR {sorted(isr)}")


async def test_a_paused_follower_leaves_the_isr_and_comes_back_and_min_isr_holds(make_cluster):
    # ZooKeeper sessions outlive the pauses: the leader's lag check, not the session, decides.
    cluster = make_cluster(3, replica_lag_time_max_ms="1500", zookeeper_session_timeout_ms="30000")
    await settled(cluster)
    await create(cluster, "r", min_insync_replicas="2")
    s = await eventually(lambda: state(cluster, "r"), 20, "a leader")
    leader = s.leader_id
    f1, f2 = [b for b in s.replica_nodes if b != leader]
    await wait_isr(cluster, "r", {1, 2, 3}, leader)
    acked: list[bytes] = []

    async def write(values: list[bytes], expect: int = ErrorCode.NONE) -> None:
        error, _ = await produce(cluster, leader, "r", values)
        assert error == expect, (error, values)
        if error == ErrorCode.NONE:
            acked.extend(values)

    await write([b"a0", b"a1"])
    # A paused follower: the next acks=all write waits until the leader drops it from the ISR
    # (after replica.lag.time.max.ms), then is acknowledged by the two left.
    cluster.brokers[f1].pause()
    await write([b"b0"])
    s = await wait_isr(cluster, "r", {leader, f2}, leader)
    assert "lagging" in cluster.brokers[leader].log()
    await write([b"b1", b"b2"])
    # Back: it catches up and rejoins; its log is the leader's, byte for byte.
    cluster.brokers[f1].resume()
    await wait_isr(cluster, "r", {1, 2, 3}, leader)
    await eventually(
        lambda: asyncio.sleep(0, log_bytes(cluster, f1, "r") == log_bytes(cluster, leader, "r")),
        20,
        "the follower to hold the leader's log",
    )
    # Two of three paused: acks=all is refused (NOT_ENOUGH_REPLICAS), the ISR is the leader alone.
    cluster.brokers[f1].pause()
    cluster.brokers[f2].pause()
    error, _ = await produce(cluster, leader, "r", [b"c0"])  # waits out the lag, then the ISR is too small
    assert error in (ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND, ErrorCode.NOT_ENOUGH_REPLICAS), error
    await wait_isr(cluster, "r", {leader}, leader)
    await write([b"c1"], expect=ErrorCode.NOT_ENOUGH_REPLICAS)
    # One returns: writes resume, and nothing acknowledged was lost.
    cluster.brokers[f2].resume()
    await wait_isr(cluster, "r", {leader, f2}, leader)
    await write([b"d0"])
    cluster.brokers[f1].resume()
    await wait_isr(cluster, "r", {1, 2, 3}, leader)
    _, _hw, values = await consumer_fetch(cluster, leader, "r")
    assert [v for v in values if v in acked] == acked and set(acked) <= set(values)
    await eventually(
        lambda: asyncio.sleep(0, len({log_bytes(cluster, b, "r") for b in (1, 2, 3)}) == 1),
        20,
        "three identical replicas",
    )


async def test_consumers_never_read_above_the_high_watermark(make_cluster):
    cluster = make_cluster(3, replica_lag_time_max_ms="60000", zookeeper_session_timeout_ms="30000")
    await settled(cluster)
    await create(cluster, "hw")
    s = await eventually(lambda: state(cluster, "hw"), 20, "a leader")
    leader, follower = s.leader_id, next(b for b in s.replica_nodes if b != s.leader_id)
    await wait_isr(cluster, "hw", {1, 2, 3}, leader)
    assert (await produce(cluster, leader, "hw", [b"x0", b"x1"]))[0] == ErrorCode.NONE
    cluster.brokers[follower].pause()  # in the ISR still (the lag bound is long), but not fetching
    try:
        error, base = await produce(cluster, leader, "hw", [b"y0", b"y1", b"y2"], acks=1)
        assert (error, base) == (ErrorCode.NONE, 2)
        # The leader has 5 records; the high watermark stays at 2 while the follower sleeps.
        for _ in range(3):
            error, hw, values = await consumer_fetch(cluster, leader, "hw")
            assert (error, hw, values) == (ErrorCode.NONE, 2, [b"x0", b"x1"])
            assert (await consumer_fetch(cluster, leader, "hw", 2))[2] == []
        r = await request(
            cluster.brokers[leader].port,
            ApiKey.LIST_OFFSETS,
            5,
            {
                "replica_id": -1,
                "isolation_level": 0,
                "topics": [
                    {
                        "name": "hw",
                        "partitions": [{"partition_index": 0, "current_leader_epoch": -1, "timestamp": -1}],
                    }
                ],
            },
        )
        assert r.topics[0].partitions[0].offset == 2
    finally:
        cluster.brokers[follower].resume()
    await eventually(lambda: consumer_fetch(cluster, leader, "hw"), 20, "the follower to catch up")

    async def all_visible():
        return (await consumer_fetch(cluster, leader, "hw"))[1] == 5

    await eventually(all_visible, 20, "the high watermark to reach 5")


async def test_the_isolated_leader_truncates_its_divergent_tail(make_cluster):
    """KIP-101: a leader holds a batch no follower has, is cut off, a new leader takes writes at
    the same offsets; back, the old leader truncates by leader epoch and all replicas agree."""
    cluster = make_cluster(
        3,
        replica_lag_time_max_ms="30000",
        zookeeper_session_timeout_ms="4000",
        replica_fetch_wait_max_ms="100",
    )
    await settled(cluster)
    await create(cluster, "kip101", min_insync_replicas="2")
    s = await eventually(lambda: state(cluster, "kip101"), 20, "a leader")
    old, epoch = s.leader_id, s.leader_epoch
    followers = [b for b in s.replica_nodes if b != old]
    await wait_isr(cluster, "kip101", {1, 2, 3}, old)
    assert (await produce(cluster, old, "kip101", [b"common0", b"common1"]))[0] == ErrorCode.NONE
    # The followers stop fetching for a moment; the leader takes a batch only it will ever have.
    for f in followers:
        cluster.brokers[f].pause()
    try:
        # A fetch a follower sent before it paused is answered once its long poll ends (at most
        # replica.fetch.wait.max.ms later): outlast it, so that the next batch reaches no follower
        # (checked below, on their files).
        await asyncio.sleep(1.0)
        assert (await produce(cluster, old, "kip101", [b"doomed0", b"doomed1"], acks=1)) == (
            ErrorCode.NONE,
            2,
        )
        assert (await consumer_fetch(cluster, old, "kip101"))[1:] == (2, [b"common0", b"common1"])
        cluster.brokers[old].pause()
        assert all(b"doomed" not in log_bytes(cluster, f, "kip101") for f in followers)
        assert b"doomed" in log_bytes(cluster, old, "kip101")
    finally:
        for f in followers:
            cluster.brokers[f].resume()
    # The old leader's ZooKeeper session expires; a follower from the ISR leads at a new epoch.
    other = followers[0]

    async def new_leader():
        st = await state(cluster, "kip101", via=other)
        return st if st.leader_id in followers and st.leader_epoch > epoch else None

    s = await eventually(new_leader, 30, "a new leader")
    new = s.leader_id

    async def write_new():
        return (await produce(cluster, new, "kip101", [b"new0", b"new1", b"new2"]))[0] == ErrorCode.NONE

    await eventually(write_new, 20, "the new leader to take acks=all writes")
    # The old leader resumes, finds itself a follower, truncates "doomed" by epoch and copies the rest.
    cluster.brokers[old].resume()
    await wait_isr(cluster, "kip101", {1, 2, 3}, new, timeout=30)
    await eventually(
        lambda: asyncio.sleep(0, len({log_bytes(cluster, b, "kip101") for b in (1, 2, 3)}) == 1),
        20,
        "three identical replicas",
    )
    _, hw, values = await consumer_fetch(cluster, new, "kip101")
    assert values == [b"common0", b"common1", b"new0", b"new1", b"new2"] and hw == 5
    assert b"doomed" not in log_bytes(cluster, old, "kip101")
    assert "truncate log" in cluster.brokers[old].log()


async def test_replica_fetches_are_checked(make_cluster):
    cluster = make_cluster(3)
    await settled(cluster)
    await create(cluster, "checked", rf=2)
    s = await eventually(lambda: state(cluster, "checked"), 20, "a leader")
    leader = s.leader_id
    outsider = next(b for b in (1, 2, 3) if b not in s.replica_nodes)
    follower = next(b for b in s.replica_nodes if b != leader)
    assert (await produce(cluster, leader, "checked", [b"v"]))[0] == ErrorCode.NONE

    async def replica_fetch(replica_id: int, epoch: int) -> int:
        body = fetch_body("checked", 0, replica_id=replica_id)
        body["topics"][0]["partitions"][0]["current_leader_epoch"] = epoch
        r = await request(cluster.brokers[leader].port, ApiKey.FETCH, 12, body)
        return r.responses[0].partitions[0].error_code

    assert await replica_fetch(outsider, s.leader_epoch) == ErrorCode.NOT_LEADER_OR_FOLLOWER
    assert await replica_fetch(follower, s.leader_epoch) == ErrorCode.NONE
    assert await replica_fetch(follower, s.leader_epoch + 1) == ErrorCode.UNKNOWN_LEADER_EPOCH
    # A client posing as the leader cannot make the follower do anything: it serves no replica
    # fetch, and its log (the only thing a truncation would cut) stays as it is.
    before = log_bytes(cluster, follower, "checked")
    r = await request(
        cluster.brokers[follower].port, ApiKey.FETCH, 12, fetch_body("checked", 0, replica_id=leader)
    )
    assert r.responses[0].partitions[0].error_code == ErrorCode.NOT_LEADER_OR_FOLLOWER
    r = await request(
        cluster.brokers[follower].port,
        ApiKey.OFFSET_FOR_LEADER_EPOCH,
        4,
        {
            "replica_id": leader,
            "topics": [
                {
                    "topic": "checked",
                    "partitions": [
                        {"partition": 0, "current_leader_epoch": s.leader_epoch + 5, "leader_epoch": 0}
                    ],
                }
            ],
        },
    )
    assert r.topics[0].partitions[0].error_code == ErrorCode.NOT_LEADER_OR_FOLLOWER
    assert log_bytes(cluster, follower, "checked") == before
    # The follower dies: the controller takes it out of the ISR at a new leader epoch, and a
    # fetch at the old epoch is fenced.
    cluster.brokers[follower].kill()

    async def bumped():
        st = await state(cluster, "checked", via=leader)
        return st if st.leader_epoch > s.leader_epoch else None

    await eventually(bumped, 30, "a new leader epoch")
    assert await replica_fetch(follower, s.leader_epoch) == ErrorCode.FENCED_LEADER_EPOCH
    # A replication factor above the live brokers (two now) is refused.
    r = await request(
        cluster.brokers[leader].port,
        ApiKey.CREATE_TOPICS,
        5,
        {
            "topics": [
                {
                    "name": "too-many",
                    "num_partitions": 1,
                    "replication_factor": 3,
                    "assignments": [],
                    "configs": [],
                }
            ],
            "timeout_ms": 10000,
            "validate_only": False,
        },
    )
    assert r.topics[0].error_code == ErrorCode.INVALID_REPLICATION_FACTOR


def test_confluent_consumer_goes_on_through_a_leader_change(make_cluster):
    """librdkafka follows the new leader (and validates its position with OffsetForLeaderEpoch):
    every acknowledged message is consumed, in order, with no gap."""
    from confluent_kafka import Consumer, Producer
    from confluent_kafka import TopicPartition as CTP

    cluster = make_cluster(3)
    asyncio.run(settled(cluster))
    asyncio.run(create(cluster, "moving", min_insync_replicas="2"))
    producer = Producer(
        {
            "bootstrap.servers": cluster.bootstrap(),
            "enable.idempotence": True,
            "acks": "all",
            "log_level": 2,
            "topic.metadata.refresh.interval.ms": 500,
        }
    )
    acked: list[tuple[int, bytes]] = []

    def delivered(err: Any, msg: Any) -> None:
        assert err is None, err
        acked.append((msg.offset(), msg.value()))

    consumer = Consumer(
        {
            "bootstrap.servers": cluster.bootstrap(),
            "group.id": "moving-reader",
            "auto.offset.reset": "earliest",
            "enable.auto.commit": False,
            "log_level": 2,
            "topic.metadata.refresh.interval.ms": 500,
        }
    )
    consumer.assign([CTP("moving", 0, 0)])
    got: list[tuple[int, bytes]] = []

    def consume_for(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            msg = consumer.poll(0.05)
            if msg is not None and not msg.error():
                got.append((msg.offset(), msg.value()))

    def produce_some(start: int, n: int) -> None:
        for i in range(start, start + n):
            producer.produce("moving", value=f"m{i}".encode(), partition=0, on_delivery=delivered)
            producer.poll(0)
            consume_for(0.005)
        assert producer.flush(60) == 0

    try:
        produce_some(0, 200)
        leader = asyncio.run(state(cluster, "moving")).leader_id
        cluster.brokers[leader].kill()
        produce_some(200, 200)  # delivered once a new leader is elected from the ISR
        new = asyncio.run(eventually(lambda: state(cluster, "moving"), 30, "a new leader")).leader_id
        assert new != leader
        deadline = time.monotonic() + 60
        while len({o for o, _ in got}) < len(acked) and time.monotonic() < deadline:
            consume_for(0.2)
    finally:
        consumer.close()
    offsets = [o for o, _ in got]
    assert offsets == sorted(offsets) and len(set(offsets)) == len(offsets), "out of order or twice"
    assert dict(got) == dict(acked) and offsets == list(range(len(acked)))

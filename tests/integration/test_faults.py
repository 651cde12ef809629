"""Fault injection through the server (broker/faults.py, broker/server.py) with raw requests:
error answers as clients read them, dropped connections, delays, the raw Heartbeat path, and
paused partitions. The same faults against aiokafka and confluent-kafka:
tests/interop/test_faults_clients.py."""

from __future__ import annotations

import asyncio
import time

import pytest

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.frames import RequestHeader, encode_request
from protocol.records import Record, build_batch, decode_batches
from tests.helpers import RawConnection, create_topic

NC = ErrorCode.NOT_COORDINATOR


@pytest.fixture
async def conn(broker):
    c = await RawConnection.open(broker.bound_port)
    yield c
    await c.close()


def batch(*values: str) -> bytes:
    return bytes(build_batch([Record(offset_delta=i, value=v.encode()) for i, v in enumerate(values)]))


def produce_body(topic: str, data: bytes, partition: int = 0, acks: int = -1, timeout_ms: int = 5000) -> dict:
    return {
        "acks": acks,
        "timeout_ms": timeout_ms,
        "topic_data": [{"name": topic, "partition_data": [{"index": partition, "records": data}]}],
    }


def fetch_body(topic: str, offset: int, partitions=(0,), max_wait_ms: int = 0) -> dict:
    return {
        "max_wait_ms": max_wait_ms,
        "min_bytes": 1,
        "max_bytes": 1 << 20,
        "topics": [
            {
                "topic": topic,
                "partitions": [
                    {"partition": p, "fetch_offset": offset, "partition_max_bytes": 1 << 20}
                    for p in partitions
                ],
            }
        ],
    }


def values(partition) -> list[bytes]:
    return [r.value for b in decode_batches(partition.records or b"") for r in b.records]


async def test_offset_commit_answered_with_the_error_per_partition(broker, conn):
    broker.faults.fail("OffsetCommit", "NOT_COORDINATOR", times=2, match={"group": "g"})
    body = {
        "group_id": "g",
        "generation_id_or_member_epoch": -1,
        "topics": [{"name": "t", "partitions": [{"partition_index": 0}, {"partition_index": 1}]}],
    }
    for version in (2, 8):  # header v1 and v2 (flexible)
        r = await conn.request(ApiKey.OFFSET_COMMIT, version, body)
        assert [(p.partition_index, p.error_code) for p in r.topics[0].partitions] == [(0, NC), (1, NC)]
    r = await conn.request(ApiKey.OFFSET_COMMIT, 8, {**body, "group_id": "other"})  # no match
    assert r.topics[0].partitions[0].error_code != NC
    assert broker.faults.count("fail", "OffsetCommit") == 2


async def test_the_raw_heartbeat_path_gives_way_while_a_fault_is_set(broker, conn):
    hb = {"group_id": "g", "generation_id": 1, "member_id": "m"}
    plain = (await conn.request(ApiKey.HEARTBEAT, 3, hb)).error_code
    assert plain != NC
    broker.faults.fail("Heartbeat", NC, times=1)
    assert (await conn.request(ApiKey.HEARTBEAT, 3, hb)).error_code == NC  # v3: a raw-path version
    assert (await conn.request(ApiKey.HEARTBEAT, 3, hb)).error_code == plain
    assert not broker.faults.active


async def test_drop_connection_answers_what_came_before(broker, conn):
    broker.faults.drop_connection("Metadata", times=1)
    await conn.request(ApiKey.API_VERSIONS, 2, {})
    with pytest.raises(asyncio.IncompleteReadError):
        await conn.request(ApiKey.METADATA, 9, {"topics": []})
    again = await RawConnection.open(broker.bound_port)
    try:
        r = await again.request(ApiKey.METADATA, 9, {"topics": []})  # spent: served again
        assert r.brokers[0].node_id == broker.node_id
    finally:
        await again.close()
    assert broker.faults.count("drop", "Metadata") == 1


async def test_delay_then_fail(broker, conn):
    broker.faults.delay("FindCoordinator", 0.4, times=1)
    broker.faults.fail("FindCoordinator", "COORDINATOR_NOT_AVAILABLE", times=1)
    started = time.monotonic()
    r = await conn.request(ApiKey.FIND_COORDINATOR, 3, {"key": "g", "key_type": 0})
    assert time.monotonic() - started >= 0.4
    assert r.error_code == ErrorCode.COORDINATOR_NOT_AVAILABLE
    started = time.monotonic()
    r = await conn.request(ApiKey.FIND_COORDINATOR, 3, {"key": "g", "key_type": 0})
    assert time.monotonic() - started < 0.4 and r.error_code == ErrorCode.NONE


async def test_a_delayed_request_is_served_late_and_in_order(broker, conn):
    broker.faults.delay("ApiVersions", 0.3, times=1)
    started = time.monotonic()
    r = await conn.request(ApiKey.API_VERSIONS, 2, {})
    assert time.monotonic() - started >= 0.3
    assert r.error_code == ErrorCode.NONE and r.api_keys


async def test_a_delayed_request_whose_client_left_is_not_served(broker, conn):
    broker.faults.delay("CreateTopics", 1.0, times=1)
    body = {"topics": [{"name": "late", "num_partitions": 1, "replication_factor": 1}], "timeout_ms": 5000}
    await conn.send_frame(encode_request(RequestHeader(ApiKey.CREATE_TOPICS, 7, 1, "test"), body))
    await asyncio.sleep(0.1)
    conn.writer.write_eof()  # the client gives up (a request timeout) and closes
    started = time.monotonic()
    assert await conn.closed_by_peer(2.0)
    assert time.monotonic() - started < 0.5  # at once, not when the delay ends
    await asyncio.sleep(1.2)
    assert broker.topics.get("late") is None


async def test_failed_produce_with_acks_0_has_no_answer(broker, conn):
    await create_topic(broker.bound_port, "t", 1)
    broker.faults.fail("Produce", "NOT_LEADER_OR_FOLLOWER", times=2)
    r = await conn.request(ApiKey.PRODUCE, 9, produce_body("t", batch("a"), acks=1))
    assert r.responses[0].partition_responses[0].error_code == ErrorCode.NOT_LEADER_OR_FOLLOWER
    await conn.send_frame(
        encode_request(RequestHeader(ApiKey.PRODUCE, 9, 99, "test"), produce_body("t", batch("b"), acks=0))
    )
    r = await conn.request(ApiKey.API_VERSIONS, 2, {})  # the next answer is this one's
    assert r.error_code == ErrorCode.NONE
    fetched = await conn.request(ApiKey.FETCH, 11, fetch_body("t", 0))
    assert values(fetched.responses[0].partitions[0]) == []  # neither was written
    assert broker.faults.count("fail", "Produce") == 2


async def test_a_paused_partition_holds_fetches_and_produces(broker, conn):
    await create_topic(broker.bound_port, "t", 2)
    for p in (0, 1):
        r = await conn.request(ApiKey.PRODUCE, 9, produce_body("t", batch(f"{p}a", f"{p}b"), partition=p))
        assert r.responses[0].partition_responses[0].error_code == ErrorCode.NONE
    broker.faults.pause_partition("t", 0)

    r = await conn.request(ApiKey.FETCH, 11, fetch_body("t", 0, partitions=(0, 1)))
    got = {p.partition_index: values(p) for p in r.responses[0].partitions}
    assert got == {0: [], 1: [b"1a", b"1b"]}

    # A long poll on the paused partition alone waits its max_wait as if it were empty.
    started = time.monotonic()
    r = await conn.request(ApiKey.FETCH, 11, fetch_body("t", 0, max_wait_ms=300))
    assert time.monotonic() - started >= 0.3 and values(r.responses[0].partitions[0]) == []

    # A produce waits until its timeout...
    r = await conn.request(ApiKey.PRODUCE, 9, produce_body("t", batch("lost"), timeout_ms=200))
    assert r.responses[0].partition_responses[0].error_code == ErrorCode.REQUEST_TIMED_OUT

    # ... or until resumed; a long-polling fetch wakes at the resume.
    other = await RawConnection.open(broker.bound_port)
    try:
        producing = asyncio.ensure_future(conn.request(ApiKey.PRODUCE, 9, produce_body("t", batch("0c"))))
        polling = asyncio.ensure_future(other.request(ApiKey.FETCH, 11, fetch_body("t", 0, max_wait_ms=5000)))
        await asyncio.sleep(0.3)
        assert not producing.done() and not polling.done()
        started = time.monotonic()
        broker.faults.resume_partition("t", 0)
        r = await asyncio.wait_for(producing, 5)
        assert r.responses[0].partition_responses[0].error_code == ErrorCode.NONE
        fetched = await asyncio.wait_for(polling, 5)
        assert time.monotonic() - started < 2
        assert values(fetched.responses[0].partitions[0])[:2] == [b"0a", b"0b"]
    finally:
        await other.close()
    r = await conn.request(ApiKey.FETCH, 11, fetch_body("t", 0))
    assert values(r.responses[0].partitions[0]) == [b"0a", b"0b", b"0c"]
    assert broker.faults.count("pause", "Produce") == 2
    assert broker.faults.count("pause", "Fetch") >= 2
    assert not broker.faults.active

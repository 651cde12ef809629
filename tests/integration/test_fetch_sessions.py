"""Fetch sessions (KIP-227) over the wire: a full fetch at epoch 0 opens a session; incremental
fetches send and receive only what changed; wrong ids and epochs get Kafka's errors."""

from __future__ import annotations

import asyncio
import time

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.records import decode_batches
from tests.helpers import RawConnection
from tests.integration.test_data_path import conn, create, fetch_body, produce, records  # noqa: F401

V = 12


def incremental(
    session_id: int, epoch: int, topics: list | None = None, forgotten: list | None = None
) -> dict:
    body = fetch_body("x", 0, session_id=session_id, session_epoch=epoch)
    body["topics"] = topics or []
    body["forgotten_topics_data"] = forgotten or []
    return body


def part(partition: int, offset: int) -> dict:
    return {"partition": partition, "fetch_offset": offset, "partition_max_bytes": 1 << 20}


async def test_incremental_fetches_carry_only_changes(conn) -> None:  # noqa: F811
    await create(conn, "s", 4)
    for p in range(4):
        assert (await produce(conn, "s", records(2), partition=p)).error_code == ErrorCode.NONE
    body = fetch_body("s", 0, session_epoch=0)
    body["topics"][0]["partitions"] = [part(p, 0) for p in range(4)]
    r = await conn.request(ApiKey.FETCH, V, body)
    assert r.error_code == ErrorCode.NONE and r.session_id != 0
    sid = r.session_id
    assert sorted(p.partition_index for p in r.responses[0].partitions) == [0, 1, 2, 3]
    # The consumer moves its offsets past what it got: nothing new anywhere, nothing answered.
    moved = [
        {
            "topic": "s",
            "topic_id": body["topics"][0]["topic_id"],
            "partitions": [part(p, 2) for p in range(4)],
        }
    ]
    r = await conn.request(ApiKey.FETCH, V, incremental(sid, 1, moved))
    assert (r.error_code, r.session_id, r.responses) == (ErrorCode.NONE, sid, [])
    # An idle incremental fetch names no partition and gets none back.
    r = await conn.request(ApiKey.FETCH, V, incremental(sid, 2))
    assert (r.error_code, r.responses) == (ErrorCode.NONE, [])
    # New records on partition 2: only it comes back, with its records.
    await produce(conn, "s", records(3, start=10), partition=2)
    r = await conn.request(ApiKey.FETCH, V, incremental(sid, 3))
    assert [(t.topic, [p.partition_index for p in t.partitions]) for t in r.responses] == [("s", [2])]
    got = r.responses[0].partitions[0]
    assert got.high_watermark == 5
    assert [rec.value for b in decode_batches(got.records) for rec in b.records] == [b"v10", b"v11", b"v12"]
    # A forgotten partition is no longer fetched, even with new records.
    forget = [{"topic": "s", "topic_id": body["topics"][0]["topic_id"], "partitions": [1]}]
    moved2 = [{"topic": "s", "topic_id": body["topics"][0]["topic_id"], "partitions": [part(2, 5)]}]
    r = await conn.request(ApiKey.FETCH, V, incremental(sid, 4, moved2, forget))
    assert r.responses == []
    await produce(conn, "s", records(1), partition=1)
    r = await conn.request(ApiKey.FETCH, V, incremental(sid, 5))
    assert r.responses == []
    # Wrong epoch, unknown id: Kafka's errors, session id 0, no partitions.
    r = await conn.request(ApiKey.FETCH, V, incremental(sid, 9))
    assert (r.error_code, r.session_id, r.responses) == (ErrorCode.INVALID_FETCH_SESSION_EPOCH, 0, [])
    r = await conn.request(ApiKey.FETCH, V, incremental(sid + 1, 6))
    assert r.error_code == ErrorCode.FETCH_SESSION_ID_NOT_FOUND
    # The session survived the bad requests; epoch -1 closes it.
    assert (await conn.request(ApiKey.FETCH, V, incremental(sid, 6))).error_code == ErrorCode.NONE
    r = await conn.request(ApiKey.FETCH, V, incremental(sid, -1, moved2))
    assert (r.error_code, r.session_id) == (ErrorCode.NONE, 0)
    r = await conn.request(ApiKey.FETCH, V, incremental(sid, 7))
    assert r.error_code == ErrorCode.FETCH_SESSION_ID_NOT_FOUND


async def test_incremental_fetch_long_polls_over_the_whole_session(broker, conn) -> None:  # noqa: F811
    await create(conn, "lp", 2)
    body = fetch_body("lp", 0, session_epoch=0)
    body["topics"][0]["partitions"] = [part(0, 0), part(1, 0)]
    r = await conn.request(ApiKey.FETCH, V, body)
    sid = r.session_id
    assert sid != 0
    # Partition 1 (not named by the incremental request) gets a record while it waits.
    inc = incremental(sid, 1)
    inc["max_wait_ms"], inc["min_bytes"] = 5000, 1
    other = await RawConnection.open(broker.bound_port)
    try:
        # Whether the record lands before or while the fetch waits, the answer is the same.
        waiting = asyncio.ensure_future(conn.request(ApiKey.FETCH, V, inc))
        await produce(other, "lp", records(1), partition=1)
        r = await asyncio.wait_for(waiting, 10)
    finally:
        await other.close()
    assert [(p.partition_index, p.high_watermark) for t in r.responses for p in t.partitions] == [(1, 1)]


async def test_kafka_python_consumes_through_incremental_fetch_sessions(broker, conn) -> None:  # noqa: F811
    """kafka-python 3 opens a session and then fetches incrementally (as the Java client does);
    every record, including those produced while it polls, arrives once and in order."""
    from kafka import KafkaConsumer, TopicPartition

    partitions = 30
    await create(conn, "kps", partitions)
    for p in range(partitions):
        await produce(conn, "kps", records(3, start=p * 100), partition=p)
    bootstrap = f"127.0.0.1:{broker.bound_port}"
    loop = asyncio.get_running_loop()

    def consume(want: int) -> dict[int, list[bytes]]:
        consumer = KafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False, fetch_max_wait_ms=50)
        got: dict[int, list[bytes]] = {}
        try:
            consumer.assign([TopicPartition("kps", p) for p in range(partitions)])
            consumer.seek_to_beginning()
            deadline = time.monotonic() + 60
            produced_more = False
            while sum(map(len, got.values())) < want and time.monotonic() < deadline:
                for tp, msgs in consumer.poll(timeout_ms=200).items():
                    got.setdefault(tp.partition, []).extend(m.value for m in msgs)
                if not produced_more and sum(map(len, got.values())) >= 3 * partitions:
                    produced_more = True  # more records for a few partitions, mid-session
                    asyncio.run_coroutine_threadsafe(_more(), loop).result(30)
        finally:
            consumer.close()
        return got

    async def _more() -> None:
        for p in (4, 17):
            await produce(conn, "kps", records(2, start=p * 100 + 3), partition=p)

    got = await asyncio.to_thread(consume, 3 * partitions + 4)
    for p in range(partitions):
        n = 5 if p in (4, 17) else 3
        assert got.get(p) == [f"v{p * 100 + i}".encode() for i in range(n)], p
    # The records produced mid-session came through an incremental fetch of the session.
    assert broker.fetch_sessions.incremental_fetches >= 1

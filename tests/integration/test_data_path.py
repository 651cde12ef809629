"""The data path over loopback with raw requests: CreateTopics, DeleteTopics, Metadata, Produce,
Fetch (every version, limits, long polling), ListOffsets, InitProducerId, and Kafka's errors for
bad input (never a dropped connection)."""

from __future__ import annotations

import asyncio
import time
import uuid

import pytest

from broker.topics import OFFSETS_TOPIC
from protocol.apis import APIS, ApiKey
from protocol.compression import Compression
from protocol.errors import ErrorCode
from protocol.legacy_records import LegacyRecord, decode_legacy_message_set, encode_legacy_message_set
from protocol.records import (
    Record,
    build_batch,
    decode_batches,
)
from tests.helpers import RawConnection, start_broker

ZERO = uuid.UUID(int=0)


@pytest.fixture
async def conn(broker):
    c = await RawConnection.open(broker.bound_port)
    yield c
    await c.close()


def records(
    n: int, start: int = 0, codec: int = 0, key: bytes | None = b"k", ts: int | None = None, **kw
) -> bytes:
    return build_batch(
        [
            Record(offset_delta=i, timestamp_delta=i, key=key, value=f"v{start + i}".encode())
            for i in range(n)
        ],
        compression=codec,
        base_timestamp=ts,
        **kw,
    )


async def create(conn, name: str, partitions: int = 1, version: int = 7, **extra):
    body = {
        "topics": [
            {
                "name": name,
                "num_partitions": partitions,
                "replication_factor": 1,
                "configs": [{"name": k, "value": v} for k, v in extra.pop("configs", {}).items()],
            }
        ],
        "timeout_ms": 5000,
        **extra,
    }
    r = await conn.request(ApiKey.CREATE_TOPICS, version, body)
    return r.topics[0]


async def produce(
    conn,
    topic: str,
    data: bytes | None,
    partition: int = 0,
    version: int = 9,
    acks: int = -1,
    topic_id: uuid.UUID | None = None,
):
    body = {
        "acks": acks,
        "timeout_ms": 5000,
        "topic_data": [
            {
                "name": topic,
                "topic_id": topic_id or ZERO,
                "partition_data": [{"index": partition, "records": data}],
            }
        ],
    }
    r = await conn.request(ApiKey.PRODUCE, version, body)
    return r.responses[0].partition_responses[0]


def fetch_body(
    topic: str,
    offset: int,
    partition: int = 0,
    *,
    max_wait_ms: int = 0,
    min_bytes: int = 0,
    max_bytes: int = 1 << 20,
    partition_max_bytes: int = 1 << 20,
    topic_id: uuid.UUID | None = None,
    **extra,
) -> dict:
    return {
        "max_wait_ms": max_wait_ms,
        "min_bytes": min_bytes,
        "max_bytes": max_bytes,
        "isolation_level": 0,
        "session_id": 0,
        "session_epoch": -1,
        "topics": [
            {
                "topic": topic,
                "topic_id": topic_id or ZERO,
                "partitions": [
                    {
                        "partition": partition,
                        "fetch_offset": offset,
                        "partition_max_bytes": partition_max_bytes,
                    }
                ],
            }
        ],
        **extra,
    }


async def fetch(conn, topic: str, offset: int, version: int = 12, **kw):
    r = await conn.request(ApiKey.FETCH, version, fetch_body(topic, offset, **kw))
    return r.responses[0].partitions[0]


# --- topics ---------------------------------------------------------------------------------


@pytest.mark.parametrize("version", range(0, 8))
async def test_create_topics_every_version(broker, conn, version):
    t = await create(conn, f"t{version}", 3, version, configs={"retention.ms": "60000"})
    assert t.error_code == ErrorCode.NONE
    topic = broker.topics.get(f"t{version}")
    assert topic.partitions == 3 and topic.configs == {"retention.ms": "60000"}
    if version >= 5:
        assert t.num_partitions == 3 and t.replication_factor == 1
        configs = {c.name: c.value for c in t.configs}
        assert configs["retention.ms"] == "60000" and configs["cleanup.policy"] == "delete"
    if version >= 7:
        assert t.topic_id == topic.topic_id != ZERO
    again = await create(conn, f"t{version}", 3, version)
    assert again.error_code == ErrorCode.TOPIC_ALREADY_EXISTS


@pytest.mark.parametrize(
    "name, partitions, rf, configs, code",
    [
        ("bad name", 1, 1, {}, ErrorCode.INVALID_TOPIC_EXCEPTION),
        ("x" * 250, 1, 1, {}, ErrorCode.INVALID_TOPIC_EXCEPTION),
        ("..", 1, 1, {}, ErrorCode.INVALID_TOPIC_EXCEPTION),
        ("ok", 0, 1, {}, ErrorCode.INVALID_PARTITIONS),
        ("ok", -7, 1, {}, ErrorCode.INVALID_PARTITIONS),
        ("ok", 1, 3, {}, ErrorCode.INVALID_REPLICATION_FACTOR),
        ("ok", 1, 0, {}, ErrorCode.INVALID_REPLICATION_FACTOR),
        ("ok", 1, 1, {"no.such.config": "1"}, ErrorCode.INVALID_CONFIG),
        ("ok", 1, 1, {"retention.ms": "soon"}, ErrorCode.INVALID_CONFIG),
        ("ok", 1, 1, {"cleanup.policy": "shred"}, ErrorCode.INVALID_CONFIG),
        ("ok", 1, 1, {"segment.bytes": "10"}, ErrorCode.INVALID_CONFIG),
        (OFFSETS_TOPIC, 1, 1, {}, ErrorCode.TOPIC_ALREADY_EXISTS),
    ],
)
async def test_create_topics_errors(broker, conn, name, partitions, rf, configs, code):
    body = {
        "topics": [
            {
                "name": name,
                "num_partitions": partitions,
                "replication_factor": rf,
                "configs": [{"name": k, "value": v} for k, v in configs.items()],
            }
        ],
        "timeout_ms": 1000,
    }
    r = await conn.request(ApiKey.CREATE_TOPICS, 7, body)
    assert (r.topics[0].name, r.topics[0].error_code) == (name, code)
    assert r.topics[0].error_message
    if name != OFFSETS_TOPIC:
        assert broker.topics.get(name) is None


async def test_create_topics_validate_only_duplicates_and_collisions(broker, conn):
    t = await create(conn, "dry", 2, validate_only=True)
    assert t.error_code == ErrorCode.NONE and t.num_partitions == 2
    assert broker.topics.get("dry") is None
    r = await conn.request(
        ApiKey.CREATE_TOPICS,
        7,
        {
            "topics": [
                {"name": "twice", "num_partitions": 1, "replication_factor": 1},
                {"name": "twice", "num_partitions": 1, "replication_factor": 1},
            ],
            "timeout_ms": 1000,
        },
    )
    assert [(x.name, x.error_code) for x in r.topics] == [("twice", ErrorCode.INVALID_REQUEST)]
    assert (await create(conn, "a.b")).error_code == ErrorCode.NONE
    assert (await create(conn, "a_b")).error_code == ErrorCode.INVALID_TOPIC_EXCEPTION
    t = await create(conn, "defaults", -1, replication_factor=-1)
    assert t.error_code == ErrorCode.NONE and broker.topics.get("defaults").partitions == 1


async def test_offsets_topic_is_created_at_start(broker, conn):
    r = await conn.request(ApiKey.METADATA, 12, {"topics": [{"name": OFFSETS_TOPIC}]})
    t = r.topics[0]
    assert t.error_code == ErrorCode.NONE and t.is_internal
    assert len(t.partitions) == broker.config["offsets.topic.num.partitions"]
    lg = broker.topics.log(OFFSETS_TOPIC, 0)
    assert lg.config.compact and not lg.config.delete
    assert lg.config.segment_bytes == broker.config["offsets.topic.segment.bytes"]
    # Clients may not write to it, nor delete it.
    p = await produce(conn, OFFSETS_TOPIC, records(1))
    assert p.error_code == ErrorCode.INVALID_TOPIC_EXCEPTION
    r = await conn.request(ApiKey.DELETE_TOPICS, 5, {"topic_names": [OFFSETS_TOPIC], "timeout_ms": 1000})
    assert r.responses[0].error_code == ErrorCode.INVALID_REQUEST


async def test_metadata_lists_topics_with_ids_and_leaders(broker, conn):
    await create(conn, "m1", 2)
    for version in range(0, 14):
        body = {"topics": [{"name": "m1"}]}
        r = await conn.request(ApiKey.METADATA, version, body)
        t = r.topics[0]
        assert (t.name, t.error_code) == ("m1", ErrorCode.NONE)
        assert [
            (p.partition_index, p.leader_id, list(p.replica_nodes), list(p.isr_nodes)) for p in t.partitions
        ] == [(0, 0, [0], [0]), (1, 0, [0], [0])]
        if version >= 10:
            assert t.topic_id == broker.topics.get("m1").topic_id
    r = await conn.request(ApiKey.METADATA, 12, {"topics": None})
    assert {"m1", OFFSETS_TOPIC} <= {t.name for t in r.topics}
    # By id (v10+), and an unknown id.
    tid = broker.topics.get("m1").topic_id
    r = await conn.request(
        ApiKey.METADATA,
        12,
        {"topics": [{"topic_id": tid, "name": None}, {"topic_id": uuid.uuid4(), "name": None}]},
    )
    assert [(t.name, t.error_code) for t in r.topics] == [("m1", 0), (None, ErrorCode.UNKNOWN_TOPIC_ID)]


async def test_metadata_auto_creates_topics(broker, conn):
    r = await conn.request(
        ApiKey.METADATA, 9, {"topics": [{"name": "auto"}], "allow_auto_topic_creation": True}
    )
    assert r.topics[0].error_code == ErrorCode.NONE and len(r.topics[0].partitions) == 1
    r = await conn.request(
        ApiKey.METADATA, 9, {"topics": [{"name": "manual"}], "allow_auto_topic_creation": False}
    )
    assert r.topics[0].error_code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    r = await conn.request(
        ApiKey.METADATA, 9, {"topics": [{"name": "bad/name"}], "allow_auto_topic_creation": True}
    )
    assert r.topics[0].error_code == ErrorCode.INVALID_TOPIC_EXCEPTION
    r = await conn.request(ApiKey.METADATA, 0, {"topics": [{"name": "auto-v0"}]})  # v0 always auto-creates
    assert r.topics[0].error_code == ErrorCode.NONE


async def test_metadata_does_not_auto_create_when_disabled(tmp_path):
    b = await start_broker(tmp_path / "d", **{"auto.create.topics.enable": "false"})
    try:
        c = await RawConnection.open(b.bound_port)
        r = await c.request(
            ApiKey.METADATA, 9, {"topics": [{"name": "auto"}], "allow_auto_topic_creation": True}
        )
        assert r.topics[0].error_code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
        await c.close()
    finally:
        await b.stop()


@pytest.mark.parametrize("version", range(0, 7))
async def test_delete_topics(broker, conn, version):
    await create(conn, "gone", 2)
    await produce(conn, "gone", records(3))
    tid = broker.topics.get("gone").topic_id
    if version >= 6:
        body = {
            "topics": [
                {"name": None, "topic_id": tid},
                {"name": "nope", "topic_id": ZERO},
                {"name": None, "topic_id": uuid.uuid4()},
            ],
            "timeout_ms": 1000,
        }
    else:
        body = {"topic_names": ["gone", "nope"], "timeout_ms": 1000}
    r = await conn.request(ApiKey.DELETE_TOPICS, version, body)
    codes = [x.error_code for x in r.responses]
    assert codes[:2] == [ErrorCode.NONE, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION]
    if version >= 6:
        assert codes[2] == ErrorCode.UNKNOWN_TOPIC_ID
    assert broker.topics.get("gone") is None
    assert not list(broker.config.log_dirs[0].glob("gone-*"))
    p = await produce(conn, "gone", records(1))
    assert p.error_code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    # The name can be used again, and starts empty.
    assert (await create(conn, "gone", 1)).error_code == ErrorCode.NONE
    assert (await fetch(conn, "gone", 0)).high_watermark == 0


# --- produce and fetch ----------------------------------------------------------------------


def legacy(n: int, start: int, magic: int, codec: int = 0) -> bytes:
    recs = [
        LegacyRecord(i, 1_700_000_000_000 + i if magic else -1, b"k", f"v{start + i}".encode(), magic)
        for i in range(n)
    ]
    return encode_legacy_message_set(recs, magic, codec)


def values_of(data: bytes, version: int) -> list[tuple[int, bytes]]:
    if version <= 3:
        return [(r.offset, r.value) for r in decode_legacy_message_set(data)]
    return [(offset, r.value) for b in decode_batches(data) for offset, _, r in b]


async def test_every_produce_version_and_every_fetch_version(broker, conn):
    await create(conn, "allv", 1)
    expected: list[tuple[int, bytes]] = []
    tid = broker.topics.get("allv").topic_id
    for version in range(APIS[ApiKey.PRODUCE].max_version + 1):
        start = len(expected)
        if version <= 2:
            data = legacy(
                3, start, magic=0 if version == 0 else 1, codec=Compression.GZIP if version == 2 else 0
            )
        else:
            data = records(3, start, codec=Compression.SNAPPY if version % 2 else 0)
        p = await produce(conn, "allv", data, version=version, topic_id=tid)
        assert (p.error_code, p.base_offset) == (ErrorCode.NONE, start), version
        expected += [(start + i, f"v{start + i}".encode()) for i in range(3)]
    for version in range(APIS[ApiKey.FETCH].max_version + 1):
        body = fetch_body("allv", 0, topic_id=tid)
        r = await conn.request(ApiKey.FETCH, version, body)
        part = r.responses[0].partitions[0]
        assert part.error_code == ErrorCode.NONE, version
        assert part.high_watermark == len(expected)
        got = values_of(part.records, version)
        assert got == expected, version


async def test_fetch_returns_stored_bytes(broker, conn):
    await create(conn, "raw", 1)
    sent = [records(4, i * 4, codec=c) for i, c in enumerate([0, 1, 2, 3, 4])]
    for data in sent:
        await produce(conn, "raw", data)
    part = await fetch(conn, "raw", 0)
    stored = part.records
    pos = 0
    for data in sent:
        n = len(data)
        assert stored[pos + 16 : pos + n] == data[16:]  # all but the base offset and leader epoch
        pos += n
    assert pos == len(stored)


async def test_produce_errors_keep_the_connection(broker, conn):
    await create(conn, "errs", 1)
    good = records(2)
    bad_crc = bytearray(good)
    bad_crc[-1] ^= 1
    cases = [
        (dict(topic="nope", data=good), ErrorCode.UNKNOWN_TOPIC_OR_PARTITION),
        (dict(topic="errs", data=good, partition=5), ErrorCode.UNKNOWN_TOPIC_OR_PARTITION),
        (dict(topic="errs", data=bytes(bad_crc)), ErrorCode.CORRUPT_MESSAGE),
        (dict(topic="errs", data=good[:40]), ErrorCode.CORRUPT_MESSAGE),
        (dict(topic="errs", data=good + good), ErrorCode.INVALID_RECORD),
        (dict(topic="errs", data=None), ErrorCode.INVALID_RECORD),
        (dict(topic="errs", data=good, acks=2), ErrorCode.INVALID_REQUIRED_ACKS),
        (
            dict(topic="errs", data=records(2, codec=Compression.ZSTD), version=6),
            ErrorCode.UNSUPPORTED_COMPRESSION_TYPE,
        ),
        (dict(topic="", data=good, version=13, topic_id=uuid.uuid4()), ErrorCode.UNKNOWN_TOPIC_ID),
    ]
    for kwargs, code in cases:
        p = await produce(conn, **kwargs)
        assert p.error_code == code, kwargs
        assert p.base_offset == -1
    big = build_batch([Record(value=b"x" * 2_000_000)])
    p = await produce(conn, "errs", big)
    assert p.error_code == ErrorCode.MESSAGE_TOO_LARGE
    assert (await produce(conn, "errs", good)).base_offset == 0  # nothing above was appended


async def test_produce_to_compacted_topic_needs_keys(conn):
    await create(conn, "compacted", 1, configs={"cleanup.policy": "compact"})
    p = await produce(conn, "compacted", records(2, key=None))
    assert p.error_code == ErrorCode.INVALID_RECORD and p.record_errors[0].batch_index == 0
    assert (await produce(conn, "compacted", records(2))).error_code == ErrorCode.NONE


async def test_acks_zero_gets_no_answer_but_is_appended(broker, conn):
    await create(conn, "fire", 1)
    from protocol.frames import RequestHeader, encode_request

    body = {
        "acks": 0,
        "timeout_ms": 1000,
        "topic_data": [{"name": "fire", "partition_data": [{"index": 0, "records": records(5)}]}],
    }
    await conn.send_frame(encode_request(RequestHeader(ApiKey.PRODUCE, 9, 77, "t"), body))
    part = await fetch(conn, "fire", 0)  # answered first: the produce had no answer
    assert len(values_of(part.records, 12)) == 5


async def test_log_append_time_topic(conn):
    await create(conn, "lat", 1, configs={"message.timestamp.type": "LogAppendTime"})
    before = int(time.time() * 1000)
    p = await produce(conn, "lat", records(2, ts=5))
    assert before <= p.log_append_time_ms <= int(time.time() * 1000)
    batch = decode_batches((await fetch(conn, "lat", 0)).records)[0]
    assert [ts for _, ts, _ in batch] == [p.log_append_time_ms] * 2


async def test_topic_compression_type_recompresses(conn):
    await create(conn, "gz", 1, configs={"compression.type": "gzip"})
    await produce(conn, "gz", records(3))
    batch = decode_batches((await fetch(conn, "gz", 0)).records)[0]
    assert batch.compression == Compression.GZIP and [r.value for r in batch.records] == [b"v0", b"v1", b"v2"]


async def test_fetch_limits_and_errors(broker, conn):
    await create(conn, "lim", 2)
    for i in range(10):
        await produce(conn, "lim", records(10, i * 10))  # ~ 200 bytes each
    size = len(records(10, 10))  # the first batch is a little smaller (shorter values)
    part = await fetch(conn, "lim", 0, partition_max_bytes=3 * size)
    assert [b.base_offset for b in decode_batches(part.records)] == [0, 10, 20]
    part = await fetch(conn, "lim", 0, partition_max_bytes=10)
    assert [b.base_offset for b in decode_batches(part.records)] == [0]  # the first batch, whole (v3+)
    part = await fetch(conn, "lim", 0, version=2, partition_max_bytes=10)
    assert part.records == b""  # v0-2: a hard limit
    part = await fetch(conn, "lim", 35)
    assert decode_batches(part.records)[0].base_offset == 30
    part = await fetch(conn, "lim", 100)
    assert (part.error_code, part.high_watermark, part.records) == (ErrorCode.NONE, 100, b"")
    part = await fetch(conn, "lim", 101)
    assert (part.error_code, part.high_watermark) == (ErrorCode.OFFSET_OUT_OF_RANGE, 100)
    part = await fetch(conn, "lim", 0, partition=9)
    assert part.error_code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    part = await fetch(conn, "nope", 0)
    assert part.error_code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    r = await conn.request(ApiKey.FETCH, 13, fetch_body("", 0, topic_id=uuid.uuid4()))
    assert r.responses[0].partitions[0].error_code == ErrorCode.UNKNOWN_TOPIC_ID
    # max_bytes across partitions: the second partition gets what is left.
    body = fetch_body("lim", 0, max_bytes=2 * size)
    body["topics"][0]["partitions"].append(
        {"partition": 1, "fetch_offset": 0, "partition_max_bytes": 1 << 20}
    )
    r = await conn.request(ApiKey.FETCH, 12, body)
    assert [b.base_offset for b in decode_batches(r.responses[0].partitions[0].records)] == [0, 10]
    # Sessions are not kept: asking for one gets session id 0; naming one is an error.
    r = await conn.request(ApiKey.FETCH, 12, fetch_body("lim", 0, session_epoch=0))
    assert (r.error_code, r.session_id) == (ErrorCode.NONE, 0)
    r = await conn.request(ApiKey.FETCH, 12, fetch_body("lim", 0, session_id=1234, session_epoch=1))
    assert r.error_code == ErrorCode.FETCH_SESSION_ID_NOT_FOUND


async def test_fetch_of_zstd_needs_v10(conn):
    await create(conn, "z", 1)
    await produce(conn, "z", records(2, codec=Compression.ZSTD))
    assert (await fetch(conn, "z", 0, version=9)).error_code == ErrorCode.UNSUPPORTED_COMPRESSION_TYPE
    assert (await fetch(conn, "z", 0, version=10)).error_code == ErrorCode.NONE


async def test_long_poll_is_woken_by_a_produce(broker, conn):
    await create(conn, "poll", 1)
    producer = await RawConnection.open(broker.bound_port)
    try:
        latencies = []
        for i in range(10):
            waiting = asyncio.create_task(fetch(conn, "poll", i, max_wait_ms=10_000, min_bytes=1))
            await asyncio.sleep(0.02)  # let the fetch park (it must not return by itself)
            assert not waiting.done()
            sent = time.monotonic()
            await produce(producer, "poll", records(1, i))
            part = await asyncio.wait_for(waiting, 5)
            latencies.append((time.monotonic() - sent) * 1000)
            assert values_of(part.records, 12) == [(i, f"v{i}".encode())]
        latencies.sort()
        print(
            f"long-poll answer after the produce was sent: median {latencies[5]:.2f} ms, max {latencies[-1]:.2f} ms"
        )
        assert latencies[5] < 1000  # woken by the append, far before max_wait_ms (bench/ measures it)
    finally:
        await producer.close()


async def test_long_poll_waits_for_min_bytes_and_times_out(broker, conn):
    await create(conn, "mb", 1)
    producer = await RawConnection.open(broker.bound_port)
    try:
        one = len(records(1))
        waiting = asyncio.create_task(fetch(conn, "mb", 0, max_wait_ms=10_000, min_bytes=3 * one))
        for i in range(2):
            await produce(producer, "mb", records(1, i))
            await asyncio.sleep(0.05)
            assert not waiting.done()  # not enough yet
        await produce(producer, "mb", records(1, 2))
        part = await asyncio.wait_for(waiting, 5)
        assert len(values_of(part.records, 12)) == 3
        started = time.monotonic()
        part = await fetch(conn, "mb", 3, max_wait_ms=300, min_bytes=1)
        assert part.records == b"" and time.monotonic() - started >= 0.29
    finally:
        await producer.close()


# --- list offsets, producer ids, persistence ------------------------------------------------


async def test_list_offsets(broker, conn):
    await create(conn, "lo", 1)
    await produce(conn, "lo", records(3, ts=1000))  # offsets 0-2, timestamps 1000-1002
    await produce(conn, "lo", records(3, ts=9000))  # 3-5, 9000-9002
    await produce(conn, "lo", records(2, ts=5000))  # 6-7, 5000-5001

    async def query(ts: int, version: int = 7):
        r = await conn.request(
            ApiKey.LIST_OFFSETS,
            version,
            {
                "replica_id": -1,
                "isolation_level": 0,
                "topics": [
                    {
                        "name": "lo",
                        "partitions": [{"partition_index": 0, "timestamp": ts, "max_num_offsets": 5}],
                    }
                ],
            },
        )
        return r.topics[0].partitions[0]

    for version in range(1, 11):
        p = await query(-1, version)
        assert (p.error_code, p.offset) == (ErrorCode.NONE, 8), version
        assert (await query(-2, version)).offset == 0
        p = await query(1001, version)
        assert (p.offset, p.timestamp) == (1, 1001)
    p = await query(-3)
    assert (p.offset, p.timestamp) == (5, 9002)
    p = await query(4000)
    assert (p.offset, p.timestamp) == (3, 9000)
    p = await query(99999)
    assert (p.offset, p.timestamp) == (-1, -1)
    p = await query(-1, 0)
    assert list(p.old_style_offsets)[0] == 8
    assert list((await query(-2, 0)).old_style_offsets) == [0]
    r = await conn.request(
        ApiKey.LIST_OFFSETS,
        7,
        {
            "replica_id": -1,
            "topics": [{"name": "nope", "partitions": [{"partition_index": 0, "timestamp": -1}]}],
        },
    )
    assert r.topics[0].partitions[0].error_code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION


@pytest.mark.parametrize("version", range(0, 5))
async def test_offset_for_leader_epoch(broker, conn, version):
    await create(conn, "epochs", 2)
    await produce(conn, "epochs", records(3))
    await produce(conn, "epochs", records(2))

    async def ask(topic: str, partition: int, epoch: int, current: int = -1):
        r = await conn.request(
            ApiKey.OFFSET_FOR_LEADER_EPOCH,
            version,
            {
                "replica_id": -1,
                "topics": [
                    {
                        "topic": topic,
                        "partitions": [
                            {"partition": partition, "current_leader_epoch": current, "leader_epoch": epoch}
                        ],
                    }
                ],
            },
        )
        p = r.topics[0].partitions[0]
        return p.error_code, (p.leader_epoch if version >= 1 else None), p.end_offset

    # A single broker leads at epoch 0: epoch 0 ends at the log end; a later one is unknown.
    assert await ask("epochs", 0, 0) == (ErrorCode.NONE, 0 if version >= 1 else None, 5)
    assert await ask("epochs", 0, 7) == (ErrorCode.NONE, -1 if version >= 1 else None, -1)
    assert (await ask("epochs", 1, 0))[2] == 0  # nothing written: epoch 0 "ends" at 0
    assert (await ask("nope", 0, 0))[0] == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    assert (await ask("epochs", 9, 0))[0] == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    if version >= 2:  # fencing by the current leader epoch
        assert (await ask("epochs", 0, 0, current=3))[0] == ErrorCode.UNKNOWN_LEADER_EPOCH


async def test_init_producer_id_and_idempotent_produce(broker, conn):
    ids = []
    for version in range(0, 6):
        r = await conn.request(
            ApiKey.INIT_PRODUCER_ID, version, {"transactional_id": None, "transaction_timeout_ms": 60000}
        )
        assert (r.error_code, r.producer_epoch) == (ErrorCode.NONE, 0)
        ids.append(r.producer_id)
    assert ids == sorted(set(ids))
    r = await conn.request(
        ApiKey.INIT_PRODUCER_ID, 4, {"transactional_id": "tx", "transaction_timeout_ms": 60000}
    )
    assert r.error_code == ErrorCode.COORDINATOR_NOT_AVAILABLE
    await create(conn, "idem", 1)
    pid = ids[-1]
    first = await produce(conn, "idem", records(2, producer_id=pid, producer_epoch=0, base_sequence=0))
    retry = await produce(conn, "idem", records(2, producer_id=pid, producer_epoch=0, base_sequence=0))
    assert (first.error_code, retry.error_code, retry.base_offset) == (0, 0, first.base_offset)
    gap = await produce(conn, "idem", records(2, producer_id=pid, producer_epoch=0, base_sequence=5))
    assert gap.error_code == ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER
    assert (await fetch(conn, "idem", 0)).high_watermark == 2


async def test_topics_configs_ids_and_producer_ids_persist(tmp_path):
    data = tmp_path / "d"
    b = await start_broker(data)
    c = await RawConnection.open(b.bound_port)
    await create(c, "keep", 3, configs={"retention.ms": "123456", "cleanup.policy": "compact"})
    await produce(c, "keep", records(4), partition=2)
    tid = b.topics.get("keep").topic_id
    r = await c.request(ApiKey.INIT_PRODUCER_ID, 1, {"transactional_id": None, "transaction_timeout_ms": 1})
    pid = r.producer_id
    await c.close()
    await b.stop()

    b = await start_broker(data)
    try:
        c = await RawConnection.open(b.bound_port)
        t = b.topics.get("keep")
        assert (t.topic_id, t.partitions, t.configs) == (
            tid,
            3,
            {"retention.ms": "123456", "cleanup.policy": "compact"},
        )
        assert b.topics.log("keep", 2).config.retention_ms == 123456
        part = await fetch(c, "keep", 0, partition=2)
        assert [v for _, v in values_of(part.records, 12)] == [b"v0", b"v1", b"v2", b"v3"]
        r = await c.request(
            ApiKey.INIT_PRODUCER_ID, 1, {"transactional_id": None, "transaction_timeout_ms": 1}
        )
        assert r.producer_id > pid
        await c.close()
    finally:
        await b.stop()


async def test_mutated_batches_get_an_answer_never_a_dropped_connection(broker, conn):
    """Random damage to produced batches (flips, cuts, junk, legacy magic in new versions): each
    gets an error code or is appended; the connection and the log stay usable."""
    import random

    await create(conn, "fuzz", 1)
    rng = random.Random(7)
    base = [records(3, codec=c) for c in range(5)] + [legacy(2, 0, 1), legacy(2, 0, 0, Compression.GZIP)]
    appended = 0
    for i in range(300):
        data = bytearray(rng.choice(base))
        kind = i % 4
        if kind == 0:
            for _ in range(rng.randrange(1, 4)):
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif kind == 1:
            data = data[: rng.randrange(len(data))]
        elif kind == 2:
            data[rng.randrange(len(data)) :] = rng.randbytes(rng.randrange(1, 40))
        else:
            data += rng.randbytes(rng.randrange(1, 80))
        p = await produce(conn, "fuzz", bytes(data), version=rng.choice([2, 3, 8, 9]))
        assert isinstance(p.error_code, int)
        appended += p.error_code == ErrorCode.NONE
    part = await fetch(conn, "fuzz", 0)
    assert part.error_code == ErrorCode.NONE
    assert decode_batches(part.records)  # what was appended reads back, CRCs intact
    assert (await produce(conn, "fuzz", records(1))).error_code == ErrorCode.NONE


async def test_background_retention_deletes_old_segments(tmp_path):
    from tests.helpers import async_wait_until

    b = await start_broker(tmp_path / "d", **{"log.retention.check.interval.ms": "50"})
    try:
        c = await RawConnection.open(b.bound_port)
        t = await create(c, "short", 1, configs={"segment.bytes": "2000", "retention.bytes": "4000"})
        assert t.error_code == ErrorCode.NONE
        for i in range(100):  # ~ 12 KB: six segments of 2 KB, at most 4 KB to keep
            await produce(c, "short", records(5, i * 5))

        async def earliest() -> int:
            r = await c.request(
                ApiKey.LIST_OFFSETS,
                7,
                {
                    "replica_id": -1,
                    "topics": [{"name": "short", "partitions": [{"partition_index": 0, "timestamp": -2}]}],
                },
            )
            return r.topics[0].partitions[0].offset

        lg = b.topics.log("short", 0)

        async def trimmed() -> bool:  # at most retention.bytes plus the oldest segment kept
            return lg.size <= 4000 + 2000 and await earliest() > 0

        await async_wait_until(trimmed, timeout=10, what="retention to delete old segments")
        assert lg.log_start_offset == await earliest()
        part = await fetch(c, "short", 0)
        assert (
            part.error_code == ErrorCode.OFFSET_OUT_OF_RANGE and part.log_start_offset == lg.log_start_offset
        )
        assert values_of((await fetch(c, "short", lg.log_start_offset)).records, 12)
        await c.close()
    finally:
        await b.stop()

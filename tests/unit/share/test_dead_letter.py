"""KIP-1191 dead-letter topics, against an in-process broker in raw frames: a rejected record and
one archived at the delivery count limit are written to the group's dead-letter topic with
Kafka's context headers (key and value copied only with errors.deadletterqueue.copy.record.enable),
on the partition source partition % partitions; nothing is written for a group without one, nor
to a topic that is not enabled as one (errors.deadletterqueue.group.enable) or misnamed.
With confluent-kafka's ShareConsumer: tests/interop/test_share_dead_letter.py."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from broker.broker import Broker
from broker.cluster.znodes import EndPoint
from broker.share.dead_letter import DeadLetter, DeadLetterWriter, batches_of, records_of, unusable
from broker.share.partition import AcknowledgeType as A
from broker.share.partition import DeadReason
from broker.share.persister import InMemoryPersister
from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from protocol.records import decode_batches
from tests.helpers import RawConnection, async_wait_until, broker_config

SHARE = {
    "group_share_enable": "true",
    "group_share_min_session_timeout_ms": "1000",
    "group_share_session_timeout_ms": "10000",
    "group_share_min_heartbeat_interval_ms": "100",
    "group_share_heartbeat_interval_ms": "300",
}
DLQ = "dlq.jobs"


class Env:
    def __init__(self, broker: Broker, conn: RawConnection) -> None:
        self.broker, self.conn = broker, conn
        self.tid: uuid.UUID = broker.topics.topics["jobs"].topic_id
        self.epochs: dict[tuple[str, str], int] = {}

    async def join(self, group: str, member: str) -> None:
        body = {"group_id": group, "member_id": member, "member_epoch": 0, "subscribed_topic_names": ["jobs"]}
        assert (await self.conn.request(ApiKey.SHARE_GROUP_HEARTBEAT, 1, body)).error_code == E.NONE

    async def fetch(
        self, group: str, member: str, partition: int, acks: list[tuple[int, int, list[int]]] | None = None
    ) -> list[tuple[int, int, int]]:
        epoch = self.epochs.get((group, member), 0)
        body = {
            "group_id": group,
            "member_id": member,
            "share_session_epoch": epoch,
            "max_wait_ms": 0,
            "min_bytes": 1,
            "max_bytes": 1 << 20,
            "max_records": 500,
            "batch_size": 500,
            "topics": [
                {
                    "topic_id": self.tid,
                    "partitions": [
                        {
                            "partition_index": partition,
                            "acknowledgement_batches": [
                                {"first_offset": a, "last_offset": b, "acknowledge_types": t}
                                for a, b, t in acks or []
                            ],
                        }
                    ],
                }
            ],
            "forgotten_topics_data": [],
        }
        r = await self.conn.request(ApiKey.SHARE_FETCH, 1, body)
        assert r.error_code == E.NONE
        self.epochs[(group, member)] = epoch + 1
        parts = [p for t in r.responses for p in t.partitions]
        assert all(p.acknowledge_error_code == E.NONE for p in parts)
        return [(a.first_offset, a.last_offset, a.delivery_count) for p in parts for a in p.acquired_records]


async def _read_dlq(broker: Broker, partition: int = 0) -> list[tuple[Any, dict[str, str]]]:
    lg = broker.topics.log(DLQ, partition)
    assert lg is not None
    result = await lg.read(0, 1 << 20)
    data = result.records
    assert isinstance(data, bytes | bytearray | memoryview)
    return [
        (r, {k: (v or b"").decode() for k, v in r.headers})
        for b in decode_batches(bytes(data))
        for _, _, r in b
    ]


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[Env]:
    broker = Broker(broker_config(tmp_path / "data", **SHARE), share_persister=InMemoryPersister())
    await broker.start()
    await broker.topics.create("jobs", 4)
    await broker.topics.create(DLQ, 3, configs={"errors.deadletterqueue.group.enable": "true"})
    for p in range(4):
        lg = broker.topics.log("jobs", p)
        assert lg is not None
        await lg.append_records([(b"k%d" % i, b"v%d" % i) for i in range(3)])
    conn = await RawConnection.open(broker.bound_port)
    try:
        yield Env(broker, conn)
    finally:
        await conn.close()
        await broker.stop()


def _configure(env: Env, group: str, **extra: str) -> None:
    env.broker.share_partitions.group_configs[group] = {
        "share.auto.offset.reset": "earliest",
        "share.delivery.count.limit": "2",
        **{k.replace("_", "."): v for k, v in extra.items()},
    }


async def _reject_and_exhaust(env: Env, group: str, partition: int) -> None:
    """Offset 0 rejected, offset 1 released twice (archived at the limit 2), offset 2 accepted."""
    await env.join(group, "m")
    assert await env.fetch(group, "m", partition) == [(0, 2, 1)]
    got = await env.fetch(
        group, "m", partition, acks=[(0, 0, [A.REJECT]), (1, 1, [A.RELEASE]), (2, 2, [A.ACCEPT])]
    )
    assert got == [(1, 1, 2)]
    assert await env.fetch(group, "m", partition, acks=[(1, 1, [A.RELEASE])]) == []


async def test_rejected_and_exhausted_records_reach_the_dead_letter_topic(env: Env) -> None:
    _configure(
        env,
        "copying",
        errors_deadletterqueue_topic_name=DLQ,
        errors_deadletterqueue_copy_record_enable="true",
    )
    await _reject_and_exhaust(env, "copying", partition=2)  # 2 % 3: the DLQ's partition 2

    async def written() -> bool:
        return len(await _read_dlq(env.broker, 2)) == 2

    await async_wait_until(written, timeout=10, what="two dead letters")
    (rejected, h0), (exhausted, h1) = await _read_dlq(env.broker, 2)
    assert h0 == {
        "__dlq.errors.topic": "jobs",
        "__dlq.errors.partition": "2",
        "__dlq.errors.offset": "0",
        "__dlq.errors.group": "copying",
        "__dlq.errors.delivery.count": "1",
        "__dlq.errors.message": "Offset rejected by client.",
    }
    assert (rejected.key, rejected.value) == (b"k0", b"v0")  # copied
    assert h1["__dlq.errors.offset"] == "1" and h1["__dlq.errors.delivery.count"] == "2"
    assert h1["__dlq.errors.message"] == "Offset delivery count exceeded the threshold."
    assert (exhausted.key, exhausted.value) == (b"k1", b"v1")
    assert await _read_dlq(env.broker, 0) == [] and await _read_dlq(env.broker, 1) == []


async def test_headers_only_unless_copying_and_nothing_without_a_dead_letter_topic(env: Env) -> None:
    _configure(env, "plain")  # no dead-letter topic
    await _reject_and_exhaust(env, "plain", partition=1)
    # the group without one archived its records first; then one with headers only
    _configure(env, "headers", errors_deadletterqueue_topic_name=DLQ)
    await _reject_and_exhaust(env, "headers", partition=1)

    async def written() -> bool:
        return len(await _read_dlq(env.broker, 1)) >= 2

    await async_wait_until(written, timeout=10, what="the dead letters of the group that has a topic")
    letters = await _read_dlq(env.broker, 1)
    assert [h["__dlq.errors.group"] for _, h in letters] == ["headers", "headers"]  # none of "plain"
    assert all((r.key, r.value) == (None, None) for r, _ in letters)  # headers only
    assert [h["__dlq.errors.offset"] for _, h in letters] == ["0", "1"]


async def test_a_topic_not_enabled_as_dead_letter_topic_gets_nothing(env: Env) -> None:
    await env.broker.topics.create("dlq.other", 1)  # no errors.deadletterqueue.group.enable
    _configure(env, "refused", errors_deadletterqueue_topic_name="dlq.other")
    await _reject_and_exhaust(env, "refused", partition=0)
    _configure(env, "missing", errors_deadletterqueue_topic_name="dlq.missing")  # no auto create
    await _reject_and_exhaust(env, "missing", partition=3)
    # what the broker did once the archives were durable: checked, refused, written nowhere
    await env.broker.share_partitions.stop()
    lg = env.broker.topics.log("dlq.other", 0)
    assert lg is not None and lg.high_watermark == 0
    assert env.broker.topics.get("dlq.missing") is None


def test_which_topics_may_be_dead_letter_topics() -> None:
    enabled = {"errors.deadletterqueue.group.enable": "true"}
    assert unusable("dlq.a", "dlq.", enabled, auto_create=False) is None
    assert unusable("dlq.a", "dlq.", None, auto_create=True) is None  # created when missing
    assert unusable("dlq.a", "dlq.", None, auto_create=False)
    assert unusable("dlq.a", "dlq.", {}, auto_create=True)  # exists, not enabled
    assert unusable("a", "dlq.", enabled, auto_create=False)  # the prefix
    assert unusable("a", "", enabled, auto_create=False) is None  # no prefix required
    assert unusable("__a", "", enabled, auto_create=False)


async def test_a_dead_letter_partition_led_elsewhere_gets_a_produce(env: Env) -> None:
    """In a cluster, the writer sends a Produce (acks=all) to the dead-letter partition's leader:
    here `env.broker` plays that leader for a writer that believes broker 5 leads it."""
    leader = env.broker

    class View:
        def leader(self, topic: str, partition: int) -> int:
            return 5

    class Cluster:
        view = View()

        def endpoint_of(self, broker_id: int, listener: str) -> EndPoint | None:
            return EndPoint(listener, "127.0.0.1", leader.bound_port) if broker_id == 5 else None

    writer = DeadLetterWriter(SimpleNamespace(config=leader.config, cluster=Cluster(), node_id=1))  # type: ignore[arg-type]
    try:
        records = records_of("g", "jobs", 2, [DeadLetter(7, 3, DeadReason.DELIVERY_COUNT_EXCEEDED)])
        (batch,) = batches_of(records, 1 << 20, 1_700_000_000_000)
        assert await writer._produce(DLQ, 2, batch) == E.NONE
        ((_, headers),) = await _read_dlq(leader, 2)
        assert headers["__dlq.errors.offset"] == "7" and headers["__dlq.errors.delivery.count"] == "3"
    finally:
        await writer.close()


async def test_a_missing_topic_is_created_when_the_broker_allows_it(tmp_path: Path) -> None:
    config = broker_config(
        tmp_path / "data", errors_deadletterqueue_auto_create_topics_enable="true", **SHARE
    )
    broker = Broker(config, share_persister=InMemoryPersister())
    await broker.start()
    conn = await RawConnection.open(broker.bound_port)
    try:
        await broker.topics.create("jobs", 1)
        lg = broker.topics.log("jobs", 0)
        assert lg is not None
        await lg.append_records([(b"k0", b"v0"), (b"k1", b"v1"), (b"k2", b"v2")])
        env = Env(broker, conn)
        _configure(env, "auto", errors_deadletterqueue_topic_name=DLQ)
        await _reject_and_exhaust(env, "auto", partition=0)

        async def written() -> bool:
            return broker.topics.log(DLQ, 0) is not None and len(await _read_dlq(broker, 0)) == 2

        await async_wait_until(written, timeout=10, what="the dead-letter topic created and written")
        created = broker.topics.get(DLQ)
        assert created is not None
        assert created.configs["errors.deadletterqueue.group.enable"] == "true"
    finally:
        await conn.close()
        await broker.stop()

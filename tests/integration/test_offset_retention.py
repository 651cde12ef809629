"""Offset retention (KIP-211): offsets of an empty group expire after offsets.retention.minutes
(OffsetFetch answers -1, tombstones are in __consumer_offsets, the group is removed); offsets of
an active group stay. The broker runs in-process so that its coordinator's wall clock can be
moved forward past the retention (offsets.retention.minutes is at least a minute)."""

from __future__ import annotations

import time

from broker.group.classic.group import ClassicGroup, GroupState
from broker.group.config import SystemClock
from broker.group.offsets.retention import expired_offsets
from broker.group.records import OFFSETS_TOPIC, GroupRecord, OffsetAndMetadata, OffsetRecord, decode_record
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import RawConnection, async_wait_until, start_broker

MINUTE = 60_000


class SkewedClock:
    """The system clock, with the wall clock moved forward by `skew_ms`. (It wraps SystemClock:
    compiled with mypyc, protocol/native.py, that class cannot be subclassed here.)"""

    def __init__(self) -> None:
        self.skew_ms = 0
        self.system = SystemClock()

    def monotonic_ms(self) -> int:
        return self.system.monotonic_ms()

    def wall_ms(self) -> int:
        return self.system.wall_ms() + self.skew_ms


# --- the rule, without a broker ----------------------------------------------------------------


def oam(commit_ts: int, expire_ts: int | None = None) -> OffsetAndMetadata:
    return OffsetAndMetadata(5, None, "", commit_ts, expire_ts)


def test_rule_empty_group_expires_from_when_it_became_empty():
    g = ClassicGroup("g", state=GroupState.EMPTY, state_timestamp_ms=10 * MINUTE, protocol_type="consumer")
    offsets = {"t": {0: oam(0), 1: oam(9 * MINUTE)}}
    assert expired_offsets(g, offsets, 10 * MINUTE + MINUTE - 1, MINUTE) == []
    assert expired_offsets(g, offsets, 11 * MINUTE, MINUTE) == [("t", 0), ("t", 1)]


def test_rule_simple_group_expires_each_offset_from_its_commit():
    g = ClassicGroup("g", state_timestamp_ms=0)
    offsets = {"t": {0: oam(0), 1: oam(MINUTE)}}
    assert expired_offsets(g, offsets, MINUTE, MINUTE) == [("t", 0)]


def test_rule_explicit_expire_timestamp_and_rebalancing_groups():
    g = ClassicGroup("g", state_timestamp_ms=0)
    assert expired_offsets(g, {"t": {0: oam(0, expire_ts=5)}}, 5, 10 * MINUTE) == [("t", 0)]
    rebalancing = ClassicGroup("r", state=GroupState.PREPARING_REBALANCE, protocol_type="consumer")
    assert expired_offsets(rebalancing, {"t": {0: oam(0)}}, 10 * MINUTE, MINUTE) == []


# --- a broker ---------------------------------------------------------------------------------


async def fetch(conn: RawConnection, group: str, topic: str, partitions: list[int]) -> dict[int, int]:
    r = await conn.request(
        ApiKey.OFFSET_FETCH,
        8,
        {"groups": [{"group_id": group, "topics": [{"name": topic, "partition_indexes": partitions}]}]},
    )
    assert r.groups[0].error_code == ErrorCode.NONE
    return {p.partition_index: p.committed_offset for t in r.groups[0].topics for p in t.partitions}


async def offsets_log_records(broker) -> list:
    lg = broker.log_manager.get(OFFSETS_TOPIC, 0)
    return [decode_record(k, v) async for k, v in lg.read_records()]


async def test_empty_group_offsets_expire_with_tombstones_active_group_offsets_stay(tmp_path):
    from aiokafka import AIOKafkaConsumer, TopicPartition
    from aiokafka.admin import AIOKafkaAdminClient, NewTopic

    broker = await start_broker(
        tmp_path / "data",
        **{
            "offsets.topic.num.partitions": "1",
            "offsets.retention.minutes": "1",
            "offsets.retention.check.interval.ms": "50",
        },
    )
    clock = SkewedClock()
    for runtime in broker.groups.runtimes:
        runtime.shard.clock = clock
    bootstrap = f"127.0.0.1:{broker.bound_port}"
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    conn = await RawConnection.open(broker.bound_port)
    active = gone = None
    try:
        await admin.create_topics([NewTopic("t", 2, 1)])
        tps = [TopicPartition("t", 0), TopicPartition("t", 1)]

        async def member(group: str) -> AIOKafkaConsumer:
            c = AIOKafkaConsumer(
                "t",
                bootstrap_servers=bootstrap,
                group_id=group,
                enable_auto_commit=False,
                session_timeout_ms=6000,
                heartbeat_interval_ms=200,
            )
            await c.start()
            await async_wait_until(lambda: len(c.assignment()) == 2, timeout=20, what=f"{group} assignment")
            await c.commit({tp: 7 for tp in tps})
            return c

        active = await member("active")
        gone = await member("gone")
        await gone.stop()  # leaves: the group is Empty from now
        gone = None
        r = await conn.request(
            ApiKey.OFFSET_COMMIT,
            8,
            {
                "group_id": "simple",
                "generation_id_or_member_epoch": -1,
                "member_id": "",
                "topics": [{"name": "t", "partitions": [{"partition_index": 0, "committed_offset": 3}]}],
            },
        )
        assert r.topics[0].partitions[0].error_code == ErrorCode.NONE
        assert await fetch(conn, "gone", "t", [0, 1]) == {0: 7, 1: 7}

        clock.skew_ms = 2 * MINUTE  # past offsets.retention.minutes for everything committed so far

        async def expired() -> bool:
            return await fetch(conn, "gone", "t", [0, 1]) == {0: -1, 1: -1} and await fetch(
                conn, "simple", "t", [0]
            ) == {0: -1}

        started = time.monotonic()
        await async_wait_until(expired, timeout=10, what="offsets of empty groups to expire")
        print(f"\nexpired within {time.monotonic() - started:.2f} s of passing the retention")
        assert await fetch(conn, "active", "t", [0, 1]) == {0: 7, 1: 7}, "an active group's offsets stay"
        records = await offsets_log_records(broker)
        tombstones = {
            (r.group, r.topic, r.partition)
            for r in records
            if isinstance(r, OffsetRecord) and r.value is None
        }
        assert {("gone", "t", 0), ("gone", "t", 1), ("simple", "t", 0)} <= tombstones
        assert not any(
            r.group == "active" for r in records if isinstance(r, OffsetRecord) and r.value is None
        )
        group_tombstones = {r.group for r in records if isinstance(r, GroupRecord) and r.value is None}
        assert "gone" in group_tombstones  # an empty group without offsets is removed
        assert (
            "simple" not in group_tombstones
        )  # removed too, but it never had metadata (Kafka: generation 0)
        listed = await conn.request(ApiKey.LIST_GROUPS, 4, {"states_filter": [], "types_filter": []})
        assert {g.group_id for g in listed.groups} == {"active"}
        described = await conn.request(
            ApiKey.DESCRIBE_GROUPS, 5, {"groups": ["gone"], "include_authorized_operations": False}
        )
        assert described.groups[0].group_state == "Dead"

        # DeleteGroups writes tombstones too (the active group, once it is empty).
        await active.stop()
        active = None
        deleted = await conn.request(ApiKey.DELETE_GROUPS, 2, {"groups_names": ["active"]})
        assert [(r.group_id, r.error_code) for r in deleted.results] == [("active", ErrorCode.NONE)]
        records = await offsets_log_records(broker)
        assert ("active", "t", 0) in {
            (r.group, r.topic, r.partition)
            for r in records
            if isinstance(r, OffsetRecord) and r.value is None
        }
        assert "active" in {r.group for r in records if isinstance(r, GroupRecord) and r.value is None}
    finally:
        for c in (active, gone):
            if c is not None:
                await c.stop()
        await conn.close()
        await admin.close()
        await broker.stop()

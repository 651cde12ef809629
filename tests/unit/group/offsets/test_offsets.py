"""OffsetCommit / OffsetFetch in the pure shard, the offsets records, and reloading a shard."""

from __future__ import annotations

from broker.group.classic.group import GroupState
from broker.group.config import GroupConfig
from broker.group.events import CommitPartition, OffsetCommit
from broker.group.offsets.store import OffsetStore
from broker.group.records import (
    GroupMetadataValue,
    GroupRecord,
    MemberMetadata,
    OffsetAndMetadata,
    OffsetRecord,
    decode_record,
    encode_record,
)
from broker.group.shard import GroupCoordinatorShard
from protocol import group_records as gr
from tests.unit.group.group_harness import E, Harness, ManualClock

S = GroupState


def test_simple_commit_creates_an_empty_group() -> None:
    h = Harness()
    assert h.result(h.commit("g", {("t", 0): 10, ("t", 1): 20})) == [("t", [(0, E.NONE), (1, E.NONE)])]
    assert h.shard.groups["g"].state is S.EMPTY and h.shard.groups["g"].protocol_type is None
    assert h.fetch("g", [("t", [0, 1, 2])]) == {("t", 0): 10, ("t", 1): 20, ("t", 2): -1}


def test_commit_then_fetch_all_topics() -> None:
    h = Harness()
    h.result(h.commit("g", {("a", 0): 1, ("b", 3): 2}, metadata="meta"))
    fetched = h.shard.fetch_offsets("g", None)
    assert {(t, p.partition, p.offset, p.metadata) for t, ps in fetched.topics for p in ps} == {
        ("a", 0, 1, "meta"),
        ("b", 3, 2, "meta"),
    }


def test_fetch_of_unknown_group_returns_no_offsets() -> None:
    h = Harness()
    assert h.fetch("nope", [("t", [0])]) == {("t", 0): -1}
    assert h.shard.fetch_offsets("nope", None).topics == []


def test_commit_with_generation_to_unknown_group_is_illegal_generation_before_v9() -> None:
    h = Harness()
    assert h.result(h.commit("g", {("t", 0): 1}, generation=3, member_id="m", version=8)) == [
        ("t", [(0, E.ILLEGAL_GENERATION)])
    ]
    assert h.result(h.commit("g", {("t", 0): 1}, generation=3, member_id="m", version=9)) == [
        ("t", [(0, E.GROUP_ID_NOT_FOUND)])
    ]


def test_member_commit_with_current_generation_succeeds() -> None:
    h = Harness()
    leader, _ = h.form_group(2)
    assert h.result(h.commit("g", {("t", 0): 5}, generation=1, member_id=leader)) == [("t", [(0, E.NONE)])]


def test_member_commit_with_stale_generation_is_illegal_generation() -> None:
    h = Harness()
    leader, _ = h.form_group(2)
    assert h.result(h.commit("g", {("t", 0): 5}, generation=0, member_id=leader)) == [
        ("t", [(0, E.ILLEGAL_GENERATION)])
    ]


def test_commit_from_unknown_member_is_unknown_member_id() -> None:
    h = Harness()
    h.form_group(1)
    assert h.result(h.commit("g", {("t", 0): 5}, generation=1, member_id="ghost")) == [
        ("t", [(0, E.UNKNOWN_MEMBER_ID)])
    ]


def test_commit_without_member_to_a_group_with_members_is_unknown_member_id() -> None:
    h = Harness()
    h.form_group(1)
    assert h.result(h.commit("g", {("t", 0): 5})) == [("t", [(0, E.UNKNOWN_MEMBER_ID)])]


def test_commit_while_completing_rebalance_is_rebalance_in_progress() -> None:
    h = Harness()
    w = h.join_new()
    h.advance(0)
    mid = h.result(w).member_id
    assert h.result(h.commit("g", {("t", 0): 5}, generation=1, member_id=mid)) == [
        ("t", [(0, E.REBALANCE_IN_PROGRESS)])
    ]


def test_commit_while_preparing_rebalance_is_allowed_and_keeps_the_session() -> None:
    h = Harness()
    leader, follower = h.form_group(2, session=1000, rebalance=60_000)
    h.join("g", leader, client="c0", session=1000, rebalance=60_000)  # rebalance starts
    h.advance(800)
    assert h.result(h.commit("g", {("t", 0): 5}, generation=1, member_id=follower)) == [("t", [(0, E.NONE)])]
    h.advance(800)  # past the follower's first session deadline: the commit renewed it
    assert follower in h.shard.groups["g"].members


def test_metadata_over_offset_metadata_max_bytes_is_offset_metadata_too_large() -> None:
    h = Harness(
        GroupConfig(min_session_timeout_ms=1, initial_rebalance_delay_ms=0, offset_metadata_max_bytes=8)
    )
    req = OffsetCommit(
        "g",
        topics=[
            (
                "t",
                [
                    CommitPartition(0, 1, -1, "12345678"),
                    CommitPartition(1, 1, -1, "123456789"),
                    CommitPartition(2, 1, -1, None),
                ],
            )
        ],
    )
    assert h.result(h.call("commit_offsets", req)) == [
        ("t", [(0, E.NONE), (1, E.OFFSET_METADATA_TOO_LARGE), (2, E.NONE)])
    ]
    assert h.fetch("g", [("t", [0, 1, 2])]) == {("t", 0): 1, ("t", 1): -1, ("t", 2): 1}


def test_commit_is_answered_and_visible_only_once_durable() -> None:
    h = Harness(auto_append=False)
    w = h.commit("g", {("t", 0): 7})
    assert not h.answered(w)
    assert h.fetch("g", [("t", [0])]) == {("t", 0): -1}  # not durable: not visible
    assert h.shard.offsets.has_inflight("g")
    h.complete_appends()
    assert h.result(w) == [("t", [(0, E.NONE)])] and h.fetch("g", [("t", [0])]) == {("t", 0): 7}
    assert not h.shard.offsets.has_inflight("g")


def test_failed_commit_write_answers_a_coordinator_error() -> None:
    h = Harness(auto_append=False)
    w = h.commit("g", {("t", 0): 7})
    h.complete_appends(E.KAFKA_STORAGE_ERROR)
    assert h.result(w) == [("t", [(0, E.NOT_COORDINATOR)])] and h.fetch("g", [("t", [0])]) == {("t", 0): -1}
    w = h.commit("g", {("t", 0): 7})
    h.complete_appends(E.RECORD_LIST_TOO_LARGE)
    assert h.result(w) == [("t", [(0, E.INVALID_COMMIT_OFFSET_SIZE)])]


def test_commit_records_carry_timestamps_leader_epoch_and_retention() -> None:
    h = Harness()
    req = OffsetCommit(
        "g",
        retention_time_ms=1000,
        api_version=2,
        topics=[("t", [CommitPartition(0, 9, 4, "m"), CommitPartition(1, 9, -1, "m", 123)])],
    )
    h.result(h.call("commit_offsets", req))
    r0, r1 = h.offsets_written()
    wall = h.clock.wall
    assert r0.value == OffsetAndMetadata(9, 4, "m", wall, wall + 1000)
    assert r1.value == OffsetAndMetadata(9, None, "m", 123, wall + 1000)


def test_tombstone_covers_a_commit_still_in_flight() -> None:
    store = OffsetStore()
    store.put("g", "t", 0, OffsetAndMetadata(1, None, "", 0))
    store.begin("g", [("t", 1)])
    assert store.known_partitions("g") == {("t", 0), ("t", 1)}
    store.end("g", [("t", 1)])
    assert store.known_partitions("g") == {("t", 0)}


def test_records_round_trip_through_kafkas_schemas() -> None:
    records = [
        OffsetRecord("g", "t", 3, OffsetAndMetadata(42, 7, "meta", 1000)),
        OffsetRecord("g", "t", 3, OffsetAndMetadata(42, None, "", 1000, 2000)),
        OffsetRecord("g", "t", 3, None),
        GroupRecord(
            "g",
            GroupMetadataValue(
                "consumer",
                5,
                "range",
                "m1",
                99,
                [MemberMetadata("m1", "inst", "cid", "/h", 300000, 10000, b"sub", b"asg")],
            ),
        ),
        GroupRecord("g", None),
    ]
    for record in records:
        key, value = encode_record(record)
        back = decode_record(key, value)
        if isinstance(record, GroupRecord) and record.value is not None:
            assert back.value.members == record.value.members and back.value.generation == 5
        else:
            assert back == record


def test_an_offset_record_value_is_the_protocol_encoders_bytes() -> None:
    # encode_record packs the v3 value itself (compiled); v1 (an expiry) goes to
    # protocol/group_records.py
    cases = [
        (0, None, "", 1, None),
        (2**63 - 1, 7, "meta", 1_700_000_000_000, None),
        (5, -1, "é" * 100, 0, None),
        (5, 3, "x" * 0x7FFF, 0, None),
        (9, 2, "m", 1_000, 2_000),
    ]
    for offset, epoch, metadata, ts, expire in cases:
        record = OffsetRecord("g", "t", 3, OffsetAndMetadata(offset, epoch, metadata, ts, expire))
        _, value = encode_record(record)
        assert value == gr.encode_offset_commit_value(offset, epoch, metadata, ts, expire)


def test_reload_rebuilds_groups_members_and_offsets() -> None:
    h = Harness()
    leader, follower = h.form_group(2, group="g", instance=None, session=1000)
    h.result(h.commit("g", {("t", 0): 11}, generation=1, member_id=leader))
    h.result(h.commit("simple", {("u", 1): 22}))
    h.result(h.commit("gone", {("v", 0): 1}))
    h.result(h.call("delete_groups", ["gone"]))

    clock = ManualClock()
    fresh = GroupCoordinatorShard(0, h.config, clock)
    fresh.load(h.written)
    g = fresh.groups["g"]
    assert (g.state, g.generation_id, g.protocol_name, g.leader_id) == (S.STABLE, 1, "range", leader)
    assert (
        list(g.members) == [leader, follower]
        and g.members[follower].assignment == f"assign-{follower}".encode()
    )
    assert fresh.groups["simple"].state is S.EMPTY and "gone" not in fresh.groups
    assert (
        fresh.offsets.store.get("g", "t", 0).offset == 11
        and fresh.offsets.store.get("simple", "u", 1).offset == 22
    )
    assert fresh.offsets.store.get("gone", "v", 0) is None
    # Loaded members get a fresh session: silent ones expire, and the group empties.
    clock.mono += 999
    fresh.fire_timers()
    assert g.state is S.STABLE
    clock.mono += 1
    fresh.fire_timers()
    assert g.state is S.EMPTY and not g.members


def test_reloaded_member_keeps_heartbeating_in_its_generation() -> None:
    h = Harness()
    (m,) = h.form_group(1, session=1000)
    clock = ManualClock()
    fresh = GroupCoordinatorShard(0, h.config, clock)
    fresh.load(h.written)
    from broker.group.events import Heartbeat

    assert fresh.heartbeat(Heartbeat("g", 1, m)) == E.NONE


def test_reload_of_tombstoned_group_metadata_keeps_later_offsets() -> None:
    core = GroupCoordinatorShard(0, GroupConfig(), ManualClock())
    core.load(
        [
            GroupRecord("g", GroupMetadataValue("consumer", 1, None, None, 0, [])),
            GroupRecord("g", None),
            OffsetRecord("g", "t", 0, OffsetAndMetadata(5, None, "", 0)),
        ]
    )
    assert core.groups["g"].state is S.EMPTY and core.groups["g"].protocol_type is None
    assert core.offsets.store.get("g", "t", 0).offset == 5

"""Group state changes only once its records are written: a failed write leaves memory exactly
as a reload of the log would rebuild it (DeleteGroups, offset expiry), and timers keep firing
when one of them fails."""

from __future__ import annotations

from broker.group.classic.group import GroupState as S
from broker.group.config import GroupConfig
from broker.group.events import OffsetDelete
from broker.group.partition_log import MemoryOffsetsLog
from broker.group.shard import GroupCoordinatorShard
from protocol.errors import ErrorCode as E
from tests.helpers import commit_offsets
from tests.unit.group.group_harness import Harness, ManualClock

RETENTION = GroupConfig(
    min_session_timeout_ms=100,
    max_session_timeout_ms=60_000,
    initial_rebalance_delay_ms=0,
    offsets_retention_ms=60_000,
    offsets_retention_check_interval_ms=1000,
)


def reloaded(h: Harness) -> GroupCoordinatorShard:
    """A shard restarted on what `h` wrote."""
    fresh = GroupCoordinatorShard(0, h.config, ManualClock())
    fresh.load(h.written)
    return fresh


def test_delete_groups_whose_write_fails_leaves_the_group_as_it_was() -> None:
    h = Harness()
    h.result(h.commit("g", {("t", 0): 1, ("t", 1): 2}))
    h.auto_append = False
    w = h.call("delete_groups", ["g"])
    assert not h.answered(w)  # answered once written
    h.complete_appends(E.KAFKA_STORAGE_ERROR)
    assert h.result(w) == [("g", E.NOT_COORDINATOR)]
    # In memory: the group and its offsets are still there...
    assert h.shard.groups["g"].state is S.EMPTY
    assert [g.group_id for g in h.shard.list_groups()] == ["g"]
    assert h.fetch("g", [("t", [0, 1])]) == {("t", 0): 1, ("t", 1): 2}
    # ...and a restart on the log rebuilds the same.
    fresh = reloaded(h)
    assert fresh.groups["g"].state is S.EMPTY
    assert {(t, p.partition): p.offset for t, ps in fresh.fetch_offsets("g", None).topics for p in ps} == {
        ("t", 0): 1,
        ("t", 1): 2,
    }
    # A retry that is written deletes it, in memory and in the log.
    h.auto_append = True
    assert h.result(h.call("delete_groups", ["g"])) == [("g", E.NONE)]
    assert "g" not in h.shard.groups and h.fetch("g", [("t", [0])]) == {("t", 0): -1}
    assert "g" not in reloaded(h).groups


def test_offset_expiry_whose_write_fails_retries_and_ends_consistent() -> None:
    h = Harness(RETENTION)
    h.shard.load([])  # arms the periodic retention check
    (m,) = h.form_group(1, group="gone")
    h.result(h.commit("gone", {("t", 0): 5}, generation=1, member_id=m))
    h.leave("gone", (m, None))  # the group is Empty from now
    h.result(h.commit("simple", {("t", 0): 3}))
    h.auto_append = False
    h.advance(RETENTION.offsets_retention_ms + 1000)  # past the retention: the check writes tombstones
    assert h.held
    h.complete_appends(E.KAFKA_STORAGE_ERROR)
    # Nothing was written, so nothing changed: the groups and their offsets stay.
    assert set(h.shard.groups) == {"gone", "simple"}
    assert h.fetch("gone", [("t", [0])]) == {("t", 0): 5} and h.fetch("simple", [("t", [0])]) == {("t", 0): 3}
    # The next check retries, and this time it is written.
    h.auto_append = True
    h.advance(RETENTION.offsets_retention_check_interval_ms)
    assert not h.shard.groups
    assert h.fetch("gone", [("t", [0])]) == {("t", 0): -1} and h.fetch("simple", [("t", [0])]) == {
        ("t", 0): -1
    }
    # Memory and the log agree: a restart rebuilds no group and no offset.
    fresh = reloaded(h)
    assert not fresh.groups and fresh.fetch_offsets("gone", None).topics == []
    assert fresh.fetch_offsets("simple", None).topics == []


def test_a_timer_action_that_raises_does_not_stop_the_others_due_with_it() -> None:
    h = Harness()
    ran: list[str] = []

    def fails() -> None:
        raise RuntimeError("a defect in one action")

    due = h.clock.mono + 10
    h.shard.timers.schedule(("test", "first"), due, lambda: ran.append("first"))
    h.shard.timers.schedule(("test", "fails"), due, fails)
    h.shard.timers.schedule(("test", "last"), due, lambda: ran.append("last"))
    h.clock.mono = due
    assert h.shard.fire_timers() == 3
    assert ran == ["first", "last"]


async def test_a_failed_delete_keeps_the_group_in_the_running_broker_and_after_a_restart() -> None:
    from broker.group.events import CommitPartition, OffsetCommit
    from broker.group.service import GroupCoordinatorService

    config = GroupConfig(
        min_session_timeout_ms=100, max_session_timeout_ms=60_000, initial_rebalance_delay_ms=0
    )
    log = MemoryOffsetsLog()
    svc = GroupCoordinatorService(config, 3, log)
    await svc.start()
    await svc.wait_loaded()
    try:
        assert await commit_offsets(svc, OffsetCommit("g", topics=[("t", [CommitPartition(0, 7)])])) == [
            ("t", [(0, E.NONE)])
        ]
        log.fail_with = int(E.KAFKA_STORAGE_ERROR)
        assert await svc.delete_groups(["g"]) == [("g", E.NOT_COORDINATOR)]
        log.fail_with = None
        assert svc.describe_groups(["g"], 5)[0].state == "Empty"
        assert (await svc.fetch_offsets("g", [("t", [0])])).topics[0][1][0].offset == 7
    finally:
        await svc.stop()
    again = GroupCoordinatorService(config, 3, log)
    await again.start()
    await again.wait_loaded()
    try:
        assert again.describe_groups(["g"], 5)[0].state == "Empty"
        assert (await again.fetch_offsets("g", [("t", [0])])).topics[0][1][0].offset == 7
    finally:
        await again.stop()


def durable_view(shard: GroupCoordinatorShard) -> dict:
    """What the log holds of a shard: each group's stored metadata and every committed offset."""
    groups = {
        gid: (
            str(g.state),
            g.generation_id,
            g.protocol_type,
            g.protocol_name,
            g.leader_id,
            {m.member_id: (m.group_instance_id, m.assignment) for m in g.members.values()},
        )
        for gid, g in shard.groups.items()
    }
    offsets = {gid: shard.offsets.fetch(gid, None) for gid in shard.groups}
    return {"groups": groups, "offsets": offsets}


def test_serving_and_loading_build_the_same_state() -> None:
    """Every change went through replaying its written records, so a shard restarted on the log
    holds what the serving shard holds (groups at rest: Stable or Empty)."""
    h = Harness()
    leader, _follower = h.form_group(2, group="stable")
    h.result(h.commit("stable", {("t", 0): 1, ("t", 1): 2}, generation=1, member_id=leader))
    (s,) = h.form_group(1, group="static", instance="inst")
    h.result(h.join("static", client="c0", instance="inst"))  # the static member restarts: a new id
    h.result(h.commit("simple", {("u", 0): 3, ("u", 1): 4}))
    h.result(h.call("delete_offsets", OffsetDelete("simple", [("u", [1])])))
    (m,) = h.form_group(1, group="left")
    h.result(h.commit("left", {("t", 0): 9}, generation=1, member_id=m))
    h.leave("left", (m, None))
    h.result(h.commit("deleted", {("t", 0): 5}))
    assert h.result(h.call("delete_groups", ["deleted"])) == [("deleted", E.NONE)]
    assert set(h.shard.groups) == {"stable", "static", "simple", "left"}
    assert s not in h.shard.groups["static"].members  # fenced once its new id was written
    assert durable_view(reloaded(h)) == durable_view(h.shard)


def test_a_member_joining_while_its_group_is_deleted_is_sent_back_to_join_afresh() -> None:
    h = Harness()
    h.result(h.commit("g", {("t", 0): 1}))
    h.auto_append = False
    deleting = h.call("delete_groups", ["g"])
    joining = h.join("g", version=3)  # no member id required before v4: parked in the join phase
    assert not h.answered(joining) and h.shard.groups["g"].size == 1
    h.complete_appends()
    assert h.result(deleting) == [("g", E.NONE)]
    assert h.result(joining).error == E.UNKNOWN_MEMBER_ID  # the group it joined is gone
    assert "g" not in h.shard.groups and "g" not in reloaded(h).groups


def test_a_static_member_keeps_its_old_id_until_the_new_one_is_written() -> None:
    h = Harness()
    (old,) = h.form_group(1, instance="inst")
    h.auto_append = False
    w = h.join(client="c0", instance="inst")
    assert not h.answered(w)
    assert h.heartbeat("g", old, 1, instance="inst") == E.NONE  # not fenced before the write
    h.complete_appends()
    new = h.result(w).member_id
    assert new != old and h.shard.groups["g"].static_members == {"inst": new}
    assert h.heartbeat("g", old, 1, instance="inst") == E.FENCED_INSTANCE_ID
    assert h.heartbeat("g", new, 1, instance="inst") == E.NONE


def test_an_assignment_is_handed_out_by_replaying_its_record() -> None:
    h = Harness()
    h.auto_append = False
    w = h.join_new(version=9)
    h.advance(0)
    r = h.result(w)
    sync = h.sync("g", r.member_id, r.generation_id, {r.member_id: b"A"})
    assert not h.answered(sync) and h.shard.groups["g"].state is S.COMPLETING_REBALANCE
    assert h.shard.groups["g"].members[r.member_id].assignment == b""  # nothing before the write
    h.complete_appends()
    assert h.result(sync).assignment == b"A" and h.shard.groups["g"].state is S.STABLE


def test_a_stale_assignment_record_does_not_undo_a_newer_static_member_id() -> None:
    h = Harness()
    wl = h.join_new(client="l")
    ws = h.join_new(client="s", instance="inst")
    h.advance(0)
    leader, static = h.result(wl).member_id, h.result(ws).member_id
    h.auto_append = False
    h.sync("g", leader, 1, {leader: b"L", static: b"S"})  # the assignment is being written...
    restarted = h.join(client="s", instance="inst")  # ...when the static member restarts: a rebalance
    new_id = h.shard.groups["g"].static_members["inst"]
    assert new_id != static and h.shard.groups["g"].state is S.PREPARING_REBALANCE
    h.complete_appends()
    assert h.shard.groups["g"].static_members == {"inst": new_id}  # the written snapshot changes nothing
    assert not h.answered(restarted) and h.shard.groups["g"].state is S.PREPARING_REBALANCE


def test_a_static_member_whose_new_id_is_written_during_a_rebalance_joins_it() -> None:
    h = Harness()
    (old,) = h.form_group(1, instance="inst")
    h.auto_append = False
    restarted = h.join(client="c0", instance="inst")  # no rebalance: its new id is being written...
    h.join_new(client="other")  # ...when another member joins: a rebalance
    assert h.shard.groups["g"].state is S.PREPARING_REBALANCE
    h.complete_appends()
    new_id = h.shard.groups["g"].static_members["inst"]
    assert new_id != old and old not in h.shard.groups["g"].members
    h.advance(0)
    r = h.result(restarted)  # it joined the rebalance under its new id
    assert (r.error, r.member_id, r.generation_id) == (E.NONE, new_id, 2)

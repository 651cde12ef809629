"""The classic group protocol of one coordinator shard, without sockets: every transition and
every error code, each as a named test. Kafka's group coordinator is the reference."""

from __future__ import annotations

import structlog

from broker.group.classic.group import GroupState
from broker.group.config import GroupConfig
from broker.group.events import Heartbeat, JoinResult, LeaveResult, OffsetDelete, SyncResult
from broker.group.records import GroupRecord, OffsetRecord
from tests.unit.group.group_harness import E, Harness

S = GroupState


def state(h: Harness, group: str = "g") -> GroupState:
    return h.shard.groups[group].state


def generation(h: Harness, group: str = "g") -> int:
    return h.shard.groups[group].generation_id


# == JoinGroup ====================================================================================


def test_first_join_v4_answers_member_id_required_with_a_new_id() -> None:
    h = Harness()
    r: JoinResult = h.result(h.join(client="cli", version=4))
    assert r.error == E.MEMBER_ID_REQUIRED
    assert r.member_id.startswith("cli-") and len(r.member_id) == 4 + 36
    assert r.member_id in h.shard.groups["g"].pending_members
    assert state(h) is S.EMPTY


def test_first_join_v3_is_added_at_once() -> None:
    h = Harness()
    w = h.join(client="cli", version=3)
    h.advance(0)
    r: JoinResult = h.result(w)
    assert r.error == E.NONE and r.member_id.startswith("cli-") and r.leader == r.member_id
    assert r.generation_id == 1 and state(h) is S.COMPLETING_REBALANCE


def test_join_with_member_id_to_unknown_group_is_unknown_member_id() -> None:
    h = Harness()
    r = h.result(h.join(member_id="ghost"))
    assert r.error == E.UNKNOWN_MEMBER_ID and "g" not in h.shard.groups


def test_join_with_unknown_member_id_is_unknown_member_id() -> None:
    h = Harness()
    h.form_group(1)
    r = h.result(h.join(member_id="ghost"))
    assert r.error == E.UNKNOWN_MEMBER_ID and r.member_id == "ghost"


def test_empty_group_becomes_preparing_rebalance_on_first_join() -> None:
    h = Harness(GroupConfig(min_session_timeout_ms=1, initial_rebalance_delay_ms=100))
    w = h.join_new()
    assert state(h) is S.PREPARING_REBALANCE and not h.answered(w)


def test_join_phase_completes_into_completing_rebalance_with_leader_metadata() -> None:
    h = Harness()
    w1, w2 = h.join_new(client="a"), h.join_new(client="b")
    h.advance(0)
    r1, r2 = h.result(w1), h.result(w2)
    assert state(h) is S.COMPLETING_REBALANCE
    assert r1.leader == r2.leader == r1.member_id  # the first joiner leads
    assert [m[0] for m in r1.members] == [r1.member_id, r2.member_id]
    assert [m[2] for m in r1.members] == [b"meta-a", b"meta-b"]
    assert r2.members == []  # followers get no member list
    assert r1.protocol_name == "range" and r1.protocol_type == "consumer"


def test_protocol_chosen_by_member_votes() -> None:
    h = Harness()
    ws = [
        h.join_new(client="a", protocols=[("roundrobin", b""), ("range", b"")]),
        h.join_new(client="b", protocols=[("range", b""), ("roundrobin", b"")]),
        h.join_new(client="c", protocols=[("range", b""), ("roundrobin", b"")]),
    ]
    h.advance(0)
    assert {h.result(w).protocol_name for w in ws} == {"range"}


def test_member_supporting_no_common_protocol_is_inconsistent_group_protocol() -> None:
    h = Harness()
    h.form_group(2, protocols=[("range", b"")])
    r = h.result(h.join(client="x", protocols=[("roundrobin", b"")]))
    assert r.error == E.INCONSISTENT_GROUP_PROTOCOL and r.member_id == ""
    assert state(h) is S.STABLE


def test_member_with_other_protocol_type_is_inconsistent_group_protocol() -> None:
    h = Harness()
    h.form_group(1)
    r = h.result(h.join(client="x", protocol_type="connect"))
    assert r.error == E.INCONSISTENT_GROUP_PROTOCOL


def test_join_with_no_protocols_is_inconsistent_group_protocol() -> None:
    h = Harness()
    assert h.result(h.join(protocols=[])).error == E.INCONSISTENT_GROUP_PROTOCOL


def test_initial_rebalance_delay_waits_for_more_joiners() -> None:
    h = Harness(GroupConfig(min_session_timeout_ms=1, initial_rebalance_delay_ms=300))
    w1 = h.join_new(client="a", rebalance=10_000)
    h.advance(200)
    w2 = h.join_new(client="b", rebalance=10_000)  # a new member extends the delay
    h.advance(100)
    assert not h.answered(w1) and not h.answered(w2)
    h.advance(300)
    assert h.result(w1).error == E.NONE and h.result(w2).error == E.NONE
    assert h.result(w1).generation_id == 1 and len(h.result(w1).members) == 2


def test_initial_rebalance_delay_without_new_joiners_completes_after_one_delay() -> None:
    h = Harness(GroupConfig(min_session_timeout_ms=1, initial_rebalance_delay_ms=300))
    w = h.join_new(rebalance=10_000)
    h.advance(299)
    assert not h.answered(w)
    h.advance(1)
    assert h.result(w).error == E.NONE


def test_initial_rebalance_delay_is_bounded_by_the_rebalance_timeout() -> None:
    h = Harness(GroupConfig(min_session_timeout_ms=1, initial_rebalance_delay_ms=300))
    w = h.join_new(client="a", rebalance=500)
    for i in range(10):  # a joiner in every delay window
        h.advance(150)
        h.join_new(client=f"n{i}", rebalance=500)
        if h.answered(w):
            break
    assert h.answered(w) and h.clock.mono - 1_000_000 <= 1000


def test_a_new_member_triggers_a_rebalance_of_a_stable_group() -> None:
    h = Harness()
    leader, follower = h.form_group(2)
    w = h.join_new(client="new")
    assert state(h) is S.PREPARING_REBALANCE and not h.answered(w)
    assert h.heartbeat("g", follower, 1) == E.REBALANCE_IN_PROGRESS
    wl, wf = h.join("g", leader, client="c0"), h.join("g", follower, client="c1")
    r = h.result(wl)
    assert r.generation_id == 2 and len(r.members) == 3 and h.result(w).error == E.NONE and h.answered(wf)


def test_rebalance_timeout_removes_members_that_do_not_rejoin() -> None:
    h = Harness()
    leader, follower = h.form_group(2, rebalance=2000, session=60_000)
    w = h.join_new(client="new", rebalance=2000)
    wl = h.join("g", leader, client="c0", rebalance=2000)
    h.advance(1999)
    assert not h.answered(w)
    h.advance(1)
    assert h.result(wl).error == E.NONE and h.result(w).error == E.NONE
    assert follower not in h.shard.groups["g"].members and h.shard.groups["g"].size == 2


def test_leader_that_does_not_rejoin_is_replaced_by_a_member_that_did() -> None:
    h = Harness()
    leader, follower = h.form_group(2, rebalance=1000, session=60_000)
    wf = h.join(
        "g", follower, client="c1", rebalance=1000
    )  # follower with new metadata? same: stable -> rejoin
    assert state(h) is S.STABLE  # a follower's unchanged join does not rebalance
    assert h.result(wf).generation_id == 1
    h.join_new(client="new", rebalance=1000)
    wf = h.join("g", follower, client="c1", rebalance=1000)
    h.advance(1000)
    r = h.result(wf)
    assert r.leader == follower and leader not in h.shard.groups["g"].members


def test_group_max_size_reached() -> None:
    h = Harness(GroupConfig(min_session_timeout_ms=1, initial_rebalance_delay_ms=0, max_size=2))
    h.form_group(2)
    r = h.result(h.join(client="third"))
    assert r.error == E.GROUP_MAX_SIZE_REACHED and r.member_id == ""
    assert h.shard.groups["g"].size == 2 and state(h) is S.STABLE


def test_group_max_size_counts_parked_joins_while_preparing() -> None:
    h = Harness(GroupConfig(min_session_timeout_ms=1, initial_rebalance_delay_ms=1000, max_size=1))
    h.join_new(client="a")
    r = h.result(h.join(client="b"))
    assert r.error == E.GROUP_MAX_SIZE_REACHED


def test_pending_member_expires_after_session_timeout() -> None:
    h = Harness()
    r = h.result(h.join(session=500))
    h.advance(499)
    assert r.member_id in h.shard.groups["g"].pending_members
    h.advance(1)
    assert r.member_id not in h.shard.groups["g"].pending_members
    assert h.result(h.join(member_id=r.member_id)).error == E.UNKNOWN_MEMBER_ID


def test_join_reason_is_logged() -> None:
    h = Harness()
    first = h.result(h.join())
    with structlog.testing.capture_logs() as logs:
        from broker.group.events import JoinGroup

        h.call(
            "join_group",
            JoinGroup(
                "g",
                first.member_id,
                None,
                "c",
                "/h",
                1000,
                5000,
                "consumer",
                [("range", b"")],
                "rebalance failed due to X",
                True,
                True,
            ),
        )
    assert any(e.get("reason") == "rebalance failed due to X" for e in logs if e["event"] == "add member")


def test_rejoin_with_same_metadata_while_completing_returns_the_current_generation() -> None:
    h = Harness()
    w = h.join_new(client="a")
    h.advance(0)
    r = h.result(w)
    again = h.result(h.join("g", r.member_id, client="a"))
    assert state(h) is S.COMPLETING_REBALANCE
    assert (again.error, again.generation_id, again.leader, len(again.members)) == (E.NONE, 1, r.member_id, 1)


def test_follower_rejoin_in_stable_with_same_metadata_does_not_rebalance() -> None:
    h = Harness()
    _, follower = h.form_group(2)
    r = h.result(h.join("g", follower, client="c1"))
    assert r.error == E.NONE and r.generation_id == 1 and r.members == [] and state(h) is S.STABLE


def test_leader_rejoin_in_stable_triggers_a_rebalance() -> None:
    h = Harness()
    leader, _ = h.form_group(2)
    w = h.join("g", leader, client="c0")
    assert state(h) is S.PREPARING_REBALANCE and not h.answered(w)


def test_member_with_changed_metadata_triggers_a_rebalance() -> None:
    h = Harness()
    _, follower = h.form_group(2)
    h.join("g", follower, client="c1", protocols=[("range", b"new-subscription")])
    assert state(h) is S.PREPARING_REBALANCE


def test_join_while_completing_with_new_metadata_sends_parked_syncs_back_to_rejoin() -> None:
    h = Harness()
    h.join_new(client="a")
    w2 = h.join_new(client="b")
    h.advance(0)
    r2 = h.result(w2)
    ws = h.sync("g", r2.member_id, 1)  # the follower waits for the leader
    assert not h.answered(ws)
    h.join_new(client="c")
    assert h.result(ws).error == E.REBALANCE_IN_PROGRESS and state(h) is S.PREPARING_REBALANCE


# == SyncGroup ====================================================================================


def test_sync_relays_the_leaders_assignment_to_every_member() -> None:
    h = Harness()
    w1, w2 = h.join_new(client="a"), h.join_new(client="b")
    h.advance(0)
    leader, follower = h.result(w1).member_id, h.result(w2).member_id
    wf = h.sync("g", follower, 1)
    assert not h.answered(wf)  # followers wait for the leader
    wl = h.sync("g", leader, 1, {leader: b"L", follower: b"F"})
    assert h.result(wl) == SyncResult(E.NONE, "consumer", "range", b"L")
    assert h.result(wf) == SyncResult(E.NONE, "consumer", "range", b"F")
    assert state(h) is S.STABLE


def test_stable_transition_waits_until_the_assignment_is_stored() -> None:
    h = Harness(auto_append=False)
    w = h.join_new()
    h.advance(0)
    mid = h.result(w).member_id
    ws = h.sync("g", mid, 1, {mid: b"A"})
    assert not h.answered(ws) and state(h) is S.COMPLETING_REBALANCE
    h.complete_appends()
    assert h.result(ws).assignment == b"A" and state(h) is S.STABLE
    record = h.written[-1]
    assert isinstance(record, GroupRecord) and record.value.members[0].assignment == b"A"


def test_assignment_store_failure_answers_the_error_and_rebalances() -> None:
    h = Harness(auto_append=False)
    w = h.join_new()
    h.advance(0)
    mid = h.result(w).member_id
    ws = h.sync("g", mid, 1, {mid: b"A"})
    h.complete_appends(E.NOT_LEADER_OR_FOLLOWER)
    assert h.result(ws).error == E.NOT_COORDINATOR
    assert state(h) is S.PREPARING_REBALANCE


def test_sync_from_a_settled_generation_gets_its_assignment() -> None:
    h = Harness()
    _leader, follower = h.form_group(2)
    r = h.result(h.sync("g", follower, 1))
    assert r == SyncResult(E.NONE, "consumer", "range", f"assign-{follower}".encode())


def test_members_missing_from_the_assignment_get_an_empty_one() -> None:
    h = Harness()
    w1, w2 = h.join_new(client="a"), h.join_new(client="b")
    h.advance(0)
    leader, follower = h.result(w1).member_id, h.result(w2).member_id
    h.sync("g", leader, 1, {leader: b"L"})
    assert h.result(h.sync("g", follower, 1)).assignment == b""


def test_sync_with_a_stale_generation_is_illegal_generation() -> None:
    h = Harness()
    leader, _ = h.form_group(2)
    assert h.result(h.sync("g", leader, 0)).error == E.ILLEGAL_GENERATION


def test_sync_from_an_unknown_member_is_unknown_member_id() -> None:
    h = Harness()
    h.form_group(1)
    assert h.result(h.sync("g", "ghost", 1)).error == E.UNKNOWN_MEMBER_ID
    assert h.result(h.sync("nogroup", "ghost", 1)).error == E.UNKNOWN_MEMBER_ID


def test_sync_while_preparing_rebalance_is_rebalance_in_progress() -> None:
    h = Harness()
    _, follower = h.form_group(2)
    h.join_new(client="new")
    assert h.result(h.sync("g", follower, 1)).error == E.REBALANCE_IN_PROGRESS


def test_sync_with_other_protocol_type_or_name_is_inconsistent_group_protocol() -> None:
    h = Harness()
    leader, _ = h.form_group(2)
    assert h.result(h.sync("g", leader, 1, protocol_type="connect")).error == E.INCONSISTENT_GROUP_PROTOCOL
    assert (
        h.result(h.sync("g", leader, 1, protocol_type="consumer", protocol_name="sticky")).error
        == E.INCONSISTENT_GROUP_PROTOCOL
    )
    assert h.result(h.sync("g", leader, 1, protocol_type="consumer", protocol_name="range")).error == E.NONE


def test_members_that_never_sync_are_removed_and_the_group_rebalances() -> None:
    h = Harness()
    w1 = h.join_new(client="a", rebalance=1000, session=60_000)
    w2 = h.join_new(client="b", rebalance=1000, session=60_000)
    h.advance(0)
    leader, follower = h.result(w1).member_id, h.result(w2).member_id
    h.sync("g", leader, 1, {leader: b"L", follower: b"F"})
    assert state(h) is S.STABLE
    h.advance(1000)  # the follower never sent SyncGroup
    assert follower not in h.shard.groups["g"].members and state(h) is S.PREPARING_REBALANCE


# == Heartbeat ====================================================================================


def test_heartbeat_in_stable_group_is_none() -> None:
    h = Harness()
    leader, _ = h.form_group(2)
    assert h.heartbeat("g", leader, 1) == E.NONE


def test_heartbeat_while_completing_rebalance_is_none() -> None:
    h = Harness()
    w = h.join_new()
    h.advance(0)
    assert h.heartbeat("g", h.result(w).member_id, 1) == E.NONE


def test_heartbeat_while_preparing_rebalance_is_rebalance_in_progress() -> None:
    h = Harness()
    leader, _ = h.form_group(2)
    h.join_new(client="new")
    assert h.heartbeat("g", leader, 1) == E.REBALANCE_IN_PROGRESS


def test_heartbeat_with_stale_generation_is_illegal_generation() -> None:
    h = Harness()
    leader, _ = h.form_group(2)
    assert h.heartbeat("g", leader, 0) == E.ILLEGAL_GENERATION
    assert h.heartbeat("g", leader, 7) == E.ILLEGAL_GENERATION


def test_heartbeat_from_unknown_member_is_unknown_member_id() -> None:
    h = Harness()
    h.form_group(1)
    assert h.heartbeat("g", "ghost", 1) == E.UNKNOWN_MEMBER_ID
    assert h.heartbeat("nogroup", "ghost", 1) == E.UNKNOWN_MEMBER_ID


def test_heartbeat_to_empty_group_is_unknown_member_id() -> None:
    h = Harness()
    h.result(h.commit("g", {("t", 0): 5}))  # a simple, memberless group
    assert state(h) is S.EMPTY
    assert h.heartbeat("g", "", -1) == E.UNKNOWN_MEMBER_ID


def test_session_expiry_removes_the_member_and_rebalances() -> None:
    h = Harness()
    leader, follower = h.form_group(2, session=1000)
    h.advance(600)
    assert h.heartbeat("g", leader, 1) == E.NONE
    h.advance(399)
    assert state(h) is S.STABLE
    h.advance(1)  # the follower never heartbeated: its session ends
    assert state(h) is S.PREPARING_REBALANCE
    assert follower not in h.shard.groups["g"].members
    assert h.heartbeat("g", leader, 1) == E.REBALANCE_IN_PROGRESS


def test_heartbeats_keep_the_session_alive() -> None:
    h = Harness()
    members = h.form_group(3, session=1000)
    for _ in range(20):
        h.advance(500)
        for m in members:
            assert h.heartbeat("g", m, 1) == E.NONE
    assert state(h) is S.STABLE and h.shard.groups["g"].size == 3


def test_parked_join_counts_as_heartbeat_but_a_new_member_does_not() -> None:
    h = Harness()
    leader, follower = h.form_group(2, session=1000, rebalance=10_000)
    h.join("g", leader, client="c0", session=1000, rebalance=10_000)  # leader parked, rebalance begins
    h.advance(1500)  # the leader's session passes while it waits; it is not expired
    assert leader in h.shard.groups["g"].members
    assert follower not in h.shard.groups["g"].members  # never rejoined nor heartbeated: expired


# == LeaveGroup ===================================================================================


def test_leave_rebalances_the_rest() -> None:
    h = Harness()
    _leader, follower = h.form_group(2)
    r: LeaveResult = h.leave("g", (follower, None))
    assert r.error == E.NONE and r.members == [(follower, None, E.NONE)]
    assert state(h) is S.PREPARING_REBALANCE


def test_leader_leaving_is_replaced() -> None:
    h = Harness()
    leader, follower = h.form_group(2)
    h.leave("g", (leader, None))
    w = h.join("g", follower, client="c1")
    assert h.result(w).leader == follower


def test_last_member_leaving_empties_the_group_and_stores_it() -> None:
    h = Harness()
    (only,) = h.form_group(1)
    h.leave("g", (only, None))
    assert state(h) is S.EMPTY and generation(h) == 2
    record = h.written[-1]
    assert isinstance(record, GroupRecord) and record.value.members == [] and record.value.generation == 2


def test_batched_leave_v3_answers_each_member() -> None:
    h = Harness()
    a, b, c = h.form_group(3)
    r = h.leave("g", (a, None), ("ghost", None), (c, None))
    assert r.members == [(a, None, E.NONE), ("ghost", None, E.UNKNOWN_MEMBER_ID), (c, None, E.NONE)]
    assert set(h.shard.groups["g"].members) == {b}


def test_leave_of_unknown_group_is_unknown_member_id_per_member() -> None:
    h = Harness()
    r = h.leave("nogroup", ("m", None))
    assert r.error == E.NONE and r.members == [("m", None, E.UNKNOWN_MEMBER_ID)]


def test_leave_by_group_instance_id_alone() -> None:
    h = Harness()
    h.form_group(1, instance="i0")
    r = h.leave("g", ("", "i0"))
    assert r.members == [("", "i0", E.NONE)] and state(h) is S.EMPTY
    assert h.leave("g", ("", "i9")).members == [("", "i9", E.UNKNOWN_MEMBER_ID)]


def test_leave_of_a_pending_member() -> None:
    h = Harness()
    pending = h.result(h.join()).member_id
    assert h.leave("g", (pending, None)).members == [(pending, None, E.NONE)]
    assert not h.shard.groups["g"].pending_members


def test_leave_during_preparing_rebalance_completes_the_join_phase() -> None:
    h = Harness()
    leader, follower = h.form_group(2, rebalance=60_000, session=60_000)
    wl = h.join("g", leader, client="c0", rebalance=60_000, session=60_000)
    assert not h.answered(wl)
    h.leave("g", (follower, None))
    r = h.result(wl)
    assert r.error == E.NONE and r.generation_id == 2 and len(r.members) == 1


# == Static membership (KIP-345) =================================================================


def test_static_member_restart_gets_its_assignment_back_without_rebalance() -> None:
    h = Harness()
    leader, follower = h.form_group(2, instance=None)
    w = h.join_new(client="s", instance="inst-s")  # a static member joins: a rebalance
    h.join("g", leader, client="c0")
    h.join("g", follower, client="c1")
    h.advance(0)
    r = h.result(w)
    gen = r.generation_id
    assignments = {m: f"A-{m}".encode() for m in h.shard.groups["g"].members}
    for m in list(assignments):
        h.sync("g", m, gen, assignments if m == leader else None)
    assert state(h) is S.STABLE
    old_id = r.member_id

    # The static member restarts: joins again with no member id, same group.instance.id.
    rr = h.result(h.join(client="s", instance="inst-s", version=8))
    assert rr.error == E.NONE and rr.generation_id == gen and rr.member_id != old_id
    assert state(h) is S.STABLE  # no rebalance
    assert rr.leader == leader and rr.members == []
    assert h.result(h.sync("g", rr.member_id, gen, instance="inst-s")).assignment == assignments[old_id]
    assert h.heartbeat("g", leader, gen) == E.NONE


def test_static_member_with_stale_member_id_is_fenced() -> None:
    h = Harness()
    (old,) = h.form_group(1, instance="inst")
    new = h.result(h.join(client="c0", instance="inst")).member_id
    assert h.heartbeat("g", old, 1, instance="inst") == E.FENCED_INSTANCE_ID
    assert h.result(h.sync("g", old, 1, instance="inst")).error == E.FENCED_INSTANCE_ID
    assert h.result(h.join("g", old, client="c0", instance="inst")).error == E.FENCED_INSTANCE_ID
    assert h.result(h.commit("g", {("t", 0): 1}, generation=1, member_id=old, instance="inst")) == [
        ("t", [(0, E.FENCED_INSTANCE_ID)])
    ]
    assert h.leave("g", (old, "inst")).members == [(old, "inst", E.FENCED_INSTANCE_ID)]
    assert h.heartbeat("g", new, 1, instance="inst") == E.NONE


def test_static_leader_restart_v9_is_told_to_skip_assignment() -> None:
    h = Harness()
    leader, _ = h.form_group(2, instance=None)
    h.leave("g", (leader, None))
    # rebuild with a static leader
    h2 = Harness()
    w = h2.join_new(client="s", instance="inst")
    h2.advance(0)
    r = h2.result(w)
    h2.sync("g", r.member_id, 1, {r.member_id: b"A"})
    rr = h2.result(h2.join(client="s", instance="inst", version=9))
    assert rr.leader == rr.member_id and rr.skip_assignment and len(rr.members) == 1
    rr8 = h2.result(h2.join(client="s", instance="inst", version=8))
    assert rr8.leader == rr.member_id != rr8.member_id and not rr8.skip_assignment  # the old leader id


def test_static_member_restart_fences_its_parked_join() -> None:
    h = Harness()
    _leader, _ = h.form_group(2, instance=None)
    w = h.join_new(client="s", instance="inst")  # parked in PreparingRebalance
    old_id = h.shard.groups["g"].static_members["inst"]
    w2 = h.join(client="s", instance="inst")
    assert h.result(w).error == E.FENCED_INSTANCE_ID and h.result(w).member_id == old_id
    assert not h.answered(w2) and state(h) is S.PREPARING_REBALANCE


def test_static_member_is_kept_when_it_misses_the_rebalance_deadline() -> None:
    h = Harness()
    ws = h.join_new(client="s", instance="inst", rebalance=1000, session=60_000)
    wd = h.join_new(client="d", rebalance=1000, session=60_000)
    h.advance(0)
    s_id, d_id = h.result(ws).member_id, h.result(wd).member_id
    h.sync("g", s_id, 1, {})
    h.sync("g", d_id, 1)
    h.join_new(client="new", rebalance=1000, session=60_000)  # rebalance: neither s nor d rejoin
    h.advance(1000)
    members = h.shard.groups["g"].members
    assert s_id in members and d_id not in members


def test_static_member_with_changed_protocol_rebalances() -> None:
    h = Harness()
    h.form_group(1, instance="inst", protocols=[("range", b""), ("roundrobin", b"")])
    assert h.shard.groups["g"].protocol_name == "range"
    w = h.join(client="c0", instance="inst", protocols=[("roundrobin", b"")])  # the vote would change
    r = h.result(w)  # a rebalance (its only member is back at once): a new generation, new protocol
    assert (r.generation_id, r.protocol_name, state(h)) == (2, "roundrobin", S.COMPLETING_REBALANCE)


def test_static_member_rejoin_store_failure_restores_the_old_member() -> None:
    h = Harness()
    (old,) = h.form_group(1, instance="inst")
    h.auto_append = False
    w = h.join(client="c0", instance="inst")
    h.complete_appends(E.NOT_ENOUGH_REPLICAS)
    r = h.result(w)
    assert r.error == E.COORDINATOR_NOT_AVAILABLE and r.member_id == ""
    assert h.shard.groups["g"].static_members == {"inst": old} and old in h.shard.groups["g"].members


def test_static_member_session_expiry_removes_it() -> None:
    h = Harness()
    h.form_group(1, instance="inst", session=1000)
    h.advance(1000)
    assert state(h) is S.EMPTY and h.shard.groups["g"].static_members == {}


# == DescribeGroups, ListGroups, DeleteGroups, OffsetDelete ======================================


def test_describe_stable_group_shows_protocol_and_member_metadata() -> None:
    h = Harness()
    leader, follower = h.form_group(2)
    d = h.shard.describe_group("g")
    assert (d.error, d.state, d.protocol_type, d.protocol_data) == (E.NONE, "Stable", "consumer", "range")
    assert [(m.member_id, m.client_id, m.metadata, m.assignment) for m in d.members] == [
        (leader, "c0", b"meta-c0", f"assign-{leader}".encode()),
        (follower, "c1", b"meta-c1", f"assign-{follower}".encode()),
    ]


def test_describe_rebalancing_group_hides_protocol_and_metadata() -> None:
    h = Harness()
    h.form_group(2)
    h.join_new(client="new")
    d = h.shard.describe_group("g")
    assert (
        d.state == "PreparingRebalance"
        and d.protocol_data == ""
        and all(m.metadata == b"" for m in d.members)
    )


def test_describe_unknown_group_is_dead_or_group_id_not_found_from_v6() -> None:
    h = Harness()
    d = h.shard.describe_group("nope", api_version=5)
    assert (d.error, d.state, d.members) == (E.NONE, "Dead", [])
    d6 = h.shard.describe_group("nope", api_version=6)
    assert d6.error == E.GROUP_ID_NOT_FOUND and d6.state == "Dead" and d6.error_message


def test_list_groups_with_state_and_type_filters() -> None:
    h = Harness()
    h.form_group(1, group="stable")
    h.result(h.commit("simple", {("t", 0): 1}))
    names = lambda gs: sorted(g.group_id for g in gs)  # noqa: E731
    assert names(h.shard.list_groups()) == ["simple", "stable"]
    assert names(h.shard.list_groups(states=["stable"])) == ["stable"]
    assert names(h.shard.list_groups(states=["EMPTY"])) == ["simple"]
    assert names(h.shard.list_groups(types=["consumer"])) == []
    assert names(h.shard.list_groups(types=["Classic"])) == ["simple", "stable"]
    listed = {g.group_id: g for g in h.shard.list_groups()}
    assert (listed["stable"].protocol_type, listed["stable"].state, listed["stable"].group_type) == (
        "consumer",
        "Stable",
        "classic",
    )
    assert listed["simple"].protocol_type == ""


def test_delete_empty_group_writes_tombstones_and_forgets_offsets() -> None:
    h = Harness()
    h.result(h.commit("g", {("t", 0): 1, ("t", 1): 2}))
    r = h.result(h.call("delete_groups", ["g", "nope"]))
    assert r == [("g", E.NONE), ("nope", E.GROUP_ID_NOT_FOUND)]
    assert "g" not in h.shard.groups and h.fetch("g", [("t", [0, 1])]) == {("t", 0): -1, ("t", 1): -1}
    tombstones = h.written[-3:]
    assert {
        (r.topic, r.partition) for r in tombstones if isinstance(r, OffsetRecord) and r.value is None
    } == {("t", 0), ("t", 1)}
    assert isinstance(tombstones[-1], GroupRecord) and tombstones[-1].value is None


def test_delete_non_empty_group_is_non_empty_group() -> None:
    h = Harness()
    h.form_group(1)
    assert h.result(h.call("delete_groups", ["g"])) == [("g", E.NON_EMPTY_GROUP)]


def test_offset_delete_of_empty_group() -> None:
    h = Harness()
    h.result(h.commit("g", {("t", 0): 1, ("t", 1): 2}))
    r = h.result(h.call("delete_offsets", OffsetDelete("g", [("t", [0])])))
    assert (r.error, r.topics) == (E.NONE, [("t", [(0, E.NONE)])])
    assert h.fetch("g", [("t", [0, 1])]) == {("t", 0): -1, ("t", 1): 2}


def test_offset_delete_of_a_subscribed_topic_is_group_subscribed_to_topic() -> None:
    from protocol.consumer_protocol import Subscription, encode_subscription

    h = Harness()
    sub = encode_subscription(Subscription(["t"]))
    (m,) = h.form_group(1, protocols=[("range", sub)])
    h.result(h.commit("g", {("t", 0): 1, ("u", 0): 1}, generation=1, member_id=m))
    r = h.result(h.call("delete_offsets", OffsetDelete("g", [("t", [0]), ("u", [0])])))
    assert r.topics == [("t", [(0, E.GROUP_SUBSCRIBED_TO_TOPIC)]), ("u", [(0, E.NONE)])]
    assert h.fetch("g", [("t", [0]), ("u", [0])]) == {("t", 0): 1, ("u", 0): -1}


def test_offset_delete_of_non_consumer_group_with_members_is_non_empty_group() -> None:
    h = Harness()
    h.form_group(1, protocol_type="connect")
    assert h.result(h.call("delete_offsets", OffsetDelete("g", [("t", [0])]))).error == E.NON_EMPTY_GROUP


def test_offset_delete_of_unknown_group_is_group_id_not_found() -> None:
    h = Harness()
    assert h.result(h.call("delete_offsets", OffsetDelete("g", [("t", [0])]))).error == E.GROUP_ID_NOT_FOUND


def test_unload_answers_parked_requests_with_not_coordinator() -> None:
    h = Harness(GroupConfig(min_session_timeout_ms=1, initial_rebalance_delay_ms=1000))
    w = h.join_new()
    h.shard.unload()
    h.pump()
    assert h.result(w).error == E.NOT_COORDINATOR and not h.shard.groups


def test_heartbeat_request_type_is_plain_data() -> None:
    assert Heartbeat("g", 1, "m").group_instance_id is None

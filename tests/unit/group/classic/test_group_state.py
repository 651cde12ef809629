"""The classic group's data and invariants (state.py) and the shard's timer heap (timers.py)."""

from __future__ import annotations

import pytest

from broker.group.classic.group import (
    VALID_PREVIOUS,
    ClassicGroup,
    GroupState,
    IllegalTransition,
    Member,
    new_member_id,
)
from broker.group.timers import Timers

S = GroupState


def member(mid: str, protocols: list[str], instance: str | None = None) -> Member:
    return Member(mid, instance, "client", "/h", 1000, 1000, "consumer", [(p, b"") for p in protocols])


def group_in(state: GroupState) -> ClassicGroup:
    g = ClassicGroup("g")
    g.state = state
    return g


@pytest.mark.parametrize("target", list(GroupState))
@pytest.mark.parametrize("source", list(GroupState))
def test_transition_table_is_the_only_authority(source: GroupState, target: GroupState) -> None:
    g = group_in(source)
    if source in VALID_PREVIOUS[target]:
        g.transition_to(target, 42)
        assert (g.state, g.previous_state, g.state_timestamp_ms) == (target, source, 42)
    else:
        with pytest.raises(IllegalTransition):
            g.transition_to(target, 42)
        assert g.state is source


def test_legal_transitions_are_kafkas() -> None:
    legal = {(src, dst) for dst, srcs in VALID_PREVIOUS.items() for src in srcs}
    assert legal == {
        (S.STABLE, S.PREPARING_REBALANCE),
        (S.COMPLETING_REBALANCE, S.PREPARING_REBALANCE),
        (S.EMPTY, S.PREPARING_REBALANCE),
        (S.PREPARING_REBALANCE, S.COMPLETING_REBALANCE),
        (S.COMPLETING_REBALANCE, S.STABLE),
        (S.PREPARING_REBALANCE, S.EMPTY),
        (S.STABLE, S.DEAD),
        (S.PREPARING_REBALANCE, S.DEAD),
        (S.COMPLETING_REBALANCE, S.DEAD),
        (S.EMPTY, S.DEAD),
        (S.DEAD, S.DEAD),
    }


def test_state_names_are_kafkas() -> None:
    assert [str(s) for s in GroupState] == [
        "Empty",
        "PreparingRebalance",
        "CompletingRebalance",
        "Stable",
        "Dead",
    ]


def test_first_member_to_join_leads() -> None:
    g = ClassicGroup("g")
    g.add(member("a", ["range"]))
    g.add(member("b", ["range"]))
    assert g.leader_id == "a"


def test_leader_leaving_hands_leadership_to_a_remaining_member() -> None:
    g = ClassicGroup("g")
    for mid in "abc":
        g.add(member(mid, ["range"]))
    g.remove("a")
    assert g.leader_id == "b"
    g.remove("c")
    assert g.leader_id == "b"
    g.remove("b")
    assert g.leader_id is None


def test_protocol_vote_most_votes_wins() -> None:
    g = ClassicGroup("g")
    g.add(member("a", ["roundrobin", "range"]))
    g.add(member("b", ["range", "roundrobin"]))
    g.add(member("c", ["range", "roundrobin"]))
    assert g.select_protocol() == "range"


def test_protocol_vote_only_among_protocols_all_members_support() -> None:
    g = ClassicGroup("g")
    g.add(member("a", ["sticky", "range"]))
    g.add(member("b", ["sticky", "range"]))
    g.add(member("c", ["range"]))  # does not support sticky: sticky is no candidate
    assert g.candidate_protocols() == {"range"}
    assert g.select_protocol() == "range"


def test_supports_protocols_requires_a_common_protocol_and_type() -> None:
    g = ClassicGroup("g")
    assert not g.supports_protocols("consumer", set())
    assert not g.supports_protocols("", {"range"})
    g.add(member("a", ["range"]))
    g.state = S.STABLE
    assert g.supports_protocols("consumer", {"range", "x"})
    assert not g.supports_protocols("consumer", {"roundrobin"})
    assert not g.supports_protocols("connect", {"range"})


def test_new_member_id_is_client_id_dash_uuid() -> None:
    mid = new_member_id("my-client", None)
    _prefix, _, _tail = mid.partition("-")
    assert mid.startswith("my-client-") and len(mid) == len("my-client-") + 36
    assert new_member_id("c", "instance-1").startswith("instance-1-")


def test_awaiting_join_counter_follows_waiters() -> None:
    g = ClassicGroup("g")
    a, b = member("a", ["range"]), member("b", ["range"])
    g.add(a, "wa")
    g.add(b)
    assert g.num_awaiting_join == 1 and not g.has_all_members_joined()
    g.set_join_waiter(b, "wb")
    assert g.has_all_members_joined()
    assert g.take_join_waiter(a) == "wa" and g.num_awaiting_join == 1
    g.remove("b")
    assert g.num_awaiting_join == 0


def test_replace_static_member_keeps_assignment_and_leadership() -> None:
    g = ClassicGroup("g")
    g.add(member("old", ["range"], instance="i1"))
    g.members["old"].assignment = b"A"
    old, new = g.replace_static_member("i1", "old", "new")
    assert old.member_id == "old" and new.member_id == "new"
    assert g.leader_id == "new" and g.static_members == {"i1": "new"} and new.assignment == b"A"


# -- timers ------------------------------------------------------------------------------------


def test_timers_fire_due_actions_in_deadline_order() -> None:
    t = Timers()
    fired: list[str] = []
    t.schedule("b", 20, lambda: fired.append("b"))
    t.schedule("a", 10, lambda: fired.append("a"))
    t.schedule("c", 30, lambda: fired.append("c"))
    for action in t.pop_due(25):
        action()
    assert fired == ["a", "b"] and t.next_deadline() == 30


def test_timer_pushed_back_does_not_fire_at_the_old_deadline() -> None:
    t = Timers()
    t.schedule("m", 10, lambda: None)
    t.schedule("m", 50, lambda: None)  # a heartbeat
    assert t.pop_due(10) == [] and len(t) == 1  # still live
    assert t.next_deadline() == 50
    assert len(t.pop_due(50)) == 1 and len(t) == 0


def test_timer_brought_forward_fires_at_the_new_deadline_once() -> None:
    t = Timers()
    fired = []
    t.schedule("m", 50, lambda: fired.append(50))
    t.schedule("m", 10, lambda: fired.append(10))
    for action in t.pop_due(100):
        action()
    assert fired == [10]


def test_cancelled_timer_never_fires() -> None:
    t = Timers()
    t.schedule("m", 10, lambda: None)
    t.cancel("m")
    assert t.next_deadline() is None and t.pop_due(100) == []


def test_heartbeats_keep_one_heap_entry_per_member() -> None:
    t = Timers()
    for i in range(1000):
        t.schedule(("hb", i), 100, lambda: None)
    for now in range(1, 50):
        for i in range(1000):
            t.schedule(("hb", i), 100 + now, lambda: None)
    assert len(t._heap) == 1000  # pushed-back deadlines update a dict, not the heap


def test_postpone_pushes_a_live_deadline_back_keeping_its_action() -> None:
    t = Timers()
    fired: list[str] = []
    t.schedule("m", 10, lambda: fired.append("session"))
    assert t.postpone("m", 50)  # a heartbeat
    assert t.pop_due(10) == [] and len(t._heap) == 1
    for action in t.pop_due(50):
        action()
    assert fired == ["session"] and len(t) == 0


def test_postpone_refuses_what_schedule_must_do() -> None:
    t = Timers()
    assert not t.postpone("m", 50)  # not live: nothing to keep
    t.schedule("m", 50, lambda: None)
    t.cancel("m")
    assert not t.postpone("m", 60)  # cancelled
    t.schedule("n", 300_000, lambda: None)  # e.g. a new member's join timeout
    assert not t.postpone("n", 45_000)  # earlier than its heap entry: needs a new one
    assert t.pop_due(300_000 - 1) == []

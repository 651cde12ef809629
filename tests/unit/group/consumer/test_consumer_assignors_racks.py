"""Rack-aware server-side assignment (broker/group/consumer/assignors.py), by property: every
partition once, the same balance as without racks, and a partition on a member of its replicas'
racks whenever balance allows it."""

from __future__ import annotations

import uuid

from hypothesis import given, settings
from hypothesis import strategies as st

from broker.group.consumer.assignors import MemberSpec, PartitionRacks, range_, uniform
from tests.unit.group.consumer.test_consumer_assignors import check_valid

TOPICS = [uuid.UUID(int=i + 1) for i in range(3)]
RACKS = ["r0", "r1", "r2"]


def sizes(out: dict) -> dict[str, int]:
    return {m: sum(len(ps) for ps in parts.values()) for m, parts in out.items()}


def off_rack(
    members: dict[str, MemberSpec], racks: PartitionRacks, out: dict
) -> list[tuple[str, uuid.UUID, int]]:
    return [
        (m, t, p)
        for m, parts in out.items()
        for t, ps in parts.items()
        for p in ps
        if members[m].rack_id not in racks[t][p]
    ]


@st.composite
def racked_world(draw: st.DrawFn) -> tuple[dict[uuid.UUID, int], PartitionRacks, list[str | None]]:
    topics = draw(st.dictionaries(st.sampled_from(TOPICS), st.integers(0, 10), min_size=1))
    racks = {
        t: [draw(st.frozensets(st.sampled_from(RACKS), max_size=2)) for _ in range(n)]
        for t, n in topics.items()
    }
    member_racks = draw(st.lists(st.sampled_from([*RACKS, None]), min_size=1, max_size=9))
    return topics, racks, member_racks


@given(racked_world())
@settings(max_examples=300)
def test_uniform_homogeneous_with_racks_is_balanced_sticky_and_local_when_it_can(world) -> None:
    topics, racks, member_racks = world
    subs = frozenset(topics)
    members = {f"m{i}": MemberSpec(subs, rack_id=r) for i, r in enumerate(member_racks)}
    first = uniform(members, topics, racks)
    check_valid(members, topics, first)
    n = sizes(first)
    assert max(n.values()) - min(n.values()) <= 1
    quota = sum(topics.values()) // len(members)

    def local_members_are_full(out: dict, specs: dict[str, MemberSpec]) -> None:
        counts = sizes(out)
        for m, t, p in off_rack(specs, racks, out):
            for o, spec in specs.items():
                if spec.rack_id in racks[t][p]:
                    assert counts[o] >= quota, (m, o, t, p)  # it could not have taken it

    local_members_are_full(first, members)
    # Stable: the same members again keep exactly what they have.
    again = {m: MemberSpec(subs, first[m], rack_id=members[m].rack_id) for m in members}
    assert uniform(again, topics, racks) == first
    # A member joins: still balanced, still local where it can be.
    grown = again | {"new": MemberSpec(subs, rack_id="r0")}
    second = uniform(grown, topics, racks)
    check_valid(grown, topics, second)
    n = sizes(second)
    assert max(n.values()) - min(n.values()) <= 1
    quota = sum(topics.values()) // len(grown)
    local_members_are_full(second, grown)


@given(
    st.lists(st.integers(1, 3), min_size=1, max_size=3), st.integers(1, 4), st.randoms(use_true_random=False)
)
def test_all_local_when_each_racks_partitions_fit_its_members(per_rack: list[int], q: int, rnd) -> None:
    """Members per rack n_r, q * n_r partitions with replicas on that rack only: with uniform (one
    topic or several) and range (one topic), every partition lands on its own rack."""
    member_racks = [RACKS[r] for r, n in enumerate(per_rack) for _ in range(n)]
    partition_racks = [frozenset({RACKS[r]}) for r, n in enumerate(per_rack) for _ in range(n * q)]
    rnd.shuffle(partition_racks)
    rnd.shuffle(member_racks)
    t = TOPICS[0]
    topics, racks = {t: len(partition_racks)}, {t: partition_racks}
    members = {f"m{i}": MemberSpec(frozenset(topics), rack_id=r) for i, r in enumerate(member_racks)}
    for assign in (uniform, range_):
        out = assign(members, topics, racks)
        check_valid(members, topics, out)
        assert off_rack(members, racks, out) == [], assign.__name__
        assert set(sizes(out).values()) == {q}


@given(racked_world(), st.lists(st.frozensets(st.sampled_from(TOPICS), min_size=1), min_size=1, max_size=6))
@settings(max_examples=200)
def test_uniform_heterogeneous_with_racks_stays_valid_and_balanced(world, subscriptions) -> None:
    topics, racks, member_racks = world
    members = {
        f"m{i}": MemberSpec(s, rack_id=member_racks[i % len(member_racks)])
        for i, s in enumerate(subscriptions)
    }
    out = uniform(members, topics, racks)
    check_valid(members, topics, out)
    n = sizes(out)
    for m, parts in out.items():
        for t in parts:
            for o in members:
                if t in members[o].topics:
                    assert n[m] <= n[o] + 1


def test_uniform_heterogeneous_prefers_the_rack_among_equals() -> None:
    a, b = TOPICS[0], TOPICS[1]
    topics = {a: 4, b: 2}
    racks = {
        a: [frozenset({"r0"}), frozenset({"r1"}), frozenset({"r0"}), frozenset({"r1"})],
        b: [frozenset()] * 2,
    }
    members = {
        "x": MemberSpec(frozenset({a}), rack_id="r1"),
        "y": MemberSpec(frozenset({a, b}), rack_id="r0"),
        "z": MemberSpec(frozenset({a}), rack_id="r0"),
    }
    out = uniform(members, topics, racks)
    check_valid(members, topics, out)
    assert out["x"][a] == {1, 3}  # both r1 partitions on the only r1 member
    assert out["z"][a] | out["y"].get(a, frozenset()) == {0, 2}


@given(racked_world(), st.lists(st.frozensets(st.sampled_from(TOPICS), min_size=1), min_size=1, max_size=6))
@settings(max_examples=200)
def test_range_with_racks_keeps_the_per_topic_counts(world, subscriptions) -> None:
    topics, racks, member_racks = world
    members = {
        f"m{i}": MemberSpec(s, rack_id=member_racks[i % len(member_racks)])
        for i, s in enumerate(subscriptions)
    }
    out = range_(members, topics, racks)
    check_valid(members, topics, out)
    plain = range_(members, topics)
    for t in topics:
        for m in members:  # the same number of each topic's partitions as without racks
            assert len(out[m].get(t, ())) == len(plain[m].get(t, ()))


def test_without_racks_or_when_racks_cannot_matter_nothing_changes() -> None:
    t = TOPICS[0]
    topics = {t: 7}
    members = {f"m{i}": MemberSpec(frozenset(topics), rack_id=f"r{i % 2}") for i in range(3)}
    everywhere = {t: [frozenset({"r0", "r1"})] * 7}
    elsewhere = {t: [frozenset({"r9"})] * 7}
    for assign in (uniform, range_):
        plain = assign(members, topics)
        assert assign(members, topics, everywhere) == plain
        assert assign(members, topics, elsewhere) == plain
        unracked = {m: MemberSpec(s.topics) for m, s in members.items()}
        assert assign(unracked, topics, {t: [frozenset({"r0"})] * 7}) == plain


def test_the_coordinator_assigns_by_the_replicas_racks() -> None:
    """Through the shard: members' RackId from their heartbeats, partitions' racks from the
    broker's view (`partition_racks`), the target assignment puts each partition on its rack."""
    from tests.unit.group.consumer.test_consumer_group import CG

    cg = CG()
    t = cg.add_topic("t", 4)
    cg.shard.consumer_groups.subscriptions.partition_racks = lambda name: (
        [frozenset({"r1"}), frozenset({"r0"}), frozenset({"r1"}), frozenset({"r0"})] if name == "t" else []
    )
    cg.join("a", ["t"], rack_id="r0")
    cg.join("b", ["t"], rack_id="r1")
    target = cg.group.target
    assert target["a"] == {t: frozenset({1, 3})} and target["b"] == {t: frozenset({0, 2})}

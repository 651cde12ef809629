"""The server-side assignors of KIP-848 groups (broker/group/consumer/assignors.py), by property."""

from __future__ import annotations

import uuid

from hypothesis import given, settings
from hypothesis import strategies as st

from broker.group.consumer.assignors import MemberSpec, range_, uniform

TOPICS = [uuid.UUID(int=i + 1) for i in range(4)]


def flat(assignment: dict[str, dict[uuid.UUID, frozenset[int]]]) -> list[tuple[uuid.UUID, int]]:
    return sorted((t, p) for parts in assignment.values() for t, ps in parts.items() for p in ps)


def check_valid(members: dict[str, MemberSpec], topics: dict[uuid.UUID, int], out: dict) -> None:
    subscribed = {t for m in members.values() for t in m.topics if t in topics}
    assert flat(out) == sorted((t, p) for t in subscribed for p in range(topics[t]))  # each exactly once
    for m, parts in out.items():
        assert set(parts) <= members[m].topics  # only what it subscribes to


counts = st.dictionaries(st.sampled_from(TOPICS), st.integers(0, 12), min_size=1)


@given(counts, st.integers(1, 12))
def test_uniform_homogeneous_is_balanced_and_sticky(topics: dict[uuid.UUID, int], n: int) -> None:
    subs = frozenset(topics)
    members = {f"m{i:02d}": MemberSpec(subs) for i in range(n)}
    first = uniform(members, topics)
    check_valid(members, topics, first)
    sizes = [sum(len(ps) for ps in parts.values()) for parts in first.values()]
    assert max(sizes) - min(sizes) <= 1
    assert uniform({m: MemberSpec(subs, first[m]) for m in members}, topics) == first  # stable
    # A member joins: the others only give up partitions, and only as many as it gets.
    members2 = {m: MemberSpec(subs, first[m]) for m in members} | {"new": MemberSpec(subs)}
    second = uniform(members2, topics)
    check_valid(members2, topics, second)
    sizes = [sum(len(ps) for ps in parts.values()) for parts in second.values()]
    assert max(sizes) - min(sizes) <= 1
    for m in members:
        for t, ps in second[m].items():
            assert ps <= first[m].get(t, frozenset())


@given(counts, st.lists(st.frozensets(st.sampled_from(TOPICS), min_size=1), min_size=1, max_size=8))
@settings(max_examples=200)
def test_uniform_heterogeneous_assigns_each_partition_once_to_a_subscriber(
    topics: dict[uuid.UUID, int], subscriptions: list[frozenset[uuid.UUID]]
) -> None:
    members = {f"m{i}": MemberSpec(s) for i, s in enumerate(subscriptions)}
    out = uniform(members, topics)
    check_valid(members, topics, out)
    again = uniform({m: MemberSpec(members[m].topics, out[m]) for m in members}, topics)
    check_valid(members, topics, again)
    # no member could take a partition from one holding two more of a topic they share
    sizes = {m: sum(len(ps) for ps in parts.values()) for m, parts in again.items()}
    for m, parts in again.items():
        for t in parts:
            for o in members:
                if t in members[o].topics:
                    assert sizes[m] <= sizes[o] + 1


@given(counts, st.lists(st.frozensets(st.sampled_from(TOPICS), min_size=1), min_size=1, max_size=8))
def test_range_gives_contiguous_balanced_ranges_per_topic(
    topics: dict[uuid.UUID, int], subscriptions: list[frozenset[uuid.UUID]]
) -> None:
    members = {f"m{i}": MemberSpec(s) for i, s in enumerate(subscriptions)}
    out = range_(members, topics)
    check_valid(members, topics, out)
    for t, count in topics.items():
        subs = sorted(m for m in members if t in members[m].topics)
        got = [sorted(out[m].get(t, ())) for m in subs]
        for ps in got:
            assert ps == list(range(ps[0], ps[0] + len(ps))) if ps else True
        if subs:
            assert max(map(len, got)) - min(map(len, got)) <= 1
            assert [p for ps in got for p in ps] == list(range(count))

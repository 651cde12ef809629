"""The simple share assignor: a pure function, checked over arbitrary subscriptions."""

from __future__ import annotations

import uuid
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from broker.group.share.assignor import simple_assign

TOPICS = [uuid.UUID(int=i + 1) for i in range(4)]


@st.composite
def groups(draw: st.DrawFn) -> tuple[dict[str, frozenset[uuid.UUID]], dict[uuid.UUID, int]]:
    topics = {t: draw(st.integers(0, 9)) for t in draw(st.sets(st.sampled_from(TOPICS), min_size=1))}
    members = draw(st.integers(0, 12))
    subscriptions = {
        f"m{i:02d}": frozenset(draw(st.sets(st.sampled_from(TOPICS), max_size=4))) for i in range(members)
    }
    return subscriptions, topics


@given(groups())
def test_every_partition_of_a_subscribed_topic_goes_to_a_subscriber(
    group: tuple[dict[str, frozenset[uuid.UUID]], dict[uuid.UUID, int]],
) -> None:
    subscriptions, topics = group
    out = simple_assign(subscriptions, topics)
    assert set(out) == set(subscriptions)
    for member, assigned in out.items():
        for topic, partitions in assigned.items():
            assert topic in subscriptions[member] and topic in topics  # only what it subscribes to
            assert partitions and all(0 <= p < topics[topic] for p in partitions)
    effective = {m: frozenset(t for t in s if topics.get(t, 0) > 0) for m, s in subscriptions.items()}
    if len(set(effective.values())) == 1:
        # homogeneous: one pool of every subscribed partition
        pool = sum(topics[t] for t in next(iter(effective.values())))
        totals = [sum(len(ps) for ps in out[m].values()) for m in subscriptions]
        given = Counter((t, p) for a in out.values() for t, ps in a.items() for p in ps)
        assert len(given) == pool
        if pool and len(subscriptions) <= pool:
            assert max(totals) - min(totals) <= 1 and set(given.values()) == {1}
        elif pool:
            assert set(totals) == {1} and max(given.values()) - min(given.values()) <= 1
        return
    for topic, n in topics.items():
        subscribers = [m for m, s in subscriptions.items() if topic in s]
        if not subscribers:
            continue
        given_to = Counter(p for m in subscribers for p in out[m].get(topic, ()))
        assert set(given_to) == set(range(n))  # every partition, at least once
        per_member = [len(out[m].get(topic, ())) for m in subscribers]
        if len(subscribers) <= n:
            # dealt: each partition once, each member floor or ceil of n / members
            assert max(given_to.values()) == 1
            assert max(per_member) - min(per_member) <= 1
        elif n > 0:
            # shared: one partition per member, each partition floor or ceil of members / n
            assert set(per_member) == {1}
            assert max(given_to.values()) - min(given_to.values()) <= 1


@given(groups())
def test_deterministic(group: tuple[dict[str, frozenset[uuid.UUID]], dict[uuid.UUID, int]]) -> None:
    subscriptions, topics = group
    reordered = dict(reversed(list(subscriptions.items())))
    assert simple_assign(subscriptions, topics) == simple_assign(reordered, topics)


def test_homogeneous_members_share_only_when_more_than_all_partitions() -> None:
    a, b = TOPICS[0], TOPICS[1]
    out = simple_assign({"x": frozenset({a, b}), "y": frozenset({a, b})}, {a: 1, b: 1})
    assert out == {"x": {a: frozenset({0})}, "y": {b: frozenset({0})}}  # one each, not both shared
    out = simple_assign({f"m{i}": frozenset({a, b}) for i in range(5)}, {a: 1, b: 1})
    assert sorted(len(m) for m in out.values()) == [1] * 5  # one partition each
    assert Counter(t for m in out.values() for t in m) == {a: 3, b: 2}


def test_more_members_than_partitions_share_them() -> None:
    t = TOPICS[0]
    out = simple_assign({f"m{i}": frozenset({t}) for i in range(5)}, {t: 2})
    assert sorted(len(a[t]) for a in out.values()) == [1] * 5
    assert Counter(p for a in out.values() for p in a[t]) == {0: 3, 1: 2}


def test_totals_stay_balanced_across_topics() -> None:
    a, b = TOPICS[0], TOPICS[1]
    out = simple_assign({"x": frozenset({a, b}), "y": frozenset({a, b})}, {a: 3, b: 3})
    assert sorted(sum(len(ps) for ps in m.values()) for m in out.values()) == [3, 3]

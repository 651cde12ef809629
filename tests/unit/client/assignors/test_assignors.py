"""Partition assignors: Kafka's results for range/roundrobin, sticky's balance and stickiness,
cooperative-sticky's revoke-first rule, the seed 004 worked examples, the registry.

Expected results marked "Java" were computed by Apache Kafka's own assignor classes (clients
module, trunk of 2024-10) on the same input, and can be checked by hand against the rule in the
assignor's docstring.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from client import assignors
from client.assignors import (
    Assignor,
    CooperativeStickyAssignor,
    MemberData,
    RangeAssignor,
    RebalanceProtocol,
    RoundRobinAssignor,
    StickyAssignor,
    common_rebalance_protocol,
    range_assign,
    round_robin_assign,
    sticky_assign,
)
from client.assignors.sticky import (
    cooperative_member_data,
    decode_sticky_user_data,
    encode_sticky_user_data,
    sticky_member_data,
)
from protocol.consumer_protocol import (
    Assignment,
    Subscription,
    TopicPartitions,
    decode_subscription,
    encode_subscription,
)

TP = tuple[str, int]
Result = Mapping[str, Assignment]

PROPERTY = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- helpers ----------------------------------------------------------------------------------


def grouped(partitions: Iterable[TP]) -> list[TopicPartitions]:
    by_topic: dict[str, list[int]] = {}
    for t, p in sorted(partitions):
        by_topic.setdefault(t, []).append(p)
    return [TopicPartitions(t, ps) for t, ps in by_topic.items()]


def sub(topics: list[str], owned: Iterable[TP] = (), generation: int = -1) -> Subscription:
    return Subscription(list(topics), None, grouped(list(owned)), generation)


def flat(result: Result) -> dict[str, set[TP]]:
    return {m: {(t, p) for t, ps in a.assigned_partitions for p in ps} for m, a in result.items()}


def tps(text: str) -> set[TP]:
    """'t0p0 t1p2' -> {('t0', 0), ('t1', 2)}"""
    out = set()
    for item in text.split():
        t, _, p = item.rpartition("p")
        out.add((t, int(p)))
    return out


def all_partitions(cluster: Mapping[str, int], subs: Mapping[str, Subscription]) -> set[TP]:
    topics = {t for s in subs.values() for t in s.topics}
    return {(t, p) for t in topics for p in range(cluster.get(t, 0))}


def assert_valid(cluster: Mapping[str, int], subs: Mapping[str, Subscription], result: Result) -> None:
    """One entry per member; every partition of a subscribed topic exactly once, to a subscriber."""
    assert set(result) == set(subs)
    seen: set[TP] = set()
    for member, partitions in flat(result).items():
        for t, p in partitions:
            assert t in subs[member].topics, f"{member} got {t}-{p} without subscribing"
            assert (t, p) not in seen, f"{t}-{p} assigned twice"
            seen.add((t, p))
        for ta in result[member].assigned_partitions:  # the wire shape: sorted, no empty topics
            assert ta.partitions == sorted(ta.partitions) and ta.partitions
    assert seen == all_partitions(cluster, subs)


def counts(result: Result) -> list[int]:
    return sorted(len(ps) for ps in flat(result).values())


def assert_locally_balanced(subs: Mapping[str, Subscription], result: Result) -> None:
    """Kafka's balance for unequal subscriptions: no member with 2+ fewer partitions than another
    subscribes to a topic of one of that other's partitions."""
    got = flat(result)
    for a, mine in got.items():
        for b, theirs in got.items():
            if len(mine) >= len(theirs) + 2:
                takeable = [tp for tp in mine if tp[0] in subs[b].topics]
                assert not takeable, f"{b} ({len(theirs)}) could take {takeable[0]} from {a} ({len(mine)})"


def moves(before: Mapping[str, set[TP]], after: Result) -> set[TP]:
    """Partitions that some member of `before` owned and that now belong to someone else."""
    owner = {tp: m for m, ps in before.items() for tp in ps}
    return {tp for m, ps in flat(after).items() for tp in ps if tp in owner and owner[tp] != m}


def min_moves_equal(total: int, owned_counts: list[int], n_members: int) -> int:
    """The fewest moves of previously owned partitions that balance `total` partitions over
    `n_members` equal subscribers, given what the surviving members own."""
    min_quota, extra = divmod(total, n_members)
    kept = sum(min(n, min_quota) for n in owned_counts)
    if extra:
        kept += min(extra, sum(1 for n in owned_counts if n > min_quota))
    return sum(owned_counts) - kept


# --- range: Java's results --------------------------------------------------------------------


def test_range_seed_7_partitions_3_consumers() -> None:
    """Seeds 002/004: n = 7 // 3 = 2, m = 7 % 3 = 1: the first consumer gets 3, the others 2."""
    subs = {c: sub(["A"]) for c in ("consumer-1", "consumer-2", "consumer-3")}
    result = flat(range_assign({"A": 7}, subs))
    assert result == {
        "consumer-1": tps("Ap0 Ap1 Ap2"),
        "consumer-2": tps("Ap3 Ap4"),
        "consumer-3": tps("Ap5 Ap6"),
    }


def test_range_seed_two_topics_skew_toward_first_consumer() -> None:
    """Seed 002: with two topics the lexically first consumer takes the extra partition of both
    (the seed's figure is not in its text; 5 and 3 partitions give its 5-vs-3 split)."""
    subs = {"C0": sub(["t0", "t1"]), "C1": sub(["t0", "t1"])}
    result = flat(range_assign({"t0": 5, "t1": 3}, subs))
    assert result == {"C0": tps("t0p0 t0p1 t0p2 t1p0 t1p1"), "C1": tps("t0p3 t0p4 t1p2")}


def test_range_java_javadoc_example() -> None:
    subs = {"C0": sub(["t0", "t1"]), "C1": sub(["t0", "t1"])}
    result = flat(RangeAssignor().assign({"t0": 3, "t1": 3}, subs))
    assert result == {"C0": tps("t0p0 t0p1 t1p0 t1p1"), "C1": tps("t0p2 t1p2")}


def test_range_unequal_subscriptions_and_unknown_topics() -> None:
    subs = {"a": sub(["t0", "t1"]), "b": sub(["t1", "gone"]), "c": sub(["empty"])}
    result = flat(range_assign({"t0": 3, "t1": 3, "empty": 0, "other": 9}, subs))
    assert result == {"a": tps("t0p0 t0p1 t0p2 t1p0 t1p1"), "b": tps("t1p2"), "c": set()}


def test_range_orders_static_members_first_by_instance_id() -> None:
    subs = {m: sub(["t"]) for m in ("m-a", "m-b", "m-c")}
    result = flat(range_assign({"t": 3}, subs, {"m-a": "z", "m-c": "a"}))
    assert result == {"m-c": {("t", 0)}, "m-a": {("t", 1)}, "m-b": {("t", 2)}}


def test_range_orders_member_ids_as_java_does() -> None:
    """Java compares UTF-16 code units: U+1F600 (D83D DE00) sorts before U+FFFF; Python's code
    point order says the opposite. Java gives the emoji member the first range."""
    subs = {"a\uffff": sub(["t0"]), "a\U0001f600": sub(["t0"])}
    result = flat(range_assign({"t0": 3}, subs))
    assert result == {"a\U0001f600": tps("t0p0 t0p1"), "a\uffff": tps("t0p2")}


# --- roundrobin: Java's results ---------------------------------------------------------------


def test_roundrobin_seed_equal_subscriptions() -> None:
    """Seed 004: equal subscriptions are dealt evenly, in turn."""
    subs = {"C0": sub(["t0", "t1"]), "C1": sub(["t0", "t1"])}
    result = round_robin_assign({"t0": 3, "t1": 3}, subs)
    assert flat(result) == {"C0": tps("t0p0 t0p2 t1p1"), "C1": tps("t0p1 t1p0 t1p2")}


def test_roundrobin_seed_unequal_subscriptions() -> None:
    """Seed 004: a consumer not subscribed to a topic gets none of it, and the result is uneven."""
    subs = {"C0": sub(["t0"]), "C1": sub(["t0", "t1"]), "C2": sub(["t0", "t1", "t2"])}
    result = RoundRobinAssignor().assign({"t0": 1, "t1": 2, "t2": 3}, subs)
    assert flat(result) == {"C0": tps("t0p0"), "C1": tps("t1p0"), "C2": tps("t1p1 t2p0 t2p1 t2p2")}


def test_roundrobin_cycle_carries_across_topics() -> None:
    """Java: the cycle continues from topic to topic, skipping non-subscribers as it goes."""
    subs = {"A": sub(["t1", "t2"]), "B": sub(["t0", "t2"]), "C": sub(["t0", "t1", "t2"])}
    result = round_robin_assign({"t0": 3, "t1": 2, "t2": 4}, subs)
    assert flat(result) == {
        "A": tps("t1p1 t2p2"),
        "B": tps("t0p0 t0p2 t2p0 t2p3"),
        "C": tps("t0p1 t1p0 t2p1"),
    }


# --- sticky: the seed 004 / Kafka javadoc worked examples ------------------------------------


def test_sticky_seed_example1_fresh_then_member_leaves() -> None:
    """Seed 004 sticky goals, Kafka's example 1: three consumers, t0..t3 with 2 partitions each.
    After C1 leaves, C0 and C2 keep everything and split C1's partitions (round robin would
    reshuffle all)."""
    topics = ["t0", "t1", "t2", "t3"]
    cluster = dict.fromkeys(topics, 2)
    first = sticky_assign(cluster, {c: sub(topics) for c in ("C0", "C1", "C2")}, {})
    assert flat(first) == {
        "C0": tps("t0p0 t1p1 t3p0"),
        "C1": tps("t0p1 t2p0 t3p1"),
        "C2": tps("t1p0 t2p1"),
    }
    before = flat(first)
    subs = {c: sub(topics, before[c], generation=1) for c in ("C0", "C2")}
    second = StickyAssignor().assign(cluster, subs)
    assert_valid(cluster, subs, second)
    got = flat(second)
    assert got["C0"] >= before["C0"] and got["C2"] >= before["C2"]
    assert counts(second) == [4, 4]
    assert got == {"C0": tps("t0p0 t0p1 t1p1 t3p0"), "C2": tps("t1p0 t2p0 t2p1 t3p1")}  # Java


def test_sticky_seed_example2_unequal_subscriptions() -> None:
    """Kafka's example 2: subscriptions t0 / t0,t1 / t0,t1,t2 with 1, 2, 3 partitions. Sticky
    balances better than round robin; after C0 leaves only t0p0 moves."""
    cluster = {"t0": 1, "t1": 2, "t2": 3}
    topics = {"C0": ["t0"], "C1": ["t0", "t1"], "C2": ["t0", "t1", "t2"]}
    first = sticky_assign(cluster, {c: sub(ts) for c, ts in topics.items()}, {})
    assert flat(first) == {"C0": tps("t0p0"), "C1": tps("t1p0 t1p1"), "C2": tps("t2p0 t2p1 t2p2")}
    before = flat(first)
    subs = {c: sub(topics[c], before[c], 1) for c in ("C1", "C2")}
    second = StickyAssignor().assign(cluster, subs)
    assert flat(second) == {"C1": tps("t0p0 t1p0 t1p1"), "C2": tps("t2p0 t2p1 t2p2")}


def test_sticky_seed_balance_takes_precedence_over_stickiness() -> None:
    """Seed 004: when the two goals conflict, balance wins: the owner of everything gives half up."""
    cluster = {"t0": 6}
    subs = {"C0": sub(["t0"], tps("t0p0 t0p1 t0p2 t0p3 t0p4 t0p5"), 1), "C1": sub(["t0"])}
    result = flat(StickyAssignor().assign(cluster, subs))
    assert result == {"C0": tps("t0p0 t0p1 t0p2"), "C1": tps("t0p3 t0p4 t0p5")}  # Java


def test_sticky_keeps_lowest_partitions_when_over_quota() -> None:
    """Kafka keeps owned partitions ordered by partition number, then topic."""
    cluster = {"a": 2, "b": 2}
    subs = {"C0": sub(["a", "b"], tps("ap0 ap1 bp0 bp1"), 3), "C1": sub(["a", "b"])}
    assert flat(sticky_assign(cluster, subs, {m: cooperative_member_data(s) for m, s in subs.items()}))[
        "C0"
    ] == tps("ap0 bp0")


# --- sticky: ownership data -------------------------------------------------------------------


def test_sticky_user_data_matches_kafka_layout() -> None:
    """StickyAssignorUserData v1: [topic(int16 string), [int32]] then generation int32."""
    data = encode_sticky_user_data([TopicPartitions("t0", [0, 2])], 7)
    assert data == (
        struct.pack(">i", 1)
        + struct.pack(">h", 2)
        + b"t0"
        + struct.pack(">iii", 2, 0, 2)
        + struct.pack(">i", 7)
    )
    assert decode_sticky_user_data(data) == MemberData([TopicPartitions("t0", [0, 2])], 7)
    v0 = data[:-4]
    assert decode_sticky_user_data(v0) == MemberData([TopicPartitions("t0", [0, 2])], None)
    assert decode_sticky_user_data(b"\x00\x00\x00\x05junk") == MemberData([], -1)


def test_sticky_reads_ownership_from_user_data_then_subscription() -> None:
    legacy = Subscription(["t"], encode_sticky_user_data([TopicPartitions("t", [1])], 4))
    assert sticky_member_data(legacy) == MemberData([TopicPartitions("t", [1])], 4)
    modern = Subscription(["t"], None, [TopicPartitions("t", [2])], 5)
    assert sticky_member_data(modern) == MemberData([TopicPartitions("t", [2])], 5)
    # cooperative: the v2+ fields; else the generation in user data
    assert cooperative_member_data(modern) == MemberData([TopicPartitions("t", [2])], 5)
    old = Subscription(["t"], struct.pack(">i", 9), [TopicPartitions("t", [3])], -1)
    assert cooperative_member_data(old) == MemberData([TopicPartitions("t", [3])], 9)
    assert cooperative_member_data(Subscription(["t"])).generation is None


def test_sticky_assignor_round_trips_its_own_state() -> None:
    a = StickyAssignor()
    assert a.subscription_user_data({"t"}) is None
    a.on_assignment(Assignment([TopicPartitions("t", [0, 1])]), 3)
    user_data = a.subscription_user_data({"t"})
    assert user_data is not None
    assert decode_sticky_user_data(user_data) == MemberData([TopicPartitions("t", [0, 1])], 3)
    c = CooperativeStickyAssignor()
    assert c.subscription_user_data({"t"}) == struct.pack(">i", -1)
    c.on_assignment(Assignment(), 8)
    assert c.subscription_user_data({"t"}) == struct.pack(">i", 8)


def test_sticky_legacy_user_data_drives_stickiness() -> None:
    """An eager (Java "sticky") member reports its previous assignment only in user data."""
    cluster = {"t": 4}
    ud = encode_sticky_user_data([TopicPartitions("t", [2, 3])], 1)
    subs = {"a": Subscription(["t"]), "b": Subscription(["t"], ud)}
    assert flat(StickyAssignor().assign(cluster, subs)) == {"a": tps("tp0 tp1"), "b": tps("tp2 tp3")}


def test_sticky_higher_generation_wins_a_double_claim() -> None:
    cluster = {"t": 2}
    subs = {"a": sub(["t"], tps("tp0"), 2), "b": sub(["t"], tps("tp0 tp1"), 5)}
    # a is stale (generation 2); b keeps both until balance takes one away: b keeps tp0 (lowest)
    result = flat(CooperativeStickyAssignor().assign(cluster, subs))
    assert result["b"] == tps("tp0")
    # tp1 goes to a, but b still owns it: revoke first
    assert result["a"] == set()


def test_sticky_same_generation_double_claim_is_nobodys() -> None:
    cluster = {"t": 2}
    subs = {"a": sub(["t"], tps("tp0 tp1"), 5), "b": sub(["t"], tps("tp0"), 5)}
    result = flat(StickyAssignor().assign(cluster, subs))
    assert result == {"a": tps("tp1"), "b": tps("tp0")}  # tp0 re-dealt; a keeps its own tp1


# --- cooperative-sticky -----------------------------------------------------------------------


def test_cooperative_revokes_first_then_hands_over() -> None:
    """KIP-429: C1 joins; C0 must give up 3 partitions. Generation 1 assigns them to nobody (C0
    sees them gone and revokes them); generation 2 gives them to C1."""
    cluster = {"t": 6}
    everything = tps("tp0 tp1 tp2 tp3 tp4 tp5")
    assignor = CooperativeStickyAssignor()
    subs = {"C0": sub(["t"], everything, 1), "C1": sub(["t"])}
    gen1 = flat(assignor.assign(cluster, subs))
    assert gen1 == {"C0": tps("tp0 tp1 tp2"), "C1": set()}
    subs = {"C0": sub(["t"], gen1["C0"], 2), "C1": sub(["t"], gen1["C1"], 2)}
    gen2 = assignor.assign(cluster, subs)
    assert_valid(cluster, subs, gen2)
    assert flat(gen2) == {"C0": tps("tp0 tp1 tp2"), "C1": tps("tp3 tp4 tp5")}


def test_cooperative_gives_departed_members_partitions_at_once() -> None:
    """Partitions of a member that left are owned by nobody present: no revocation round."""
    cluster = {"t": 4}
    subs = {"C0": sub(["t"], tps("tp0 tp1"), 3)}
    assert flat(CooperativeStickyAssignor().assign(cluster, subs)) == {"C0": tps("tp0 tp1 tp2 tp3")}


def test_cooperative_revokes_partition_of_unsubscribed_topic_first() -> None:
    cluster = {"a": 2, "b": 2}
    subs = {"C0": sub(["a"], tps("ap0 ap1 bp0 bp1"), 1), "C1": sub(["a", "b"])}
    result = flat(CooperativeStickyAssignor().assign(cluster, subs))
    assert result == {"C0": tps("ap0 ap1"), "C1": set()}  # b's partitions wait for C0 to revoke


# --- properties -------------------------------------------------------------------------------


@st.composite
def groups(draw: st.DrawFn, equal: bool | None = None, max_members: int = 8) -> tuple[dict, dict]:
    """(cluster, member -> topics)."""
    n_topics = draw(st.integers(1, 5))
    cluster = {f"t{i}": draw(st.integers(0, 12)) for i in range(n_topics)}
    names = list(cluster) + ["missing"]
    members = draw(
        st.lists(st.text("abcAB-1", min_size=1, max_size=4), min_size=1, max_size=max_members, unique=True)
    )
    if equal is None:
        equal = draw(st.booleans())
    if equal:
        topics = draw(st.lists(st.sampled_from(names), min_size=1, unique=True))
        return cluster, {m: list(topics) for m in members}
    return cluster, {m: draw(st.lists(st.sampled_from(names), unique=True)) for m in members}


def random_ownership(data: st.DataObject, cluster: dict, topics_of: dict) -> dict[str, set[TP]]:
    """Disjoint previous ownership: each partition to nobody or some member (any member: it may
    have unsubscribed since)."""
    members = sorted(topics_of)
    owned: dict[str, set[TP]] = {m: set() for m in members}
    for t, n in cluster.items():
        for p in range(n):
            who = data.draw(st.integers(-1, len(members) - 1))
            if who >= 0:
                owned[members[who]].add((t, p))
    return owned


ALL_ASSIGNORS = [RangeAssignor, RoundRobinAssignor, StickyAssignor, CooperativeStickyAssignor]


@PROPERTY
@given(groups())
@pytest.mark.parametrize("assignor", ALL_ASSIGNORS, ids=lambda a: a.name)
def test_every_partition_once_to_a_subscriber(assignor: type[Assignor], group: tuple[dict, dict]) -> None:
    cluster, topics_of = group
    subs = {m: sub(ts) for m, ts in topics_of.items()}
    assert_valid(cluster, subs, assignor().assign(cluster, subs))


@PROPERTY
@given(groups(equal=True))
@pytest.mark.parametrize(
    "assignor", [RoundRobinAssignor, StickyAssignor, CooperativeStickyAssignor], ids=lambda a: a.name
)
def test_equal_subscriptions_balance(assignor: type[Assignor], group: tuple[dict, dict]) -> None:
    cluster, topics_of = group
    subs = {m: sub(ts) for m, ts in topics_of.items()}
    c = counts(assignor().assign(cluster, subs))
    assert c[-1] - c[0] <= 1


@PROPERTY
@given(st.data())
def test_sticky_with_any_previous_ownership(data: st.DataObject) -> None:
    """Whatever members owned before: valid, balanced (Kafka's sense), and a fixed point."""
    cluster, topics_of = data.draw(groups())
    owned = random_ownership(data, cluster, topics_of)
    subs = {m: sub(ts, owned[m], 1) for m, ts in topics_of.items()}
    result = StickyAssignor().assign(cluster, subs)
    assert_valid(cluster, subs, result)
    assert_locally_balanced(subs, result)
    if len({frozenset(ts) for ts in topics_of.values()}) == 1:
        c = counts(result)
        assert c[-1] - c[0] <= 1
    again = {m: sub(ts, flat(result)[m], 2) for m, ts in topics_of.items()}
    assert flat(StickyAssignor().assign(cluster, again)) == flat(result)


@PROPERTY
@given(st.data())
def test_sticky_moves_the_minimum_when_a_member_joins(data: st.DataObject) -> None:
    cluster, topics_of = data.draw(groups(equal=True))
    topics = next(iter(topics_of.values()))
    owned = random_ownership(data, cluster, topics_of)
    subs = {m: sub(topics, owned[m], 1) for m in topics_of}
    before = flat(StickyAssignor().assign(cluster, subs))  # a balanced group
    subs = {m: sub(topics, before[m], 2) for m in topics_of} | {"~joiner": sub(topics)}
    after = StickyAssignor().assign(cluster, subs)
    assert_valid(cluster, subs, after)
    total = len(all_partitions(cluster, subs))
    expected = min_moves_equal(total, [len(ps) for ps in before.values()], len(subs))
    assert len(moves(before, after)) == expected
    assert len(flat(after)["~joiner"]) == total // len(subs)  # exactly what it needs, all moved


@PROPERTY
@given(st.data())
def test_sticky_moves_only_the_leavers_partitions(data: st.DataObject) -> None:
    cluster, topics_of = data.draw(groups(equal=data.draw(st.booleans())))
    subs = {m: sub(ts) for m, ts in topics_of.items()}
    before = flat(StickyAssignor().assign(cluster, subs))
    leaver = data.draw(st.sampled_from(sorted(topics_of)))
    subs = {m: sub(ts, before[m], 1) for m, ts in topics_of.items() if m != leaver}
    if not subs:
        return
    after = StickyAssignor().assign(cluster, subs)
    assert_valid(cluster, subs, after)
    assert_locally_balanced(subs, after)
    if len({frozenset(ts) for ts in topics_of.values()}) == 1:
        # equal subscriptions: the leaver's partitions are the only ones that move
        assert moves(before, after) == before[leaver]
        for m, ps in flat(after).items():
            assert ps >= before[m]


@PROPERTY
@given(st.data())
def test_sticky_moves_the_minimum_from_any_ownership(data: st.DataObject) -> None:
    """Equal subscriptions, arbitrary (possibly unbalanced) previous ownership."""
    cluster, topics_of = data.draw(groups(equal=True))
    owned = random_ownership(data, cluster, topics_of)
    subs = {m: sub(ts, owned[m], 1) for m, ts in topics_of.items()}
    result = sticky_assign(cluster, subs, {m: cooperative_member_data(s) for m, s in subs.items()})
    total = len(all_partitions(cluster, subs))
    valid = {m: {tp for tp in ps if tp[0] in topics_of[m]} for m, ps in owned.items()}
    expected = min_moves_equal(total, [len(ps) for ps in valid.values()], len(subs))
    assert len(moves(valid, result)) == expected


def assert_revokes_first(owned: Mapping[str, set[TP]], result: Result) -> None:
    """No partition goes to a member that did not claim it while another member claims it."""
    for m, ps in flat(result).items():
        for tp in ps:
            others = [o for o, theirs in owned.items() if o != m and tp in theirs]
            assert tp in owned.get(m, set()) or not others, f"{tp} handed from {others} to {m} unrevoked"


@PROPERTY
@given(st.data())
def test_cooperative_never_hands_over_in_the_revoking_generation(data: st.DataObject) -> None:
    """Each generation: nothing goes to a new owner while another member still owns it. Members
    revoke what they lost and rejoin; within a few generations everything is assigned, balanced."""
    cluster, topics_of = data.draw(groups())
    owned = random_ownership(data, cluster, topics_of)
    if data.draw(st.booleans()):
        topics_of = topics_of | {"~joiner": next(iter(topics_of.values()))}
        owned["~joiner"] = set()
    gone = data.draw(st.sampled_from(sorted(topics_of)))
    if len(topics_of) > 1 and data.draw(st.booleans()):
        topics_of = {m: ts for m, ts in topics_of.items() if m != gone}
    owned = {m: owned[m] for m in topics_of}
    assignor = CooperativeStickyAssignor()
    equal = len({frozenset(ts) for ts in topics_of.values()}) == 1
    for generation in range(4, 10):
        subs = {m: sub(ts, owned[m], generation) for m, ts in topics_of.items()}
        result = assignor.assign(cluster, subs)
        assert_revokes_first(owned, result)
        owned = flat(result)
        if sum(map(len, owned.values())) == len(all_partitions(cluster, subs)):
            break
        # equal subscriptions: the revoked partitions are handed over in the very next generation
        assert not equal or generation == 4
    else:
        pytest.fail("cooperative rebalancing did not converge")
    assert_valid(cluster, subs, result)
    assert_locally_balanced(subs, result)


@PROPERTY
@given(st.data())
def test_cooperative_respects_conflicting_claims(data: st.DataObject) -> None:
    """Overlapping claims (stale members, generation ties): still nothing is handed over unrevoked."""
    cluster, topics_of = data.draw(groups())
    everything = sorted((t, p) for t, n in cluster.items() for p in range(n))
    claim = st.sets(st.sampled_from(everything)) if everything else st.just(set())
    claims = {m: data.draw(claim) for m in topics_of}
    subs = {m: sub(ts, claims[m], data.draw(st.integers(-1, 3))) for m, ts in topics_of.items()}
    result = CooperativeStickyAssignor().assign(cluster, subs)
    assert_revokes_first(claims, result)
    seen: set[TP] = set()
    for m, ps in flat(result).items():
        for tp in ps:
            assert tp[0] in topics_of[m] and tp not in seen
            seen.add(tp)


def test_larger_groups_stay_sticky_and_balanced() -> None:
    """A few hundred partitions over dozens of members through joins and leaves."""
    cluster = {f"topic-{i}": 37 for i in range(11)}
    topics = sorted(cluster)
    members = [f"m{i:02d}" for i in range(24)]
    current = flat(sticky_assign(cluster, {m: sub(topics) for m in members}, {}))
    for step in range(12):
        members = members[1:] if step % 3 == 2 else [*members, f"n{step:02d}"]  # leave / join
        subs = {m: sub(topics, current.get(m, set()), step + 1) for m in members}
        result = StickyAssignor().assign(cluster, subs)
        assert_valid(cluster, subs, result)
        c = counts(result)
        assert c[-1] - c[0] <= 1
        survivors = {m: current[m] for m in members if m in current}
        expected = min_moves_equal(407, [len(ps) for ps in survivors.values()], len(members))
        assert len(moves(survivors, result)) == expected
        current = flat(result)


def test_general_case_with_many_cohorts() -> None:
    """Unequal subscriptions over many topics: valid, locally balanced, a fixed point."""
    cluster = {f"t{i:02d}": 3 + i % 5 for i in range(30)}
    topics = sorted(cluster)
    topics_of = {f"m{i:02d}": topics[i % 7 :: 1 + i % 3] for i in range(25)}
    subs = {m: sub(ts) for m, ts in topics_of.items()}
    result = sticky_assign(cluster, subs, {})
    assert_valid(cluster, subs, result)
    assert_locally_balanced(subs, result)
    subs = {m: sub(ts, flat(result)[m], 1) for m, ts in topics_of.items()}
    assert flat(StickyAssignor().assign(cluster, subs)) == flat(result)


# --- registry ---------------------------------------------------------------------------------


class _Everything(Assignor):
    name = "test-everything"
    supported_protocols = (RebalanceProtocol.COOPERATIVE, RebalanceProtocol.EAGER)

    def assign(
        self,
        cluster_partitions: Mapping[str, int],
        subscriptions: Mapping[str, Subscription],
        *,
        group_instance_ids: Mapping[str, str] | None = None,
    ) -> dict[str, Assignment]:
        first, *rest = sorted(subscriptions)
        out = {m: Assignment() for m in rest}
        out[first] = Assignment(
            [TopicPartitions(t, list(range(n))) for t, n in sorted(cluster_partitions.items())]
        )
        return out


class _Weighted(Assignor):
    """Seed 004's custom assignor: each member sends a weight in its subscription user data; the
    leader hands out each topic's partitions in proportion."""

    name = "test-weighted"

    def __init__(self, weight: int = 1) -> None:
        self.weight = weight

    def subscription_user_data(self, topics: AbstractSet[str]) -> bytes | None:
        return struct.pack(">i", self.weight)

    def assign(
        self,
        cluster_partitions: Mapping[str, int],
        subscriptions: Mapping[str, Subscription],
        *,
        group_instance_ids: Mapping[str, str] | None = None,
    ) -> dict[str, Assignment]:
        weights = {m: struct.unpack(">i", s.user_data or b"\0\0\0\1")[0] for m, s in subscriptions.items()}
        slots = [m for m in sorted(weights) for _ in range(weights[m])]
        out: dict[str, list[TopicPartitions]] = {m: [] for m in subscriptions}
        for topic, n in sorted(cluster_partitions.items()):
            mine: dict[str, list[int]] = {}
            for p in range(n):
                mine.setdefault(slots[p % len(slots)], []).append(p)
            for m, ps in mine.items():
                out[m].append(TopicPartitions(topic, ps))
        return {m: Assignment(tps) for m, tps in out.items()}


def test_seed_custom_assignor_with_user_data() -> None:
    """Seed 004: a custom strategy reads what members put in `user_data` (weights, racks...);
    registered, it is chosen by name, and its data survives the ConsumerProtocol encoding."""
    assignors.register(_Weighted)
    try:
        heavy, light = assignors.create(["test-weighted"])[0], _Weighted()
        assert isinstance(heavy, _Weighted)
        heavy.weight = 2
        subs = {}
        for member, assignor in (("heavy", heavy), ("light", light)):
            wire = encode_subscription(Subscription(["t"], assignor.subscription_user_data({"t"})))
            subs[member] = decode_subscription(wire)
        result = flat(light.assign({"t": 6}, subs))
        assert result == {"heavy": tps("tp0 tp1 tp3 tp4"), "light": tps("tp2 tp5")}
    finally:
        assignors.unregister("test-weighted")


def test_builtin_names() -> None:
    assert {"range", "roundrobin", "sticky", "cooperative-sticky"} <= set(assignors.names())
    assert assignors.get("cooperative-sticky") is CooperativeStickyAssignor
    assert assignors.get("org.apache.kafka.clients.consumer.RangeAssignor") is RangeAssignor
    assert StickyAssignor.supported_protocols == (RebalanceProtocol.EAGER,)


def test_register_custom_assignor() -> None:
    assert assignors.register(_Everything) is _Everything
    try:
        assert assignors.register(_Everything) is _Everything  # idempotent
        made = assignors.create(["test-everything", "range", StickyAssignor, CooperativeStickyAssignor()])
        assert [a.name for a in made] == ["test-everything", "range", "sticky", "cooperative-sticky"]
        result = made[0].assign({"t": 2}, {"b": sub(["t"]), "a": sub(["t"])})
        assert flat(result) == {"a": tps("tp0 tp1"), "b": set()}

        class Impostor(_Everything):
            pass

        with pytest.raises(ValueError, match="already registered"):
            assignors.register(Impostor)
        assignors.register(Impostor, replace=True)
        assert assignors.get("test-everything") is Impostor
    finally:
        assignors.unregister("test-everything")
    with pytest.raises(ValueError, match="unknown partition assignor"):
        assignors.get("test-everything")


def test_register_rejects_non_assignors() -> None:
    with pytest.raises(TypeError):
        assignors.register(object)  # type: ignore[arg-type]

    class Nameless(_Everything):
        name = ""

    with pytest.raises(ValueError, match="name"):
        assignors.register(Nameless)
    with pytest.raises(ValueError, match="repeat"):
        assignors.create(["range", RangeAssignor])


def test_common_rebalance_protocol() -> None:
    assert common_rebalance_protocol([CooperativeStickyAssignor()]) is RebalanceProtocol.COOPERATIVE
    assert (
        common_rebalance_protocol([CooperativeStickyAssignor(), RangeAssignor()]) is RebalanceProtocol.EAGER
    )
    with pytest.raises(ValueError):
        common_rebalance_protocol([])

"""KIP-848 consumer groups in one shard, without sockets: ConsumerGroupHeartbeat in, records and
answers out; reconciliation (revoke first, UNRELEASED partitions), fencing, static members, regex
subscriptions, metadata changes, and reloading from the written records."""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, field
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from broker.group.config import ConsumerGroupConfig, GroupConfig
from broker.group.consumer.events import ConsumerGroupHeartbeat, HeartbeatResult
from broker.group.consumer.group import ConsumerGroupState, MemberState
from broker.group.events import Append, Reply
from broker.group.records import Record, decode_record, encode_record
from broker.group.shard import GroupCoordinatorShard
from protocol.consumer_group_records import ConsumerGroupRecord
from protocol.errors import ErrorCode
from tests.unit.group.group_harness import ManualClock, Waiter

E = ErrorCode
GROUP = "g"


@dataclass
class Topic:
    topic_id: uuid.UUID
    partitions: int


@dataclass
class CG:
    """A shard with a topics view the test changes, appends completed at once (or held)."""

    topics: dict[str, Topic] = field(default_factory=dict)
    auto_append: bool = True

    def __post_init__(self) -> None:
        self.clock = ManualClock()
        config = GroupConfig(
            consumer=ConsumerGroupConfig(session_timeout_ms=10_000, heartbeat_interval_ms=1_000)
        )
        self.shard = GroupCoordinatorShard(0, config, self.clock)
        self.shard.consumer_groups.topics = lambda: self.topics
        self.replies: dict[Waiter, Any] = {}
        self.written: list[Record] = []
        self.held: list[Append] = []

    def add_topic(self, name: str, partitions: int) -> uuid.UUID:
        tid = uuid.uuid4()
        self.topics[name] = Topic(tid, partitions)
        return tid

    def pump(self) -> None:
        while outputs := self.shard.drain():
            for out in outputs:
                if isinstance(out, Reply):
                    assert out.waiter not in self.replies
                    self.replies[out.waiter] = out.result
                elif self.auto_append:
                    self.written.extend(out.records)
                    self.shard.appended(out, E.NONE)
                else:
                    self.held.append(out)

    def hb(
        self, member_id: str, epoch: int, owned: dict[uuid.UUID, set[int]] | None = None, **kw: Any
    ) -> Any:
        req = ConsumerGroupHeartbeat(
            GROUP,
            member_id,
            epoch,
            topic_partitions=None if owned is None else [(t, sorted(ps)) for t, ps in owned.items()],
            client_id="c",
            client_host="/127.0.0.1",
            **kw,
        )
        w = Waiter(f"{member_id}@{epoch}")
        self.shard.consumer_group_heartbeat(req, w)
        self.pump()
        return self.replies.get(w, w)

    def join(self, member_id: str, topics: list[str] | None = None, **kw: Any) -> HeartbeatResult:
        kw.setdefault("rebalance_timeout_ms", 30_000)
        if "subscribed_topic_regex" not in kw:
            kw["subscribed_topic_names"] = topics
        result: HeartbeatResult = self.hb(member_id, 0, {}, **kw)
        return result

    @property
    def group(self) -> Any:
        return self.shard.consumer_groups.groups[GROUP]


class Member:
    """A well-behaved consumer: owns what it was last given, revokes at once."""

    def __init__(self, cg: CG, member_id: str, topics: list[str]):
        self.cg, self.member_id, self.topics = cg, member_id, topics
        self.epoch = -1
        self.owned: dict[uuid.UUID, set[int]] = {}

    def beat(self) -> HeartbeatResult:
        if self.epoch < 0:
            r = self.cg.join(self.member_id, self.topics)
        else:
            r = self.cg.hb(self.member_id, self.epoch, self.owned)
        assert r.error == E.NONE, (self.member_id, r)
        self.epoch = r.member_epoch
        if r.assignment is not None:
            self.owned = {t: set(ps) for t, ps in r.assignment.items() if ps}
        return r

    def tps(self) -> set[tuple[uuid.UUID, int]]:
        return {(t, p) for t, ps in self.owned.items() for p in ps}


def assert_no_double_owner(members: list[Member]) -> None:
    seen: dict[tuple[uuid.UUID, int], str] = {}
    for m in members:
        for tp in m.tps():
            assert tp not in seen, f"{tp} owned by {seen[tp]} and {m.member_id}"
            seen[tp] = m.member_id


def converge(cg: CG, members: list[Member], rng: random.Random, rounds: int = 50) -> None:
    for _ in range(rounds):
        for m in rng.sample(members, len(members)):
            m.beat()
            assert_no_double_owner(members)
        if cg.group.state is ConsumerGroupState.STABLE and all(
            m.epoch == cg.group.group_epoch for m in members
        ):
            return
    raise AssertionError(f"did not converge: {cg.group.state}")


def test_three_members_form_a_group_then_a_fourth_joins_incrementally() -> None:
    cg = CG()
    tid = cg.add_topic("t", 12)
    rng = random.Random(1)
    members = [Member(cg, f"m{i}", ["t"]) for i in range(3)]
    converge(cg, members, rng)
    assert sorted(len(m.tps()) for m in members) == [4, 4, 4]
    before = {m.member_id: m.tps() for m in members}
    revoked: set[tuple[uuid.UUID, int]] = set()
    fourth = Member(cg, "m3", ["t"])
    members.append(fourth)
    for _ in range(20):
        for m in members:
            prev = m.tps()
            m.beat()
            revoked |= prev - m.tps()
            assert_no_double_owner(members)
    assert cg.group.state is ConsumerGroupState.STABLE
    assert sorted(len(m.tps()) for m in members) == [3, 3, 3, 3]
    assert {tp for m in members for tp in m.tps()} == {(tid, p) for p in range(12)}
    # Only what moved to the newcomer was revoked: each of the three kept 3 of its 4.
    assert revoked == fourth.tps()
    for m in members[:3]:
        assert m.tps() <= before[m.member_id]


def test_partition_goes_to_new_owner_only_after_release() -> None:
    cg = CG()
    cg.add_topic("t", 2)
    a = Member(cg, "a", ["t"])
    a.beat()
    assert len(a.tps()) == 2
    b = Member(cg, "b", ["t"])
    r = b.beat()  # the new target gives b one of a's partitions, still owned by a
    assert r.assignment == {}
    assert cg.group.members["b"].state is MemberState.UNRELEASED_PARTITIONS
    r = a.cg.hb("a", a.epoch, a.owned)  # a is told to revoke; it has not yet
    assert cg.group.members["a"].state is MemberState.UNREVOKED_PARTITIONS
    assert r.assignment is not None and sum(len(p) for p in r.assignment.values()) == 1
    assert b.beat().assignment is None  # still unreleased: a has not confirmed
    a.owned = {t: set(ps) for t, ps in r.assignment.items()}
    a.beat()  # a confirms the revocation
    r = b.beat()
    assert r.assignment is not None and sum(len(p) for p in r.assignment.values()) == 1
    assert_no_double_owner([a, b])


def test_leave_and_session_expiry_reassign() -> None:
    cg = CG()
    tid = cg.add_topic("t", 6)
    members = [Member(cg, f"m{i}", ["t"]) for i in range(3)]
    rng = random.Random(2)
    converge(cg, members, rng)
    left = cg.hb("m0", -1)
    assert left.error == E.NONE and left.member_epoch == -1
    members = members[1:]
    converge(cg, members, rng)
    assert {tp for m in members for tp in m.tps()} == {(tid, p) for p in range(6)}
    # m2 stops heartbeating: after the session timeout it is fenced, m1 takes everything.
    cg.clock.mono += 5_000
    members[0].beat()
    cg.clock.mono += 6_000
    cg.shard.fire_timers()
    cg.pump()
    assert set(cg.group.members) == {"m1"}
    converge(cg, members[:1], rng)
    assert members[0].tps() == {(tid, p) for p in range(6)}
    assert cg.hb("m2", members[1].epoch, members[1].owned).error == E.UNKNOWN_MEMBER_ID


def test_fencing() -> None:
    cg = CG()
    cg.add_topic("t", 2)
    a = Member(cg, "a", ["t"])
    a.beat()
    assert cg.hb("a", a.epoch + 1, a.owned).error == E.FENCED_MEMBER_EPOCH
    assert cg.hb("zz", a.epoch, {}).error == E.UNKNOWN_MEMBER_ID
    assert cg.hb("a", a.epoch, a.owned).error == E.NONE


@given(
    st.lists(st.sampled_from(["join", "leave", "beat", "beat", "beat", "partitions"]), max_size=40),
    st.randoms(),
)
@settings(max_examples=60, deadline=None)
def test_never_two_owners_under_any_interleaving(ops: list[str], rng: random.Random) -> None:
    cg = CG()
    cg.add_topic("t", 7)
    cg.add_topic("u", 3)
    members: list[Member] = []
    n = 0
    for op in ops:
        if op == "join" or not members:
            members.append(Member(cg, f"m{n}", rng.choice([["t"], ["t", "u"], ["u"]])))
            n += 1
            members[-1].beat()
        elif op == "leave":
            m = members.pop(rng.randrange(len(members)))
            assert cg.hb(m.member_id, -1).error == E.NONE
        elif op == "partitions":
            cg.topics["t"].partitions += 1
        else:
            rng.choice(members).beat()
        assert_no_double_owner(members)
    if members:
        converge(cg, members, rng, rounds=80)
        owned = [tp for m in members for tp in m.tps()]
        subscribed = {t for m in members for t in m.topics}
        expected = {(cg.topics[t].topic_id, p) for t in subscribed for p in range(cg.topics[t].partitions)}
        assert sorted(owned) == sorted(expected)  # each exactly once


def test_bad_input_is_rejected_and_the_group_untouched() -> None:
    cg = CG()
    cg.add_topic("t", 2)
    Member(cg, "a", ["t"]).beat()
    before = (cg.group.group_epoch, dict(cg.group.members))
    written = len(cg.written)
    assert cg.join("b", ["t"], server_assignor="nope").error == E.UNSUPPORTED_ASSIGNOR
    assert cg.hb("a", -3, {}).error == E.INVALID_REQUEST
    assert cg.join("b", subscribed_topic_regex="orders-(?=x)").error == E.INVALID_REGULAR_EXPRESSION
    assert cg.join("b", subscribed_topic_regex="[").error == E.INVALID_REGULAR_EXPRESSION
    assert (
        cg.hb("b", 0, None, rebalance_timeout_ms=1, subscribed_topic_names=["t"]).error == E.INVALID_REQUEST
    )
    assert (cg.group.group_epoch, dict(cg.group.members)) == before
    assert len(cg.written) == written


def test_regex_subscription_picks_up_new_topic() -> None:
    cg = CG()
    t1 = cg.add_topic("orders-1", 2)
    cg.add_topic("payments", 2)
    r = cg.join("a", subscribed_topic_regex="orders-.*")
    assert r.error == E.NONE and r.assignment == {t1: frozenset({0, 1})}
    t2 = cg.add_topic("orders-2", 1)
    r = cg.hb("a", r.member_epoch, {t1: {0, 1}})
    assert r.assignment == {t1: frozenset({0, 1}), t2: frozenset({0})}


def test_deleted_topic_triggers_new_assignment() -> None:
    cg = CG()
    t1 = cg.add_topic("a", 2)
    cg.add_topic("b", 2)
    r = cg.join("m", ["a", "b"])
    epoch = r.member_epoch
    del cg.topics["b"]
    r = cg.hb("m", epoch, {t: set(p) for t, p in r.assignment.items()})
    # Revoke first: the member keeps its epoch until it no longer owns b's partitions.
    assert r.member_epoch == epoch and r.assignment == {t1: frozenset({0, 1})}
    r = cg.hb("m", epoch, {t1: {0, 1}})
    assert r.member_epoch > epoch
    assert cg.group.target["m"] == {t1: frozenset({0, 1})}


def test_static_member_leaves_with_minus_two_and_comes_back_without_rebalance() -> None:
    cg = CG()
    cg.add_topic("t", 4)
    r1 = cg.join("s1", ["t"], instance_id="i1")
    r2 = cg.join("s2", ["t"], instance_id="i2")
    rng = random.Random(3)
    a, b = Member(cg, "s1", ["t"]), Member(cg, "s2", ["t"])
    a.epoch, b.epoch = r1.member_epoch, r2.member_epoch
    a.owned = {t: set(p) for t, p in (r1.assignment or {}).items()}
    b.owned = {t: set(p) for t, p in (r2.assignment or {}).items()}
    for _ in range(5):
        for m in (a, b):
            r = cg.hb(m.member_id, m.epoch, m.owned, instance_id=m.member_id.replace("s", "i"))
            m.epoch = r.member_epoch
            if r.assignment is not None:
                m.owned = {t: set(p) for t, p in r.assignment.items()}
    assert cg.group.state is ConsumerGroupState.STABLE
    epoch = cg.group.group_epoch
    kept = a.tps()
    # Another process with instance i1 while s1 is active: UNRELEASED_INSTANCE_ID.
    assert cg.join("s1-new", ["t"], instance_id="i1").error == E.UNRELEASED_INSTANCE_ID
    assert cg.hb("s1", -2, None, instance_id="i1").member_epoch == -2
    assert cg.group.members["s1"].member_epoch == -2
    r = cg.join("s1-new", ["t"], instance_id="i1")
    assert r.error == E.NONE
    assert {(t, p) for t, ps in (r.assignment or {}).items() for p in ps} == kept
    assert cg.group.group_epoch == epoch  # no rebalance
    assert "s1" not in cg.group.members
    del rng


def test_records_roundtrip_and_reload_rebuilds_the_group() -> None:
    cg = CG()
    cg.add_topic("t", 5)
    rng = random.Random(4)
    members = [Member(cg, f"m{i}", ["t"]) for i in range(3)]
    converge(cg, members, rng)
    cg.hb("m0", -1)
    raw = [encode_record(r) for r in cg.written]
    decoded = [decode_record(k, v) for k, v in raw]
    assert decoded == cg.written
    assert all(isinstance(r, ConsumerGroupRecord) for r in decoded)
    fresh = CG(topics=cg.topics)
    fresh.shard.load([r for r in decoded if r is not None])
    g, h = cg.group, fresh.group
    assert (h.group_epoch, h.assignment_epoch, h.target, h.owners) == (
        g.group_epoch,
        g.assignment_epoch,
        g.target,
        g.owners,
    )
    assert h.members == g.members
    # A member continues after the reload without a new assignment.
    m1 = members[1]
    r = fresh.hb("m1", m1.epoch, m1.owned)
    assert r.error == E.NONE and r.member_epoch >= m1.epoch


def test_write_failure_changes_nothing() -> None:
    cg = CG(auto_append=False)
    cg.add_topic("t", 2)
    w = Waiter("a")
    cg.shard.consumer_group_heartbeat(
        ConsumerGroupHeartbeat(
            GROUP, "a", 0, rebalance_timeout_ms=1000, subscribed_topic_names=["t"], topic_partitions=[]
        ),
        w,
    )
    cg.pump()
    assert w not in cg.replies and len(cg.held) == 1
    # A second member's join waits for the first write.
    w2 = Waiter("b")
    cg.shard.consumer_group_heartbeat(
        ConsumerGroupHeartbeat(
            GROUP, "b", 0, rebalance_timeout_ms=1000, subscribed_topic_names=["t"], topic_partitions=[]
        ),
        w2,
    )
    cg.pump()
    assert len(cg.held) == 1
    cg.shard.appended(cg.held.pop(), E.KAFKA_STORAGE_ERROR)
    cg.pump()
    assert cg.replies[w].error == E.NOT_COORDINATOR
    assert GROUP not in cg.shard.consumer_groups.groups
    # b went on once the write failed, against the unchanged (absent) group.
    assert len(cg.held) == 1
    cg.shard.appended(cg.held.pop(), E.NONE)
    cg.pump()
    assert cg.replies[w2].error == E.NONE
    assert set(cg.group.members) == {"b"}


def test_list_describe_delete() -> None:
    cg = CG()
    cg.add_topic("t", 2)
    r = cg.join("a", ["t"])
    assert [(g.group_id, g.group_type) for g in cg.shard.list_groups(types=["consumer"])] == [
        (GROUP, "consumer")
    ]
    assert cg.shard.list_groups(types=["classic"]) == []
    d = cg.shard.consumer_group_describe(GROUP)
    assert d.error == E.NONE and d.group_epoch == 1 and d.members[0].member.member_id == "a"
    assert cg.shard.describe_group(GROUP, 6).error == E.GROUP_ID_NOT_FOUND
    w = Waiter("del")
    cg.shard.delete_groups([GROUP], w)
    cg.pump()
    assert cg.replies[w] == [(GROUP, E.NON_EMPTY_GROUP)]
    cg.hb("a", r.member_epoch, None)
    cg.hb("a", -1)
    w = Waiter("del2")
    cg.shard.delete_groups([GROUP], w)
    cg.pump()
    assert cg.replies[w] == [(GROUP, E.NONE)]
    assert GROUP not in cg.shard.consumer_groups.groups


def test_offset_commit_checks_the_member_epoch_and_a_foreign_classic_join_is_refused() -> None:
    from broker.group.events import CommitPartition, JoinGroup, OffsetCommit

    cg = CG()
    cg.add_topic("t", 2)
    r = cg.join("a", ["t"])

    def commit(member: str, epoch: int, version: int = 9) -> ErrorCode:
        w = Waiter(f"commit {member} {epoch}")
        cg.shard.commit_offsets(
            OffsetCommit(GROUP, epoch, member, topics=[("t", [CommitPartition(0, 5)])], api_version=version),
            w,
        )
        cg.pump()
        return cg.replies[w][0][1][0][1]

    assert commit("a", r.member_epoch + 1) == E.STALE_MEMBER_EPOCH
    assert commit("nobody", r.member_epoch) == E.UNKNOWN_MEMBER_ID
    assert commit("a", r.member_epoch, version=8) == E.UNSUPPORTED_VERSION
    assert commit("a", r.member_epoch) == E.NONE
    assert cg.shard.fetch_offsets(GROUP, [("t", [0])]).topics[0][1][0].offset == 5
    # A classic member may join (test_migration.py), but only with the consumer protocol type.
    w = Waiter("join")
    cg.shard.join_group(JoinGroup(GROUP, "", None, "c", "/h", 10_000, 10_000, "connect", [("v0", b"")]), w)
    cg.pump()
    assert cg.replies[w].error == E.INCONSISTENT_GROUP_PROTOCOL
    # A member of a non-empty classic group cannot take the id with the consumer protocol.
    w = Waiter("classic")
    cg.shard.join_group(
        JoinGroup(
            "classic",
            "",
            None,
            "c",
            "/h",
            10_000,
            10_000,
            "consumer",
            [("range", b"")],
            require_known_member_id=False,
        ),
        w,
    )
    cg.pump()
    req = ConsumerGroupHeartbeat(
        "classic", "x", 0, rebalance_timeout_ms=1, subscribed_topic_names=["t"], topic_partitions=[]
    )
    w = Waiter("cg-on-classic")
    cg.shard.consumer_group_heartbeat(req, w)
    cg.pump()
    assert cg.replies[w].error == E.GROUP_ID_NOT_FOUND


def test_consumer_group_config_keys_and_api_versions() -> None:
    import pytest

    from broker.apis import advertised_versions
    from broker.config import Config, ConfigError

    config = Config({})
    consumer = ConsumerGroupConfig.from_config(config)
    assert consumer == ConsumerGroupConfig()  # Kafka's defaults
    assert (consumer.session_timeout_ms, consumer.heartbeat_interval_ms, consumer.assignors) == (
        45_000,
        5_000,
        ("uniform", "range"),
    )
    kafka_names = Config(
        {"group.consumer.assignors": "org.apache.kafka.coordinator.group.assignor.RangeAssignor"}
    )
    assert ConsumerGroupConfig.from_config(kafka_names).assignors == ("range",)
    for bad in (
        {
            "group.consumer.heartbeat.interval.ms": "50000",
            "group.consumer.max.heartbeat.interval.ms": "60000",
        },
        {"group.consumer.session.timeout.ms": "1000"},
        {"group.consumer.assignors": "sticky"},
        {"group.coordinator.rebalance.protocols": "classic,nope"},
    ):
        with pytest.raises(ConfigError, match=next(iter(bad)).replace(".", r"\.")):
            Config(bad)
    assert not ConsumerGroupConfig.from_config(
        Config({"group.coordinator.rebalance.protocols": "classic"})
    ).enabled
    keys = {v["api_key"] for v in advertised_versions(True)}
    assert {68, 69} <= keys
    assert not {68, 69} & {v["api_key"] for v in advertised_versions(False)}


def test_requests_queued_behind_a_write_are_decided_in_order_and_written_as_one_append() -> None:
    cg = CG()
    cg.add_topic("t", 8)
    rng = random.Random(6)
    members = [Member(cg, f"m{i}", ["t"]) for i in range(3)]
    converge(cg, members, rng)
    cg.auto_append = False
    join = Waiter("m3 joins")
    cg.shard.consumer_group_heartbeat(
        ConsumerGroupHeartbeat(
            GROUP, "m3", 0, rebalance_timeout_ms=1000, subscribed_topic_names=["t"], topic_partitions=[]
        ),
        join,
    )
    cg.pump()
    assert len(cg.held) == 1 and join not in cg.replies
    waiters = []
    for m in members:  # each heartbeats while the join is being written
        w = Waiter(m.member_id)
        waiters.append(w)
        cg.shard.consumer_group_heartbeat(
            ConsumerGroupHeartbeat(
                GROUP, m.member_id, m.epoch, topic_partitions=[(t, sorted(ps)) for t, ps in m.owned.items()]
            ),
            w,
        )
    cg.pump()
    assert len(cg.held) == 1 and not any(w in cg.replies for w in waiters)
    epoch_before = cg.group.group_epoch
    first = cg.held.pop()
    cg.shard.appended(first, E.NONE)
    cg.pump()
    assert cg.group.group_epoch == epoch_before + 1 and cg.replies[join].error == E.NONE
    # The three heartbeats were decided on the new target, one after the other, and written together.
    assert len(cg.held) == 1 and not any(w in cg.replies for w in waiters)
    batch = cg.held.pop()
    assert {r.key.member_id for r in batch.records} == {"m0", "m1", "m2"}
    cg.shard.appended(batch, E.NONE)
    cg.pump()
    results = [cg.replies[w] for w in waiters]
    assert all(r.error == E.NONE for r in results)
    revoking = [r for r in results if r.assignment is not None]
    assert revoking  # someone gives up partitions for m3
    held: dict[Any, str] = {}
    for m in cg.group.members.values():
        for tp in m.owned_partitions():
            assert tp not in held, (tp, held.get(tp), m.member_id)
            held[tp] = m.member_id


@given(
    st.lists(st.sampled_from(["send", "send", "complete", "collect", "join", "leave"]), max_size=60),
    st.randoms(),
)
@settings(max_examples=60, deadline=None)
def test_never_two_owners_with_writes_in_flight(ops: list[str], rng: random.Random) -> None:
    """Heartbeats sent without waiting, writes completed later (in order): requests queue behind
    writes and are decided in batches; still never two owners, and the group converges."""
    cg = CG(auto_append=False)
    cg.add_topic("t", 6)
    epochs: dict[str, int] = {}
    owned: dict[str, dict[uuid.UUID, set[int]]] = {}
    inflight: dict[str, Waiter] = {}
    n = 0

    def send(mid: str) -> None:
        if mid in inflight:
            return
        w = Waiter(f"{mid}#{len(cg.replies)}")
        if epochs[mid] <= 0:
            req = ConsumerGroupHeartbeat(
                GROUP, mid, 0, rebalance_timeout_ms=1000, subscribed_topic_names=["t"], topic_partitions=[]
            )
        else:
            req = ConsumerGroupHeartbeat(
                GROUP, mid, epochs[mid], topic_partitions=[(t, sorted(p)) for t, p in owned[mid].items()]
            )
        cg.shard.consumer_group_heartbeat(req, w)
        inflight[mid] = w
        cg.pump()

    def collect() -> None:
        for mid, w in list(inflight.items()):
            if w in cg.replies:
                del inflight[mid]
                r = cg.replies[w]
                if mid not in epochs:
                    continue  # left meanwhile
                if r.error in (E.FENCED_MEMBER_EPOCH, E.UNKNOWN_MEMBER_ID):
                    epochs[mid], owned[mid] = 0, {}
                elif r.error == E.NONE:
                    epochs[mid] = r.member_epoch
                    if r.assignment is not None:
                        owned[mid] = {t: set(p) for t, p in r.assignment.items()}
        seen: dict[Any, str] = {}
        for mid, parts in owned.items():
            for t, ps in parts.items():
                for p in ps:
                    assert (t, p) not in seen, f"{(t, p)} owned by {seen[(t, p)]} and {mid}"
                    seen[(t, p)] = mid

    def complete() -> None:
        if cg.held:
            cg.shard.appended(cg.held.pop(0), E.NONE)
            cg.pump()

    for op in ops:
        if op == "join" or not epochs:
            mid = f"m{n}"
            n += 1
            epochs[mid], owned[mid] = 0, {}
            send(mid)
        elif op == "leave":
            mid = rng.choice(sorted(epochs))
            if mid not in inflight and epochs[mid] > 0:
                del epochs[mid], owned[mid]
                cg.shard.consumer_group_heartbeat(
                    ConsumerGroupHeartbeat(GROUP, mid, -1), Waiter(f"leave {mid}")
                )
                cg.pump()
        elif op == "send":
            send(rng.choice(sorted(epochs)))
        elif op == "complete":
            complete()
        collect()
    for _ in range(200):  # quiesce: everyone heartbeats, every write completes
        while cg.held:
            complete()
            collect()
        collect()
        group = cg.shard.consumer_groups.groups.get(GROUP)
        if not epochs and not inflight:
            break
        if (
            not inflight
            and group is not None
            and group.state is ConsumerGroupState.STABLE
            and set(group.members) == set(epochs)
            and all(epochs[m] == group.group_epoch for m in epochs)
            and all(
                {t: set(p) for t, p in group.members[m].assigned.items() if p} == owned[m] for m in epochs
            )
        ):
            break
        for mid in sorted(epochs):
            send(mid)
    else:
        raise AssertionError("did not converge")
    if epochs:
        flat = sorted(p for parts in owned.values() for ps in parts.values() for p in ps)
        assert flat == list(range(6))

"""KIP-848's online upgrade and downgrade between classic and consumer groups in one shard,
without sockets (broker/group/consumer/migration.py, classic_members.py): the conversion records,
classic members (JoinGroup/SyncGroup/Heartbeat/LeaveGroup) in a consumer group, never two owners
of a partition across the conversion, group.consumer.migration.policy, and replaying the
conversions from the written records after a restart."""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Any, TypeVar

import pytest

from broker.group.classic.group import GroupState
from broker.group.config import ConsumerGroupConfig, GroupConfig
from broker.group.consumer.group import ConsumerGroupState
from broker.group.events import (
    CommitPartition,
    Heartbeat,
    JoinGroup,
    JoinResult,
    LeaveGroup,
    LeavingMember,
    OffsetCommit,
    SyncGroup,
    SyncResult,
)
from broker.group.records import GroupRecord, Record, decode_record, encode_record
from broker.group.shard import GroupCoordinatorShard
from protocol import consumer_protocol as cp
from protocol.consumer_group_records import ConsumerGroupRecord, RecordType
from protocol.errors import ErrorCode
from tests.unit.group.consumer.test_consumer_group import CG, GROUP, Member
from tests.unit.group.group_harness import Waiter

E = ErrorCode
PARTITIONS = 6


def subscription(
    topics: list[str], owned: list[tuple[str, list[int]]] | None = None, version: int = 0
) -> bytes:
    owned_tps = [cp.TopicPartitions(t, ps) for t, ps in owned or []]
    return cp.encode_subscription(cp.Subscription(topics, owned_partitions=owned_tps, version=version))


def assignment(partitions: list[int], topic: str = "t") -> bytes:
    return cp.encode_assignment(
        cp.Assignment([cp.TopicPartitions(topic, partitions)] if partitions else [], version=0)
    )


def partitions_of(data: bytes) -> set[int]:
    return {p for _, p in cp.decode_assignment(data).partitions()} if data else set()


class Migration(CG):
    """A consumer group shard (test_consumer_group.py's) spoken to with the classic protocol too."""

    def __init__(self, policy: str = "bidirectional", **kw: Any) -> None:
        self.policy = policy
        super().__init__(**kw)
        config = GroupConfig(
            min_session_timeout_ms=100,
            initial_rebalance_delay_ms=0,
            consumer=ConsumerGroupConfig(
                session_timeout_ms=10_000, heartbeat_interval_ms=1_000, migration_policy=policy
            ),
        )
        self.shard = GroupCoordinatorShard(0, config, self.clock)
        self.shard.consumer_groups.topics = lambda: self.topics

    def call(self, method: str, req: Any, name: str) -> Any:
        w = Waiter(name)
        getattr(self.shard, method)(req, w)
        self.pump()
        return self.replies.get(w, w)

    def classic_join(self, member_id: str, client: str, owned: list[int] | None = None) -> JoinResult:
        meta = subscription(["t"], [("t", owned)] if owned else None, version=1 if owned else 0)
        req = JoinGroup(
            GROUP, member_id, None, client, "/127.0.0.1", 3000, 5000, "consumer", [("range", meta)]
        )
        return self.call("join_group", req, f"join:{client}:{len(self.replies)}")  # type: ignore[no-any-return]

    def classic_join_new(self, client: str) -> JoinResult:
        first = self.classic_join("", client)
        assert first.error == E.MEMBER_ID_REQUIRED, first
        return self.classic_join(first.member_id, client)

    def sync(
        self, member_id: str, generation: int, assignments: dict[str, bytes] | None = None
    ) -> SyncResult:
        req = SyncGroup(
            GROUP, generation, member_id, None, "consumer", "range", list((assignments or {}).items())
        )
        return self.call("sync_group", req, f"sync:{member_id}:{len(self.replies)}")  # type: ignore[no-any-return]

    def heartbeat(self, member_id: str, generation: int) -> ErrorCode:
        answer = self.shard.heartbeat(Heartbeat(GROUP, generation, member_id))
        self.pump()
        return answer

    def advance(self, ms: int) -> None:
        self.clock.mono += ms
        self.clock.wall += ms
        for _ in range(100):
            if not self.shard.fire_timers():
                return
            self.pump()

    def classic_group(self) -> Any:
        return self.shard.groups[GROUP]


class ClassicMember:
    """An eager classic consumer (aiokafka's way): revokes all before it rejoins, owns what its
    last SyncGroup gave it."""

    def __init__(self, m: Migration, client: str):
        self.m, self.client = m, client
        self.member_id = ""
        self.generation = -1
        self.owned: set[int] = set()

    def rejoin(self) -> JoinResult:
        self.owned = set()
        r = (
            self.m.classic_join(self.member_id, self.client)
            if self.member_id
            else self.m.classic_join_new(self.client)
        )
        assert r.error == E.NONE, r
        self.member_id, self.generation = r.member_id, r.generation_id
        return r

    def sync(self) -> SyncResult:
        s = self.m.sync(self.member_id, self.generation)
        if s.error == E.NONE:
            self.owned = partitions_of(s.assignment)
        return s

    def heartbeat(self) -> ErrorCode:
        return self.m.heartbeat(self.member_id, self.generation)

    def beat(self) -> ErrorCode:
        """One heartbeat; rejoin and sync when told to."""
        error = self.heartbeat()
        if error == E.REBALANCE_IN_PROGRESS:
            self.rejoin()
            s = self.sync()
            assert s.error in (E.NONE, E.REBALANCE_IN_PROGRESS), s
        else:
            assert error == E.NONE, (self.member_id, error)
        return error


C = TypeVar("C", bound=ClassicMember)


def leader_and_follower(m: Migration, members: tuple[C, C], joins: list[Any]) -> tuple[C, C]:
    """Two classic members' JoinGroup answers, once the rebalance has completed: who leads."""
    m.advance(0)
    for member, r in zip(members, joins, strict=True):
        result = m.replies[r] if isinstance(r, Waiter) else r
        assert result.error == E.NONE, result
        member.member_id, member.generation = result.member_id, result.generation_id
    a, b = members
    return (a, b) if m.classic_group().leader_id == a.member_id else (b, a)


def synced(
    m: Migration, leader: ClassicMember, follower: ClassicMember, s: SyncResult, follower_sync: Any
) -> None:
    """The leader's SyncGroup answered `s`: both own what they were given, the group is Stable."""
    assert s.error == E.NONE
    leader.owned, follower.owned = (
        partitions_of(s.assignment),
        partitions_of(m.replies[follower_sync].assignment),
    )
    assert m.classic_group().is_in(GroupState.STABLE)


def classic_group_of_two(m: Migration) -> list[ClassicMember]:
    """Two classic members in a Stable classic group, the leader assigning 0-2 and 3-5."""
    a, b = ClassicMember(m, "a"), ClassicMember(m, "b")
    joins = [m.classic_join_new("a"), m.classic_join_new("b")]  # the first waits for the second
    leader, follower = leader_and_follower(m, (a, b), joins)
    group = m.classic_group()
    assert group.is_in(GroupState.COMPLETING_REBALANCE), group.state
    follower_sync = Waiter("follower-sync")
    m.shard.sync_group(
        SyncGroup(GROUP, follower.generation, follower.member_id, None, "consumer", "range"), follower_sync
    )
    s = m.sync(
        leader.member_id,
        leader.generation,
        {leader.member_id: assignment([0, 1, 2]), follower.member_id: assignment([3, 4, 5])},
    )
    synced(m, leader, follower, s, follower_sync)
    return [a, b]


def owners(classics: list[ClassicMember], consumers: list[Member], tid: uuid.UUID) -> None:
    seen: dict[int, str] = {}
    holdings = [(c.member_id, c.owned) for c in classics]
    holdings += [(c.member_id, {p for t, ps in c.owned.items() if t == tid for p in ps}) for c in consumers]
    for member_id, owned in holdings:
        for p in owned:
            assert p not in seen, f"partition {p} owned by {seen[p]} and {member_id}"
            seen[p] = member_id


def upgraded(m: Migration) -> tuple[list[ClassicMember], Member, uuid.UUID]:
    tid = m.add_topic("t", PARTITIONS)
    classics = classic_group_of_two(m)
    consumer = Member(m, "c1", ["t"])
    consumer.beat()
    return classics, consumer, tid


def converge(m: Migration, classics: list[ClassicMember], consumers: list[Member], tid: uuid.UUID) -> None:
    for _ in range(30):
        for c in consumers:
            c.beat()
            owners(classics, consumers, tid)
        for k in classics:
            k.beat()
            owners(classics, consumers, tid)
        group = m.shard.consumer_groups.groups.get(GROUP)
        if (
            group is not None
            and group.state is ConsumerGroupState.STABLE
            and all(k.generation == group.group_epoch for k in classics)
            and all(c.epoch == group.group_epoch for c in consumers)
        ):
            return
    raise AssertionError("the mixed group did not settle")


def test_a_consumer_member_upgrades_a_classic_group_with_kafkas_records() -> None:
    m = Migration()
    tid = m.add_topic("t", PARTITIONS)
    a, b = classic_group_of_two(m)
    generation = m.classic_group().generation_id
    mark = len(m.written)
    consumer = Member(m, "c1", ["t"])
    r = consumer.beat()
    written = m.written[mark:]
    # The classic group's tombstone, then the consumer group as the classic group left it
    # (Kafka's createConsumerGroupRecords), then the joining member's own records.
    assert written[0] == GroupRecord(GROUP, None)
    kinds = [rec.key.type for rec in written[1:] if isinstance(rec, ConsumerGroupRecord)]
    assert kinds[:8] == [
        RecordType.CONSUMER_GROUP_MEMBER_METADATA,
        RecordType.CONSUMER_GROUP_MEMBER_METADATA,
        RecordType.CONSUMER_GROUP_METADATA,
        RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER,
        RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER,
        RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_METADATA,
        RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT,
        RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT,
    ]
    assert GROUP not in m.shard.groups
    group = m.group
    assert group.group_epoch == generation + 1  # the newcomer bumped it
    for k in (a, b):
        member = group.members[k.member_id]
        assert member.classic is not None and member.classic.session_timeout_ms == 3000
        assert member.member_epoch == generation
        assert {p for ps in member.assigned.values() for p in ps} == k.owned
    # Everything is owned by the classic members: the newcomer waits for what they release.
    assert r.error == E.NONE and not any(r.assignment.values())
    # The classic members are told to rejoin; their commits with the old generation still count.
    commit = OffsetCommit(
        GROUP, generation, a.member_id, topics=[("t", [CommitPartition(0, 7)])], api_version=2
    )
    assert m.call("commit_offsets", commit, "commit")[0][1][0][1] == E.NONE
    stale = replace(commit, generation_id=generation - 1)
    assert m.call("commit_offsets", stale, "stale")[0][1][0][1] == E.ILLEGAL_GENERATION
    assert m.heartbeat(a.member_id, generation) == E.REBALANCE_IN_PROGRESS
    converge(m, [a, b], [consumer], tid)
    assert len(a.owned) + len(b.owned) + len(consumer.tps()) == PARTITIONS
    assert all(len(k.owned) == 2 for k in (a, b)) and len(consumer.tps()) == 2


def test_classic_join_answers_as_a_server_assigned_follower() -> None:
    m = Migration()
    classics, consumer, tid = upgraded(m)
    converge(m, classics, [consumer], tid)
    newcomer = ClassicMember(m, "late")
    r = newcomer.rejoin()
    assert r.leader == "" and r.members == [] and r.protocol_name == "range"
    assert r.generation_id == m.group.group_epoch
    s = newcomer.sync()
    assert s.error == E.NONE and s.protocol_name == "range"
    assert m.sync(newcomer.member_id, r.generation_id + 1).error == E.ILLEGAL_GENERATION
    assert m.sync("nobody", r.generation_id).error == E.UNKNOWN_MEMBER_ID
    # A consumer protocol member may not speak the classic protocol.
    assert m.heartbeat(consumer.member_id, consumer.epoch) == E.UNKNOWN_MEMBER_ID
    converge(m, [*classics, newcomer], [consumer], tid)


def test_the_last_consumer_member_leaving_downgrades_and_a_rebalance_follows() -> None:
    m = Migration()
    classics, consumer, tid = upgraded(m)
    converge(m, classics, [consumer], tid)
    epoch = m.group.group_epoch
    mark = len(m.written)
    left = m.hb(consumer.member_id, -1)
    assert left.error == E.NONE and left.member_epoch == -1
    written = m.written[mark:]
    last = written[-1]
    assert isinstance(last, GroupRecord) and last.value is not None
    assert all(isinstance(r, ConsumerGroupRecord) and r.value is None for r in written[:-1])
    value = last.value
    assert value.generation == epoch and value.protocol == "range" and value.protocol_type == "consumer"
    stored = {mm.member_id: partitions_of(mm.assignment) for mm in value.members}
    assert stored == {k.member_id: k.owned for k in classics}
    assert GROUP not in m.shard.consumer_groups.groups
    group = m.classic_group()
    assert group.is_in(GroupState.PREPARING_REBALANCE)  # the departed member's partitions
    a, b = classics
    assert m.heartbeat(a.member_id, epoch) == E.REBALANCE_IN_PROGRESS
    ja = m.classic_join(a.member_id, "a")
    jb = m.classic_join(b.member_id, "b")
    assert isinstance(jb, JoinResult) and jb.error == E.NONE and jb.generation_id == epoch + 1
    ja = m.replies[ja] if isinstance(ja, Waiter) else ja
    assert ja.error == E.NONE and {ja.leader} == {jb.leader} and jb.leader in (a.member_id, b.member_id)


def test_conversions_are_replayed_from_the_log() -> None:
    m = Migration()
    classics, consumer, tid = upgraded(m)
    converge(m, classics, [consumer], tid)

    def reload(records: list[Record]) -> GroupCoordinatorShard:
        fresh = Migration()
        fresh.topics = m.topics
        decoded = [decode_record(*encode_record(r)) for r in records]
        fresh.shard.load([r for r in decoded if r is not None])
        return fresh.shard

    upgraded_shard = reload(m.written)
    assert GROUP not in upgraded_shard.groups
    live, loaded = m.group, upgraded_shard.consumer_groups.groups[GROUP]
    assert loaded.group_epoch == live.group_epoch
    assert {mid: (x.member_epoch, x.assigned, x.classic) for mid, x in loaded.members.items()} == {
        mid: (x.member_epoch, x.assigned, x.classic) for mid, x in live.members.items()
    }
    m.hb(consumer.member_id, -1)
    downgraded_shard = reload(m.written)
    assert GROUP not in downgraded_shard.consumer_groups.groups
    classic = downgraded_shard.groups[GROUP]
    assert set(classic.members) == {k.member_id for k in classics}
    assert classic.generation_id == m.classic_group().generation_id


@pytest.mark.parametrize("policy", ["disabled", "downgrade"])
def test_a_policy_without_upgrade_keeps_the_classic_group(policy: str) -> None:
    m = Migration(policy)
    m.add_topic("t", PARTITIONS)
    classic_group_of_two(m)
    r = Member(m, "c1", ["t"])
    result = m.join(r.member_id, ["t"])
    assert result.error == E.GROUP_ID_NOT_FOUND and "is not a consumer group" in (result.error_message or "")
    assert m.classic_group().is_in(GroupState.STABLE) and GROUP not in m.shard.consumer_groups.groups


def test_a_policy_without_downgrade_keeps_the_consumer_group_of_classic_members() -> None:
    m = Migration("upgrade")
    classics, consumer, tid = upgraded(m)
    converge(m, classics, [consumer], tid)
    m.hb(consumer.member_id, -1)
    assert GROUP not in m.shard.groups
    assert set(m.group.members) == {k.member_id for k in classics}
    converge(m, classics, [], tid)


def test_classic_requests_during_an_upgrade_wait_for_it() -> None:
    m = Migration()
    m.add_topic("t", PARTITIONS)
    a, _b = classic_group_of_two(m)
    m.auto_append = False
    consumer = Member(m, "c1", ["t"])
    w = m.hb(consumer.member_id, 0, {}, subscribed_topic_names=["t"], rebalance_timeout_ms=30_000)
    assert isinstance(w, Waiter)  # the conversion is being written
    join = m.classic_join(a.member_id, "a")
    assert isinstance(join, Waiter), "a classic join waits for the conversion"
    assert m.classic_group() is not None
    m.auto_append = True
    held, m.held = m.held, []
    for append in held:
        m.written.extend(append.records)
        m.shard.appended(append, E.NONE)
    m.pump()
    result = m.replies[join]
    assert result.error == E.NONE and result.leader == "" and result.member_id == a.member_id
    assert m.group.members[a.member_id].classic is not None


def test_a_failed_conversion_write_changes_nothing() -> None:
    m = Migration()
    m.add_topic("t", PARTITIONS)
    classic_group_of_two(m)
    m.auto_append = False
    w = m.hb("c1", 0, {}, subscribed_topic_names=["t"], rebalance_timeout_ms=30_000)
    held, m.held = m.held, []
    for append in held:
        m.shard.appended(append, E.NOT_LEADER_OR_FOLLOWER)
    m.pump()
    assert m.replies[w].error == E.NOT_COORDINATOR
    assert m.classic_group().is_in(GroupState.STABLE)
    assert GROUP not in m.shard.consumer_groups.groups and not m.shard.consumer_groups.converting


def test_an_empty_consumer_group_gives_way_to_a_classic_join() -> None:
    m = Migration()
    m.add_topic("t", PARTITIONS)
    consumer = Member(m, "c1", ["t"])
    consumer.beat()
    m.hb(consumer.member_id, -1)
    assert m.group.state is ConsumerGroupState.EMPTY
    r = m.classic_join_new("a")
    assert isinstance(r, Waiter) or r.error == E.NONE
    assert GROUP not in m.shard.consumer_groups.groups and GROUP in m.shard.groups


def test_a_classic_member_leaves_a_consumer_group() -> None:
    m = Migration()
    classics, consumer, tid = upgraded(m)
    converge(m, classics, [consumer], tid)
    a = classics[0]
    answer = m.call(
        "leave_group",
        LeaveGroup(GROUP, [LeavingMember(a.member_id), LeavingMember(consumer.member_id)]),
        "leave",
    )
    assert answer.members == [(a.member_id, None, E.NONE), (consumer.member_id, None, E.UNKNOWN_MEMBER_ID)]
    assert a.member_id not in m.group.members
    converge(m, classics[1:], [consumer], tid)


def test_a_silent_classic_member_is_fenced_at_its_own_session_timeout() -> None:
    m = Migration()
    classics, consumer, tid = upgraded(m)
    converge(m, classics, [consumer], tid)
    m.advance(3000 - 1)  # the classic session (3 s), shorter than the consumer one (10 s)
    consumer.beat()
    m.advance(2)
    assert set(m.group.members) == {consumer.member_id}


def test_a_classic_member_that_joins_and_never_syncs_is_fenced_at_its_rebalance_timeout() -> None:
    m = Migration()
    classics, consumer, tid = upgraded(m)
    converge(m, classics, [consumer], tid)
    idle = ClassicMember(m, "idle")
    idle.rejoin()  # no SyncGroup follows
    for _ in range(6):  # heartbeats keep its session, not its place: 5 s to sync (rebalance timeout)
        m.advance(1000)
        m.heartbeat(idle.member_id, idle.generation)
        for k in classics:
            m.heartbeat(k.member_id, k.generation)
        consumer.beat()
    assert idle.member_id not in m.group.members


def test_after_a_downgrade_no_consumer_group_timer_is_left() -> None:
    m = Migration()
    classics, consumer, tid = upgraded(m)
    converge(m, classics, [consumer], tid)
    m.hb(consumer.member_id, -1)
    from broker.group.consumer.classic_members import join_timeout_key, sync_timeout_key
    from broker.group.consumer.events import rebalance_key, session_key

    left = [
        key(GROUP, member_id)
        for key in (session_key, rebalance_key, join_timeout_key, sync_timeout_key)
        for member_id in [consumer.member_id, *(k.member_id for k in classics)]
        if key(GROUP, member_id) in m.shard.timers
    ]
    assert left == []


@pytest.mark.parametrize("seed", range(10))
def test_a_mixed_group_never_has_two_owners_under_random_joins_leaves_and_heartbeats(seed: int) -> None:
    """Classic and consumer members come and go in a random order, each heartbeating (and the
    classic ones rejoining when told) at random: after every step no partition has two owners,
    and the group settles at the end. (Policy `upgrade`: the group stays a consumer group.)"""
    import random

    rng = random.Random(seed)
    m = Migration("upgrade")
    classics, consumer, tid = upgraded(m)
    consumers = [consumer]
    made = 0
    for _ in range(60):
        action = rng.random()
        if action < 0.1 and len(consumers) < 3:
            made += 1
            joining = Member(m, f"c-new{made}", ["t"])
            joining.beat()
            consumers.append(joining)
        elif action < 0.2 and consumers:
            leaving = consumers.pop(rng.randrange(len(consumers)))
            m.hb(leaving.member_id, -1)
        elif action < 0.3 and len(classics) < 3:
            made += 1
            newcomer = ClassicMember(m, f"k-new{made}")
            newcomer.rejoin()
            newcomer.sync()
            classics.append(newcomer)
        elif action < 0.4 and len(classics) > 1:
            leaving_classic = classics.pop(rng.randrange(len(classics)))
            m.call("leave_group", LeaveGroup(GROUP, [LeavingMember(leaving_classic.member_id)]), "leave")
        else:
            beating: list[Any] = [*classics, *consumers]
            for member in rng.sample(beating, len(beating)):
                member.beat()
                owners(classics, consumers, tid)
        owners(classics, consumers, tid)
    converge(m, classics, consumers, tid)
    held = sum(len(k.owned) for k in classics) + sum(len(c.tps()) for c in consumers)
    assert held == PARTITIONS

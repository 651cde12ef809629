"""Static members (group.instance.id) across KIP-848's online migration, without sockets
(broker/group/consumer/classic_members.py, manager.py, migration.py), as Kafka 4's
GroupMetadataManager: a static classic member replacing the last consumer protocol member
downgrades the group in the same append; a static classic member rejoining a consumer group
under a new member id takes its predecessor's place, which is fenced; a static consumer
protocol member replacing a classic one upgrades the group and takes its assignment. In none
of them does a rebalance follow: the instance is the same consumer restarted."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from broker.group.classic.group import GroupState
from broker.group.consumer.classic_members import join_timeout_key, sync_timeout_key
from broker.group.consumer.events import HeartbeatResult, rebalance_key, session_key
from broker.group.events import Heartbeat, JoinGroup, JoinResult, SyncGroup, SyncResult
from broker.group.records import GroupRecord, Record, decode_record, encode_record
from protocol.consumer_group_records import ConsumerGroupRecord, RecordType
from protocol.errors import ErrorCode
from tests.unit.group.consumer.test_consumer_group import GROUP, Member
from tests.unit.group.consumer.test_migration import (
    PARTITIONS,
    ClassicMember,
    Migration,
    assignment,
    classic_group_of_two,
    converge,
    leader_and_follower,
    owners,
    partitions_of,
    subscription,
    synced,
)
from tests.unit.group.group_harness import Waiter

E = ErrorCode


class StaticClassic(ClassicMember):
    """A classic consumer with a group.instance.id: it joins with no member id after a restart,
    and names its instance in every request."""

    def __init__(self, m: Migration, client: str, instance: str):
        super().__init__(m, client)
        self.instance = instance

    def join(self, member_id: str = "") -> JoinResult | Waiter:
        req = JoinGroup(
            GROUP,
            member_id,
            self.instance,
            self.client,
            "/127.0.0.1",
            3000,
            5000,
            "consumer",
            [("range", subscription(["t"]))],
        )
        return self.m.call("join_group", req, f"join:{self.instance}:{len(self.m.replies)}")  # type: ignore[no-any-return]

    def rejoin(self) -> JoinResult:
        self.owned = set()
        r = self.join(self.member_id)
        assert isinstance(r, JoinResult) and r.error == E.NONE, r
        self.member_id, self.generation = r.member_id, r.generation_id
        return r

    def restart(self) -> JoinResult:
        """The process restarted: it owns nothing and knows no member id."""
        self.member_id, self.owned = "", set()
        return self.rejoin()

    def sync(self) -> SyncResult:
        req = SyncGroup(GROUP, self.generation, self.member_id, self.instance, "consumer", "range")
        s: SyncResult = self.m.call("sync_group", req, f"sync:{self.instance}:{len(self.m.replies)}")
        if s.error == E.NONE:
            self.owned = partitions_of(s.assignment)
        return s

    def heartbeat(self, member_id: str | None = None) -> ErrorCode:
        answer = self.m.shard.heartbeat(
            Heartbeat(GROUP, self.generation, member_id or self.member_id, self.instance)
        )
        self.m.pump()
        return answer


class StaticConsumer(Member):
    """A consumer protocol member with a group.instance.id."""

    def __init__(self, m: Migration, member_id: str, instance: str):
        super().__init__(m, member_id, ["t"])
        self.instance = instance

    def beat(self) -> HeartbeatResult:
        m: Any = self.cg
        r: HeartbeatResult
        if self.epoch < 0:
            r = m.join(self.member_id, self.topics, instance_id=self.instance)
        else:
            r = m.hb(self.member_id, self.epoch, self.owned, instance_id=self.instance)
        assert r.error == E.NONE, (self.member_id, r)
        self.epoch = r.member_epoch
        if r.assignment is not None:
            self.owned = {t: set(ps) for t, ps in r.assignment.items() if ps}
        return r


def mixed_group(m: Migration) -> tuple[list[ClassicMember], StaticConsumer, uuid.UUID]:
    """Two dynamic classic members upgraded by a static consumer protocol member, settled."""
    tid = m.add_topic("t", PARTITIONS)
    classics = classic_group_of_two(m)
    consumer = StaticConsumer(m, "c1", "instance-c")
    consumer.beat()
    converge(m, classics, [consumer], tid)
    return classics, consumer, tid


def reload(m: Migration, records: list[Record]) -> Any:
    fresh = Migration()
    fresh.topics = m.topics
    decoded = [decode_record(*encode_record(r)) for r in records]
    fresh.shard.load([r for r in decoded if r is not None])
    return fresh.shard


def consumer_group_timers(m: Migration, member_ids: list[str]) -> list[Any]:
    keys = (session_key, rebalance_key, join_timeout_key, sync_timeout_key)
    return [k(GROUP, mid) for k in keys for mid in member_ids if k(GROUP, mid) in m.shard.timers]


# == (1) a static classic member replaces the last consumer protocol member: downgrade ==========


@pytest.mark.parametrize("left_first", [True, False], ids=["after-static-leave", "while-active"])
def test_a_static_classic_member_replacing_the_last_consumer_member_downgrades(left_first: bool) -> None:
    """Kafka's classicGroupJoinToConsumerGroup with validateOnlineDowngradeWithReplacedMemberId:
    the replacement's records, then the consumer group's tombstones naming the newcomer's id,
    then a Stable classic group where the newcomer holds its predecessor's assignment."""
    m = Migration()
    classics, consumer, tid = mixed_group(m)
    epoch = m.group.group_epoch
    held = {p for ps in consumer.owned.values() for p in ps}
    assert held, "the consumer member holds partitions to hand over"
    if left_first:  # librdkafka's close of a static member: epoch -2, it keeps its assignment
        assert m.hb(consumer.member_id, -2, instance_id=consumer.instance).error == E.NONE
    mark = len(m.written)
    newcomer = StaticClassic(m, "restarted", consumer.instance)
    r = newcomer.restart()
    written = m.written[mark:]

    assert r.member_id != consumer.member_id and r.generation_id == epoch and r.protocol_name == "range"
    # One append: the replacement (the old id's tombstones, the newcomer's records), the consumer
    # group's tombstones (the newcomer's id where the replaced one's would be), the classic group.
    old_key_types = [
        rec.key.type
        for rec in written
        if isinstance(rec, ConsumerGroupRecord) and rec.key.member_id == consumer.member_id
    ]
    assert old_key_types == [
        RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT,
        RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER,
        RecordType.CONSUMER_GROUP_MEMBER_METADATA,
    ]
    assert all(
        rec.value is None
        for rec in written
        if isinstance(rec, ConsumerGroupRecord) and rec.key.member_id == consumer.member_id
    )
    newcomer_values = [
        rec.value is None
        for rec in written
        if isinstance(rec, ConsumerGroupRecord) and rec.key.member_id == newcomer.member_id
    ]
    assert newcomer_values[0] is False and newcomer_values[-3:] == [True, True, True]
    last = written[-1]
    assert isinstance(last, GroupRecord) and last.value is not None
    assert last.value.generation == epoch and last.value.protocol == "range"
    stored = {mm.member_id: partitions_of(mm.assignment) for mm in last.value.members}
    assert stored == {**{k.member_id: k.owned for k in classics}, newcomer.member_id: held}
    assert {mm.member_id: mm.group_instance_id for mm in last.value.members}[newcomer.member_id] == (
        consumer.instance
    )

    # A Stable classic group: no rebalance; the newcomer syncs for its predecessor's partitions.
    assert GROUP not in m.shard.consumer_groups.groups and not m.shard.consumer_groups.converting
    group = m.classic_group()
    assert group.is_in(GroupState.STABLE) and group.generation_id == epoch
    assert consumer.member_id not in group.members
    s = newcomer.sync()
    assert s.error == E.NONE and newcomer.owned == held
    for k in classics:
        assert m.heartbeat(k.member_id, k.generation) == E.NONE
    assert newcomer.heartbeat() == E.NONE
    owners([*classics, newcomer], [], tid)
    assert sum(len(k.owned) for k in [*classics, newcomer]) == PARTITIONS
    # The replaced consumer member is gone; no consumer group timer is left behind.
    assert m.hb(consumer.member_id, consumer.epoch, consumer.owned).error == E.UNKNOWN_MEMBER_ID
    assert (
        consumer_group_timers(m, [consumer.member_id, newcomer.member_id, *(k.member_id for k in classics)])
        == []
    )
    # Replayed from the log, the same classic group.
    loaded = reload(m, m.written).groups[GROUP]
    assert set(loaded.members) == set(group.members) and loaded.generation_id == epoch


def test_a_static_classic_member_replacing_a_consumer_member_among_others_keeps_the_consumer_group() -> None:
    m = Migration()
    classics, consumer, tid = mixed_group(m)
    other = Member(m, "c2", ["t"])
    other.beat()
    converge(m, classics, [consumer, other], tid)
    newcomer = StaticClassic(m, "restarted", consumer.instance)
    newcomer.restart()
    assert GROUP not in m.shard.groups and newcomer.member_id in m.group.members
    converge(m, [*classics, newcomer], [other], tid)


def test_without_the_downgrade_policy_the_replacing_classic_member_stays_in_the_consumer_group() -> None:
    m = Migration("upgrade")
    classics, consumer, tid = mixed_group(m)
    epoch = m.group.group_epoch
    newcomer = StaticClassic(m, "restarted", consumer.instance)
    r = newcomer.restart()
    assert GROUP not in m.shard.groups and set(m.group.members) == {
        newcomer.member_id,
        *(k.member_id for k in classics),
    }
    assert r.generation_id == epoch == m.group.group_epoch  # no rebalance: it took the place
    assert newcomer.sync().error == E.NONE
    assert newcomer.owned == {p for ps in consumer.owned.values() for p in ps}
    converge(m, [*classics, newcomer], [], tid)


# == (2) a static classic member rejoins a consumer group under a new member id ================


def test_a_static_classic_member_rejoining_under_a_new_id_takes_the_old_ones_place() -> None:
    m = Migration()
    classics, consumer, tid = mixed_group(m)
    static = StaticClassic(m, "s", "instance-s")
    static.rejoin()
    static.sync()
    converge(m, [*classics, static], [consumer], tid)
    epoch, old_id, held = m.group.group_epoch, static.member_id, set(static.owned)
    assert held

    r = static.restart()  # no member id: the same instance, restarted
    assert r.member_id != old_id and r.generation_id == epoch == m.group.group_epoch
    assert old_id not in m.group.members and m.group.static_member("instance-s").member_id == r.member_id
    assert m.group.members[r.member_id].classic is not None
    assert static.sync().error == E.NONE and static.owned == held  # no rebalance: its assignment
    # The old member id is fenced, in every request.
    assert static.heartbeat(old_id) == E.FENCED_INSTANCE_ID
    stale = static.join(old_id)
    assert isinstance(stale, JoinResult) and stale.error == E.FENCED_INSTANCE_ID
    sync = SyncGroup(GROUP, epoch, old_id, "instance-s", "consumer", "range")
    assert m.call("sync_group", sync, "stale-sync").error == E.FENCED_INSTANCE_ID
    assert consumer_group_timers(m, [old_id]) == []
    # A member id for an instance id the group does not know: UNKNOWN_MEMBER_ID (Kafka's
    # throwIfStaticMemberIsUnknown).
    unknown = StaticClassic(m, "u", "instance-unknown").join("some-id")
    assert isinstance(unknown, JoinResult) and unknown.error == E.UNKNOWN_MEMBER_ID
    converge(m, [*classics, static], [consumer], tid)
    assert static.owned == held
    loaded = reload(m, m.written).consumer_groups.groups[GROUP]
    assert set(loaded.members) == set(m.group.members)


# == (3) a static consumer protocol member replaces a classic one as the group upgrades ==========


def static_classic_group(m: Migration) -> list[StaticClassic]:
    """Two static classic members in a Stable classic group, the leader assigning 0-2 and 3-5."""
    a, b = StaticClassic(m, "a", "instance-a"), StaticClassic(m, "b", "instance-b")
    leader, follower = leader_and_follower(m, (a, b), [a.join(), b.join()])
    follower_sync: Any = Waiter("follower-sync")
    m.shard.sync_group(
        SyncGroup(GROUP, follower.generation, follower.member_id, follower.instance, "consumer", "range"),
        follower_sync,
    )
    leader_sync = SyncGroup(
        GROUP,
        leader.generation,
        leader.member_id,
        leader.instance,
        "consumer",
        "range",
        [(leader.member_id, assignment([0, 1, 2])), (follower.member_id, assignment([3, 4, 5]))],
    )
    s = m.call("sync_group", leader_sync, "leader-sync")
    synced(m, leader, follower, s, follower_sync)
    return [a, b]


def test_a_static_consumer_member_replacing_a_classic_one_upgrades_the_group_and_takes_its_place() -> None:
    m = Migration()
    tid = m.add_topic("t", PARTITIONS)
    a, b = static_classic_group(m)
    generation = m.classic_group().generation_id
    mark = len(m.written)
    successor = StaticConsumer(m, "c-a", a.instance)  # instance-a restarted as a consumer member
    r = successor.beat()
    written = m.written[mark:]

    # The conversion (the classic group's tombstone, the consumer group with both members), then
    # the replacement: instance-a's old id tombstoned, the successor written with its target.
    assert written[0] == GroupRecord(GROUP, None)
    replaced = [
        rec for rec in written if isinstance(rec, ConsumerGroupRecord) and rec.key.member_id == a.member_id
    ]
    assert [rec.value is None for rec in replaced][-3:] == [True, True, True]
    group = m.group
    assert set(group.members) == {successor.member_id, b.member_id}
    member = group.members[successor.member_id]
    assert member.classic is None and member.instance_id == a.instance
    # As Kafka's: the converted group has no subscription metadata written, so the first
    # heartbeat bumps the epoch once; the successor starts from instance-a's partitions, never
    # one of b's before b gives it up.
    assert group.group_epoch == generation + 1
    assert r.error == E.NONE and successor.tps() <= {(tid, p) for p in a.owned}
    # The old classic member id is fenced; the other classic member rejoins at the new epoch.
    assert a.heartbeat() == E.FENCED_INSTANCE_ID
    assert b.heartbeat() in (E.NONE, E.REBALANCE_IN_PROGRESS)
    converge(m, [b], [successor], tid)
    owners([b], [successor], tid)
    assert len(b.owned) + len(successor.tps()) == PARTITIONS
    # The consumer protocol member may not take the instance id of an active consumer member.
    thief = m.join("thief", ["t"], instance_id=a.instance)
    assert thief.error == E.UNRELEASED_INSTANCE_ID
    loaded = reload(m, m.written).consumer_groups.groups[GROUP]
    assert set(loaded.members) == set(group.members)
    assert loaded.static_member(a.instance).member_id == successor.member_id


def test_a_static_classic_member_replacing_the_only_member_makes_a_classic_group_of_one() -> None:
    m = Migration()
    tid = m.add_topic("t", PARTITIONS)
    consumer = StaticConsumer(m, "c1", "instance-c")
    consumer.beat()
    converge(m, [], [consumer], tid)
    epoch = m.group.group_epoch
    newcomer = StaticClassic(m, "restarted", consumer.instance)
    r = newcomer.restart()
    assert r.generation_id == epoch and GROUP not in m.shard.consumer_groups.groups
    group = m.classic_group()
    assert group.is_in(GroupState.STABLE) and set(group.members) == {newcomer.member_id}
    assert newcomer.sync().error == E.NONE and newcomer.owned == set(range(PARTITIONS))


def test_a_failed_write_of_a_replacing_downgrade_changes_nothing() -> None:
    m = Migration()
    classics, consumer, tid = mixed_group(m)
    m.auto_append = False
    newcomer = StaticClassic(m, "restarted", consumer.instance)
    w = newcomer.join()
    assert isinstance(w, Waiter)
    held, m.held = m.held, []
    assert any(isinstance(r, GroupRecord) and r.value is not None for a in held for r in a.records)
    for append in held:
        m.shard.appended(append, E.NOT_LEADER_OR_FOLLOWER)
    m.pump()
    m.auto_append = True
    assert m.replies[w].error == E.NOT_COORDINATOR
    assert GROUP not in m.shard.groups and not m.shard.consumer_groups.converting
    assert m.group.static_member(consumer.instance).member_id == consumer.member_id
    converge(m, classics, [consumer], tid)

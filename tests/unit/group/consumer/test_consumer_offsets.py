"""Offsets of KIP-848 consumer groups in one shard, without sockets: OffsetFetch v9's member check
(MemberId/MemberEpoch: UNKNOWN_MEMBER_ID, STALE_MEMBER_EPOCH), OffsetCommit's and TxnOffsetCommit's
member-epoch checks, as Kafka's ConsumerGroup.validateOffsetFetch/validateOffsetCommit; OffsetDelete
and offset retention (offsets.retention.minutes) of consumer groups."""

from __future__ import annotations

from dataclasses import replace

from broker.group.events import (
    CommitPartition,
    OffsetCommit,
    OffsetDelete,
    OffsetDeleteResult,
    TxnOffsetCommit,
)
from protocol.errors import ErrorCode
from tests.unit.group.consumer.test_consumer_group import CG, GROUP
from tests.unit.group.group_harness import Waiter

E = ErrorCode


def _commit(
    cg: CG, member: str, epoch: int, offset: int = 5, *, txn: bool = False, version: int = 9
) -> ErrorCode:
    req = OffsetCommit(
        GROUP, epoch, member, topics=[("t", [CommitPartition(0, offset)])], api_version=version
    )
    w = Waiter(f"commit {member} {epoch} {txn}")
    if txn:
        cg.shard.commit_transactional_offsets(TxnOffsetCommit(req, producer_id=7, producer_epoch=0), w)
    else:
        cg.shard.commit_offsets(req, w)
    cg.pump()
    error: ErrorCode = cg.replies[w][0][1][0][1]
    return error


def test_offset_fetch_checks_member_and_epoch() -> None:
    cg = CG()
    cg.add_topic("t", 2)
    epoch = cg.join("a", ["t"]).member_epoch
    assert _commit(cg, "a", epoch) == E.NONE

    def fetch(member_id: str | None, member_epoch: int) -> tuple[ErrorCode, list[int]]:
        g = cg.shard.fetch_offsets(GROUP, [("t", [0])], member_id, member_epoch)
        return g.error, [p.offset for _, ps in g.topics for p in ps]

    assert fetch(None, -1) == (E.NONE, [5])  # the admin client, clients before v9
    assert fetch("a", epoch) == (E.NONE, [5])
    assert fetch("a", epoch + 1) == (E.STALE_MEMBER_EPOCH, [])
    assert fetch("a", epoch - 1) == (E.STALE_MEMBER_EPOCH, [])
    assert fetch("nobody", epoch) == (E.UNKNOWN_MEMBER_ID, [])
    assert fetch("", -1) == (E.UNKNOWN_MEMBER_ID, [])  # a member id given, even empty, is checked
    # All topics (topics=None) are checked the same way.
    assert cg.shard.fetch_offsets(GROUP, None, "a", epoch + 3).error == E.STALE_MEMBER_EPOCH
    # An unknown group is no error: its offsets are -1 (Kafka's failAllPartitions).
    other = cg.shard.fetch_offsets("other", [("t", [0])], "a", 3)
    assert other.error == E.NONE and other.topics[0][1][0].offset == -1
    # The member leaves: its id is unknown from then on.
    cg.hb("a", -1)
    assert fetch("a", epoch) == (E.UNKNOWN_MEMBER_ID, [])
    assert fetch(None, -1) == (E.NONE, [5])


def test_offset_commit_epoch_checks() -> None:
    cg = CG()
    cg.add_topic("t", 2)
    epoch = cg.join("a", ["t"]).member_epoch
    assert _commit(cg, "", -1) == E.UNKNOWN_MEMBER_ID  # the group has members
    assert _commit(cg, "a", -1) == E.STALE_MEMBER_EPOCH
    assert _commit(cg, "a", epoch, version=8) == E.UNSUPPORTED_VERSION
    assert _commit(cg, "a", epoch, 9) == E.NONE
    assert cg.shard.fetch_offsets(GROUP, [("t", [0])]).topics[0][1][0].offset == 9
    cg.hb("a", -1)  # empty now: an admin commit is accepted, whatever member id it names
    assert _commit(cg, "gone", -1, 11) == E.NONE
    assert cg.shard.fetch_offsets(GROUP, [("t", [0])]).topics[0][1][0].offset == 11


def test_txn_offset_commit_epoch_checks() -> None:
    cg = CG()
    cg.add_topic("t", 2)
    epoch = cg.join("a", ["t"]).member_epoch
    # TxnOffsetCommit's clients know no STALE_MEMBER_EPOCH: a stale epoch is ILLEGAL_GENERATION.
    assert _commit(cg, "a", epoch + 1, txn=True) == E.ILLEGAL_GENERATION
    assert _commit(cg, "nobody", epoch, txn=True) == E.UNKNOWN_MEMBER_ID
    # The member's own epoch passes with any version; a request naming no member (before v3) too.
    assert _commit(cg, "a", epoch, txn=True, version=2) == E.NONE
    assert _commit(cg, "", -1, txn=True, version=2) == E.NONE
    assert cg.shard.offsets.pending_partitions(GROUP) == {("t", 0)}


def _delete(cg: CG, topics: list[tuple[str, list[int]]], group: str = GROUP) -> object:
    w = Waiter(f"delete {topics}")
    cg.shard.delete_offsets(OffsetDelete(group, topics), w)
    cg.pump()
    return cg.replies[w]


def _offsets(cg: CG) -> dict[tuple[str, int], int]:
    g = cg.shard.fetch_offsets(GROUP, None)
    return {(t, p.partition): p.offset for t, ps in g.topics for p in ps}


def test_offset_delete_of_a_consumer_group_refuses_subscribed_topics_in_any_state() -> None:
    cg = CG()
    cg.add_topic("t", 2)
    cg.add_topic("old", 1)
    epoch = cg.join("a", ["t"]).member_epoch
    for topic in ("t", "old"):
        req = OffsetCommit(GROUP, epoch, "a", topics=[(topic, [CommitPartition(0, 3)])], api_version=9)
        w = Waiter(topic)
        cg.shard.commit_offsets(req, w)
        cg.pump()
    assert cg.group.members  # not Empty: a consumer group's offsets may be deleted all the same
    result = _delete(cg, [("t", [0]), ("old", [0])])
    assert result == OffsetDeleteResult(
        E.NONE, [("t", [(0, E.GROUP_SUBSCRIBED_TO_TOPIC)]), ("old", [(0, E.NONE)])]
    )
    assert _offsets(cg) == {("t", 0): 3}
    assert _delete(cg, [("t", [0])], group="nope") == OffsetDeleteResult(E.GROUP_ID_NOT_FOUND)
    cg.hb("a", -1)
    assert _delete(cg, [("t", [0])]) == OffsetDeleteResult(E.NONE, [("t", [(0, E.NONE)])])
    assert _offsets(cg) == {}


def test_offset_retention_of_a_consumer_group() -> None:
    """Unsubscribed topics' offsets expire a retention after their commit; once the group is Empty,
    not before a retention has passed since then too; then the group goes with its last offset."""
    retention = 60_000
    cg = CG()
    cg.shard.offsets.config = replace(cg.shard.offsets.config, offsets_retention_ms=retention)
    cg.add_topic("t", 1)
    cg.add_topic("old", 1)
    r = cg.join("a", ["t"])
    for topic in ("t", "old"):
        req = OffsetCommit(
            GROUP, r.member_epoch, "a", topics=[(topic, [CommitPartition(0, 3)])], api_version=9
        )
        cg.shard.commit_offsets(req, Waiter(topic))
        cg.pump()

    def check(after_ms: int) -> None:
        cg.clock.wall += after_ms  # (sessions are monotonic-clock timers: members stay)
        cg.shard._expire_offsets()
        cg.pump()

    check(retention - 1)
    assert _offsets(cg) == {("t", 0): 3, ("old", 0): 3}
    check(1)  # a retention after the commit: the unsubscribed topic's offset goes, t's stays
    assert _offsets(cg) == {("t", 0): 3}
    check(10 * retention)
    assert _offsets(cg) == {("t", 0): 3}
    cg.hb("a", -1)  # Empty now: t's commit is old, but the group only just became Empty
    check(retention - 1)
    assert _offsets(cg) == {("t", 0): 3} and GROUP in cg.shard.consumer_groups.groups
    check(1)
    assert _offsets(cg) == {}
    assert GROUP not in cg.shard.consumer_groups.groups  # its tombstones written and replayed
    tombstoned = {(type(rec).__name__, rec.value is None) for rec in cg.written[-4:]}
    assert ("ConsumerGroupRecord", True) in tombstoned and ("OffsetRecord", True) in tombstoned

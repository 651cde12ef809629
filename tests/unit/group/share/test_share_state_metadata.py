"""ShareGroupStatePartitionMetadata (type 15) as the share-group manager writes it, without
sockets: subscribed partitions go initializing, the Persister's answer (played by the test, as
the service does) makes them initialized, only those are assigned; DeleteShareGroupOffsets moves
topics to deleting; a reload gives back the same metadata and asks the unfinished again."""

from __future__ import annotations

import uuid
from typing import Any

from broker.group.records import ShareGroupRecord
from broker.group.share.group import TopicPartitions
from protocol.errors import ErrorCode
from protocol.share_group_records import InitializedTopic, ShareRecordType, ShareStatePartitionMetadata
from tests.unit.group.group_harness import Waiter
from tests.unit.group.share.test_share_group import GROUP, SG, tps

E = ErrorCode
T = ShareRecordType


def metadata_written(sg: SG) -> list[ShareStatePartitionMetadata | None]:
    return [
        r.value  # type: ignore[misc]
        for r in sg.written
        if isinstance(r, ShareGroupRecord) and r.key.type is T.SHARE_GROUP_STATE_PARTITION_METADATA
    ]


def topics(tid: uuid.UUID, name: str, *parts: int) -> tuple[InitializedTopic, ...]:
    return (InitializedTopic(tid, name, frozenset(parts)),)


def ask(sg: SG, method: Any, req: Any) -> Any:
    w = Waiter(f"req-{len(sg.replies)}")
    method(req, w)
    sg.pump()
    return sg.replies[w]


def test_initializing_then_initialized_and_assignment_waits() -> None:
    sg = SG(auto_initialize=False)
    tid = sg.add_topic("t", 3)
    a = sg.hb("a", 0, ["t"])
    assert a.error == E.NONE and a.member_epoch == 1 and a.assignment == {}
    assert metadata_written(sg) == [ShareStatePartitionMetadata(topics(tid, "t", 0, 1, 2), (), ())]
    # Asked once the initializing record is durable, at the group epoch (start offset -1 is the
    # service's: the leader applies share.auto.offset.reset).
    pending: TopicPartitions = {tid: ("t", frozenset({0, 1, 2}))}
    assert sg.init_requests == [(GROUP, 1, pending)]
    # Heartbeats meanwhile: nothing assigned, nothing asked again, nothing written.
    before = len(sg.written)
    r = sg.hb("a", 1)
    assert (r.error, r.member_epoch, tps(r)) == (E.NONE, 1, set())
    assert len(sg.written) == before and len(sg.init_requests) == 1
    # The Persister answered: initialized, and the epoch moves so that the next heartbeat assigns.
    assert sg.complete_initialization(GROUP, pending) == E.NONE
    assert metadata_written(sg)[-1] == ShareStatePartitionMetadata((), topics(tid, "t", 0, 1, 2), ())
    assert sg.group.group_epoch == 2 and sg.group.initialized() == pending
    r = sg.hb("a", 1)
    assert r.member_epoch == 2 and tps(r) == {(tid, p) for p in range(3)}
    # A partition added: only it goes initializing; the others stay assigned meanwhile.
    sg.topics["t"].partitions = 4
    r = sg.hb("a", 2)
    assert r.member_epoch == 3 and r.assignment is None
    assert metadata_written(sg)[-1] == ShareStatePartitionMetadata(
        topics(tid, "t", 3), topics(tid, "t", 0, 1, 2), ()
    )
    assert sg.init_requests[-1] == (GROUP, 3, {tid: ("t", frozenset({3}))})


def test_a_failed_initialization_is_asked_again() -> None:
    sg = SG(auto_initialize=False)
    tid = sg.add_topic("t", 2)
    sg.hb("a", 0, ["t"])
    pending: TopicPartitions = {tid: ("t", frozenset({0, 1}))}
    assert sg.complete_initialization(GROUP, pending, ok=False) == E.NONE
    assert metadata_written(sg)[-1] == ShareStatePartitionMetadata((), (), ())
    assert sg.group.group_epoch == 1  # nothing to assign: no bump
    sg.hb("a", 1)  # the next heartbeat asks again
    assert sg.init_requests == [(GROUP, 1, pending), (GROUP, 1, pending)]
    assert metadata_written(sg)[-1] == ShareStatePartitionMetadata(topics(tid, "t", 0, 1), (), ())
    # An answer for partitions no longer initializing (asked twice) changes nothing.
    sg.complete_initialization(GROUP, pending)
    before = len(sg.written)
    assert sg.complete_initialization(GROUP, pending) == E.NONE
    assert len(sg.written) == before


def test_delete_offsets_moves_topics_to_deleting_then_removes_them() -> None:
    sg = SG()
    tid = sg.add_topic("t", 2)
    uid = sg.add_topic("u", 1)
    sg.hb("a", 0, ["t", "u"])
    assert ask(sg, sg.shard.share_delete_offsets, (GROUP, {tid: "t"})) == (E.NON_EMPTY_GROUP, {})
    sg.hb("a", -1)
    answer = ask(sg, sg.shard.share_delete_offsets, (GROUP, {tid: "t"}))
    assert answer == (E.NONE, {tid: frozenset({0, 1})})
    assert metadata_written(sg)[-1] == ShareStatePartitionMetadata((), topics(uid, "u", 0), ((tid, "t"),))
    # While its state is being deleted, a member joining does not initialize the topic.
    sg.hb("b", 0, ["t", "u"])
    assert sg.group.deleting() == {tid: "t"} and tid not in sg.group.initializing()
    sg.hb("b", -1)
    assert ask(sg, sg.shard.share_offsets_deleted, (GROUP, [tid])) == E.NONE
    assert metadata_written(sg)[-1] == ShareStatePartitionMetadata((), topics(uid, "u", 0), ())
    # Once gone, a new member initializes it again.
    sg.hb("c", 0, ["t"])
    assert sg.init_requests[-1][2] == {tid: ("t", frozenset({0, 1}))}
    missing = ask(sg, sg.shard.share_delete_offsets, ("nope", {tid: "t"}))
    assert missing == (E.GROUP_ID_NOT_FOUND, {})


def test_reload_gives_the_same_state_metadata_and_asks_the_unfinished_again() -> None:
    sg = SG(auto_initialize=False)
    tid = sg.add_topic("t", 2)
    uid = sg.add_topic("u", 3)
    sg.hb("a", 0, ["t"])
    sg.complete_initialization(GROUP, {tid: ("t", frozenset({0, 1}))})
    sg.hb("a", 1, ["t", "u"])  # u goes initializing; the coordinator stops before the answer
    fresh = SG(topics=sg.topics, auto_initialize=False)
    fresh.shard.load(list(sg.written))
    assert fresh.group.state_metadata == sg.group.state_metadata
    assert fresh.group.initialized() == {tid: ("t", frozenset({0, 1}))}
    assert fresh.group.initializing() == {uid: ("u", frozenset({0, 1, 2}))}
    assert fresh.init_requests == [(GROUP, fresh.group.group_epoch, {uid: ("u", frozenset({0, 1, 2}))})]
    # Group deletion tombstones the metadata: a reload has none.
    fresh.hb("a", -1)
    w = Waiter("del")
    fresh.shard.delete_groups([GROUP], w)
    fresh.pump()
    assert fresh.replies[w] == [(GROUP, E.NONE)]
    again = SG(topics=sg.topics)
    again.shard.load(list(sg.written) + list(fresh.written))
    assert GROUP not in again.shard.share_groups.groups


def test_altered_offsets_are_recorded_initialized() -> None:
    sg = SG(auto_initialize=False)
    tid = sg.add_topic("t", 3)
    uid = sg.add_topic("u", 2)
    sg.hb("a", 0, ["t"])
    sg.hb("a", -1)
    altered: TopicPartitions = {uid: ("u", frozenset({1})), tid: ("t", frozenset({0}))}
    assert ask(sg, sg.shard.share_state_altered, (GROUP, altered)) == E.NONE
    # Both are initialized now; t's partition 0 leaves initializing (a partition is in one set).
    assert sg.group.initialized() == altered
    assert sg.group.initializing() == {tid: ("t", frozenset({1, 2}))}
    before = len(sg.written)
    assert ask(sg, sg.shard.share_state_altered, (GROUP, altered)) == E.NONE  # again: nothing new
    assert len(sg.written) == before


async def test_the_service_initializes_at_minus_one_and_keeps_existing_state() -> None:
    from broker.group.service import _initialize_unless_kept
    from broker.share.persister import InMemoryPersister, PartitionKey, ShareState

    persister = InMemoryPersister()
    kept, new = PartitionKey(GROUP, uuid.uuid4().bytes, 0), PartitionKey(GROUP, uuid.uuid4().bytes, 0)
    await persister.initialize(kept, 0, 7)  # written before the group recorded it
    await _initialize_unless_kept(persister, kept, 3)
    await _initialize_unless_kept(persister, new, 3)
    assert persister.states[kept] == ShareState(0, 7)
    assert persister.states[new] == ShareState(3, -1)  # the leader applies share.auto.offset.reset

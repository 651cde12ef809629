"""The share consumer's pure parts, without sockets: acknowledgement bookkeeping and batches,
share session epochs and partition lists, the membership's heartbeats and answers, and the
records a ShareFetch partition answer hands out."""

from __future__ import annotations

import uuid
from types import SimpleNamespace

import pytest

from client.errors import GroupFatalError, IllegalStateError
from client.share_acknowledgements import (
    AcknowledgementMode,
    Acknowledgements,
    AcknowledgeType,
    acknowledgement_batches,
)
from client.share_consumer import AsyncShareConsumer, acquired_records
from client.share_member import Outcome, ShareMember
from client.share_session import ShareSession
from client.structs import TopicPartition
from protocol.errors import ErrorCode
from protocol.records import Record, build_batch

TP = TopicPartition("t", 0)
A, R, J, G, N = (
    AcknowledgeType.ACCEPT,
    AcknowledgeType.RELEASE,
    AcknowledgeType.REJECT,
    AcknowledgeType.GAP,
    AcknowledgeType.RENEW,
)


def test_batches_are_runs_of_one_type() -> None:
    acks = {5: A, 6: A, 7: R, 9: A, 10: G, 11: G}
    assert acknowledgement_batches(acks) == [
        {"first_offset": 5, "last_offset": 6, "acknowledge_types": [1]},
        {"first_offset": 7, "last_offset": 7, "acknowledge_types": [2]},
        {"first_offset": 9, "last_offset": 9, "acknowledge_types": [1]},
        {"first_offset": 10, "last_offset": 11, "acknowledge_types": [0]},
    ]


def test_implicit_mode_accepts_the_last_poll_at_the_next() -> None:
    acks = Acknowledgements()
    acks.delivered(TP, [0, 1, 2])
    acks.gaps(TP, [3])
    acks.poll()
    assert acks.held_count() == 0
    assert acks.take([TP]) == {
        TP: [
            {"first_offset": 0, "last_offset": 2, "acknowledge_types": [1]},
            {"first_offset": 3, "last_offset": 3, "acknowledge_types": [0]},
        ]
    }
    assert acks.take([TP]) == {}  # taken once


def test_explicit_mode_needs_every_record_acknowledged() -> None:
    acks = Acknowledgements(AcknowledgementMode.EXPLICIT)
    acks.delivered(TP, [0, 1, 2])
    acks.acknowledge(TP, 0, R)
    acks.acknowledge(TP, 1, N)  # renewed: still held
    with pytest.raises(IllegalStateError):
        acks.poll()
    acks.acknowledge(TP, 1, J)
    acks.acknowledge(TP, 2, A)
    acks.poll()
    assert acks.ready[TP] == {0: R, 1: J, 2: A}
    with pytest.raises(IllegalStateError):
        acks.acknowledge(TP, 2, A)  # not held any more
    with pytest.raises(IllegalStateError):
        acks.acknowledge(TP, 7, A)  # never delivered


def test_renew_then_implicit_accept() -> None:
    acks = Acknowledgements()
    acks.delivered(TP, [4])
    acks.acknowledge(TP, 4, N)
    assert acks.take([TP]) == {TP: [{"first_offset": 4, "last_offset": 4, "acknowledge_types": [4]}]}
    acks.poll()  # still held after the renewal: accepted now
    assert acks.ready[TP] == {4: A}


def test_close_releases_unseen_and_keeps_acknowledged() -> None:
    acks = Acknowledgements(AcknowledgementMode.EXPLICIT)
    acks.delivered(TP, [0, 1])
    acks.acknowledge(TP, 0, A)
    acks.release_undelivered(TP, [2, 3])
    acks.release_held()
    assert acks.ready[TP] == {0: A, 1: R, 2: R, 3: R}


def test_accept_held_keeps_what_the_iterator_has_not_yielded() -> None:
    acks = Acknowledgements()
    acks.delivered(TP, [0, 1, 2])
    acks.accept_held(keep={(TP, 2)})
    assert acks.ready[TP] == {0: A, 1: A}
    assert acks.held == {TP: {2}}


def test_session_epochs_and_partition_lists() -> None:
    t = uuid.uuid4()
    s = ShareSession(1)
    fixed = {"group_id": "g", "member_id": "m"}
    body = s.fetch_body({(t, 0), (t, 1)}, {}, fixed)
    assert body["share_session_epoch"] == 0
    assert [(x["topic_id"], [p["partition_index"] for p in x["partitions"]]) for x in body["topics"]] == [
        (t, [0, 1])
    ]
    s.answered_fetch({(t, 0), (t, 1)}, {})
    assert s.epoch == 1 and s.open
    batches = [{"first_offset": 0, "last_offset": 0, "acknowledge_types": [1]}]
    body = s.fetch_body({(t, 1), (t, 2)}, {(t, 1): batches}, fixed)
    assert body["share_session_epoch"] == 1
    named = {
        (x["topic_id"], p["partition_index"]): p["acknowledgement_batches"]
        for x in body["topics"]
        for p in x["partitions"]
    }
    assert named == {(t, 1): batches, (t, 2): []}  # added, or carrying acknowledgements
    assert body["forgotten_topics_data"] == [{"topic_id": t, "partitions": [0]}]
    s.answered_fetch({(t, 1), (t, 2)}, {(t, 1): batches})
    assert s.epoch == 2 and s.partitions == {(t, 1), (t, 2)}
    ack = s.acknowledge_body({(t, 2): batches}, fixed, final=True)
    assert ack["share_session_epoch"] == -1
    s.answered_acknowledge()
    assert s.epoch == 3
    s.reset()
    assert (s.epoch, s.partitions, s.open) == (0, set(), False)


def _answer(code: int = 0, epoch: int = 1, assignment: object = None) -> SimpleNamespace:
    return SimpleNamespace(
        error_code=code,
        error_message=None,
        member_epoch=epoch,
        heartbeat_interval_ms=300,
        assignment=assignment,
    )


def test_member_joins_sends_the_subscription_once_and_takes_assignments() -> None:
    m = ShareMember("g")
    m.subscribe(("b", "a"))
    first = m.heartbeat_body()
    assert (first["member_epoch"], first["subscribed_topic_names"]) == (0, ["a", "b"])
    t = uuid.uuid4()
    assignment = SimpleNamespace(topic_partitions=[SimpleNamespace(topic_id=t, partitions=[0, 1])])
    assert m.on_answer(first, _answer(epoch=3, assignment=assignment)) is Outcome.ASSIGNED
    assert (m.epoch, m.interval_s, m.assignment) == (3, 0.3, frozenset({(t, 0), (t, 1)}))
    second = m.heartbeat_body()
    assert (second["member_epoch"], second["subscribed_topic_names"]) == (3, None)
    assert m.on_answer(second, _answer(epoch=3)) is Outcome.OK  # null assignment: unchanged
    m.subscribe(("a",))
    assert m.heartbeat_body()["subscribed_topic_names"] == ["a"]
    assert m.leave_body()["member_epoch"] == -1


def test_member_answers_to_errors() -> None:
    m = ShareMember("g", epoch=5, assignment=frozenset({(uuid.uuid4(), 0)}))
    body = m.heartbeat_body()
    assert m.on_answer(body, _answer(ErrorCode.NOT_COORDINATOR)) is Outcome.REDISCOVER
    assert m.on_answer(body, _answer(ErrorCode.COORDINATOR_LOAD_IN_PROGRESS)) is Outcome.RETRY
    assert m.epoch == 5
    assert m.on_answer(body, _answer(ErrorCode.FENCED_MEMBER_EPOCH)) is Outcome.REJOIN
    assert (m.epoch, m.assignment) == (0, frozenset())
    with pytest.raises(GroupFatalError):
        m.on_answer(body, _answer(ErrorCode.GROUP_AUTHORIZATION_FAILED))


def test_acquired_records_carry_delivery_counts_and_gaps() -> None:
    data = build_batch([Record(offset_delta=i, value=b"x%d" % i) for i in range(4)], base_offset=10)
    ranges = [
        SimpleNamespace(first_offset=11, last_offset=12, delivery_count=2),
        SimpleNamespace(first_offset=13, last_offset=15, delivery_count=1),  # 14, 15: no record
    ]
    records, gaps = acquired_records(TP, data, ranges)
    assert [(r.offset, r.value, r.delivery_count) for r in records] == [
        (11, b"x1", 2),
        (12, b"x2", 2),
        (13, b"x3", 1),
    ]
    assert gaps == [14, 15]
    assert acquired_records(TP, None, []) == ([], [])


def test_records_of_a_partition_that_left_the_assignment_are_still_handed_out() -> None:
    # Acquired records are the member's until their locks expire, whatever the assignment says
    # now (as Kafka's ShareConsumer): releasing them would deliver them again with a delivery
    # count of 2 though nobody failed to process them (6 members joining one by one did).
    topic_id = uuid.uuid4()
    c = AsyncShareConsumer("t", group_id="g")
    c.client.cluster = SimpleNamespace(  # type: ignore[assignment]
        topic_name=lambda t: "t" if t == topic_id else None, request_metadata_update=lambda: None
    )
    c._on_assignment(frozenset({(topic_id, 0), (topic_id, 1)}))
    assert c.assignment() == {TP, TopicPartition("t", 1)}

    def answer(first: int) -> SimpleNamespace:
        return SimpleNamespace(
            acknowledge_error_code=0,
            error_code=0,
            records=build_batch([Record(offset_delta=i, value=b"x") for i in range(2)], base_offset=first),
            acquired_records=[SimpleNamespace(first_offset=first, last_offset=first + 1, delivery_count=1)],
        )

    c._handle_partition(TP, answer(0))
    c._on_assignment(frozenset({(topic_id, 1)}))  # another member joined: partition 0 left
    assert c.assignment() == {TopicPartition("t", 1)}
    c._handle_partition(TP, answer(2))  # (a fetch sent before the change, answered after it)
    assert [r.offset for r in c._take(10)[TP]] == [0, 1, 2, 3]
    assert c.acks.ready == {}  # nothing released
    c.acks.poll()  # implicit: accepted at the next poll, then sent by ShareAcknowledge
    assert c.acks.ready == {TP: dict.fromkeys(range(4), A)}

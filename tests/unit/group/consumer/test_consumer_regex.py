"""KIP-848 regex subscriptions (SubscribedTopicRegex) and their type-16 records
(ConsumerGroupRegularExpression): the coordinator writes each regex's resolution when it changes,
a tombstone when no member uses it any more, and a reloaded group has them as written."""

from __future__ import annotations

from broker.group.records import decode_record, encode_record
from protocol.consumer_group_records import ConsumerGroupRecord, RecordType, ResolvedRegularExpression
from protocol.errors import ErrorCode
from tests.unit.group.consumer.test_consumer_group import CG

E = ErrorCode
REGEX = RecordType.CONSUMER_GROUP_REGULAR_EXPRESSION


def regex_records(cg: CG, since: int = 0) -> list[tuple[str, tuple[str, ...] | None]]:
    out = []
    for r in cg.written[since:]:
        if isinstance(r, ConsumerGroupRecord) and r.key.type is REGEX:
            value = r.value
            assert value is None or isinstance(value, ResolvedRegularExpression)
            out.append((r.key.member_id, None if value is None else value.topics))
    return out


def test_resolutions_are_written_replayed_and_tombstoned() -> None:
    cg = CG()
    t1 = cg.add_topic("orders-1", 2)
    cg.add_topic("payments", 2)
    r = cg.join("a", subscribed_topic_regex="orders-.*")
    assert r.error == E.NONE and r.assignment == {t1: frozenset({0, 1})}
    assert regex_records(cg) == [("orders-.*", ("orders-1",))]
    resolved = cg.group.resolved_regexes["orders-.*"]
    assert resolved.version == cg.group.group_epoch and resolved.timestamp == cg.clock.wall_ms()

    # A second member with the same regex: nothing new to write.
    n = len(cg.written)
    b = cg.join("b", subscribed_topic_regex="orders-.*")
    assert b.error == E.NONE and regex_records(cg, n) == []
    # Heartbeats while the topics stay as they are write no resolution either.
    n = len(cg.written)
    cg.hb("a", r.member_epoch, {t: set(ps) for t, ps in r.assignment.items()})
    assert regex_records(cg, n) == []

    # A matching topic appears: the new resolution is written, the group epoch moves.
    epoch = cg.group.group_epoch
    cg.add_topic("orders-2", 1)
    n = len(cg.written)
    cg.hb("b", b.member_epoch, {})
    assert regex_records(cg, n) == [("orders-.*", ("orders-1", "orders-2"))]
    assert cg.group.group_epoch == epoch + 1

    # Reloaded from its records (encoded and decoded), the group has the resolution as written,
    # and a heartbeat writes none again.
    decoded = [decode_record(*encode_record(rec)) for rec in cg.written]
    assert decoded == cg.written
    fresh = CG(topics=cg.topics)
    fresh.shard.load([rec for rec in decoded if rec is not None])
    assert fresh.group.resolved_regexes == cg.group.resolved_regexes
    a = fresh.group.members["a"]
    n = len(fresh.written)
    again = fresh.hb("a", a.member_epoch, {t: set(ps) for t, ps in a.assigned.items()})
    assert again.error == E.NONE and regex_records(fresh, n) == []

    # Both members leave: the last one takes the regex's resolution with it (a tombstone).
    n = len(cg.written)
    cg.hb("a", -1)
    assert regex_records(cg, n) == []
    cg.hb("b", -1)
    assert regex_records(cg, n) == [("orders-.*", None)]
    assert cg.group.resolved_regexes == {}


def test_switching_from_regex_to_names_tombstones_the_regex() -> None:
    cg = CG()
    cg.add_topic("orders-1", 2)
    r = cg.join("a", subscribed_topic_regex="orders-.*")
    n = len(cg.written)
    r = cg.hb(
        "a",
        r.member_epoch,
        {t: set(ps) for t, ps in r.assignment.items()},
        subscribed_topic_names=["orders-1"],
    )
    assert r.error == E.NONE
    assert regex_records(cg, n) == [("orders-.*", None)]
    assert cg.group.resolved_regexes == {}

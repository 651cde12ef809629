"""The group coordinator's watch (broker/group/watch.py): nothing is built without a listener;
with one, a classic group's join, rebalance, heartbeat, expiry and leave come out in order."""

from __future__ import annotations

from typing import Any

from broker.group.watch import GroupWatch, partitions_of
from protocol.consumer_protocol import Assignment, TopicPartitions, encode_assignment
from protocol.errors import ErrorCode
from tests.unit.group.group_harness import Harness


def test_publish_without_listener_calls_nothing_and_unsubscribe_stops() -> None:
    watch = GroupWatch()
    watch.publish("transition", "g", state="Stable")  # no listener: nothing to call, no error
    got: list[dict[str, Any]] = []
    stop = watch.subscribe(got.append)
    watch.publish("transition", "g", state="Stable", reason=None)
    assert got == [{"ts": got[0]["ts"], "kind": "transition", "group": "g", "state": "Stable"}]
    stop()
    stop()  # twice is harmless
    watch.publish("transition", "g", state="Empty")
    assert len(got) == 1


def test_a_group_life_as_events() -> None:
    h = Harness()
    got: list[dict[str, Any]] = []
    h.shard.outputs.watch.subscribe(got.append)
    leader, follower = h.form_group(2)
    kinds = [e["kind"] for e in got]
    assert kinds.count("member-joined") == 2
    gen = next(e for e in got if e["kind"] == "generation")
    assert (
        gen["generation"] == 1
        and gen["leader"] == leader
        and sorted(gen["members"]) == sorted([leader, follower])
    )
    assert kinds.index("generation") < kinds.index("sync") < kinds.index("assignment")
    assert next(e for e in got if e["kind"] == "assignment")["generation"] == 1

    got.clear()
    third = h.join_new("g", client="c3")  # a third member: a rebalance
    assert [e["kind"] for e in got][:2] == ["member-joined", "transition"]
    assert got[1]["state"] == "PreparingRebalance"
    assert h.heartbeat("g", leader, 1) == ErrorCode.REBALANCE_IN_PROGRESS
    assert got[-1] == {**got[-1], "kind": "heartbeat", "member": leader, "error": "REBALANCE_IN_PROGRESS"}
    assert h.heartbeat("g", follower, 1) == ErrorCode.REBALANCE_IN_PROGRESS

    got.clear()
    h.advance(1001)  # nobody rejoined: the two old members' sessions expire
    expired = [e["member"] for e in got if e["kind"] == "member-expired"]
    assert sorted(expired) == sorted([leader, follower])
    assert h.answered(third)


def test_partitions_of_reads_a_consumer_assignment() -> None:
    data = encode_assignment(Assignment([TopicPartitions("t", [1, 0])]))
    assert sorted(partitions_of(data)) == ["t-0", "t-1"]
    assert partitions_of(b"") == [] and partitions_of(b"\x00garbage") == []

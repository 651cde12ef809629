"""The controller's pure decisions: replica placement, leader election, the writes it plans."""

from __future__ import annotations

import uuid

from broker.cluster.controller import ClusterView, OffsetsTopicSpec, plan
from broker.cluster.placement import assign_replicas, initial_state, next_state
from broker.cluster.znodes import BrokerInfo, EndPoint, PartitionState, TopicAssignment

SPEC = OffsetsTopicSpec("__consumer_offsets", 6, 3, {"cleanup.policy": "compact"})


def broker(broker_id: int) -> BrokerInfo:
    return BrokerInfo(broker_id, (EndPoint("PLAINTEXT", "h", 9000 + broker_id),))


def test_assignment_is_balanced_and_stable():
    a = assign_replicas("events", 9, 1, [3, 1, 2])
    assert a == assign_replicas("events", 9, 1, [1, 2, 3])
    firsts = [r[0] for r in a.values()]
    assert sorted(firsts.count(b) for b in (1, 2, 3)) == [3, 3, 3]
    three = assign_replicas("events", 4, 3, [1, 2, 3])
    assert all(sorted(r) == [1, 2, 3] for r in three.values())


def test_kafkas_assignment_spreads_followers_too():
    a = assign_replicas("events", 12, 3, [1, 2, 3, 4])
    assert all(len(set(r)) == 3 for r in a.values())
    for position in range(3):  # leaders, first and second followers: each broker 3 times
        column = [r[position] for r in a.values()]
        assert sorted(column.count(b) for b in (1, 2, 3, 4)) == [3, 3, 3, 3], (position, a)


def test_leader_stays_while_alive_and_dead_followers_leave_the_isr():
    state = PartitionState(1, 4, [1, 2, 3], 1)
    assert next_state(state, [1, 2, 3], {1, 2, 3}, False, 2) is None
    assert next_state(state, [1, 2, 3], {1, 3}, False, 2) == PartitionState(1, 5, [1, 3], 2)


def test_a_new_leader_comes_from_the_isr_only_unless_unclean():
    state = PartitionState(1, 4, [1, 3], 1)
    assert next_state(state, [1, 2, 3], {2, 3}, False, 2) == PartitionState(3, 5, [3], 2)
    alone = PartitionState(1, 4, [1], 1)  # 2 and 3 fell out of sync before 1 died
    offline = next_state(alone, [1, 2, 3], {2, 3}, False, 2)
    assert offline == PartitionState(-1, 5, [1], 2)
    assert next_state(offline, [1, 2, 3], {2, 3}, False, 2) is None  # stays offline
    assert next_state(offline, [1, 2, 3], {1, 2, 3}, False, 3) == PartitionState(1, 6, [1], 3)  # 1 is back
    assert next_state(alone, [1, 2, 3], {2, 3}, True, 2) == PartitionState(2, 5, [2], 2)  # unclean


def test_initial_state_puts_every_live_replica_in_sync():
    assert initial_state([2, 1, 3], {1, 2, 3}, 7) == PartitionState(2, 0, [2, 1, 3], 7)
    assert initial_state([2, 1], {1}, 7) == PartitionState(1, 0, [1], 7)
    assert initial_state([2], {1}, 7) == PartitionState(-1, 0, [2], 7)


def test_plan_creates_offsets_topic_only_with_enough_brokers_then_states():
    view = ClusterView(brokers={i: broker(i) for i in (1, 2)})
    assert plan(view, 1, SPEC) == []
    view.brokers[3] = broker(3)
    ops = plan(view, 1, SPEC)
    assert any(op.path == "/brokers/topics/__consumer_offsets" for op in ops)
    view.topics["__consumer_offsets"] = TopicAssignment(
        "__consumer_offsets", uuid.uuid4(), assign_replicas("__consumer_offsets", 6, 1, [1, 2, 3])
    )
    states = plan(view, 1, SPEC)
    assert len(states) == 6 and all(op.kind == "create" and op.path.endswith("/state") for op in states)
    assert sorted(PartitionState.decode(op.data).leader for op in states) == [1, 1, 2, 2, 3, 3]


def test_plan_moves_leadership_off_a_gone_broker_with_a_new_epoch():
    view = ClusterView(brokers={1: broker(1), 2: broker(2)})
    view.topics["t"] = TopicAssignment("t", uuid.uuid4(), {0: [3], 1: [1]})
    view.states = {("t", 0): PartitionState(3, 4, [3], 1), ("t", 1): PartitionState(1, 0, [1], 1)}
    view.state_versions = {("t", 0): 7, ("t", 1): 0}
    [op] = plan(view, 2, SPEC)
    new = PartitionState.decode(op.data)
    assert (op.kind, op.version, new.leader, new.leader_epoch, new.controller_epoch) == ("set", 7, -1, 5, 2)
    assert plan(view, 2, SPEC) == [op]  # level-triggered: the same view gives the same writes


def test_plan_deletes_marked_topics_leaf_first():
    view = ClusterView(brokers={1: broker(1)})
    view.topics["t"] = TopicAssignment("t", uuid.uuid4(), {0: [1]})
    view.states = {("t", 0): PartitionState(1, 0, [1])}
    view.configs["t"] = {}
    view.deleting = {"t"}
    paths = [op.path for op in plan(view, 1, SPEC) if op.kind == "delete"]
    assert paths == [
        "/brokers/topics/t/partitions/0/state",
        "/brokers/topics/t/partitions/0",
        "/brokers/topics/t/partitions",
        "/brokers/topics/t",
        "/config/topics/t",
        "/admin/delete_topics/t",
    ]

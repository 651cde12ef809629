"""The controller's pure decisions: replica placement, leader election, the writes it plans."""

from __future__ import annotations

import uuid

from broker.cluster.controller import ClusterView, OffsetsTopicSpec, plan
from broker.cluster.placement import assign_replicas, elect_leader
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


def test_leader_stays_while_alive_and_goes_offline_with_its_only_replica():
    assert elect_leader([2, 1], {1, 2}, 1) == 1
    assert elect_leader([2, 1], {2}, 1) == 2
    assert elect_leader([2], {1, 3}, 2) == -1
    assert elect_leader([2], {1, 2}, -1) == 2


def test_plan_creates_offsets_topic_only_with_enough_brokers_then_states():
    view = ClusterView(brokers={i: broker(i) for i in (1, 2)})
    assert plan(view, 1, SPEC) == []
    view.brokers[3] = broker(3)
    ops = plan(view, 1, SPEC)
    assert any(op.path == "/brokers/topics/__consumer_offsets" for op in ops)
    view.topics["__consumer_offsets"] = TopicAssignment("__consumer_offsets", uuid.uuid4(),
                                                        assign_replicas("__consumer_offsets", 6, 1, [1, 2, 3]))
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
    assert paths == ["/brokers/topics/t/partitions/0/state", "/brokers/topics/t/partitions/0",
                     "/brokers/topics/t/partitions", "/brokers/topics/t", "/config/topics/t", "/admin/delete_topics/t"]

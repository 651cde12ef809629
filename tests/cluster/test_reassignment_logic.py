"""Partition reassignments as pure decisions (broker/cluster/reassignment.py) and the
replication throttle's bucket (broker/cluster/replication_quota.py): no ZooKeeper, no sockets."""

from __future__ import annotations

import json
import uuid

from broker.cluster import znodes as z
from broker.cluster.controller import ClusterView
from broker.cluster.reassignment import Outcome, alter, complete, ongoing
from broker.cluster.replication_quota import ReplicationQuota, is_throttled
from broker.cluster.znodes import BrokerInfo, EndPoint, PartitionState, TopicAssignment
from protocol.errors import ErrorCode


def view(replicas: list[int], isr: list[int], leader: int, brokers: int = 4) -> ClusterView:
    v = ClusterView()
    v.brokers = {b: BrokerInfo(b, (EndPoint("PLAINTEXT", "h", 9000 + b),)) for b in range(1, brokers + 1)}
    v.topics = {"t": TopicAssignment("t", uuid.uuid4(), {0: replicas, 1: [1, 2, 3]})}
    v.topic_versions = {"t": 3}
    v.states = {("t", 0): PartitionState(leader, 5, isr), ("t", 1): PartitionState(1, 0, [1, 2, 3])}
    v.state_versions = {("t", 0): 7, ("t", 1): 0}
    return v


def apply_ops(v: ClusterView, ops) -> ClusterView:
    for op in ops:
        assert op.kind == "set"
        if op.path == z.topic_path("t"):
            assert op.version == v.topic_versions["t"]
            v.topics["t"] = TopicAssignment.decode("t", op.data)
            v.topic_versions["t"] += 1
        else:
            p = int(op.path.split("/")[-2])
            assert op.version == v.state_versions[("t", p)]
            v.states[("t", p)] = PartitionState.decode(op.data)
            v.state_versions[("t", p)] += 1
    return v


def test_move_adds_then_completes_with_a_target_leader():
    v = view([1, 2, 3], [1, 2, 3], leader=1)
    results, ops = alter(v, {("t", 0): [4, 2, 3]}, True, 1)
    assert results[("t", 0)].error is ErrorCode.NONE
    v = apply_ops(v, ops)
    a = v.topics["t"]
    assert (a.replicas[0], a.adding[0], a.removing[0]) == ([4, 2, 3, 1], [4], [1])
    doc = json.loads(a.encode())
    assert doc["adding_replicas"] == {"0": [4]} and doc["removing_replicas"] == {"0": [1]}
    assert ongoing(v, None)[("t", 0)].adding == [4]
    assert complete(v, 1) == []  # broker 4 is not in the ISR yet
    v.states[("t", 0)] = PartitionState(1, 5, [1, 2, 3, 4])
    v = apply_ops(v, complete(v, 1))
    a = v.topics["t"]
    assert a.replicas[0] == [4, 2, 3] and not a.adding and not a.removing
    state = v.states[("t", 0)]
    assert state.leader == 4 and state.isr == [2, 3, 4] and state.leader_epoch == 6
    assert ongoing(v, None) == {}


def test_cancel_reverts_and_refusals_change_nothing():
    v = view([1, 2, 3], [1, 2, 3], leader=1)
    v = apply_ops(v, alter(v, {("t", 0): [4, 2, 3]}, True, 1)[1])
    v.states[("t", 0)] = PartitionState(4, 6, [1, 2, 3, 4])  # even led by the new replica
    results, ops = alter(v, {("t", 0): None}, True, 1)
    assert results[("t", 0)].error is ErrorCode.NONE
    v = apply_ops(v, ops)
    # Kafka's order: the moving set is target + original, so the original replicas come back
    # in that order; the added replica that led hands over to an original one in the ISR.
    assert v.topics["t"].replicas[0] == [2, 3, 1] and not v.topics["t"].adding
    assert v.states[("t", 0)].leader == 2 and v.states[("t", 0)].isr == [1, 2, 3]
    refused = {
        ("t", 0): None,  # nothing to cancel any more
        ("t", 1): [1, 1, 2],
        ("t", 9): [1],
        ("u", 0): [1],
    }
    results, ops = alter(v, refused, True, 1)
    assert ops == []
    assert {k: r.error for k, r in results.items()} == {
        ("t", 0): ErrorCode.NO_REASSIGNMENT_IN_PROGRESS,
        ("t", 1): ErrorCode.INVALID_REPLICA_ASSIGNMENT,
        ("t", 9): ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        ("u", 0): ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
    }
    assert alter(v, {("t", 1): [1, 2, 7]}, True, 1)[0][("t", 1)].error is ErrorCode.INVALID_REPLICA_ASSIGNMENT
    assert alter(v, {("t", 1): [1, 2]}, False, 1)[0][("t", 1)].error is ErrorCode.INVALID_REPLICATION_FACTOR
    assert alter(v, {("t", 1): [1, 2, 3]}, True, 1) == ({("t", 1): Outcome()}, [])  # already there


def test_a_new_target_starts_from_the_original_replicas():
    v = view([1, 2, 3], [1, 2, 3], leader=1)
    v = apply_ops(v, alter(v, {("t", 0): [4, 2, 3]}, True, 1)[1])
    v = apply_ops(v, alter(v, {("t", 0): [1, 4]}, True, 1)[1])
    a = v.topics["t"]
    assert (a.replicas[0], a.adding[0], a.removing[0]) == ([1, 4, 2, 3], [4], [2, 3])


def test_throttled_replica_lists_and_the_bucket():
    assert is_throttled("0:4,1:4", 1, 4) and not is_throttled("0:4,1:4", 1, 3)
    assert is_throttled("*", 7, 1) and not is_throttled("", 0, 1) and not is_throttled(None, 0, 1)
    now = [0.0]
    q = ReplicationQuota(lambda: 1000, lambda: now[0])
    assert q.exceeded()  # the bucket starts empty: no burst beyond the rate
    now[0] = 1.0
    assert not q.exceeded()
    q.record(3000)
    assert q.exceeded() and 1.9 < q.wait_s() < 2.1
    now[0] = 3.01
    assert not q.exceeded()
    assert not ReplicationQuota(lambda: 2**63 - 1).exceeded()


def test_cli_files_proposal_and_throttled_replica_lists():
    import pytest

    from client.cli.common import CliError
    from client.cli.reassign_partitions import (
        format_reassignment,
        parse_reassignment,
        parse_topics,
        propose,
        throttled_replicas,
    )
    from client.structs import TopicPartition as TP

    doc = {
        "version": 1,
        "partitions": [{"topic": "t", "partition": 0, "replicas": [4, 2], "log_dirs": ["any", "any"]}],
    }
    plan = parse_reassignment(doc)
    assert plan == {TP("t", 0): [4, 2]}
    assert parse_reassignment(json.loads(format_reassignment(plan))) == plan
    assert parse_topics({"version": 1, "topics": [{"topic": "a"}, {"topic": "b"}]}) == ["a", "b"]
    for bad in (
        {"partitions": []},
        {"partitions": [{"topic": "t", "partition": 0, "replicas": [1, 1]}]},
        {"partitions": [{"topic": "t", "partition": 0, "replicas": [1], "log_dirs": ["any", "any"]}]},
        {"partitions": [{"topic": "t", "partition": 0, "replicas": [1]}] * 2},
        {"nope": 1},
    ):
        with pytest.raises(CliError):
            parse_reassignment(bad)
    current = {TP("t", p): [1 + p % 3, 1 + (p + 1) % 3] for p in range(8)}
    proposal = propose(current, [1, 2, 3, 4])
    assert proposal == propose(current, [4, 3, 2, 1])  # the same every run
    assert all(len(r) == 2 and len(set(r)) == 2 and set(r) <= {1, 2, 3, 4} for r in proposal.values())
    leaders = [r[0] for r in proposal.values()]
    assert {leaders.count(b) for b in (1, 2, 3, 4)} == {2}  # leaders spread evenly
    with pytest.raises(CliError):
        propose(current, [1])
    assert throttled_replicas(
        {TP("t", 0): [1, 2], TP("t", 1): [2, 3]}, {TP("t", 0): [4, 2], TP("t", 1): [2, 3]}
    ) == {"t": ("0:1,0:2", "0:4")}

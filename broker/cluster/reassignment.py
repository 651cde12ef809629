"""Partition reassignments (KIP-455, as Kafka 2.4+'s ZooKeeper controller runs them), as pure
functions of a `ClusterView`.

A partition moving from its original replicas (ORS) to target replicas (TRS) is assigned, while
it moves, the union RS = TRS + ORS, with `adding` = TRS - ORS and `removing` = ORS - TRS recorded
in the topic's znode. The new replicas follow the leader like any follower and join the ISR once
caught up. When every target replica is in the ISR the controller completes the move in one
write: the assignment becomes TRS and the partition's state keeps only target replicas in its ISR,
with a target replica leading (the current leader if it stays, else the first target replica in
the ISR). Brokers no longer assigned the partition then delete their replica.

A new reassignment of a moving partition starts from its original replicas again; a cancel (null
target) goes back to them, as Kafka's controller does.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from broker.cluster import znodes as z
from broker.cluster.controller import ClusterView, Op
from broker.cluster.znodes import PartitionState, TopicAssignment
from protocol.errors import ErrorCode

TopicPartition = tuple[str, int]


@dataclass(frozen=True, slots=True)
class Outcome:
    error: ErrorCode = ErrorCode.NONE
    message: str | None = None


@dataclass(frozen=True, slots=True)
class Ongoing:
    """A partition being moved: its replicas now (RS) and those being added and removed."""

    replicas: list[int]
    adding: list[int]
    removing: list[int]


def original(assignment: TopicAssignment, partition: int) -> list[int]:
    """The replicas a partition had before its move (its replicas when it is not moving)."""
    adding = assignment.adding.get(partition, [])
    return [b for b in assignment.replicas[partition] if b not in adding]


def target(assignment: TopicAssignment, partition: int) -> list[int]:
    removing = assignment.removing.get(partition, [])
    return [b for b in assignment.replicas[partition] if b not in removing]


def moving(assignment: TopicAssignment, partition: int) -> bool:
    return bool(assignment.adding.get(partition) or assignment.removing.get(partition))


def ongoing(view: ClusterView, asked: list[TopicPartition] | None) -> dict[TopicPartition, Ongoing]:
    """The reassignments in progress (of the partitions asked, or all)."""
    keys = (
        [(t, p) for t, a in sorted(view.topics.items()) for p in sorted(a.replicas)]
        if asked is None
        else asked
    )
    out: dict[TopicPartition, Ongoing] = {}
    for topic, p in keys:
        a = view.topics.get(topic)
        if a is None or p not in a.replicas or not moving(a, p):
            continue
        out[(topic, p)] = Ongoing(list(a.replicas[p]), list(a.adding.get(p, [])), list(a.removing.get(p, [])))
    return out


def _check(
    view: ClusterView, topic: str, partition: int, replicas: list[int] | None, allow_rf_change: bool
) -> Outcome | None:
    a = view.topics.get(topic)
    if a is None or partition not in a.replicas or topic in view.deleting:
        return Outcome(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "The partition does not exist.")
    if replicas is None:
        if not moving(a, partition):
            return Outcome(
                ErrorCode.NO_REASSIGNMENT_IN_PROGRESS,
                f"Unable to cancel reassignment for {topic}-{partition} as it has no reassignment in progress.",
            )
        return None
    if not replicas:
        return Outcome(ErrorCode.INVALID_REPLICA_ASSIGNMENT, "The target replica list cannot be empty.")
    if len(set(replicas)) != len(replicas):
        return Outcome(
            ErrorCode.INVALID_REPLICA_ASSIGNMENT,
            f"Duplicate replica ids in partition reassignment replica list: {replicas}",
        )
    if any(b < 0 for b in replicas):
        return Outcome(ErrorCode.INVALID_REPLICA_ASSIGNMENT, f"Invalid broker id in replica list: {replicas}")
    dead = [b for b in replicas if b not in view.brokers]
    if dead:
        return Outcome(
            ErrorCode.INVALID_REPLICA_ASSIGNMENT,
            f"Replica assignment has brokers that are not alive. Replica list: {replicas}, "
            f"live broker list: {sorted(view.brokers)}",
        )
    if not allow_rf_change and len(replicas) != len(original(a, partition)):
        return Outcome(
            ErrorCode.INVALID_REPLICATION_FACTOR,
            f"The replication factor is changed from {len(original(a, partition))} to {len(replicas)}",
        )
    return None


def alter(
    view: ClusterView,
    asked: dict[TopicPartition, list[int] | None],
    allow_rf_change: bool,
    controller_epoch: int,
) -> tuple[dict[TopicPartition, Outcome], list[Op]]:
    """Start (or cancel: None) the reassignments asked; a result per partition, and the writes
    (the topics' znodes, fenced by their versions; and, for a cancel, the states)."""
    results: dict[TopicPartition, Outcome] = {}
    changed: dict[str, TopicAssignment] = {}
    ops: list[Op] = []
    for (topic, p), replicas in asked.items():
        bad = _check(view, topic, p, replicas, allow_rf_change)
        if bad is not None:
            results[(topic, p)] = bad
            continue
        a = changed.get(topic, view.topics[topic])
        ors = original(a, p)
        if replicas is None:  # cancel: back to the original replicas
            a = _set(a, p, ors, [], [])
            state_op = _shrink_to(view, topic, p, ors, controller_epoch)
            if state_op is not None:
                ops.append(state_op)
        elif replicas == ors and not moving(a, p):
            results[(topic, p)] = Outcome()
            continue
        else:
            full = list(dict.fromkeys([*replicas, *ors]))
            a = _set(a, p, full, [b for b in replicas if b not in ors], [b for b in ors if b not in replicas])
        changed[topic] = a
        results[(topic, p)] = Outcome()
    for topic, a in changed.items():
        ops.insert(0, Op("set", z.topic_path(topic), a.encode(), view.topic_versions.get(topic, -1)))
    return results, ops


def _set(
    a: TopicAssignment, p: int, replicas: list[int], adding: list[int], removing: list[int]
) -> TopicAssignment:
    add = {k: v for k, v in a.adding.items() if k != p}
    rem = {k: v for k, v in a.removing.items() if k != p}
    if adding:
        add[p] = adding
    if removing:
        rem[p] = removing
    return replace(a, replicas={**a.replicas, p: replicas}, adding=add, removing=rem)


def _shrink_to(view: ClusterView, topic: str, p: int, keep: list[int], controller_epoch: int) -> Op | None:
    """The state write that leaves only `keep` in the partition's ISR, with one of them leading:
    the leader if it stays, else the first of `keep` alive and in the ISR (none: the partition
    waits offline for one, as after any clean election that finds nobody)."""
    state = view.states.get((topic, p))
    if state is None:
        return None
    live = set(view.brokers)
    isr = [b for b in state.isr if b in keep]
    if state.leader in keep and state.leader in live:
        leader = state.leader
    else:
        leader = next((b for b in keep if b in isr and b in live), z.NO_LEADER)
    if leader == state.leader and isr == state.isr:
        return None
    new = PartitionState(leader, state.leader_epoch + 1, isr or list(state.isr), controller_epoch)
    return Op("set", z.state_path(topic, p), new.encode(), view.state_versions[(topic, p)])


def complete(view: ClusterView, controller_epoch: int) -> list[Op]:
    """The moves whose target replicas are all in the ISR, completed: the assignment becomes the
    target, and the state keeps target replicas only (a target replica leading)."""
    ops: list[Op] = []
    for topic, a in sorted(view.topics.items()):
        if topic in view.deleting:
            continue
        done = a
        for p in sorted(a.replicas):
            state = view.states.get((topic, p))
            if not moving(a, p) or state is None:
                continue
            trs = target(a, p)
            if not all(b in state.isr for b in trs):
                continue
            if not any(b in view.brokers for b in trs):
                continue
            done = _set(done, p, trs, [], [])
            state_op = _shrink_to(view, topic, p, trs, controller_epoch)
            if state_op is not None:
                ops.append(state_op)
        if done is not a:
            ops.insert(0, Op("set", z.topic_path(topic), done.encode(), view.topic_versions.get(topic, -1)))
    return ops

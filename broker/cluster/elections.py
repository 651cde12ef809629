"""Leader elections asked for (ElectLeaders, key 43) or due (auto leader rebalance), as pure
functions of a `ClusterView`: Kafka 2.x's `KafkaController.processReplicaLeaderElection` and
`checkAndTriggerAutoLeaderRebalance`, reduced to what kbroker's controller needs.

- PREFERRED: the first replica of the assignment leads, if it is alive and in the ISR; a
  partition it already leads needs no election (ELECTION_NOT_NEEDED), one whose preferred
  replica is down or out of sync gets PREFERRED_LEADER_NOT_AVAILABLE.
- UNCLEAN: only a partition without a live leader is elected: the first live ISR member, else
  the first live replica (it may lack acknowledged records); none alive:
  ELIGIBLE_LEADERS_NOT_AVAILABLE.

`elect` returns the znode writes and a result per partition; the controller commits the writes
in one transaction fenced by its epoch, as it does its other decisions.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from broker.cluster import znodes as z
from broker.cluster.controller import ClusterView, Op
from broker.cluster.placement import next_state
from broker.cluster.znodes import PartitionState
from protocol.errors import ErrorCode


class ElectionType(enum.IntEnum):
    PREFERRED = 0
    UNCLEAN = 1


@dataclass(frozen=True, slots=True)
class Outcome:
    """One partition's answer: NONE with the leader it gets, or an error and Kafka's message."""

    error: ErrorCode
    message: str | None = None
    leader: int = z.NO_LEADER


def preferred_state(
    state: PartitionState, replicas: list[int], live: set[int], controller_epoch: int
) -> PartitionState | None:
    """The state with the preferred replica leading, or None if it cannot lead now."""
    preferred = replicas[0]
    if preferred not in live or preferred not in state.isr:
        return None
    return PartitionState(preferred, state.leader_epoch + 1, list(state.isr), controller_epoch)


def _elect_one(
    view: ClusterView, topic: str, partition: int, kind: ElectionType, epoch: int
) -> tuple[Outcome, PartitionState | None]:
    assignment = view.topics.get(topic)
    state = view.states.get((topic, partition))
    if assignment is None or partition not in assignment.replicas or state is None:
        return Outcome(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "The partition does not exist."), None
    if topic in view.deleting:
        return Outcome(ErrorCode.INVALID_TOPIC_EXCEPTION, "Deletion of topic is in progress."), None
    replicas = assignment.replicas[partition]
    live = set(view.brokers)
    if kind is ElectionType.PREFERRED:
        if state.leader == replicas[0]:
            return Outcome(
                ErrorCode.ELECTION_NOT_NEEDED, "Leader election not needed for topic partition."
            ), None
        new = preferred_state(state, replicas, live, epoch)
        if new is None:
            return (
                Outcome(
                    ErrorCode.PREFERRED_LEADER_NOT_AVAILABLE,
                    f"Failed to elect leader for partition {topic}-{partition} under strategy "
                    "PreferredReplicaPartitionLeaderElectionStrategy",
                ),
                None,
            )
        return Outcome(ErrorCode.NONE, leader=new.leader), new
    if state.leader in live and state.leader in replicas:
        return Outcome(ErrorCode.ELECTION_NOT_NEEDED, "Leader election not needed for topic partition."), None
    new = next_state(state, replicas, live, True, epoch)
    if new is None or new.leader == z.NO_LEADER:
        return (
            Outcome(
                ErrorCode.ELIGIBLE_LEADERS_NOT_AVAILABLE,
                f"Failed to elect leader for partition {topic}-{partition} under strategy "
                "OfflinePartitionLeaderElectionStrategy(true)",
            ),
            None,
        )
    return Outcome(ErrorCode.NONE, leader=new.leader), new


def elect(
    view: ClusterView,
    partitions: Iterable[tuple[str, int]] | None,
    kind: ElectionType,
    controller_epoch: int,
) -> tuple[dict[tuple[str, int], Outcome], list[Op]]:
    """Results for the partitions asked (None: every partition of every topic, and then, as
    Kafka answers, only those elected or failed: ELECTION_NOT_NEEDED is left out) and the writes."""
    every = partitions is None
    asked = (
        [(t, p) for t, a in sorted(view.topics.items()) for p in sorted(a.replicas)]
        if partitions is None
        else list(dict.fromkeys(partitions))
    )
    results: dict[tuple[str, int], Outcome] = {}
    ops: list[Op] = []
    for topic, partition in asked:
        outcome, new = _elect_one(view, topic, partition, kind, controller_epoch)
        if new is not None:
            ops.append(
                Op(
                    "set",
                    z.state_path(topic, partition),
                    new.encode(),
                    view.state_versions[(topic, partition)],
                )
            )
        if every and outcome.error is ErrorCode.ELECTION_NOT_NEEDED:
            continue
        results[(topic, partition)] = outcome
    return results, ops


def imbalanced(view: ClusterView, percentage: int) -> list[tuple[str, int]]:
    """The partitions the auto leader rebalance elects now: for each broker whose share of
    partitions it prefers but does not lead is above `percentage`, those of them that it can lead
    (it is alive and in their ISR), as Kafka 2.x's controller checks every
    leader.imbalance.check.interval.seconds."""
    live = set(view.brokers)
    by_preferred: dict[int, list[tuple[str, int]]] = {}
    for topic, assignment in sorted(view.topics.items()):
        if topic in view.deleting:
            continue
        for p, replicas in sorted(assignment.replicas.items()):
            if replicas and (topic, p) in view.states:
                by_preferred.setdefault(replicas[0], []).append((topic, p))
    out: list[tuple[str, int]] = []
    for broker, keys in sorted(by_preferred.items()):
        off = [k for k in keys if view.states[k].leader != broker]
        if not off or len(off) / len(keys) <= percentage / 100:
            continue
        if broker in live:
            out += [k for k in off if broker in view.states[k].isr]
    return out

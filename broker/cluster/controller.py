"""The controller's decisions, as pure functions of a `ClusterView` (sans-I/O).

`plan` returns the znode writes that bring the cluster to what the controller wants: the
`__consumer_offsets` topic once enough brokers are registered, a state (leader, leader epoch,
ISR) for every partition, a new leader when the current one is gone, and topic deletions carried
out. The caller commits them in one ZooKeeper transaction guarded by the controller epoch's
znode version, which fences a controller that has been replaced (as Kafka 2.x's
`controllerEpochZkVersion` check does).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from broker.cluster import znodes as z
from broker.cluster.placement import assign_replicas, initial_state, next_state
from broker.cluster.znodes import BrokerInfo, PartitionState, TopicAssignment


@dataclass(slots=True)
class ClusterView:
    """Everything the cluster's znodes say, read in one pass."""

    brokers: dict[int, BrokerInfo] = field(default_factory=dict)
    controller_id: int = -1
    controller_session: int = 0  # the ephemeral owner of /controller
    controller_epoch: int = 0
    topics: dict[str, TopicAssignment] = field(default_factory=dict)
    topic_versions: dict[str, int] = field(default_factory=dict)  # their znodes' versions
    configs: dict[str, dict[str, str]] = field(default_factory=dict)  # only topics with a config znode
    states: dict[tuple[str, int], PartitionState] = field(default_factory=dict)
    state_versions: dict[tuple[str, int], int] = field(default_factory=dict)
    deleting: set[str] = field(default_factory=set)
    broker_configs: dict[str, dict[str, str]] = field(default_factory=dict)  # by broker id or <default>
    group_configs: dict[str, dict[str, str]] = field(default_factory=dict)
    client_metrics: dict[str, dict[str, str]] = field(default_factory=dict)  # {} once deleted
    features: dict[str, int] | None = None  # None: no /feature znode yet
    features_epoch: int = -1  # its znode version

    def leader(self, topic: str, partition: int) -> int:
        state = self.states.get((topic, partition))
        return state.leader if state is not None else z.NO_LEADER


@dataclass(frozen=True, slots=True)
class Op:
    kind: str  # "create" | "set" | "delete"
    path: str
    data: bytes = b""
    version: int = -1


@dataclass(frozen=True, slots=True)
class OffsetsTopicSpec:
    name: str
    partitions: int
    required_brokers: (
        int  # offsets.topic.replication.factor: its replicas, created once this many are registered
    )
    configs: dict[str, str]


def create_topic_ops(assignment: TopicAssignment, configs: dict[str, str]) -> list[Op]:
    """A new topic: its config, its assignment and its partition znodes (states come from the controller)."""
    name = assignment.name
    ops = [
        Op("create", z.config_path(name), z.encode_topic_config(configs)),
        Op("create", z.topic_path(name), assignment.encode()),
        Op("create", z.partitions_path(name)),
    ]
    ops += [Op("create", z.partition_path(name, p)) for p in sorted(assignment.replicas)]
    return ops


def delete_topic_ops(view: ClusterView, name: str) -> list[Op]:
    ops: list[Op] = []
    assignment = view.topics.get(name)
    if assignment is not None:
        for p in sorted(assignment.replicas):
            if (name, p) in view.states:
                ops.append(Op("delete", z.state_path(name, p)))
            ops.append(Op("delete", z.partition_path(name, p)))
        ops += [Op("delete", z.partitions_path(name)), Op("delete", z.topic_path(name))]
    if name in view.configs:
        ops.append(Op("delete", z.config_path(name)))
    ops.append(Op("delete", z.delete_path(name)))
    return ops


def plan(view: ClusterView, epoch: int, offsets: OffsetsTopicSpec, unclean_default: bool = False) -> list[Op]:
    live = set(view.brokers)
    ops: list[Op] = []
    for name in sorted(view.deleting):
        ops += delete_topic_ops(view, name)
    if offsets.name not in view.topics and len(live) >= offsets.required_brokers:
        replicas = assign_replicas(offsets.name, offsets.partitions, offsets.required_brokers, sorted(live))
        ops += create_topic_ops(TopicAssignment(offsets.name, uuid.uuid4(), replicas), offsets.configs)
    for name, assignment in sorted(view.topics.items()):
        if name in view.deleting:
            continue
        flag = view.configs.get(name, {}).get("unclean.leader.election.enable")
        unclean = unclean_default if flag is None else flag.strip().lower() == "true"
        for p, partition_replicas in sorted(assignment.replicas.items()):
            state = view.states.get((name, p))
            if state is None:
                ops.append(
                    Op(
                        "create",
                        z.state_path(name, p),
                        initial_state(partition_replicas, live, epoch).encode(),
                    )
                )
                continue
            new = next_state(state, partition_replicas, live, unclean, epoch)
            if new is not None:
                ops.append(Op("set", z.state_path(name, p), new.encode(), view.state_versions[(name, p)]))
    return ops

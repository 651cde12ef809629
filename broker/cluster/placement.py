"""Pure placement decisions: which brokers hold a new topic's partitions, and who leads each.

Replica assignment follows Kafka's rack-unaware AdminUtils.assignReplicasToBrokers: partition p's
first replica is broker[(start + p) % n], followers shifted after it; the start index is derived
from the topic name (Kafka draws it at random), so a topic lands the same way on every run and
the first replicas (the preferred leaders) of every topic are spread evenly over the brokers.
"""

from __future__ import annotations

import zlib
from collections.abc import Collection, Sequence

from broker.cluster.znodes import NO_LEADER


class PlacementError(Exception):
    pass


def assign_replicas(topic: str, partitions: int, replication: int, brokers: Sequence[int]) -> dict[int, list[int]]:
    ids = sorted(brokers)
    n = len(ids)
    if n == 0:
        raise PlacementError("no broker is registered")
    if replication > n:
        raise PlacementError(f"The target replication factor of {replication} cannot be reached because "
                             f"only {n} broker(s) are registered.")
    start = zlib.crc32(topic.encode()) % n
    shift = 1 + start % max(1, n - 1)  # the followers' step, as Kafka's nextReplicaShift
    out = {}
    for p in range(partitions):
        first = (start + p) % n
        replicas = [ids[first]]
        for j in range(replication - 1):
            replicas.append(ids[(first + 1 + (shift + j) % (n - 1)) % n])
        out[p] = replicas
    return out


def elect_leader(replicas: Sequence[int], live: Collection[int], current: int) -> int:
    """The current leader while it is alive and a replica (stable); otherwise the first live
    replica in preference order; NO_LEADER when none is alive (the partition is offline)."""
    if current in live and current in replicas:
        return current
    return next((b for b in replicas if b in live), NO_LEADER)

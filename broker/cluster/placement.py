"""Pure placement decisions: which brokers hold a new topic's partitions, and who leads each.

Replica assignment is Kafka's rack-unaware `AdminUtils.assignReplicasToBrokers`: partition p's
first replica is broker[(start + p) % n]; its followers are shifted after it by a step that
grows by one every n partitions, so that leaders and followers both spread. Kafka draws the
start index and the first shift at random; here both derive from the topic name, so a topic
lands the same way on every run (and the preferred leaders of all topics still spread).

Leader election is Kafka 2.x's controller's: a leader that is alive stays; otherwise the first
replica (in preference order) that is alive and in the ISR; with unclean election allowed, any
live replica when no ISR member is; else none (the partition is offline).
"""

from __future__ import annotations

import zlib
from collections.abc import Collection, Sequence

from broker.cluster.znodes import NO_LEADER, PartitionState


class PlacementError(Exception):
    pass


def assign_replicas(
    topic: str, partitions: int, replication: int, brokers: Sequence[int]
) -> dict[int, list[int]]:
    ids = sorted(brokers)
    n = len(ids)
    if n == 0:
        raise PlacementError("no broker is registered")
    if replication > n:
        raise PlacementError(f"Replication factor: {replication} larger than available brokers: {n}.")
    start = zlib.crc32(topic.encode()) % n
    shift = zlib.crc32(topic.encode()[::-1]) % n
    out = {}
    for p in range(partitions):
        if p > 0 and p % n == 0:
            shift += 1
        first = (start + p) % n
        out[p] = [ids[first]] + [ids[(first + 1 + (shift + j) % (n - 1)) % n] for j in range(replication - 1)]
    return out


def initial_state(replicas: Sequence[int], live: Collection[int], controller_epoch: int) -> PartitionState:
    """A new partition's state: the first live replica leads, every live replica is in sync."""
    in_sync = [b for b in replicas if b in live]
    leader = in_sync[0] if in_sync else NO_LEADER
    return PartitionState(leader, 0, in_sync or list(replicas), controller_epoch)


def next_state(
    state: PartitionState,
    replicas: Sequence[int],
    live: Collection[int],
    unclean: bool,
    controller_epoch: int,
) -> PartitionState | None:
    """What the controller writes when brokers come and go, or None to leave the state as it is.

    - The leader alive: it stays; dead followers leave the ISR (a new leader epoch, as Kafka's
      controller bumps it with every ISR change it makes).
    - The leader gone: the first live ISR member in preference order leads (clean election);
      with `unclean` and no live ISR member, the first live replica (it may lack acknowledged
      records: Kafka's trade of durability for availability); else nobody (offline), and the
      ISR keeps its last members so that one of them, back, leads again.
    """
    alive_isr = [b for b in state.isr if b in live]
    if state.leader in live and state.leader in replicas:
        if len(alive_isr) == len(state.isr):
            return None
        return PartitionState(state.leader, state.leader_epoch + 1, alive_isr, controller_epoch)
    candidates = [b for b in replicas if b in alive_isr]
    if candidates:
        return PartitionState(candidates[0], state.leader_epoch + 1, alive_isr, controller_epoch)
    live_replicas = [b for b in replicas if b in live]
    if unclean and live_replicas:
        return PartitionState(live_replicas[0], state.leader_epoch + 1, [live_replicas[0]], controller_epoch)
    if state.leader == NO_LEADER:
        return None  # offline already: wait for an ISR member to return
    kept = [b for b in state.isr if b != state.leader] or list(state.isr)
    return PartitionState(NO_LEADER, state.leader_epoch + 1, kept, controller_epoch)

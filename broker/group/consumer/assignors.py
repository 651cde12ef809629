"""The server-side assignors of KIP-848 consumer groups: `uniform` (Kafka's UniformAssignor:
balanced and sticky) and `range` (Kafka's RangeAssignor: contiguous ranges per topic).

Pure functions: the members (their subscribed topic ids, their current target, their rack) and the
topics' partition counts (and the racks of each partition's replicas) in, every member's next target
out. Each partition of a subscribed topic goes to exactly one member subscribed to it.

Rack awareness (Kafka 3.7's server-side assignors, KIP-881's idea; Kafka 3.8+ dropped it from the
built-in ones): when members and partitions carry racks and the racks can make a difference, a
partition goes preferably to a member in one of its replicas' racks, within the same balance as
without racks: rack locality never costs balance, and a member keeps a partition on another rack
rather than moving it to a third one.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from protocol.consumer_group_records import Partitions

TP = tuple[uuid.UUID, int]


@dataclass(frozen=True, slots=True)
class MemberSpec:
    topics: frozenset[uuid.UUID]  # subscribed topics that exist
    current: Partitions = field(default_factory=dict)  # its current target assignment
    instance_id: str | None = None
    rack_id: str | None = None


# The racks of each partition's replicas, by topic id then partition index (absent: no racks).
PartitionRacks = Mapping[uuid.UUID, Sequence[frozenset[str]]]
NO_RACKS: PartitionRacks = {}


class Assignor(Protocol):
    def __call__(
        self,
        members: Mapping[str, MemberSpec],
        topics: Mapping[uuid.UUID, int],
        racks: PartitionRacks = NO_RACKS,
    ) -> dict[str, Partitions]: ...


@dataclass(frozen=True, slots=True)
class _Racks:
    """Who is local to what, when racks make a difference (else `aware` is False and every
    partition counts as local everywhere)."""

    aware: bool
    members: Mapping[str, str | None]
    partitions: PartitionRacks

    def of(self, tp: TP) -> frozenset[str]:
        racks = self.partitions.get(tp[0], ())
        return racks[tp[1]] if tp[1] < len(racks) else frozenset()

    def local(self, member_id: str, tp: TP) -> bool:
        if not self.aware:
            return True
        rack = self.members[member_id]
        return rack is not None and rack in self.of(tp)


def _racks(
    members: Mapping[str, MemberSpec], topics: Mapping[uuid.UUID, int], racks: PartitionRacks
) -> _Racks:
    """Kafka's useRackAwareAssignment: only if some member rack holds replicas, and not every
    partition has replicas in the very same racks (then no choice is better than another)."""
    member_racks = {m.rack_id for m in members.values() if m.rack_id is not None}
    if not member_racks or not racks:
        return _Racks(False, {}, racks)
    subscribed = {t for m in members.values() for t in m.topics if t in topics}
    per_partition = [
        racks[t][p] if t in racks and p < len(racks[t]) else frozenset()
        for t in sorted(subscribed)
        for p in range(topics[t])
    ]
    all_racks = frozenset().union(*per_partition)
    aware = bool(member_racks & all_racks) and any(r != all_racks for r in per_partition)
    return _Racks(aware, {m: spec.rack_id for m, spec in members.items()}, racks)


def _to_partitions(tps: list[TP]) -> Partitions:
    out: dict[uuid.UUID, set[int]] = {}
    for t, p in tps:
        out.setdefault(t, set()).add(p)
    return {t: frozenset(ps) for t, ps in out.items()}


def _kept(members: Mapping[str, MemberSpec], topics: Mapping[uuid.UUID, int]) -> dict[str, list[TP]]:
    """What each member may keep of its current target: still subscribed, still existing, and
    not claimed by another member before it (targets are disjoint; this only guards)."""
    taken: set[TP] = set()
    kept: dict[str, list[TP]] = {}
    for member_id in sorted(members):
        spec = members[member_id]
        mine = []
        for t in sorted(spec.current):
            if t not in spec.topics or t not in topics:
                continue
            for p in sorted(spec.current[t]):
                if p < topics[t] and (t, p) not in taken:
                    taken.add((t, p))
                    mine.append((t, p))
        kept[member_id] = mine
    return kept


def uniform(
    members: Mapping[str, MemberSpec], topics: Mapping[uuid.UUID, int], racks: PartitionRacks = NO_RACKS
) -> dict[str, Partitions]:
    if not members:
        return {}
    rack = _racks(members, topics, racks)
    subscriptions = {frozenset(spec.topics & topics.keys()) for spec in members.values()}
    if len(subscriptions) == 1:
        return _uniform_homogeneous(members, topics, next(iter(subscriptions)), rack)
    return _uniform_heterogeneous(members, topics, rack)


def _uniform_homogeneous(
    members: Mapping[str, MemberSpec],
    topics: Mapping[uuid.UUID, int],
    subscribed: frozenset[uuid.UUID],
    rack: _Racks,
) -> dict[str, Partitions]:
    all_tps = [(t, p) for t in sorted(subscribed) for p in range(topics[t])]
    quota, extra = divmod(len(all_tps), len(members))
    kept = _kept(members, topics)
    # The `extra` members allowed quota + 1 are those keeping the most already: fewest moves.
    order = sorted(members, key=lambda m: (-len(kept[m]), m))
    quotas = {m: quota + (1 if i < extra else 0) for i, m in enumerate(order)}
    assignment: dict[str, list[TP]] = {}
    used: set[TP] = set()
    # 1. Each member keeps what it holds on its rack (everything, without racks), up to its quota.
    for m in sorted(members):
        assignment[m] = [tp for tp in kept[m] if rack.local(m, tp)][: quotas[m]]
        used.update(assignment[m])
    pool = [tp for tp in all_tps if tp not in used]
    if rack.aware:
        # 2. The rest go to a member on one of their racks with room, the least loaded first;
        # 3. then back to their previous owner on another rack, rather than to a third member.
        previous = {tp: m for m in members for tp in kept[m]}
        left = []
        for tp in pool:
            local = [m for m in members if len(assignment[m]) < quotas[m] and rack.local(m, tp)]
            if local:
                to = min(local, key=lambda m: (len(assignment[m]), m))
                assignment[to].append(tp)
            elif (owner := previous.get(tp)) is not None and len(assignment[owner]) < quotas[owner]:
                assignment[owner].append(tp)
            else:
                left.append(tp)
        pool = left
    pool.reverse()  # pop() from the end hands out in (topic, partition) order
    for m in sorted(members):
        while len(assignment[m]) < quotas[m] and pool:
            assignment[m].append(pool.pop())
    return {m: _to_partitions(tps) for m, tps in assignment.items()}


def _uniform_heterogeneous(
    members: Mapping[str, MemberSpec], topics: Mapping[uuid.UUID, int], rack: _Racks
) -> dict[str, Partitions]:
    subscribers: dict[uuid.UUID, list[str]] = {}
    for m in sorted(members):
        for t in members[m].topics:
            if t in topics:
                subscribers.setdefault(t, []).append(m)
    assignment = {m: list(tps) for m, tps in _kept(members, topics).items()}
    used = {tp for tps in assignment.values() for tp in tps}
    # Topics with the fewest subscribers first: they have the fewest choices. A partition goes to
    # the least loaded subscriber, or to one on its rack loaded no more than that.
    for t in sorted(subscribers, key=lambda t: (len(subscribers[t]), t)):
        for p in range(topics[t]):
            if (t, p) not in used:
                least = min(len(assignment[m]) for m in subscribers[t])
                target = min(
                    subscribers[t],
                    key=lambda m: (
                        len(assignment[m]) > least,
                        not rack.local(m, (t, p)),
                        len(assignment[m]),
                        m,
                    ),
                )
                assignment[target].append((t, p))
    # Balance: move a partition from a member to an eligible one holding at least two fewer;
    # with racks, a partition off its rack first, and to a member on its rack if one may take it.
    moved = True
    rounds = 0
    while moved and rounds < 10_000:
        moved = False
        rounds += 1
        for m in sorted(assignment, key=lambda m: (-len(assignment[m]), m)):
            held = list(reversed(assignment[m]))
            if rack.aware:
                held.sort(key=lambda tp: rack.local(m, tp))  # stable: off-rack ones first
            for tp in held:
                candidates = [o for o in subscribers[tp[0]] if len(assignment[o]) + 1 < len(assignment[m])]
                if candidates:
                    to = min(candidates, key=lambda o: (not rack.local(o, tp), len(assignment[o]), o))
                    assignment[m].remove(tp)
                    assignment[to].append(tp)
                    moved = True
                    break
            if moved:
                break
    return {m: _to_partitions(tps) for m, tps in assignment.items()}


def range_(
    members: Mapping[str, MemberSpec], topics: Mapping[uuid.UUID, int], racks: PartitionRacks = NO_RACKS
) -> dict[str, Partitions]:
    """Per topic, its subscribers in member id order take contiguous ranges, the first ones one more.
    With racks (the client-side RangeAssignor's KIP-881 way): each takes, in that order and up to
    the same count, the partitions on its rack first; what is left goes in order to who has room."""
    rack = _racks(members, topics, racks)
    assignment: dict[str, list[TP]] = {m: [] for m in members}
    for t in sorted(topics):
        subs = sorted(m for m, spec in members.items() if t in spec.topics)
        if not subs:
            continue
        quota, extra = divmod(topics[t], len(subs))
        quotas = {m: quota + (1 if i < extra else 0) for i, m in enumerate(subs)}
        pool = list(range(topics[t]))
        if rack.aware:
            for m in subs:
                mine = [p for p in pool if rack.local(m, (t, p))][: quotas[m]]
                assignment[m].extend((t, p) for p in mine)
                taken = set(mine)
                pool = [p for p in pool if p not in taken]
        pool.reverse()
        for m in subs:
            have = sum(1 for tp in assignment[m] if tp[0] == t)
            while have < quotas[m] and pool:
                assignment[m].append((t, pool.pop()))
                have += 1
    return {m: _to_partitions(tps) for m, tps in assignment.items()}


ASSIGNORS: dict[str, Assignor] = {"uniform": uniform, "range": range_}
# Kafka's class names for them (group.consumer.assignors accepts either)
CLASS_NAMES = {
    "org.apache.kafka.coordinator.group.assignor.UniformAssignor": "uniform",
    "org.apache.kafka.coordinator.group.assignor.RangeAssignor": "range",
}

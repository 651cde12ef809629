"""The server-side assignors of KIP-848 consumer groups: `uniform` (Kafka's UniformAssignor:
balanced and sticky) and `range` (Kafka's RangeAssignor: contiguous ranges per topic).

Pure functions: the members (their subscribed topic ids and their current target) and the topics'
partition counts in, every member's next target out. Each partition of a subscribed topic goes to
exactly one member subscribed to it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from protocol.consumer_group_records import Partitions

TP = tuple[uuid.UUID, int]


@dataclass(frozen=True, slots=True)
class MemberSpec:
    topics: frozenset[uuid.UUID]  # subscribed topics that exist
    current: Partitions = field(default_factory=dict)  # its current target assignment
    instance_id: str | None = None
    rack_id: str | None = None


Assignor = Callable[[Mapping[str, MemberSpec], Mapping[uuid.UUID, int]], dict[str, Partitions]]


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


def uniform(members: Mapping[str, MemberSpec], topics: Mapping[uuid.UUID, int]) -> dict[str, Partitions]:
    if not members:
        return {}
    subscriptions = {frozenset(spec.topics & topics.keys()) for spec in members.values()}
    if len(subscriptions) == 1:
        return _uniform_homogeneous(members, topics, next(iter(subscriptions)))
    return _uniform_heterogeneous(members, topics)


def _uniform_homogeneous(
    members: Mapping[str, MemberSpec], topics: Mapping[uuid.UUID, int], subscribed: frozenset[uuid.UUID]
) -> dict[str, Partitions]:
    all_tps = [(t, p) for t in sorted(subscribed) for p in range(topics[t])]
    quota, extra = divmod(len(all_tps), len(members))
    kept = _kept(members, topics)
    # The `extra` members allowed quota + 1 are those keeping the most already: fewest moves.
    order = sorted(members, key=lambda m: (-len(kept[m]), m))
    quotas = {m: quota + (1 if i < extra else 0) for i, m in enumerate(order)}
    assignment: dict[str, list[TP]] = {}
    used: set[TP] = set()
    for m in sorted(members):
        assignment[m] = kept[m][: quotas[m]]
        used.update(assignment[m])
    pool = [tp for tp in all_tps if tp not in used]
    pool.reverse()  # pop() from the end hands out in (topic, partition) order
    for m in sorted(members):
        while len(assignment[m]) < quotas[m] and pool:
            assignment[m].append(pool.pop())
    return {m: _to_partitions(tps) for m, tps in assignment.items()}


def _uniform_heterogeneous(
    members: Mapping[str, MemberSpec], topics: Mapping[uuid.UUID, int]
) -> dict[str, Partitions]:
    subscribers: dict[uuid.UUID, list[str]] = {}
    for m in sorted(members):
        for t in members[m].topics:
            if t in topics:
                subscribers.setdefault(t, []).append(m)
    assignment = {m: list(tps) for m, tps in _kept(members, topics).items()}
    used = {tp for tps in assignment.values() for tp in tps}
    # Topics with the fewest subscribers first: they have the fewest choices.
    for t in sorted(subscribers, key=lambda t: (len(subscribers[t]), t)):
        for p in range(topics[t]):
            if (t, p) not in used:
                target = min(subscribers[t], key=lambda m: (len(assignment[m]), m))
                assignment[target].append((t, p))
    # Balance: move a partition from a member to an eligible one holding at least two fewer.
    moved = True
    rounds = 0
    while moved and rounds < 10_000:
        moved = False
        rounds += 1
        for m in sorted(assignment, key=lambda m: (-len(assignment[m]), m)):
            for tp in list(reversed(assignment[m])):
                candidates = [o for o in subscribers[tp[0]] if len(assignment[o]) + 1 < len(assignment[m])]
                if candidates:
                    to = min(candidates, key=lambda o: (len(assignment[o]), o))
                    assignment[m].remove(tp)
                    assignment[to].append(tp)
                    moved = True
                    break
            if moved:
                break
    return {m: _to_partitions(tps) for m, tps in assignment.items()}


def range_(members: Mapping[str, MemberSpec], topics: Mapping[uuid.UUID, int]) -> dict[str, Partitions]:
    """Per topic, its subscribers in member id order take contiguous ranges, the first ones one more."""
    assignment: dict[str, list[TP]] = {m: [] for m in members}
    for t in sorted(topics):
        subs = sorted(m for m, spec in members.items() if t in spec.topics)
        if not subs:
            continue
        quota, extra = divmod(topics[t], len(subs))
        start = 0
        for i, m in enumerate(subs):
            n = quota + (1 if i < extra else 0)
            assignment[m].extend((t, p) for p in range(start, start + n))
            start += n
    return {m: _to_partitions(tps) for m, tps in assignment.items()}


ASSIGNORS: dict[str, Assignor] = {"uniform": uniform, "range": range_}
# Kafka's class names for them (group.consumer.assignors accepts either)
CLASS_NAMES = {
    "org.apache.kafka.coordinator.group.assignor.UniformAssignor": "uniform",
    "org.apache.kafka.coordinator.group.assignor.RangeAssignor": "range",
}

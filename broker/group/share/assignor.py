"""Kafka's `simple` share group assignor, as a pure function.

Share groups consume a partition from several members at once, so nothing is revoked and any
member may be given any partition of its subscription. As Kafka's SimpleAssignor:

- every member subscribes to the same topics (homogeneous): the partitions of all of them form
  one pool. No more members than partitions: they are dealt, each member getting floor(P/M) or
  ceil(P/M) of them; more members than partitions: each member gets one, and each partition
  goes to floor(M/P) or ceil(M/P) members.
- subscriptions differ (heterogeneous): the same, per topic, among the members subscribed to it;
  members are taken least loaded first (across the topics dealt so far), so the totals stay
  balanced.

Deterministic (members by id, partitions by topic id and number). Unlike Kafka's, it does not
try to keep a member's previous partitions (stickiness): a share group loses little when a
partition moves, since the share-partition's state is kept by the broker, not the member.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection, Mapping

Assignment = dict[str, dict[uuid.UUID, frozenset[int]]]


def simple_assign(
    subscriptions: Mapping[str, frozenset[uuid.UUID]], topics: Mapping[uuid.UUID, int | Collection[int]]
) -> Assignment:
    """`subscriptions`: member id -> the topic ids it subscribes to (those not in `topics` are
    ignored); `topics`: topic id -> its partition count, or the partitions that may be assigned
    (those whose share-partition state is initialized). Every member is in the answer."""
    numbers = {t: range(v) if isinstance(v, int) else sorted(v) for t, v in topics.items()}
    subscribed = {m: frozenset(t for t in s if numbers.get(t)) for m, s in subscriptions.items()}
    out: dict[str, dict[uuid.UUID, set[int]]] = {m: {} for m in subscribed}
    if len(set(subscribed.values())) == 1:  # homogeneous: one pool
        pool = [(t, p) for t in sorted(next(iter(subscribed.values()))) for p in numbers[t]]
        _deal(sorted(subscribed), pool, out)
        return _frozen(out)
    load = dict.fromkeys(subscribed, 0)
    for topic_id in sorted(numbers):
        members = sorted((m for m, s in subscribed.items() if topic_id in s), key=lambda m: (load[m], m))
        for member, partitions in _deal(members, [(topic_id, p) for p in numbers[topic_id]], out).items():
            load[member] += partitions
    return _frozen(out)


def _deal(
    members: list[str], partitions: list[tuple[uuid.UUID, int]], out: dict[str, dict[uuid.UUID, set[int]]]
) -> dict[str, int]:
    """One slot per partition or per member, whichever is more: slot i goes to member i mod M and
    is partition i mod P. Returns how many partitions each member got."""
    given: dict[str, int] = {}
    if not members or not partitions:
        return given
    for slot in range(max(len(members), len(partitions))):
        member = members[slot % len(members)]
        topic_id, partition = partitions[slot % len(partitions)]
        out[member].setdefault(topic_id, set()).add(partition)
        given[member] = given.get(member, 0) + 1
    return given


def _frozen(out: dict[str, dict[uuid.UUID, set[int]]]) -> Assignment:
    return {m: {t: frozenset(ps) for t, ps in tps.items()} for m, tps in out.items()}

"""Kafka's `simple` share group assignor, as a pure function.

Share groups consume a partition from several members at once, so nothing is revoked and any
member may be given any partition of its subscription. Per topic, among the members subscribed
to it:
- no more members than partitions: the partitions are dealt to the members, each getting
  floor(n/m) or ceil(n/m) of them;
- more members than partitions: every member gets one partition, and each partition goes to
  floor(m/n) or ceil(m/n) members.
Members are taken least loaded first (across the topics dealt so far), then by member id, so the
totals stay balanced when subscriptions differ. Deterministic: the same members and topics give
the same assignment.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping

Assignment = dict[str, dict[uuid.UUID, frozenset[int]]]


def simple_assign(
    subscriptions: Mapping[str, frozenset[uuid.UUID]], topics: Mapping[uuid.UUID, int]
) -> Assignment:
    """`subscriptions`: member id -> the topic ids it subscribes to (those not in `topics` are
    ignored); `topics`: topic id -> its partition count. Every member is in the answer."""
    out: dict[str, dict[uuid.UUID, set[int]]] = {m: {} for m in subscriptions}
    load = dict.fromkeys(subscriptions, 0)
    for topic_id in sorted(topics):
        n = topics[topic_id]
        members = [m for m, subscribed in subscriptions.items() if topic_id in subscribed]
        if n <= 0 or not members:
            continue
        members.sort(key=lambda m: (load[m], m))
        count = max(n, len(members))  # one slot per partition or per member, whichever is more
        for slot in range(count):
            member, partition = members[slot % len(members)], slot % n
            out[member].setdefault(topic_id, set()).add(partition)
            load[member] += 1
    return {m: {t: frozenset(ps) for t, ps in tps.items()} for m, tps in out.items()}

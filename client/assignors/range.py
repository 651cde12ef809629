"""Kafka's RangeAssignor ("range"), the default of the Java consumer.

Per topic, the members subscribed to it are put in Kafka's member order (static members by
group.instance.id, then member id) and the partitions are cut into contiguous ranges: with n
partitions and c members, the first n % c members get n // c + 1 partitions, the rest n // c.
Topics are independent, so members early in the order collect the extra partition of every
topic: range is balanced per topic, not overall. It is what Java's RangeAssignor computes without
rack information (our metadata carries no replica racks), so kbroker, Java and librdkafka
members of one group agree on the result.
"""

from __future__ import annotations

from collections.abc import Mapping

from client.assignors.base import (
    Assignor,
    make_assignment,
    member_order,
    subscribed_partition_counts,
)
from protocol.consumer_protocol import Assignment, Subscription


def range_assign(
    cluster_partitions: Mapping[str, int],
    subscriptions: Mapping[str, Subscription],
    group_instance_ids: Mapping[str, str] | None = None,
) -> dict[str, Assignment]:
    """The range assignment of `cluster_partitions` (topic -> count) over `subscriptions`."""
    counts = subscribed_partition_counts(cluster_partitions, subscriptions)
    subscribers: dict[str, list[str]] = {t: [] for t in counts}
    for member_id, sub in subscriptions.items():
        for topic in set(sub.topics):
            if topic in subscribers:
                subscribers[topic].append(member_id)

    by_member: dict[str, dict[str, list[int]]] = {m: {} for m in subscriptions}
    for topic, members in subscribers.items():
        per_member, extra = divmod(counts[topic], len(members))
        start = 0
        for i, member_id in enumerate(member_order(members, group_instance_ids)):
            size = per_member + (1 if i < extra else 0)
            if size == 0:
                break
            by_member[member_id][topic] = list(range(start, start + size))
            start += size
    return {m: make_assignment(topics) for m, topics in by_member.items()}


class RangeAssignor(Assignor):
    name = "range"

    def assign(
        self,
        cluster_partitions: Mapping[str, int],
        subscriptions: Mapping[str, Subscription],
        *,
        group_instance_ids: Mapping[str, str] | None = None,
    ) -> dict[str, Assignment]:
        return range_assign(cluster_partitions, subscriptions, group_instance_ids)

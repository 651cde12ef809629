"""Kafka's RoundRobinAssignor ("roundrobin").

All partitions of all subscribed topics, topics by name and partitions ascending, are dealt one
by one to the members in Kafka's member order (static members by group.instance.id, then member
id), cycling; a member not subscribed to a partition's topic is skipped for that partition (the
cycle moves past it). With equal subscriptions the counts differ by at most one; with unequal
ones they may not (see the sticky assignor). The result equals Java's RoundRobinAssignor.
"""

from __future__ import annotations

from collections.abc import Mapping

from client.assignors.base import (
    Assignor,
    java_order,
    make_assignment,
    member_order,
    subscribed_partition_counts,
)
from protocol.consumer_protocol import Assignment, Subscription


def round_robin_assign(
    cluster_partitions: Mapping[str, int],
    subscriptions: Mapping[str, Subscription],
    group_instance_ids: Mapping[str, str] | None = None,
) -> dict[str, Assignment]:
    """The round-robin assignment of `cluster_partitions` (topic -> count) over `subscriptions`."""
    counts = subscribed_partition_counts(cluster_partitions, subscriptions)
    members = member_order(subscriptions, group_instance_ids)
    topics_of = [frozenset(subscriptions[m].topics) for m in members]
    by_member: list[dict[str, list[int]]] = [{} for _ in members]
    n_members = len(members)
    cursor = 0
    for topic in sorted(counts, key=java_order):
        # The members this topic's partitions go to, in dealing order from the cursor on: the
        # cycle only ever stops at subscribers, so dealing a topic is a walk over them alone.
        subscribers = [i for i in range(n_members) if topic in topics_of[i]]
        lists = [by_member[i].setdefault(topic, []) for i in subscribers]
        # first subscriber at or after the cursor
        first = next((k for k, i in enumerate(subscribers) if i >= cursor), 0)
        n_sub = len(subscribers)
        for p in range(counts[topic]):
            lists[(first + p) % n_sub].append(p)
        last = subscribers[(first + counts[topic] - 1) % n_sub]
        cursor = (last + 1) % n_members
    return {m: make_assignment(by_member[i]) for i, m in enumerate(members)}


class RoundRobinAssignor(Assignor):
    name = "roundrobin"

    def assign(
        self,
        cluster_partitions: Mapping[str, int],
        subscriptions: Mapping[str, Subscription],
        *,
        group_instance_ids: Mapping[str, str] | None = None,
    ) -> dict[str, Assignment]:
        return round_robin_assign(cluster_partitions, subscriptions, group_instance_ids)

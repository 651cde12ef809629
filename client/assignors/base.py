"""What every partition assignor is: Kafka's `ConsumerPartitionAssignor`, the Python way.

The group leader runs one assignor over every member's Subscription (decoded from JoinGroup
metadata) and sends each member its Assignment in SyncGroup. `assign` is a pure function of its
arguments; the only state an assignor instance keeps is the local member's own view (what it was
assigned, in which generation), which it reports back through `subscription_user_data` in the
next JoinGroup, exactly as Kafka's assignors do.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Set
from typing import ClassVar

from protocol.consumer_protocol import Assignment, Subscription, TopicPartitions

DEFAULT_GENERATION = -1  # Kafka's AbstractStickyAssignor.DEFAULT_GENERATION: "no generation"


class RebalanceProtocol(enum.IntEnum):
    """Kafka's `ConsumerPartitionAssignor.RebalanceProtocol` (ids as Kafka numbers them).

    EAGER: every member revokes all its partitions before it rejoins. COOPERATIVE (KIP-429):
    members keep their partitions while rebalancing, so an assignor must never hand a partition to
    a new owner in the generation its old owner still holds it.
    """

    EAGER = 0
    COOPERATIVE = 1


class Assignor(ABC):
    """A partition assignment strategy. Subclass it and `client.assignors.register` the class.

    Class attributes:
      name                 the protocol name sent in JoinGroup (Kafka's built-ins: "range",
                           "roundrobin", "sticky", "cooperative-sticky"); unique in the registry.
      supported_protocols  the rebalance protocols this assignor honours, preferred first.
      version              Kafka's `ConsumerPartitionAssignor.version()`.

    One instance serves one consumer: the consumer creates it, calls `subscription_user_data`
    before each JoinGroup and `on_assignment` after each SyncGroup; if elected leader it calls
    `assign`, which must not depend on instance state.
    """

    name: ClassVar[str]
    supported_protocols: ClassVar[tuple[RebalanceProtocol, ...]] = (RebalanceProtocol.EAGER,)
    version: ClassVar[int] = 0

    def subscription_user_data(self, topics: Set[str]) -> bytes | None:
        """The `user_data` of this member's Subscription (None: no user data)."""
        return None

    @abstractmethod
    def assign(
        self,
        cluster_partitions: Mapping[str, int],
        subscriptions: Mapping[str, Subscription],
        *,
        group_instance_ids: Mapping[str, str] | None = None,
    ) -> dict[str, Assignment]:
        """One Assignment per member of `subscriptions`.

        cluster_partitions: topic -> partition count, as the leader's metadata knows it (topics
            nobody subscribes to are ignored; a subscribed topic missing here is not assigned).
        subscriptions: member id -> that member's decoded Subscription.
        group_instance_ids: member id -> group.instance.id for static members (from the JoinGroup
            response); Kafka orders members by it where it orders them at all.
        """

    def on_assignment(self, assignment: Assignment, generation_id: int) -> None:
        """The local member received `assignment` in generation `generation_id`."""
        return None


def common_rebalance_protocol(assignors: Iterable[Assignor]) -> RebalanceProtocol:
    """The protocol a consumer uses: the highest one every configured assignor supports.

    As Kafka's ConsumerCoordinator decides it; raises ValueError when there is none.
    """
    common: set[RebalanceProtocol] | None = None
    for assignor in assignors:
        supported = set(assignor.supported_protocols)
        common = supported if common is None else common & supported
    if not common:
        raise ValueError("the configured assignors support no common rebalance protocol")
    return max(common)


# --- helpers shared by the built-in assignors -------------------------------------------------


def java_order(text: str) -> bytes:
    """A sort key ordering strings as Java's `String.compareTo` does (by UTF-16 code unit).

    Python compares code points; the two differ only for characters beyond the BMP. Member ids
    embed client ids, which may be anything, and our order must match Java members' order.
    """
    return text.encode("utf-16-be", "surrogatepass")


def member_order(member_ids: Iterable[str], group_instance_ids: Mapping[str, str] | None = None) -> list[str]:
    """Members in Kafka's `MemberInfo` order: static members first by group.instance.id, then the
    others by member id."""
    gids = group_instance_ids or {}

    def key(member_id: str) -> tuple[int, bytes, bytes]:
        gid = gids.get(member_id)
        if gid is not None:
            return (0, java_order(gid), java_order(member_id))
        return (1, java_order(member_id), b"")

    return sorted(member_ids, key=key)


def subscribed_partition_counts(
    cluster_partitions: Mapping[str, int], subscriptions: Mapping[str, Subscription]
) -> dict[str, int]:
    """topic -> partition count for the topics some member subscribes to and the metadata knows
    (with at least one partition): Kafka's `partitionsPerTopic`."""
    topics: set[str] = set()
    for sub in subscriptions.values():
        topics.update(sub.topics)
    return {t: n for t in topics if (n := cluster_partitions.get(t, 0)) > 0}


def make_assignment(by_topic: Mapping[str, list[int]], user_data: bytes | None = None) -> Assignment:
    """An Assignment listing topics by name, partitions ascending (empty topics dropped)."""
    return Assignment(
        [TopicPartitions(t, sorted(ps)) for t in sorted(by_topic, key=java_order) if (ps := by_topic[t])],
        user_data,
    )

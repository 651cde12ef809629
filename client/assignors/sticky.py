"""Kafka's StickyAssignor ("sticky", eager) and CooperativeStickyAssignor ("cooperative-sticky").

Both run the sticky assignment of `abstract_sticky`; they differ in where a member's previous
ownership comes from and in the rebalance protocol:

* "sticky" is eager: a member revokes everything before it rejoins, so it reports what it owned
  in its subscription user data, encoded as Kafka's StickyAssignor does (below). We also accept a
  member whose user data is empty but whose subscription (v1+) lists owned partitions.
* "cooperative-sticky" (KIP-429) reads the subscription's owned partitions and generation (v2+);
  older subscriptions carry the generation in user data (one int32). A partition that must move
  is revoked first: it is left out of this generation's assignment and handed over in the next.

Kafka's user data layouts (Struct schemas in StickyAssignor / CooperativeStickyAssignor), big
endian, strings int16-length UTF-8, arrays int32-count:
  StickyAssignorUserData v0: [previous_assignment: [topic: string, partitions: [int32]]]
  StickyAssignorUserData v1: v0 followed by generation: int32
  CooperativeStickyAssignorUserData v0: generation: int32
A reader tries v1, then v0; data neither parses as is ignored (no ownership).
"""

from __future__ import annotations

import struct
from collections.abc import Mapping, Set

from client.assignors.abstract_sticky import MemberData, sticky_assign
from client.assignors.base import DEFAULT_GENERATION, Assignor, RebalanceProtocol
from protocol.consumer_protocol import Assignment, Subscription, TopicPartitions

_I16 = struct.Struct(">h")
_I32 = struct.Struct(">i")


class UserDataError(ValueError):
    """Sticky user data that does not parse."""


def encode_sticky_user_data(partitions: list[TopicPartitions], generation: int | None) -> bytes:
    """StickyAssignorUserData: v1 with a generation (what Kafka writes), v0 without."""
    out = [_I32.pack(len(partitions))]
    for topic, numbers in partitions:
        name = topic.encode()
        out += [_I16.pack(len(name)), name, _I32.pack(len(numbers))]
        out.append(struct.pack(f">{len(numbers)}i", *numbers))
    if generation is not None:
        out.append(_I32.pack(generation))
    return b"".join(out)


def _read(fmt: struct.Struct, data: bytes, offset: int) -> tuple[int, int]:
    if offset + fmt.size > len(data):
        raise UserDataError("sticky user data ends early")
    return fmt.unpack_from(data, offset)[0], offset + fmt.size


def _decode_previous_assignment(data: bytes) -> tuple[list[TopicPartitions], int]:
    n_topics, offset = _read(_I32, data, 0)
    if n_topics < 0:
        raise UserDataError("negative topic count")
    partitions = []
    for _ in range(n_topics):
        length, offset = _read(_I16, data, offset)
        if length < 0 or offset + length > len(data):
            raise UserDataError("bad topic name")
        topic = data[offset : offset + length].decode(errors="replace")  # as Java's new String(..)
        offset += length
        count, offset = _read(_I32, data, offset)
        if count < 0 or offset + 4 * count > len(data):
            raise UserDataError("bad partition count")
        partitions.append(TopicPartitions(topic, list(struct.unpack_from(f">{count}i", data, offset))))
        offset += 4 * count
    return partitions, offset


def decode_sticky_user_data(data: bytes) -> MemberData:
    """A member's previous assignment and generation from its "sticky" user data.

    As Kafka: v1 first, else v0 (generation unknown); unparseable data owns nothing, generation -1.
    """
    try:
        partitions, offset = _decode_previous_assignment(data)
    except UserDataError:
        return MemberData([], DEFAULT_GENERATION)
    if offset + 4 <= len(data):
        return MemberData(partitions, _I32.unpack_from(data, offset)[0])
    return MemberData(partitions, None)


def encode_cooperative_user_data(generation: int) -> bytes:
    return _I32.pack(generation)


def decode_cooperative_user_data(data: bytes | None) -> int | None:
    """The generation in "cooperative-sticky" user data; None if absent, -1 if unparseable."""
    if data is None:
        return None
    return _I32.unpack_from(data)[0] if len(data) >= 4 else DEFAULT_GENERATION


def sticky_member_data(sub: Subscription) -> MemberData:
    """Ownership as "sticky" reads it: the user data; failing that, the subscription's fields."""
    if sub.user_data:
        return decode_sticky_user_data(sub.user_data)
    generation = sub.generation_id if sub.generation_id >= 0 else None
    return MemberData(list(sub.owned_partitions), generation)


def cooperative_member_data(sub: Subscription) -> MemberData:
    """Ownership as "cooperative-sticky" reads it: owned partitions; generation from the field
    (v2+), else from user data."""
    if sub.generation_id >= 0:
        return MemberData(list(sub.owned_partitions), sub.generation_id)
    return MemberData(list(sub.owned_partitions), decode_cooperative_user_data(sub.user_data))


class StickyAssignor(Assignor):
    """The "sticky" assignor: balanced, moves as few partitions as possible; eager rebalances."""

    name = "sticky"

    def __init__(self) -> None:
        self._assigned: list[TopicPartitions] | None = None
        self._generation = DEFAULT_GENERATION

    def subscription_user_data(self, topics: Set[str]) -> bytes | None:
        if self._assigned is None:
            return None
        return encode_sticky_user_data(self._assigned, self._generation)

    def on_assignment(self, assignment: Assignment, generation_id: int) -> None:
        self._assigned = list(assignment.assigned_partitions)
        self._generation = generation_id

    def assign(
        self,
        cluster_partitions: Mapping[str, int],
        subscriptions: Mapping[str, Subscription],
        *,
        group_instance_ids: Mapping[str, str] | None = None,
    ) -> dict[str, Assignment]:
        data = {m: sticky_member_data(s) for m, s in subscriptions.items()}
        return sticky_assign(cluster_partitions, subscriptions, data)


class CooperativeStickyAssignor(Assignor):
    """The "cooperative-sticky" assignor: the sticky assignment under KIP-429's incremental protocol."""

    name = "cooperative-sticky"
    supported_protocols = (RebalanceProtocol.COOPERATIVE, RebalanceProtocol.EAGER)

    def __init__(self) -> None:
        self._generation = DEFAULT_GENERATION

    def subscription_user_data(self, topics: Set[str]) -> bytes | None:
        return encode_cooperative_user_data(self._generation)

    def on_assignment(self, assignment: Assignment, generation_id: int) -> None:
        self._generation = generation_id

    def assign(
        self,
        cluster_partitions: Mapping[str, int],
        subscriptions: Mapping[str, Subscription],
        *,
        group_instance_ids: Mapping[str, str] | None = None,
    ) -> dict[str, Assignment]:
        data = {m: cooperative_member_data(s) for m, s in subscriptions.items()}
        return sticky_assign(cluster_partitions, subscriptions, data, cooperative=True)

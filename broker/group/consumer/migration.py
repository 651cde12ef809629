"""KIP-848's online migration between classic and consumer groups, as Kafka 4 does it
(GroupMetadataManager's validateOnlineUpgrade/Downgrade, ConsumerGroup.fromClassicGroup,
ClassicGroup.fromConsumerGroup), under `group.consumer.migration.policy` (disabled, upgrade,
downgrade, bidirectional; Kafka 4's default is bidirectional).

- Upgrade: the first ConsumerGroupHeartbeat member joining a non-empty classic group that uses
  the consumer embedded protocol turns it into a consumer group. The classic group's metadata is
  tombstoned and the consumer group is written in its place: group epoch and target assignment
  epoch = the classic generation, every classic member a member at that epoch (Stable), its
  target and current assignment what the classic group last gave it. The joining member's own
  records follow in the same append; its arrival bumps the epoch, and the classic members learn
  of it through REBALANCE_IN_PROGRESS on their next Heartbeat (classic_members.py).
- Downgrade: when the last consumer-protocol member leaves (or is fenced) and classic members
  remain, the consumer group is tombstoned and a classic group written in its place, at the
  group epoch, each member with its target assignment; a rebalance follows at once. When a
  static classic member replaces that last member instead (same group.instance.id), the
  classic group includes it with its predecessor's assignment and no rebalance follows.

Both are pure functions from a group to the records that convert it: nothing changes until they
are written and replayed (shard.py), so a conversion is replayed from the log after a restart as
it was when serving.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterable, Mapping

from broker.group.classic.group import ClassicGroup, GroupState
from broker.group.config import ConsumerGroupConfig
from broker.group.consumer.events import TopicInfo
from broker.group.consumer.group import (
    ConsumerGroup,
    ConsumerGroupMember,
    MemberState,
    current_assignment_record,
    epoch_record,
    key,
    member_subscription_record,
    target_epoch_record,
    target_member_record,
)
from broker.group.records import GroupMetadataValue, GroupRecord, MemberMetadata, Record
from protocol import consumer_protocol as cp
from protocol.consumer_group_records import (
    ClassicMemberMetadata,
    ConsumerGroupRecord,
    Partitions,
    RecordType,
)
from protocol.errors import ProtocolDecodeError

__all__ = [
    "MigrationError",
    "upgrade_refusal",
    "upgrade",
    "downgrade_refusal",
    "downgrade_records",
    "classic_protocol_of",
    "subscription_of",
    "owned_partitions",
    "encode_classic_assignment",
    "supports_classic_protocols",
    "is_upgradable_state",
]


class MigrationError(Exception):
    """The group's embedded consumer protocol cannot be read: it is not converted."""


# == Upgrade: classic -> consumer ===============================================================


def upgrade_refusal(group: ClassicGroup, config: ConsumerGroupConfig) -> str | None:
    """Why a non-empty classic group may not become a consumer group now (None: it may)."""
    if not config.upgrade_enabled:
        return "the online upgrade is disabled"
    if not group.uses_consumer_protocol():
        return "the group does not use the consumer embedded protocol"
    if len(group.members) > config.max_size:
        return "the group size exceeds the consumer group maximum size"
    return None


def upgrade(
    group: ClassicGroup, topics: Mapping[str, TopicInfo], now_ms: int
) -> tuple[ConsumerGroup, list[Record]]:
    """The consumer group a classic group becomes, and the records that make it so: the classic
    group's tombstone, then (Kafka's createConsumerGroupRecords) every member's subscription, the
    group epoch, every member's target, the target epoch and every member's current assignment.
    The group returned is those records replayed onto an empty group."""
    group_id, epoch = group.group_id, group.generation_id
    members: list[ConsumerGroupMember] = []
    for m in group.members.values():
        metadata = m.metadata(group.protocol_name) if group.protocol_name else m.protocols[0][1]
        try:
            subscription = cp.decode_subscription(metadata)
            assigned = _partitions_by_id(cp.decode_assignment(m.assignment), topics) if m.assignment else {}
        except ProtocolDecodeError as e:
            raise MigrationError(
                f"the embedded consumer protocol of member {m.member_id} is malformed: {e}"
            ) from e
        members.append(
            ConsumerGroupMember(
                m.member_id,
                instance_id=m.group_instance_id,
                rack_id=subscription.rack_id,
                client_id=m.client_id,
                client_host=m.client_host,
                subscribed_topic_names=tuple(sorted(set(subscription.topics))),
                rebalance_timeout_ms=m.rebalance_timeout_ms,
                member_epoch=epoch,
                previous_member_epoch=epoch,
                state=MemberState.STABLE,
                assigned=assigned,
                classic=ClassicMemberMetadata(m.session_timeout_ms, tuple(m.protocols)),
            )
        )
    records: list[Record] = [GroupRecord(group_id, None)]
    consumer_records: list[ConsumerGroupRecord] = [member_subscription_record(group_id, m) for m in members]
    consumer_records.append(epoch_record(group_id, epoch, now_ms))
    consumer_records += [target_member_record(group_id, m.member_id, m.assigned) for m in members]
    consumer_records.append(target_epoch_record(group_id, epoch))
    consumer_records += [current_assignment_record(group_id, m) for m in members]
    converted = ConsumerGroup(group_id)
    for record in consumer_records:
        converted.replay(record)
    return converted, records + consumer_records


def _partitions_by_id(assignment: cp.Assignment, topics: Mapping[str, TopicInfo]) -> Partitions:
    out: dict[uuid.UUID, frozenset[int]] = {}
    for topic, partitions in assignment.assigned_partitions:
        info = topics.get(topic)
        if info is not None:  # a deleted topic's partitions are nobody's
            out[info.topic_id] = out.get(info.topic_id, frozenset()) | frozenset(partitions)
    return out


# == Downgrade: consumer -> classic =============================================================


def downgrade_refusal(
    group: ConsumerGroup,
    leaving_member_id: str,
    config: ConsumerGroupConfig,
    classic_max_size: int,
    replaced: bool = False,
) -> str | None:
    """Why the group stays a consumer group when `leaving_member_id` goes (None: it becomes a
    classic group). Kafka's validateOnlineDowngradeWithFencedMember; with `replaced`, its
    validateOnlineDowngradeWithReplacedMemberId: a static classic member takes the place of the
    leaving one, which must then be the group's last consumer protocol member (the group may
    have no other member: the classic newcomer alone makes the classic group)."""
    rest = [m for mid, m in group.members.items() if mid != leaving_member_id]
    if replaced:
        leaving = group.members.get(leaving_member_id)
        if leaving is None or leaving.uses_classic_protocol:
            return "the replaced member uses the classic protocol"
        if not all(m.uses_classic_protocol for m in rest):
            return "consumer protocol members remain"
        size = len(rest) + 1
    else:
        if not rest or not all(m.uses_classic_protocol for m in rest):
            return "consumer protocol members remain" if rest else "the group is left empty"
        size = len(rest)
    if not config.downgrade_enabled:
        return "the online downgrade is disabled"
    if size > classic_max_size:
        return "the group size exceeds the classic group maximum size"
    return None


def downgrade_records(
    group: ConsumerGroup,
    leaving_member_id: str,
    topic_names: Mapping[uuid.UUID, str],
    now_ms: int,
    joining: ConsumerGroupMember | None = None,
) -> list[Record]:
    """The consumer group's tombstones (Kafka's createGroupTombstoneRecords order) then the
    classic group that replaces it: generation = the group epoch, the protocol all members
    support, each member's target assignment in its protocol's version.

    `joining`: the static classic member that replaces `leaving_member_id` in the same append
    (Kafka's createGroupTombstoneRecordsWithReplacedMember and fromConsumerGroup's joining
    member): the replacement's records precede these, so the tombstones name the newcomer's id,
    not the replaced one's (already tombstoned), and the newcomer takes the replaced member's
    target assignment."""
    gid = group.group_id
    swap = {leaving_member_id: joining.member_id} if joining is not None else {}
    ids = [swap.get(mid, mid) for mid in group.members]
    tombstones: list[ConsumerGroupRecord] = []
    for record_types in (
        (RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT,),
        (RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER,),
    ):
        tombstones += [ConsumerGroupRecord(key(t, gid, mid), None) for t in record_types for mid in ids]
    tombstones.append(
        ConsumerGroupRecord(key(RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_METADATA, gid), None)
    )
    tombstones += [
        ConsumerGroupRecord(key(RecordType.CONSUMER_GROUP_MEMBER_METADATA, gid, mid), None) for mid in ids
    ]
    tombstones.append(ConsumerGroupRecord(key(RecordType.CONSUMER_GROUP_PARTITION_METADATA, gid), None))
    tombstones.append(ConsumerGroupRecord(key(RecordType.CONSUMER_GROUP_METADATA, gid), None))

    staying = [
        (m, group.target_of(m.member_id))
        for mid, m in group.members.items()
        if mid != leaving_member_id and m.classic is not None
    ]
    if joining is not None:
        staying.append((joining, group.target_of(leaving_member_id)))
    protocol = _select_protocol(m.classic.supported_protocols for m, _ in staying if m.classic is not None)
    members = []
    for m, target in staying:
        assert m.classic is not None
        metadata = dict(m.classic.supported_protocols)[protocol]
        members.append(
            MemberMetadata(
                m.member_id,
                m.instance_id,
                m.client_id,
                m.client_host,
                m.rebalance_timeout_ms,
                m.classic.session_timeout_ms,
                metadata,
                _encode_assignment(target, topic_names, metadata),
            )
        )
    value = GroupMetadataValue(
        cp.PROTOCOL_TYPE,
        group.group_epoch,
        protocol,
        members[0].member_id if members else None,
        now_ms,
        members,
    )
    return [*tombstones, GroupRecord(gid, value)]


def classic_protocol_of(records: Iterable[Record]) -> str | None:
    """The protocol of the classic group a downgrade's records write (None: they write none)."""
    for record in records:
        if isinstance(record, GroupRecord) and record.value is not None:
            return record.value.protocol
    return None


def _select_protocol(member_protocols: Iterable[tuple[tuple[str, bytes], ...]]) -> str:
    """The classic group's protocol choice: among the protocols every member supports, the one
    most members prefer (each votes for its first supported one)."""
    lists = [[name for name, _ in ps] for ps in member_protocols]
    common = set(lists[0]).intersection(*lists[1:]) if lists else set()
    if not common:
        raise MigrationError("the classic members support no common protocol")
    votes = Counter(next(n for n in names if n in common) for names in lists)
    return max(sorted(common), key=lambda n: votes[n])


# == Classic members of a consumer group (classic_members.py) ===================================


def supports_classic_protocols(group: ConsumerGroup, protocol_type: str, names: set[str]) -> bool:
    """Kafka's ConsumerGroup.supportsClassicProtocols: the consumer protocol type, and a protocol
    every classic member of the group supports."""
    if protocol_type != cp.PROTOCOL_TYPE or not names:
        return False
    for m in group.members.values():
        if m.classic is not None:
            names = names & {n for n, _ in m.classic.supported_protocols}
    return bool(names)


def subscription_of(protocols: Iterable[tuple[str, bytes]]) -> cp.Subscription:
    """The member's subscription (every protocol carries the same one: the first is read)."""
    for _, metadata in protocols:
        return cp.decode_subscription(metadata)
    raise ProtocolDecodeError("no protocol")


def owned_partitions(
    subscription: cp.Subscription, topics: Mapping[str, TopicInfo]
) -> list[tuple[uuid.UUID, list[int]]]:
    """What a classic member says it owns (subscription v1+; an eager member owns nothing when it
    rejoins), by topic id; unknown topics are left out."""
    out = []
    for topic, partitions in subscription.owned_partitions:
        info = topics.get(topic)
        if info is not None:
            out.append((info.topic_id, list(partitions)))
    return out


def encode_classic_assignment(
    member: ConsumerGroupMember, partitions: Partitions, topic_names: Mapping[uuid.UUID, str]
) -> bytes:
    """The member's assignment as SyncGroup carries it, in the version of its first protocol."""
    assert member.classic is not None and member.classic.supported_protocols
    return _encode_assignment(partitions, topic_names, member.classic.supported_protocols[0][1])


def _encode_assignment(
    partitions: Partitions, topic_names: Mapping[uuid.UUID, str], metadata: bytes
) -> bytes:
    version = int.from_bytes(metadata[:2], "big", signed=True) if len(metadata) >= 2 else 0
    assigned = [
        cp.TopicPartitions(topic_names[tid], sorted(ps))
        for tid, ps in sorted(partitions.items(), key=lambda kv: topic_names.get(kv[0], ""))
        if tid in topic_names
    ]
    return cp.encode_assignment(cp.Assignment(assigned), max(version, 0))


def is_upgradable_state(group: ClassicGroup) -> bool:
    """A classic group in any state but Empty and Dead has members to carry over."""
    return not group.is_in(GroupState.EMPTY, GroupState.DEAD)

"""A KIP-932 share group, as Kafka's ShareGroup / ShareGroupMember: the state the share group
records of `__consumer_offsets` hold (protocol/share_group_records.py), changed only by replaying
them (`replay`), when serving (after the write) and when loading alike.

- group epoch, bumped on any change of membership, subscriptions or subscribed topics' metadata
  (whose hash the epoch record carries, as Kafka 4.1's MetadataHash);
- target assignment (per member) and its epoch, computed by the simple assignor at a group epoch;
- per member, its current assignment: a share member has no revocation phase, it gets its target
  at once (state STABLE, member epoch = the target's epoch);
- which topic-partitions have share-partition state (type 15, ShareGroupStatePartitionMetadata):
  initializing (the Persister is asked), initialized (the assignor may hand them out), deleting
  (DeleteShareGroupOffsets: the Persister is asked to drop them).
"""

from __future__ import annotations

import enum
import uuid
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from protocol.share_group_records import (
    InitializedTopic,
    Partitions,
    ShareCurrentMemberAssignment,
    ShareGroupEpoch,
    ShareGroupKey,
    ShareGroupRecord,
    ShareMemberSubscription,
    ShareRecordType,
    ShareStatePartitionMetadata,
    ShareTargetAssignmentEpoch,
    ShareTargetAssignmentMember,
)

T = ShareRecordType
LEAVE_GROUP_MEMBER_EPOCH = -1
STABLE = 0  # MemberState.STABLE's byte: the only state of a share group member


class ShareGroupState(enum.Enum):
    EMPTY = "Empty"
    STABLE = "Stable"
    DEAD = "Dead"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class ShareGroupMember:
    member_id: str
    rack_id: str | None = None
    client_id: str = ""
    client_host: str = ""
    subscribed_topic_names: tuple[str, ...] = ()
    member_epoch: int = 0
    previous_member_epoch: int = 0
    state: int = STABLE
    assigned: Partitions = field(default_factory=dict)

    def subscription(self) -> ShareMemberSubscription:
        return ShareMemberSubscription(
            self.rack_id, self.client_id, self.client_host, self.subscribed_topic_names
        )

    def current_assignment(self) -> ShareCurrentMemberAssignment:
        return ShareCurrentMemberAssignment(
            self.member_epoch, self.previous_member_epoch, self.state, self.assigned
        )


class ShareGroup:
    """One share group's durable state; mutated by `replay` alone."""

    __slots__ = (
        "group_id",
        "group_epoch",
        "metadata_hash",
        "assignment_epoch",
        "members",
        "target",
        "state_metadata",
        "topic_refs",
    )

    def __init__(self, group_id: str) -> None:
        self.group_id = group_id
        self.group_epoch = 0
        self.metadata_hash = 0
        self.assignment_epoch = 0
        self.members: dict[str, ShareGroupMember] = {}
        self.target: dict[str, Partitions] = {}
        self.state_metadata: ShareStatePartitionMetadata | None = None
        # how many members subscribe to each topic name (kept by replay: a heartbeat's check of the
        # subscribed topics costs O(topics), not O(members))
        self.topic_refs: Counter[str] = Counter()

    def copy(self) -> ShareGroup:
        c = ShareGroup(self.group_id)
        c.group_epoch, c.metadata_hash, c.assignment_epoch = (
            self.group_epoch,
            self.metadata_hash,
            self.assignment_epoch,
        )
        c.members = dict(self.members)
        c.target = dict(self.target)
        c.state_metadata = self.state_metadata
        c.topic_refs = Counter(self.topic_refs)
        return c

    @property
    def state(self) -> ShareGroupState:
        return ShareGroupState.STABLE if self.members else ShareGroupState.EMPTY

    def target_of(self, member_id: str) -> Partitions:
        return self.target.get(member_id, {})

    def initialized(self) -> TopicPartitions:
        meta = self.state_metadata
        return _topic_partitions(meta.initialized) if meta is not None else {}

    def initializing(self) -> TopicPartitions:
        meta = self.state_metadata
        return _topic_partitions(meta.initializing) if meta is not None else {}

    def deleting(self) -> dict[uuid.UUID, str]:
        meta = self.state_metadata
        return dict(meta.deleting) if meta is not None else {}

    def subscribed_topic_names(self) -> set[str]:
        return set(self.topic_refs)

    def _put_member(self, member: ShareGroupMember) -> None:
        old = self.members.get(member.member_id)
        if old is not None:
            self._unref(old)
        self.topic_refs.update(member.subscribed_topic_names)
        self.members[member.member_id] = member

    def _remove_member(self, member_id: str) -> None:
        old = self.members.pop(member_id, None)
        if old is not None:
            self._unref(old)

    def _unref(self, member: ShareGroupMember) -> None:
        self.topic_refs.subtract(member.subscribed_topic_names)
        self.topic_refs += Counter()  # drops the zeros

    def replay(self, record: ShareGroupRecord) -> None:
        key, value = record.key, record.value
        t = key.type
        if t is T.SHARE_GROUP_METADATA:
            if isinstance(value, ShareGroupEpoch):
                self.group_epoch, self.metadata_hash = value.epoch, value.metadata_hash
        elif t is T.SHARE_GROUP_MEMBER_METADATA:
            if isinstance(value, ShareMemberSubscription):
                old = self.members.get(key.member_id) or ShareGroupMember(key.member_id)
                self._put_member(
                    replace(
                        old,
                        rack_id=value.rack_id,
                        client_id=value.client_id,
                        client_host=value.client_host,
                        subscribed_topic_names=value.subscribed_topic_names,
                    )
                )
            else:
                self._remove_member(key.member_id)
        elif t is T.SHARE_GROUP_TARGET_ASSIGNMENT_METADATA:
            self.assignment_epoch = (
                value.assignment_epoch if isinstance(value, ShareTargetAssignmentEpoch) else 0
            )
        elif t is T.SHARE_GROUP_TARGET_ASSIGNMENT_MEMBER:
            if isinstance(value, ShareTargetAssignmentMember):
                self.target[key.member_id] = value.partitions
            else:
                self.target.pop(key.member_id, None)
        elif t is T.SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT:
            old = self.members.get(key.member_id) or ShareGroupMember(key.member_id)
            if isinstance(value, ShareCurrentMemberAssignment):
                new = replace(
                    old,
                    member_epoch=value.member_epoch,
                    previous_member_epoch=value.previous_member_epoch,
                    state=value.state,
                    assigned=value.assigned,
                )
            else:  # tombstone: the member holds nothing any more (its removal follows)
                new = replace(old, member_epoch=LEAVE_GROUP_MEMBER_EPOCH, assigned={})
            self._put_member(new)
        elif t is T.SHARE_GROUP_STATE_PARTITION_METADATA:
            self.state_metadata = value if isinstance(value, ShareStatePartitionMetadata) else None
        # (type 9, Kafka 4.0's subscription metadata, is not kept: 4.1 replaced it by the hash)


# topic id -> (topic name, partitions): one side of ShareGroupStatePartitionMetadata
TopicPartitions = dict[uuid.UUID, tuple[str, frozenset[int]]]


def _topic_partitions(topics: tuple[InitializedTopic, ...]) -> TopicPartitions:
    return {t.topic_id: (t.name, t.partitions) for t in topics}


def merge_partitions(
    a: Mapping[uuid.UUID, tuple[str, frozenset[int]]], b: TopicPartitions
) -> TopicPartitions:
    out = dict(a)
    for tid, (name, parts) in b.items():
        out[tid] = (name, out[tid][1] | parts if tid in out else parts)
    return out


def remove_partitions(
    a: TopicPartitions, b: Mapping[uuid.UUID, tuple[str, frozenset[int]]]
) -> TopicPartitions:
    out = {}
    for tid, (name, parts) in a.items():
        rest = parts - b[tid][1] if tid in b else parts
        if rest:
            out[tid] = (name, rest)
    return out


def state_metadata_record(
    group_id: str,
    initializing: TopicPartitions,
    initialized: TopicPartitions,
    deleting: Mapping[uuid.UUID, str],
) -> ShareGroupRecord:
    def topics(tps: TopicPartitions) -> tuple[InitializedTopic, ...]:
        return tuple(InitializedTopic(tid, name, parts) for tid, (name, parts) in sorted(tps.items()))

    return ShareGroupRecord(
        key(T.SHARE_GROUP_STATE_PARTITION_METADATA, group_id),
        ShareStatePartitionMetadata(
            topics(initializing), topics(initialized), tuple(sorted(deleting.items()))
        ),
    )


def key(record_type: ShareRecordType, group_id: str, member_id: str = "") -> ShareGroupKey:
    return ShareGroupKey(record_type, group_id, member_id)


def epoch_record(group_id: str, epoch: int, metadata_hash: int) -> ShareGroupRecord:
    return ShareGroupRecord(key(T.SHARE_GROUP_METADATA, group_id), ShareGroupEpoch(epoch, metadata_hash))


def member_subscription_record(group_id: str, member: ShareGroupMember) -> ShareGroupRecord:
    return ShareGroupRecord(
        key(T.SHARE_GROUP_MEMBER_METADATA, group_id, member.member_id), member.subscription()
    )


def target_member_record(group_id: str, member_id: str, partitions: Partitions) -> ShareGroupRecord:
    return ShareGroupRecord(
        key(T.SHARE_GROUP_TARGET_ASSIGNMENT_MEMBER, group_id, member_id),
        ShareTargetAssignmentMember(partitions),
    )


def target_epoch_record(group_id: str, epoch: int) -> ShareGroupRecord:
    return ShareGroupRecord(
        key(T.SHARE_GROUP_TARGET_ASSIGNMENT_METADATA, group_id), ShareTargetAssignmentEpoch(epoch)
    )


def current_assignment_record(group_id: str, member: ShareGroupMember) -> ShareGroupRecord:
    return ShareGroupRecord(
        key(T.SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT, group_id, member.member_id),
        member.current_assignment(),
    )


def member_tombstones(group_id: str, member_id: str) -> list[ShareGroupRecord]:
    """Kafka's order: current assignment, target assignment, then the subscription."""
    return [
        ShareGroupRecord(key(t, group_id, member_id), None)
        for t in (
            T.SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT,
            T.SHARE_GROUP_TARGET_ASSIGNMENT_MEMBER,
            T.SHARE_GROUP_MEMBER_METADATA,
        )
    ]


def group_tombstones(group: ShareGroup) -> list[ShareGroupRecord]:
    """Deleting an empty group, as Kafka's ShareGroup.createGroupTombstoneRecords: the target
    assignment epoch, the share-partition state metadata, and last the group epoch (whose
    tombstone removes the group)."""
    types = (
        T.SHARE_GROUP_TARGET_ASSIGNMENT_METADATA,
        T.SHARE_GROUP_STATE_PARTITION_METADATA,
        T.SHARE_GROUP_METADATA,
    )
    return [ShareGroupRecord(key(t, group.group_id), None) for t in types]

"""A KIP-848 consumer group, as Kafka's ConsumerGroup / ConsumerGroupMember: the state that the
consumer group records of `__consumer_offsets` hold, changed only by replaying them (`replay`),
when serving (after the write) and when loading alike.

- group epoch: bumped on any change of membership, subscriptions or subscribed topics' metadata;
- target assignment (per member) and its epoch: computed by the server-side assignor at a group
  epoch (consumer_assignors.py);
- per member, the current assignment: member epoch, previous epoch, reconciliation state,
  assigned partitions and partitions pending revocation (reconciliation.py moves it);
- partition owners: which member holds (or still has to revoke) each partition, so that a
  partition is given to its next owner only once released.
"""

from __future__ import annotations

import enum
import uuid
from collections import Counter
from dataclasses import dataclass, field, replace

from protocol.consumer_group_records import (
    ClassicMemberMetadata,
    ConsumerGroupKey,
    ConsumerGroupRecord,
    CurrentMemberAssignment,
    GroupEpoch,
    MemberSubscription,
    Partitions,
    RecordType,
    ResolvedRegularExpression,
    SubscriptionMetadata,
    TargetAssignmentEpoch,
    TargetAssignmentMember,
    TopicMetadata,
)

TopicPartitionId = tuple[uuid.UUID, int]
LEAVE_GROUP_MEMBER_EPOCH = -1
LEAVE_GROUP_STATIC_MEMBER_EPOCH = -2


class MemberState(enum.IntEnum):
    """Kafka's MemberState, with its byte in ConsumerGroupCurrentMemberAssignmentValue."""

    STABLE = 0
    UNREVOKED_PARTITIONS = 1
    UNRELEASED_PARTITIONS = 2
    UNKNOWN = 127


class ConsumerGroupState(enum.Enum):
    EMPTY = "Empty"
    ASSIGNING = "Assigning"
    RECONCILING = "Reconciling"
    STABLE = "Stable"
    DEAD = "Dead"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class ConsumerGroupMember:
    member_id: str
    instance_id: str | None = None
    rack_id: str | None = None
    client_id: str = ""
    client_host: str = ""
    subscribed_topic_names: tuple[str, ...] = ()
    subscribed_topic_regex: str | None = None
    rebalance_timeout_ms: int = -1
    server_assignor: str | None = None
    member_epoch: int = 0
    previous_member_epoch: int = 0
    state: MemberState = MemberState.STABLE
    assigned: Partitions = field(default_factory=dict)
    pending_revocation: Partitions = field(default_factory=dict)
    classic: ClassicMemberMetadata | None = None  # a classic protocol member (migration.py)

    @property
    def uses_classic_protocol(self) -> bool:
        return self.classic is not None

    def subscription(self) -> MemberSubscription:
        return MemberSubscription(
            self.instance_id,
            self.rack_id,
            self.client_id,
            self.client_host,
            self.subscribed_topic_names,
            self.subscribed_topic_regex,
            self.rebalance_timeout_ms,
            self.server_assignor,
            self.classic,
        )

    def current_assignment(self) -> CurrentMemberAssignment:
        return CurrentMemberAssignment(
            self.member_epoch,
            self.previous_member_epoch,
            int(self.state),
            self.assigned,
            self.pending_revocation,
        )

    def with_subscription(self, s: MemberSubscription) -> ConsumerGroupMember:
        return replace(
            self,
            instance_id=s.instance_id,
            rack_id=s.rack_id,
            client_id=s.client_id,
            client_host=s.client_host,
            subscribed_topic_names=s.subscribed_topic_names,
            subscribed_topic_regex=s.subscribed_topic_regex,
            rebalance_timeout_ms=s.rebalance_timeout_ms,
            server_assignor=s.server_assignor,
            classic=s.classic,
        )

    def with_current_assignment(self, a: CurrentMemberAssignment) -> ConsumerGroupMember:
        return replace(
            self,
            member_epoch=a.member_epoch,
            previous_member_epoch=a.previous_member_epoch,
            state=MemberState(a.state),
            assigned=a.assigned,
            pending_revocation=a.pending_revocation,
        )

    def is_reconciled_to(self, epoch: int) -> bool:
        return self.state is MemberState.STABLE and self.member_epoch == epoch

    def owned_partitions(self) -> set[TopicPartitionId]:
        return {(t, p) for t, ps in self.assigned.items() for p in ps} | {
            (t, p) for t, ps in self.pending_revocation.items() for p in ps
        }


class ConsumerGroup:
    """One consumer group's durable state; mutated by `replay` alone."""

    __slots__ = (
        "group_id",
        "group_epoch",
        "assignment_epoch",
        "created_ms",
        "members",
        "static_members",
        "subscription_metadata",
        "target",
        "owners",
        "topic_refs",
        "regex_refs",
        "resolved_regexes",
    )

    def __init__(self, group_id: str) -> None:
        self.group_id = group_id
        self.group_epoch = 0
        self.assignment_epoch = 0
        self.created_ms = -1
        self.members: dict[str, ConsumerGroupMember] = {}
        self.static_members: dict[str, str] = {}  # instance id -> member id
        self.subscription_metadata: dict[str, TopicMetadata] = {}  # topic name -> its metadata
        self.target: dict[str, Partitions] = {}  # member id -> target assignment
        self.owners: dict[TopicPartitionId, tuple[str, int]] = {}  # partition -> (member, its epoch)
        # how many members subscribe to each topic name / regex (kept by replay: O(1) checks)
        self.topic_refs: Counter[str] = Counter()
        self.regex_refs: Counter[str] = Counter()
        # each regex in use -> the topics it resolved to when last written (type-16 records)
        self.resolved_regexes: dict[str, ResolvedRegularExpression] = {}

    def copy(self) -> ConsumerGroup:
        """A copy to replay records onto that are not written yet (members are immutable)."""
        c = ConsumerGroup(self.group_id)
        c.group_epoch, c.assignment_epoch, c.created_ms = (
            self.group_epoch,
            self.assignment_epoch,
            self.created_ms,
        )
        c.members = dict(self.members)
        c.static_members = dict(self.static_members)
        c.subscription_metadata = dict(self.subscription_metadata)
        c.target = dict(self.target)
        c.owners = dict(self.owners)
        c.topic_refs = Counter(self.topic_refs)
        c.regex_refs = Counter(self.regex_refs)
        c.resolved_regexes = dict(self.resolved_regexes)
        return c

    @property
    def state(self) -> ConsumerGroupState:
        if not self.members:
            return ConsumerGroupState.EMPTY
        if self.group_epoch > self.assignment_epoch:
            return ConsumerGroupState.ASSIGNING
        if any(not m.is_reconciled_to(self.assignment_epoch) for m in self.members.values()):
            return ConsumerGroupState.RECONCILING
        return ConsumerGroupState.STABLE

    def target_of(self, member_id: str) -> Partitions:
        return self.target.get(member_id, {})

    def static_member(self, instance_id: str) -> ConsumerGroupMember | None:
        member_id = self.static_members.get(instance_id)
        return None if member_id is None else self.members.get(member_id)

    def partition_owner(self, topic_id: uuid.UUID, partition: int) -> str | None:
        owner = self.owners.get((topic_id, partition))
        return None if owner is None else owner[0]

    def subscribed_topic_names(self) -> set[str]:
        return {t for m in self.members.values() for t in m.subscribed_topic_names}

    def subscribed_topics(self) -> set[str]:
        """Kafka's isSubscribedToTopic: the topic names its members subscribe to, and those their
        regexes resolved to (as written)."""
        names = set(self.topic_refs)
        for pattern in self.regex_refs:
            resolved = self.resolved_regexes.get(pattern)
            if resolved is not None:
                names.update(resolved.topics)
        return names

    # -- replay ---------------------------------------------------------------------------------

    def replay(self, record: ConsumerGroupRecord) -> None:
        key, value = record.key, record.value
        t = key.type
        if t is RecordType.CONSUMER_GROUP_METADATA:
            if isinstance(value, GroupEpoch):
                self.group_epoch = value.epoch
                if value.creation_time_ms >= 0:
                    self.created_ms = value.creation_time_ms
        elif t is RecordType.CONSUMER_GROUP_PARTITION_METADATA:
            self.subscription_metadata = (
                {tm.name: tm for tm in value.topics} if isinstance(value, SubscriptionMetadata) else {}
            )
        elif t is RecordType.CONSUMER_GROUP_MEMBER_METADATA:
            if isinstance(value, MemberSubscription):
                old = self.members.get(key.member_id) or ConsumerGroupMember(key.member_id)
                self._put_member(old.with_subscription(value))
            else:
                self._remove_member(key.member_id)
        elif t is RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_METADATA:
            self.assignment_epoch = value.assignment_epoch if isinstance(value, TargetAssignmentEpoch) else 0
        elif t is RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER:
            if isinstance(value, TargetAssignmentMember):
                self.target[key.member_id] = value.partitions
            else:
                self.target.pop(key.member_id, None)
        elif t is RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT:
            old = self.members.get(key.member_id) or ConsumerGroupMember(key.member_id)
            self._release(old)
            if isinstance(value, CurrentMemberAssignment):
                new = old.with_current_assignment(value)
            else:  # tombstone: the member holds nothing any more (its removal follows)
                new = replace(old, member_epoch=LEAVE_GROUP_MEMBER_EPOCH, assigned={}, pending_revocation={})
            self._put_member(new)
            self._hold(new)
        elif t is RecordType.CONSUMER_GROUP_REGULAR_EXPRESSION:
            if isinstance(value, ResolvedRegularExpression):
                self.resolved_regexes[key.member_id] = value
            else:
                self.resolved_regexes.pop(key.member_id, None)

    def _put_member(self, member: ConsumerGroupMember) -> None:
        old = self.members.get(member.member_id)
        if old is not None:
            self._unref(old)
        self.topic_refs.update(member.subscribed_topic_names)
        if member.subscribed_topic_regex:
            self.regex_refs[member.subscribed_topic_regex] += 1
        if old is not None and old.instance_id is not None and old.instance_id != member.instance_id:
            self.static_members.pop(old.instance_id, None)
        self.members[member.member_id] = member
        if member.instance_id is not None:
            self.static_members[member.instance_id] = member.member_id

    def _remove_member(self, member_id: str) -> None:
        member = self.members.pop(member_id, None)
        if member is None:
            return
        self._unref(member)
        self._release(member)
        if member.instance_id is not None and self.static_members.get(member.instance_id) == member_id:
            del self.static_members[member.instance_id]

    def _unref(self, member: ConsumerGroupMember) -> None:
        self.topic_refs.subtract(member.subscribed_topic_names)
        self.topic_refs += Counter()  # drops the zeros
        if member.subscribed_topic_regex:
            self.regex_refs[member.subscribed_topic_regex] -= 1
            if self.regex_refs[member.subscribed_topic_regex] <= 0:
                del self.regex_refs[member.subscribed_topic_regex]

    def _release(self, member: ConsumerGroupMember) -> None:
        for tp in member.owned_partitions():
            if self.owners.get(tp, ("",))[0] == member.member_id:
                del self.owners[tp]

    def _hold(self, member: ConsumerGroupMember) -> None:
        for tp in member.owned_partitions():
            self.owners[tp] = (member.member_id, member.member_epoch)


def key(record_type: RecordType, group_id: str, member_id: str = "") -> ConsumerGroupKey:
    return ConsumerGroupKey(record_type, group_id, member_id)


def epoch_record(group_id: str, epoch: int, created_ms: int = -1) -> ConsumerGroupRecord:
    return ConsumerGroupRecord(
        key(RecordType.CONSUMER_GROUP_METADATA, group_id), GroupEpoch(epoch, 0, created_ms)
    )


def subscription_metadata_record(group_id: str, topics: dict[str, TopicMetadata]) -> ConsumerGroupRecord:
    return ConsumerGroupRecord(
        key(RecordType.CONSUMER_GROUP_PARTITION_METADATA, group_id),
        SubscriptionMetadata(tuple(topics[name] for name in sorted(topics))),
    )


def member_subscription_record(group_id: str, member: ConsumerGroupMember) -> ConsumerGroupRecord:
    return ConsumerGroupRecord(
        key(RecordType.CONSUMER_GROUP_MEMBER_METADATA, group_id, member.member_id), member.subscription()
    )


def target_member_record(group_id: str, member_id: str, partitions: Partitions) -> ConsumerGroupRecord:
    return ConsumerGroupRecord(
        key(RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER, group_id, member_id),
        TargetAssignmentMember(partitions),
    )


def target_epoch_record(group_id: str, epoch: int) -> ConsumerGroupRecord:
    return ConsumerGroupRecord(
        key(RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_METADATA, group_id), TargetAssignmentEpoch(epoch)
    )


def current_assignment_record(group_id: str, member: ConsumerGroupMember) -> ConsumerGroupRecord:
    return ConsumerGroupRecord(
        key(RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT, group_id, member.member_id),
        member.current_assignment(),
    )


def regex_record(
    group_id: str, pattern: str, resolved: ResolvedRegularExpression | None
) -> ConsumerGroupRecord:
    """A regex's resolution (the key's member id is the regex), or its tombstone (None)."""
    return ConsumerGroupRecord(key(RecordType.CONSUMER_GROUP_REGULAR_EXPRESSION, group_id, pattern), resolved)


def member_tombstones(group_id: str, member_id: str) -> list[ConsumerGroupRecord]:
    """Kafka's order: current assignment, target assignment, then the subscription."""
    return [
        ConsumerGroupRecord(key(t, group_id, member_id), None)
        for t in (
            RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT,
            RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER,
            RecordType.CONSUMER_GROUP_MEMBER_METADATA,
        )
    ]


def group_tombstones(group_id: str) -> list[ConsumerGroupRecord]:
    """Deleting an empty group: target assignment epoch, subscription metadata, group epoch."""
    return [
        ConsumerGroupRecord(key(t, group_id), None)
        for t in (
            RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_METADATA,
            RecordType.CONSUMER_GROUP_PARTITION_METADATA,
            RecordType.CONSUMER_GROUP_METADATA,
        )
    ]

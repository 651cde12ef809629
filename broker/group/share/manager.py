"""The KIP-932 share groups of one shard (Kafka's GroupMetadataManager, share part):
ShareGroupHeartbeat (join with epoch 0, heartbeat, leave with epoch -1), session timeouts,
ShareGroupDescribe, and what ListGroups/DeleteGroups need of share groups.

Sans-I/O, as the consumer group manager: a request computes its records and its answer from the
groups as they are durable; the shard's driver writes the records, replays them (`replay`, the
code `load` runs), and only then is the answer given. While one group has a write in flight, its
next requests wait in that group's queue and are computed against what their predecessors leave.

A share group differs from a consumer group in what the assignment means: a partition may be
given to several members (the share-partition hands out records, not the partition), so there
is no revocation: a member gets its target assignment, at the target's epoch, at once.

Only topic-partitions whose share-partition state is initialized are assigned (Kafka 4.1+): a
heartbeat that finds subscribed partitions without state writes them as initializing
(ShareGroupStatePartitionMetadata), and once that is durable asks `initialize_state` (the
service: the Persister call is I/O) to initialize them; the service's answer comes back as a
request (`initialized` or `uninitialized`) that writes them as initialized, with a group epoch
bump so that the next heartbeat assigns them. DeleteShareGroupOffsets moves topics to deleting
(`delete_offsets`) until the service has deleted their state (`deleted`).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from typing import Any

from broker import logging_setup
from broker.group.config import Clock, ShareGroupConfig
from broker.group.consumer.events import GroupError, TopicsView
from broker.group.events import ListedGroup, Outputs
from broker.group.modern import GroupRequestQueue, Plan
from broker.group.share.assignor import simple_assign
from broker.group.share.events import (
    DescribedShareGroup,
    ShareGroupHeartbeat,
    ShareHeartbeatResult,
    share_session_key,
)
from broker.group.share.group import (
    LEAVE_GROUP_MEMBER_EPOCH,
    STABLE,
    ShareGroup,
    ShareGroupMember,
    ShareGroupState,
    TopicPartitions,
    current_assignment_record,
    epoch_record,
    group_tombstones,
    member_subscription_record,
    member_tombstones,
    merge_partitions,
    remove_partitions,
    state_metadata_record,
    target_epoch_record,
    target_member_record,
)
from protocol.errors import ErrorCode
from protocol.share_group_records import Partitions, ShareGroupRecord, ShareRecordType

log = logging_setup.get_logger("kbroker.group")
E = ErrorCode
ASSIGNOR = "simple"


_Plan = Plan[ShareGroupRecord, ShareHeartbeatResult]
_StatePlan = Plan[ShareGroupRecord, Any]  # the service's requests: answered an ErrorCode (or a pair)


class ShareGroupManager(GroupRequestQueue[ShareGroup, ShareGroupRecord, ShareHeartbeatResult]):
    kind = "share group"

    def __init__(self, partition: int, config: ShareGroupConfig, clock: Clock, timers: Any, outputs: Outputs):
        super().__init__()
        self.partition = partition
        self.config = config
        self.clock = clock
        self.timers = timers
        self.outputs = outputs
        self.groups: dict[str, ShareGroup] = {}
        self.topics: TopicsView = dict  # the broker's topics by name (set by the service)
        # Another kind of group (classic, consumer) holds this id: share members may not take it.
        self.other_group_kind: Callable[[str], bool] = lambda _group_id: False
        # Asked, once their initializing record is durable, to initialize these share-partitions'
        # state (group id, state epoch, partitions); it answers with `initialized`/`uninitialized`.
        self.initialize_state: Callable[[str, int, TopicPartitions], None] | None = None

    def error_answer(self, error: ErrorCode, message: str | None = None) -> ShareHeartbeatResult:
        return ShareHeartbeatResult(error, message)

    # == ShareGroupHeartbeat ====================================================================

    def heartbeat(self, req: ShareGroupHeartbeat, waiter: Any) -> None:
        try:
            self._validate(req)
        except GroupError as e:
            self.outputs.reply(waiter, ShareHeartbeatResult(e.error, e.message))
            return
        if req.member_epoch == LEAVE_GROUP_MEMBER_EPOCH:
            self._run(req.group_id, partial(self._leave, req), waiter)
        else:
            self._run(req.group_id, partial(self._heartbeat, req), waiter)

    @staticmethod
    def _validate(req: ShareGroupHeartbeat) -> None:
        """Kafka's throwIfShareGroupHeartbeatRequestIsInvalid (4.1: the member makes its own id)."""

        def invalid(message: str) -> GroupError:
            return GroupError(E.INVALID_REQUEST, message)

        if not req.group_id:
            raise invalid("GroupId can't be empty.")
        if req.rack_id == "":
            raise invalid("RackId can't be empty.")
        if not req.member_id:
            raise invalid("MemberId can't be empty.")
        if req.member_epoch == 0:
            if not req.subscribed_topic_names:
                raise invalid("SubscribedTopicNames must be set in first request.")
        elif req.member_epoch < 0 and req.member_epoch != LEAVE_GROUP_MEMBER_EPOCH:
            raise invalid("MemberEpoch is invalid.")

    def _heartbeat(self, req: ShareGroupHeartbeat) -> _Plan:
        records: list[ShareGroupRecord] = []
        group_id, member_id = req.group_id, req.member_id
        joining = req.member_epoch == 0
        group = self.groups.get(group_id)
        if group is None:
            if self.other_group_kind(group_id):
                raise GroupError(E.GROUP_ID_NOT_FOUND, f"Group {group_id} is not a share group.")
            if not joining:
                raise GroupError(E.GROUP_ID_NOT_FOUND, f"Share group {group_id} not found.")
            group = ShareGroup(group_id)
        if member_id not in group.members and len(group.members) >= self.config.max_size:
            raise GroupError(
                E.GROUP_MAX_SIZE_REACHED,
                f"The share group has reached its maximum capacity of {self.config.max_size} members.",
            )
        member = group.members.get(member_id)
        is_new = member is None
        if member is None:
            if not joining:
                raise GroupError(
                    E.UNKNOWN_MEMBER_ID, f"Member {member_id} is not a member of group {group_id}."
                )
            log.info("join share group", group=group_id, member=member_id)
            self.outputs.watch.publish("member-joined", group_id, member=member_id)  # at once if unwatched
            member = ShareGroupMember(member_id)
        else:
            # Also for epoch 0, as Kafka: an existing member rejoining is accepted only if 0 is its
            # previous epoch (it joined and the answer was lost); else it is fenced until its
            # session expires.
            self._check_epoch(member, req.member_epoch)

        # 1. The member's subscription; the group epoch moves if subscriptions or metadata do.
        updated = replace(
            member,
            rack_id=req.rack_id if req.rack_id is not None else member.rack_id,
            subscribed_topic_names=(
                tuple(sorted(set(req.subscribed_topic_names)))
                if req.subscribed_topic_names is not None
                else member.subscribed_topic_names
            ),
            client_id=req.client_id,
            client_host=req.client_host,
        )
        bump = is_new or updated.subscribed_topic_names != member.subscribed_topic_names
        if is_new or updated.subscription() != member.subscription():
            records.append(member_subscription_record(group_id, updated))
        names = (
            _topics_with(
                group, () if is_new else member.subscribed_topic_names, updated.subscribed_topic_names
            )
            if bump
            else group.subscribed_topic_names()
        )
        metadata_hash = self.metadata_hash(names)
        if bump or metadata_hash != group.metadata_hash:
            group_epoch = group.group_epoch + 1
            records.append(epoch_record(group_id, group_epoch, metadata_hash))
            log.info("bump share group epoch", group=group_id, epoch=group_epoch, member=member_id)
            self.outputs.watch.publish("epoch", group_id, epoch=group_epoch, member=member_id)
        else:
            group_epoch = group.group_epoch

        # 2. Subscribed partitions without share state are initialized first (Kafka 4.1+).
        pending = self._uninitialized(group, names)
        if pending:
            records.append(
                state_metadata_record(
                    group_id,
                    merge_partitions(group.initializing(), pending),
                    group.initialized(),
                    group.deleting(),
                )
            )

        # 3. A new target assignment at the new epoch.
        target_epoch, target = self._target(group, updated, group_epoch, records)

        # 4. No revocation in a share group: the member gets its target at once.
        reconciled = updated
        if updated.member_epoch != target_epoch or updated.assigned != target or is_new:
            reconciled = replace(
                updated,
                member_epoch=target_epoch,
                previous_member_epoch=updated.member_epoch,
                state=STABLE,
                assigned=target,
            )
            records.append(current_assignment_record(group_id, reconciled))
        result = ShareHeartbeatResult(
            member_id=member_id,
            member_epoch=reconciled.member_epoch,
            heartbeat_interval_ms=self.config.heartbeat_interval_ms,
            # A full request (joining, or sending its subscription) gets the assignment, as a
            # change of it does.
            assignment=reconciled.assigned
            if joining or req.subscribed_topic_names is not None or reconciled.assigned != member.assigned
            else None,
        )
        after = partial(self._schedule_session, group_id, member_id)
        if pending:
            after = partial(self._after_initializing, after, group_id, group_epoch, pending)
        return _Plan(records, result, after)

    def _target(
        self, group: ShareGroup, updated: ShareGroupMember, group_epoch: int, records: list[ShareGroupRecord]
    ) -> tuple[int, Partitions]:
        """The member's target assignment and its epoch: computed anew (its records appended to
        `records`) when the group epoch has moved past the target's."""
        if group_epoch <= group.assignment_epoch:
            return group.assignment_epoch, group.target_of(updated.member_id)
        members = dict(group.members)
        members[updated.member_id] = updated
        targets = self.target_assignment(members, group.initialized())
        for mid, partitions in targets.items():
            if mid not in group.target or partitions != group.target[mid]:
                records.append(target_member_record(group.group_id, mid, partitions))
        records.append(target_epoch_record(group.group_id, group_epoch))
        return group_epoch, targets.get(updated.member_id, {})

    def _uninitialized(self, group: ShareGroup, names: Iterable[str]) -> TopicPartitions:
        """The subscribed partitions with no share state yet, nor on the way (O(topics) when all
        are: their counts are compared first)."""
        topics = self.topics()
        initialized, initializing, deleting = group.initialized(), group.initializing(), group.deleting()
        out: TopicPartitions = {}
        for name in names:
            t = topics.get(name)
            if t is None or t.topic_id in deleting or name.startswith("__"):
                continue
            done = initialized.get(t.topic_id, (name, frozenset()))[1]
            going = initializing.get(t.topic_id, (name, frozenset()))[1]
            if len(done) + len(going) >= t.partitions:  # (partitions are only ever added)
                continue
            missing = frozenset(range(t.partitions)) - done - going
            if missing:
                out[t.topic_id] = (name, missing)
        return out

    def _after_initializing(
        self, then: Callable[[], None], group_id: str, state_epoch: int, pending: TopicPartitions
    ) -> None:
        then()
        if self.initialize_state is not None:
            self.initialize_state(group_id, state_epoch, pending)

    # == Share-partition state: the Persister's answers, as requests ============================

    def initialized(
        self, group_id: str, partitions: TopicPartitions, waiter: Any = None, altered: bool = False
    ) -> None:
        """The Persister initialized `partitions` (asked by `initialize_state`, or, `altered`, by
        AlterShareGroupOffsets): write them as initialized, and bump the group epoch so that the
        next heartbeat assigns them."""
        self._run(group_id, partial(self._initialized, group_id, partitions, altered), waiter)

    def _initialized(self, group_id: str, partitions: TopicPartitions, altered: bool) -> _StatePlan:
        group = self.groups.get(group_id)
        if group is None:
            return _StatePlan([], E.GROUP_ID_NOT_FOUND)
        initializing = group.initializing()
        if altered:
            initialized = group.initialized()
            done = remove_partitions(partitions, initialized)
        else:
            done = {
                tid: (name, parts & initializing[tid][1])
                for tid, (name, parts) in partitions.items()
                if tid in initializing and parts & initializing[tid][1]
            }
        if not done:  # deleted or deleting meanwhile
            return _StatePlan([], E.NONE)
        log.info("initialize share partitions", group=group_id, topics=len(done))
        records = [
            state_metadata_record(
                group_id,
                remove_partitions(initializing, done),
                merge_partitions(group.initialized(), done),
                group.deleting(),
            ),
            epoch_record(group_id, group.group_epoch + 1, group.metadata_hash),
        ]
        return _StatePlan(records, E.NONE)

    def uninitialized(self, group_id: str, partitions: TopicPartitions, waiter: Any = None) -> None:
        """The Persister failed: drop `partitions` from initializing (the next heartbeat retries)."""
        self._run(group_id, partial(self._uninitialized_plan, group_id, partitions), waiter)

    def _uninitialized_plan(self, group_id: str, partitions: TopicPartitions) -> _StatePlan:
        group = self.groups.get(group_id)
        if group is None:
            return _StatePlan([], E.GROUP_ID_NOT_FOUND)
        initializing = group.initializing()
        rest = remove_partitions(initializing, partitions)
        if rest == initializing:
            return _StatePlan([], E.NONE)
        record = state_metadata_record(group_id, rest, group.initialized(), group.deleting())
        return _StatePlan([record], E.NONE)

    def delete_offsets(
        self, group_id: str, topic_ids: dict[uuid.UUID, str] | None, waiter: Any = None
    ) -> None:
        """DeleteShareGroupOffsets of an empty group: the topics go to deleting; the answer is
        (error, {topic id: partitions with state}) for the service to delete them. None: every
        topic with state (the group is being deleted)."""
        self._run(group_id, partial(self._delete_offsets, group_id, topic_ids), waiter)

    def _delete_offsets(self, group_id: str, wanted: dict[uuid.UUID, str] | None) -> _StatePlan:
        group = self.groups.get(group_id)
        if group is None:
            return _StatePlan([], (E.GROUP_ID_NOT_FOUND, {}))
        if group.state is not ShareGroupState.EMPTY:
            return _StatePlan([], (E.NON_EMPTY_GROUP, {}))
        initialized, initializing = group.initialized(), group.initializing()
        topic_ids = wanted
        if topic_ids is None:
            every = merge_partitions(initialized, initializing)
            topic_ids = {tid: name for tid, (name, _parts) in every.items()} | group.deleting()
        held = merge_partitions(
            {t: v for t, v in initialized.items() if t in topic_ids},
            {t: v for t, v in initializing.items() if t in topic_ids},
        )
        deleting = group.deleting() | topic_ids
        record = state_metadata_record(
            group_id,
            {t: v for t, v in initializing.items() if t not in topic_ids},
            {t: v for t, v in initialized.items() if t not in topic_ids},
            deleting,
        )
        return _StatePlan([record], (E.NONE, {t: parts for t, (_n, parts) in held.items()}))

    def deleted(self, group_id: str, topic_ids: Iterable[uuid.UUID], waiter: Any = None) -> None:
        """The Persister deleted the topics' state: they leave deleting."""
        self._run(group_id, partial(self._deleted, group_id, frozenset(topic_ids)), waiter)

    def _deleted(self, group_id: str, topic_ids: frozenset[uuid.UUID]) -> _StatePlan:
        group = self.groups.get(group_id)
        if group is None:
            return _StatePlan([], E.GROUP_ID_NOT_FOUND)
        deleting = group.deleting()
        if not topic_ids & deleting.keys():
            return _StatePlan([], E.NONE)
        rest = {t: n for t, n in deleting.items() if t not in topic_ids}
        record = state_metadata_record(group_id, group.initializing(), group.initialized(), rest)
        return _StatePlan([record], E.NONE)

    @staticmethod
    def _check_epoch(member: ShareGroupMember, epoch: int) -> None:
        """Kafka's throwIfShareGroupMemberEpochIsInvalid: a greater epoch is fenced; a smaller one
        is accepted if it is the previous epoch (the answer that bumped it may have been lost)."""
        if epoch > member.member_epoch:
            raise GroupError(
                E.FENCED_MEMBER_EPOCH,
                f"The share group member has a greater member epoch ({epoch}) than the one known by "
                f"the group coordinator ({member.member_epoch}). The member must abandon all its "
                "partitions and rejoin.",
            )
        if epoch < member.member_epoch and epoch != member.previous_member_epoch:
            raise GroupError(
                E.FENCED_MEMBER_EPOCH,
                f"The share group member has a smaller member epoch ({epoch}) than the one known by "
                f"the group coordinator ({member.member_epoch}). The member must abandon all its "
                "partitions and rejoin.",
            )

    def metadata_hash(self, names: Iterable[str]) -> int:
        """A hash of the subscribed topics as the broker has them (id, partition count): the group
        epoch moves when it changes. Kafka 4.1 keeps such a hash (its own function) in the group's
        epoch record; a group loaded by another implementation is recomputed once, harmlessly."""
        topics = self.topics()
        parts = []
        for name in sorted(names):
            t = topics.get(name)
            if t is not None:
                parts.append(f"{name}\0{t.topic_id}\0{t.partitions}")
        if not parts:
            return 0
        digest = hashlib.blake2b("\n".join(parts).encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big", signed=True)

    def target_assignment(
        self, members: dict[str, ShareGroupMember], initialized: TopicPartitions
    ) -> dict[str, Partitions]:
        """Only initialized share-partitions (of partitions the topic still has) are assigned."""
        topics = self.topics()
        subscriptions = {
            mid: frozenset(topics[n].topic_id for n in m.subscribed_topic_names if n in topics)
            for mid, m in members.items()
        }
        assignable = {}
        for name, t in topics.items():
            if t.topic_id in initialized and not name.startswith("__"):
                assignable[t.topic_id] = frozenset(p for p in initialized[t.topic_id][1] if p < t.partitions)
        return simple_assign(subscriptions, assignable)

    def _schedule_session(self, group_id: str, member_id: str) -> None:
        self.timers.schedule(
            share_session_key(group_id, member_id),
            self.clock.monotonic_ms() + self.config.session_timeout_ms,
            partial(self._fence_later, group_id, member_id),
        )

    # == Leaving and fencing ====================================================================

    def _leave(self, req: ShareGroupHeartbeat) -> _Plan:
        group = self.groups.get(req.group_id)
        if group is None:
            if self.other_group_kind(req.group_id):
                raise GroupError(E.GROUP_ID_NOT_FOUND, f"Group {req.group_id} is not a share group.")
            raise GroupError(E.GROUP_ID_NOT_FOUND, f"Group {req.group_id} not found.")
        member = group.members.get(req.member_id)
        if member is None:
            raise GroupError(
                E.UNKNOWN_MEMBER_ID, f"Member {req.member_id} is not a member of group {req.group_id}."
            )
        log.info("leave share group", group=group.group_id, member=member.member_id)
        if self.outputs.watch.listeners:
            self.outputs.watch.publish("member-left", group.group_id, member=member.member_id)
        return _Plan(
            self._fence_records(group, member),
            ShareHeartbeatResult(member_id=req.member_id, member_epoch=LEAVE_GROUP_MEMBER_EPOCH),
            partial(self.timers.cancel, share_session_key(group.group_id, member.member_id)),
        )

    def _fence_records(self, group: ShareGroup, member: ShareGroupMember) -> list[ShareGroupRecord]:
        """The member's tombstones and a group epoch bump (the next heartbeat reassigns)."""
        records = member_tombstones(group.group_id, member.member_id)
        rest = _topics_with(group, member.subscribed_topic_names, ())
        records.append(epoch_record(group.group_id, group.group_epoch + 1, self.metadata_hash(rest)))
        return records

    def _fence_later(self, group_id: str, member_id: str) -> None:
        self._run(group_id, partial(self._fence, group_id, member_id))

    def _fence(self, group_id: str, member_id: str) -> _Plan:
        group = self.groups.get(group_id)
        member = None if group is None else group.members.get(member_id)
        if group is None or member is None:
            return _Plan([], None)
        log.info("fence share member", group=group_id, member=member_id, reason="the member session expired")
        if self.outputs.watch.listeners:
            self.outputs.watch.publish(
                "member-expired", group_id, member=member_id, reason="the member session expired"
            )
        return _Plan(
            self._fence_records(group, member),
            None,
            None,
            lambda _error: self._schedule_session(group_id, member_id),  # try again later
        )

    # == Replay =================================================================================

    def replay(self, record: ShareGroupRecord) -> None:
        group_id = record.key.group_id
        group = self.groups.get(group_id)
        if record.key.type is ShareRecordType.SHARE_GROUP_METADATA and record.value is None:
            if group is not None:
                self._drop(group)
            return
        if group is None:
            if record.value is None:
                return
            group = self.groups[group_id] = ShareGroup(group_id)
        group.replay(record)
        if (
            record.value is None
            and record.key.type is ShareRecordType.SHARE_GROUP_MEMBER_METADATA
            and not self._shadowing
        ):
            self.timers.cancel(share_session_key(group_id, record.key.member_id))

    def _drop(self, group: ShareGroup) -> None:
        del self.groups[group.group_id]
        if self._shadowing:
            return
        for member_id in group.members:
            self.timers.cancel(share_session_key(group.group_id, member_id))
        log.info("remove share group", group=group.group_id)

    def loaded(self) -> None:
        """After loading: every member gets a fresh session (and is fenced if it does not come
        back); initializations cut short by the last coordinator are asked again."""
        for group in self.groups.values():
            for member_id in group.members:
                self._schedule_session(group.group_id, member_id)
            initializing = group.initializing()
            if initializing and self.initialize_state is not None:
                self.initialize_state(group.group_id, group.group_epoch, initializing)

    def unload(self) -> None:
        self.groups.clear()
        self._busy.clear()

    # == Describe, list, delete =================================================================

    def describe(self, group_id: str) -> DescribedShareGroup:
        group = self.groups.get(group_id)
        if group is None:
            return DescribedShareGroup(group_id, E.GROUP_ID_NOT_FOUND, f"Group {group_id} not found.")
        return DescribedShareGroup(
            group_id,
            state=str(group.state),
            group_epoch=group.group_epoch,
            assignment_epoch=group.assignment_epoch,
            assignor=ASSIGNOR,
            members=list(group.members.values()),
        )

    def list_groups(self, states: Iterable[str] = (), types: Iterable[str] = ()) -> list[ListedGroup]:
        wanted_states = {s.lower() for s in states}
        wanted_types = {t.lower() for t in types}
        if wanted_types and "share" not in wanted_types:
            return []
        return [
            ListedGroup(g.group_id, "share", str(g.state), "share")
            for g in self.groups.values()
            if not wanted_states or str(g.state).lower() in wanted_states
        ]

    def delete_records(self, group_id: str) -> tuple[ErrorCode, list[ShareGroupRecord]]:
        group = self.groups.get(group_id)
        if group is None:
            return E.GROUP_ID_NOT_FOUND, []
        if group.state is not ShareGroupState.EMPTY:
            return E.NON_EMPTY_GROUP, []
        return E.NONE, group_tombstones(group)


def _topics_with(group: ShareGroup, removed: Iterable[str], added: Iterable[str]) -> set[str]:
    """The topic names the group subscribes to once one member's subscription `removed` is
    replaced by `added` (O(topics): the group's reference counts)."""
    refs = group.topic_refs.copy()
    refs.subtract(removed)
    refs.update(added)
    return {t for t, n in refs.items() if n > 0}

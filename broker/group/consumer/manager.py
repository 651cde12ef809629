"""The KIP-848 consumer group protocol of one shard (Kafka's GroupMetadataManager, consumer part):
ConsumerGroupHeartbeat (join, heartbeat, leave), session and rebalance timeouts,
ConsumerGroupDescribe, and what ListGroups/DeleteGroups/OffsetCommit need of consumer groups.

Sans-I/O, as the classic manager next to it: a request computes its records and its answer from
the groups as they are durable; the shard's driver writes the records, replays them
(`replay`, the code `load` runs), and only then is the answer given. While one group has a write
in flight, its next requests wait in that group's queue: each is computed against the state its
predecessor left, so that no two requests decide from the same stale epoch.

Next to it: the group (consumer_group.py), its requests and answers (consumer_group_events.py),
subscriptions and the target assignment (consumer_subscriptions.py, consumer_assignors.py), and
one member's reconciliation (reconciliation.py).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from typing import Any

from broker import logging_setup
from broker.group.classic.group import ClassicGroup
from broker.group.config import Clock, ConsumerGroupConfig
from broker.group.consumer import migration
from broker.group.consumer.classic_members import ClassicMembers, join_timeout_key, sync_timeout_key
from broker.group.consumer.events import (
    ConsumerGroupHeartbeat,
    DescribedConsumerGroup,
    DescribedConsumerMember,
    GroupError,
    HeartbeatResult,
    TopicsView,
    compile_regex,
    rebalance_key,
    session_key,
)
from broker.group.consumer.group import (
    LEAVE_GROUP_MEMBER_EPOCH,
    LEAVE_GROUP_STATIC_MEMBER_EPOCH,
    ConsumerGroup,
    ConsumerGroupMember,
    ConsumerGroupState,
    MemberState,
    current_assignment_record,
    epoch_record,
    group_tombstones,
    member_subscription_record,
    member_tombstones,
    regex_record,
    subscription_metadata_record,
    target_epoch_record,
    target_member_record,
)
from broker.group.consumer.reconciliation import FencedMember, reconcile
from broker.group.consumer.subscriptions import Subscriptions
from broker.group.events import ListedGroup, Outputs
from broker.group.modern import GroupRequestQueue, Plan
from broker.group.records import Record
from broker.group.timers import Timers
from protocol.consumer_group_records import (
    ClassicMemberMetadata,
    ConsumerGroupRecord,
    RecordType,
    ResolvedRegularExpression,
)
from protocol.errors import ErrorCode

log = logging_setup.get_logger("kbroker.group")
E = ErrorCode


_Plan = Plan[Record, HeartbeatResult]


class ConsumerGroupManager(GroupRequestQueue[ConsumerGroup, Record, HeartbeatResult]):
    kind = "consumer group"

    @property
    def topics(self) -> TopicsView:
        return self.subscriptions.topics

    @topics.setter
    def topics(self, topics: TopicsView) -> None:
        self.subscriptions.topics = topics

    def __init__(
        self, partition: int, config: ConsumerGroupConfig, clock: Clock, timers: Timers, outputs: Outputs
    ):
        super().__init__()
        self.partition = partition
        self.config = config
        self.clock = clock
        self.timers = timers
        self.outputs = outputs
        self.groups: dict[str, ConsumerGroup] = {}
        self.subscriptions = Subscriptions(config)
        self._empty_since: dict[str, int] = {}  # group id -> when it became Empty (wall ms)
        # A classic group holds this id and is not empty: consumer members may not take it.
        self.classic_group_busy: Callable[[str], bool] = lambda _group_id: False
        # KIP-848 online migration (migration.py), wired by the shard: its classic groups, their
        # maximum size, what a classic group does once it replaces a consumer group, and what
        # it does when it becomes one.
        self.classic_group: Callable[[str], ClassicGroup | None] = lambda _group_id: None
        self.classic_max_size = 2**31 - 1
        self.downgraded: Callable[[str], None] = lambda _group_id: None
        self.upgrading: Callable[[str], None] = lambda _group_id: None
        self.converting: set[str] = set()  # group ids whose conversion is being written
        self.classic = ClassicMembers(self)  # classic protocol members (classic_members.py)

    def error_answer(self, error: ErrorCode, message: str | None = None) -> HeartbeatResult:
        return HeartbeatResult(error, message)

    # == ConsumerGroupHeartbeat =================================================================

    def heartbeat(self, req: ConsumerGroupHeartbeat, waiter: Any) -> None:
        try:
            self._validate(req)
        except GroupError as e:
            self.outputs.reply(waiter, HeartbeatResult(e.error, e.message))
            return
        if req.member_epoch in (LEAVE_GROUP_MEMBER_EPOCH, LEAVE_GROUP_STATIC_MEMBER_EPOCH):
            self._run(req.group_id, partial(self._leave, req), waiter)
        else:
            self._run(req.group_id, partial(self._heartbeat, req), waiter)

    def _validate(self, req: ConsumerGroupHeartbeat) -> None:
        def invalid(message: str) -> GroupError:
            return GroupError(E.INVALID_REQUEST, message)

        if not req.group_id:
            raise invalid("GroupId can't be empty.")
        if req.instance_id == "":
            raise invalid("InstanceId can't be empty.")
        if req.rack_id == "":
            raise invalid("RackId can't be empty.")
        epoch = req.member_epoch
        if epoch > 0 or epoch == LEAVE_GROUP_MEMBER_EPOCH:
            if not req.member_id:
                raise invalid("MemberId can't be empty.")
        elif epoch == 0:
            if req.api_version >= 1 and not req.member_id:
                raise invalid("MemberId can't be empty.")  # KIP-1082: v1 members make their own id
            if req.rebalance_timeout_ms == -1:
                raise invalid("RebalanceTimeoutMs must be provided in first request.")
            if req.topic_partitions is None or req.topic_partitions:
                raise invalid("TopicPartitions must be empty when (re-)joining.")
            if not req.subscribed_topic_names and req.subscribed_topic_regex is None:
                raise invalid("SubscribedTopicNames or SubscribedTopicRegex must be set in first request.")
        elif epoch == LEAVE_GROUP_STATIC_MEMBER_EPOCH:
            if not req.member_id:
                raise invalid("MemberId can't be empty.")
            if req.instance_id is None:
                raise invalid("InstanceId can't be null.")
        else:
            raise invalid("MemberEpoch is invalid.")
        if req.subscribed_topic_names and req.subscribed_topic_regex:
            raise invalid("SubscribedTopicNames and SubscribedTopicRegex cannot be used together.")
        if req.server_assignor is not None and req.server_assignor not in self.config.assignors:
            raise GroupError(
                E.UNSUPPORTED_ASSIGNOR,
                f"ServerAssignor {req.server_assignor} is not supported. "
                f"Supported assignors: {', '.join(self.config.assignors)}.",
            )
        if req.subscribed_topic_regex:
            self.subscriptions.remember_regex(
                req.subscribed_topic_regex, compile_regex(req.subscribed_topic_regex)
            )

    def _heartbeat(self, req: ConsumerGroupHeartbeat, classic: ClassicMemberMetadata | None = None) -> _Plan:
        """A heartbeat of a member; `classic`: the JoinGroup of a classic protocol member
        (classic_members.py), with its session timeout and protocols."""
        records: list[Record] = []
        group_id = req.group_id
        joining = req.member_epoch == 0
        group = self.groups.get(group_id)
        upgraded = False
        if group is None:
            if not joining:
                raise GroupError(E.UNKNOWN_MEMBER_ID, f"Group {group_id} not found.")
            classic_group = self.classic_group(group_id)
            if classic_group is not None and migration.is_upgradable_state(classic_group):
                group = self._upgrade(classic_group, records)
                upgraded = True
            elif self.classic_group_busy(group_id):
                raise GroupError(E.GROUP_ID_NOT_FOUND, f"Group {group_id} is not a consumer group.")
            else:
                group = ConsumerGroup(group_id)
                records.append(epoch_record(group_id, 0, self.clock.wall_ms()))
        member_id = req.member_id or f"{uuid.uuid4()}"
        if (
            len(group.members) >= self.config.max_size
            and member_id not in group.members
            and (req.instance_id is None or req.instance_id not in group.static_members)
        ):
            raise GroupError(
                E.GROUP_MAX_SIZE_REACHED,
                f"The consumer group has reached its maximum capacity of {self.config.max_size} members.",
            )
        member, replaced = self._member_for(group, req, member_id, joining, records, classic is not None)

        # 1. The member's subscription; the group epoch moves if subscriptions or metadata do.
        updated = replace(
            member,
            instance_id=req.instance_id if req.instance_id is not None else member.instance_id,
            rack_id=req.rack_id if req.rack_id is not None else member.rack_id,
            rebalance_timeout_ms=(
                req.rebalance_timeout_ms if req.rebalance_timeout_ms != -1 else member.rebalance_timeout_ms
            ),
            server_assignor=req.server_assignor
            if req.server_assignor is not None
            else member.server_assignor,
            subscribed_topic_names=(
                tuple(sorted(set(req.subscribed_topic_names)))
                if req.subscribed_topic_names is not None
                else member.subscribed_topic_names
            ),
            subscribed_topic_regex=(
                (req.subscribed_topic_regex or None)
                if req.subscribed_topic_regex is not None
                else (None if req.subscribed_topic_names is not None else member.subscribed_topic_regex)
            ),
            client_id=req.client_id,
            client_host=req.client_host,
            # A ConsumerGroupHeartbeat makes it a consumer protocol member (Kafka sets no
            # ClassicMemberMetadata then), the successor of a classic static member too.
            classic=classic,
        )
        bump = False
        is_new = member_id not in group.members and replaced is None
        if is_new or updated.subscription() != member.subscription():
            records.append(member_subscription_record(group_id, updated))
            bump = is_new or (
                updated.subscribed_topic_names != member.subscribed_topic_names
                or updated.subscribed_topic_regex != member.subscribed_topic_regex
                or updated.server_assignor != member.server_assignor
            )
        subscription_moved = is_new or replaced is not None or bump
        if subscription_moved or self.subscriptions.metadata_changed(group):
            # (recomputed only then: a heartbeat of a stable member costs O(1), not O(members))
            members = dict(group.members)
            if replaced is not None:
                del members[replaced]
            members[member_id] = updated
            records += self._regex_records(group, members, group.group_epoch + 1)
            metadata = self.subscriptions.subscription_metadata(members)
            if metadata != group.subscription_metadata:
                records.append(subscription_metadata_record(group_id, metadata))
                bump = True
        else:
            members, metadata = group.members, group.subscription_metadata
        group_epoch = group.group_epoch
        if bump:
            group_epoch += 1
            records.append(epoch_record(group_id, group_epoch, group.created_ms))
            log.info("bump group epoch", group=group_id, epoch=group_epoch, member=member_id)
            if self.outputs.watch.listeners:
                self.outputs.watch.publish("epoch", group_id, epoch=group_epoch, member=member_id)

        # 2. A new target assignment at the new epoch.
        if group_epoch > group.assignment_epoch:
            targets = self.subscriptions.target_assignment(group, members, metadata)
            for mid, partitions in targets.items():
                if partitions != group.target.get(mid) or mid not in group.target:
                    records.append(target_member_record(group_id, mid, partitions))
            records.append(target_epoch_record(group_id, group_epoch))
            target_epoch, target = group_epoch, targets.get(member_id, {})
        else:
            target_epoch, target = group.assignment_epoch, group.target_of(replaced or member_id)

        # 3. The member's current assignment, one step toward the target.
        def owner_of(topic_id: uuid.UUID, partition: int) -> str | None:
            owner = group.partition_owner(topic_id, partition)
            return None if owner in (member_id, replaced) else owner

        owned = req.topic_partitions
        try:
            reconciled = reconcile(updated, target_epoch, target, owner_of, owned)
        except FencedMember as e:
            raise GroupError(E.FENCED_MEMBER_EPOCH, str(e)) from None
        changed = reconciled.current_assignment() != member.current_assignment() or is_new
        if changed:
            records.append(current_assignment_record(group_id, reconciled))
            if self.outputs.watch.listeners:
                self.outputs.watch.publish(
                    "reconcile",
                    group_id,
                    member=member_id,
                    member_epoch=reconciled.member_epoch,
                    target_epoch=target_epoch,
                    state=reconciled.state.name,
                    assigned=sum(len(ps) for ps in reconciled.assigned.values()),
                    pending_revocation=sum(len(ps) for ps in reconciled.pending_revocation.values()),
                    target=sum(len(ps) for ps in target.values()),
                )

        full = joining or (
            req.rebalance_timeout_ms != -1 and req.subscribed_topic_names is not None and owned is not None
        )
        result = HeartbeatResult(
            member_id=member_id,
            member_epoch=reconciled.member_epoch,
            heartbeat_interval_ms=self.config.heartbeat_interval_for(group_id),
            assignment=reconciled.assigned
            if full or reconciled.assigned != member.assigned or is_new
            else None,
        )
        after = partial(self._after_heartbeat, group_id, reconciled, replaced)
        if upgraded:
            return self._upgrade_plan(group, records, result, after)
        return _Plan(records, result, after)

    # == Online upgrade (migration.py) ==========================================================

    def _upgrade(self, classic_group: ClassicGroup, records: list[Record]) -> ConsumerGroup:
        """The consumer group a classic group becomes as a consumer member joins it; its records
        go first into `records`. GROUP_ID_NOT_FOUND when the policy or the group forbids it."""
        group_id = classic_group.group_id
        refusal = migration.upgrade_refusal(classic_group, self.config)
        if refusal is not None:
            log.info("refuse to upgrade classic group", group=group_id, reason=refusal)
            raise GroupError(E.GROUP_ID_NOT_FOUND, f"Group {group_id} is not a consumer group.")
        try:
            group, conversion = migration.upgrade(classic_group, self.topics(), self.clock.wall_ms())
        except migration.MigrationError as e:
            log.warning("fail to upgrade classic group", group=group_id, reason=str(e))
            raise GroupError(
                E.GROUP_ID_NOT_FOUND,
                f"Cannot upgrade the classic group {group_id} to consumer group because the embedded "
                "consumer protocol is malformed.",
            ) from None
        records.extend(conversion)
        return group

    def _upgrade_plan(
        self, group: ConsumerGroup, records: list[Record], result: HeartbeatResult, after: Callable[[], None]
    ) -> _Plan:
        """While the conversion is written, the classic group's requests wait in this group's
        queue (the shard routes them here); its parked ones are told to rejoin."""
        group_id = group.group_id
        self.converting.add(group_id)
        self.upgrading(group_id)
        log.info("upgrade classic group", group=group_id, epoch=group.group_epoch, members=len(group.members))

        def written() -> None:
            self.converting.discard(group_id)
            for member_id in group.members:  # the classic members' sessions, at their own timeouts
                self._schedule_session(group_id, member_id)
            after()

        return _Plan(records, result, written, lambda _error: self.converting.discard(group_id))

    def _member_for(
        self,
        group: ConsumerGroup,
        req: ConsumerGroupHeartbeat,
        member_id: str,
        joining: bool,
        records: list[Record],
        uses_classic_protocol: bool = False,
    ) -> tuple[ConsumerGroupMember, str | None]:
        """The member as it is (or a new one), and the id of the static member it replaces.
        As Kafka's getOrMaybeSubscribeStaticConsumerGroupMember, an active static member is
        replaced at once unless both it and the newcomer use the consumer protocol (then it
        must have left first): a classic member cannot say it left (its LeaveGroup removes it),
        so a classic one rejoining with no member id, or a consumer one taking over a classic
        one's instance id during an upgrade, is the same instance restarted."""
        if req.instance_id is None:
            member = group.members.get(member_id)
            if member is None:
                if not joining:
                    raise GroupError(E.UNKNOWN_MEMBER_ID, f"Member {member_id} is not a member of the group.")
                log.info("join consumer group", group=group.group_id, member=member_id)
                if self.outputs.watch.listeners:
                    self.outputs.watch.publish(
                        "member-joined", group.group_id, member=member_id, client_id=req.client_id or None
                    )
                return ConsumerGroupMember(member_id), None
            if joining:
                # Rejoining with epoch 0: it gave up its partitions; they are released.
                return replace(
                    member, member_epoch=0, state=MemberState.STABLE, assigned={}, pending_revocation={}
                ), None
            self._check_epoch(member, req)
            return member, None
        existing = group.static_member(req.instance_id)
        if joining:
            if existing is None:
                log.info(
                    "join consumer group", group=group.group_id, member=member_id, instance=req.instance_id
                )
                return ConsumerGroupMember(member_id, instance_id=req.instance_id), None
            if (
                not uses_classic_protocol
                and not existing.uses_classic_protocol
                and existing.member_epoch != LEAVE_GROUP_STATIC_MEMBER_EPOCH
                and existing.member_id != member_id
            ):
                raise GroupError(
                    E.UNRELEASED_INSTANCE_ID,
                    f"Static member {existing.member_id} with instance id {req.instance_id} "
                    "is still active; it must leave the group first.",
                )
            if existing.member_id == member_id:
                return replace(
                    existing, member_epoch=0, state=MemberState.STABLE, assigned={}, pending_revocation={}
                ), None
            # The static member comes back under a new member id: it takes over the old one's
            # assignment (at epoch 0, reconciled to the target at once): no rebalance.
            new = replace(existing, member_id=member_id, member_epoch=0, previous_member_epoch=0)
            records.extend(member_tombstones(group.group_id, existing.member_id))
            records.append(member_subscription_record(group.group_id, new))
            records.append(
                target_member_record(group.group_id, member_id, group.target_of(existing.member_id))
            )
            records.append(current_assignment_record(group.group_id, new))
            log.info(
                "replace static member",
                group=group.group_id,
                member=member_id,
                previous=existing.member_id,
                instance=req.instance_id,
            )
            return new, existing.member_id
        if existing is None:
            raise GroupError(E.UNKNOWN_MEMBER_ID, f"Instance id {req.instance_id} is unknown.")
        if existing.member_id != member_id:
            raise GroupError(
                E.FENCED_INSTANCE_ID,
                f"Static member {member_id} with instance id {req.instance_id} was fenced by member "
                f"{existing.member_id}.",
            )
        self._check_epoch(existing, req)
        return existing, None

    @staticmethod
    def _check_epoch(member: ConsumerGroupMember, req: ConsumerGroupHeartbeat) -> None:
        epoch = req.member_epoch
        if epoch > member.member_epoch:
            raise GroupError(
                E.FENCED_MEMBER_EPOCH,
                f"The consumer group member has a greater member epoch ({epoch}) than the one known by "
                f"the group coordinator ({member.member_epoch}). The member must abandon all its "
                "partitions and rejoin.",
            )
        if epoch < member.member_epoch:
            # The answer with the bumped epoch may have been lost: the previous epoch is accepted
            # from a member owning no more than its assignment.
            owned = req.topic_partitions
            subset = owned is not None and all(p in member.assigned.get(t, ()) for t, ps in owned for p in ps)
            if epoch != member.previous_member_epoch or not subset:
                raise GroupError(
                    E.FENCED_MEMBER_EPOCH,
                    f"The consumer group member has a smaller member epoch ({epoch}) than the one known by "
                    f"the group coordinator ({member.member_epoch}). The member must abandon all its "
                    "partitions and rejoin.",
                )

    def _after_heartbeat(
        self, group_id: str, member: ConsumerGroupMember, replaced: str | None = None
    ) -> None:
        if replaced is not None:  # the static member's previous id is gone: so are its timers
            self._cancel_timers(group_id, replaced)
        self._schedule_session(group_id, member.member_id)
        if member.state is MemberState.UNREVOKED_PARTITIONS:
            timeout = member.rebalance_timeout_ms if member.rebalance_timeout_ms > 0 else 300_000
            if rebalance_key(group_id, member.member_id) not in self.timers:
                self.timers.schedule(
                    rebalance_key(group_id, member.member_id),
                    self.clock.monotonic_ms() + timeout,
                    partial(self._rebalance_timeout, group_id, member.member_id, member.member_epoch),
                )
        else:
            self.timers.cancel(rebalance_key(group_id, member.member_id))

    def _schedule_session(self, group_id: str, member_id: str) -> None:
        group = self.groups.get(group_id)
        member = None if group is None else group.members.get(member_id)
        timeout = (
            member.classic.session_timeout_ms
            if member is not None and member.classic is not None
            else self.config.session_timeout_for(group_id)
        )
        self.timers.schedule(
            session_key(group_id, member_id),
            self.clock.monotonic_ms() + timeout,
            partial(self._fence_later, group_id, member_id, None, "the member session expired"),
        )

    def _rebalance_timeout(self, group_id: str, member_id: str, epoch: int) -> None:
        self._fence_later(group_id, member_id, epoch, "the member failed to revoke its partitions in time")

    # == Leaving and fencing ====================================================================

    def _leave(self, req: ConsumerGroupHeartbeat) -> _Plan:
        group = self.groups.get(req.group_id)
        if group is None:
            raise GroupError(E.UNKNOWN_MEMBER_ID, f"Group {req.group_id} not found.")
        if req.instance_id is None:
            member = group.members.get(req.member_id)
            if member is None:
                raise GroupError(E.UNKNOWN_MEMBER_ID, f"Member {req.member_id} is not a member of the group.")
        else:
            member = group.static_member(req.instance_id)
            if member is None:
                raise GroupError(E.UNKNOWN_MEMBER_ID, f"Instance id {req.instance_id} is unknown.")
            if member.member_id != req.member_id:
                raise GroupError(
                    E.FENCED_INSTANCE_ID,
                    f"Static member {req.member_id} with instance id {req.instance_id} was fenced by "
                    f"member {member.member_id}.",
                )
            if req.member_epoch == LEAVE_GROUP_STATIC_MEMBER_EPOCH:
                # It will be back within its session: it keeps its assignment till then.
                leaving = replace(member, member_epoch=LEAVE_GROUP_STATIC_MEMBER_EPOCH, pending_revocation={})
                log.info("leave consumer group", group=group.group_id, member=member.member_id, static=True)
                return _Plan(
                    [current_assignment_record(group.group_id, leaving)],
                    HeartbeatResult(member_id=member.member_id, member_epoch=LEAVE_GROUP_STATIC_MEMBER_EPOCH),
                )
        log.info("leave consumer group", group=group.group_id, member=member.member_id)
        if self.outputs.watch.listeners:
            self.outputs.watch.publish("member-left", group.group_id, member=member.member_id)
        downgrade = self._downgrade_plan(
            group, member, HeartbeatResult(member_id=req.member_id, member_epoch=req.member_epoch)
        )
        if downgrade is not None:
            return downgrade
        return _Plan(
            self._fence_records(group, member),
            HeartbeatResult(member_id=req.member_id, member_epoch=req.member_epoch),
            partial(self._cancel_timers, group.group_id, member.member_id),
        )

    def _regex_records(
        self, group: ConsumerGroup, members: dict[str, ConsumerGroupMember], epoch: int
    ) -> list[ConsumerGroupRecord]:
        """KIP-848's resolved regular expressions (type-16 records): a regex in use whose topics
        differ from its written resolution is written again (`version`: the group epoch it
        resolves for), one no member uses any more gets its tombstone. Replayed, they are what
        the group resolved, after a restart too."""
        records = []
        resolutions = self.subscriptions.regex_resolutions(members)
        for pattern, topics in sorted(resolutions.items()):
            written = group.resolved_regexes.get(pattern)
            if written is None or written.topics != topics:
                resolved = ResolvedRegularExpression(topics, epoch, self.clock.wall_ms())
                records.append(regex_record(group.group_id, pattern, resolved))
                log.info("resolve regex", group=group.group_id, regex=pattern, topics=len(topics))
        records += [
            regex_record(group.group_id, pattern, None)
            for pattern in sorted(group.resolved_regexes)
            if pattern not in resolutions
        ]
        return records

    def _fence_records(self, group: ConsumerGroup, member: ConsumerGroupMember) -> list[Record]:
        return self._leave_records(group, [member])

    def _leave_records(self, group: ConsumerGroup, leaving: list[ConsumerGroupMember]) -> list[Record]:
        records: list[Record] = []
        for member in leaving:
            records.extend(member_tombstones(group.group_id, member.member_id))
        gone = {m.member_id for m in leaving}
        rest = {mid: m for mid, m in group.members.items() if mid not in gone}
        records += self._regex_records(group, rest, group.group_epoch + 1)
        metadata = self.subscriptions.subscription_metadata(rest)
        if metadata != group.subscription_metadata:
            records.append(subscription_metadata_record(group.group_id, metadata))
        records.append(epoch_record(group.group_id, group.group_epoch + 1, group.created_ms))
        return records

    def _cancel_timers(self, group_id: str, member_id: str) -> None:
        self.timers.cancel(session_key(group_id, member_id))
        self.timers.cancel(rebalance_key(group_id, member_id))
        self.timers.cancel(join_timeout_key(group_id, member_id))
        self.timers.cancel(sync_timeout_key(group_id, member_id))

    # == Online downgrade (migration.py) ========================================================

    def _downgrade_plan(
        self,
        group: ConsumerGroup,
        leaving: ConsumerGroupMember,
        result: Any,
        joining: ConsumerGroupMember | None = None,
        before: Iterable[Record] = (),
    ) -> _Plan | None:
        """The group as a classic group, if `leaving` is its last consumer protocol member and
        the policy allows it (None: it stays a consumer group). `joining`: the static classic
        member replacing `leaving`, whose records (`before`) go first in the same append (Kafka's
        classicGroupJoinToConsumerGroup); every member then keeps its assignment in a Stable
        classic group, with no rebalance, as Kafka's convertToClassicGroup with a joining member."""
        group_id = group.group_id
        refusal = migration.downgrade_refusal(
            group, leaving.member_id, self.config, self.classic_max_size, replaced=joining is not None
        )
        if refusal is not None:
            if refusal == "the online downgrade is disabled":
                log.info("refuse to downgrade consumer group", group=group_id, reason=refusal)
            return None
        names = {info.topic_id: name for name, info in self.topics().items()}
        try:
            records = migration.downgrade_records(
                group, leaving.member_id, names, self.clock.wall_ms(), joining
            )
        except migration.MigrationError as e:
            log.warning("fail to downgrade consumer group", group=group_id, reason=str(e))
            return None
        log.info(
            "downgrade consumer group",
            group=group_id,
            epoch=group.group_epoch,
            members=len(group.members) - (joining is None),
            leaving=leaving.member_id,
            joining=None if joining is None else joining.member_id,
        )
        self.converting.add(group_id)
        members = list(group.members) + ([joining.member_id] if joining is not None else [])

        def written() -> None:
            self.converting.discard(group_id)
            for member_id in members:  # the classic group keeps their sessions now
                self._cancel_timers(group_id, member_id)
            if joining is None:
                self.downgraded(group_id)

        return _Plan([*before, *records], result, written, lambda _error: self.converting.discard(group_id))

    def _fence_later(self, group_id: str, member_id: str, epoch: int | None, reason: str) -> None:
        self._run(group_id, partial(self._fence, group_id, member_id, epoch, reason))

    def _fence(self, group_id: str, member_id: str, epoch: int | None, reason: str) -> _Plan:
        group = self.groups.get(group_id)
        member = None if group is None else group.members.get(member_id)
        if group is None or member is None:
            return _Plan([], None)
        if epoch is not None and (
            member.state is not MemberState.UNREVOKED_PARTITIONS or member.member_epoch != epoch
        ):
            return _Plan([], None)  # it revoked in time after all
        log.info("fence member", group=group_id, member=member_id, epoch=member.member_epoch, reason=reason)
        if self.outputs.watch.listeners:
            self.outputs.watch.publish(
                "member-expired", group_id, member=member_id, epoch=member.member_epoch, reason=reason
            )
        downgrade = self._downgrade_plan(group, member, None)
        if downgrade is not None:
            return downgrade
        return _Plan(
            self._fence_records(group, member),
            None,
            partial(self._cancel_timers, group_id, member_id),
            lambda _error: self._schedule_session(group_id, member_id),  # try again later
        )

    # == Replay =================================================================================

    def replay(self, record: Record) -> None:
        if not isinstance(record, ConsumerGroupRecord):
            return  # a conversion's classic group record: the shard replays it (migration.py)
        group_id = record.key.group_id
        group = self.groups.get(group_id)
        if record.key.type is RecordType.CONSUMER_GROUP_METADATA and record.value is None:
            if group is not None:
                self._drop(group)
            return
        if group is None:
            if record.value is None:
                return
            group = self.groups[group_id] = ConsumerGroup(group_id)
        group.replay(record)
        if record.key.type is RecordType.CONSUMER_GROUP_MEMBER_METADATA and not self._shadowing:
            if group.members:
                self._empty_since.pop(group_id, None)
            else:
                self._empty_since.setdefault(group_id, self.clock.wall_ms())

    def empty_since(self, group_id: str) -> int | None:
        """When the group became Empty (wall ms; None while it has members), for offset retention.
        Not in any record: a group found Empty after loading counts from when it is first asked."""
        group = self.groups.get(group_id)
        if group is None or group.members:
            return None
        return self._empty_since.setdefault(group_id, self.clock.wall_ms())

    def busy(self, group_id: str) -> bool:
        """A write of the group's is in flight (its state is about to change)."""
        return group_id in self._busy

    def _drop(self, group: ConsumerGroup) -> None:
        del self.groups[group.group_id]
        if self._shadowing:
            return
        self._empty_since.pop(group.group_id, None)
        for member_id in group.members:
            self._cancel_timers(group.group_id, member_id)
        log.info("remove consumer group", group=group.group_id)

    def loaded(self) -> None:
        """After loading: every member gets a fresh session (and is fenced if it does not come back)."""
        for group in self.groups.values():
            for member_id in group.members:
                self._schedule_session(group.group_id, member_id)

    def unload(self) -> None:
        self.groups.clear()
        self._empty_since.clear()
        self._busy.clear()
        self.converting.clear()

    # == Describe, list, delete, offset commits ==================================================

    def describe(self, group_id: str) -> DescribedConsumerGroup:
        group = self.groups.get(group_id)
        if group is None:
            return DescribedConsumerGroup(group_id, E.GROUP_ID_NOT_FOUND, f"Group {group_id} not found.")
        return DescribedConsumerGroup(
            group_id,
            state=str(group.state),
            group_epoch=group.group_epoch,
            assignment_epoch=group.assignment_epoch,
            assignor=self.subscriptions.preferred_assignor(group.members.values()),
            members=[
                DescribedConsumerMember(m, group.target_of(m.member_id)) for m in group.members.values()
            ],
        )

    def list_groups(self, states: Iterable[str] = (), types: Iterable[str] = ()) -> list[ListedGroup]:
        wanted_states = {s.lower() for s in states}
        wanted_types = {t.lower() for t in types}
        if wanted_types and "consumer" not in wanted_types:
            return []
        return [
            ListedGroup(g.group_id, "consumer", str(g.state), "consumer")
            for g in self.groups.values()
            if not wanted_states or str(g.state).lower() in wanted_states
        ]

    def delete_records(self, group_id: str) -> tuple[ErrorCode, list[ConsumerGroupRecord]]:
        group = self.groups.get(group_id)
        if group is None:
            return E.GROUP_ID_NOT_FOUND, []
        if group.state is not ConsumerGroupState.EMPTY:
            return E.NON_EMPTY_GROUP, []
        return E.NONE, group_tombstones(group_id)

    def validate_offset_commit(
        self,
        group_id: str,
        member_id: str,
        member_epoch: int,
        instance_id: str | None,
        api_version: int,
        transactional: bool = False,
    ) -> ErrorCode | None:
        """Kafka's ConsumerGroup.validateOffsetCommit (None: accepted). A TxnOffsetCommit's stale
        epoch is ILLEGAL_GENERATION: its clients know no STALE_MEMBER_EPOCH."""
        group = self.groups[group_id]
        if member_epoch < 0 and not group.members:
            return None  # an admin commit (or a consumer without group management) to an empty group
        if transactional and member_epoch == -1 and not member_id and instance_id is None:
            return None  # a TxnOffsetCommit before v3 names no member: nothing to check
        member = group.members.get(member_id)
        if member is None:
            return E.UNKNOWN_MEMBER_ID
        if member.uses_classic_protocol:
            # A classic member commits with its generation, which is its member epoch.
            return None if member_epoch == member.member_epoch else E.ILLEGAL_GENERATION
        if not transactional and api_version < 9:
            return E.UNSUPPORTED_VERSION  # consumer protocol members commit with v9+
        if member_epoch != member.member_epoch:
            return E.ILLEGAL_GENERATION if transactional else E.STALE_MEMBER_EPOCH
        return None

    def validate_offset_fetch(
        self, group_id: str, member_id: str | None, member_epoch: int
    ) -> ErrorCode | None:
        """Kafka's ConsumerGroup.validateOffsetFetch (OffsetFetch v9+): a request naming no member
        (the admin client, older clients) is accepted; a member must exist and be at its epoch."""
        if member_id is None and member_epoch < 0:
            return None
        member = self.groups[group_id].members.get(member_id or "")
        if member is None:
            return E.UNKNOWN_MEMBER_ID
        if member_epoch != member.member_epoch:
            return E.STALE_MEMBER_EPOCH
        return None

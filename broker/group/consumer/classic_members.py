"""Classic protocol members (JoinGroup, SyncGroup, Heartbeat, LeaveGroup) in a KIP-848 consumer
group, as Kafka 4's GroupMetadataManager (classicGroupJoinToConsumerGroup and its siblings).

A classic member is a consumer group member like the others, with its session timeout and its
JoinGroup protocols kept (ClassicMemberMetadata). The server assigns: its JoinGroup is a
ConsumerGroupHeartbeat carrying the subscription and owned partitions of its embedded consumer
protocol, answered with generation = its member epoch (it is never the leader); its SyncGroup is
answered with its current assignment; its Heartbeat answers REBALANCE_IN_PROGRESS when it must
rejoin (the group epoch moved past it, it has partitions to revoke, or the partitions it waits for
are free). Join and leave go through the group's request queue (manager.py); sync and heartbeat
write nothing.

When a request finds the group no longer a consumer group (an online downgrade was written while
it waited in the queue) it goes to the classic protocol (`fallback_*`, set by the shard).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from broker import logging_setup
from broker.group.consumer.events import ConsumerGroupHeartbeat, GroupError, HeartbeatResult
from broker.group.consumer.group import ConsumerGroup, ConsumerGroupMember, MemberState, group_tombstones
from broker.group.consumer.migration import (
    classic_protocol_of,
    encode_classic_assignment,
    owned_partitions,
    subscription_of,
    supports_classic_protocols,
)
from broker.group.events import (
    Heartbeat,
    JoinGroup,
    JoinResult,
    LeaveGroup,
    LeaveResult,
    SyncGroup,
    SyncResult,
)
from broker.group.modern import Plan
from broker.group.records import Record
from protocol import consumer_protocol as cp
from protocol.consumer_group_records import ClassicMemberMetadata
from protocol.errors import ErrorCode, ProtocolDecodeError

if TYPE_CHECKING:
    from broker.group.consumer.manager import ConsumerGroupManager

log = logging_setup.get_logger("kbroker.group")
E = ErrorCode


def join_timeout_key(group_id: str, member_id: str) -> tuple[str, str, str]:
    return ("cg-classic-join", group_id, member_id)


def sync_timeout_key(group_id: str, member_id: str) -> tuple[str, str, str]:
    return ("cg-classic-sync", group_id, member_id)


class ClassicMembers:
    def __init__(self, manager: ConsumerGroupManager) -> None:
        self.manager = manager
        # The classic protocol's own handling, for a request whose group stopped being a consumer group.
        self.fallback_join: Callable[[JoinGroup, Any], None] = lambda _req, _waiter: None
        self.fallback_sync: Callable[[SyncGroup, Any], None] = lambda _req, _waiter: None
        self.fallback_leave: Callable[[LeaveGroup, Any], None] = lambda _req, _waiter: None

    # == JoinGroup ===============================================================================

    def join(self, req: JoinGroup, waiter: Any) -> None:
        self.manager._run(req.group_id, partial(self._join, req, waiter), waiter)

    def _join(self, req: JoinGroup, waiter: Any) -> Plan[Record, Any]:
        mgr = self.manager
        group = mgr.groups.get(req.group_id)
        if group is None:
            self.fallback_join(req, waiter)
            return Plan([], None)
        if not group.members:
            # Kafka's classicGroupJoinToClassicGroup: an empty consumer group gives way to a classic one.
            log.info("replace empty consumer group", group=req.group_id)
            return Plan(
                list(group_tombstones(req.group_id)), None, after=partial(self.fallback_join, req, waiter)
            )
        member_id = req.member_id or f"{uuid.uuid4()}"
        try:
            return self._join_member(group, req, member_id)
        except GroupError as e:
            return Plan([], JoinResult(e.error, req.member_id))

    def _join_member(self, group: ConsumerGroup, req: JoinGroup, member_id: str) -> Plan[Record, Any]:
        mgr = self.manager
        if (
            len(group.members) >= mgr.config.max_size
            and member_id not in group.members
            and (req.group_instance_id is None or req.group_instance_id not in group.static_members)
        ):
            raise GroupError(E.GROUP_MAX_SIZE_REACHED, "The consumer group has reached its maximum capacity.")
        if not supports_classic_protocols(group, req.protocol_type, {n for n, _ in req.protocols}):
            raise GroupError(
                E.INCONSISTENT_GROUP_PROTOCOL, f"Member {member_id}'s protocols are not supported."
            )
        if not req.member_id and req.group_instance_id is None and req.require_known_member_id:
            log.info(
                "ask consumer group member to rejoin with its id", group=group.group_id, member=member_id
            )
            return Plan([], JoinResult(E.MEMBER_ID_REQUIRED, member_id))
        try:
            subscription = subscription_of(req.protocols)
        except ProtocolDecodeError:
            raise GroupError(
                E.INCONSISTENT_GROUP_PROTOCOL, "Malformed consumer protocol subscription."
            ) from None
        existing, replacing = self._existing(group, req, member_id)
        current = None if replacing else existing  # the member rejoining (None: one joins anew)
        if current is not None and not current.uses_classic_protocol:
            raise GroupError(E.UNKNOWN_MEMBER_ID, f"Member {member_id} does not use the classic protocol.")
        heartbeat = ConsumerGroupHeartbeat(
            group.group_id,
            current.member_id if current is not None else member_id,
            current.member_epoch if current is not None else 0,
            instance_id=req.group_instance_id,
            rack_id=subscription.rack_id,
            rebalance_timeout_ms=req.rebalance_timeout_ms,
            subscribed_topic_names=list(subscription.topics),
            topic_partitions=owned_partitions(subscription, mgr.topics()),
            client_id=req.client_id,
            client_host=req.client_host,
        )
        classic = ClassicMemberMetadata(req.session_timeout_ms, tuple(req.protocols))
        plan = mgr._heartbeat(heartbeat, classic)
        result = plan.result
        assert isinstance(result, HeartbeatResult)
        joined = result.member_id or member_id
        if replacing:
            assert existing is not None  # (manager.py logs the replacement)
            joining = replace(
                existing,
                member_id=joined,
                client_id=req.client_id,
                client_host=req.client_host,
                rebalance_timeout_ms=req.rebalance_timeout_ms,
                classic=classic,
            )
            downgrade = mgr._downgrade_plan(group, existing, None, joining, plan.records)
            if downgrade is not None:
                return self._downgraded_join(group, req, joined, downgrade)
        answer = JoinResult(
            E.NONE,
            joined,
            generation_id=result.member_epoch,
            protocol_type=cp.PROTOCOL_TYPE,
            protocol_name=req.protocols[0][0],
            leader="",  # the server assigns: no member runs an assignor
            skip_assignment=False,
        )
        after = plan.after

        def joined_after() -> None:
            if after is not None:
                after()
            mgr.timers.cancel(join_timeout_key(group.group_id, joined))
            # Joined, it has its rebalance timeout to come for its assignment, or it is fenced.
            self._schedule_fence(
                sync_timeout_key(group.group_id, joined),
                group.group_id,
                joined,
                req.rebalance_timeout_ms,
                "the member failed to sync in time",
            )

        return Plan(
            plan.records, answer, joined_after, error_result=lambda error: JoinResult(error, req.member_id)
        )

    @staticmethod
    def _downgraded_join(
        group: ConsumerGroup, req: JoinGroup, joined: str, downgrade: Plan[Record, Any]
    ) -> Plan[Record, Any]:
        """The joining static member replaced the group's last consumer protocol member: the
        append makes the group a Stable classic group at the group epoch, where the newcomer
        holds its predecessor's assignment. It is answered that generation and the classic
        group's protocol, so that its SyncGroup (served by the classic group) gets that
        assignment. Kafka answers its member epoch and its first protocol, which the classic
        group refuses (ILLEGAL_GENERATION, INCONSISTENT_GROUP_PROTOCOL) when they differ."""
        answer = JoinResult(
            E.NONE,
            joined,
            generation_id=group.group_epoch,
            protocol_type=cp.PROTOCOL_TYPE,
            protocol_name=classic_protocol_of(downgrade.records) or req.protocols[0][0],
            leader="",  # it syncs for the assignment the classic group holds for it
            skip_assignment=False,
        )
        return Plan(
            downgrade.records,
            answer,
            downgrade.after,
            downgrade.on_error,
            error_result=lambda error: JoinResult(error, req.member_id),
        )

    @staticmethod
    def _existing(
        group: ConsumerGroup, req: JoinGroup, member_id: str
    ) -> tuple[ConsumerGroupMember | None, bool]:
        """The member the JoinGroup is of, and whether the joining one replaces it (Kafka's
        getOrMaybeSubscribe{Dynamic,Static}ConsumerGroupMember for a classic member)."""
        if req.group_instance_id is not None:
            member = group.static_member(req.group_instance_id)
            if not req.member_id:
                # A static member with no member id is the instance restarted: it takes the
                # place (and the assignment) of the one holding its instance id, which is fenced.
                return member, member is not None
            if member is None:
                raise GroupError(E.UNKNOWN_MEMBER_ID, f"Instance id {req.group_instance_id} is unknown.")
            if member.member_id != req.member_id:
                raise GroupError(
                    E.FENCED_INSTANCE_ID, f"Instance id {req.group_instance_id} is held by another member."
                )
            return member, False
        # As Kafka: a dynamic member with an id the group does not know (the one MEMBER_ID_REQUIRED
        # gave it, which is not stored) joins as a new member.
        return group.members.get(member_id), False

    # == SyncGroup ===============================================================================

    def sync(self, req: SyncGroup, waiter: Any) -> None:
        self.manager._run(req.group_id, partial(self._sync, req, waiter), waiter)

    def _sync(self, req: SyncGroup, waiter: Any) -> Plan[Record, Any]:
        group = self.manager.groups.get(req.group_id)
        if group is None:
            self.fallback_sync(req, waiter)
            return Plan([], None)
        try:
            member = self._validate(group, req.member_id, req.group_instance_id, req.generation_id)
        except GroupError as e:
            return Plan([], SyncResult(e.error))
        assert member.classic is not None
        protocol = member.classic.supported_protocols[0][0]
        if (req.protocol_type is not None and req.protocol_type != cp.PROTOCOL_TYPE) or (
            req.protocol_name is not None and req.protocol_name != protocol
        ):
            return Plan([], SyncResult(E.INCONSISTENT_GROUP_PROTOCOL))
        if group.group_epoch > member.member_epoch and member.state is not MemberState.UNREVOKED_PARTITIONS:
            self._schedule_join_timeout(group.group_id, member)
            return Plan([], SyncResult(E.REBALANCE_IN_PROGRESS))
        self.manager.timers.cancel(sync_timeout_key(group.group_id, member.member_id))
        self.manager._schedule_session(group.group_id, member.member_id)
        names = {info.topic_id: name for name, info in self.manager.topics().items()}
        assignment = encode_classic_assignment(member, member.assigned, names)
        return Plan([], SyncResult(E.NONE, cp.PROTOCOL_TYPE, protocol, assignment))

    # == Heartbeat ===============================================================================

    def heartbeat(self, req: Heartbeat) -> ErrorCode:
        """At once, from the group as it is durable: it writes nothing."""
        group = self.manager.groups[req.group_id]
        try:
            member = self._validate(group, req.member_id, req.group_instance_id, req.generation_id)
        except GroupError as e:
            return e.error
        self.manager._schedule_session(group.group_id, member.member_id)
        if (
            member.member_epoch < group.group_epoch
            or member.state is MemberState.UNREVOKED_PARTITIONS
            or (
                member.state is MemberState.UNRELEASED_PARTITIONS
                and not _waiting_on_unreleased(group, member)
            )
        ):
            self._schedule_join_timeout(group.group_id, member)
            return E.REBALANCE_IN_PROGRESS
        return E.NONE

    def _validate(
        self, group: ConsumerGroup, member_id: str, instance_id: str | None, generation: int
    ) -> ConsumerGroupMember:
        if instance_id is not None:
            found = group.static_member(instance_id)
            if found is None:
                raise GroupError(E.UNKNOWN_MEMBER_ID, f"Instance id {instance_id} is unknown.")
            if found.member_id != member_id:
                raise GroupError(
                    E.FENCED_INSTANCE_ID, f"Instance id {instance_id} is held by another member."
                )
            member = found
        else:
            got = group.members.get(member_id)
            if got is None:
                raise GroupError(E.UNKNOWN_MEMBER_ID, f"Member {member_id} is not a member of the group.")
            member = got
        if not member.uses_classic_protocol:
            raise GroupError(E.UNKNOWN_MEMBER_ID, f"Member {member_id} does not use the classic protocol.")
        if generation != member.member_epoch:
            raise GroupError(E.ILLEGAL_GENERATION, f"Generation {generation} is not {member.member_epoch}.")
        return member

    def _schedule_join_timeout(self, group_id: str, member: ConsumerGroupMember) -> None:
        """Told to rejoin, the member has its rebalance timeout to do so, or it is fenced."""
        key = join_timeout_key(group_id, member.member_id)
        if key not in self.manager.timers:
            self._schedule_fence(
                key,
                group_id,
                member.member_id,
                member.rebalance_timeout_ms,
                "the member failed to rejoin in time",
            )

    def _schedule_fence(self, key: Any, group_id: str, member_id: str, timeout_ms: int, reason: str) -> None:
        timeout = timeout_ms if timeout_ms > 0 else 300_000
        self.manager.timers.schedule(
            key,
            self.manager.clock.monotonic_ms() + timeout,
            partial(self.manager._fence_later, group_id, member_id, None, reason),
        )

    # == LeaveGroup ==============================================================================

    def leave(self, req: LeaveGroup, waiter: Any) -> None:
        self.manager._run(req.group_id, partial(self._leave, req, waiter), waiter)

    def _leave(self, req: LeaveGroup, waiter: Any) -> Plan[Record, Any]:
        mgr = self.manager
        group = mgr.groups.get(req.group_id)
        if group is None:
            self.fallback_leave(req, waiter)
            return Plan([], None)
        answers: list[tuple[str, str | None, ErrorCode]] = []
        leaving: list[ConsumerGroupMember] = []
        for m in req.members:
            member = (
                group.static_member(m.group_instance_id)
                if m.group_instance_id
                else group.members.get(m.member_id)
            )
            if member is None:
                answers.append((m.member_id, m.group_instance_id, E.UNKNOWN_MEMBER_ID))
            elif m.group_instance_id and m.member_id and member.member_id != m.member_id:
                answers.append((m.member_id, m.group_instance_id, E.FENCED_INSTANCE_ID))
            elif not member.uses_classic_protocol:
                answers.append((m.member_id, m.group_instance_id, E.UNKNOWN_MEMBER_ID))
            else:
                log.info("leave consumer group", group=group.group_id, member=member.member_id, classic=True)
                answers.append((member.member_id, m.group_instance_id, E.NONE))
                if member not in leaving:
                    leaving.append(member)
        if not leaving:
            return Plan([], LeaveResult(E.NONE, answers))
        records = mgr._leave_records(group, leaving)

        def cancel() -> None:
            for member in leaving:
                mgr._cancel_timers(group.group_id, member.member_id)

        return Plan(records, LeaveResult(E.NONE, answers), cancel, error_result=lambda e: LeaveResult(e))


def _waiting_on_unreleased(group: ConsumerGroup, member: ConsumerGroupMember) -> bool:
    """Is a partition of the member's target still held by another member?"""
    for topic_id, partitions in group.target_of(member.member_id).items():
        held = member.assigned.get(topic_id, frozenset())
        for p in partitions - held:
            owner = group.partition_owner(topic_id, p)
            if owner is not None and owner != member.member_id:
                return True
    return False


__all__ = ["ClassicMembers", "join_timeout_key", "sync_timeout_key"]

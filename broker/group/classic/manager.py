"""The classic group protocol of one shard, as Kafka's GroupMetadataManager (classic part): its
groups and their members, as a pure state machine (sans-I/O) that GroupCoordinatorShard
(shard.py) composes with the offsets (offset_manager.py).

It reads top to bottom like Kafka's: JoinGroup, the join phase and its completion, SyncGroup,
Heartbeat, LeaveGroup, member expiry; then the group metadata records — what is written, and
replaying it. Answers go out through the shard's `Outputs` (`Reply`, `Append`), deadlines into
the shard's `Timers`; nothing here awaits, sleeps or locks.

Membership during a rebalance (who joined, who is parked, the next generation) is not in the
log, as in Kafka: it lives here, and the group metadata records written at its milestones (an
assignment, an empty group, a static member's new id) are snapshots of it. What they decide is
applied only once they are written: replaying an assignment's record makes the group Stable
(`replay_group_metadata`, the code that loads groups at start-up), a static member's new id is
swapped in by its write's continuation, and a failed write changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import replace
from functools import partial
from typing import Any

from broker import logging_setup
from broker.group.classic.describe import describe_group, list_groups
from broker.group.classic.group import ClassicGroup, GroupState, Member, new_member_id
from broker.group.config import Clock, GroupConfig
from broker.group.events import (
    DescribedGroup,
    Heartbeat,
    JoinGroup,
    JoinResult,
    LeaveGroup,
    LeaveResult,
    ListedGroup,
    Outputs,
    SyncGroup,
    SyncResult,
    append_error_to_response_error,
)
from broker.group.offsets.retention import is_removable
from broker.group.records import GroupMetadataValue, GroupRecord, MemberMetadata, Record
from broker.group.timers import Timers, heartbeat_key, join_key, sync_key
from broker.group.watch import partitions_of
from protocol.errors import ErrorCode

log = logging_setup.get_logger("kbroker.group")

E = ErrorCode
EMPTY, PREPARING, COMPLETING, STABLE, DEAD = (
    GroupState.EMPTY,
    GroupState.PREPARING_REBALANCE,
    GroupState.COMPLETING_REBALANCE,
    GroupState.STABLE,
    GroupState.DEAD,
)


class GroupMetadataManager:
    def __init__(self, partition: int, config: GroupConfig, clock: Clock, timers: Timers, outputs: Outputs):
        self.partition = partition
        self.config = config
        self.clock = clock
        self.timers = timers
        self.outputs = outputs
        self.groups: dict[str, ClassicGroup] = {}

    def _reply(self, waiter: Any, result: Any) -> None:
        self.outputs.reply(waiter, result)

    def _write(self, records: list[Record], then: Callable[[ErrorCode], None] | None = None) -> None:
        self.outputs.write(records, then)

    def _schedule(self, key: Hashable, delay_ms: int, action: Callable[[], None]) -> None:
        self.timers.schedule(key, self.clock.monotonic_ms() + delay_ms, action)

    def _transition(self, group: ClassicGroup, target: GroupState, reason: str = "") -> None:
        previous = group.state
        group.transition_to(target, self.clock.wall_ms())
        log.info(
            "transition group",
            group=group.group_id,
            generation=group.generation_id,
            state=str(target),
            previous=str(previous),
            members=group.size,
            reason=reason or None,
        )
        if self.outputs.watch.listeners:
            self.outputs.watch.publish(
                "transition",
                group.group_id,
                state=str(target),
                previous=str(previous),
                generation=group.generation_id,
                members=group.size,
                reason=reason or None,
            )

    def _get_or_create(self, group_id: str) -> ClassicGroup:
        group = self.groups.get(group_id)
        if group is None:
            group = self.groups[group_id] = ClassicGroup(group_id, state_timestamp_ms=self.clock.wall_ms())
            log.debug("create group", group=group_id)
        return group

    # == JoinGroup ===============================================================================

    def join_group(self, req: JoinGroup, waiter: Any) -> None:
        """Bounds (INVALID_GROUP_ID, INVALID_SESSION_TIMEOUT) are checked by the caller first."""
        is_unknown = req.member_id == ""
        group = self.groups.get(req.group_id)
        if group is None:
            if not is_unknown:  # a member id for a group we don't have: rejoin from scratch
                return self._reply(waiter, JoinResult(E.UNKNOWN_MEMBER_ID, req.member_id))
            group = self._get_or_create(req.group_id)

        if not self._accept_joining_member(group, req.member_id):
            member = group.members.get(req.member_id)
            if member is not None:  # a member over the cap is dropped (Kafka's rule)
                self._detach(group, member)
            self._reply(waiter, JoinResult(E.GROUP_MAX_SIZE_REACHED, ""))
        elif is_unknown:
            self._join_new_member(group, req, waiter)
        else:
            self._join_existing_member(group, req, waiter)

    def _accept_joining_member(self, group: ClassicGroup, member_id: str) -> bool:
        if group.is_in(EMPTY, DEAD):
            return True
        if group.is_in(PREPARING):
            # Rejoining members already parked are fine; new ones up to the cap of parked joins.
            member = group.members.get(member_id)
            return (
                member is not None and member.awaiting_join
            ) or group.num_awaiting_join < self.config.max_size
        return member_id in group.members or group.size < self.config.max_size

    def _join_new_member(self, group: ClassicGroup, req: JoinGroup, waiter: Any) -> None:
        if group.is_in(DEAD):
            return self._reply(waiter, JoinResult(E.COORDINATOR_NOT_AVAILABLE, ""))
        if not group.supports_protocols(req.protocol_type, {name for name, _ in req.protocols}):
            return self._reply(waiter, JoinResult(E.INCONSISTENT_GROUP_PROTOCOL, ""))
        member_id = new_member_id(req.client_id, req.group_instance_id)
        if req.group_instance_id is not None:
            existing = group.static_members.get(req.group_instance_id)
            if existing is not None:
                return self._replace_static_member(group, req, existing, member_id, waiter)
            return self._add_member(group, req, member_id, waiter)
        if req.require_known_member_id:
            # v4+: hand out the id and wait for the member to come back with it.
            group.pending_members.add(member_id)
            self._schedule(
                heartbeat_key(group.group_id, member_id),
                req.session_timeout_ms,
                partial(self._expire_member, group.group_id, member_id),
            )
            log.info("require member id", group=group.group_id, member=member_id, state=str(group.state))
            return self._reply(waiter, JoinResult(E.MEMBER_ID_REQUIRED, member_id))
        self._add_member(group, req, member_id, waiter)

    def _join_existing_member(self, group: ClassicGroup, req: JoinGroup, waiter: Any) -> None:
        member_id = req.member_id
        if group.is_in(DEAD):
            return self._reply(waiter, JoinResult(E.COORDINATOR_NOT_AVAILABLE, member_id))
        if not group.supports_protocols(req.protocol_type, {name for name, _ in req.protocols}):
            return self._reply(waiter, JoinResult(E.INCONSISTENT_GROUP_PROTOCOL, member_id))
        if member_id in group.pending_members and req.group_instance_id is None:
            return self._add_member(group, req, member_id, waiter)
        error = self.validate_member(group, member_id, req.group_instance_id)
        if error is not None:
            return self._reply(waiter, JoinResult(error, member_id))

        member = group.members[member_id]
        reason = f"member {member_id} rejoins in {group.state}; client reason: {req.reason or 'not provided'}"
        # (publish returns at once when nobody listens; a rejoin is not a hot path)
        self.outputs.watch.publish("rejoin", group.group_id, member=member_id, state=str(group.state))
        if group.is_in(PREPARING):
            self._update_member_and_rebalance(group, member, req, waiter, reason)
        elif group.is_in(COMPLETING):
            if member.matches(req.protocols):
                # Same metadata (it likely missed the JoinGroup answer): the current generation again.
                self._reply(
                    waiter, self._join_result(group, member_id, with_members=group.is_leader(member_id))
                )
            else:
                self._update_member_and_rebalance(group, member, req, waiter, reason)
        elif group.is_in(STABLE):
            if group.is_leader(member_id) or not member.matches(req.protocols):
                # A leader's JoinGroup forces a rebalance (e.g. topic metadata changed); so does new metadata.
                self._update_member_and_rebalance(group, member, req, waiter, reason)
            else:
                self._reply(waiter, self._join_result(group, member_id, with_members=False))
        else:
            log.warning("reject rejoin", group=group.group_id, member=member_id, state=str(group.state))
            self._reply(waiter, JoinResult(E.UNKNOWN_MEMBER_ID, member_id))

    def validate_member(
        self, group: ClassicGroup, member_id: str, instance_id: str | None
    ) -> ErrorCode | None:
        """A static member must be the one the instance id maps to; any member must exist."""
        if instance_id is not None:
            current = group.static_members.get(instance_id)
            if current is None:
                return E.UNKNOWN_MEMBER_ID
            if current != member_id:
                log.info(
                    "fence member",
                    group=group.group_id,
                    member=member_id,
                    instance=instance_id,
                    current=current,
                    generation=group.generation_id,
                )
                return E.FENCED_INSTANCE_ID
        if member_id not in group.members:
            return E.UNKNOWN_MEMBER_ID
        return None

    def _join_result(
        self,
        group: ClassicGroup,
        member_id: str,
        with_members: bool,
        leader: str | None = None,
        skip_assignment: bool = False,
    ) -> JoinResult:
        return JoinResult(
            E.NONE,
            member_id,
            group.generation_id,
            group.protocol_type,
            group.protocol_name,
            leader if leader is not None else (group.leader_id or ""),
            skip_assignment,
            group.current_member_metadata() if with_members else [],
        )

    def _add_member(self, group: ClassicGroup, req: JoinGroup, member_id: str, waiter: Any) -> None:
        member = Member(
            member_id,
            req.group_instance_id,
            req.client_id,
            req.client_host,
            req.rebalance_timeout_ms,
            req.session_timeout_ms,
            req.protocol_type,
            list(req.protocols),
            is_new=True,
        )
        if group.is_in(PREPARING) and group.previous_state is EMPTY:
            group.new_member_added = True  # extends the initial rebalance delay
        group.add(member, waiter)
        # A new member cannot heartbeat while its JoinGroup is parked; if it never comes back
        # (e.g. it timed out and retried with a new id), drop it after the new-member timeout.
        self._schedule(
            heartbeat_key(group.group_id, member_id),
            self.config.new_member_join_timeout_ms,
            partial(self._expire_member, group.group_id, member_id),
        )
        log.info(
            "add member",
            group=group.group_id,
            member=member_id,
            instance=req.group_instance_id,
            generation=group.generation_id,
            state=str(group.state),
            client=req.client_id,
            reason=req.reason,
        )
        if self.outputs.watch.listeners:
            self.outputs.watch.publish(
                "member-joined",
                group.group_id,
                member=member_id,
                client_id=req.client_id,
                host=req.client_host,
                generation=group.generation_id,
                reason=req.reason,
            )
        self._maybe_prepare_rebalance_or_complete_join(
            group, f"new member {member_id} joins; client reason: {req.reason or 'not provided'}"
        )

    def _update_member_and_rebalance(
        self, group: ClassicGroup, member: Member, req: JoinGroup, waiter: Any, reason: str
    ) -> None:
        group.update_member(member, req.protocols, req.rebalance_timeout_ms, req.session_timeout_ms, waiter)
        self._maybe_prepare_rebalance_or_complete_join(group, reason)

    def _replace_static_member(
        self, group: ClassicGroup, req: JoinGroup, old_id: str, new_id: str, waiter: Any
    ) -> None:
        """A known group.instance.id joins without a member id: it restarted. It takes over its old
        membership (and assignment); the old member id is fenced."""
        instance_id = req.group_instance_id
        assert instance_id is not None
        if group.is_in(STABLE) and group.select_protocol(old_id, req.protocols) == group.protocol_name:
            # Same protocol: no rebalance. The new member id is written first; only then is the
            # old one fenced and the generation handed back.
            self._write(
                [self._static_member_record(group, old_id, new_id, req)],
                partial(
                    self._on_static_member_stored,
                    group.group_id,
                    old_id,
                    new_id,
                    req,
                    group.leader_id or "",
                    waiter,
                ),
            )
            return
        # A rebalance follows, whose membership is in memory only (as in Kafka): swap now.
        self._fence_static_member(group, instance_id, old_id, new_id)
        self._rejoin_replaced_static_member(group, req, new_id, waiter, " with another protocol")

    def _rejoin_replaced_static_member(
        self, group: ClassicGroup, req: JoinGroup, member_id: str, waiter: Any, why: str = ""
    ) -> None:
        reason = (
            f"static member {req.group_instance_id} rejoins as {member_id}{why}; "
            f"client reason: {req.reason or 'not provided'}"
        )
        member = group.members[member_id]
        group.update_member(member, req.protocols, req.rebalance_timeout_ms, req.session_timeout_ms, waiter)
        if group.is_in(STABLE):
            self._maybe_prepare_rebalance_or_complete_join(group, reason)
        elif group.is_in(COMPLETING):
            # The leader may already be assigning with the old id: start over.
            self._prepare_rebalance(group, reason)
        else:
            self._maybe_complete_join_phase(group)

    def _fence_static_member(self, group: ClassicGroup, instance_id: str, old_id: str, new_id: str) -> Member:
        """Give the static member its new id: the old id's parked requests are answered
        FENCED_INSTANCE_ID and its session ends."""
        old, member = group.replace_static_member(instance_id, old_id, new_id)
        self._reply(old.join_waiter, JoinResult(E.FENCED_INSTANCE_ID, old_id))
        self._reply(old.sync_waiter, SyncResult(E.FENCED_INSTANCE_ID))
        old.join_waiter = old.sync_waiter = None
        self.timers.cancel(heartbeat_key(group.group_id, old_id))
        self.reschedule_heartbeat(group, member)
        log.info(
            "replace static member",
            group=group.group_id,
            member=new_id,
            previous=old_id,
            instance=instance_id,
            generation=group.generation_id,
            state=str(group.state),
        )
        return member

    def _on_static_member_stored(
        self,
        group_id: str,
        old_id: str,
        new_id: str,
        req: JoinGroup,
        current_leader: str,
        waiter: Any,
        error: ErrorCode,
    ) -> None:
        group = self.groups.get(group_id)
        instance_id = req.group_instance_id
        assert instance_id is not None
        if error != E.NONE:
            log.warning(
                "fail to store static member",
                group=group_id,
                member=new_id,
                instance=instance_id,
                error=error.name,
            )
            # Nothing changed: the old member id still holds the membership.
            return self._reply(
                waiter,
                JoinResult(
                    append_error_to_response_error(error),
                    "",
                    group.generation_id if group else -1,
                    group.protocol_type if group else None,
                    group.protocol_name if group else None,
                    current_leader,
                ),
            )
        current = group.static_members.get(instance_id) if group is not None else None
        if group is None or current != old_id:
            # Deleted or expired meanwhile (rejoin afresh), or the instance restarted again (this id lost).
            return self._reply(
                waiter,
                JoinResult(E.FENCED_INSTANCE_ID if current is not None else E.UNKNOWN_MEMBER_ID, new_id),
            )
        member = self._fence_static_member(group, instance_id, old_id, new_id)  # as the record says
        if not group.is_in(STABLE):
            # A rebalance began while the record was written: the member joins it.
            return self._rejoin_replaced_static_member(group, req, new_id, waiter)
        group.update_member(member, req.protocols, req.rebalance_timeout_ms, req.session_timeout_ms, None)
        if req.supports_skip_assignment:
            # v9+: the leader learns it leads, but must not run the assignor (the group is Stable).
            is_leader = group.is_leader(new_id)
            result = self._join_result(group, new_id, with_members=is_leader, skip_assignment=is_leader)
        else:
            # Before v9: name the old leader id, so that a restarted leader does not assign.
            result = self._join_result(group, new_id, with_members=False, leader=current_leader)
        self._reply(waiter, result)

    # == The join phase ==========================================================================

    def _maybe_prepare_rebalance_or_complete_join(self, group: ClassicGroup, reason: str) -> None:
        if group.can_rebalance():
            self._prepare_rebalance(group, reason)
        else:
            self._maybe_complete_join_phase(group)

    def _prepare_rebalance(self, group: ClassicGroup, reason: str) -> None:
        if group.is_in(COMPLETING):
            # Members parked in SyncGroup must rejoin.
            self._reset_and_propagate_assignment_error(group, E.REBALANCE_IN_PROGRESS)
        self._remove_sync_expiration(group)
        initial = group.is_in(EMPTY)
        if initial:
            # A new group waits group.initial.rebalance.delay.ms for more members to arrive.
            delay = self.config.initial_rebalance_delay_ms
            remaining = max(group.rebalance_timeout_ms() - delay, 0)
            self._schedule(
                join_key(group.group_id),
                delay,
                partial(self._on_initial_join_deadline, group.group_id, delay, remaining),
            )
        self._transition(group, PREPARING, reason)
        if not initial:
            self._maybe_complete_join_else_schedule(group)

    def _maybe_complete_join_else_schedule(self, group: ClassicGroup) -> None:
        if group.has_all_members_joined():
            self._complete_join(group)
        else:
            self._schedule(
                join_key(group.group_id),
                group.rebalance_timeout_ms(),
                partial(self._on_join_deadline, group.group_id),
            )

    def _maybe_complete_join_phase(self, group: ClassicGroup) -> None:
        """Complete the join phase if every member is back — not during the initial delay."""
        if group.is_in(PREPARING) and group.previous_state is not EMPTY and group.has_all_members_joined():
            self._complete_join(group)

    def _on_initial_join_deadline(self, group_id: str, delay: int, remaining: int) -> None:
        group = self.groups.get(group_id)
        if group is None or not group.is_in(PREPARING):
            return
        if group.new_member_added and remaining != 0:
            group.new_member_added = False
            new_delay = min(self.config.initial_rebalance_delay_ms, remaining)
            new_remaining = max(remaining - delay, 0)
            self._schedule(
                join_key(group_id),
                new_delay,
                partial(self._on_initial_join_deadline, group_id, new_delay, new_remaining),
            )
        else:
            self._complete_join(group)

    def _on_join_deadline(self, group_id: str) -> None:
        group = self.groups.get(group_id)
        if group is not None and group.is_in(PREPARING):
            self._complete_join(group)

    def _complete_join(self, group: ClassicGroup) -> None:
        """End the join phase: drop dynamic members that did not rejoin, start the next generation
        and answer every parked JoinGroup (the leader gets everyone's metadata)."""
        gid = group.group_id
        self.timers.cancel(join_key(gid))
        if not group.is_in(PREPARING):
            return
        for member in group.not_yet_rejoined():
            if not member.is_static:
                group.remove(member.member_id)
                self.timers.cancel(heartbeat_key(gid, member.member_id))
                log.info(
                    "remove member",
                    group=gid,
                    member=member.member_id,
                    generation=group.generation_id,
                    reason="did not rejoin before the rebalance timeout",
                )

        if not group.maybe_elect_new_joined_leader() and group.members:
            # Only static members left and none came back: wait another rebalance timeout.
            log.warning(
                "postpone rebalance", group=gid, generation=group.generation_id, reason="no member rejoined"
            )
            self._schedule(join_key(gid), group.rebalance_timeout_ms(), partial(self._on_join_deadline, gid))
            return

        group.init_next_generation(self.clock.wall_ms())
        log.info(
            "transition group",
            group=gid,
            generation=group.generation_id,
            state=str(group.state),
            previous=str(PREPARING),
            members=group.size,
            protocol=group.protocol_name,
            leader=group.leader_id,
        )
        if self.outputs.watch.listeners:
            self.outputs.watch.publish(
                "generation",
                gid,
                generation=group.generation_id,
                state=str(group.state),
                previous=str(PREPARING),
                leader=group.leader_id or None,
                protocol=group.protocol_name,
                members=sorted(group.members),
            )
        if group.is_in(EMPTY):
            self._write([self._group_record(group, {})], partial(self._on_empty_group_stored, gid))
            return
        for member in group.members.values():
            waiter = group.take_join_waiter(member)
            self._reply(
                waiter,
                self._join_result(group, member.member_id, with_members=group.is_leader(member.member_id)),
            )
            self.reschedule_heartbeat(group, member)
            member.is_new = False
            group.pending_sync.add(member.member_id)
        self._schedule(
            sync_key(gid),
            group.rebalance_timeout_ms(),
            partial(self._expire_pending_sync, gid, group.generation_id),
        )

    def _on_empty_group_stored(self, group_id: str, error: ErrorCode) -> None:
        if error != E.NONE:
            # Harmless: a restart would load the previous generation, whose members then time out
            # (Kafka's classic groups take the same view of this record).
            log.warning("fail to store empty group", group=group_id, error=error.name)

    def _expire_pending_sync(self, group_id: str, generation: int) -> None:
        group = self.groups.get(group_id)
        if group is None or generation != group.generation_id or not group.is_in(COMPLETING, STABLE):
            return
        if group.pending_sync:
            missing = sorted(group.pending_sync)
            for member_id in missing:
                group.remove(member_id)
                self.timers.cancel(heartbeat_key(group_id, member_id))
            log.info(
                "remove member",
                group=group_id,
                members=missing,
                generation=generation,
                reason="no SyncGroup before the rebalance timeout",
            )
            self._prepare_rebalance(group, f"members {missing} did not sync")

    def _remove_sync_expiration(self, group: ClassicGroup) -> None:
        group.pending_sync.clear()
        self.timers.cancel(sync_key(group.group_id))

    def _remove_pending_sync_member(self, group: ClassicGroup, member_id: str) -> None:
        group.pending_sync.discard(member_id)
        if not group.pending_sync or not group.is_in(COMPLETING, STABLE):
            self.timers.cancel(sync_key(group.group_id))

    # == SyncGroup ===============================================================================

    def sync_group(self, req: SyncGroup, waiter: Any) -> None:
        group = self.groups.get(req.group_id)
        if group is None:
            return self._reply(waiter, SyncResult(E.UNKNOWN_MEMBER_ID))
        error = self._validate_sync(group, req)
        if error is not None:
            return self._reply(waiter, SyncResult(error))

        if self.outputs.watch.listeners:
            self.outputs.watch.publish(
                "sync",
                group.group_id,
                member=req.member_id,
                generation=req.generation_id,
                leader=group.is_leader(req.member_id),
            )
        if group.is_in(PREPARING):
            self._reply(waiter, SyncResult(E.REBALANCE_IN_PROGRESS))
        elif group.is_in(COMPLETING):
            member = group.members[req.member_id]
            member.sync_waiter = waiter  # every member waits for the leader's assignment
            self._remove_pending_sync_member(group, req.member_id)
            if group.is_leader(req.member_id):
                assignment = dict(req.assignments)
                for member_id in group.members:
                    assignment.setdefault(member_id, b"")
                log.info(
                    "receive assignment",
                    group=group.group_id,
                    member=req.member_id,
                    generation=group.generation_id,
                    members=group.size,
                    static=len(group.static_members),
                )
                # Stable once stored: replaying the record hands out the assignment (_adopt_group_metadata).
                self._write(
                    [self._group_record(group, assignment)],
                    partial(self._on_assignment_stored, group.group_id, req.generation_id),
                )
        elif group.is_in(STABLE):
            # The generation is settled (e.g. a follower's late SyncGroup): its assignment.
            self._remove_pending_sync_member(group, req.member_id)
            member = group.members[req.member_id]
            self._reply(
                waiter, SyncResult(E.NONE, group.protocol_type, group.protocol_name, member.assignment)
            )

    def _validate_sync(self, group: ClassicGroup, req: SyncGroup) -> ErrorCode | None:
        if group.is_in(DEAD):
            return E.COORDINATOR_NOT_AVAILABLE
        error = self.validate_member(group, req.member_id, req.group_instance_id)
        if error is not None:
            return error
        if req.generation_id != group.generation_id:
            return E.ILLEGAL_GENERATION
        if _inconsistent(req.protocol_type, group.protocol_type) or _inconsistent(
            req.protocol_name, group.protocol_name
        ):
            return E.INCONSISTENT_GROUP_PROTOCOL
        return None

    def _on_assignment_stored(self, group_id: str, generation: int, error: ErrorCode) -> None:
        # Another member may have joined while the write was in flight: act only if nothing moved.
        group = self.groups.get(group_id)
        if group is None or generation != group.generation_id:
            return
        if error == E.NONE:
            if group.is_in(STABLE):  # the replayed record made it so
                if self.outputs.watch.listeners:
                    self.outputs.watch.publish(
                        "assignment",
                        group_id,
                        generation=generation,
                        assignment={m.member_id: partitions_of(m.assignment) for m in group.members.values()},
                    )
                self._propagate_assignment(group, E.NONE)
        elif group.is_in(COMPLETING):
            log.warning("fail to store assignment", group=group_id, generation=generation, error=error.name)
            self._reset_and_propagate_assignment_error(group, append_error_to_response_error(error))
            self._maybe_prepare_rebalance_or_complete_join(
                group, f"error {error.name} storing the assignment"
            )

    def _reset_and_propagate_assignment_error(self, group: ClassicGroup, error: ErrorCode) -> None:
        for member in group.members.values():
            member.assignment = b""
        self._propagate_assignment(group, error)

    def _propagate_assignment(self, group: ClassicGroup, error: ErrorCode) -> None:
        ok = error == E.NONE
        for member in group.members.values():
            waiter = group.take_sync_waiter(member)
            if waiter is None:
                continue
            self._reply(
                waiter,
                SyncResult(
                    error,
                    group.protocol_type if ok else None,
                    group.protocol_name if ok else None,
                    member.assignment,
                ),
            )
            # The member's session restarts now: it could not heartbeat while parked.
            self.reschedule_heartbeat(group, member)

    # == Heartbeat and member expiry ==============================================================

    def heartbeat(self, req: Heartbeat) -> ErrorCode:
        """The answer, at once: a heartbeat only pushes its member's session deadline back."""
        # The checks of validate_member inline, state compared once: 100,000 members' heartbeats
        # every 3 s come through here.
        group = self.groups.get(req.group_id)
        if group is None:
            return E.UNKNOWN_MEMBER_ID
        state = group.state
        if state is DEAD:
            return E.COORDINATOR_NOT_AVAILABLE
        if req.group_instance_id is not None:
            error = self.validate_member(group, req.member_id, req.group_instance_id)
            if error is not None:
                return error
        member = group.members.get(req.member_id)
        if member is None:
            return E.UNKNOWN_MEMBER_ID
        if req.generation_id != group.generation_id:
            return E.ILLEGAL_GENERATION
        if state is EMPTY:
            return E.UNKNOWN_MEMBER_ID
        self.reschedule_heartbeat(group, member)
        if state is PREPARING:
            if self.outputs.watch.listeners:
                self.outputs.watch.publish(
                    "heartbeat", group.group_id, member=req.member_id, error="REBALANCE_IN_PROGRESS"
                )
            return E.REBALANCE_IN_PROGRESS
        return E.NONE

    def reschedule_heartbeat(
        self, group: ClassicGroup, member: Member, timeout_ms: int | None = None
    ) -> None:
        key = heartbeat_key(group.group_id, member.member_id)
        deadline = self.clock.monotonic_ms() + (
            member.session_timeout_ms if timeout_ms is None else timeout_ms
        )
        if not self.timers.postpone(key, deadline):  # a live session's: no new action object
            self.timers.schedule(
                key, deadline, partial(self._expire_member, group.group_id, member.member_id)
            )

    def _expire_member(self, group_id: str, member_id: str) -> None:
        group = self.groups.get(group_id)
        if group is None or group.is_in(DEAD):
            return
        if member_id in group.pending_members:
            group.remove(member_id)
            log.info(
                "expire member",
                group=group_id,
                member=member_id,
                pending=True,
                generation=group.generation_id,
            )
            if group.is_in(PREPARING) and group.has_all_members_joined():
                self._complete_join(group)
            return
        member = group.members.get(member_id)
        if member is None or member.has_satisfied_heartbeat():
            return
        log.info(
            "expire member",
            group=group_id,
            member=member_id,
            generation=group.generation_id,
            state=str(group.state),
            session_timeout_ms=member.session_timeout_ms,
        )
        if self.outputs.watch.listeners:
            self.outputs.watch.publish(
                "member-expired",
                group_id,
                member=member_id,
                generation=group.generation_id,
                session_timeout_ms=member.session_timeout_ms,
            )
        self._remove_member_and_update(group, member, f"member {member_id} session expired")

    def _remove_member_and_update(self, group: ClassicGroup, member: Member, reason: str) -> None:
        self._detach(group, member)
        if group.is_in(STABLE, COMPLETING):
            self._maybe_prepare_rebalance_or_complete_join(group, reason)
        elif group.is_in(PREPARING) and group.has_all_members_joined():
            self._complete_join(group)

    def _detach(self, group: ClassicGroup, member: Member) -> None:
        """Remove a member, answering its parked requests with UNKNOWN_MEMBER_ID so it rejoins."""
        self.timers.cancel(heartbeat_key(group.group_id, member.member_id))
        self._reply(group.take_join_waiter(member), JoinResult(E.UNKNOWN_MEMBER_ID, ""))
        self._reply(group.take_sync_waiter(member), SyncResult(E.UNKNOWN_MEMBER_ID))
        group.remove(member.member_id)

    # == LeaveGroup ==============================================================================

    def leave_group(self, req: LeaveGroup, waiter: Any) -> None:
        group = self.groups.get(req.group_id)
        if group is None:
            return self._reply(
                waiter,
                LeaveResult(
                    E.NONE, [(m.member_id, m.group_instance_id, E.UNKNOWN_MEMBER_ID) for m in req.members]
                ),
            )
        if group.is_in(DEAD):
            return self._reply(waiter, LeaveResult(E.COORDINATOR_NOT_AVAILABLE))
        answers: list[tuple[str, str | None, ErrorCode]] = []
        left: list[str] = []
        for m in req.members:
            error = self._leave_one(group, m.member_id, m.group_instance_id, m.reason)
            answers.append((m.member_id, m.group_instance_id, error))
            if error == E.NONE:
                left.append(m.member_id or f"instance {m.group_instance_id}")
        if left:
            reason = f"members {left} left"
            if group.is_in(STABLE, COMPLETING):
                self._maybe_prepare_rebalance_or_complete_join(group, reason)
            elif group.is_in(PREPARING):
                self._maybe_complete_join_phase(group)
        self._reply(waiter, LeaveResult(E.NONE, answers))

    def _leave_one(
        self, group: ClassicGroup, member_id: str, instance_id: str | None, reason: str | None
    ) -> ErrorCode:
        if member_id == "":
            # Administrative removal by group.instance.id.
            current = group.static_members.get(instance_id) if instance_id is not None else None
            if current is None:
                return E.UNKNOWN_MEMBER_ID
            member_id = current
        elif member_id in group.pending_members:
            group.remove(member_id)
            self.timers.cancel(heartbeat_key(group.group_id, member_id))
            log.info("leave group", group=group.group_id, member=member_id, pending=True, reason=reason)
            return E.NONE
        else:
            error = self.validate_member(group, member_id, instance_id)
            if error is not None:
                return error
        log.info(
            "leave group",
            group=group.group_id,
            member=member_id,
            instance=instance_id,
            generation=group.generation_id,
            state=str(group.state),
            reason=reason,
        )
        if self.outputs.watch.listeners:
            self.outputs.watch.publish(
                "member-left", group.group_id, member=member_id, generation=group.generation_id, reason=reason
            )
        self._detach(group, group.members[member_id])
        return E.NONE

    # == Group metadata records: what is written, and replaying it =================================

    def replay_group_metadata(self, group_id: str, value: GroupMetadataValue | None) -> None:
        """Apply a written group metadata record (None: a tombstone), when loading and when serving."""
        if value is None:
            self.remove_group(group_id, "tombstone")
            return
        group = self.groups.get(group_id)
        if group is None or (is_removable(group) and group.generation_id <= value.generation):
            self._build_group(group_id, value)  # nothing live to keep: the record is the group
        else:
            self._adopt_group_metadata(group, value)

    def ensure_simple_group(self, group_id: str) -> None:
        """Offsets without group metadata: a simple group (no group management)."""
        if group_id not in self.groups:
            self.groups[group_id] = ClassicGroup(group_id, state_timestamp_ms=self.clock.wall_ms())
            log.debug("create simple group", group=group_id)

    def _build_group(self, group_id: str, value: GroupMetadataValue) -> None:
        group = ClassicGroup(
            group_id,
            state=STABLE if value.members else EMPTY,
            state_timestamp_ms=value.current_state_timestamp,
            generation_id=value.generation,
            protocol_type=value.protocol_type or None,
            protocol_name=value.protocol,
        )
        for m in value.members:
            protocols = [(value.protocol, m.subscription)] if value.protocol is not None else []
            group.add(
                Member(
                    m.member_id,
                    m.group_instance_id,
                    m.client_id,
                    m.client_host,
                    m.rebalance_timeout,
                    m.session_timeout,
                    value.protocol_type,
                    protocols,
                    m.assignment,
                )
            )
        group.leader_id = value.leader if value.leader in group.members else next(iter(group.members), None)
        self.groups[group_id] = group
        for member in group.members.values():
            self.reschedule_heartbeat(group, member)  # loaded members get a fresh session

    def _adopt_group_metadata(self, group: ClassicGroup, value: GroupMetadataValue) -> None:
        """A live group takes from its written record what the record decided: ending a rebalance,
        the leader's assignment (Stable). The rest of a live group's record is a snapshot of its
        membership, already in memory (a static member's new id is swapped in by the write's
        continuation, which knows which id it replaces)."""
        if value.generation != group.generation_id:
            return  # a snapshot of a generation the group has since left
        if group.is_in(COMPLETING) and value.members:
            stored = {m.member_id: m.assignment for m in value.members}
            for member in group.members.values():
                member.assignment = stored.get(member.member_id, b"")
            self._transition(group, STABLE, "assignment stored")

    def remove_group(self, group_id: str, reason: str) -> None:
        """The group is gone (Dead). Members that joined while its tombstone was written are sent
        back to join from scratch."""
        group = self.groups.pop(group_id, None)
        if group is None:
            return
        for member in list(group.members.values()):
            self._detach(group, member)
        for member_id in list(group.pending_members):
            group.remove(member_id)
            self.timers.cancel(heartbeat_key(group_id, member_id))
        self.timers.cancel(join_key(group_id))
        self.timers.cancel(sync_key(group_id))
        self._transition(group, DEAD, reason)

    def _group_record(self, group: ClassicGroup, assignment: dict[str, bytes]) -> GroupRecord:
        protocol = group.protocol_name
        members = (
            [
                MemberMetadata(
                    m.member_id,
                    m.group_instance_id,
                    m.client_id,
                    m.client_host,
                    m.rebalance_timeout_ms,
                    m.session_timeout_ms,
                    m.metadata(protocol) if protocol else b"",
                    assignment.get(m.member_id, b""),
                )
                for m in group.members.values()
            ]
            if protocol
            else []
        )
        return GroupRecord(
            group.group_id,
            GroupMetadataValue(
                group.protocol_type or "",
                group.generation_id,
                protocol,
                group.leader_id,
                group.state_timestamp_ms,
                members,
            ),
        )

    def _static_member_record(
        self, group: ClassicGroup, old_id: str, new_id: str, req: JoinGroup
    ) -> GroupRecord:
        """The group's record with the static member under its new id and its new settings."""
        record = self._group_record(group, group.assignments())
        assert record.value is not None and group.protocol_name is not None
        subscription = next(meta for name, meta in req.protocols if name == group.protocol_name)
        members = [
            replace(
                m,
                member_id=new_id,
                rebalance_timeout=req.rebalance_timeout_ms,
                session_timeout=req.session_timeout_ms,
                subscription=subscription,
            )
            if m.member_id == old_id
            else m
            for m in record.value.members
        ]
        leader = new_id if record.value.leader == old_id else record.value.leader
        return GroupRecord(group.group_id, replace(record.value, members=members, leader=leader))

    def rebalance_oversized_groups(self) -> None:
        """After loading: a group over group.max.size (lowered since it was written) rebalances."""
        for group in self.groups.values():
            if group.size > self.config.max_size:
                self._prepare_rebalance(group, f"loaded group is over capacity ({self.config.max_size})")

    # == DescribeGroups, ListGroups ==============================================================

    def describe_group(self, group_id: str, api_version: int = 0) -> DescribedGroup:
        return describe_group(group_id, self.groups.get(group_id), api_version)

    def list_groups(self, states: Iterable[str] = (), types: Iterable[str] = ()) -> list[ListedGroup]:
        return list_groups(self.groups.values(), states, types)

    # == KIP-848 online migration (broker/group/consumer/migration.py) =============================

    def release_waiters(self, group_id: str) -> None:
        """The group becomes a consumer group: parked JoinGroup and SyncGroup requests are told to
        rejoin (REBALANCE_IN_PROGRESS), as Kafka's completeAllJoinFutures/completeAllSyncFutures."""
        group = self.groups.get(group_id)
        if group is None:
            return
        for member in group.members.values():
            self._reply(group.take_join_waiter(member), JoinResult(E.REBALANCE_IN_PROGRESS, member.member_id))
            self._reply(group.take_sync_waiter(member), SyncResult(E.REBALANCE_IN_PROGRESS))

    def rebalance_downgraded(self, group_id: str) -> None:
        """The group was a consumer group until its last consumer member left: its classic members
        rejoin for an assignment of their own (Kafka's prepareRebalance after convertToClassicGroup)."""
        group = self.groups.get(group_id)
        if group is not None and group.can_rebalance():
            self._prepare_rebalance(group, f"Downgrade group {group_id} from consumer to classic.")

    def unload(self) -> None:
        """The shard stops: answer every parked request with NOT_COORDINATOR and forget the groups."""
        for group in self.groups.values():
            for member in group.members.values():
                self._reply(group.take_join_waiter(member), JoinResult(E.NOT_COORDINATOR, member.member_id))
                self._reply(group.take_sync_waiter(member), SyncResult(E.NOT_COORDINATOR))
        self.groups.clear()


def _inconsistent(requested: str | None, current: str | None) -> bool:
    return requested is not None and current is not None and requested != current

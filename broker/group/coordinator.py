"""One GroupCoordinator shard: the classic group protocol for the groups of one
`__consumer_offsets` partition, as a pure state machine (sans-I/O).

Requests come in with an opaque `waiter`; answers go out as `Reply(waiter, result)`, writes as
`Append(records, then)`, collected until the driver calls `drain()`. Time is read from the
injected clock and deadlines live in one `Timers` heap; the driver arms a single real timer for
`timers.next_deadline()` and calls `fire_timers()`. Nothing here awaits, sleeps, or locks: the
shard is the only owner of its groups, and the driver calls it from one event loop.

The membership protocol below reads top to bottom like Kafka's GroupMetadataManager (classic
part) — JoinGroup, the join phase and its completion, SyncGroup, Heartbeat, LeaveGroup, member
expiry — with offsets (OffsetCommit/Fetch/Delete) and the admin APIs after it.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from broker import logs
from broker.group.events import (
    Append,
    CommitPartition,
    DescribedGroup,
    DescribedMember,
    FetchedGroup,
    FetchedPartition,
    Heartbeat,
    JoinGroup,
    JoinResult,
    LeaveGroup,
    LeaveResult,
    ListedGroup,
    OffsetCommit,
    OffsetDelete,
    OffsetDeleteResult,
    Output,
    PartitionErrors,
    Reply,
    SyncGroup,
    SyncResult,
    append_error_to_commit_error,
    append_error_to_response_error,
)
from broker.group.state import ClassicGroup, GroupState, Member, new_member_id
from broker.group.timers import Timers
from broker.offsets import (
    GroupMetadataValue,
    GroupRecord,
    MemberMetadata,
    OffsetAndMetadata,
    OffsetRecord,
    OffsetStore,
    Record,
)
from protocol.errors import ErrorCode

log = logs.get("kbroker.group")

E = ErrorCode
EMPTY, PREPARING, COMPLETING, STABLE, DEAD = (
    GroupState.EMPTY, GroupState.PREPARING_REBALANCE, GroupState.COMPLETING_REBALANCE, GroupState.STABLE,
    GroupState.DEAD,
)


class Clock(Protocol):
    def monotonic_ms(self) -> int: ...  # for deadlines
    def wall_ms(self) -> int: ...  # for timestamps written to the log


class SystemClock:
    def monotonic_ms(self) -> int:
        return time.monotonic_ns() // 1_000_000

    def wall_ms(self) -> int:
        return time.time_ns() // 1_000_000


@dataclass(frozen=True, slots=True)
class GroupConfig:
    min_session_timeout_ms: int = 6000
    max_session_timeout_ms: int = 1_800_000
    max_size: int = 2**31 - 1
    initial_rebalance_delay_ms: int = 3000
    new_member_join_timeout_ms: int = 300_000  # Kafka's classic new-member join timeout
    offset_metadata_max_bytes: int = 4096

    @classmethod
    def from_config(cls, config: Any) -> GroupConfig:
        return cls(
            min_session_timeout_ms=config["group.min.session.timeout.ms"],
            max_session_timeout_ms=config["group.max.session.timeout.ms"],
            max_size=config["group.max.size"],
            initial_rebalance_delay_ms=config["group.initial.rebalance.delay.ms"],
            offset_metadata_max_bytes=config["offset.metadata.max.bytes"],
        )


def _hb(group_id: str, member_id: str) -> Hashable:
    return ("hb", group_id, member_id)


def _join_key(group_id: str) -> Hashable:
    return ("join", group_id)


def _sync_key(group_id: str) -> Hashable:
    return ("sync", group_id)


def _java_length(s: str) -> int:
    """String.length() in Java: UTF-16 code units."""
    return len(s) + sum(1 for c in s if ord(c) > 0xFFFF)


class GroupCoordinator:
    def __init__(self, partition: int, config: GroupConfig, clock: Clock | None = None,
                 offsets: OffsetStore | None = None):
        self.partition = partition
        self.config = config
        self.clock = clock or SystemClock()
        self.groups: dict[str, ClassicGroup] = {}
        self.offsets = offsets or OffsetStore()
        self.timers = Timers()
        self._out: list[Output] = []

    # -- driver interface ---------------------------------------------------------------------

    def drain(self) -> list[Output]:
        out, self._out = self._out, []
        return out

    def fire_timers(self) -> int:
        actions = self.timers.pop_due(self.clock.monotonic_ms())
        for action in actions:
            action()
        return len(actions)

    @staticmethod
    def appended(append: Append, error: ErrorCode = ErrorCode.NONE) -> None:
        """The driver wrote `append.records` (error NONE) or failed to (the error)."""
        if append.then is not None:
            append.then(error)

    def _reply(self, waiter: Any, result: Any) -> None:
        if waiter is not None:
            self._out.append(Reply(waiter, result))

    def _append(self, records: list[Record], then: Any = None) -> None:
        self._out.append(Append(records, then))

    def _schedule(self, key: Hashable, delay_ms: int, action: Any) -> None:
        self.timers.schedule(key, self.clock.monotonic_ms() + delay_ms, action)

    def _transition(self, group: ClassicGroup, target: GroupState, reason: str = "") -> None:
        previous = group.state
        group.transition_to(target, self.clock.wall_ms())
        log.info("transition group", group=group.group_id, generation=group.generation_id, state=str(target),
                 previous=str(previous), members=group.size, reason=reason or None)

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
            if group.remove(req.member_id) is not None:
                self.timers.cancel(_hb(group.group_id, req.member_id))
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
            return (member is not None and member.awaiting_join) or group.num_awaiting_join < self.config.max_size
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
            self._schedule(_hb(group.group_id, member_id), req.session_timeout_ms,
                           partial(self._expire_member, group.group_id, member_id))
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
        error = self._validate_member(group, member_id, req.group_instance_id)
        if error is not None:
            return self._reply(waiter, JoinResult(error, member_id))

        member = group.members[member_id]
        reason = f"member {member_id} rejoins in {group.state}; client reason: {req.reason or 'not provided'}"
        if group.is_in(PREPARING):
            self._update_member_and_rebalance(group, member, req, waiter, reason)
        elif group.is_in(COMPLETING):
            if member.matches(req.protocols):
                # Same metadata (it likely missed the JoinGroup answer): the current generation again.
                self._reply(waiter, self._join_result(group, member_id, with_members=group.is_leader(member_id)))
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

    def _validate_member(self, group: ClassicGroup, member_id: str, instance_id: str | None) -> ErrorCode | None:
        """A static member must be the one the instance id maps to; any member must exist."""
        if instance_id is not None:
            current = group.static_members.get(instance_id)
            if current is None:
                return E.UNKNOWN_MEMBER_ID
            if current != member_id:
                log.info("fence member", group=group.group_id, member=member_id, instance=instance_id,
                         current=current, generation=group.generation_id)
                return E.FENCED_INSTANCE_ID
        if member_id not in group.members:
            return E.UNKNOWN_MEMBER_ID
        return None

    def _join_result(self, group: ClassicGroup, member_id: str, with_members: bool, leader: str | None = None,
                     skip_assignment: bool = False) -> JoinResult:
        return JoinResult(
            E.NONE, member_id, group.generation_id, group.protocol_type, group.protocol_name,
            leader if leader is not None else (group.leader_id or ""), skip_assignment,
            group.current_member_metadata() if with_members else [],
        )

    def _add_member(self, group: ClassicGroup, req: JoinGroup, member_id: str, waiter: Any) -> None:
        member = Member(member_id, req.group_instance_id, req.client_id, req.client_host, req.rebalance_timeout_ms,
                        req.session_timeout_ms, req.protocol_type, list(req.protocols), is_new=True)
        if group.is_in(PREPARING) and group.previous_state is EMPTY:
            group.new_member_added = True  # extends the initial rebalance delay
        group.add(member, waiter)
        # A new member cannot heartbeat while its JoinGroup is parked; if it never comes back
        # (e.g. it timed out and retried with a new id), drop it after the new-member timeout.
        self._schedule(_hb(group.group_id, member_id), self.config.new_member_join_timeout_ms,
                       partial(self._expire_member, group.group_id, member_id))
        log.info("add member", group=group.group_id, member=member_id, instance=req.group_instance_id,
                 generation=group.generation_id, state=str(group.state), client=req.client_id, reason=req.reason)
        self._maybe_prepare_rebalance_or_complete_join(
            group, f"new member {member_id} joins; client reason: {req.reason or 'not provided'}")

    def _update_member_and_rebalance(self, group: ClassicGroup, member: Member, req: JoinGroup, waiter: Any,
                                     reason: str) -> None:
        group.update_member(member, req.protocols, req.rebalance_timeout_ms, req.session_timeout_ms, waiter)
        self._maybe_prepare_rebalance_or_complete_join(group, reason)

    def _replace_static_member(self, group: ClassicGroup, req: JoinGroup, old_id: str, new_id: str,
                               waiter: Any) -> None:
        """A known group.instance.id joins without a member id: it restarted. It takes over its old
        membership (and assignment); the old member id is fenced."""
        instance_id = req.group_instance_id
        assert instance_id is not None
        current_leader = group.leader_id or ""
        old, member = group.replace_static_member(instance_id, old_id, new_id)
        self._reply(old.join_waiter, JoinResult(E.FENCED_INSTANCE_ID, old_id))
        self._reply(old.sync_waiter, SyncResult(E.FENCED_INSTANCE_ID))
        old.join_waiter = old.sync_waiter = None
        self.timers.cancel(_hb(group.group_id, old_id))
        self._reschedule_heartbeat(group, member)
        log.info("replace static member", group=group.group_id, member=new_id, previous=old_id,
                 instance=instance_id, generation=group.generation_id, state=str(group.state))

        previous = (list(member.protocols), member.rebalance_timeout_ms, member.session_timeout_ms)
        group.update_member(member, req.protocols, req.rebalance_timeout_ms, req.session_timeout_ms, waiter)
        reason = f"static member {instance_id} rejoins as {new_id}; client reason: {req.reason or 'not provided'}"
        if group.is_in(STABLE):
            if group.select_protocol() != group.protocol_name:
                return self._maybe_prepare_rebalance_or_complete_join(group, reason + " with another protocol")
            # Same protocol: no rebalance. Persist the new member id, then hand back the generation.
            self._append([self._group_record(group, group.assignments())], partial(
                self._on_static_member_stored, group, member, old_id, instance_id, current_leader, previous,
                req.supports_skip_assignment))
        elif group.is_in(COMPLETING):
            # The leader may already be assigning with the old id: start over.
            self._prepare_rebalance(group, reason)
        else:
            self._maybe_complete_join_phase(group)

    def _on_static_member_stored(self, group: ClassicGroup, member: Member, old_id: str, instance_id: str,
                                 current_leader: str, previous: tuple, supports_skip: bool, error: ErrorCode) -> None:
        if group.members.get(member.member_id) is not member:
            return  # replaced or removed meanwhile; whoever did it answered the waiter
        waiter = group.take_join_waiter(member)
        if error != E.NONE:
            log.warning("fail to store static member", group=group.group_id, member=member.member_id,
                        instance=instance_id, error=error.name)
            protocols, rebalance_timeout, session_timeout = previous
            group.update_member(member, protocols, rebalance_timeout, session_timeout, None)
            _, restored = group.replace_static_member(instance_id, member.member_id, old_id)
            self.timers.cancel(_hb(group.group_id, member.member_id))
            self._reschedule_heartbeat(group, restored)
            result = JoinResult(append_error_to_response_error(error), "", group.generation_id, group.protocol_type,
                                group.protocol_name, current_leader)
        elif supports_skip:
            # v9+: the leader learns it leads, but must not run the assignor (the group is Stable).
            is_leader = group.is_leader(member.member_id)
            result = self._join_result(group, member.member_id, with_members=is_leader, skip_assignment=is_leader)
        else:
            # Before v9: name the old leader id, so that a restarted leader does not assign.
            result = self._join_result(group, member.member_id, with_members=False, leader=current_leader)
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
            self._schedule(_join_key(group.group_id), delay,
                           partial(self._on_initial_join_deadline, group.group_id, delay, remaining))
        self._transition(group, PREPARING, reason)
        if not initial:
            self._maybe_complete_join_else_schedule(group)

    def _maybe_complete_join_else_schedule(self, group: ClassicGroup) -> None:
        if group.has_all_members_joined():
            self._complete_join(group)
        else:
            self._schedule(_join_key(group.group_id), group.rebalance_timeout_ms(),
                           partial(self._on_join_deadline, group.group_id))

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
            self._schedule(_join_key(group_id), new_delay,
                           partial(self._on_initial_join_deadline, group_id, new_delay, new_remaining))
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
        self.timers.cancel(_join_key(gid))
        if not group.is_in(PREPARING):
            return
        for member in group.not_yet_rejoined():
            if not member.is_static:
                group.remove(member.member_id)
                self.timers.cancel(_hb(gid, member.member_id))
                log.info("remove member", group=gid, member=member.member_id, generation=group.generation_id,
                         reason="did not rejoin before the rebalance timeout")

        if not group.maybe_elect_new_joined_leader() and group.members:
            # Only static members left and none came back: wait another rebalance timeout.
            log.warning("postpone rebalance", group=gid, generation=group.generation_id,
                        reason="no member rejoined")
            self._schedule(_join_key(gid), group.rebalance_timeout_ms(), partial(self._on_join_deadline, gid))
            return

        group.init_next_generation(self.clock.wall_ms())
        log.info("transition group", group=gid, generation=group.generation_id, state=str(group.state),
                 previous=str(PREPARING), members=group.size, protocol=group.protocol_name, leader=group.leader_id)
        if group.is_in(EMPTY):
            self._append([self._group_record(group, {})], partial(self._on_empty_group_stored, gid))
            return
        for member in group.members.values():
            waiter = group.take_join_waiter(member)
            self._reply(waiter, self._join_result(group, member.member_id,
                                                  with_members=group.is_leader(member.member_id)))
            self._reschedule_heartbeat(group, member)
            member.is_new = False
            group.pending_sync.add(member.member_id)
        self._schedule(_sync_key(gid), group.rebalance_timeout_ms(),
                       partial(self._expire_pending_sync, gid, group.generation_id))

    def _on_empty_group_stored(self, group_id: str, error: ErrorCode) -> None:
        if error != E.NONE:
            # Harmless: a restart would load the previous generation, whose members then time out.
            log.warning("fail to store empty group", group=group_id, error=error.name)

    def _expire_pending_sync(self, group_id: str, generation: int) -> None:
        group = self.groups.get(group_id)
        if group is None or generation != group.generation_id or not group.is_in(COMPLETING, STABLE):
            return
        if group.pending_sync:
            missing = sorted(group.pending_sync)
            for member_id in missing:
                group.remove(member_id)
                self.timers.cancel(_hb(group_id, member_id))
            log.info("remove member", group=group_id, members=missing, generation=generation,
                     reason="no SyncGroup before the rebalance timeout")
            self._prepare_rebalance(group, f"members {missing} did not sync")

    def _remove_sync_expiration(self, group: ClassicGroup) -> None:
        group.pending_sync.clear()
        self.timers.cancel(_sync_key(group.group_id))

    def _remove_pending_sync_member(self, group: ClassicGroup, member_id: str) -> None:
        group.pending_sync.discard(member_id)
        if not group.pending_sync or not group.is_in(COMPLETING, STABLE):
            self.timers.cancel(_sync_key(group.group_id))

    # == SyncGroup ===============================================================================

    def sync_group(self, req: SyncGroup, waiter: Any) -> None:
        group = self.groups.get(req.group_id)
        if group is None:
            return self._reply(waiter, SyncResult(E.UNKNOWN_MEMBER_ID))
        error = self._validate_sync(group, req)
        if error is not None:
            return self._reply(waiter, SyncResult(error))

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
                log.info("receive assignment", group=group.group_id, member=req.member_id,
                         generation=group.generation_id, members=group.size, static=len(group.static_members))
                self._append([self._group_record(group, assignment)],
                             partial(self._on_assignment_stored, group, req.generation_id, assignment))
        elif group.is_in(STABLE):
            # The generation is settled (e.g. a follower's late SyncGroup): its assignment.
            self._remove_pending_sync_member(group, req.member_id)
            member = group.members[req.member_id]
            self._reply(waiter, SyncResult(E.NONE, group.protocol_type, group.protocol_name, member.assignment))

    def _validate_sync(self, group: ClassicGroup, req: SyncGroup) -> ErrorCode | None:
        if group.is_in(DEAD):
            return E.COORDINATOR_NOT_AVAILABLE
        error = self._validate_member(group, req.member_id, req.group_instance_id)
        if error is not None:
            return error
        if req.generation_id != group.generation_id:
            return E.ILLEGAL_GENERATION
        if _inconsistent(req.protocol_type, group.protocol_type) or _inconsistent(req.protocol_name,
                                                                                  group.protocol_name):
            return E.INCONSISTENT_GROUP_PROTOCOL
        return None

    def _on_assignment_stored(self, group: ClassicGroup, generation: int, assignment: dict[str, bytes],
                              error: ErrorCode) -> None:
        # Another member may have joined while the write was in flight: act only if nothing moved.
        if not group.is_in(COMPLETING) or generation != group.generation_id:
            return
        if error != E.NONE:
            log.warning("fail to store assignment", group=group.group_id, generation=generation, error=error.name)
            self._reset_and_propagate_assignment_error(group, append_error_to_response_error(error))
            self._maybe_prepare_rebalance_or_complete_join(group, f"error {error.name} storing the assignment")
            return
        for member in group.members.values():
            member.assignment = assignment.get(member.member_id, b"")
        self._propagate_assignment(group, E.NONE)
        self._transition(group, STABLE, "assignment stored")

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
            self._reply(waiter, SyncResult(error, group.protocol_type if ok else None,
                                           group.protocol_name if ok else None, member.assignment))
            # The member's session restarts now: it could not heartbeat while parked.
            self._reschedule_heartbeat(group, member)

    # == Heartbeat and member expiry ==============================================================

    def heartbeat(self, req: Heartbeat, waiter: Any) -> None:
        self._reply(waiter, self._heartbeat(req))

    def _heartbeat(self, req: Heartbeat) -> ErrorCode:
        group = self.groups.get(req.group_id)
        if group is None:
            return E.UNKNOWN_MEMBER_ID
        if group.is_in(DEAD):
            return E.COORDINATOR_NOT_AVAILABLE
        error = self._validate_member(group, req.member_id, req.group_instance_id)
        if error is not None:
            return error
        if req.generation_id != group.generation_id:
            return E.ILLEGAL_GENERATION
        if group.is_in(EMPTY):
            return E.UNKNOWN_MEMBER_ID
        self._reschedule_heartbeat(group, group.members[req.member_id])
        return E.REBALANCE_IN_PROGRESS if group.is_in(PREPARING) else E.NONE

    def _reschedule_heartbeat(self, group: ClassicGroup, member: Member, timeout_ms: int | None = None) -> None:
        self._schedule(_hb(group.group_id, member.member_id),
                       member.session_timeout_ms if timeout_ms is None else timeout_ms,
                       partial(self._expire_member, group.group_id, member.member_id))

    def _expire_member(self, group_id: str, member_id: str) -> None:
        group = self.groups.get(group_id)
        if group is None or group.is_in(DEAD):
            return
        if member_id in group.pending_members:
            group.remove(member_id)
            log.info("expire member", group=group_id, member=member_id, pending=True, generation=group.generation_id)
            if group.is_in(PREPARING) and group.has_all_members_joined():
                self._complete_join(group)
            return
        member = group.members.get(member_id)
        if member is None or member.has_satisfied_heartbeat():
            return
        log.info("expire member", group=group_id, member=member_id, generation=group.generation_id,
                 state=str(group.state), session_timeout_ms=member.session_timeout_ms)
        self._remove_member_and_update(group, member, f"member {member_id} session expired")

    def _remove_member_and_update(self, group: ClassicGroup, member: Member, reason: str) -> None:
        self._detach(group, member)
        if group.is_in(STABLE, COMPLETING):
            self._maybe_prepare_rebalance_or_complete_join(group, reason)
        elif group.is_in(PREPARING) and group.has_all_members_joined():
            self._complete_join(group)

    def _detach(self, group: ClassicGroup, member: Member) -> None:
        """Remove a member, answering its parked requests with UNKNOWN_MEMBER_ID so it rejoins."""
        self.timers.cancel(_hb(group.group_id, member.member_id))
        self._reply(group.take_join_waiter(member), JoinResult(E.UNKNOWN_MEMBER_ID, ""))
        self._reply(group.take_sync_waiter(member), SyncResult(E.UNKNOWN_MEMBER_ID))
        group.remove(member.member_id)

    # == LeaveGroup ==============================================================================

    def leave_group(self, req: LeaveGroup, waiter: Any) -> None:
        group = self.groups.get(req.group_id)
        if group is None:
            return self._reply(waiter, LeaveResult(E.NONE, [(m.member_id, m.group_instance_id, E.UNKNOWN_MEMBER_ID)
                                                            for m in req.members]))
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

    def _leave_one(self, group: ClassicGroup, member_id: str, instance_id: str | None, reason: str | None) -> ErrorCode:
        if member_id == "":
            # Administrative removal by group.instance.id.
            current = group.static_members.get(instance_id) if instance_id is not None else None
            if current is None:
                return E.UNKNOWN_MEMBER_ID
            member_id = current
        elif member_id in group.pending_members:
            group.remove(member_id)
            self.timers.cancel(_hb(group.group_id, member_id))
            log.info("leave group", group=group.group_id, member=member_id, pending=True, reason=reason)
            return E.NONE
        else:
            error = self._validate_member(group, member_id, instance_id)
            if error is not None:
                return error
        log.info("leave group", group=group.group_id, member=member_id, instance=instance_id,
                 generation=group.generation_id, state=str(group.state), reason=reason)
        self._detach(group, group.members[member_id])
        return E.NONE

    # == Offsets =================================================================================

    def commit_offsets(self, req: OffsetCommit, waiter: Any) -> None:
        """Commit offsets; answered once the records are durable. Unknown topics are filtered out by
        the caller (they are the broker's to know)."""
        group = self.groups.get(req.group_id)
        if group is None:
            if req.generation_id < 0:
                # No group management: a "simple" group, only used to store offsets.
                log.info("create simple group", group=req.group_id)
                group = self._get_or_create(req.group_id)
            else:
                error = E.GROUP_ID_NOT_FOUND if req.api_version >= 9 else E.ILLEGAL_GENERATION
                return self._reply(waiter, _all_partitions(req, error))
        error = self._validate_offset_commit(group, req)
        if error is not None:
            return self._reply(waiter, _all_partitions(req, error))
        if group.is_in(STABLE, PREPARING) and req.member_id in group.members:
            self._reschedule_heartbeat(group, group.members[req.member_id])  # a commit keeps the session

        wall = self.clock.wall_ms()
        expire = wall + req.retention_time_ms if req.retention_time_ms != -1 else None
        answer: PartitionErrors = []
        records: list[Record] = []
        for topic, partitions in req.topics:
            errors: list[tuple[int, ErrorCode]] = []
            for p in partitions:
                if p.metadata is not None and _java_length(p.metadata) > self.config.offset_metadata_max_bytes:
                    errors.append((p.partition, E.OFFSET_METADATA_TOO_LARGE))
                    continue
                errors.append((p.partition, E.NONE))
                records.append(OffsetRecord(req.group_id, topic, p.partition, OffsetAndMetadata(
                    p.offset, None if p.leader_epoch < 0 else p.leader_epoch, p.metadata or "",
                    p.commit_timestamp_ms if p.commit_timestamp_ms != -1 else wall, expire)))
            answer.append((topic, errors))
        if not records:
            return self._reply(waiter, answer)
        tps = [(r.topic, r.partition) for r in records]  # type: ignore[union-attr]
        self.offsets.begin(req.group_id, tps)
        self._append(records, partial(self._on_offsets_stored, req.group_id, records, tps, answer, waiter))

    def _validate_offset_commit(self, group: ClassicGroup, req: OffsetCommit) -> ErrorCode | None:
        if group.is_in(DEAD):
            return E.COORDINATOR_NOT_AVAILABLE
        if req.generation_id < 0 and group.is_in(EMPTY):
            return None  # the admin client or a consumer without group management
        if req.generation_id >= 0 or req.member_id or req.group_instance_id is not None:
            error = self._validate_member(group, req.member_id, req.group_instance_id)
            if error is not None:
                return error
            if req.generation_id != group.generation_id:
                return E.ILLEGAL_GENERATION
        elif not group.is_in(EMPTY):
            return E.UNKNOWN_MEMBER_ID  # only members may commit to a group with members
        if group.is_in(COMPLETING):
            # The member has the new generation from JoinGroup but no assignment yet.
            return E.REBALANCE_IN_PROGRESS
        return None

    def _on_offsets_stored(self, group_id: str, records: list[OffsetRecord], tps: list, answer: PartitionErrors,
                           waiter: Any, error: ErrorCode) -> None:
        self.offsets.end(group_id, tps)
        if error == E.NONE:
            for record in records:
                self.offsets.apply(record)
            return self._reply(waiter, answer)
        failed = append_error_to_commit_error(error)
        log.warning("fail to store offsets", group=group_id, error=error.name, answer=failed.name)
        self._reply(waiter, [(t, [(p, failed if e == E.NONE else e) for p, e in errs]) for t, errs in answer])

    def fetch_offsets(self, group_id: str, topics: list[tuple[str, list[int]]] | None) -> FetchedGroup:
        """Committed offsets (durable ones only); `topics=None` for all of the group's."""
        group = self.groups.get(group_id)
        known = group is not None and not group.is_in(DEAD)
        stored = self.offsets.group_offsets(group_id) if known else {}
        if topics is None:
            return FetchedGroup(group_id, E.NONE, [
                (topic, [_fetched(p, oam) for p, oam in parts.items()]) for topic, parts in stored.items()])
        return FetchedGroup(group_id, E.NONE, [
            (topic, [_fetched(p, stored.get(topic, {}).get(p)) for p in partitions]) for topic, partitions in topics])

    def delete_offsets(self, req: OffsetDelete, waiter: Any) -> None:
        group = self.groups.get(req.group_id)
        if group is None or group.is_in(DEAD):
            return self._reply(waiter, OffsetDeleteResult(E.GROUP_ID_NOT_FOUND))
        if not group.is_in(EMPTY) and not group.uses_consumer_protocol():
            return self._reply(waiter, OffsetDeleteResult(E.NON_EMPTY_GROUP))
        answer: PartitionErrors = []
        records: list[Record] = []
        for topic, partitions in req.topics:
            if group.is_subscribed_to(topic):
                answer.append((topic, [(p, E.GROUP_SUBSCRIBED_TO_TOPIC) for p in partitions]))
                continue
            answer.append((topic, [(p, E.NONE) for p in partitions]))
            records.extend(OffsetRecord(req.group_id, topic, p, None) for p in partitions
                           if self.offsets.has(req.group_id, topic, p))
        if not records:
            return self._reply(waiter, OffsetDeleteResult(E.NONE, answer))

        def stored(error: ErrorCode) -> None:
            if error != E.NONE:
                return self._reply(waiter, OffsetDeleteResult(append_error_to_response_error(error)))
            for record in records:
                self.offsets.apply(record)  # type: ignore[arg-type]
            log.info("delete offsets", group=req.group_id, partitions=len(records))
            self._reply(waiter, OffsetDeleteResult(E.NONE, answer))

        self._append(records, stored)

    # == Admin: DescribeGroups, ListGroups, DeleteGroups ==========================================

    def describe_group(self, group_id: str, api_version: int = 0) -> DescribedGroup:
        group = self.groups.get(group_id)
        if group is None or group.is_in(DEAD):
            if api_version >= 6:
                return DescribedGroup(group_id, E.GROUP_ID_NOT_FOUND, str(DEAD),
                                      error_message=f"Group {group_id} not found.")
            return DescribedGroup(group_id, E.NONE, str(DEAD))
        stable = group.is_in(STABLE)
        members = [DescribedMember(m.member_id, m.group_instance_id, m.client_id, m.client_host,
                                   m.metadata(group.protocol_name) if stable and group.protocol_name else b"",
                                   m.assignment) for m in group.members.values()]
        return DescribedGroup(group_id, E.NONE, str(group.state), group.protocol_type or "",
                              (group.protocol_name or "") if stable else "", members)

    def list_groups(self, states: Iterable[str] = (), types: Iterable[str] = ()) -> list[ListedGroup]:
        wanted_states = {s.lower() for s in states}
        wanted_types = {t.lower() for t in types}
        if wanted_types and "classic" not in wanted_types:
            return []
        return [ListedGroup(g.group_id, g.protocol_type or "", str(g.state)) for g in self.groups.values()
                if not g.is_in(DEAD) and (not wanted_states or str(g.state).lower() in wanted_states)]

    def delete_groups(self, group_ids: list[str], waiter: Any) -> None:
        """Delete empty groups with their offsets; answer [(group id, error)] once written."""
        answers: dict[str, ErrorCode] = {}
        records: list[Record] = []
        deleted: list[str] = []
        for group_id in group_ids:
            group = self.groups.get(group_id)
            if group is None or group.is_in(DEAD):
                answers[group_id] = E.GROUP_ID_NOT_FOUND
            elif not group.is_in(EMPTY):
                answers[group_id] = E.NON_EMPTY_GROUP
            else:
                self._transition(group, DEAD, "DeleteGroups")
                del self.groups[group_id]
                self.timers.cancel(_join_key(group_id))
                self.timers.cancel(_sync_key(group_id))
                records.extend(OffsetRecord(group_id, t, p, None)
                               for t, p in sorted(self.offsets.known_partitions(group_id)))
                records.append(GroupRecord(group_id, None))
                deleted.append(group_id)
                answers[group_id] = E.NONE
        if not records:
            return self._reply(waiter, list(answers.items()))

        def stored(error: ErrorCode) -> None:
            if error == E.NONE:
                for record in records:
                    if isinstance(record, OffsetRecord):
                        self.offsets.apply(record)
                log.info("delete groups", groups=deleted, offsets=len(records) - len(deleted))
            else:
                for group_id in deleted:
                    answers[group_id] = append_error_to_response_error(error)
            self._reply(waiter, list(answers.items()))

        self._append(records, stored)

    # == Records: what is written, and loading it back ===========================================

    def _group_record(self, group: ClassicGroup, assignment: dict[str, bytes]) -> GroupRecord:
        protocol = group.protocol_name
        members = [
            MemberMetadata(m.member_id, m.group_instance_id, m.client_id, m.client_host, m.rebalance_timeout_ms,
                           m.session_timeout_ms, m.metadata(protocol) if protocol else b"",
                           assignment.get(m.member_id, b""))
            for m in group.members.values()
        ] if protocol else []
        return GroupRecord(group.group_id, GroupMetadataValue(
            group.protocol_type or "", group.generation_id, protocol, group.leader_id, group.state_timestamp_ms,
            members))

    def load(self, records: Iterable[Record]) -> None:
        """Rebuild groups and offsets from this shard's partition, replayed from the start (the
        newest record per key wins; a null value deletes)."""
        metadata: dict[str, GroupMetadataValue] = {}
        for record in records:
            if isinstance(record, OffsetRecord):
                self.offsets.apply(record)
            elif record.value is None:
                metadata.pop(record.group, None)
            else:
                metadata[record.group] = record.value
        for group_id, value in metadata.items():
            self.groups[group_id] = self._loaded_group(group_id, value)
        for group_id in list(self.offsets.groups()):
            if group_id not in self.groups:  # offsets without group metadata: a simple group
                self.groups[group_id] = ClassicGroup(group_id, state_timestamp_ms=self.clock.wall_ms())
        for group in self.groups.values():
            for member in group.members.values():
                self._reschedule_heartbeat(group, member)
            if group.size > self.config.max_size:
                self._prepare_rebalance(group, f"loaded group is over capacity ({self.config.max_size})")
        log.info("load groups", partition=self.partition, groups=len(self.groups), offsets=self.offsets.count())

    def _loaded_group(self, group_id: str, value: GroupMetadataValue) -> ClassicGroup:
        group = ClassicGroup(
            group_id, state=STABLE if value.members else EMPTY, state_timestamp_ms=value.current_state_timestamp,
            generation_id=value.generation, protocol_type=value.protocol_type or None, protocol_name=value.protocol,
        )
        for m in value.members:
            protocols = [(value.protocol, m.subscription)] if value.protocol is not None else []
            group.add(Member(m.member_id, m.group_instance_id, m.client_id, m.client_host, m.rebalance_timeout,
                             m.session_timeout, value.protocol_type, protocols, m.assignment))
        group.leader_id = value.leader if value.leader in group.members else next(iter(group.members), None)
        return group

    def unload(self) -> None:
        """The shard stops: answer every parked request with NOT_COORDINATOR and forget all state."""
        for group in self.groups.values():
            for member in group.members.values():
                self._reply(group.take_join_waiter(member), JoinResult(E.NOT_COORDINATOR, member.member_id))
                self._reply(group.take_sync_waiter(member), SyncResult(E.NOT_COORDINATOR))
        self.groups.clear()
        self.timers.clear()


def _inconsistent(requested: str | None, current: str | None) -> bool:
    return requested is not None and current is not None and requested != current


def _all_partitions(req: OffsetCommit, error: ErrorCode) -> PartitionErrors:
    return [(topic, [(p.partition, error) for p in partitions]) for topic, partitions in req.topics]


def _fetched(partition: int, oam: OffsetAndMetadata | None) -> FetchedPartition:
    if oam is None:
        return FetchedPartition(partition)
    return FetchedPartition(partition, oam.offset, -1 if oam.leader_epoch is None else oam.leader_epoch,
                            oam.metadata)


__all__ = ["GroupCoordinator", "GroupConfig", "Clock", "SystemClock", "CommitPartition"]

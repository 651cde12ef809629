"""Offsets and the admin APIs of a coordinator shard: OffsetCommit, OffsetFetch, OffsetDelete,
DescribeGroups, ListGroups, DeleteGroups.

`GroupCoordinator` (coordinator.py) inherits these; they lean on its membership checks
(`_validate_member`, the session timers) and on its outputs (`_reply`, `_append`). Commits
enter the offset store only once their records are durable.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

from broker import logs
from broker.group.events import (
    DescribedGroup,
    DescribedMember,
    FetchedGroup,
    FetchedPartition,
    ListedGroup,
    OffsetCommit,
    OffsetDelete,
    OffsetDeleteResult,
    PartitionErrors,
    append_error_to_commit_error,
    append_error_to_response_error,
)
from broker.group.state import ClassicGroup, GroupState
from broker.group.timers import join_key, sync_key
from broker.offsets import GroupRecord, OffsetAndMetadata, OffsetRecord, Record
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from broker.group.config import Clock, GroupConfig
    from broker.group.timers import Timers
    from broker.offsets import OffsetStore

log = logs.get("kbroker.group")

E = ErrorCode
EMPTY, PREPARING, COMPLETING, STABLE, DEAD = (
    GroupState.EMPTY, GroupState.PREPARING_REBALANCE, GroupState.COMPLETING_REBALANCE, GroupState.STABLE,
    GroupState.DEAD,
)


def _java_length(s: str) -> int:
    """String.length() in Java: UTF-16 code units."""
    return len(s) + sum(1 for c in s if ord(c) > 0xFFFF)


class OffsetsAndAdmin:
    groups: dict[str, ClassicGroup]
    offsets: OffsetStore
    config: GroupConfig
    clock: Clock
    timers: Timers

    # Provided by GroupCoordinator.
    def _reply(self, waiter: Any, result: Any) -> None: ...
    def _append(self, records: list[Record], then: Any = None) -> None: ...
    def _get_or_create(self, group_id: str) -> ClassicGroup: ...
    def _validate_member(self, group: ClassicGroup, member_id: str, instance_id: str | None) -> ErrorCode | None: ...
    def _reschedule_heartbeat(self, group: ClassicGroup, member: Any, timeout_ms: int | None = None) -> None: ...
    def _transition(self, group: ClassicGroup, target: GroupState, reason: str = "") -> None: ...

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
                self.timers.cancel(join_key(group_id))
                self.timers.cancel(sync_key(group_id))
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

def _all_partitions(req: OffsetCommit, error: ErrorCode) -> PartitionErrors:
    return [(topic, [(p.partition, error) for p in partitions]) for topic, partitions in req.topics]


def _fetched(partition: int, oam: OffsetAndMetadata | None) -> FetchedPartition:
    if oam is None:
        return FetchedPartition(partition)
    return FetchedPartition(partition, oam.offset, -1 if oam.leader_epoch is None else oam.leader_epoch,
                            oam.metadata)

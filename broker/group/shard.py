"""One GroupCoordinatorShard: the groups and committed offsets of one `__consumer_offsets`
partition, as a pure state machine (sans-I/O) — Kafka's GroupCoordinatorShard, composing a
GroupMetadataManager (the classic group protocol, metadata_manager.py) and an
OffsetMetadataManager (committed offsets, offset_manager.py).

Requests come in with an opaque `waiter`; answers go out as `Reply(waiter, result)`, writes as
`Append(records, then)`, collected until the driver (runtime.py, Kafka's CoordinatorRuntime)
calls `drain()`. Time is read from the injected clock and deadlines live in one `Timers` heap;
the driver arms a single real timer for `timers.next_deadline()` and calls `fire_timers()`.
Nothing here awaits, sleeps, or locks: the shard is the only owner of its groups, and the driver
calls it from one event loop.

What is durable changes one way only: a request computes its records and its answer, the driver
writes them, and `appended` replays what was written through `replay` — the code `load` runs over
the partition at start-up — before the continuation answers. A failed write changes nothing.
Here: the driver interface, the membership requests (handed to the GroupMetadataManager), the
offsets requests, DeleteGroups, offset retention, and replaying/loading records.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import partial
from typing import Any

from broker import logging_setup
from broker.group.classic.group import ClassicGroup, GroupState
from broker.group.classic.manager import GroupMetadataManager
from broker.group.config import Clock, GroupConfig, SystemClock
from broker.group.consumer.events import (
    ConsumerGroupHeartbeat,
    DescribedConsumerGroup,
    HeartbeatResult,
)
from broker.group.consumer.group import ConsumerGroupState, group_tombstones
from broker.group.consumer.manager import ConsumerGroupManager
from broker.group.events import (
    Append,
    CommitPartition,
    DescribedGroup,
    FetchedGroup,
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
    Outputs,
    PartitionErrors,
    SyncGroup,
    SyncResult,
    TxnOffsetCommit,
    Waiter,
    append_error_to_response_error,
)
from broker.group.offsets.manager import OffsetMetadataManager
from broker.group.offsets.retention import is_removable
from broker.group.offsets.store import TopicPartition
from broker.group.records import (
    NO_PRODUCER_ID,
    GroupRecord,
    LoadedRecord,
    OffsetRecord,
    Record,
    TransactionalRecord,
    TransactionMarker,
)
from broker.group.share.events import DescribedShareGroup, ShareGroupHeartbeat, ShareHeartbeatResult
from broker.group.share.group import TopicPartitions
from broker.group.share.manager import ShareGroupManager
from broker.group.timers import Timers
from protocol.consumer_group_records import ConsumerGroupRecord
from protocol.errors import ErrorCode
from protocol.share_group_records import ShareGroupRecord

log = logging_setup.get_logger("kbroker.group")

E = ErrorCode
EMPTY, PREPARING, COMPLETING, STABLE, DEAD = (
    GroupState.EMPTY,
    GroupState.PREPARING_REBALANCE,
    GroupState.COMPLETING_REBALANCE,
    GroupState.STABLE,
    GroupState.DEAD,
)
EXPIRY_KEY: Hashable = ("offsets-expiry",)
_TRANSACTIONAL = object()  # the key of a transactional record or marker when loading: each one counts


class GroupCoordinatorShard:
    def __init__(self, partition: int, config: GroupConfig, clock: Clock | None = None):
        self.partition = partition
        self.config = config
        self.timers = Timers()
        self.outputs = Outputs()
        clock = clock or SystemClock()
        self.group_manager = GroupMetadataManager(partition, config, clock, self.timers, self.outputs)
        self.offsets = OffsetMetadataManager(config, clock)
        # KIP-848 consumer groups, next to the classic ones (consumer_group_manager.py)
        self.consumer_groups = ConsumerGroupManager(
            partition, config.consumer, clock, self.timers, self.outputs
        )
        self.consumer_groups.classic_group_busy = self._consumer_group_id_taken
        self._wire_migration()
        # KIP-932 share groups (broker/group/share/)
        self.share_groups = ShareGroupManager(partition, config.share, clock, self.timers, self.outputs)
        self.share_groups.other_group_kind = self._share_group_id_taken
        self.clock = clock

    @property
    def clock(self) -> Clock:
        return self._clock

    @clock.setter
    def clock(self, clock: Clock) -> None:
        """One clock for the shard and its components (tests move it)."""
        self._clock = self.group_manager.clock = self.offsets.clock = clock
        self.consumer_groups.clock = self.share_groups.clock = clock

    def _wire_migration(self) -> None:
        """KIP-848's online upgrade and downgrade (consumer/migration.py): the consumer group
        manager sees the classic groups, and hands a request back to the classic protocol when
        its group stopped being a consumer group while it waited."""
        cg, classic = self.consumer_groups, self.group_manager
        cg.classic_group = lambda group_id: classic.groups.get(group_id)
        cg.classic_max_size = self.config.max_size
        cg.upgrading = classic.release_waiters
        cg.downgraded = classic.rebalance_downgraded
        cg.classic.fallback_join = classic.join_group
        cg.classic.fallback_sync = classic.sync_group
        cg.classic.fallback_leave = classic.leave_group

    def _classic_member_of_consumer_group(self, group_id: str) -> bool:
        """Does a classic protocol request for this group go to its consumer group (one, or one
        being written by a conversion)?"""
        return group_id in self.consumer_groups.groups or group_id in self.consumer_groups.converting

    def _consumer_group_id_taken(self, group_id: str) -> bool:
        """A consumer member may not take the id of a busy classic group, nor of a share group."""
        group = self.groups.get(group_id)
        return (group is not None and not group.is_in(EMPTY, DEAD)) or group_id in self.share_groups.groups

    def _share_group_id_taken(self, group_id: str) -> bool:
        """Kafka has no conversion to or from share groups: any other group with the id refuses."""
        group = self.groups.get(group_id)
        return (group is not None and not group.is_in(DEAD)) or group_id in self.consumer_groups.groups

    def _is_share_group(self, group_id: str) -> bool:
        return group_id in self.share_groups.groups

    @property
    def groups(self) -> dict[str, ClassicGroup]:
        return self.group_manager.groups

    # -- driver interface ---------------------------------------------------------------------

    def drain(self) -> list[Output]:
        return self.outputs.drain()

    def fire_timers(self) -> int:
        """Run every action due; each on its own, so that one that fails (a defect: it is logged)
        does not drop the others, which `pop_due` has already taken off the heap."""
        actions = self.timers.pop_due(self.clock.monotonic_ms())
        for action in actions:
            try:
                action()
            except Exception:
                log.exception("fail timer", partition=self.partition, action=repr(action))
        return len(actions)

    def appended(self, append: Append, error: ErrorCode = ErrorCode.NONE) -> None:
        """The driver wrote `append.records` (error NONE) or failed to (the error). Written records
        are replayed — the one way durable state changes — then the continuation answers."""
        if error == E.NONE:
            producer_id = append.producer_id if append.transactional else NO_PRODUCER_ID
            for record in append.records:
                self.replay(record, producer_id)
        if append.then is not None:
            append.then(error)

    def _reply(self, waiter: Any, result: Any) -> None:
        self.outputs.reply(waiter, result)

    def _write(self, records: Sequence[Record], then: Callable[[ErrorCode], None] | None = None) -> None:
        self.outputs.write(records, then)

    def _schedule(self, key: Hashable, delay_ms: int, action: Callable[[], None]) -> None:
        self.timers.schedule(key, self.clock.monotonic_ms() + delay_ms, action)

    # == Membership: the classic group protocol (metadata_manager.py) =============================

    def join_group(self, req: JoinGroup, waiter: Waiter[JoinResult]) -> None:
        if self._classic_member_of_consumer_group(req.group_id):
            # A classic member of a consumer group (consumer/classic_members.py)
            return self.consumer_groups.classic.join(req, waiter)
        if self._is_share_group(req.group_id):
            # As Kafka's classicGroupJoin: the group exists and is not a consumer group.
            return self._reply(waiter, JoinResult(E.INCONSISTENT_GROUP_PROTOCOL, ""))
        self.group_manager.join_group(req, waiter)

    def sync_group(self, req: SyncGroup, waiter: Waiter[SyncResult]) -> None:
        if self._classic_member_of_consumer_group(req.group_id):
            return self.consumer_groups.classic.sync(req, waiter)
        self.group_manager.sync_group(req, waiter)

    def heartbeat(self, req: Heartbeat) -> ErrorCode:
        """The answer, returned, not replied: a heartbeat never writes nor waits (the runtime's
        `call_direct`)."""
        if req.group_id in self.consumer_groups.groups:
            return self.consumer_groups.classic.heartbeat(req)
        return self.group_manager.heartbeat(req)

    def leave_group(self, req: LeaveGroup, waiter: Waiter[LeaveResult]) -> None:
        if self._classic_member_of_consumer_group(req.group_id):
            return self.consumer_groups.classic.leave(req, waiter)
        self.group_manager.leave_group(req, waiter)

    # == Offsets: OffsetCommit, OffsetFetch, OffsetDelete ========================================

    def commit_offsets(self, req: OffsetCommit, waiter: Waiter[PartitionErrors]) -> None:
        """Commit offsets; answered once the records are written. A simple group (no group
        management) comes to exist when its first offset record is replayed."""
        if self._is_share_group(req.group_id):
            # A share group has no committed offsets (Kafka's ShareGroup.validateOffsetCommit).
            return self._reply(waiter, _all_partitions(req, E.GROUP_ID_NOT_FOUND))
        if req.group_id in self.consumer_groups.groups:
            return self._commit_consumer_group_offsets(req, waiter)
        group = self.groups.get(req.group_id)
        if group is None and req.generation_id >= 0:
            error = E.GROUP_ID_NOT_FOUND if req.api_version >= 9 else E.ILLEGAL_GENERATION
            return self._reply(waiter, _all_partitions(req, error))
        if group is not None:
            rejection = self._validate_offset_commit(group, req)
            if rejection is not None:
                return self._reply(waiter, _all_partitions(req, rejection))
            state = group.state  # (not `is_in`: an interpreted call, per commit)
            if (state is STABLE or state is PREPARING) and req.member_id in group.members:
                # A commit keeps the member's session alive.
                self.group_manager.reschedule_heartbeat(group, group.members[req.member_id])
        result = self.offsets.commit(req)
        if not result.records:
            return self._reply(waiter, result.response)
        tps = self.offsets.begin(req.group_id, [r for r in result.records if isinstance(r, OffsetRecord)])
        self._write(
            result.records, partial(self._on_offsets_stored, req.group_id, tps, result.response, waiter)
        )

    def _commit_consumer_group_offsets(self, req: OffsetCommit, waiter: Waiter[PartitionErrors]) -> None:
        # The generation of a consumer group's commit is the member epoch (STALE_MEMBER_EPOCH).
        rejection = self.consumer_groups.validate_offset_commit(
            req.group_id, req.member_id, req.generation_id, req.group_instance_id, req.api_version
        )
        if rejection is not None:
            return self._reply(waiter, _all_partitions(req, rejection))
        result = self.offsets.commit(req)
        if not result.records:
            return self._reply(waiter, result.response)
        tps = self.offsets.begin(req.group_id, [r for r in result.records if isinstance(r, OffsetRecord)])
        self._write(
            result.records, partial(self._on_offsets_stored, req.group_id, tps, result.response, waiter)
        )

    def _validate_offset_commit(self, group: ClassicGroup, req: OffsetCommit) -> ErrorCode | None:
        state = group.state  # compared here, not by `is_in`: an interpreted call, per commit
        if state is DEAD:
            return E.COORDINATOR_NOT_AVAILABLE
        if req.generation_id < 0 and state is EMPTY:
            return None  # the admin client or a consumer without group management
        if req.generation_id >= 0 or req.member_id or req.group_instance_id is not None:
            error = self.group_manager.validate_member(group, req.member_id, req.group_instance_id)
            if error is not None:
                return error
            if req.generation_id != group.generation_id:
                return E.ILLEGAL_GENERATION
        elif state is not EMPTY:
            return E.UNKNOWN_MEMBER_ID  # only members may commit to a group with members
        if group.state is COMPLETING:
            # The member has the new generation from JoinGroup but no assignment yet.
            return E.REBALANCE_IN_PROGRESS
        return None

    def commit_transactional_offsets(self, req: TxnOffsetCommit, waiter: Waiter[PartitionErrors]) -> None:
        """TxnOffsetCommit: the member checked as an OffsetCommit's (`validate_txn_offset_commit`),
        the records written as the producer's own transactional batch (its id and epoch: the
        partition's producer state refuses a fenced epoch), pending once written until the
        transaction's marker (`replay_end_transaction`). No group is created before then."""
        commit = req.offsets
        if self._is_share_group(commit.group_id):
            rejection: ErrorCode | None = E.GROUP_ID_NOT_FOUND
        elif commit.group_id in self.consumer_groups.groups:
            rejection = self.consumer_groups.validate_offset_commit(
                commit.group_id,
                commit.member_id,
                commit.generation_id,
                commit.group_instance_id,
                commit.api_version,
                transactional=True,
            )
        else:
            rejection = self.validate_txn_offset_commit(commit)
        if rejection is not None:
            return self._reply(waiter, _all_partitions(commit, rejection))
        result = self.offsets.commit(commit)
        if not result.records:
            return self._reply(waiter, result.response)
        self.outputs.write_transactional(
            result.records,
            req.producer_id,
            req.producer_epoch,
            partial(self._on_txn_offsets_stored, req, result.response, waiter),
        )

    def _on_txn_offsets_stored(
        self, req: TxnOffsetCommit, answer: PartitionErrors, waiter: Any, error: ErrorCode
    ) -> None:
        if error == E.NONE:
            return self._reply(waiter, answer)
        if error == E.INVALID_PRODUCER_EPOCH:  # a fenced epoch, refused by the producer state
            failed = E.PRODUCER_FENCED if req.offsets.api_version >= 3 else E.INVALID_PRODUCER_EPOCH
        elif error == E.PRODUCER_FENCED:
            failed = error
        else:
            failed = E.NOT_COORDINATOR
        log.warning(
            "fail txn offset commit",
            group=req.offsets.group_id,
            producer_id=req.producer_id,
            error=error.name,
        )
        self._reply(waiter, _all_partitions(req.offsets, failed))

    def validate_txn_offset_commit(self, req: OffsetCommit) -> ErrorCode | None:
        """TxnOffsetCommit's member check: OffsetCommit's, except that a client older than v3 names
        no member and is not checked."""
        group = self.groups.get(req.group_id)
        if group is None:
            return None if req.generation_id < 0 else E.ILLEGAL_GENERATION
        if req.generation_id < 0 and not req.member_id and req.group_instance_id is None:
            return E.COORDINATOR_NOT_AVAILABLE if group.is_in(DEAD) else None
        return self._validate_offset_commit(group, req)

    def _on_offsets_stored(
        self, group_id: str, tps: list[TopicPartition], answer: PartitionErrors, waiter: Any, error: ErrorCode
    ) -> None:
        self.offsets.end(group_id, tps)
        if error == E.NONE:
            return self._reply(waiter, answer)
        failed = self.offsets.failed_commit(answer, error)
        log.warning("fail to store offsets", group=group_id, error=error.name)
        self._reply(waiter, failed)

    def fetch_offsets(
        self,
        group_id: str,
        topics: list[tuple[str, list[int]]] | None,
        member_id: str | None = None,
        member_epoch: int = -1,
    ) -> FetchedGroup:
        """Committed offsets (written ones only, pending transactional ones not); `topics=None` for
        all of the group's. A consumer group's member (OffsetFetch v9+) must be at its epoch."""
        if self._is_share_group(group_id):
            # A share group has no committed offsets (Kafka's ShareGroup.validateOffsetFetch).
            return FetchedGroup(group_id, E.GROUP_ID_NOT_FOUND, [])
        if group_id in self.consumer_groups.groups:
            rejection = self.consumer_groups.validate_offset_fetch(group_id, member_id, member_epoch)
            if rejection is not None:
                return FetchedGroup(group_id, rejection, [])
        group = self.groups.get(group_id)
        known = (group is not None and not group.is_in(DEAD)) or group_id in self.consumer_groups.groups
        return self.offsets.fetch(group_id, topics, known=known)

    def pending_partitions(self, group_id: str) -> set[TopicPartition]:
        """The group's partitions with a transactional offset pending (require_stable's
        UNSTABLE_OFFSET_COMMIT)."""
        return self.offsets.pending_partitions(group_id)

    def delete_offsets(self, req: OffsetDelete, waiter: Waiter[OffsetDeleteResult]) -> None:
        if self._is_share_group(req.group_id):
            return self._reply(waiter, OffsetDeleteResult(E.GROUP_ID_NOT_FOUND))
        consumer_group = self.consumer_groups.groups.get(req.group_id)
        if consumer_group is not None:
            # Any state (Kafka's ConsumerGroup.validateOffsetDelete); subscribed topics refused.
            result = self.offsets.delete(consumer_group.subscribed_topics().__contains__, req)
        else:
            group = self.groups.get(req.group_id)
            if group is None or group.is_in(DEAD):
                return self._reply(waiter, OffsetDeleteResult(E.GROUP_ID_NOT_FOUND))
            if not group.is_in(EMPTY) and not group.uses_consumer_protocol():
                return self._reply(waiter, OffsetDeleteResult(E.NON_EMPTY_GROUP))
            result = self.offsets.delete(group.is_subscribed_to, req)
        if not result.records:
            return self._reply(waiter, result.response)
        self._write(
            result.records,
            partial(self._on_offsets_deleted, req.group_id, len(result.records), result.response, waiter),
        )

    def _on_offsets_deleted(
        self, group_id: str, count: int, answer: OffsetDeleteResult, waiter: Any, error: ErrorCode
    ) -> None:
        if error != E.NONE:
            return self._reply(waiter, OffsetDeleteResult(append_error_to_response_error(error)))
        log.info("delete offsets", group=group_id, partitions=count)
        self._reply(waiter, answer)

    # == Admin: DescribeGroups, ListGroups, DeleteGroups ==========================================

    def describe_group(self, group_id: str, api_version: int = 0) -> DescribedGroup:
        if group_id in self.consumer_groups.groups or self._is_share_group(group_id):
            # As Kafka 4.x: DescribeGroups describes classic groups only (ConsumerGroupDescribe the others).
            if api_version >= 6:
                return DescribedGroup(
                    group_id,
                    E.GROUP_ID_NOT_FOUND,
                    str(DEAD),
                    error_message=f"Group {group_id} is not a classic group.",
                )
            return DescribedGroup(group_id, E.NONE, str(DEAD))
        return self.group_manager.describe_group(group_id, api_version)

    def list_groups(self, states: Iterable[str] = (), types: Iterable[str] = ()) -> list[ListedGroup]:
        consumer = self.consumer_groups.list_groups(states, types)
        share = self.share_groups.list_groups(states, types)
        classic = [
            g
            for g in self.group_manager.list_groups(states, types)
            if g.group_id not in self.consumer_groups.groups and g.group_id not in self.share_groups.groups
        ]
        return classic + consumer + share

    # == KIP-848: ConsumerGroupHeartbeat, ConsumerGroupDescribe (consumer_group_manager.py) =========

    def consumer_group_heartbeat(self, req: ConsumerGroupHeartbeat, waiter: Waiter[HeartbeatResult]) -> None:
        if req.member_epoch != 0 and self._is_share_group(req.group_id):
            # (a join is refused so by the manager, after its checks of the request)
            message = f"Group {req.group_id} is not a consumer group."
            return self._reply(waiter, HeartbeatResult(E.GROUP_ID_NOT_FOUND, message))
        self.consumer_groups.heartbeat(req, waiter)

    def consumer_group_describe(self, group_id: str) -> DescribedConsumerGroup:
        if group_id not in self.consumer_groups.groups and (
            self.groups.get(group_id) is not None or self._is_share_group(group_id)
        ):
            return DescribedConsumerGroup(
                group_id, E.GROUP_ID_NOT_FOUND, f"Group {group_id} is not a consumer group."
            )
        return self.consumer_groups.describe(group_id)

    # == KIP-932: ShareGroupHeartbeat, ShareGroupDescribe (share/manager.py) =====================

    def share_group_heartbeat(self, req: ShareGroupHeartbeat, waiter: Waiter[ShareHeartbeatResult]) -> None:
        self.share_groups.heartbeat(req, waiter)

    # The service's requests for the share-partition state (ShareGroupStatePartitionMetadata):
    # the Persister's answers come back here as requests, so that only records change the groups.

    def share_state_initialized(self, req: tuple[str, TopicPartitions], waiter: Waiter[Any]) -> None:
        self.share_groups.initialized(req[0], req[1], waiter)

    def share_state_altered(self, req: tuple[str, TopicPartitions], waiter: Waiter[Any]) -> None:
        self.share_groups.initialized(req[0], req[1], waiter, altered=True)

    def share_state_uninitialized(self, req: tuple[str, TopicPartitions], waiter: Waiter[Any]) -> None:
        self.share_groups.uninitialized(req[0], req[1], waiter)

    def share_delete_offsets(self, req: tuple[str, dict[uuid.UUID, str] | None], waiter: Waiter[Any]) -> None:
        self.share_groups.delete_offsets(req[0], req[1], waiter)

    def share_offsets_deleted(self, req: tuple[str, list[uuid.UUID]], waiter: Waiter[Any]) -> None:
        self.share_groups.deleted(req[0], req[1], waiter)

    def share_group_describe(self, group_id: str) -> DescribedShareGroup:
        if group_id not in self.share_groups.groups and self._share_group_id_taken(group_id):
            return DescribedShareGroup(
                group_id, E.GROUP_ID_NOT_FOUND, f"Group {group_id} is not a share group."
            )
        return self.share_groups.describe(group_id)

    def delete_groups(self, group_ids: list[str], waiter: Waiter[list[tuple[str, ErrorCode]]]) -> None:
        """Delete empty groups with their offsets: tombstones for both, answered [(group id, error)]
        once written. Until then the groups are untouched; replaying the tombstones removes them."""
        answers: dict[str, ErrorCode] = {}
        records: list[Record] = []
        deleted: list[str] = []
        for group_id in group_ids:
            group = self.groups.get(group_id)
            if group_id in self.share_groups.groups:
                error, share_tombstones = self.share_groups.delete_records(group_id)
                answers[group_id] = error
                if error == E.NONE:
                    records.extend(share_tombstones)
                    deleted.append(group_id)
            elif group_id in self.consumer_groups.groups:
                error, tombstones = self.consumer_groups.delete_records(group_id)
                answers[group_id] = error
                if error == E.NONE:
                    records.extend(self.offsets.delete_all(group_id))
                    records.extend(tombstones)
                    if group is not None and group.generation_id > 0:
                        records.append(GroupRecord(group_id, None))
                    deleted.append(group_id)
            elif group is None or group.is_in(DEAD):
                answers[group_id] = E.GROUP_ID_NOT_FOUND
            elif not group.is_in(EMPTY):
                answers[group_id] = E.NON_EMPTY_GROUP
            else:
                records.extend(self.offsets.delete_all(group_id))
                records.append(GroupRecord(group_id, None))
                deleted.append(group_id)
                answers[group_id] = E.NONE
        if not records:
            return self._reply(waiter, list(answers.items()))
        self._write(
            records, partial(self._on_groups_deleted, answers, deleted, len(records) - len(deleted), waiter)
        )

    def _on_groups_deleted(
        self, answers: dict[str, ErrorCode], deleted: list[str], offsets: int, waiter: Any, error: ErrorCode
    ) -> None:
        if error == E.NONE:
            log.info("delete groups", groups=deleted, offsets=offsets)
        else:
            log.warning("fail to delete groups", groups=deleted, error=error.name)
            for group_id in deleted:
                answers[group_id] = append_error_to_response_error(error)
        self._reply(waiter, list(answers.items()))

    # == Offset retention (KIP-211: the rule is retention.py's) ====================================

    def _schedule_offset_expiry(self) -> None:
        self._schedule(EXPIRY_KEY, self.config.offsets_retention_check_interval_ms, self._expire_offsets)

    def _expire_offsets(self) -> None:
        """One retention pass: tombstones for expired offsets, and for the groups left empty with no
        offsets. Nothing changes until they are written; a failed write leaves all for the next pass."""
        self._schedule_offset_expiry()  # first: the next pass comes even if this one fails
        now = self.clock.wall_ms()
        records: list[Record] = []
        emptied: list[str] = []
        for group_id, group in self.groups.items():
            if group.is_in(DEAD) or self.offsets.has_inflight(group_id):
                continue
            expired, kept = self.offsets.expire(group, now)
            records.extend(expired)
            if kept == 0 and is_removable(group):
                if group.generation_id > 0:  # as Kafka: a group that never had metadata written gets none
                    records.append(GroupRecord(group_id, None))
                emptied.append(group_id)
        for group_id, cg in self.consumer_groups.groups.items():
            if self.offsets.has_inflight(group_id) or self.consumer_groups.busy(group_id):
                continue
            empty_since = self.consumer_groups.empty_since(group_id)
            expired, kept = self.offsets.expire_consumer_group(
                group_id, cg.subscribed_topics(), empty_since, now
            )
            records.extend(expired)
            if kept == 0 and cg.state is ConsumerGroupState.EMPTY:
                records.extend(group_tombstones(group_id))  # as Kafka: an Empty group without offsets goes
        if not records:
            # Groups with no offsets nor metadata in the log: nothing to write to forget them.
            for group_id in emptied:
                self.group_manager.remove_group(group_id, "empty, no offsets")
            return
        expired_count = sum(1 for r in records if isinstance(r, OffsetRecord))
        self._write(records, partial(self._on_offsets_expired, emptied, expired_count))

    def _on_offsets_expired(self, emptied: list[str], expired: int, error: ErrorCode) -> None:
        if error != E.NONE:
            log.warning(
                "fail to expire offsets",
                partition=self.partition,
                error=error.name,
                retry_in_ms=self.config.offsets_retention_check_interval_ms,
            )
            return
        # The tombstoned groups are gone (replayed); those never written had no tombstone to wait for.
        for group_id in emptied:
            group = self.groups.get(group_id)
            if (
                group is not None
                and is_removable(group)
                and not self.offsets.has_offsets(group_id)
                and not self.offsets.has_inflight(group_id)
            ):
                self.group_manager.remove_group(group_id, "empty, no offsets")
        log.info(
            "expire offsets",
            partition=self.partition,
            offsets=expired,
            groups_removed=[g for g in emptied if g not in self.groups],
        )

    # == Records: replaying them (serving and loading alike) =====================================

    def replay(self, record: Record, producer_id: int = NO_PRODUCER_ID) -> None:
        """Apply one written record: the only way committed offsets and stored groups change. An
        offset record of a producer's transactional batch (`producer_id`) becomes pending."""
        if producer_id != NO_PRODUCER_ID and isinstance(record, OffsetRecord):
            self.offsets.replay_transactional(producer_id, record)
        elif isinstance(record, ConsumerGroupRecord):
            self.consumer_groups.replay(record)
            self._drop_simple_group(record.group)
        elif isinstance(record, ShareGroupRecord):
            self.share_groups.replay(record)
        elif isinstance(record, OffsetRecord):
            self.offsets.replay(record)
            if record.value is not None and record.group not in self.consumer_groups.groups:
                self.group_manager.ensure_simple_group(record.group)
        else:
            self.group_manager.replay_group_metadata(record.group, record.value)
            if record.value is None and self.offsets.has_offsets(record.group):
                # Offsets written after the group's offset tombstones: a simple group, as loading keeps.
                self.group_manager.ensure_simple_group(record.group)

    def replay_end_transaction(self, producer_id: int, commit: bool) -> None:
        """The producer's COMMIT (or ABORT) marker is written: its pending offsets are replayed as
        committed ones (or dropped), as Kafka's replayEndTransactionMarker."""
        records = self.offsets.end_transaction(producer_id)
        if commit:
            for record in records:
                self.replay(record)

    def _drop_simple_group(self, group_id: str) -> None:
        """A consumer group's offsets are its own: no classic (simple) group beside it."""
        group = self.groups.get(group_id)
        if group is not None and group_id in self.consumer_groups.groups and group.is_in(EMPTY):
            del self.groups[group_id]

    def load(self, records: Iterable[LoadedRecord]) -> None:
        """Rebuild groups and offsets from this shard's partition: the newest record per key (what
        compaction keeps), replayed in log order by `replay`, as written records are when serving.
        Every transactional record and marker is replayed, in log order with the others: a
        transaction's offsets take effect where its COMMIT marker is, never if aborted, and end
        pending if undecided."""
        newest: dict[tuple[Any, ...], tuple[int, LoadedRecord]] = {}
        for i, record in enumerate(records):
            key: tuple[Any, ...]
            if isinstance(record, TransactionalRecord | TransactionMarker):
                key = (_TRANSACTIONAL, i)
            elif isinstance(record, OffsetRecord):
                key = (record.group, record.topic, record.partition)
            elif isinstance(record, ConsumerGroupRecord | ShareGroupRecord):
                key = record.key.tuple()
            else:
                key = (record.group,)
            newest[key] = (i, record)
        for _, record in sorted(newest.values(), key=lambda entry: entry[0]):
            if isinstance(record, TransactionalRecord):
                self.replay(record.record, record.producer_id)
            elif isinstance(record, TransactionMarker):
                self.replay_end_transaction(record.producer_id, record.commit)
            else:
                self.replay(record)
        self.group_manager.rebalance_oversized_groups()
        self.consumer_groups.loaded()
        self.share_groups.loaded()
        log.info(
            "load groups", partition=self.partition, groups=len(self.groups), offsets=self.offsets.count()
        )
        self._schedule_offset_expiry()  # offsets.retention.minutes (broker/group/offsets/retention.py)

    def unload(self) -> None:
        """The shard stops: answer every parked request with NOT_COORDINATOR and forget all state."""
        self.group_manager.unload()
        self.consumer_groups.unload()
        self.share_groups.unload()
        self.timers.clear()


def _all_partitions(req: OffsetCommit, error: ErrorCode) -> PartitionErrors:
    return [(topic, [(p.partition, error) for p in partitions]) for topic, partitions in req.topics]


__all__ = ["GroupCoordinatorShard", "GroupConfig", "Clock", "SystemClock", "CommitPartition"]

"""The group coordinator as the handlers see it (Kafka's GroupCoordinatorService): one shard
(GroupCoordinatorShard, driven by its CoordinatorRuntime) per `__consumer_offsets` partition.

Routes each group to its shard (the Java hash of the group id, placement.py) and answers what
Kafka's GroupCoordinatorService answers before a shard is reached: COORDINATOR_NOT_AVAILABLE
when stopped, INVALID_GROUP_ID, INVALID_SESSION_TIMEOUT, and COORDINATOR_LOAD_IN_PROGRESS while
the shard replays its partition (with Kafka's exceptions: a Heartbeat is answered NONE, a
SyncGroup REBALANCE_IN_PROGRESS, since older clients do not expect that error there).
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import TypeVar

from broker import logging_setup
from broker.group.config import Clock, GroupConfig
from broker.group.consumer.events import (
    ConsumerGroupHeartbeat,
    DescribedConsumerGroup,
    HeartbeatResult,
    TopicsView,
)
from broker.group.consumer.subscriptions import RacksView, no_racks
from broker.group.events import (
    DescribedGroup,
    FetchedGroup,
    FetchedPartition,
    GroupMetrics,
    Heartbeat,
    JoinGroup,
    JoinResult,
    LeaveGroup,
    LeaveResult,
    ListedGroup,
    OffsetCommit,
    OffsetDelete,
    OffsetDeleteResult,
    PartitionErrors,
    SyncGroup,
    SyncResult,
    TxnOffsetCommit,
    Waiter,
)
from broker.group.partition_log import OffsetsLog
from broker.group.placement import coordinator_partition
from broker.group.runtime import CoordinatorRuntime
from broker.group.shard import GroupCoordinatorShard
from broker.group.share.events import DescribedShareGroup, ShareGroupHeartbeat, ShareHeartbeatResult
from broker.group.share.group import TopicPartitions
from broker.group.watch import GroupWatch
from broker.share.persister import PartitionKey, Persister, PersisterError
from protocol.errors import ErrorCode

log = logging_setup.get_logger("kbroker.group")
E = ErrorCode
Req = TypeVar("Req")
T = TypeVar("T")


def _asked(
    runtime: CoordinatorRuntime, method: Callable[[Req, Waiter[T]], None], req: Req
) -> asyncio.Future[T]:
    """Submit `req` to the runtime's shard with a new future for its answer."""
    future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
    runtime.submit(method, req, future)
    return future


async def _initialize_unless_kept(persister: Persister, key: PartitionKey, state_epoch: int) -> None:
    """InitializeShareGroupState at -1, unless the partition already has state: written before
    the group recorded its share-partitions (a kbroker that did not write them), it is kept."""
    try:
        await persister.read_summary(key, -1)
    except PersisterError as e:
        if e.error != E.UNKNOWN_TOPIC_OR_PARTITION:
            raise
        await persister.initialize(key, state_epoch, -1)


class GroupCoordinatorService:
    def __init__(
        self,
        config: GroupConfig,
        num_partitions: int,
        offsets_log: OffsetsLog,
        clock: Clock | None = None,
        owned: Iterable[int] | None = None,
        topics: TopicsView | None = None,
        partition_racks: RacksView | None = None,
    ):
        self.config = config
        self.topics: TopicsView = topics or dict  # the broker's topics, for consumer group subscriptions
        # The racks of a topic's partitions' replicas, for rack-aware assignment of consumer groups.
        self.partition_racks: RacksView = partition_racks or no_racks
        self.num_partitions = num_partitions
        self.offsets_log = offsets_log
        self.clock = clock
        self.watch = GroupWatch()  # group-coordinator events (the metrics endpoint's /group-events)
        self.runtimes = [CoordinatorRuntime(self._shard(p), offsets_log) for p in range(num_partitions)]
        # The partitions this broker coordinates: all of them on a single broker (None); in cluster
        # mode those whose offsets partition it leads (set_owned), the others NOT_COORDINATOR.
        self.owned: set[int] | None = None if owned is None else set(owned)
        self._loads: dict[int, asyncio.Task[None]] = {}
        self.active = False
        self._loading: asyncio.Task[None] | None = None
        self._partitions: dict[str, int] = {}  # group id -> its partition (the Java hash, cached)
        # The share-partitions' state store (the broker's); None: nothing to initialize or delete.
        self.share_persister: Persister | None = None
        self._share_tasks: set[asyncio.Task[None]] = set()
        # The loop it was started on, for a raw handler's future without asyncio.get_running_loop
        # (a getpid system call each time: a commit's raw path makes no other).
        self.loop: asyncio.AbstractEventLoop | None = None

    def _shard(self, partition: int) -> GroupCoordinatorShard:
        shard = GroupCoordinatorShard(partition, self.config, self.clock)
        shard.outputs.watch = self.watch
        shard.consumer_groups.topics = shard.share_groups.topics = self.topics
        shard.consumer_groups.subscriptions.partition_racks = self.partition_racks
        shard.share_groups.initialize_state = partial(self._initialize_share_state, partition)
        return shard

    # -- lifecycle ----------------------------------------------------------------------------

    async def start(self) -> None:
        """Start every shard and begin loading them; requests are served shard by shard as each
        finishes (COORDINATOR_LOAD_IN_PROGRESS until then)."""
        self.loop = asyncio.get_running_loop()
        if self.owned is not None:  # cluster mode: shards start as leaderships arrive (set_owned)
            self.active = True
            return
        for runtime in self.runtimes:
            runtime.start()
        self.active = True
        self._loading = asyncio.get_running_loop().create_task(
            self._load_all(), name="group-coordinator-load"
        )

    async def _load_all(self) -> None:
        loop = asyncio.get_running_loop()
        started = loop.time()
        results = await asyncio.gather(*(runtime.load() for runtime in self.runtimes), return_exceptions=True)
        for runtime, result in zip(self.runtimes, results, strict=True):
            if isinstance(result, BaseException):
                log.error("fail to load", partition=runtime.partition, error=repr(result))
        log.info(
            "load coordinator",
            partitions=self.num_partitions,
            groups=sum(len(r.shard.groups) for r in self.runtimes),
            ms=round((loop.time() - started) * 1000),
        )

    async def wait_loaded(self) -> None:
        if self._loading is not None:
            await asyncio.shield(self._loading)

    async def stop(self) -> None:
        self.active = False
        if self._loading is not None and not self._loading.done():
            self._loading.cancel()
        for task in self._loads.values():
            task.cancel()
        for share_task in list(self._share_tasks):
            share_task.cancel()
        await asyncio.gather(*(runtime.stop() for runtime in self.runtimes), return_exceptions=True)
        log.info(
            "stop coordinator",
            writes=sum(r.batches_written for r in self.runtimes),
            records=sum(r.records_written for r in self.runtimes),
        )

    async def fire_due_timers(self) -> None:
        """Run every loaded shard's due timers now (a manual clock moved forward: sessions,
        rebalances, offset retention), and wait until the writes they made are durable."""
        runtimes = [r for r in self.runtimes if r.loaded]
        for runtime in runtimes:
            runtime.fire_due_timers()
        await asyncio.gather(*(r.barrier() for r in runtimes if r.queued_writes()))

    # -- cluster mode: leaderships of offsets partitions come and go ---------------------------

    async def set_owned(self, partitions: set[int]) -> None:
        """Take up the shards of newly led offsets partitions (loaded from the log in the
        background: COORDINATOR_LOAD_IN_PROGRESS until then) and drop the others (their parked
        requests answered NOT_COORDINATOR), as Kafka's onElection / onResignation."""
        if self.owned is None or not self.active:
            return
        partitions = {p for p in partitions if 0 <= p < self.num_partitions}
        for p in sorted(self.owned - partitions):
            self.owned.discard(p)
            task = self._loads.pop(p, None)
            if task is not None:
                task.cancel()
            await self.runtimes[p].stop()
            log.info("resign coordinator", partition=p)
        for p in sorted(partitions - self.owned):
            self.owned.add(p)
            shard = self._shard(p)
            runtime = self.runtimes[p] = CoordinatorRuntime(shard, self.offsets_log)
            runtime.start()
            self._loads[p] = asyncio.get_running_loop().create_task(
                self._load_shard(runtime), name=f"load-{p}"
            )

    async def _load_shard(self, runtime: CoordinatorRuntime) -> None:
        try:
            await runtime.load()
            log.info("elect coordinator", partition=runtime.partition, groups=len(runtime.shard.groups))
        except Exception as e:
            log.error("fail to load", partition=runtime.partition, error=repr(e))
        finally:
            if self._loads.get(runtime.partition) is asyncio.current_task():
                del self._loads[runtime.partition]

    def runtime_for(self, group_id: str) -> CoordinatorRuntime:
        partition = self._partitions.get(group_id)
        if partition is None:
            if len(self._partitions) >= 100_000:
                self._partitions.clear()
            partition = self._partitions[group_id] = coordinator_partition(group_id, self.num_partitions)
        return self.runtimes[partition]

    def unavailable(self, group_id: str | None, empty_ok: bool = False) -> ErrorCode | None:
        return self._unavailable(group_id, empty_ok)

    def _unavailable(self, group_id: str | None, empty_ok: bool = False) -> ErrorCode | None:
        """Kafka's checks before a shard: inactive, invalid id, loading."""
        if not self.active:
            return E.COORDINATOR_NOT_AVAILABLE
        if group_id is None or (group_id == "" and not empty_ok):
            return E.INVALID_GROUP_ID
        runtime = self.runtime_for(group_id)
        if self.owned is not None and runtime.partition not in self.owned:
            return E.NOT_COORDINATOR
        if not runtime.loaded:
            return E.COORDINATOR_LOAD_IN_PROGRESS
        return None

    # -- membership ---------------------------------------------------------------------------

    async def join_group(self, req: JoinGroup) -> JoinResult:
        if not self.active:
            return JoinResult(E.COORDINATOR_NOT_AVAILABLE, req.member_id)
        if not req.group_id:
            return JoinResult(E.INVALID_GROUP_ID, req.member_id)
        if (
            not self.config.min_session_timeout_ms
            <= req.session_timeout_ms
            <= self.config.max_session_timeout_ms
        ):
            return JoinResult(E.INVALID_SESSION_TIMEOUT, req.member_id)
        error = self._unavailable(req.group_id)
        if error is not None:
            return JoinResult(error, req.member_id)
        runtime = self.runtime_for(req.group_id)
        return await _asked(runtime, runtime.shard.join_group, req)

    async def sync_group(self, req: SyncGroup) -> SyncResult:
        error = self._unavailable(req.group_id)
        if error is E.COORDINATOR_LOAD_IN_PROGRESS:
            return SyncResult(E.REBALANCE_IN_PROGRESS)  # the rebalance state is lost: rejoin
        if error is not None:
            return SyncResult(error)
        runtime = self.runtime_for(req.group_id)
        return await _asked(runtime, runtime.shard.sync_group, req)

    def heartbeat(self, req: Heartbeat) -> ErrorCode:
        # _unavailable's checks inline, the runtime looked up once: 100,000 members' heartbeats
        # every 3 s come through here.
        group_id = req.group_id
        if not self.active:
            return E.COORDINATOR_NOT_AVAILABLE
        if not group_id:
            return E.INVALID_GROUP_ID
        runtime = self.runtime_for(group_id)
        if self.owned is not None and runtime.partition not in self.owned:
            return E.NOT_COORDINATOR
        if not runtime.loaded:
            return E.NONE  # the group is still loading: answer blindly
        return runtime.call_direct(runtime.shard.heartbeat, req)

    async def leave_group(self, req: LeaveGroup) -> LeaveResult:
        error = self._unavailable(req.group_id)
        if error is not None:
            return LeaveResult(error)
        runtime = self.runtime_for(req.group_id)
        return await _asked(runtime, runtime.shard.leave_group, req)

    # -- KIP-848 consumer groups ------------------------------------------------------------------

    def consumer_group_heartbeat(
        self, req: ConsumerGroupHeartbeat
    ) -> HeartbeatResult | asyncio.Future[HeartbeatResult]:
        """The answer at once when the shard has it (a plain heartbeat: no records to write), else
        a future resolved once the records are written."""
        if not self.config.consumer.enabled:
            return HeartbeatResult(E.UNSUPPORTED_VERSION, "The consumer group protocol is not enabled.")
        error = self._unavailable(req.group_id)
        if error is E.INVALID_GROUP_ID:
            return HeartbeatResult(E.INVALID_REQUEST, "GroupId can't be empty.")
        if error is not None:
            return HeartbeatResult(error)
        runtime = self.runtime_for(req.group_id)
        future = _asked(runtime, runtime.shard.consumer_group_heartbeat, req)
        return future.result() if future.done() else future

    def consumer_group_describe(self, group_ids: Iterable[str]) -> list[DescribedConsumerGroup]:
        described = []
        for group_id in group_ids:
            error = self._unavailable(group_id)
            if error is not None:
                described.append(DescribedConsumerGroup(group_id, error))
            else:
                described.append(self.runtime_for(group_id).shard.consumer_group_describe(group_id))
        return described

    # -- KIP-932 share groups (membership; off unless group.share.enable) ------------------------

    def share_group_heartbeat(
        self, req: ShareGroupHeartbeat
    ) -> ShareHeartbeatResult | asyncio.Future[ShareHeartbeatResult]:
        """The answer at once when the shard has it (no records to write), else a future
        resolved once the records are written."""
        if not self.config.share.enabled:
            return ShareHeartbeatResult(E.UNSUPPORTED_VERSION, "The share group protocol is not enabled.")
        error = self._unavailable(req.group_id)
        if error is E.INVALID_GROUP_ID:
            return ShareHeartbeatResult(E.INVALID_REQUEST, "GroupId can't be empty.")
        if error is not None:
            return ShareHeartbeatResult(error)
        runtime = self.runtime_for(req.group_id)
        future = _asked(runtime, runtime.shard.share_group_heartbeat, req)
        return future.result() if future.done() else future

    def share_group_describe(self, group_ids: Iterable[str]) -> list[DescribedShareGroup]:
        described = []
        for group_id in group_ids:
            if not self.config.share.enabled:
                described.append(DescribedShareGroup(group_id, E.UNSUPPORTED_VERSION))
                continue
            error = self._unavailable(group_id)
            if error is not None:
                described.append(DescribedShareGroup(group_id, error))
            else:
                described.append(self.runtime_for(group_id).shard.share_group_describe(group_id))
        return described

    def _initialize_share_state(
        self, partition: int, group_id: str, state_epoch: int, partitions: TopicPartitions
    ) -> None:
        """A shard wrote `partitions` as initializing: ask the Persister (I/O, off the shard)."""
        task = asyncio.get_running_loop().create_task(
            self._initialize_share(partition, group_id, state_epoch, partitions),
            name=f"initialize-share-{group_id}",
        )
        self._share_tasks.add(task)
        task.add_done_callback(self._share_tasks.discard)

    async def _initialize_share(
        self, partition: int, group_id: str, state_epoch: int, partitions: TopicPartitions
    ) -> None:
        """Kafka's InitializeShareGroupState with start offset -1: the partition's leader
        applies share.auto.offset.reset when it first reads the state. The outcome goes back to
        the shard as a request (initialized, or uninitialized: the next heartbeat retries)."""
        ok = True
        persister = self.share_persister
        if persister is not None:
            keys = [
                PartitionKey(group_id, tid.bytes, p)
                for tid, (_name, parts) in partitions.items()
                for p in sorted(parts)
            ]
            results = await asyncio.gather(
                *(_initialize_unless_kept(persister, key, state_epoch) for key in keys),
                return_exceptions=True,
            )
            failed = [r for r in results if isinstance(r, BaseException)]
            if failed:
                ok = False
                log.warning("fail to initialize share state", group=group_id, error=repr(failed[0]))
        runtime = self.runtimes[partition]
        if not self.active or not runtime.loaded:
            return  # whoever loads the partition asks again
        shard = runtime.shard
        method = shard.share_state_initialized if ok else shard.share_state_uninitialized
        await _asked(runtime, method, (group_id, partitions))

    async def share_delete_offsets(
        self, group_id: str, topics: dict[uuid.UUID, str] | None
    ) -> dict[uuid.UUID, ErrorCode] | ErrorCode:
        """DeleteShareGroupOffsets of an empty share group (topics None: all its topics, for
        DeleteGroups): the topics are written as deleting, their state deleted through the
        Persister, then they leave deleting (Kafka's order). Answers an error per topic, or one
        for the group."""
        runtime = self.runtime_for(group_id)
        answer = await _asked(runtime, runtime.shard.share_delete_offsets, (group_id, topics))
        if isinstance(answer, ShareHeartbeatResult):  # the write failed
            return answer.error
        error, held = answer
        if error != E.NONE:
            return ErrorCode(error)
        errors = dict.fromkeys(held if topics is None else topics, E.NONE)
        persister = self.share_persister
        if persister is not None:
            named = topics or {}
            current = self.topics()
            for tid in errors:
                # A named topic's every partition too: state written before the group recorded it.
                parts = set(held.get(tid, ()))
                if tid in named and named[tid] in current and current[named[tid]].topic_id == tid:
                    parts.update(range(current[named[tid]].partitions))
                keys = [PartitionKey(group_id, tid.bytes, p) for p in sorted(parts)]
                results = await asyncio.gather(*(persister.delete(k) for k in keys), return_exceptions=True)
                failed = [r for r in results if isinstance(r, BaseException)]
                if failed:
                    errors[tid] = getattr(failed[0], "error", E.UNKNOWN_SERVER_ERROR)
        runtime = self.runtime_for(group_id)
        done = [tid for tid, error in errors.items() if error == E.NONE]
        if done and runtime.loaded:
            await _asked(runtime, runtime.shard.share_offsets_deleted, (group_id, done))
        return errors

    async def share_offsets_altered(self, group_id: str, partitions: TopicPartitions) -> None:
        """AlterShareGroupOffsets initialized these share-partitions' state: the group records
        them as initialized (Kafka's alter writes them so too)."""
        if self._unavailable(group_id) is None:
            runtime = self.runtime_for(group_id)
            await _asked(runtime, runtime.shard.share_state_altered, (group_id, partitions))

    def _is_share_group(self, group_id: str) -> bool:
        return group_id in self.runtime_for(group_id).shard.share_groups.groups

    async def _delete_share_state(self, group_id: str) -> ErrorCode | None:
        """Before a share group's tombstones, as Kafka: its share-partitions' state is deleted
        (None: done, or nothing to do; a non-empty group is refused by the deletion itself)."""
        outcome = await self.share_delete_offsets(group_id, None)
        if isinstance(outcome, ErrorCode):
            return None if outcome == E.NON_EMPTY_GROUP else outcome
        return next((e for e in outcome.values() if e != E.NONE), None)

    def share_group_initialized(self, group_id: str) -> TopicPartitions | None:
        """The group's initialized share-partitions (read-only), None if not coordinated here."""
        if self._unavailable(group_id) is not None:
            return None
        group = self.runtime_for(group_id).shard.share_groups.groups.get(group_id)
        return None if group is None else group.initialized()

    def share_group_member(self, group_id: str, member_id: str) -> bool | None:
        """Whether `member_id` is a member of share group `group_id`, for the share-partition
        leaders (ShareFetch, ShareAcknowledge); None when this broker cannot tell (it does not
        coordinate the group, or is loading it)."""
        if self._unavailable(group_id) is not None:
            return None
        group = self.runtime_for(group_id).shard.share_groups.groups.get(group_id)
        return group is not None and member_id in group.members

    # -- offsets ------------------------------------------------------------------------------

    def commit_offsets(self, req: OffsetCommit, waiter: Waiter[PartitionErrors]) -> None:
        """OffsetCommit, answering `waiter` once written (the handler's own callback, or a
        future): no coroutine on this path."""
        error = self._unavailable(req.group_id, empty_ok=True)
        if error is not None:
            waiter.set_result([(t, [(p.partition, error) for p in parts]) for t, parts in req.topics])
            return
        runtime = self.runtime_for(req.group_id)
        runtime.submit(runtime.shard.commit_offsets, req, waiter)

    async def commit_transactional_offsets(self, req: TxnOffsetCommit) -> PartitionErrors:
        """TxnOffsetCommit: pending in the group's shard once written, until the transaction's
        marker (`complete_transaction`)."""
        error = self._unavailable(req.offsets.group_id)
        if error is not None:
            return [(t, [(p.partition, error) for p in parts]) for t, parts in req.offsets.topics]
        runtime = self.runtime_for(req.offsets.group_id)
        return await _asked(runtime, runtime.shard.commit_transactional_offsets, req)

    def complete_transaction(
        self, partition: int, producer_id: int, commit: bool, written: asyncio.Future[None] | None = None
    ) -> None:
        """The markers path is placing the producer's COMMIT (or ABORT) marker in the offsets
        partition `partition` (`written` completes once it is durable): the shard that
        coordinates it replays the marker in log order (CoordinatorRuntime.complete_transaction),
        as Kafka's onTransactionCompleted. A partition coordinated elsewhere has nothing to do:
        whoever loads it reads the marker."""
        if not self.active or not 0 <= partition < self.num_partitions:
            return
        if self.owned is not None and partition not in self.owned:
            return
        self.runtimes[partition].complete_transaction(producer_id, commit, written)

    async def fetch_offsets(
        self,
        group_id: str,
        topics: list[tuple[str, list[int]]] | None,
        require_stable: bool = False,
        member_id: str | None = None,
        member_epoch: int = -1,
    ) -> FetchedGroup:
        error = self._unavailable(group_id, empty_ok=True)
        if error is not None:
            return FetchedGroup(
                group_id,
                error,
                [(t, [FetchedPartition(p, error=error) for p in parts]) for t, parts in topics or []],
            )
        runtime = self.runtime_for(group_id)
        if require_stable and runtime.shard.offsets.has_inflight(group_id):
            await runtime.barrier()  # answer once the commits in flight are durable
        fetched = runtime.shard.fetch_offsets(group_id, topics, member_id, member_epoch)
        if require_stable:
            unstable = runtime.shard.pending_partitions(group_id)
            for topic, parts in fetched.topics if unstable else ():
                for p in parts:
                    if (topic, p.partition) in unstable:
                        p.offset, p.error = -1, E.UNSTABLE_OFFSET_COMMIT
        return fetched

    async def delete_offsets(self, req: OffsetDelete) -> OffsetDeleteResult:
        error = self._unavailable(req.group_id)
        if error is not None:
            return OffsetDeleteResult(error)
        runtime = self.runtime_for(req.group_id)
        return await _asked(runtime, runtime.shard.delete_offsets, req)

    # -- admin --------------------------------------------------------------------------------

    def describe_groups(self, group_ids: Iterable[str | None], api_version: int) -> list[DescribedGroup]:
        described = []
        for group_id in group_ids:
            error = self._unavailable(group_id, empty_ok=True)
            if error is not None:
                described.append(DescribedGroup(group_id or "", error))
            else:
                assert group_id is not None  # (_unavailable answers a None id INVALID_GROUP_ID)
                described.append(self.runtime_for(group_id).shard.describe_group(group_id, api_version))
        return described

    def list_groups(
        self, states: Iterable[str] = (), types: Iterable[str] = ()
    ) -> tuple[ErrorCode, list[ListedGroup]]:
        if not self.active:
            return E.COORDINATOR_NOT_AVAILABLE, []
        states, types = list(states), list(types)
        groups: list[ListedGroup] = []
        loading = False
        for runtime in self.runtimes:
            if self.owned is not None and runtime.partition not in self.owned:
                continue
            if runtime.loaded:
                groups.extend(runtime.shard.list_groups(states, types))
            else:
                loading = True
        return (E.COORDINATOR_LOAD_IN_PROGRESS if loading else E.NONE), groups

    @staticmethod
    def _committed(shard: GroupCoordinatorShard, group_id: str) -> dict[tuple[str, int], int]:
        return {
            (t, p): om.offset
            for t, parts in shard.offsets.store.group_offsets(group_id).items()
            for p, om in parts.items()
        }

    def metrics_view(self) -> Iterator[GroupMetrics]:
        """Read-only, for the metrics endpoint (broker/metrics.py): each group, classic or KIP-848
        consumer group, of the loaded shards this broker coordinates, with its committed offsets.
        Reads the shards' state as it is between two events; changes nothing."""
        for runtime in self.runtimes:
            if not runtime.loaded or (self.owned is not None and runtime.partition not in self.owned):
                continue
            shard = runtime.shard

            for group_id, group in list(shard.groups.items()):
                if group_id not in shard.consumer_groups.groups:
                    yield GroupMetrics(
                        group_id,
                        "classic",
                        str(group.state),
                        group.generation_id,
                        len(group.members),
                        self._committed(shard, group_id),
                    )
            for group_id, cg in list(shard.consumer_groups.groups.items()):
                yield GroupMetrics(
                    group_id,
                    "consumer",
                    str(cg.state),
                    cg.group_epoch,
                    len(cg.members),
                    self._committed(shard, group_id),
                    cg.assignment_epoch,
                )

    async def delete_groups(self, group_ids: Iterable[str | None]) -> list[tuple[str, ErrorCode]]:
        answers: dict[str | None, ErrorCode] = {}
        by_shard: dict[int, list[str]] = {}
        for group_id in group_ids:
            error = self._unavailable(group_id, empty_ok=True)
            if error is None and group_id is not None and self._is_share_group(group_id):
                error = await self._delete_share_state(group_id)
            if error is not None:
                answers[group_id] = error
            else:
                assert group_id is not None  # (_unavailable answers a None id INVALID_GROUP_ID)
                by_shard.setdefault(self.runtime_for(group_id).partition, []).append(group_id)
                answers.setdefault(group_id, E.NONE)
        results = await asyncio.gather(
            *(
                _asked(self.runtimes[p], self.runtimes[p].shard.delete_groups, ids)
                for p, ids in by_shard.items()
            )
        )
        for result in results:
            answers.update(result)
        return [(gid or "", err) for gid, err in answers.items()]

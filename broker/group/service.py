"""The group coordinator as the handlers see it: one shard per `__consumer_offsets` partition.

Routes each group to its shard (the Java hash of the group id, placement.py) and answers what
Kafka's GroupCoordinatorService answers before a shard is reached: COORDINATOR_NOT_AVAILABLE
when stopped, INVALID_GROUP_ID, INVALID_SESSION_TIMEOUT, and COORDINATOR_LOAD_IN_PROGRESS while
the shard replays its partition (with Kafka's exceptions: a Heartbeat is answered NONE, a
SyncGroup REBALANCE_IN_PROGRESS, since older clients do not expect that error there).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Iterator

from broker import logs
from broker.group.coordinator import Clock, GroupConfig, GroupCoordinator
from broker.group.events import (
    DescribedGroup,
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
    PartitionErrors,
    SyncGroup,
    SyncResult,
)
from broker.group.placement import coordinator_partition
from broker.group.runtime import CoordinatorShard
from broker.offsets import OffsetsLog
from protocol.errors import ErrorCode

log = logs.get("kbroker.group")
E = ErrorCode


class GroupCoordinatorService:
    def __init__(self, config: GroupConfig, num_partitions: int, offsets_log: OffsetsLog, clock: Clock | None = None,
                 owned: Iterable[int] | None = None):
        self.config = config
        self.num_partitions = num_partitions
        self.offsets_log = offsets_log
        self.clock = clock
        self.shards = [CoordinatorShard(GroupCoordinator(p, config, clock), offsets_log) for p in range(num_partitions)]
        # The partitions this broker coordinates: all of them on a single broker (None); in cluster
        # mode those whose offsets partition it leads (set_owned), the others NOT_COORDINATOR.
        self.owned: set[int] | None = None if owned is None else set(owned)
        self._shard_loads: dict[int, asyncio.Task] = {}
        self.active = False
        self._loading: asyncio.Task | None = None
        self._partitions: dict[str, int] = {}  # group id -> its partition (the Java hash, cached)

    # -- lifecycle ----------------------------------------------------------------------------

    async def start(self) -> None:
        """Start every shard and begin loading them; requests are served shard by shard as each
        finishes (COORDINATOR_LOAD_IN_PROGRESS until then)."""
        if self.owned is not None:  # cluster mode: shards start as leaderships arrive (set_owned)
            self.active = True
            return
        for shard in self.shards:
            shard.start()
        self.active = True
        self._loading = asyncio.get_running_loop().create_task(self._load_all(), name="group-coordinator-load")

    async def _load_all(self) -> None:
        loop = asyncio.get_running_loop()
        started = loop.time()
        results = await asyncio.gather(*(shard.load() for shard in self.shards), return_exceptions=True)
        for shard, result in zip(self.shards, results, strict=True):
            if isinstance(result, BaseException):
                log.error("fail to load", partition=shard.partition, error=repr(result))
        log.info("load coordinator", partitions=self.num_partitions,
                 groups=sum(len(s.core.groups) for s in self.shards), ms=round((loop.time() - started) * 1000))

    async def wait_loaded(self) -> None:
        if self._loading is not None:
            await asyncio.shield(self._loading)

    async def stop(self) -> None:
        self.active = False
        if self._loading is not None and not self._loading.done():
            self._loading.cancel()
        for task in self._shard_loads.values():
            task.cancel()
        await asyncio.gather(*(shard.stop() for shard in self.shards), return_exceptions=True)
        log.info("stop coordinator", writes=sum(s.batches_written for s in self.shards),
                 records=sum(s.records_written for s in self.shards))

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
            task = self._shard_loads.pop(p, None)
            if task is not None:
                task.cancel()
            await self.shards[p].stop()
            log.info("resign coordinator", partition=p)
        for p in sorted(partitions - self.owned):
            self.owned.add(p)
            shard = self.shards[p] = CoordinatorShard(GroupCoordinator(p, self.config, self.clock), self.offsets_log)
            shard.start()
            self._shard_loads[p] = asyncio.get_running_loop().create_task(self._load_shard(shard), name=f"load-{p}")

    async def _load_shard(self, shard: CoordinatorShard) -> None:
        try:
            await shard.load()
            log.info("elect coordinator", partition=shard.partition, groups=len(shard.core.groups))
        except Exception as e:
            log.error("fail to load", partition=shard.partition, error=repr(e))
        finally:
            if self._shard_loads.get(shard.partition) is asyncio.current_task():
                del self._shard_loads[shard.partition]

    def shard_for(self, group_id: str) -> CoordinatorShard:
        partition = self._partitions.get(group_id)
        if partition is None:
            if len(self._partitions) >= 100_000:
                self._partitions.clear()
            partition = self._partitions[group_id] = coordinator_partition(group_id, self.num_partitions)
        return self.shards[partition]

    def _unavailable(self, group_id: str | None, empty_ok: bool = False) -> ErrorCode | None:
        """Kafka's checks before a shard: inactive, invalid id, loading."""
        if not self.active:
            return E.COORDINATOR_NOT_AVAILABLE
        if group_id is None or (group_id == "" and not empty_ok):
            return E.INVALID_GROUP_ID
        if self.owned is not None and self.shard_for(group_id).partition not in self.owned:
            return E.NOT_COORDINATOR
        if not self.shard_for(group_id).loaded:
            return E.COORDINATOR_LOAD_IN_PROGRESS
        return None

    # -- membership ---------------------------------------------------------------------------

    async def join_group(self, req: JoinGroup) -> JoinResult:
        if not self.active:
            return JoinResult(E.COORDINATOR_NOT_AVAILABLE, req.member_id)
        if not req.group_id:
            return JoinResult(E.INVALID_GROUP_ID, req.member_id)
        if not self.config.min_session_timeout_ms <= req.session_timeout_ms <= self.config.max_session_timeout_ms:
            return JoinResult(E.INVALID_SESSION_TIMEOUT, req.member_id)
        error = self._unavailable(req.group_id)
        if error is not None:
            return JoinResult(error, req.member_id)
        shard = self.shard_for(req.group_id)
        return await shard.submit(shard.core.join_group, req)

    async def sync_group(self, req: SyncGroup) -> SyncResult:
        error = self._unavailable(req.group_id)
        if error is E.COORDINATOR_LOAD_IN_PROGRESS:
            return SyncResult(E.REBALANCE_IN_PROGRESS)  # the rebalance state is lost: rejoin
        if error is not None:
            return SyncResult(error)
        shard = self.shard_for(req.group_id)
        return await shard.submit(shard.core.sync_group, req)

    def heartbeat(self, req: Heartbeat) -> ErrorCode:
        error = self._unavailable(req.group_id)
        if error is E.COORDINATOR_LOAD_IN_PROGRESS:
            return E.NONE  # the group is still loading: answer blindly
        if error is not None:
            return error
        shard = self.shard_for(req.group_id)
        return shard.call_now(shard.core.heartbeat, req)

    async def leave_group(self, req: LeaveGroup) -> LeaveResult:
        error = self._unavailable(req.group_id)
        if error is not None:
            return LeaveResult(error)
        shard = self.shard_for(req.group_id)
        return await shard.submit(shard.core.leave_group, req)

    # -- offsets ------------------------------------------------------------------------------

    async def commit_offsets(self, req: OffsetCommit) -> PartitionErrors:
        error = self._unavailable(req.group_id, empty_ok=True)
        if error is not None:
            return [(t, [(p.partition, error) for p in parts]) for t, parts in req.topics]
        shard = self.shard_for(req.group_id)
        return await shard.submit(shard.core.commit_offsets, req)

    async def fetch_offsets(self, group_id: str, topics: list[tuple[str, list[int]]] | None,
                            require_stable: bool = False) -> FetchedGroup:
        error = self._unavailable(group_id, empty_ok=True)
        if error is not None:
            return FetchedGroup(group_id, error, [(t, [FetchedPartition(p, error=error) for p in parts])
                                                  for t, parts in topics or []])
        shard = self.shard_for(group_id)
        if require_stable and shard.core.offsets.has_inflight(group_id):
            await shard.barrier()  # answer once the commits in flight are durable
        return shard.core.fetch_offsets(group_id, topics)

    async def delete_offsets(self, req: OffsetDelete) -> OffsetDeleteResult:
        error = self._unavailable(req.group_id)
        if error is not None:
            return OffsetDeleteResult(error)
        shard = self.shard_for(req.group_id)
        return await shard.submit(shard.core.delete_offsets, req)

    # -- admin --------------------------------------------------------------------------------

    def describe_groups(self, group_ids: Iterable[str | None], api_version: int) -> list[DescribedGroup]:
        described = []
        for group_id in group_ids:
            error = self._unavailable(group_id, empty_ok=True)
            if error is not None:
                described.append(DescribedGroup(group_id or "", error))
            else:
                described.append(self.shard_for(group_id).core.describe_group(group_id, api_version))
        return described

    def list_groups(self, states: Iterable[str] = (), types: Iterable[str] = ()) -> tuple[ErrorCode, list[ListedGroup]]:
        if not self.active:
            return E.COORDINATOR_NOT_AVAILABLE, []
        states, types = list(states), list(types)
        groups: list[ListedGroup] = []
        loading = False
        for shard in self.shards:
            if self.owned is not None and shard.partition not in self.owned:
                continue
            if shard.loaded:
                groups.extend(shard.core.list_groups(states, types))
            else:
                loading = True
        return (E.COORDINATOR_LOAD_IN_PROGRESS if loading else E.NONE), groups

    def metrics_view(self) -> Iterator[tuple[str, str, int, int, dict[tuple[str, int], int]]]:
        """Read-only, for the metrics endpoint (broker/metrics.py): each group of the loaded shards
        this broker coordinates as (group id, state, generation, members, {(topic, partition):
        committed offset}). Reads the shards' state as it is between two events; changes nothing."""
        for shard in self.shards:
            if not shard.loaded or (self.owned is not None and shard.partition not in self.owned):
                continue
            core = shard.core
            for group_id, group in list(core.groups.items()):
                offsets = {(t, p): om.offset for t, parts in core.offsets.group_offsets(group_id).items()
                           for p, om in parts.items()}
                yield group_id, str(group.state), group.generation_id, len(group.members), offsets

    async def delete_groups(self, group_ids: Iterable[str | None]) -> list[tuple[str, ErrorCode]]:
        answers: dict[str | None, ErrorCode] = {}
        by_shard: dict[int, list[str]] = {}
        for group_id in group_ids:
            error = self._unavailable(group_id, empty_ok=True)
            if error is not None:
                answers[group_id] = error
            else:
                by_shard.setdefault(self.shard_for(group_id).partition, []).append(group_id)
                answers.setdefault(group_id, E.NONE)
        results = await asyncio.gather(*(self.shards[p].submit(self.shards[p].core.delete_groups, ids)
                                         for p, ids in by_shard.items()))
        for result in results:
            answers.update(result)
        return [(gid or "", err) for gid, err in answers.items()]

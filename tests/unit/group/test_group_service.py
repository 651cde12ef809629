"""The coordinator service and its shard driver on a real event loop, with an in-memory offsets
log: routing, Kafka's pre-shard checks, loading, group commit, durable-before-answer, timers."""

from __future__ import annotations

import asyncio

import pytest

from broker.group.config import GroupConfig
from broker.group.events import CommitPartition, Heartbeat, JoinGroup, OffsetCommit, SyncGroup
from broker.group.partition_log import MemoryOffsetsLog
from broker.group.placement import coordinator_partition
from broker.group.records import GroupRecord, OffsetRecord
from broker.group.service import GroupCoordinatorService
from protocol.errors import ErrorCode as E
from tests.helpers import async_wait_until, commit_offsets

CONFIG = GroupConfig(min_session_timeout_ms=100, max_session_timeout_ms=60_000, initial_rebalance_delay_ms=0)


async def started(log: MemoryOffsetsLog | None = None, partitions: int = 5) -> GroupCoordinatorService:
    svc = GroupCoordinatorService(CONFIG, partitions, log or MemoryOffsetsLog())
    await svc.start()
    await svc.wait_loaded()
    return svc


def join(group: str, member_id: str = "", session: int = 10_000, client: str = "c") -> JoinGroup:
    return JoinGroup(
        group, member_id, None, client, "/127.0.0.1", session, 10_000, "consumer", [("range", b"m")]
    )


def commit(group: str, offset: int, partition: int = 0) -> OffsetCommit:
    return OffsetCommit(group, topics=[("t", [CommitPartition(partition, offset)])])


async def test_groups_are_routed_to_the_shard_of_their_java_hash() -> None:
    svc = await started(partitions=50)
    try:
        for gid in ["g", "orders-consumer", "äöü", ""]:
            assert svc.runtime_for(gid).partition == coordinator_partition(gid, 50)
    finally:
        await svc.stop()


async def test_invalid_group_id_and_session_timeout_bounds() -> None:
    svc = await started()
    try:
        assert (await svc.join_group(join(""))).error == E.INVALID_GROUP_ID
        assert (await svc.join_group(join("g", session=99))).error == E.INVALID_SESSION_TIMEOUT
        assert (await svc.join_group(join("g", session=60_001))).error == E.INVALID_SESSION_TIMEOUT
        assert svc.heartbeat(Heartbeat("", 1, "m")) == E.INVALID_GROUP_ID
        # OffsetCommit and OffsetFetch accept the empty group id (backwards compatibility).
        assert await commit_offsets(svc, commit("", 1)) == [("t", [(0, E.NONE)])]
    finally:
        await svc.stop()


async def test_a_stopped_coordinator_is_not_available() -> None:
    svc = await started()
    await svc.stop()
    assert (await svc.join_group(join("g"))).error == E.COORDINATOR_NOT_AVAILABLE
    assert svc.list_groups()[0] == E.COORDINATOR_NOT_AVAILABLE


async def test_requests_while_loading_get_coordinator_load_in_progress() -> None:
    log = MemoryOffsetsLog()
    log.gate = asyncio.Event()
    gated_read = log.read

    async def slow_read(partition: int):
        await log.gate.wait()
        async for r in gated_read(partition):
            yield r

    log.read = slow_read  # type: ignore[method-assign]
    svc = GroupCoordinatorService(CONFIG, 3, log)
    await svc.start()
    try:
        assert (await svc.join_group(join("g"))).error == E.COORDINATOR_LOAD_IN_PROGRESS
        assert (await commit_offsets(svc, commit("g", 1))) == [("t", [(0, E.COORDINATOR_LOAD_IN_PROGRESS)])]
        assert (await svc.fetch_offsets("g", [("t", [0])])).error == E.COORDINATOR_LOAD_IN_PROGRESS
        assert svc.describe_groups(["g"], 5)[0].error == E.COORDINATOR_LOAD_IN_PROGRESS
        assert svc.list_groups()[0] == E.COORDINATOR_LOAD_IN_PROGRESS
        assert (await svc.delete_groups(["g"])) == [("g", E.COORDINATOR_LOAD_IN_PROGRESS)]
        # Kafka's exceptions: a heartbeat is answered blindly, a SyncGroup sends the member to rejoin.
        assert svc.heartbeat(Heartbeat("g", 1, "m")) == E.NONE
        assert (await svc.sync_group(SyncGroup("g", 1, "m"))).error == E.REBALANCE_IN_PROGRESS
        log.gate.set()
        await svc.wait_loaded()
        assert (await svc.join_group(join("g"))).error == E.MEMBER_ID_REQUIRED
    finally:
        log.gate.set()
        await svc.stop()


async def test_commit_is_answered_only_after_the_append_completes() -> None:
    log = MemoryOffsetsLog()
    svc = await started(log)
    try:
        log.gate = asyncio.Event()
        task = asyncio.create_task(commit_offsets(svc, commit("g", 42)))
        await async_wait_until(lambda: log.gated == 1, what="the commit's write in flight")
        assert not task.done() and (await svc.fetch_offsets("g", [("t", [0])])).topics[0][1][0].offset == -1
        log.gate.set()
        assert await task == [("t", [(0, E.NONE)])]
        assert (await svc.fetch_offsets("g", [("t", [0])])).topics[0][1][0].offset == 42
        shard = svc.runtime_for("g").partition
        assert isinstance(log.decoded(shard)[-1], OffsetRecord)
    finally:
        await svc.stop()


async def test_concurrent_commits_share_one_append_group_commit() -> None:
    log = MemoryOffsetsLog()
    svc = await started(log, partitions=1)
    try:
        log.gate = asyncio.Event()
        first = asyncio.create_task(commit_offsets(svc, commit("g0", 1)))
        await async_wait_until(lambda: log.gated == 1, what="the first write in flight")
        rest = [asyncio.create_task(commit_offsets(svc, commit(f"g{i}", i))) for i in range(1, 50)]
        shard = svc.runtimes[0].shard
        await async_wait_until(
            lambda: all(shard.offsets.has_inflight(f"g{i}") for i in range(1, 50)),
            what="the other 49 commits queued behind it",
        )
        log.gate.set()
        results = await asyncio.gather(first, *rest)
        assert all(r == [("t", [(0, E.NONE)])] for r in results)
        assert log.appends == [(0, 1), (0, 49)]  # 49 concurrent commits: one write, one fsync
    finally:
        await svc.stop()


async def test_failed_append_answers_not_coordinator() -> None:
    log = MemoryOffsetsLog()
    svc = await started(log)
    try:
        log.fail_with = int(E.KAFKA_STORAGE_ERROR)
        assert await commit_offsets(svc, commit("g", 1)) == [("t", [(0, E.NOT_COORDINATOR)])]
    finally:
        await svc.stop()


async def test_require_stable_fetch_waits_for_commits_in_flight() -> None:
    log = MemoryOffsetsLog()
    svc = await started(log)
    try:
        log.gate = asyncio.Event()
        committing = asyncio.create_task(commit_offsets(svc, commit("g", 9)))
        await async_wait_until(lambda: log.gated == 1, what="the commit's write in flight")
        fetching = asyncio.create_task(svc.fetch_offsets("g", [("t", [0])], require_stable=True))
        runtime = svc.runtime_for("g")
        # The commit's write, then the fetch's barrier behind it.
        await async_wait_until(lambda: runtime.queued_writes() == 2, what="the fetch's barrier queued")
        assert not fetching.done()
        log.gate.set()
        await committing
        assert (await fetching).topics[0][1][0].offset == 9
    finally:
        await svc.stop()


async def test_session_expiry_fires_on_the_event_loop() -> None:
    svc = await started()
    try:
        first = await svc.join_group(join("g", session=150))
        r = await svc.join_group(join("g", first.member_id, session=150))
        assert r.error == E.NONE
        s = await svc.sync_group(
            SyncGroup("g", r.generation_id, r.member_id, assignments=[(r.member_id, b"A")])
        )
        assert s.assignment == b"A"
        shard = svc.runtime_for("g").shard
        await async_wait_until(lambda: not shard.groups["g"].members, timeout=5, what="session expiry")
        assert str(shard.groups["g"].state) == "Empty"
    finally:
        await svc.stop()


async def test_parked_joins_complete_together_when_the_last_member_rejoins() -> None:
    svc = await started()
    try:
        ids = []
        for i in range(3):
            ids.append((await svc.join_group(join("g", client=f"c{i}"))).member_id)
        results = await asyncio.gather(*(svc.join_group(join("g", mid)) for mid in ids))
        # the first to join completes the initial rebalance alone (no delay); the others rebalance
        assert all(r.error == E.NONE for r in results)
    finally:
        await svc.stop()


async def test_restart_reloads_groups_and_offsets_from_the_log() -> None:
    log = MemoryOffsetsLog()
    svc = await started(log)
    first = await svc.join_group(join("g"))
    r = await svc.join_group(join("g", first.member_id))
    await svc.sync_group(SyncGroup("g", r.generation_id, r.member_id, assignments=[(r.member_id, b"A")]))
    await commit_offsets(
        svc, OffsetCommit("g", r.generation_id, r.member_id, topics=[("t", [CommitPartition(0, 77)])])
    )
    await svc.stop()
    partition = svc.runtime_for("g").partition
    assert any(isinstance(rec, GroupRecord) for rec in log.decoded(partition))

    again = await started(log)
    try:
        assert (await again.fetch_offsets("g", [("t", [0])])).topics[0][1][0].offset == 77
        d = again.describe_groups(["g"], 5)[0]
        assert d.state == "Stable" and [m.member_id for m in d.members] == [r.member_id]
        assert again.heartbeat(Heartbeat("g", r.generation_id, r.member_id)) == E.NONE
    finally:
        await again.stop()


async def test_stop_answers_parked_joins_with_not_coordinator() -> None:
    svc = GroupCoordinatorService(
        GroupConfig(min_session_timeout_ms=1, initial_rebalance_delay_ms=60_000), 1, MemoryOffsetsLog()
    )
    await svc.start()
    await svc.wait_loaded()
    first = await svc.join_group(join("g"))
    parked = asyncio.create_task(svc.join_group(join("g", first.member_id)))
    await async_wait_until(
        lambda: svc.describe_groups(["g"], 5)[0].state == "PreparingRebalance", what="the join parked"
    )
    await svc.stop()
    assert (await parked).error == E.NOT_COORDINATOR


@pytest.mark.parametrize("n", [1000])
async def test_many_members_heartbeating_cost_one_timer_handle_per_shard(n: int) -> None:
    svc = await started(partitions=1)
    try:
        runtime = svc.runtimes[0]
        for i in range(n):
            await svc.join_group(
                JoinGroup(
                    f"g{i}", "", None, "c", "/h", 10_000, 10_000, "consumer", [("range", b"")], None, False
                )
            )
        assert len(runtime.shard.timers) >= n  # a heartbeat deadline per member, in one heap
        assert runtime._timer is not None  # ...and one loop timer for the shard
    finally:
        await svc.stop()

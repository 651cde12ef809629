"""Transactional offsets (TxnOffsetCommit) in the group coordinator's shard, over an in-memory
offsets log and over the broker's real log in a temporary directory: written by the runtime as
the producer's transactional batch, pending (OffsetFetch's require_stable answers
UNSTABLE_OFFSET_COMMIT) until the marker, committed by COMMIT, dropped by ABORT; and a restart
(a new coordinator loading the same log) ends in the same state at every step, a transaction
still undecided at the restart ending pending."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from broker.group.config import GroupConfig
from broker.group.events import CommitPartition, OffsetCommit, TxnOffsetCommit
from broker.group.partition_log import MemoryOffsetsLog, OffsetsLog, PartitionLogAdapter
from broker.group.records import OFFSETS_TOPIC
from broker.group.service import GroupCoordinatorService
from broker.log import LogConfig, LogManager
from protocol.errors import ErrorCode as E
from tests.helpers import commit_offsets

CONFIG = GroupConfig(min_session_timeout_ms=100, max_session_timeout_ms=60_000, initial_rebalance_delay_ms=0)
PID = 7


class MemoryEnv:
    """The in-memory offsets log; markers are written as the markers path writes them."""

    def __init__(self) -> None:
        self.log = MemoryOffsetsLog()

    def offsets_log(self) -> OffsetsLog:
        return self.log

    async def marker(self, svc: GroupCoordinatorService, pid: int, epoch: int, commit: bool) -> None:
        self.log.append_marker(0, pid, epoch, commit)
        svc.complete_transaction(0, pid, commit)

    async def close(self) -> None:
        pass


class RealLogEnv:
    """`__consumer_offsets`-0 in a LogManager over a temporary directory; a marker is handed to
    the coordinator as broker/txn/markers.py does: before it is placed, resolved once durable."""

    def __init__(self, manager: LogManager):
        self.manager = manager

    @classmethod
    async def create(cls, path: Path) -> RealLogEnv:
        manager = LogManager([path])
        await manager.load(lambda topic: LogConfig(cleanup_policy=("compact",)))
        await manager.create(OFFSETS_TOPIC, 0, LogConfig(cleanup_policy=("compact",)), uuid.uuid4())
        return cls(manager)

    def offsets_log(self) -> OffsetsLog:
        return PartitionLogAdapter(lambda p: self.manager.get(OFFSETS_TOPIC, p))

    async def marker(self, svc: GroupCoordinatorService, pid: int, epoch: int, commit: bool) -> None:
        lg = self.manager.get(OFFSETS_TOPIC, 0)
        assert lg is not None
        written: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        svc.complete_transaction(0, pid, commit, written)
        await lg.append_marker(pid, epoch, commit)
        written.set_result(None)
        await asyncio.sleep(0)  # its callback: the runtime's turn (markers.py's caller awaits more)

    async def close(self) -> None:
        await self.manager.stop()


@pytest.fixture(params=["memory", "real-log"])
async def env(request, tmp_path) -> AsyncIterator[MemoryEnv | RealLogEnv]:
    made: MemoryEnv | RealLogEnv = (
        MemoryEnv() if request.param == "memory" else await RealLogEnv.create(tmp_path / "logs")
    )
    yield made
    await made.close()


async def coordinator(env: MemoryEnv | RealLogEnv) -> GroupCoordinatorService:
    """A coordinator loading the log from the start (a restart)."""
    svc = GroupCoordinatorService(CONFIG, 1, env.offsets_log())
    await svc.start()
    await svc.wait_loaded()
    return svc


def offsets(offset: int, version: int = 3) -> OffsetCommit:
    return OffsetCommit("g", topics=[("t", [CommitPartition(0, offset)])], api_version=version)


async def txn_commit(svc: GroupCoordinatorService, offset: int, epoch: int = 0, version: int = 3) -> E:
    [(_, [(_, error)])] = await svc.commit_transactional_offsets(
        TxnOffsetCommit(offsets(offset, version), PID, epoch)
    )
    return error


async def fetched(svc: GroupCoordinatorService) -> tuple[tuple[int, E], tuple[int, E]]:
    """OffsetFetch's answer for g/t-0: without require_stable, then with it."""
    out = []
    for stable in (False, True):
        group = await svc.fetch_offsets("g", [("t", [0])], require_stable=stable)
        [(_, [p])] = group.topics
        out.append((p.offset, p.error))
    return out[0], out[1]


NOTHING = ((-1, E.NONE), (-1, E.NONE))
UNSTABLE = (-1, E.UNSTABLE_OFFSET_COMMIT)


async def test_txn_offsets_through_abort_commit_and_restarts(env: MemoryEnv | RealLogEnv) -> None:
    svc = await coordinator(env)
    # A transactional commit is pending: not fetched, unstable for require_stable.
    assert await txn_commit(svc, 5) == E.NONE
    assert await fetched(svc) == ((-1, E.NONE), UNSTABLE)
    await svc.stop()
    svc = await coordinator(env)  # undecided at the restart: still pending
    assert await fetched(svc) == ((-1, E.NONE), UNSTABLE)
    # ABORT drops it, now and after a restart.
    await env.marker(svc, PID, 0, commit=False)
    assert await fetched(svc) == NOTHING
    await svc.stop()
    svc = await coordinator(env)
    assert await fetched(svc) == NOTHING

    # A plain commit meanwhile counts at once; the transaction's offset replaces it at COMMIT.
    assert await txn_commit(svc, 8) == E.NONE
    assert await commit_offsets(svc, offsets(3)) == [("t", [(0, E.NONE)])]
    assert await fetched(svc) == ((3, E.NONE), UNSTABLE)
    await svc.stop()
    svc = await coordinator(env)
    assert await fetched(svc) == ((3, E.NONE), UNSTABLE)
    await env.marker(svc, PID, 0, commit=True)
    assert await fetched(svc) == ((8, E.NONE), (8, E.NONE))
    await svc.stop()
    svc = await coordinator(env)
    assert await fetched(svc) == ((8, E.NONE), (8, E.NONE))

    # A plain commit after the COMMIT marker overrides it, before and after a restart.
    assert await commit_offsets(svc, offsets(10)) == [("t", [(0, E.NONE)])]
    assert await fetched(svc) == ((10, E.NONE), (10, E.NONE))
    await svc.stop()
    svc = await coordinator(env)
    assert await fetched(svc) == ((10, E.NONE), (10, E.NONE))
    await svc.stop()


async def test_a_fenced_epoch_is_refused_and_changes_nothing(env: MemoryEnv | RealLogEnv) -> None:
    svc = await coordinator(env)
    assert await txn_commit(svc, 4, epoch=1) == E.NONE
    await env.marker(svc, PID, 1, commit=True)
    assert await txn_commit(svc, 6, epoch=0) == E.PRODUCER_FENCED
    assert await txn_commit(svc, 6, epoch=0, version=2) == E.INVALID_PRODUCER_EPOCH
    assert await fetched(svc) == ((4, E.NONE), (4, E.NONE))
    await svc.stop()
    svc = await coordinator(env)
    assert await fetched(svc) == ((4, E.NONE), (4, E.NONE))
    await svc.stop()


async def test_a_marker_placed_while_the_shard_loads_is_replayed_once_loaded(
    env: MemoryEnv | RealLogEnv,
) -> None:
    svc = await coordinator(env)
    assert await txn_commit(svc, 12) == E.NONE
    await svc.stop()
    svc = GroupCoordinatorService(CONFIG, 1, env.offsets_log())
    await svc.start()  # loading in the background: the load may read the marker, or not
    assert not svc.runtimes[0].loaded
    await env.marker(svc, PID, 0, commit=True)
    await svc.wait_loaded()
    await asyncio.sleep(0)
    assert await fetched(svc) == ((12, E.NONE), (12, E.NONE))
    await svc.stop()


async def test_a_marker_that_fails_to_be_written_is_not_replayed() -> None:
    svc = await coordinator(MemoryEnv())
    assert await txn_commit(svc, 3) == E.NONE
    written: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    svc.complete_transaction(0, PID, True, written)
    written.cancel()  # what broker/txn/markers.py does when the marker is not written
    await svc.runtimes[0].barrier()
    assert await fetched(svc) == ((-1, E.NONE), UNSTABLE)
    svc.complete_transaction(0, PID, True)  # the coordinator's retry
    assert await fetched(svc) == ((3, E.NONE), (3, E.NONE))
    await svc.stop()

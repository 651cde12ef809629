"""A coordinator whose __consumer_offsets partition has fewer in-sync replicas than
min.insync.replicas answers no commit (Kafka writes group metadata with acks=all): the commit is
refused with COORDINATOR_NOT_AVAILABLE, not applied, and accepted again once the ISR is back."""

from __future__ import annotations

import uuid

from broker.group.config import GroupConfig
from broker.group.events import CommitPartition, OffsetCommit
from broker.group.partition_log import PartitionLogAdapter
from broker.group.records import OFFSETS_TOPIC
from broker.group.service import GroupCoordinatorService
from broker.log import LogConfig, LogManager
from protocol.errors import ErrorCode as E
from tests.helpers import commit_offsets

CONFIG = GroupConfig(min_session_timeout_ms=100, max_session_timeout_ms=60_000, initial_rebalance_delay_ms=0)


def commit(offset: int) -> OffsetCommit:
    return OffsetCommit("g", topics=[("t", [CommitPartition(0, offset)])], api_version=8)


async def committed(svc: GroupCoordinatorService) -> int:
    group = await svc.fetch_offsets("g", [("t", [0])], require_stable=False)
    [(_, [p])] = group.topics
    return int(p.offset)


async def test_commits_wait_for_enough_in_sync_replicas(tmp_path):
    manager = LogManager([tmp_path / "logs"])
    await manager.load(lambda topic: LogConfig(cleanup_policy=("compact",)))
    await manager.create(OFFSETS_TOPIC, 0, LogConfig(cleanup_policy=("compact",)), uuid.uuid4())
    isr_short = True

    def isr_error(partition: int, lg: object) -> int | None:
        return E.NOT_ENOUGH_REPLICAS if isr_short else None

    svc = GroupCoordinatorService(
        CONFIG, 1, PartitionLogAdapter(lambda p: manager.get(OFFSETS_TOPIC, p), isr_error=isr_error)
    )
    await svc.start()
    await svc.wait_loaded()
    try:
        assert await commit_offsets(svc, commit(5)) == [("t", [(0, E.COORDINATOR_NOT_AVAILABLE)])]
        assert await committed(svc) == -1  # not applied
        isr_short = False
        assert await commit_offsets(svc, commit(6)) == [("t", [(0, E.NONE)])]
        assert await committed(svc) == 6
    finally:
        await svc.stop()
        await manager.stop()

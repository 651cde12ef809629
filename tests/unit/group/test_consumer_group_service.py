"""KIP-848 groups through the coordinator service and its runtime (an in-memory offsets log):
the records are written then replayed, a coordinator that resigns and is elected again (cluster
mode's set_owned) reloads the group with its epochs and assignments, and DeleteGroups works."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass
from typing import Any

from broker.group.config import ConsumerGroupConfig, GroupConfig
from broker.group.consumer.events import ConsumerGroupHeartbeat, HeartbeatResult
from broker.group.partition_log import MemoryOffsetsLog
from broker.group.records import ConsumerGroupRecord
from broker.group.service import GroupCoordinatorService
from protocol.errors import ErrorCode as E

CONFIG = GroupConfig(consumer=ConsumerGroupConfig(session_timeout_ms=60_000))


@dataclass
class Topic:
    topic_id: uuid.UUID
    partitions: int


TOPICS = {"t": Topic(uuid.uuid4(), 4)}


async def heartbeat(svc: GroupCoordinatorService, req: ConsumerGroupHeartbeat) -> HeartbeatResult:
    result: Any = svc.consumer_group_heartbeat(req)
    if isinstance(result, HeartbeatResult):
        return result
    return await result  # type: ignore[no-any-return]


async def test_coordinator_move_reloads_consumer_groups() -> None:
    log = MemoryOffsetsLog()
    svc = GroupCoordinatorService(CONFIG, 3, log, owned=(), topics=lambda: TOPICS)
    await svc.start()
    partition = svc.runtime_for("g").partition
    await svc.set_owned({0, 1, 2})
    await asyncio.gather(*svc._loads.values())
    try:
        members = {}
        for m in ("a", "b"):
            r = await heartbeat(
                svc,
                ConsumerGroupHeartbeat(
                    "g", m, 0, rebalance_timeout_ms=1000, subscribed_topic_names=["t"], topic_partitions=[]
                ),
            )
            assert r.error == E.NONE
            members[m] = r
        # a reconciles to the group's epoch (it gives up what b gets), then b takes its share
        owned: dict[str, dict[uuid.UUID, list[int]]] = {m: {} for m in members}
        for _ in range(4):
            for m in members:
                r = await heartbeat(
                    svc,
                    ConsumerGroupHeartbeat(
                        "g",
                        m,
                        members[m].member_epoch,
                        topic_partitions=[(t, p) for t, p in owned[m].items()],
                    ),
                )
                assert r.error == E.NONE
                members[m] = r
                if r.assignment is not None:
                    owned[m] = {t: sorted(p) for t, p in r.assignment.items()}
        group = svc.runtime_for("g").shard.consumer_groups.groups["g"]
        before = (group.group_epoch, group.assignment_epoch, dict(group.target), dict(group.members))
        assert sorted(p for ps in owned.values() for p in sum(ps.values(), [])) == [0, 1, 2, 3]
        assert any(isinstance(r, ConsumerGroupRecord) for r in log.decoded(partition))

        await svc.set_owned({p for p in (0, 1, 2) if p != partition})  # resign
        r = await heartbeat(svc, ConsumerGroupHeartbeat("g", "a", members["a"].member_epoch))
        assert r.error == E.NOT_COORDINATOR
        await svc.set_owned({0, 1, 2})  # elected again: loaded from the log
        await asyncio.gather(*svc._loads.values())
        group = svc.runtime_for("g").shard.consumer_groups.groups["g"]
        assert (group.group_epoch, group.assignment_epoch, dict(group.target), dict(group.members)) == before
        for m in members:
            r = await heartbeat(
                svc,
                ConsumerGroupHeartbeat(
                    "g", m, members[m].member_epoch, topic_partitions=[(t, p) for t, p in owned[m].items()]
                ),
            )
            assert r.error == E.NONE and r.member_epoch == members[m].member_epoch

        # Both leave; the empty group is deleted with its records.
        for m in members:
            assert (await heartbeat(svc, ConsumerGroupHeartbeat("g", m, -1))).error == E.NONE
        assert await svc.delete_groups(["g"]) == [("g", E.NONE)]
        assert "g" not in svc.runtime_for("g").shard.consumer_groups.groups
        assert await svc.delete_groups(["g"]) == [("g", E.GROUP_ID_NOT_FOUND)]
    finally:
        await svc.stop()

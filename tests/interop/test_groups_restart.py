"""A broker killed with SIGKILL and started again: every answered commit and the group's metadata
come back from `__consumer_offsets`, members carry on in their generation, and a new consumer
resumes exactly where the group committed."""

from __future__ import annotations

import asyncio

import pytest

from protocol.apis import ApiKey as K
from protocol.errors import ErrorCode as E
from tests.helpers import BrokerProcess, RawConnection, async_wait_until
from tests.interop.agents import Agent, wait_balanced
from tests.interop.test_groups import PARTITIONS, make_topic

pytestmark = pytest.mark.interop


async def describe(port: int, group: str):
    conn = await RawConnection.open(port)
    try:
        return (await conn.request(K.DESCRIBE_GROUPS, 5, {"groups": [group]})).groups[0]
    finally:
        await conn.close()


async def committed(port: int, group: str, topic: str) -> dict[int, int]:
    conn = await RawConnection.open(port)
    try:
        r = await conn.request(K.OFFSET_FETCH, 7, {"group_id": group, "topics": None, "require_stable": True})
        assert r.error_code == E.NONE, r
        return {
            p.partition_index: p.committed_offset for t in r.topics if t.name == topic for p in t.partitions
        }
    finally:
        await conn.close()


async def loaded(port: int, group: str) -> bool:
    try:
        return (await describe(port, group)).error_code != E.COORDINATOR_LOAD_IN_PROGRESS
    except (OSError, asyncio.IncompleteReadError):
        return False


async def test_kill_9_then_restart_restores_offsets_and_groups(tmp_path) -> None:
    topic, group = "t-restart", "g-restart"
    bp = BrokerProcess(tmp_path / "data").start()
    agents: list[Agent] = []
    try:
        await make_topic(bp.bootstrap, topic, per_partition=20)
        a, b = await asyncio.gather(
            Agent.spawn("aiokafka", bp.bootstrap, group, topic, name="a", session_ms=20_000),
            Agent.spawn("aiokafka", bp.bootstrap, group, topic, name="b", session_ms=20_000),
        )
        agents += [a, b]
        await wait_balanced([a, b], PARTITIONS)
        offsets = {p: 4 + p for p in range(PARTITIONS)}
        await asyncio.gather(*(m.commit({p: offsets[p] for p in m.assignment}) for m in (a, b)))
        before = await describe(bp.port, group)
        assert before.group_state == "Stable"
        assigned = {m: list(m.assignments) for m in (a, b)}

        bp.kill()  # SIGKILL right after the commits were answered
        bp.start()
        await async_wait_until(lambda: loaded(bp.port, group), timeout=30, what="offsets partitions loaded")

        after = await describe(bp.port, group)
        assert (after.group_state, after.protocol_data) == ("Stable", before.protocol_data)
        assert sorted(m.member_id for m in after.members) == sorted(m.member_id for m in before.members)
        assert {m.member_id: m.member_assignment for m in after.members} == {
            m.member_id: m.member_assignment for m in before.members
        }
        assert await committed(bp.port, group, topic) == offsets

        # The members reconnect and heartbeat in their generation: no rebalance.
        await asyncio.sleep(1.5)
        assert {m: list(m.assignments) for m in (a, b)} == assigned
        assert (await describe(bp.port, group)).group_state == "Stable"

        # They leave; a new consumer starts exactly at the committed offsets.
        await asyncio.gather(a.close(), b.close())
        c = await Agent.spawn("aiokafka", bp.bootstrap, group, topic, name="c", session_ms=6000)
        agents.append(c)
        await wait_balanced([c], PARTITIONS)

        def firsts() -> dict[int, int]:
            return {e["partition"]: e["offset"] for e in c.events if e["event"] == "first"}

        await async_wait_until(
            lambda: len(firsts()) == PARTITIONS, timeout=20, what="records from every partition"
        )
        assert firsts() == offsets
    finally:
        await asyncio.gather(*(m.reap() for m in agents))
        bp.stop()

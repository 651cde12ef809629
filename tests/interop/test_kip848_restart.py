"""KIP-848 consumer groups over a broker process: `kill -9` and restart on the same data dir
(groups reloaded with their epochs and assignments, members go on without a new assignment);
a regex subscription picks up a topic created later; bad heartbeats get Kafka's errors and leave
the group untouched."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import BrokerProcess, RawConnection, async_wait_until, create_topic
from tests.interop.test_groups import make_topic
from tests.interop.test_kip848 import KIP848_PROPERTIES, PARTITIONS, Ownership, spawn

pytestmark = pytest.mark.interop
E = ErrorCode


async def describe(port: int, group: str) -> Any:
    c = await RawConnection.open(port)
    try:
        r = await c.request(ApiKey.CONSUMER_GROUP_DESCRIBE, 0, {"group_ids": [group]})
        return r.groups[0]
    finally:
        await c.close()


def owned(g: Any) -> dict[str, list[int]]:
    return {
        m.member_id: sorted(p for tp in m.assignment.topic_partitions for p in tp.partitions)
        for m in g.members
    }


async def wait_described_stable(port: int, group: str, members: int, timeout: float = 30.0) -> Any:
    found: list[Any] = []

    async def stable() -> bool:
        try:
            g = await describe(port, group)
        except (TimeoutError, OSError):
            return False
        found[:] = [g]
        held = sorted(p for ps in owned(g).values() for p in ps)
        return (
            g.error_code == 0
            and g.group_state == "Stable"
            and len(g.members) == members
            and held == list(range(PARTITIONS))
        )

    await async_wait_until(stable, timeout, interval=0.1, what=f"group {group} stable with {members}")
    return found[0]


@pytest.fixture
def kbroker_process(tmp_path):
    bp = BrokerProcess(tmp_path / "data", extra=KIP848_PROPERTIES).start()
    try:
        yield bp
    finally:
        bp.stop()


async def test_kill_9_restart_reloads_consumer_groups(kbroker_process: BrokerProcess) -> None:
    bp = kbroker_process
    topic, group = f"orders-{uuid.uuid4().hex[:6]}", f"g-{uuid.uuid4().hex[:6]}"
    await make_topic(bp.bootstrap, topic, PARTITIONS, 5)
    own = Ownership()
    try:
        for i in range(3):
            own.agents.append(await spawn("confluent", bp.bootstrap, group, topic, f"m{i}"))
        before = await wait_described_stable(bp.port, group, 3)
        mine_before = {a.name: a.assignment for a in own.agents}
        marks = {a: len(a.assignments) for a in own.agents}

        bp.kill()  # kill -9
        bp.start()
        reloaded = await wait_described_stable(bp.port, group, 3)
        # Reloaded from the log: the same epochs and assignments, the same members.
        assert (reloaded.group_epoch, reloaded.assignment_epoch) == (
            before.group_epoch,
            before.assignment_epoch,
        )
        assert owned(reloaded) == owned(before)
        assert {m.member_id: m.member_epoch for m in reloaded.members} == {
            m.member_id: m.member_epoch for m in before.members
        }
        # The members heartbeat on against the restarted broker (a few session timeouts' worth)
        # without being fenced or given a new assignment.
        await asyncio.sleep(0)  # (the check below polls with a deadline)

        async def heartbeating() -> bool:
            g = await describe(bp.port, group)
            return g.group_epoch == before.group_epoch and len(g.members) == 3

        for _ in range(3):
            await async_wait_until(heartbeating, 10, what="members still in the group")
            await asyncio.sleep(1.5)  # let session timeouts (3 s) elapse: a fenced member would show
        g = await describe(bp.port, group)
        assert g.group_epoch == before.group_epoch and owned(g) == owned(before)
        assert {a.name: a.assignment for a in own.agents} == mine_before
        assert {a: len(a.assignments) for a in own.agents} == marks, "a member was reassigned"
    finally:
        for a in own.agents:
            await a.reap()


async def test_regex_subscription_picks_up_a_topic_created_later(kbroker_process: BrokerProcess) -> None:
    bp = kbroker_process
    prefix = f"orders{uuid.uuid4().hex[:4]}"
    group = f"g-{uuid.uuid4().hex[:6]}"
    await create_topic(bp.port, f"{prefix}-1", 2)
    await create_topic(bp.port, f"other{prefix}", 2)
    c = await RawConnection.open(bp.port)
    try:
        member = uuid.uuid4().hex

        async def hb(epoch: int, **kw: Any) -> Any:
            body = {"group_id": group, "member_id": member, "member_epoch": epoch, **kw}
            return await c.request(ApiKey.CONSUMER_GROUP_HEARTBEAT, 1, body)

        r = await hb(
            0, rebalance_timeout_ms=10_000, subscribed_topic_regex=f"{prefix}-.*", topic_partitions=[]
        )
        assert r.error_code == 0
        first = {(tp.topic_id, p) for tp in r.assignment.topic_partitions for p in tp.partitions}
        assert len(first) == 2
        epoch = r.member_epoch
        await create_topic(bp.port, f"{prefix}-2", 3)
        got: set[Any] = set()

        async def picked_up() -> bool:
            nonlocal epoch
            owned_now = [{"topic_id": t, "partitions": [p]} for t, p in sorted(got or first)]
            resp = await hb(epoch, topic_partitions=owned_now)
            assert resp.error_code == 0, resp
            epoch = resp.member_epoch
            if resp.assignment is not None:
                got.clear()
                got.update((tp.topic_id, p) for tp in resp.assignment.topic_partitions for p in tp.partitions)
            return len(got) == 5

        await async_wait_until(picked_up, 15, interval=0.2, what="the new topic's partitions")
        assert first < got
    finally:
        await c.close()


async def test_bad_heartbeats_get_kafkas_errors_and_leave_the_group_untouched(
    kbroker_process: BrokerProcess,
) -> None:
    bp = kbroker_process
    group = f"g-{uuid.uuid4().hex[:6]}"
    await create_topic(bp.port, "t", 2)
    c = await RawConnection.open(bp.port)
    try:
        member = uuid.uuid4().hex
        join = {"group_id": group, "member_id": member, "member_epoch": 0, "rebalance_timeout_ms": 10_000}
        r = await c.request(
            ApiKey.CONSUMER_GROUP_HEARTBEAT,
            1,
            {**join, "subscribed_topic_names": ["t"], "topic_partitions": []},
        )
        assert r.error_code == 0
        before = await describe(bp.port, group)
        bad = [
            (
                {
                    **join,
                    "member_id": "x",
                    "subscribed_topic_names": ["t"],
                    "topic_partitions": [],
                    "server_assignor": "sticky",
                },
                E.UNSUPPORTED_ASSIGNOR,
            ),
            ({"group_id": group, "member_id": member, "member_epoch": -3}, E.INVALID_REQUEST),
            (
                {**join, "member_id": "y", "subscribed_topic_regex": "orders-(?<=x)", "topic_partitions": []},
                E.INVALID_REGULAR_EXPRESSION,
            ),
            (
                {**join, "member_id": "z", "subscribed_topic_regex": "(unclosed", "topic_partitions": []},
                E.INVALID_REGULAR_EXPRESSION,
            ),
        ]
        for body, error in bad:
            resp = await c.request(ApiKey.CONSUMER_GROUP_HEARTBEAT, 1, body)
            assert resp.error_code == error, (body, resp)
            assert resp.error_message
        after = await describe(bp.port, group)
        assert (after.group_epoch, owned(after)) == (before.group_epoch, owned(before))
    finally:
        await c.close()

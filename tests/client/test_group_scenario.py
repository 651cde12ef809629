"""The interop group scenario with kbroker's own client, against kbroker and against the
librdkafka mock cluster: three members form a group; a fourth joins; one leaves cleanly (the rest
take over without waiting for a session timeout); one crashes (the rest take over after its
session times out); offsets committed before all that are fetched back exactly; a static member
restarts without a rebalance (kbroker only: the mock has no static membership)."""

from __future__ import annotations

from client import AsyncAdmin, TopicPartition
from tests.client.members import Member, produce, wait_balanced
from tests.helpers import async_wait_until

PARTITIONS = 6
SESSION_MS = 3000


async def test_group_lifecycle(group_target) -> None:
    topic, group = "scenario", "g-scenario"
    await group_target.create_topic(topic, PARTITIONS)
    await produce(group_target.bootstrap, topic, PARTITIONS, per_partition=10)

    def member(name: str) -> Member:
        return Member(name, group_target.bootstrap, group, topic, session_ms=SESSION_MS)

    members = [await member(n).start() for n in ("a", "b", "c")]
    a, b, c = members
    d = None
    try:
        # form: three members split the six partitions
        await wait_balanced(members, PARTITIONS)
        assert all(len(m.partitions) == 2 for m in members)

        # each commits offsets for what it holds
        committed = {p: 3 + p for p in range(PARTITIONS)}
        for m in members:
            await m.consumer.commit({TopicPartition(topic, p): committed[p] for p in m.partitions})

        # join: a fourth member, everyone rebalances
        d = await member("d").start()
        await wait_balanced([a, b, c, d], PARTITIONS)
        assert all(m.partitions for m in (a, b, c, d))

        # leave: a clean close sends LeaveGroup; no session timeout is waited for
        await d.close()
        took = await wait_balanced([a, b, c], PARTITIONS)
        assert took < SESSION_MS / 1000, took

        # crash: no LeaveGroup; the others take over once its session has expired
        await c.crash()
        await wait_balanced([a, b], PARTITIONS, timeout=SESSION_MS / 1000 * 3 + 10)

        # commit/fetch: the commits made before the rebalances come back exactly
        for m in (a, b):
            got = {p: await m.consumer.committed(TopicPartition(topic, p)) for p in range(PARTITIONS)}
            assert got == committed
        # and after the last rebalance the members resumed reading exactly from them
        await async_wait_until(
            lambda: all(p in m.listener.first for m in (a, b) for p in m.partitions),
            what="records from every partition",
        )
        for m in (a, b):
            assert {p: m.listener.first[p] for p in m.partitions} == {p: committed[p] for p in m.partitions}
        assert a.error is None and b.error is None
    finally:
        for m in (a, b, d):
            if m is not None:
                await m.close()


async def test_static_member_restarts_without_rebalance(group_target) -> None:
    group_target.skip_on_mock("classic static membership (group.instance.id)")
    topic, group = "static", "g-static"
    await group_target.create_topic(topic, PARTITIONS)
    session = 10_000  # room to restart before the broker gives up on the member

    def member(name: str, instance: str) -> Member:
        return Member(
            name, group_target.bootstrap, group, topic, session_ms=session, group_instance_id=instance
        )

    s1, s2 = await member("s1", "inst-1").start(), await member("s2", "inst-2").start()
    again = None
    try:
        await wait_balanced([s1, s2], PARTITIONS)
        before, generation, s2_rebalances = s1.partitions, s2.generation, s2.coordinator.rebalances
        await s1.crash()  # a static member sends no LeaveGroup anyway
        again = await member("s1-again", "inst-1").start()
        await wait_balanced([again, s2], PARTITIONS)
        assert again.partitions == before
        assert again.generation == generation  # no rebalance: the group kept its generation
        # No sleep for "a rebalance would have shown by now": the restart's JoinGroup was handled
        # before `again` got its assignment, so a rebalance it caused has begun. s2 commits at its
        # generation (refused once a rebalance completes or is completing) and the coordinator
        # describes the group Stable with both members: both happen after that JoinGroup.
        await s2.consumer.commit({TopicPartition(topic, p): 1 for p in s2.partitions})
        async with AsyncAdmin(group_target.bootstrap) as admin:
            described = (await admin.describe_groups([group]))[group]
        assert described.state == "Stable"
        assert sorted(m.group_instance_id or "" for m in described.members) == ["inst-1", "inst-2"]
        assert s2.coordinator.rebalances == s2_rebalances and s2.generation == generation
    finally:
        for m in (s2, again):
            if m is not None:
                await m.close()

"""Rebalance protocols with kbroker's client: the cooperative incremental protocol (KIP-429), and
a mixed group of our consumers and confluent-kafka (librdkafka) consumers under the range
assignor, against kbroker and the librdkafka mock."""

from __future__ import annotations

import asyncio

from client import AsyncAdmin, TopicPartition
from client.assignors import RebalanceProtocol, range_assign
from protocol.consumer_protocol import Subscription
from tests.client.members import Member, produce, wait_balanced
from tests.interop.agents import Agent

PARTITIONS = 6
SESSION_MS = 3000


async def test_cooperative_rebalance_moves_only_what_must_move(group_target) -> None:
    topic, group = "coop", "g-coop"
    await group_target.create_topic(topic, PARTITIONS)
    await produce(group_target.bootstrap, topic, PARTITIONS, per_partition=5)

    def member(name: str) -> Member:
        return Member(
            name,
            group_target.bootstrap,
            group,
            topic,
            session_ms=SESSION_MS,
            partition_assignment_strategy=("cooperative-sticky",),
        )

    a = await member("a").start()
    b = None
    try:
        assert a.coordinator.protocol is RebalanceProtocol.COOPERATIVE
        await wait_balanced([a], PARTITIONS)
        generation = a.generation
        a.listener.calls.clear()
        b = await member("b").start()
        await wait_balanced([a, b], PARTITIONS)
        assert len(a.partitions) == len(b.partitions) == PARTITIONS // 2
        # two rounds (KIP-429): a first gives up exactly what b gets, then b receives it
        assert a.generation >= generation + 2
        moved = {TopicPartition(topic, p) for p in b.partitions}
        revoked = [tps for kind, tps in a.listener.calls if kind == "revoked"]
        assert revoked == [moved]
        assert not [tps for kind, tps in a.listener.calls if kind == "lost"]
        assert all(tps == set() for kind, tps in a.listener.calls if kind == "assigned")
        # a kept the other half all along, and reads on from where it was
        assert {tp.partition for tp in a.consumer.assignment()} == set(range(PARTITIONS)) - b.partitions
    finally:
        for m in (a, b):
            if m is not None:
                await m.close()


async def test_mixed_group_with_confluent_consumers_shares_partitions_consistently(group_target) -> None:
    topic, group = "mixed", "g-mixed"
    await group_target.create_topic(topic, PARTITIONS)
    await produce(group_target.bootstrap, topic, PARTITIONS, per_partition=5)
    ours = [
        await Member(n, group_target.bootstrap, group, topic, session_ms=SESSION_MS).start()
        for n in ("kb1", "kb2")
    ]
    theirs = list(
        await asyncio.gather(
            *(
                Agent.spawn("confluent", group_target.bootstrap, group, topic, name=n, session_ms=SESSION_MS)
                for n in ("ck1", "ck2")
            )
        )
    )
    try:

        def settled() -> bool:
            if not all(m.stable for m in ours) or not all(a.assignment is not None for a in theirs):
                return False
            everyone = [sorted(m.partitions) for m in ours] + [a.assignment for a in theirs]
            return sorted(p for parts in everyone for p in parts) == list(range(PARTITIONS)) and all(everyone)

        deadline = asyncio.get_running_loop().time() + 60
        while not settled():
            assert asyncio.get_running_loop().time() < deadline, (ours, theirs)
            await asyncio.sleep(0.05)
        await asyncio.sleep(SESSION_MS / 1000)  # no late rebalance in flight: still the same split
        assert settled()
        everyone = [sorted(m.partitions) for m in ours] + [a.assignment for a in theirs]
        # range: contiguous ranges, the first two members (by member id) one partition more
        assert sorted(len(parts) for parts in everyone) == [1, 1, 2, 2]
        for parts in everyone:
            assert parts == list(range(parts[0], parts[0] + len(parts)))
        if not group_target.is_mock:  # the mock has no DescribeGroups: check against the members' ids
            async with AsyncAdmin(group_target.bootstrap) as admin:
                described = (await admin.describe_groups([group]))[group]
            assert described.protocol == "range" and len(described.members) == 4
            expected = range_assign(
                {topic: PARTITIONS}, {m.member_id: Subscription([topic]) for m in described.members}
            )
            assert {m.member_id: sorted(tp.partition for tp in m.assignment) for m in described.members} == {
                member: sorted(p for t in a.assigned_partitions for p in t.partitions)
                for member, a in expected.items()
            }
    finally:
        await asyncio.gather(*(a.reap() for a in theirs))
        for m in ours:
            await m.close()

"""AsyncShareConsumer against kbroker with share groups on: members of one share group read
the same partition, every record is accepted exactly once across them, a released record comes
back with delivery count 2, explicit acknowledgement, commit's per-partition answer, close."""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import AsyncIterator

import pytest

from client import AcknowledgeType, AsyncAdmin, AsyncShareConsumer, ShareConsumerRecord, TopicPartition
from client.errors import IllegalStateError, KafkaError
from client.share_admin import SharePartitionOffset
from kbroker.testing import EmbeddedBroker
from tests.helpers import async_wait_until

SHARE = {
    "group.share.enable": "true",
    "group.share.min.heartbeat.interval.ms": "100",
    "group.share.heartbeat.interval.ms": "200",
    "group.share.min.session.timeout.ms": "1000",
    "group.share.session.timeout.ms": "3000",
}


@pytest.fixture
async def broker() -> AsyncIterator[EmbeddedBroker]:
    async with EmbeddedBroker(SHARE) as b:
        yield b


def earliest(b: EmbeddedBroker, group: str) -> None:
    """share.auto.offset.reset=earliest for the group (as a GROUP config would set it)."""
    b.broker.share_partitions.group_configs[group] = {"share.auto.offset.reset": "earliest"}


def consumer(b: EmbeddedBroker, group: str, *topics: str, **kw: object) -> AsyncShareConsumer:
    return AsyncShareConsumer(*topics, group_id=group, bootstrap_servers=b.bootstrap_servers, **kw)  # type: ignore[arg-type]


# Issue 30's first must-show with our client: more members than partitions (6 on 2), 20,000
# records; and 3 members on one partition.
@pytest.mark.parametrize(("members_n", "partitions", "n"), [(3, 1, 3000), (6, 2, 20_000)])
async def test_members_accept_every_record_exactly_once(
    broker: EmbeddedBroker, members_n: int, partitions: int, n: int
) -> None:
    await broker.aio.create_topic("sc3", partitions)
    earliest(broker, "g3")
    producer = await broker.aio.producer()
    sent = [await producer.send("sc3", f"{i}".encode(), partition=i % partitions) for i in range(n)]
    await producer.flush()
    await asyncio.gather(*sent)
    members = [consumer(broker, "g3", "sc3", max_poll_records=100) for _ in range(members_n)]
    got: dict[int, collections.Counter[tuple[int, int]]] = {
        i: collections.Counter() for i in range(members_n)
    }
    done = asyncio.Event()

    async def run(i: int, c: AsyncShareConsumer) -> None:
        while not done.is_set():
            for records in (await c.getmany(timeout_ms=200)).values():
                for r in records:
                    assert r.delivery_count == 1
                    got[i][(r.partition, r.offset)] += 1
            if sum(len(x) for x in got.values()) >= n:
                done.set()

    for c in members:
        await c.start()
    try:
        await asyncio.wait_for(asyncio.gather(*(run(i, c) for i, c in enumerate(members))), 60)
        for c in members:
            await c.commit()  # the last poll's records, accepted
    finally:
        for c in members:
            await c.close()
    total: collections.Counter[tuple[int, int]] = sum(got.values(), collections.Counter())
    per_partition = n // partitions
    assert sorted(total) == [(p, o) for p in range(partitions) for o in range(per_partition)]
    assert max(total.values()) == 1  # each record delivered (and accepted) once
    assert all(got[i] for i in range(members_n)), {i: len(got[i]) for i in range(members_n)}  # each got some
    # accepted, all of them: every share-partition's start offset moved past every record
    async with AsyncAdmin(broker.bootstrap_servers) as admin:

        async def all_accepted() -> bool:
            found = await admin.describe_share_group_offsets("g3")
            starts = [found.get(TopicPartition("sc3", p)) for p in range(partitions)]
            return all(
                isinstance(f, SharePartitionOffset) and f.start_offset == per_partition for f in starts
            )

        await async_wait_until(all_accepted, timeout=10, what="every record accepted")
    # and a new member of the group finds nothing left
    async with consumer(broker, "g3", "sc3") as late:
        await late.wait_for_assignment(10)
        assert await late.getmany(timeout_ms=500) == {}


async def test_release_redelivers_with_delivery_count_two(broker: EmbeddedBroker) -> None:
    await broker.aio.create_topic("scr", 1)
    earliest(broker, "gr")
    await broker.aio.produce("scr", ["a", "b", "c"])
    async with consumer(broker, "gr", "scr", share_acknowledgement_mode="explicit") as c:
        first: list[ShareConsumerRecord] = []
        deadline = time.monotonic() + 15
        while len(first) < 3 and time.monotonic() < deadline:
            for records in (await c.getmany(timeout_ms=500)).values():
                first += records
        assert [(r.value, r.delivery_count) for r in first] == [(b"a", 1), (b"b", 1), (b"c", 1)]
        c.acknowledge(first[0], AcknowledgeType.ACCEPT)
        c.acknowledge(first[1], AcknowledgeType.RELEASE)
        c.acknowledge(first[2], AcknowledgeType.REJECT)
        results = await c.commit()
        assert set(results.values()) == {None}
        again: list[ShareConsumerRecord] = []
        deadline = time.monotonic() + 15
        while not again and time.monotonic() < deadline:
            for records in (await c.getmany(timeout_ms=500)).values():
                again += records
        assert [(r.offset, r.value, r.delivery_count) for r in again] == [(1, b"b", 2)]
        # explicit mode: a poll with records not acknowledged is refused
        with pytest.raises(IllegalStateError):
            await c.getmany(timeout_ms=0)
        c.acknowledge(again[0])
        assert await c.getmany(timeout_ms=300) == {}


async def test_close_releases_what_the_application_did_not_see(broker: EmbeddedBroker) -> None:
    await broker.aio.create_topic("scc", 1)
    earliest(broker, "gc")
    await broker.aio.produce("scc", [str(i) for i in range(10)])
    async with consumer(broker, "gc", "scc", max_poll_records=4) as c:
        seen: list[ShareConsumerRecord] = []
        deadline = time.monotonic() + 15
        while not seen and time.monotonic() < deadline:
            for records in (await c.getmany(timeout_ms=500, max_records=4)).values():
                seen += records
        assert len(seen) == 4
        member = c.member_id
        sessions = broker.broker.share_partitions.sessions
        assert sessions.get("gc", member) is not None
    assert sessions.get("gc", member) is None  # closed (epoch -1)
    # implicit mode: the 4 seen are accepted at close, the rest released for the next member
    async with consumer(broker, "gc", "scc") as d:
        rest: list[ShareConsumerRecord] = []
        deadline = time.monotonic() + 15
        while len(rest) < 6 and time.monotonic() < deadline:
            for records in (await d.getmany(timeout_ms=500)).values():
                rest += records
        assert sorted(r.offset for r in rest) == sorted(set(range(10)) - {r.offset for r in seen})


async def test_an_idle_member_keeps_its_membership() -> None:
    # (a member that does not poll still heartbeats at the broker's interval, well within the
    # 1 s session: it is the same member, in a Stable group, after 1.5 s)
    async with EmbeddedBroker(SHARE | {"group.share.session.timeout.ms": "1000"}) as b:
        await b.aio.create_topic("idle", 1)
        async with consumer(b, "gi", "idle") as c, AsyncAdmin(b.bootstrap_servers) as admin:
            await c.wait_for_assignment(10)
            beats = c._heartbeat.heartbeats
            await asyncio.sleep(1.5)
            (g,) = (await admin.describe_share_groups(["gi"])).values()
            assert (g.state, [m.member_id for m in g.members]) == ("Stable", [c.member_id])
            assert c._heartbeat.heartbeats - beats >= 4  # 200 ms apart


async def test_a_broker_without_share_groups_fails_the_poll() -> None:
    async with EmbeddedBroker() as b:
        await b.aio.create_topic("plain", 1)
        async with consumer(b, "gp", "plain") as c:
            with pytest.raises(KafkaError):
                await c.getmany(timeout_ms=5000)


async def test_unsubscribe_releases_what_the_application_did_not_see(broker: EmbeddedBroker) -> None:
    await broker.aio.create_topic("scu", 1)
    earliest(broker, "gu")
    await broker.aio.produce("scu", [str(i) for i in range(10)])  # one batch: fetched whole
    async with consumer(broker, "gu", "scu") as c, consumer(broker, "gu", "scu") as d:
        seen: list[ShareConsumerRecord] = []
        deadline = time.monotonic() + 15
        while not seen and time.monotonic() < deadline:
            for records in (await c.getmany(timeout_ms=500, max_records=2)).values():
                seen += records
        assert [r.offset for r in seen] == [0, 1]
        await c.unsubscribe()  # the 8 fetched and never handed out go back at once ...
        assert c.assignment() == set()
        rest: list[ShareConsumerRecord] = []
        deadline = time.monotonic() + 15  # (well within the 30 s locks)
        while len(rest) < 8 and time.monotonic() < deadline:
            for records in (await d.getmany(timeout_ms=500)).values():
                rest += records
        assert [(r.offset, r.delivery_count) for r in rest] == [(o, 2) for o in range(2, 10)]
        assert set((await c.commit()).values()) == {None}  # ... and the 2 seen are accepted
        await d.commit()
    async with AsyncAdmin(broker.bootstrap_servers) as admin:
        found = await admin.describe_share_group_offsets("gu")
        start = found.get(TopicPartition("scu", 0))
        assert isinstance(start, SharePartitionOffset) and start.start_offset == 10

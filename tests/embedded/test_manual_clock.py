"""EmbeddedBroker(manual_clock=True): the coordinators' deadlines move with `clock.advance`, and the
timers due fire at once, with no wall-clock wait (each test runs well under a second)."""

from __future__ import annotations

import asyncio
import time

import pytest

from client import AsyncProducer, KafkaError
from kbroker.testing import EmbeddedBroker
from protocol.apis import ApiKey as K
from protocol.errors import ErrorCode as E
from tests.helpers import RawConnection

SESSION_MS = 30_000


async def join_and_sync(conn: RawConnection, group: str) -> str:
    """A classic member joined and synced (JoinGroup v5, SyncGroup v3): its member id."""
    body = {
        "group_id": group,
        "session_timeout_ms": SESSION_MS,
        "rebalance_timeout_ms": SESSION_MS,
        "member_id": "",
        "group_instance_id": None,
        "protocol_type": "consumer",
        "protocols": [{"name": "range", "metadata": b""}],
    }
    r = await conn.request(K.JOIN_GROUP, 5, body)
    if r.error_code == E.MEMBER_ID_REQUIRED:
        r = await conn.request(K.JOIN_GROUP, 5, {**body, "member_id": r.member_id})
    assert r.error_code == E.NONE
    s = await conn.request(
        K.SYNC_GROUP,
        3,
        {
            "group_id": group,
            "generation_id": r.generation_id,
            "member_id": r.member_id,
            "group_instance_id": None,
            "assignments": [{"member_id": r.member_id, "assignment": b""}],
        },
    )
    assert s.error_code == E.NONE
    return r.member_id


async def test_session_timeout_removes_a_silent_member_at_once() -> None:
    async with EmbeddedBroker(manual_clock=True) as b:
        conn = await RawConnection.open(b.port)
        try:
            member = await join_and_sync(conn, "g")
            group = await b.aio.describe_group("g")
            assert group.state == "Stable" and [m.member_id for m in group.members] == [member]
            started = time.monotonic()
            b.clock.advance(SESSION_MS / 1000 - 1)  # not yet
            assert len((await b.aio.describe_group("g")).members) == 1
            b.clock.advance(1)  # the member's session ends: removed before advance returns
            group = await b.aio.describe_group("g")
            assert group.state == "Empty" and group.members == ()
            assert time.monotonic() - started < 1
            hb = await conn.request(
                K.HEARTBEAT, 3, {"group_id": "g", "generation_id": 1, "member_id": member}
            )
            assert hb.error_code == E.UNKNOWN_MEMBER_ID
        finally:
            await conn.close()


def test_session_timeout_on_a_threaded_broker() -> None:
    with EmbeddedBroker(manual_clock=True) as b:

        async def joined() -> tuple[RawConnection, str]:
            conn = await RawConnection.open(b.port)
            return conn, await join_and_sync(conn, "g")

        async def close(conn: RawConnection) -> None:
            await conn.close()

        loop = asyncio.new_event_loop()
        try:
            conn, _member = loop.run_until_complete(joined())
            assert b.wait_for_group("g", "Stable", members=1).state == "Stable"
            b.clock.advance(SESSION_MS / 1000)
            assert b.describe_group("g").state == "Empty"
            loop.run_until_complete(close(conn))
        finally:
            loop.close()


def test_idle_groups_offsets_expire_after_the_retention() -> None:
    with EmbeddedBroker(manual_clock=True, offsets_retention_minutes=60) as b:
        b.create_topic("orders", partitions=2)
        b.produce("orders", ["a", "b", "c"], key="k")
        assert len(b.consume_all("orders", group="billing")) == 3  # commits the ends
        committed = b.committed("billing")
        assert sorted(committed.values()) == [0, 3]
        started = time.monotonic()
        b.clock.advance(59 * 60)
        assert b.committed("billing") == committed
        b.clock.advance(60 + 600)  # past the retention, and a check (every 10 minutes) since
        assert b.committed("billing") == {}
        assert time.monotonic() - started < 1


async def test_transaction_timeout_aborts_on_the_manual_clock() -> None:
    async with EmbeddedBroker(manual_clock=True) as b:
        producer = AsyncProducer(
            b.bootstrap_servers, transactional_id="tx", transaction_timeout_ms=10_000, linger_ms=0
        )
        await producer.start()
        try:
            await producer.init_transactions()
            await producer.begin_transaction()
            await (await producer.send("t", b"v"))

            def state() -> str:
                partitions = b.broker.transactions.partitions.values()
                return next(m for p in partitions for tid, m in p.items() if tid == "tx").state.name

            assert state() == "ONGOING"
            await b.clock.advance_async(9)
            assert state() == "ONGOING"
            await b.clock.advance_async(2)  # past transaction_timeout_ms: the coordinator aborts it
            assert state() in ("PREPARE_EPOCH_FENCE", "PREPARE_ABORT", "COMPLETE_ABORT")
            with pytest.raises(KafkaError):
                await producer.commit_transaction()
        finally:
            await producer.close()


async def test_kip848_member_session_ends_on_the_manual_clock() -> None:
    from client import AsyncConsumer

    async with EmbeddedBroker(
        manual_clock=True, group_consumer_session_timeout_ms=20_000, group_consumer_heartbeat_interval_ms=100
    ) as b:
        await b.aio.create_topic("t")
        consumer = AsyncConsumer(
            "t", bootstrap_servers=b.bootstrap_servers, group_id="g848", group_protocol="consumer"
        )
        await consumer.start()
        try:
            groups = b.broker.groups.runtime_for("g848").shard.consumer_groups.groups

            def members() -> set[str]:
                group = groups.get("g848")
                return set(group.members) if group is not None else set()

            deadline = time.monotonic() + 10
            while not members():
                assert time.monotonic() < deadline, "the consumer did not join"
                await consumer.getmany(timeout_ms=50)
            first = members()
            await b.clock.advance_async(20)  # the session ends: fenced once its records are written
            assert members() == set()
            while not members():  # its next heartbeat is refused (fenced): it joins again
                assert time.monotonic() < deadline, "the consumer did not join again"
                await consumer.getmany(timeout_ms=50)
            assert members() == first  # (KIP-848: a consumer keeps the member id it made)
        finally:
            await consumer.close()


async def test_rebalance_timeout_drops_a_member_that_does_not_rejoin() -> None:
    async with EmbeddedBroker(manual_clock=True) as b:
        a, c = await RawConnection.open(b.port), await RawConnection.open(b.port)
        try:
            first = await join_and_sync(a, "g")
            joining = asyncio.create_task(join_and_sync(c, "g"))  # a rebalance: `a` must rejoin
            deadline = time.monotonic() + 5
            while (await b.aio.describe_group("g")).state != "PreparingRebalance":
                assert time.monotonic() < deadline
            started = time.monotonic()
            b.clock.advance(SESSION_MS / 1000)  # the rebalance timeout: `a` never rejoined
            second = await asyncio.wait_for(joining, 5)
            group = await b.aio.wait_for_group("g", "Stable", members=1)
            assert [m.member_id for m in group.members] == [second] and second != first
            assert time.monotonic() - started < 1
        finally:
            await a.close()
            await c.close()

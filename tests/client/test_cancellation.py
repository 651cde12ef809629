"""Cancelling a task that waits inside the client ends it, even when what it waited for arrives
at that very moment. Python 3.11's asyncio.wait_for loses such a cancellation (CPython gh-86296):
it hands back the result instead, the task carries on, and whoever awaits it (a consumer's
poll loop stopped by its application; abort() awaiting the heartbeat task) waits forever. The
test_group_lifecycle flake was that: `Member.crash()` cancelled c's poll loop just as a fetch
answer woke getmany, the loop kept polling, and c never crashed (it kept heartbeating).

Each test hits the window deterministically: the awaited thing completes, one loop turn runs
(its completion is delivered), then the waiting task is cancelled before it resumes."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from construct import Container

import client
from client import AsyncConsumer
from client.aio import wait_for
from client.connection import BrokerConnection
from protocol.apis import ApiKey
from tests.client.fake_broker import FakeBroker


@pytest.fixture
async def fake():
    broker = await FakeBroker(topics={"t": 1}).start()
    try:
        yield broker
    finally:
        await broker.close()


async def ends_cancelled(task: asyncio.Task) -> bool:
    await asyncio.wait([task], timeout=2.0)
    if not task.done():
        task.cancel()  # a lost cancellation: stop it for good (it got a second one)
        await asyncio.wait([task], timeout=2.0)
        return False
    return task.cancelled()


async def test_wait_for_passes_on_a_cancellation_that_comes_with_the_result() -> None:
    event = asyncio.Event()

    async def loop() -> None:  # waits again and again, as a poll loop does
        while True:
            event.clear()
            await wait_for(event.wait(), 10)

    waiting = asyncio.create_task(loop())
    await asyncio.sleep(0.01)
    event.set()
    await asyncio.sleep(0)  # the wait has completed; the task has not resumed yet
    assert waiting.cancel()
    assert await ends_cancelled(waiting)


async def test_wait_for_times_out_and_returns_results() -> None:
    with pytest.raises(TimeoutError):
        await wait_for(asyncio.Event().wait(), 0.01)
    with pytest.raises(TimeoutError):
        await wait_for(asyncio.sleep(1), 0)
    assert await wait_for(asyncio.sleep(0, "done"), 1) == "done"
    assert await wait_for(asyncio.sleep(0, "done"), None) == "done"


def test_the_client_does_not_call_asyncio_wait_for() -> None:
    sources = Path(client.__file__).parent.rglob("*.py")
    assert [p.name for p in sources if "asyncio.wait_for(" in p.read_text()] == []


async def test_a_poll_cancelled_as_the_consumer_is_woken_ends(fake: FakeBroker) -> None:
    consumer = AsyncConsumer(bootstrap_servers=fake.bootstrap)
    await consumer.start()
    try:
        poll = asyncio.create_task(consumer.getmany(timeout_ms=10_000))
        await asyncio.sleep(0.05)  # parked until records (or a group change) wake it
        consumer._wakeup.set()  # woken (a fetch answer came) ...
        await asyncio.sleep(0)  # ... its wait is over, it has not resumed yet: the application cancels
        assert poll.cancel()
        assert await ends_cancelled(poll), "the cancelled poll kept polling"
    finally:
        await consumer.close()


async def test_a_request_cancelled_as_its_answer_arrives_ends(fake: FakeBroker) -> None:
    never = asyncio.Event()

    async def hold(header, body):
        await never.wait()

    fake.handlers[ApiKey.HEARTBEAT] = hold
    conn = BrokerConnection("127.0.0.1", fake.port, 0)
    await conn.connect()
    try:
        body = {"group_id": "g", "generation_id": 1, "member_id": "m", "group_instance_id": None}
        heartbeat = asyncio.create_task(conn.request(ApiKey.HEARTBEAT, body))
        await asyncio.sleep(0.05)
        (pending,) = conn._pending.values()
        pending.future.set_result(Container(error_code=0))  # as the read loop does with an answer
        await asyncio.sleep(0)
        assert heartbeat.cancel()  # e.g. abort() stopping the heartbeat task
        assert await ends_cancelled(heartbeat), "the cancelled request returned its answer instead"
    finally:
        never.set()
        await conn.close()

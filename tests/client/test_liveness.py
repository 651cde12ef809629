"""The consumer's heartbeat task and max_poll_interval_ms, against kbroker and the librdkafka mock.

* A handler that takes twice the session timeout (but less than max_poll_interval_ms) keeps its
  membership: the heartbeat task runs while the application awaits, so nobody rebalances.
* A consumer that stops polling for longer than max_poll_interval_ms leaves the group, as in
  Kafka: its partitions go to the others, its late commit fails, and its next poll rejoins.
"""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from client import AsyncConsumer, AsyncProducer, CommitFailedError, TopicPartition
from tests.client.members import Member, wait_balanced
from tests.helpers import async_wait_until

SESSION_MS = 2000


async def slow_reader(consumer: AsyncConsumer, handler_seconds: float, handled: list[int]) -> None:
    """`async for` with a handler that takes `handler_seconds` for each record."""
    async for record in consumer:
        await asyncio.sleep(handler_seconds)
        handled.append(record.offset)


async def produce_to(bootstrap: str, tps: list[TopicPartition]) -> None:
    async with AsyncProducer(bootstrap) as producer:
        for tp in tps:
            await producer.send_and_wait(tp.topic, b"work", partition=tp.partition)


async def test_slow_handler_keeps_membership_thanks_to_the_heartbeat_task(group_target) -> None:
    topic, group = "slow", "g-slow"
    await group_target.create_topic(topic, 2)
    slow = Member(
        "slow", group_target.bootstrap, group, topic, session_ms=SESSION_MS, max_poll_interval_ms=30_000
    )
    other = Member(
        "other", group_target.bootstrap, group, topic, session_ms=SESSION_MS, max_poll_interval_ms=30_000
    )
    await slow.consumer.start()  # driven by slow_reader below, not by Member's poll loop
    await other.start()
    handled: list[int] = []
    reader = asyncio.create_task(slow_reader(slow.consumer, 2 * SESSION_MS / 1000, handled))
    try:
        await wait_balanced([slow, other], 2)
        generation, member_id = slow.generation, slow.coordinator.generation.member_id
        rebalances = other.coordinator.rebalances
        (mine,) = slow.consumer.assignment()
        await produce_to(group_target.bootstrap, [mine])
        await async_wait_until(lambda: handled, timeout=2 * SESSION_MS / 1000 + 10, what="the slow handler")
        # the handler took twice the session timeout; the heartbeat task kept the member in
        assert slow.coordinator.generation.member_id == member_id
        assert slow.generation == generation and other.generation == generation
        assert other.coordinator.rebalances == rebalances
        assert slow.stable and other.stable
        await slow.consumer.commit()  # still a member of the current generation: it may commit
        assert await slow.consumer.committed(mine) == handled[0] + 1
    finally:
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reader
        await slow.consumer.close()
        await other.close()


async def test_a_consumer_that_stops_polling_leaves_the_group(group_target) -> None:
    topic, group = "stalled", "g-stalled"
    await group_target.create_topic(topic, 2)
    max_poll = 3000
    stalled = Member(
        "stalled", group_target.bootstrap, group, topic, session_ms=SESSION_MS, max_poll_interval_ms=max_poll
    )
    other = Member("other", group_target.bootstrap, group, topic, session_ms=SESSION_MS)
    await stalled.start()
    await other.start()
    try:
        await wait_balanced([stalled, other], 2)
        (mine,) = stalled.consumer.assignment()
        await stalled._stop_polling()  # the application is stuck in its handler from now on
        # past max_poll_interval_ms the member leaves: the other one takes everything
        await wait_balanced([other], 2, timeout=max_poll / 1000 + SESSION_MS / 1000 * 2 + 10)
        assert not stalled.coordinator.generation.valid
        # its partitions may belong to someone else now: a late commit must fail
        with pytest.raises(CommitFailedError):
            await stalled.consumer.commit({mine: 1})
        # polling again rejoins the group
        stalled._task = asyncio.create_task(stalled._poll())
        await wait_balanced([stalled, other], 2)
    finally:
        await stalled.close()
        await other.close()

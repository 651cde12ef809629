"""Group features of AsyncConsumer against kbroker and the librdkafka mock: commit on revoke
(auto-commit), pattern subscriptions, and the rebalance listener's view of a leave."""

from __future__ import annotations

from client import TopicPartition
from tests.client.members import Member, produce, wait_balanced
from tests.helpers import async_wait_until

PARTITIONS = 4
SESSION_MS = 3000


async def test_auto_commit_commits_what_was_consumed_before_partitions_are_revoked(group_target) -> None:
    group_target.skip_on_mock(
        "commits while the group prepares a rebalance (Kafka accepts them from members of "
        "the current generation; the mock answers REBALANCE_IN_PROGRESS)"
    )
    topic, group = "revoke", "g-revoke"
    await group_target.create_topic(topic, PARTITIONS)
    await produce(group_target.bootstrap, topic, PARTITIONS, per_partition=25)
    # a huge auto-commit interval: only the commit on revoke can have written the offsets
    first = await Member(
        "first",
        group_target.bootstrap,
        group,
        topic,
        session_ms=SESSION_MS,
        enable_auto_commit=True,
        auto_commit_interval_ms=3_600_000,
    ).start()
    second = None
    try:
        await wait_balanced([first], PARTITIONS)
        await async_wait_until(
            lambda: sum(len(v) for v in first.received.values()) == PARTITIONS * 25, what="everything read"
        )
        second = await Member("second", group_target.bootstrap, group, topic, session_ms=SESSION_MS).start()
        await wait_balanced([first, second], PARTITIONS)
        committed = {p: await second.consumer.committed(TopicPartition(topic, p)) for p in range(PARTITIONS)}
        assert committed == {p: 25 for p in range(PARTITIONS)}
        # so the newcomer starts where the first member stopped: nothing is read twice
        await produce(group_target.bootstrap, topic, PARTITIONS, per_partition=1)
        await async_wait_until(
            lambda: all(p in second.listener.first for p in second.partitions), what="the newcomer to read"
        )
        assert all(second.listener.first[p] == 25 for p in second.partitions)
    finally:
        for m in (first, second):
            if m is not None:
                await m.close()


async def test_pattern_subscription_follows_new_topics(group_target) -> None:
    group = "g-pattern"
    await group_target.create_topic("metrics-cpu", 2)
    member = Member(
        "p", group_target.bootstrap, group, "unused", session_ms=SESSION_MS, metadata_max_age_ms=300
    )
    member.consumer._initial_topics = ()  # subscribe by pattern instead
    await member.start()
    try:
        member.consumer.subscribe(pattern=r"metrics-.*")
        await async_wait_until(
            lambda: {tp.topic for tp in member.consumer.assignment()} == {"metrics-cpu"},
            timeout=20,
            what="the first matching topic",
        )
        await group_target.create_topic("metrics-disk", 3)
        await group_target.create_topic("other", 1)
        await async_wait_until(
            lambda: (
                member.stable
                and member.consumer.assignment()
                == {
                    *(TopicPartition("metrics-cpu", p) for p in range(2)),
                    *(TopicPartition("metrics-disk", p) for p in range(3)),
                }
            ),
            timeout=20,
            what="the new matching topic to be assigned",
        )
        assert member.consumer.subscription() == {"metrics-cpu", "metrics-disk"}
    finally:
        await member.close()


async def test_unsubscribe_leaves_and_subscribe_rejoins(group_target) -> None:
    topic, group = "unsub", "g-unsub"
    await group_target.create_topic(topic, PARTITIONS)
    a = await Member("a", group_target.bootstrap, group, topic, session_ms=SESSION_MS).start()
    b = await Member("b", group_target.bootstrap, group, topic, session_ms=SESSION_MS).start()
    try:
        await wait_balanced([a, b], PARTITIONS)
        owned = a.consumer.assignment()
        await a.consumer.unsubscribe()
        assert a.consumer.assignment() == set() and a.consumer.subscription() == set()
        assert a.listener.calls[-1] == ("revoked", owned)
        await wait_balanced([b], PARTITIONS)  # a left with a LeaveGroup: b has everything
        a.consumer.subscribe([topic])
        await wait_balanced([a, b], PARTITIONS)
    finally:
        await a.close()
        await b.close()

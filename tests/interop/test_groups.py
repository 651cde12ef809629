"""Consumer groups with real clients — aiokafka, kafka-python, confluent-kafka — each member a
process of its own (so that it can be killed without a LeaveGroup), on a 6-partition topic.

For each client: three members split the partitions; a fourth joins and all rebalance; one
leaves cleanly and the rest take over at once; one is killed and the rest take over after its
session timeout; offsets committed earlier are fetched back exactly. Static members (aiokafka,
confluent-kafka) restart without a rebalance. aiokafka and confluent-kafka share one group.
confluent-kafka's and kafka-python's admin clients list, describe and delete groups and offsets.
The broker restart test (kill -9) is in test_groups_restart.py.
"""

from __future__ import annotations

import asyncio

import pytest

from tests.helpers import async_wait_until
from tests.interop.agents import Agent, marks, wait_balanced

pytestmark = pytest.mark.interop

PARTITIONS = 6
SESSION_MS = 2000
CLIENTS = ["aiokafka", "kafka-python", "confluent"]


async def make_topic(
    bootstrap: str, name: str, partitions: int = PARTITIONS, per_partition: int = 10
) -> None:
    from aiokafka import AIOKafkaProducer
    from aiokafka.admin import AIOKafkaAdminClient, NewTopic

    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic(name, partitions, 1)])
    finally:
        await admin.close()
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap)
    await producer.start()
    try:
        for i in range(partitions * per_partition):
            await producer.send(name, f"m{i}".encode(), partition=i % partitions)
        await producer.flush()
    finally:
        await producer.stop()


@pytest.fixture
async def bootstrap(broker) -> str:
    return f"127.0.0.1:{broker.bound_port}"


def group_state(broker, group: str) -> tuple[str, int]:
    g = broker.groups.runtime_for(group).shard.groups[group]
    return str(g.state), g.generation_id


@pytest.mark.parametrize("client", CLIENTS)
async def test_group_lifecycle(broker, bootstrap: str, client: str) -> None:
    topic, group = f"t-{client}", f"g-{client}"
    await make_topic(bootstrap, topic)
    spawn = lambda name: Agent.spawn(client, bootstrap, group, topic, name=name, session_ms=SESSION_MS)  # noqa: E731
    agents: list[Agent] = list(await asyncio.gather(spawn("a"), spawn("b"), spawn("c")))
    a, b, c = agents
    try:
        # Three members: disjoint assignments covering all six partitions.
        await wait_balanced([a, b, c], PARTITIONS)

        # Each commits offsets for what it holds.
        committed = {p: 3 + p for p in range(PARTITIONS)}
        await asyncio.gather(*(m.commit({p: committed[p] for p in m.assignment}) for m in (a, b, c)))

        # A fourth joins: everyone rebalances.
        since = marks([a, b, c])
        d = await spawn("d")
        agents.append(d)
        await wait_balanced([a, b, c, d], PARTITIONS, since)
        assert len({tuple(m.assignment) for m in (a, b, c, d)}) == 4

        # It leaves cleanly: the rest cover everything again, without waiting for a session timeout.
        since = marks([a, b, c])
        await d.close()
        took = await wait_balanced([a, b, c], PARTITIONS, since)
        assert took < SESSION_MS / 1000

        # One is killed: the rest cover everything once its session has expired.
        since = marks([a, b])
        c.kill()
        await wait_balanced([a, b], PARTITIONS, since, timeout=SESSION_MS / 1000 + 20)
        assert group_state(broker, group)[0] == "Stable"
        assert len(broker.groups.runtime_for(group).shard.groups[group].members) == 2

        # The commits made before the rebalances are fetched back exactly.
        assert await a.fetch(list(range(PARTITIONS))) == committed
        await asyncio.gather(a.close(), b.close())
        assert group_state(broker, group)[0] == "Empty"
    finally:
        await asyncio.gather(*(m.reap() for m in agents))


@pytest.mark.parametrize("client", ["aiokafka", "confluent"])
async def test_static_member_restart_keeps_its_assignment_without_rebalance(
    broker, bootstrap: str, client: str
) -> None:
    topic, group = f"ts-{client}", f"gs-{client}"
    await make_topic(bootstrap, topic)
    session = 10_000  # room to restart a process before the broker gives up on it
    s1, s2 = await asyncio.gather(
        Agent.spawn(client, bootstrap, group, topic, name="s1", instance="inst-1", session_ms=session),
        Agent.spawn(client, bootstrap, group, topic, name="s2", instance="inst-2", session_ms=session),
    )
    agents = [s1, s2]
    try:
        await wait_balanced([s1, s2], PARTITIONS)
        # A late rebalance may still be in flight (one member joined while the other synced): the
        # coordinator's word that the group is Stable ends it, then the members' view of it.
        await async_wait_until(lambda: group_state(broker, group)[0] == "Stable", what="a Stable group")
        await wait_balanced([s1, s2], PARTITIONS)
        state, generation = group_state(broker, group)
        assert state == "Stable"
        before, s2_assignments = s1.assignment, len(s2.assignments)

        s1.kill()  # a static member sends no LeaveGroup anyway
        again = await Agent.spawn(
            client, bootstrap, group, topic, name="s1", instance="inst-1", session_ms=session
        )
        agents.append(again)
        await again.expect("assigned")
        assert again.assignment == before
        assert group_state(broker, group) == ("Stable", generation)  # no rebalance
        # In place of a sleep: s2 commits at its generation after the restart was handled, a
        # round trip the coordinator refuses once a rebalance has completed or is completing.
        await s2.commit({p: 1 for p in s2.assignment})
        assert len(s2.assignments) == s2_assignments  # the other member never rebalanced
        assert group_state(broker, group) == ("Stable", generation)
    finally:
        await asyncio.gather(*(m.reap() for m in agents))


async def test_mixed_aiokafka_and_confluent_group_with_range(broker, bootstrap: str) -> None:
    topic, group = "t-mixed", "g-mixed"
    await make_topic(bootstrap, topic)
    agents = list(
        await asyncio.gather(
            Agent.spawn("aiokafka", bootstrap, group, topic, name="ak1", session_ms=SESSION_MS),
            Agent.spawn("confluent", bootstrap, group, topic, name="ck1", session_ms=SESSION_MS),
            Agent.spawn("aiokafka", bootstrap, group, topic, name="ak2", session_ms=SESSION_MS),
            Agent.spawn("confluent", bootstrap, group, topic, name="ck2", session_ms=SESSION_MS),
        )
    )
    try:
        await wait_balanced(agents, PARTITIONS)
        g = broker.groups.runtime_for(group).shard.groups[group]
        assert g.protocol_name == "range" and g.size == 4
        # Range over members sorted by id: contiguous ranges, the first two members one extra.
        sizes = sorted(len(a.assignment) for a in agents)
        assert sizes == [1, 1, 2, 2]
        for a in agents:
            assert a.assignment == list(range(a.assignment[0], a.assignment[0] + len(a.assignment)))
    finally:
        await asyncio.gather(*(m.reap() for m in agents))


async def test_admin_clients_list_describe_and_delete(broker, bootstrap: str) -> None:
    """ListGroups (with a state filter), DescribeGroups, OffsetFetch, OffsetDelete and DeleteGroups
    as confluent-kafka's and kafka-python's admin clients use them."""
    from confluent_kafka import ConsumerGroupState, ConsumerGroupTopicPartitions
    from confluent_kafka.admin import AdminClient
    from kafka import KafkaAdminClient
    from kafka import TopicPartition as KTopicPartition
    from kafka.errors import GroupSubscribedToTopicError, NoError

    topic, group = "t-admin", "g-admin"
    await make_topic(bootstrap, topic)
    member = await Agent.spawn("aiokafka", bootstrap, group, topic, name="m", session_ms=SESSION_MS)
    try:
        await wait_balanced([member], PARTITIONS)
        await member.commit({p: 10 + p for p in range(PARTITIONS)})

        def while_stable() -> None:  # blocking clients: off the broker's event loop
            admin = AdminClient({"bootstrap.servers": bootstrap})
            listed = admin.list_consumer_groups(states={ConsumerGroupState.STABLE}).result(10)
            assert [g.group_id for g in listed.valid] == [group]
            assert admin.list_consumer_groups(states={ConsumerGroupState.EMPTY}).result(10).valid == []
            described = admin.describe_consumer_groups([group])[group].result(10)
            assert (described.state, described.partition_assignor) == (ConsumerGroupState.STABLE, "range")
            assert [
                sorted(tp.partition for tp in m.assignment.topic_partitions) for m in described.members
            ] == [list(range(PARTITIONS))]
            offsets = admin.list_consumer_group_offsets([ConsumerGroupTopicPartitions(group)])[group].result(
                10
            )
            assert sorted((tp.partition, tp.offset) for tp in offsets.topic_partitions) == [
                (p, 10 + p) for p in range(PARTITIONS)
            ]
            kadmin = KafkaAdminClient(bootstrap_servers=bootstrap)
            try:
                refused = kadmin.delete_group_offsets(group, [KTopicPartition(topic, 0)])
                assert refused == {KTopicPartition(topic, 0): GroupSubscribedToTopicError}
            finally:
                kadmin.close()

        await asyncio.to_thread(while_stable)
        await member.close()

        def once_empty() -> None:
            kadmin = KafkaAdminClient(bootstrap_servers=bootstrap)
            try:
                deleted = kadmin.delete_group_offsets(group, [KTopicPartition(topic, 0)])
                assert deleted == {KTopicPartition(topic, 0): NoError}
                assert sorted(kadmin.list_group_offsets(group)[group]) == [
                    KTopicPartition(topic, p) for p in range(1, PARTITIONS)
                ]
                kadmin.delete_groups([group])
                assert kadmin.list_groups() == []
            finally:
                kadmin.close()

        await asyncio.to_thread(once_empty)
        assert group not in broker.groups.runtime_for(group).shard.groups
    finally:
        await member.reap()

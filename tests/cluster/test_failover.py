"""Brokers leaving: kill -9 of the controller, a clean stop (SIGTERM) of a broker."""

from __future__ import annotations

import pytest
from aiokafka import AIOKafkaConsumer, TopicPartition

from broker.group.placement import coordinator_partition
from broker.group.records import OFFSETS_TOPIC
from protocol.apis import ApiKey
from tests.cluster.harness import OFFSETS_PARTITIONS, eventually, find_coordinator, leaders, metadata, request
from tests.cluster.test_cluster import settled

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(120)]

NONE, NOT_LEADER, LEADER_NOT_AVAILABLE = 0, 6, 5
NOT_COORDINATOR = 16


async def create_topic(port: int, name: str, partitions: int) -> int:
    r = await request(
        port,
        ApiKey.CREATE_TOPICS,
        5,
        {
            "topics": [
                {
                    "name": name,
                    "num_partitions": partitions,
                    "replication_factor": 1,
                    "assignments": [],
                    "configs": [],
                }
            ],
            "timeout_ms": 10000,
            "validate_only": False,
        },
    )
    return r.topics[0].error_code


async def produce(port: int, topic: str, partition: int) -> int:
    from tests.integration.test_data_path import records  # a RecordBatch v2

    r = await request(
        port,
        ApiKey.PRODUCE,
        9,
        {
            "acks": -1,
            "timeout_ms": 5000,
            "topic_data": [{"name": topic, "partition_data": [{"index": partition, "records": records(1)}]}],
        },
    )
    return r.responses[0].partition_responses[0].error_code


async def test_kill_controller_elects_a_new_one_and_topics_still_get_created(cluster):
    md = await settled(cluster)
    old = md["controller"]
    cluster.brokers[old].kill()
    survivor = next(i for i in cluster.brokers if i != old)

    async def new_controller():
        m = await metadata(cluster.brokers[survivor].port)
        return m.controller_id if m.controller_id not in (-1, old) and len(m.brokers) == 2 else None

    new = await eventually(new_controller, 20, "a new controller")
    assert new != old
    other = next(i for i in cluster.brokers if i not in (old, new))
    assert await create_topic(cluster.brokers[other].port, "after-failover", 4) == NONE
    # Leadership reaches the brokers through ZooKeeper watches: poll until the new topic has it.
    alive = {b for b in cluster.brokers if b != old}

    async def led_by_survivors():
        m = await metadata(cluster.brokers[new].port, ["after-failover"])
        return set(leaders(m, "after-failover").values()) == alive

    await eventually(led_by_survivors, 20, "leaders for the new topic")

    # The offsets topic has three replicas: the partitions the dead broker led get new leaders
    # from their in-sync replicas (the survivors), none is offline.
    async def offsets_led_by_survivors():
        got = leaders(await metadata(cluster.brokers[other].port, [OFFSETS_TOPIC]), OFFSETS_TOPIC)
        return len(got) == OFFSETS_PARTITIONS and set(got.values()) <= alive

    await eventually(offsets_led_by_survivors, 20, "offsets partitions led by the survivors")


async def test_clean_stop_keeps_other_partitions_working_and_answers_retriable_errors(cluster):
    await settled(cluster)
    assert await create_topic(cluster.brokers[1].port, "data", 6) == NONE
    md = await metadata(cluster.brokers[1].port, ["data"])
    before = leaders(md, "data")
    assert set(before.values()) == {1, 2, 3}
    # A group whose coordinator is broker 3 commits before broker 3 leaves.
    offsets_leaders = leaders(await metadata(cluster.brokers[1].port, [OFFSETS_TOPIC]), OFFSETS_TOPIC)
    group3 = next(
        g
        for g in (f"g{i}" for i in range(1000))
        if offsets_leaders[coordinator_partition(g, OFFSETS_PARTITIONS)] == 3
    )
    group1 = next(
        g
        for g in (f"g{i}" for i in range(1000))
        if offsets_leaders[coordinator_partition(g, OFFSETS_PARTITIONS)] == 1
    )
    p3 = next(p for p, b in before.items() if b == 3)
    consumer = AIOKafkaConsumer(
        bootstrap_servers=cluster.bootstrap(1), group_id=group3, enable_auto_commit=False
    )
    await consumer.start()
    try:
        consumer.assign([TopicPartition("data", p3)])
        await consumer.commit({TopicPartition("data", p3): 42})
    finally:
        await consumer.stop()
    # The commit is answered once fsynced on broker 3 (waiting for the other replicas too is the
    # coordinator failover work, not yet done): wait until the offsets partition's high watermark,
    # which moves only once every in-sync replica has the record, is past it.
    offsets_partition = coordinator_partition(group3, OFFSETS_PARTITIONS)

    async def replicated():
        r = await request(
            cluster.brokers[3].port,
            ApiKey.LIST_OFFSETS,
            5,
            {
                "replica_id": -1,
                "isolation_level": 0,
                "topics": [
                    {
                        "name": OFFSETS_TOPIC,
                        "partitions": [
                            {
                                "partition_index": offsets_partition,
                                "current_leader_epoch": -1,
                                "timestamp": -1,
                            }
                        ],
                    }
                ],
            },
        )
        return r.topics[0].partitions[0].offset >= 1

    await eventually(replicated, 20, "the commit to reach every in-sync replica")

    assert cluster.brokers[3].stop() == 0

    async def two_brokers():
        m = await metadata(cluster.brokers[1].port, ["data"])
        return m if len(m.brokers) == 2 and leaders(m, "data").get(p3) == -1 else None

    m = await eventually(two_brokers, 20, "broker 3 to leave")
    errors = {p.partition_index: p.error_code for p in m.topics[0].partitions}
    for p, leader in before.items():
        assert errors[p] == (LEADER_NOT_AVAILABLE if leader == 3 else NONE)
    for p, leader in before.items():
        for i in (1, 2):  # from either live broker: the leader writes, the other redirects, none lies
            code = await produce(cluster.brokers[i].port, "data", p)
            if leader == 3:
                assert code == NOT_LEADER
            else:
                assert code == (NONE if leader == i else NOT_LEADER)

    # The offsets topic is replicated: group3's coordinator moves to a survivor, which loaded the
    # group's offsets from its replica of the partition.
    async def moved():
        c = await find_coordinator(cluster.brokers[1].port, group3)
        return c.error_code == NONE and c.node_id in (1, 2)

    await eventually(moved, 20, "group3's coordinator to move to a survivor")
    assert (await find_coordinator(cluster.brokers[2].port, group1)).node_id == 1

    async def committed(group: str, tp: TopicPartition, bootstrap: str) -> int | None:
        consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=group, enable_auto_commit=False)
        await consumer.start()
        try:
            return await eventually(lambda: consumer.committed(tp), 20, f"{group}'s offsets")
        finally:
            await consumer.stop()

    assert await committed(group3, TopicPartition("data", p3), cluster.bootstrap(1)) == 42
    # A group coordinated elsewhere keeps working.
    consumer = AIOKafkaConsumer(
        bootstrap_servers=cluster.bootstrap(2), group_id=group1, enable_auto_commit=False
    )
    await consumer.start()
    try:
        tp = TopicPartition("data", next(p for p, b in before.items() if b != 3))
        consumer.assign([tp])
        await consumer.commit({tp: 5})
        assert await consumer.committed(tp) == 5
    finally:
        await consumer.stop()

    # Broker 3 comes back: it leads its partitions of "data" again (one replica each, a new leader
    # epoch) and follows the offsets partitions, whose leaders stay where they are.
    cluster.brokers[3].start()
    assert await committed(group3, TopicPartition("data", p3), cluster.bootstrap(3)) == 42

    # Every broker learns the new leadership from ZooKeeper's watches: broker 2 converges to it.
    async def leader_on_2():
        m = await metadata(cluster.brokers[2].port, ["data"])
        part = next(p for p in m.topics[0].partitions if p.partition_index == p3)
        return (part.leader_id, part.leader_epoch) == (3, 2) or None

    await eventually(leader_on_2, 20, "broker 2's metadata to name broker 3 leader at epoch 2")

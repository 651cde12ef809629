"""Must-show 1 of issue 19: confluent-kafka's AdminClient and aiokafka's admin client, end to
end against kbroker as a real process: configs (describe, incremental alter, refusal), partitions,
records, cluster, groups; an altered retention.ms acts on the next retention pass and survives a
restart."""

from __future__ import annotations

import asyncio
import time

import pytest
from confluent_kafka import Consumer, ConsumerGroupState, Producer, TopicPartition
from confluent_kafka.admin import (
    AdminClient,
    AlterConfigOpType,
    ConfigEntry,
    ConfigResource,
    ConfigSource,
    NewPartitions,
    NewTopic,
    ResourceType,
)
from confluent_kafka.error import KafkaException

from tests.helpers import BrokerProcess, wait_until

pytestmark = pytest.mark.interop

TIMEOUT = 15


@pytest.fixture
def proc(tmp_path):
    bp = BrokerProcess(tmp_path / "data", extra={"log.retention.check.interval.ms": "200"}).start()
    try:
        yield bp
    finally:
        bp.stop()


def _admin(bp: BrokerProcess) -> AdminClient:
    return AdminClient({"bootstrap.servers": bp.bootstrap})


def _one(futures: dict):
    (future,) = futures.values()
    return future.result(TIMEOUT)


def _produce(bp: BrokerProcess, topic: str, n: int, partition: int = 0, age_ms: int = 0) -> None:
    p = Producer({"bootstrap.servers": bp.bootstrap, "linger.ms": 0})
    now = int(time.time() * 1000)
    for i in range(n):
        p.produce(topic, value=b"v%d" % i, partition=partition, timestamp=now - age_ms)
    assert p.flush(TIMEOUT) == 0


def _watermarks(bp: BrokerProcess, topic: str, partition: int = 0) -> tuple[int, int]:
    c = Consumer({"bootstrap.servers": bp.bootstrap, "group.id": "wm"})
    try:
        return c.get_watermark_offsets(TopicPartition(topic, partition), TIMEOUT)
    finally:
        c.close()


def _describe_topic(admin: AdminClient, topic: str) -> dict:
    return _one(admin.describe_configs([ConfigResource(ResourceType.TOPIC, topic)]))


def test_confluent_admin_configs_and_retention_survive_restart(proc):
    admin = _admin(proc)
    _one(admin.create_topics([NewTopic("events", 1, 1, config={"cleanup.policy": "delete"})]))
    configs = _describe_topic(admin, "events")
    assert configs["cleanup.policy"].value == "delete"
    assert configs["cleanup.policy"].source == ConfigSource.DYNAMIC_TOPIC_CONFIG.value
    assert configs["retention.ms"].value == str(7 * 24 * 3_600_000)
    assert configs["retention.ms"].source == ConfigSource.DEFAULT_CONFIG.value
    assert configs["retention.ms"].is_read_only is False

    _produce(proc, "events", 10, age_ms=3_600_000)  # an hour old: kept by the default 7 days
    assert _watermarks(proc, "events") == (0, 10)

    # An unknown key or a bad value: INVALID_CONFIG, and nothing changes.
    for bad in (
        ConfigEntry("retention.msx", "1", incremental_operation=AlterConfigOpType.SET),
        ConfigEntry("retention.ms", "soon", incremental_operation=AlterConfigOpType.SET),
    ):
        with pytest.raises(KafkaException) as e:
            _one(
                admin.incremental_alter_configs(
                    [
                        ConfigResource(
                            ResourceType.TOPIC,
                            "events",
                            incremental_configs=[
                                ConfigEntry(
                                    "segment.bytes", "1048576", incremental_operation=AlterConfigOpType.SET
                                ),
                                bad,
                            ],
                        )
                    ]
                )
            )
        assert e.value.args[0].name() == "INVALID_CONFIG"
    assert "segment.bytes" not in {
        k
        for k, v in _describe_topic(admin, "events").items()
        if v.source == ConfigSource.DYNAMIC_TOPIC_CONFIG.value
    }

    _one(
        admin.incremental_alter_configs(
            [
                ConfigResource(
                    ResourceType.TOPIC,
                    "events",
                    incremental_configs=[
                        ConfigEntry("retention.ms", "60000", incremental_operation=AlterConfigOpType.SET)
                    ],
                )
            ]
        )
    )
    configs = _describe_topic(admin, "events")
    assert configs["retention.ms"].value == "60000"
    assert configs["retention.ms"].source == ConfigSource.DYNAMIC_TOPIC_CONFIG.value
    # The next retention pass (every 200 ms here) deletes the hour-old records.
    wait_until(
        lambda: _watermarks(proc, "events") == (10, 10), TIMEOUT, what="retention to apply retention.ms"
    )

    proc.stop()
    proc.start()
    admin = _admin(proc)
    configs = _describe_topic(admin, "events")
    assert (configs["retention.ms"].value, configs["retention.ms"].source) == (
        "60000",
        ConfigSource.DYNAMIC_TOPIC_CONFIG.value,
    )
    assert _watermarks(proc, "events") == (10, 10)
    _produce(proc, "events", 5, age_ms=3_600_000)
    wait_until(lambda: _watermarks(proc, "events") == (15, 15), TIMEOUT, what="retention after the restart")

    # Unknown resources get Kafka's error per resource.
    with pytest.raises(KafkaException) as e:
        _describe_topic(admin, "nope")
    assert e.value.args[0].name() == "UNKNOWN_TOPIC_OR_PART"  # librdkafka's name for it
    broker = _one(admin.describe_configs([ConfigResource(ResourceType.BROKER, "0")]))
    assert broker["log.retention.check.interval.ms"].value == "200"
    assert broker["log.retention.check.interval.ms"].source == ConfigSource.STATIC_BROKER_CONFIG.value
    assert broker["num.partitions"].source == ConfigSource.DEFAULT_CONFIG.value


def test_confluent_admin_partitions_records_cluster_groups(proc):
    admin = _admin(proc)
    _one(admin.create_topics([NewTopic("orders", 2, 1)]))
    _one(admin.create_partitions([NewPartitions("orders", 5)]))
    wait_until(
        lambda: len(admin.list_topics("orders", timeout=TIMEOUT).topics["orders"].partitions) == 5,
        TIMEOUT,
        what="five partitions",
    )
    with pytest.raises(KafkaException) as e:
        _one(admin.create_partitions([NewPartitions("orders", 3)]))
    assert e.value.args[0].name() == "INVALID_PARTITIONS"
    _produce(proc, "orders", 4, partition=4)  # a new partition takes records
    assert _watermarks(proc, "orders", 4) == (0, 4)

    _produce(proc, "orders", 10, partition=0)
    deleted = _one(admin.delete_records([TopicPartition("orders", 0, 6)]))
    assert deleted.low_watermark == 6
    assert _watermarks(proc, "orders", 0) == (6, 10)
    with pytest.raises(KafkaException) as e:
        _one(admin.delete_records([TopicPartition("orders", 0, 11)]))
    assert e.value.args[0].name() == "OFFSET_OUT_OF_RANGE"
    # A consumer below the new log start offset gets OFFSET_OUT_OF_RANGE (auto.offset.reset=error).
    c = Consumer(
        {
            "bootstrap.servers": proc.bootstrap,
            "group.id": "below",
            "auto.offset.reset": "error",
            "enable.auto.commit": False,
        }
    )
    try:
        c.assign([TopicPartition("orders", 0, 2)])
        deadline = time.monotonic() + TIMEOUT
        error = None
        while error is None and time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is not None and m.error():
                error = m.error()
        assert error is not None and "out of range" in error.str().lower()
    finally:
        c.close()

    cluster = admin.describe_cluster(request_timeout=TIMEOUT).result(TIMEOUT)
    assert [n.port for n in cluster.nodes] == [proc.port]
    assert cluster.controller.id == 0 and cluster.cluster_id

    # A real group: one member, Stable; list with state filters, describe.
    member = Consumer(
        {
            "bootstrap.servers": proc.bootstrap,
            "group.id": "billing",
            "session.timeout.ms": 6000,
            "auto.offset.reset": "earliest",
        }
    )
    try:
        member.subscribe(["orders"])
        deadline = time.monotonic() + TIMEOUT
        while not member.assignment() and time.monotonic() < deadline:
            member.poll(0.2)
        stable = admin.list_consumer_groups(states={ConsumerGroupState.STABLE}).result(TIMEOUT)
        assert [g.group_id for g in stable.valid] == ["billing"]
        empty = admin.list_consumer_groups(states={ConsumerGroupState.EMPTY}).result(TIMEOUT)
        assert "billing" not in [g.group_id for g in empty.valid]
        desc = _one(admin.describe_consumer_groups(["billing"]))
        assert desc.state == ConsumerGroupState.STABLE and len(desc.members) == 1
        assert sorted(tp.partition for tp in desc.members[0].assignment.topic_partitions) == [0, 1, 2, 3, 4]
    finally:
        member.close()


async def test_aiokafka_admin_client(proc):
    from aiokafka.admin import AIOKafkaAdminClient
    from aiokafka.admin import NewPartitions as AioNewPartitions
    from aiokafka.admin import NewTopic as AioNewTopic
    from aiokafka.admin.config_resource import ConfigResource as AioResource
    from aiokafka.admin.config_resource import ConfigResourceType
    from aiokafka.admin.records_to_delete import RecordsToDelete
    from aiokafka.structs import TopicPartition as AioTP

    admin = AIOKafkaAdminClient(bootstrap_servers=proc.bootstrap)
    await admin.start()
    try:
        await admin.create_topics([AioNewTopic("audit", 1, 1)])
        await admin.alter_configs(
            [
                AioResource(
                    ConfigResourceType.TOPIC, "audit", {"retention.ms": "120000", "segment.bytes": "1048576"}
                )
            ]
        )
        described = await admin.describe_configs([AioResource(ConfigResourceType.TOPIC, "audit")])
        entries = {c[0]: c[1] for r in described for res in r.resources for c in res[4]}
        assert entries["retention.ms"] == "120000" and entries["segment.bytes"] == "1048576"
        await admin.create_partitions({"audit": AioNewPartitions(3)})
        assert len((await admin.describe_topics(["audit"]))[0]["partitions"]) == 3
        await asyncio.get_running_loop().run_in_executor(None, _produce, proc, "audit", 3)
        low = await admin.delete_records({AioTP("audit", 0): RecordsToDelete(2)})
        assert low[AioTP("audit", 0)] == 2
        cluster = await admin.describe_cluster()
        assert cluster["controller_id"] == 0 and [b["port"] for b in cluster["brokers"]] == [proc.port]
        assert await admin.list_consumer_groups() == []
        from aiokafka import AIOKafkaConsumer

        consumer = AIOKafkaConsumer(
            "audit",
            bootstrap_servers=proc.bootstrap,
            group_id="aio",
            auto_offset_reset="earliest",
            enable_auto_commit=False,
        )
        await consumer.start()
        try:
            deadline = time.monotonic() + TIMEOUT
            while not consumer.assignment() and time.monotonic() < deadline:
                await consumer.getmany(timeout_ms=200)
            await consumer.commit({AioTP("audit", 0): 3})
            assert [g[0] for g in await admin.list_consumer_groups()] == ["aio"]
            (described,) = await admin.describe_consumer_groups(["aio"])
            _error, group_id, state, _type, _protocol, members, *_ = described.groups[0]
            assert (group_id, state, len(members)) == ("aio", "Stable", 1)
            offsets = await admin.list_consumer_group_offsets("aio")
            assert offsets[AioTP("audit", 0)].offset == 3
        finally:
            await consumer.stop()
    finally:
        await admin.close()


def test_kafka_python_admin_log_dirs_producers_cluster(proc):
    from kafka.admin import KafkaAdminClient
    from kafka.structs import TopicPartition as KTP

    admin = _admin(proc)
    _one(admin.create_topics([NewTopic("ledger", 2, 1)]))
    p = Producer({"bootstrap.servers": proc.bootstrap, "enable.idempotence": True})
    for i in range(3):
        p.produce("ledger", value=b"x%d" % i, partition=1)
    assert p.flush(TIMEOUT) == 0
    kp = KafkaAdminClient(bootstrap_servers=proc.bootstrap, request_timeout_ms=TIMEOUT * 1000)
    try:
        (dirs,) = kp.describe_log_dirs()
        assert dirs["broker"] == 0
        partitions = {
            (t["name"], q["partition_index"]): q["partition_size"]
            for d in dirs["log_dirs"]
            if d["error_code"] == 0
            for t in d["topics"]
            for q in t["partitions"]
        }
        assert partitions[("ledger", 0)] == 0 and partitions[("ledger", 1)] > 0
        assert all(d["total_bytes"] > 0 for d in dirs["log_dirs"])
        producers = kp.describe_producers([KTP("ledger", 1)])
        (state,) = producers[KTP("ledger", 1)].active_producers
        assert (state.producer_epoch, state.last_sequence) == (0, 2)
        cluster = kp.describe_cluster()
        assert cluster["cluster_id"] and [b["port"] for b in cluster["brokers"]] == [proc.port]
    finally:
        kp.close()

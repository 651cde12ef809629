"""Real clients (aiokafka, kafka-python, confluent-kafka) connect, negotiate, read metadata
and find a group's coordinator on this broker."""

from __future__ import annotations

import logging
import time

import pytest

pytestmark = pytest.mark.interop


async def test_aiokafka(broker_process):
    from aiokafka import AIOKafkaClient

    client = AIOKafkaClient(bootstrap_servers=broker_process.bootstrap)
    try:
        await client.bootstrap()
        brokers = client.cluster.brokers()
        assert [(b.nodeId, b.host, b.port) for b in brokers] == [(0, "127.0.0.1", broker_process.port)]
        assert client.cluster.controller.nodeId == 0
        node_id = await client.coordinator_lookup(0, "test-group")
        assert node_id == 0
        # Negotiated from our ApiVersions answer: the versions come from what we advertise.
        conn = await client._get_conn(0)
        assert conn._versions[18] == (0, 4)  # ApiVersions range we advertise
        assert conn._versions[10] == (0, 6)
    finally:
        await client.close()


def test_kafka_python(broker_process):
    from kafka import KafkaAdminClient, KafkaConsumer

    admin = KafkaAdminClient(bootstrap_servers=broker_process.bootstrap)
    try:
        cluster = admin.describe_cluster()
        # kafka-python asks DescribeCluster (v2: with is_fenced) now that kbroker serves it.
        assert cluster["brokers"] == [
            {
                "host": "127.0.0.1",
                "port": broker_process.port,
                "rack": None,
                "broker_id": 0,
                "is_fenced": False,
            }
        ]
        assert cluster["controller_id"] == 0
        assert len(cluster["cluster_id"]) == 22
    finally:
        admin.close()

    consumer = KafkaConsumer(bootstrap_servers=broker_process.bootstrap, group_id="test-group")
    try:
        assert consumer._coordinator.ensure_coordinator_ready(timeout_ms=10000)
        # kafka-python names its dedicated coordinator connection after the broker's node id.
        assert consumer._coordinator.coordinator_id in (0, "coordinator-0")
    finally:
        consumer.close(autocommit=False)


def test_confluent_kafka(broker_process):
    from confluent_kafka import Consumer
    from confluent_kafka.admin import AdminClient

    admin = AdminClient({"bootstrap.servers": broker_process.bootstrap})
    md = admin.list_topics(timeout=10)
    assert md.cluster_id and len(md.cluster_id) == 22
    assert md.controller_id == 0
    assert {b.id: (b.host, b.port) for b in md.brokers.values()} == {0: ("127.0.0.1", broker_process.port)}

    # librdkafka says which broker it found as coordinator in its cgrp debug log.
    lines: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage())

    logger = logging.getLogger("kbroker.test.rdkafka")
    logger.addHandler(Collect())
    logger.setLevel(logging.DEBUG)
    consumer = Consumer(
        {"bootstrap.servers": broker_process.bootstrap, "group.id": "test-group", "debug": "cgrp"},
        logger=logger,
    )
    try:
        consumer.subscribe(["t"])
        wanted = f'Group "test-group" coordinator is 127.0.0.1:{broker_process.port} id 0'
        deadline = time.monotonic() + 20
        while not any(wanted in line for line in lines):
            assert time.monotonic() < deadline, "\n".join(lines[-20:])
            consumer.poll(0.05)
    finally:
        consumer.close()

"""kbroker's pytest fixtures (kbroker/pytest_plugin.py), as an application's tests use them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kbroker.testing import BrokerNamespace, EmbeddedBroker
from tests.helpers import ROOT

pytestmark = pytest.mark.interop


def test_kafka_broker_helpers(kafka_broker: EmbeddedBroker) -> None:
    kafka_broker.create_topic("orders", partitions=2)
    written = kafka_broker.produce("orders", ["a", b"b", None], key="customer-1")
    assert [m.offset for m in written] == [0, 1, 2] and len({m.partition for m in written}) == 1
    records = kafka_broker.consume_all("orders", group="billing")
    assert [r.value for r in records] == [b"a", b"b", None] and records[0].key == b"customer-1"
    assert kafka_broker.committed("billing") == {("orders", 0): 0, ("orders", 1): 0} | {
        ("orders", written[0].partition): 3
    }
    assert kafka_broker.consume_all("orders", group="billing") == []  # from its committed offsets


@pytest.mark.kafka_broker(manual_clock=True, group_min_session_timeout_ms=1000)
def test_kafka_broker_marker(kafka_broker: EmbeddedBroker) -> None:
    assert kafka_broker.properties["group.min.session.timeout.ms"] == "1000"
    kafka_broker.clock.advance(5)


async def test_kafka_broker_in_an_async_test(kafka_broker: EmbeddedBroker) -> None:
    from aiokafka import AIOKafkaConsumer

    await kafka_broker.aio.create_topic("t")
    await kafka_broker.aio.produce("t", ["x"])
    consumer = AIOKafkaConsumer(
        "t", bootstrap_servers=kafka_broker.bootstrap_servers, group_id="g", auto_offset_reset="earliest"
    )
    await consumer.start()
    try:
        assert (await consumer.getone()).value == b"x"
        # awaited: the blocking helper would stall this loop, and the consumer's heartbeats in it
        group = await kafka_broker.aio.wait_for_group("g", "Stable", members=1)
        assert group.members[0].assignment == (("t", 0),)
    finally:
        await consumer.stop()


@pytest.mark.parametrize("run", [1, 2])
def test_kafka_broker_session_namespaces(kafka_broker_session: BrokerNamespace, run: int) -> None:
    topic = kafka_broker_session.topic("orders")
    assert topic.endswith(".orders") and topic != "orders"
    kafka_broker_session.create_topic(topic)  # a second run would fail on a name already taken
    kafka_broker_session.produce(topic, [f"run{run}"])
    group = kafka_broker_session.group("billing")
    assert [r.value for r in kafka_broker_session.consume_all(topic, group=group)] == [f"run{run}".encode()]
    assert kafka_broker_session.committed(group) == {(topic, 0): 1}


def test_the_plugin_imports_no_broker_until_a_fixture_is_used() -> None:
    code = "import sys, kbroker.pytest_plugin; assert 'broker.broker' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_kafka_broker_session_is_one_broker(
    kafka_broker_session: BrokerNamespace, kafka_broker_session_broker: EmbeddedBroker
) -> None:
    assert kafka_broker_session.bootstrap_servers == kafka_broker_session_broker.bootstrap_servers


@pytest.mark.cluster
@pytest.mark.timeout(120)
def test_kafka_cluster(kafka_cluster) -> None:
    from kafka import KafkaAdminClient

    admin = KafkaAdminClient(bootstrap_servers=kafka_cluster.bootstrap_servers)
    try:
        assert len(admin.describe_cluster()["brokers"]) == 3
    finally:
        admin.close()

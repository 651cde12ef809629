"""Named listeners on one broker: every answer carries the addresses of the listener the request
came in on (Metadata's brokers, FindCoordinator's coordinator), and real clients bootstrapped on
each listener are sent to that listener's address."""

from __future__ import annotations

import subprocess
import sys

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import ROOT, RawConnection, create_topic, free_port, start_broker

# INTERNAL and EXTERNAL advertise different host names for the same machine; ADMIN is a listener
# that is not advertised (advertised.listeners leaves it out), so it names no broker at all.
LISTENERS = {
    "listeners": "INTERNAL://127.0.0.1:0,EXTERNAL://127.0.0.1:0,ADMIN://127.0.0.1:0",
    "advertised_listeners": "INTERNAL://127.0.0.1:0,EXTERNAL://localhost:0",
    "listener_security_protocol_map": "INTERNAL:PLAINTEXT,EXTERNAL:PLAINTEXT,ADMIN:PLAINTEXT",
    "inter_broker_listener_name": "INTERNAL",
}
ADVERTISED = {"INTERNAL": "127.0.0.1", "EXTERNAL": "localhost"}


@pytest.fixture
async def broker(tmp_path):
    b = await start_broker(tmp_path / "data", **LISTENERS)
    try:
        yield b
    finally:
        await b.stop()


async def _ask(port: int, api_key: ApiKey, version: int, body: dict):
    c = await RawConnection.open(port)
    try:
        return await c.request(api_key, version, body)
    finally:
        await c.close()


@pytest.mark.parametrize("version", [1, 5, 12])
async def test_metadata_answers_the_addresses_of_the_listener_asked(broker, version):
    await create_topic(broker.bound_ports["INTERNAL"], "t", 2)
    body = {"topics": [{"name": "t"}], "allow_auto_topic_creation": False}
    for name, host in ADVERTISED.items():
        port = broker.bound_ports[name]
        r = await _ask(port, ApiKey.METADATA, version, body)
        assert [(b.node_id, b.host, b.port) for b in r.brokers] == [(broker.node_id, host, port)], name
        assert [(p.error_code, p.leader_id) for p in r.topics[0].partitions] == [(0, broker.node_id)] * 2
    # A listener that is not advertised: no broker, and no leader reachable from there (Kafka's answer).
    r = await _ask(broker.bound_ports["ADMIN"], ApiKey.METADATA, version, body)
    assert list(r.brokers) == []
    missing = ErrorCode.LISTENER_NOT_FOUND if version >= 6 else ErrorCode.LEADER_NOT_AVAILABLE
    assert [(p.error_code, p.leader_id) for p in r.topics[0].partitions] == [(missing, -1)] * 2


async def test_find_coordinator_answers_the_address_of_the_listener_asked(broker):
    for name, host in ADVERTISED.items():
        port = broker.bound_ports[name]
        r = await _ask(port, ApiKey.FIND_COORDINATOR, 3, {"key": "g", "key_type": 0})
        assert (r.error_code, r.node_id, r.host, r.port) == (ErrorCode.NONE, broker.node_id, host, port)
        r = await _ask(port, ApiKey.FIND_COORDINATOR, 4, {"key_type": 0, "coordinator_keys": ["g", "h"]})
        assert [(c.host, c.port) for c in r.coordinators] == [(host, port)] * 2
    admin = broker.bound_ports["ADMIN"]
    r = await _ask(admin, ApiKey.FIND_COORDINATOR, 3, {"key": "g", "key_type": 0})
    assert (r.error_code, r.node_id) == (ErrorCode.COORDINATOR_NOT_AVAILABLE, -1)
    r = await _ask(admin, ApiKey.FIND_COORDINATOR, 4, {"key_type": 0, "coordinator_keys": ["g"]})
    assert r.coordinators[0].error_code == ErrorCode.COORDINATOR_NOT_AVAILABLE


@pytest.mark.interop
async def test_real_clients_on_each_listener_are_sent_to_its_address(broker):
    await create_topic(broker.bound_ports["INTERNAL"], "events", 1)
    for name, host in ADVERTISED.items():
        bootstrap = f"{host}:{broker.bound_ports[name]}"
        producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all")
        await producer.start()
        try:
            await producer.send_and_wait("events", name.encode(), partition=0)
            assert producer.client.cluster.broker_metadata(broker.node_id).host == host
        finally:
            await producer.stop()
        consumer = AIOKafkaConsumer(
            "events",
            bootstrap_servers=bootstrap,
            group_id=f"g-{name}",
            auto_offset_reset="earliest",
            enable_auto_commit=False,
        )
        await consumer.start()
        try:
            got = await consumer.getmany(timeout_ms=20_000)  # returns as soon as a record is there
            assert sum(len(v) for v in got.values()) >= 1
            await consumer.commit()
            assert await consumer.committed(TopicPartition("events", 0)) >= 1
            coordinator = consumer._coordinator.coordinator_id
            assert consumer._client.cluster.broker_metadata(coordinator).host == host
        finally:
            await consumer.stop()


def test_healthcheck_answers_for_a_serving_broker_only(broker_process):
    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "broker.healthcheck", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
        )

    assert run(broker_process.bootstrap, "--broker-id", "0").returncode == 0
    r = run(broker_process.bootstrap, "--broker-id", "7")
    assert r.returncode == 1 and "broker 7 is not among the live brokers [0]" in r.stderr
    r = run(f"127.0.0.1:{free_port()}")
    assert r.returncode == 1 and "no answer" in r.stderr

"""Fixtures for the client's tests: the same test against kbroker and against an independent
broker, the librdkafka mock cluster (3 brokers, C, in-process)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from client import AsyncAdmin, NewTopic
from client.cluster import KafkaClient
from client.connection import BrokerConnection
from protocol.apis import ApiKey
from tests.helpers import start_broker
from tests.interop.rdkafka_mock import MockCluster


@dataclass
class Target:
    """A broker (or cluster) the client is tested against."""

    name: str
    bootstrap: str
    mock: MockCluster | None = None

    @property
    def is_mock(self) -> bool:
        return self.mock is not None

    async def create_topic(self, name: str, partitions: int) -> None:
        if self.mock is not None:
            self.mock.create_topic(name, partitions)  # the mock has no CreateTopics
            return
        async with AsyncAdmin(self.bootstrap) as admin:
            await admin.create_topics([NewTopic(name, partitions, 1)])

    def skip_on_mock(self, lacks: str) -> None:
        if self.mock is not None:
            pytest.skip(f"the librdkafka mock lacks {lacks}")


async def advertises(bootstrap: str, api_key: int) -> bool:
    host, port = bootstrap.split(",")[0].rsplit(":", 1)
    conn = BrokerConnection(host, int(port), -1)
    await conn.connect()
    try:
        return api_key in conn.api_versions
    finally:
        await conn.close()


@pytest.fixture(params=["kbroker", "mock"])
async def target(request, tmp_path):
    if request.param == "kbroker":
        broker = await start_broker(tmp_path / "data")
        try:
            yield Target("kbroker", f"127.0.0.1:{broker.bound_port}")
        finally:
            await broker.stop()
    else:
        mock = MockCluster(brokers=3)
        # as kbroker runs in tests: no initial rebalance delay
        mock.lib.rd_kafka_mock_group_initial_rebalance_delay_ms(mock.cluster, 0)
        try:
            yield Target("mock", await listeners(mock.bootstrap.split(",")[0]), mock)
        finally:
            mock.close()


async def listeners(bootstrap: str) -> str:
    """Every broker of the cluster, as the client's metadata names them (from one address)."""
    client = KafkaClient(bootstrap_servers=bootstrap)
    await client.start()
    try:
        brokers = sorted(client.cluster.brokers.values(), key=lambda b: b.node_id)
    finally:
        await client.close()
    assert len(brokers) == 3, brokers
    return ",".join(f"{b.host}:{b.port}" for b in brokers)


@pytest.fixture
async def group_target(target):
    """`target`, skipped when the broker serves no consumer groups (kbroker before its group
    handlers are registered)."""
    if not await advertises(target.bootstrap, ApiKey.JOIN_GROUP):
        pytest.skip(f"{target.name} does not advertise JoinGroup in ApiVersions")
    return target

"""Client-metrics subscriptions (KIP-714) in a cluster: set through one broker, they are in
force on every broker (ZooKeeper's /config/client-metrics), listed and described there, and
deleted everywhere."""

from __future__ import annotations

import pytest

from broker.config_resources import ConfigSource, ResourceType
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.cluster.harness import Cluster, eventually, request
from tests.cluster.test_cluster import settled

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(180)]


async def alter(cluster: Cluster, via: int, configs: dict[str, str | None]) -> int:
    body = {
        "resources": [
            {
                "resource_type": ResourceType.CLIENT_METRICS,
                "resource_name": "apps",
                "configs": [
                    {"name": k, "config_operation": 0 if v is not None else 1, "value": v}
                    for k, v in configs.items()
                ],
            }
        ],
        "validate_only": False,
    }
    r = await request(cluster.brokers[via].port, ApiKey.INCREMENTAL_ALTER_CONFIGS, 1, body)
    return r.responses[0].error_code


async def listed(cluster: Cluster, broker: int) -> list[str]:
    r = await request(cluster.brokers[broker].port, ApiKey.LIST_CONFIG_RESOURCES, 0, {})
    return [c.resource_name for c in r.config_resources]


async def interval_of(cluster: Cluster, broker: int) -> tuple[str, int]:
    body = {
        "resources": [
            {
                "resource_type": ResourceType.CLIENT_METRICS,
                "resource_name": "apps",
                "configuration_keys": None,
            }
        ],
        "include_synonyms": False,
    }
    r = await request(cluster.brokers[broker].port, ApiKey.DESCRIBE_CONFIGS, 4, body)
    (c,) = [c for c in r.results[0].configs if c.name == "interval.ms"]
    return c.value, c.config_source


async def test_subscription_set_through_one_broker_is_in_force_on_every_broker(make_cluster):
    cluster = make_cluster(2)
    await settled(cluster, 2)
    assert await alter(cluster, 1, {"metrics": "org.apache.kafka.", "interval.ms": "2000"}) == ErrorCode.NONE
    assert await interval_of(cluster, 1) == ("2000", ConfigSource.CLIENT_METRICS_CONFIG)

    async def on_two() -> bool:
        return await interval_of(cluster, 2) == ("2000", ConfigSource.CLIENT_METRICS_CONFIG)

    await eventually(on_two, 10, "the subscription on broker 2")
    assert await listed(cluster, 2) == ["apps"]
    assert await alter(cluster, 2, {"interval.ms": "10"}) == ErrorCode.INVALID_CONFIG
    assert await alter(cluster, 2, {"metrics": None, "interval.ms": None}) == ErrorCode.NONE

    async def gone() -> bool:
        return await listed(cluster, 1) == [] and await listed(cluster, 2) == []

    await eventually(gone, 10, "the subscription deleted everywhere")

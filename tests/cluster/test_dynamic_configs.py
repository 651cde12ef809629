"""Dynamic broker configs in a cluster (issue 32): the cluster-wide default of log.retention.ms,
changed live with IncrementalAlterConfigs, is in force on every broker without a restart (their
retention passes delete the hour-old records of the partitions each leads) and survives a
restart of the whole cluster; a broker's own value overrides the default on that broker only."""

from __future__ import annotations

import time

import pytest
from confluent_kafka import Consumer, Producer, TopicPartition

from broker.config_resources import ConfigSource, ResourceType
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.cluster.harness import Cluster, eventually, metadata, request
from tests.cluster.test_cluster import settled
from tests.cluster.test_replication import create

pytestmark = [pytest.mark.cluster, pytest.mark.interop, pytest.mark.timeout(240)]

TOPIC, PARTITIONS = "aging", 3
HOUR_MS = 3_600_000


async def alter(cluster: Cluster, via: int, name: str, key: str, value: str | None) -> int:
    r = await request(
        cluster.brokers[via].port,
        ApiKey.INCREMENTAL_ALTER_CONFIGS,
        1,
        {
            "resources": [
                {
                    "resource_type": ResourceType.BROKER,
                    "resource_name": name,
                    "configs": [
                        {"name": key, "config_operation": 0 if value is not None else 1, "value": value}
                    ],
                }
            ],
            "validate_only": False,
        },
    )
    return r.responses[0].error_code


async def retention_of(cluster: Cluster, broker: int) -> tuple[str, int]:
    r = await request(
        cluster.brokers[broker].port,
        ApiKey.DESCRIBE_CONFIGS,
        4,
        {
            "resources": [
                {
                    "resource_type": ResourceType.BROKER,
                    "resource_name": str(broker),
                    "configuration_keys": None,
                }
            ],
            "include_synonyms": True,
            "include_documentation": False,
        },
    )
    (c,) = [c for c in r.results[0].configs if c.name == "log.retention.ms"]
    return c.value, c.config_source


def produce_old(cluster: Cluster, n: int) -> None:
    p = Producer({"bootstrap.servers": cluster.bootstrap(), "acks": "all", "linger.ms": 0})
    old = int(time.time() * 1000) - HOUR_MS
    for i in range(n):
        for part in range(PARTITIONS):
            p.produce(TOPIC, value=b"v%d" % i, partition=part, timestamp=old)
    assert p.flush(20) == 0


def watermarks(cluster: Cluster) -> list[tuple[int, int]]:
    c = Consumer({"bootstrap.servers": cluster.bootstrap(), "group.id": "wm"})
    try:
        return [c.get_watermark_offsets(TopicPartition(TOPIC, p), 10) for p in range(PARTITIONS)]
    finally:
        c.close()


async def test_cluster_default_retention_changes_live_everywhere_and_survives_restart(make_cluster):
    cluster = make_cluster(3, log_retention_check_interval_ms="200")
    await settled(cluster)
    await create(cluster, TOPIC, PARTITIONS)
    md = await eventually(lambda: metadata(cluster.brokers[1].port, [TOPIC]), 10, "metadata")
    leaders = sorted(p.leader_id for p in md.topics[0].partitions)
    assert leaders == [1, 2, 3], "each broker leads one partition: each retention pass is tested"
    produce_old(cluster, 10)
    assert watermarks(cluster) == [(0, 10)] * PARTITIONS  # an hour old: kept by the default 7 days

    # The cluster default (resource name ""), sent to broker 2: every broker takes it up live.
    assert await alter(cluster, 2, "", "log.retention.ms", "60000") == ErrorCode.NONE
    for b in cluster.brokers:
        assert await eventually(
            lambda b=b: _is(cluster, b, "60000"),
            10,
            f"broker {b} to have the default",
        )
    await eventually(
        lambda: _async(watermarks(cluster) == [(10, 10)] * PARTITIONS), 20, "retention on every leader"
    )
    # A broker's own value wins over the default, on that broker only; read-only keys are refused.
    assert await alter(cluster, 3, "3", "log.retention.ms", str(2 * HOUR_MS)) == ErrorCode.NONE
    assert await retention_of(cluster, 3) == (str(2 * HOUR_MS), ConfigSource.DYNAMIC_BROKER_CONFIG)
    assert await retention_of(cluster, 1) == ("60000", ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG)
    assert await alter(cluster, 1, "1", "broker.id", "9") == ErrorCode.INVALID_CONFIG
    assert (
        await alter(cluster, 1, "3", "log.retention.ms", "1") == ErrorCode.INVALID_REQUEST
    )  # not this broker

    cluster.stop()
    cluster.start()
    await settled(cluster)
    assert await retention_of(cluster, 1) == ("60000", ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG)
    assert await retention_of(cluster, 2) == ("60000", ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG)
    assert await retention_of(cluster, 3) == (str(2 * HOUR_MS), ConfigSource.DYNAMIC_BROKER_CONFIG)
    assert await alter(cluster, 3, "3", "log.retention.ms", None) == ErrorCode.NONE  # back to the default
    assert await retention_of(cluster, 3) == ("60000", ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG)
    produce_old(cluster, 5)
    await eventually(
        lambda: _async(watermarks(cluster) == [(15, 15)] * PARTITIONS), 20, "retention after the restart"
    )


async def _is(cluster: Cluster, broker: int, value: str) -> bool:
    return await retention_of(cluster, broker) == (value, ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG)


async def _async(value: bool) -> bool:
    return value

"""Topic config changes and new partitions in cluster mode: written to ZooKeeper from any broker
(`/config/topics/<t>` plus a `/config/changes/config_change_*` notification, Kafka 2.x's layout),
applied by every broker; DescribeConfigs on every broker answers the new value."""

from __future__ import annotations

import json

import pytest
from kazoo.client import KazooClient

from broker.config_resources import ConfigSource, ResourceType
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.cluster.harness import eventually, metadata, request
from tests.cluster.test_cluster import settled

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(120)]


async def _retention(port: int, topic: str) -> tuple[str, int]:
    r = await request(
        port,
        ApiKey.DESCRIBE_CONFIGS,
        4,
        {
            "resources": [
                {
                    "resource_type": ResourceType.TOPIC,
                    "resource_name": topic,
                    "configuration_keys": ["retention.ms"],
                }
            ]
        },
    )
    (result,) = r.results
    assert result.error_code == ErrorCode.NONE, result.error_message
    (entry,) = result.configs
    return entry.value, entry.config_source


async def test_config_change_goes_through_zookeeper_and_reaches_every_broker(cluster):
    await settled(cluster)
    ports = {i: b.port for i, b in cluster.brokers.items()}
    r = await request(
        ports[1],
        ApiKey.CREATE_TOPICS,
        7,
        {"topics": [{"name": "metrics", "num_partitions": 3, "replication_factor": 1}], "timeout_ms": 10000},
    )
    assert r.topics[0].error_code == ErrorCode.NONE
    r = await request(
        ports[2],
        ApiKey.INCREMENTAL_ALTER_CONFIGS,
        1,
        {
            "resources": [
                {
                    "resource_type": ResourceType.TOPIC,
                    "resource_name": "metrics",
                    "configs": [{"name": "retention.ms", "config_operation": 0, "value": "90000"}],
                }
            ],
            "validate_only": False,
        },
    )
    assert r.responses[0].error_code == ErrorCode.NONE, r.responses[0].error_message
    for port in ports.values():

        async def applied(p: int = port) -> bool:
            return await _retention(p, "metrics") == ("90000", ConfigSource.DYNAMIC_TOPIC_CONFIG)

        await eventually(applied, 20, f"broker on port {port} to apply the change")

    # A bad value is refused on any broker and nothing is written.
    r = await request(
        ports[3],
        ApiKey.INCREMENTAL_ALTER_CONFIGS,
        1,
        {
            "resources": [
                {
                    "resource_type": ResourceType.TOPIC,
                    "resource_name": "metrics",
                    "configs": [{"name": "retention.ms", "config_operation": 0, "value": "-7"}],
                }
            ],
            "validate_only": False,
        },
    )
    assert r.responses[0].error_code == ErrorCode.INVALID_CONFIG

    hosts, _, chroot = cluster.zk_connect.partition("/")
    zk = KazooClient(hosts=hosts)
    zk.start(10)
    try:
        data, _ = zk.get(f"/{chroot}/config/topics/metrics")
        assert json.loads(data) == {"version": 1, "config": {"retention.ms": "90000"}}
        changes = zk.get_children(f"/{chroot}/config/changes")
        notes = [json.loads(zk.get(f"/{chroot}/config/changes/{c}")[0]) for c in changes]
        assert {"version": 2, "entity_path": "topics/metrics"} in notes
        assert all(c.startswith("config_change_") for c in changes)
    finally:
        zk.stop()
        zk.close()

    # CreatePartitions from any broker: the controller gives the new partitions leaders.
    r = await request(
        ports[3],
        ApiKey.CREATE_PARTITIONS,
        3,
        {
            "topics": [{"name": "metrics", "count": 5, "assignments": None}],
            "timeout_ms": 10000,
            "validate_only": False,
        },
    )
    assert r.results[0].error_code == ErrorCode.NONE, r.results[0].error_message

    async def five_led() -> bool:
        md = await metadata(ports[1], ["metrics"])
        parts = md.topics[0].partitions
        return len(parts) == 5 and all(p.leader_id in ports for p in parts)

    await eventually(five_led, 20, "five partitions with leaders")

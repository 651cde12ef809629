"""The operations APIs over loopback, at the edges admin clients do not reach: legacy AlterConfigs
(replace-all semantics), validate_only, every refusal changes nothing, DescribeConfigs v0, the
DescribeCluster endpoint type, and DeleteRecords surviving a restart."""

from __future__ import annotations

from broker.config_resources import ConfigSource, ResourceType
from client import AsyncAdmin, AsyncProducer, TopicPartition
from client.structs import OffsetSpec
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import BrokerProcess, RawConnection, create_topic, start_broker


async def _request(port: int, key: ApiKey, version: int, body: dict):
    c = await RawConnection.open(port)
    try:
        return await c.request(key, version, body)
    finally:
        await c.close()


def _topic(name: str, keys: list[str] | None = None) -> dict:
    return {"resource_type": ResourceType.TOPIC, "resource_name": name, "configuration_keys": keys}


async def _overrides(port: int, topic: str) -> dict[str, str]:
    r = await _request(
        port, ApiKey.DESCRIBE_CONFIGS, 4, {"resources": [_topic(topic)], "include_synonyms": True}
    )
    return {
        c.name: c.value for c in r.results[0].configs if c.config_source == ConfigSource.DYNAMIC_TOPIC_CONFIG
    }


async def test_alter_configs_replaces_validates_and_refuses_without_change(broker):
    port = broker.bound_port
    await create_topic(port, "t", 1)

    def alter(configs: dict, validate_only: bool = False, name: str = "t") -> dict:
        return {
            "resources": [
                {
                    "resource_type": ResourceType.TOPIC,
                    "resource_name": name,
                    "configs": [{"name": k, "value": v} for k, v in configs.items()],
                }
            ],
            "validate_only": validate_only,
        }

    r = await _request(
        port, ApiKey.ALTER_CONFIGS, 2, alter({"retention.ms": "1000", "segment.bytes": "100000"})
    )
    assert r.responses[0].error_code == ErrorCode.NONE
    assert await _overrides(port, "t") == {"retention.ms": "1000", "segment.bytes": "100000"}
    assert broker.log_manager.get("t", 0).config.segment_bytes == 100000  # applied live
    # AlterConfigs replaces the whole set: segment.bytes goes back to the broker's value.
    r = await _request(port, ApiKey.ALTER_CONFIGS, 0, alter({"retention.ms": "2000"}))
    assert r.responses[0].error_code == ErrorCode.NONE
    assert await _overrides(port, "t") == {"retention.ms": "2000"}
    assert broker.log_manager.get("t", 0).config.segment_bytes == 1 << 30
    # validate_only and refusals change nothing.
    r = await _request(port, ApiKey.ALTER_CONFIGS, 2, alter({"retention.ms": "5"}, validate_only=True))
    assert r.responses[0].error_code == ErrorCode.NONE
    for bad in ({"retention.ms": "x"}, {"no.such.key": "1"}, {"cleanup.policy": "forever"}):
        r = await _request(port, ApiKey.ALTER_CONFIGS, 2, alter(bad))
        assert r.responses[0].error_code == ErrorCode.INVALID_CONFIG, bad
        assert r.responses[0].error_message
    r = await _request(
        port,
        ApiKey.INCREMENTAL_ALTER_CONFIGS,
        1,
        {
            "resources": [
                {
                    "resource_type": ResourceType.TOPIC,
                    "resource_name": "t",
                    "configs": [
                        {"name": "cleanup.policy", "config_operation": 2, "value": "compact"},  # APPEND
                        {"name": "retention.ms", "config_operation": 3, "value": "1"},
                    ],
                }
            ],  # SUBTRACT on a non-list
            "validate_only": False,
        },
    )
    assert r.responses[0].error_code == ErrorCode.INVALID_CONFIG
    assert await _overrides(port, "t") == {"retention.ms": "2000"}
    r = await _request(port, ApiKey.ALTER_CONFIGS, 2, alter({"retention.ms": "1"}, name="missing"))
    assert r.responses[0].error_code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    r = await _request(
        port,
        ApiKey.ALTER_CONFIGS,
        2,
        {
            "resources": [
                {
                    "resource_type": ResourceType.BROKER,
                    "resource_name": "0",
                    "configs": [{"name": "log.dirs", "value": "/elsewhere"}],  # read-only
                }
            ],
            "validate_only": False,
        },
    )
    assert r.responses[0].error_code == ErrorCode.INVALID_CONFIG
    assert "dynamically" in r.responses[0].error_message


async def test_describe_configs_errors_per_resource_and_v0(broker):
    port = broker.bound_port
    await create_topic(port, "t", 1)
    r = await _request(
        port,
        ApiKey.DESCRIBE_CONFIGS,
        0,
        {
            "resources": [
                _topic("t", ["retention.ms", "no.such"]),
                _topic("missing"),
                _topic("bad name!"),
                {"resource_type": ResourceType.BROKER, "resource_name": "7", "configuration_keys": None},
                {"resource_type": 99, "resource_name": "x", "configuration_keys": None},
            ]
        },
    )
    ok, missing, bad, other_broker, unknown_type = r.results
    assert [(c.name, c.is_default) for c in ok.configs] == [("retention.ms", True)]
    assert missing.error_code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    assert bad.error_code == ErrorCode.INVALID_TOPIC_EXCEPTION
    assert other_broker.error_code == ErrorCode.INVALID_REQUEST
    assert unknown_type.error_code == ErrorCode.INVALID_REQUEST


async def test_describe_cluster_answers_only_broker_endpoints(broker):
    r = await _request(broker.bound_port, ApiKey.DESCRIBE_CLUSTER, 1, {"endpoint_type": 2})
    assert r.error_code == ErrorCode.MISMATCHED_ENDPOINT_TYPE
    r = await _request(broker.bound_port, ApiKey.DESCRIBE_CLUSTER, 0, {})
    assert r.error_code == ErrorCode.NONE and r.cluster_id == broker.cluster_id
    assert [(b.broker_id, b.port) for b in r.brokers] == [(0, broker.bound_port)]


async def test_delete_records_moves_the_start_and_survives_a_restart(tmp_path):
    data = tmp_path / "data"
    broker = await start_broker(data, log_segment_bytes="16384")
    try:
        port = broker.bound_port
        await create_topic(port, "t", 1)
        async with AsyncProducer(f"127.0.0.1:{port}", linger_ms=0) as producer:
            for _ in range(400):  # several segments of 16 KiB
                await producer.send("t", b"x" * 100, partition=0)
            await producer.flush()
        lg = broker.log_manager.get("t", 0)
        assert len(lg.segments) > 2 and lg.high_watermark == 400
        r = await _request(
            port,
            ApiKey.DELETE_RECORDS,
            2,
            {
                "topics": [
                    {
                        "name": "t",
                        "partitions": [
                            {"partition_index": 0, "offset": 250},
                            {"partition_index": 3, "offset": 1},
                        ],
                    },
                    {"name": "nope", "partitions": [{"partition_index": 0, "offset": 1}]},
                ],
                "timeout_ms": 1000,
            },
        )
        (p0, p3), (missing,) = r.topics[0].partitions, r.topics[1].partitions
        assert (p0.low_watermark, p0.error_code) == (250, ErrorCode.NONE)
        assert p3.error_code == missing.error_code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
        assert lg.segments[0].base_offset <= 250 < lg.segments[0].next_offset  # whole segments below went
        fetch = await _request(
            port,
            ApiKey.FETCH,
            12,
            {
                "replica_id": -1,
                "max_wait_ms": 0,
                "min_bytes": 0,
                "max_bytes": 1 << 20,
                "isolation_level": 0,
                "topics": [
                    {
                        "topic": "t",
                        "partitions": [{"partition": 0, "fetch_offset": 100, "partition_max_bytes": 1 << 20}],
                    }
                ],
            },
        )
        part = fetch.responses[0].partitions[0]
        assert (part.error_code, part.log_start_offset) == (ErrorCode.OFFSET_OUT_OF_RANGE, 250)
        r = await _request(
            port,
            ApiKey.DELETE_RECORDS,
            2,
            {
                "topics": [{"name": "t", "partitions": [{"partition_index": 0, "offset": 401}]}],
                "timeout_ms": 1000,
            },
        )
        assert r.topics[0].partitions[0].error_code == ErrorCode.OFFSET_OUT_OF_RANGE
    finally:
        await broker.stop()
    broker = await start_broker(data, log_segment_bytes="16384")
    try:
        lg = broker.log_manager.get("t", 0)
        assert (lg.log_start_offset, lg.high_watermark) == (250, 400)
    finally:
        await broker.stop()


async def test_acknowledged_config_changes_and_deleted_records_survive_kill_9(tmp_path):
    """Every acknowledged change is recorded before the crash and checked after it."""
    bp = BrokerProcess(tmp_path / "data", extra={"log.segment.bytes": "16384"}).start()
    try:
        await create_topic(bp.port, "t", 2)
        async with AsyncProducer(bp.bootstrap, linger_ms=0) as producer:
            for i in range(300):
                await producer.send("t", b"y" * 100, partition=i % 2)
            await producer.flush()
        acknowledged: dict[int, int] = {}
        for p, offset in ((0, 120), (1, 40)):
            r = await _request(
                bp.port,
                ApiKey.DELETE_RECORDS,
                2,
                {
                    "topics": [{"name": "t", "partitions": [{"partition_index": p, "offset": offset}]}],
                    "timeout_ms": 1000,
                },
            )
            assert r.topics[0].partitions[0].error_code == ErrorCode.NONE
            acknowledged[p] = r.topics[0].partitions[0].low_watermark
        r = await _request(
            bp.port,
            ApiKey.INCREMENTAL_ALTER_CONFIGS,
            1,
            {
                "resources": [
                    {
                        "resource_type": ResourceType.TOPIC,
                        "resource_name": "t",
                        "configs": [{"name": "retention.ms", "config_operation": 0, "value": "123456"}],
                    }
                ],
                "validate_only": False,
            },
        )
        assert r.responses[0].error_code == ErrorCode.NONE
        bp.kill()
        bp.start()
        assert await _overrides(bp.port, "t") == {"retention.ms": "123456"}
        async with AsyncAdmin(bp.bootstrap) as admin:
            starts = await admin.list_offsets(
                {TopicPartition("t", p): OffsetSpec.EARLIEST for p in acknowledged}
            )
        assert {tp.partition: off for tp, (off, _) in starts.items()} == acknowledged
    finally:
        bp.stop()


async def test_elect_leaders_on_a_single_broker_every_version(broker):
    port = broker.bound_port
    await create_topic(port, "t", 2)
    for version in (0, 1, 2):
        body = {
            "election_type": 0,
            "topic_partitions": [
                {"topic": "t", "partition_id": [0, 5]},
                {"topic": "nope", "partition_id": [0]},
            ],
            "timeout_ms": 1000,
        }
        r = await _request(port, ApiKey.ELECT_LEADERS, version, body)
        got = {
            (t.topic, p.partition_id): p.error_code
            for t in r.replica_election_results
            for p in t.partition_result
        }
        assert got == {
            ("t", 0): ErrorCode.ELECTION_NOT_NEEDED,  # its only replica leads it already
            ("t", 5): ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
            ("nope", 0): ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        }, version
        # Every partition: only those elected or failed are answered, here none.
        r = await _request(port, ApiKey.ELECT_LEADERS, version, {**body, "topic_partitions": None})
        assert (r.error_code, list(r.replica_election_results)) == (ErrorCode.NONE, [])
    r = await _request(
        port, ApiKey.ELECT_LEADERS, 2, {"election_type": 7, "topic_partitions": None, "timeout_ms": 1}
    )
    assert r.error_code == ErrorCode.INVALID_REQUEST


async def test_partition_reassignments_on_a_single_broker_every_version(broker):
    """One broker holds every partition's only replica: a move onto it is accepted (nothing to
    do), any other target or a cancel is refused with Kafka's codes, and nothing is ever moving."""
    port = broker.bound_port
    await create_topic(port, "t", 2)
    me = broker.node_id
    for version in (0, 1):
        body = {
            "timeout_ms": 1000,
            "allow_replication_factor_change": True,
            "topics": [
                {
                    "name": "t",
                    "partitions": [
                        {"partition_index": 0, "replicas": [me]},
                        {"partition_index": 1, "replicas": [me, me + 1]},
                        {"partition_index": 5, "replicas": None},
                    ],
                },
                {"name": "nope", "partitions": [{"partition_index": 0, "replicas": [me]}]},
            ],
        }
        r = await _request(port, ApiKey.ALTER_PARTITION_REASSIGNMENTS, version, body)
        got = {(t.name, p.partition_index): p.error_code for t in r.responses for p in t.partitions}
        assert r.error_code == ErrorCode.NONE
        assert got == {
            ("t", 0): ErrorCode.NONE,
            ("t", 1): ErrorCode.INVALID_REPLICA_ASSIGNMENT,
            ("t", 5): ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
            ("nope", 0): ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        }, version
        cancel = {"timeout_ms": 1000, "topics": [{"name": "t", "partitions": [{"partition_index": 0}]}]}
        r = await _request(port, ApiKey.ALTER_PARTITION_REASSIGNMENTS, version, cancel)
        assert r.responses[0].partitions[0].error_code == ErrorCode.NO_REASSIGNMENT_IN_PROGRESS
    for topics in (None, [{"name": "t", "partition_indexes": [0, 1]}]):
        r = await _request(
            port, ApiKey.LIST_PARTITION_REASSIGNMENTS, 0, {"timeout_ms": 1000, "topics": topics}
        )
        assert (r.error_code, list(r.topics)) == (ErrorCode.NONE, [])

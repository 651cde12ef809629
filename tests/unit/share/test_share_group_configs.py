"""A share group's configs through IncrementalAlterConfigs on its GROUP resource (Kafka 4.2's
GroupConfig, with KIP-1191's dead-letter keys): accepted within the broker's group.share.min/max
bounds, refused with INVALID_CONFIG (changing nothing) outside them, and read by the
share-partitions."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from broker.broker import Broker
from broker.share.persister import InMemoryPersister
from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from tests.helpers import RawConnection, broker_config

GROUP = 32  # ConfigResource type


@pytest.fixture
async def conn(tmp_path: Path) -> AsyncIterator[RawConnection]:
    broker = Broker(
        broker_config(tmp_path / "data", group_share_enable="true", group_share_max_delivery_count_limit="8"),
        share_persister=InMemoryPersister(),
    )
    await broker.start()
    c = await RawConnection.open(broker.bound_port)
    c.broker = broker  # type: ignore[attr-defined]
    try:
        yield c
    finally:
        await c.close()
        await broker.stop()


async def _alter(conn: RawConnection, group: str, **configs: str) -> Any:
    body = {
        "resources": [
            {
                "resource_type": GROUP,
                "resource_name": group,
                "configs": [
                    {"name": k.replace("_", "."), "config_operation": 0, "value": v}
                    for k, v in configs.items()
                ],
            }
        ],
        "validate_only": False,
    }
    (r,) = (await conn.request(ApiKey.INCREMENTAL_ALTER_CONFIGS, 1, body)).responses
    return r


async def _describe(conn: RawConnection, group: str) -> dict[str, tuple[str, int, int]]:
    body = {
        "resources": [{"resource_type": GROUP, "resource_name": group, "configuration_keys": None}],
        "include_synonyms": False,
        "include_documentation": False,
    }
    (r,) = (await conn.request(ApiKey.DESCRIBE_CONFIGS, 4, body)).results
    return {c.name: (c.value, c.config_source, c.config_type) for c in r.configs}


async def test_share_configs_are_accepted_within_the_bounds(conn: RawConnection) -> None:
    accepted = {
        "share.delivery.count.limit": "8",
        "share.partition.max.record.locks": "500",
        "share.isolation.level": "read_committed",
        "share.auto.offset.reset": "by_duration:PT1H30M",
        "share.record.lock.duration.ms": "20000",
        "errors.deadletterqueue.topic.name": "dlq.jobs",
        "errors.deadletterqueue.copy.record.enable": "true",
    }
    r = await _alter(conn, "g", **{k.replace(".", "_"): v for k, v in accepted.items()})
    assert r.error_code == E.NONE, r.error_message
    described = await _describe(conn, "g")
    for name, value in accepted.items():
        assert described[name][0] == value
        assert described[name][1] == 8  # GROUP_CONFIG
    assert described["errors.deadletterqueue.copy.record.enable"][2] == 1  # BOOLEAN
    assert described["share.isolation.level"][2] == 2  # STRING
    # the share-partitions read them
    settings = conn.broker.share_partitions.settings("g")  # type: ignore[attr-defined]
    assert (settings.partition.delivery_count_limit, settings.partition.max_record_locks) == (8, 500)
    assert settings.partition.lock_duration_ms == 20000
    assert (settings.isolation_level, settings.auto_offset_reset) == ("read_committed", "by_duration:pt1h30m")
    # another group still has the broker's defaults
    other = await _describe(conn, "h")
    assert other["share.delivery.count.limit"][:2] == ("5", 5)  # DEFAULT_CONFIG
    assert other["errors.deadletterqueue.topic.name"][0] == ""


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("share.delivery.count.limit", "9"),  # above group.share.max.delivery.count.limit (8 here)
        ("share.delivery.count.limit", "1"),
        ("share.partition.max.record.locks", "99"),
        ("share.partition.max.record.locks", "10001"),
        ("share.record.lock.duration.ms", "14999"),  # group.share.min.record.lock.duration.ms
        ("share.record.lock.duration.ms", "60001"),  # group.share.max.record.lock.duration.ms
        ("share.isolation.level", "serializable"),
        ("share.auto.offset.reset", "by_duration:an hour"),
        ("share.auto.offset.reset", "newest"),
        ("share.delivery.count.limit", "five"),
        ("errors.deadletterqueue.copy.record.enable", "yes"),
        ("errors.deadletterqueue.topic.name", "__consumer_offsets"),
    ],
)
async def test_bad_share_configs_are_refused(conn: RawConnection, name: str, value: str) -> None:
    assert (await _alter(conn, "g", share_delivery_count_limit="6")).error_code == E.NONE
    r = await _alter(conn, "g", **{name.replace(".", "_"): value})
    assert r.error_code == E.INVALID_CONFIG, (name, value)
    assert r.error_message
    described = await _describe(conn, "g")
    assert described["share.delivery.count.limit"][0] == "6"  # nothing changed
    assert described[name][0] != value

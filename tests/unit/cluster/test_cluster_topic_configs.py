"""Altering a topic's config in cluster mode trusts ZooKeeper, not this broker's mirror of it:
a topic created through another broker a moment ago (its watch not yet fired here) is altered,
and the change starts from the overrides ZooKeeper holds (Kafka 2.x's AdminZkClient reads both
from ZooKeeper)."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from broker.cluster.topics import ClusterTopicManager
from broker.config import Config
from broker.log import LogManager
from broker.topics import Topic, TopicError
from protocol.errors import ErrorCode


class _Zk:
    """The few ClusterNode calls alter_configs makes; ZooKeeper is a dict. Writing a config
    also lets the mirror catch up, as the change notification's watch would."""

    def __init__(self, manager: ClusterTopicManager | None = None):
        self.configs: dict[str, dict[str, str]] = {}
        self.manager = manager
        self.written: list[tuple[str, dict[str, str]]] = []

    async def topic_config(self, topic: str) -> dict[str, str] | None:
        c = self.configs.get(topic)
        return None if c is None else dict(c)

    async def alter_topic_config(self, topic: str, configs: dict[str, str]) -> None:
        self.configs[topic] = dict(configs)
        self.written.append((topic, dict(configs)))
        assert self.manager is not None
        self.manager.topics[topic] = Topic(topic, uuid.uuid4(), 1, dict(configs))

    async def wait_for(self, predicate: Callable[[], bool | Awaitable[bool]], timeout: float) -> bool:
        return bool(predicate())


@pytest.fixture
async def zk_and_manager(tmp_path: Path) -> Any:
    zk = _Zk()
    logs = LogManager([tmp_path])
    manager = ClusterTopicManager(Config(), logs, 1, zk)  # type: ignore[arg-type]
    zk.manager = manager
    yield zk, manager
    await logs.stop()


async def test_a_topic_not_yet_mirrored_here_is_altered_from_zookeepers_overrides(
    zk_and_manager: Any,
) -> None:
    zk, manager = zk_and_manager
    zk.configs["metrics"] = {"cleanup.policy": "compact"}  # created through another broker
    assert manager.get("metrics") is None

    topic = await manager.alter_configs("metrics", lambda current: {**current, "retention.ms": "90000"})

    assert zk.written == [("metrics", {"cleanup.policy": "compact", "retention.ms": "90000"})]
    assert topic.configs == {"cleanup.policy": "compact", "retention.ms": "90000"}


async def test_a_stale_mirror_does_not_undo_another_brokers_change(zk_and_manager: Any) -> None:
    zk, manager = zk_and_manager
    manager.topics["metrics"] = Topic("metrics", uuid.uuid4(), 1, {})  # before another broker's change
    zk.configs["metrics"] = {"segment.ms": "60000"}

    await manager.alter_configs("metrics", lambda current: {**current, "retention.ms": "90000"})

    assert zk.configs["metrics"] == {"segment.ms": "60000", "retention.ms": "90000"}


async def test_a_topic_zookeeper_does_not_hold_is_unknown(zk_and_manager: Any) -> None:
    zk, manager = zk_and_manager
    manager.topics["gone"] = Topic("gone", uuid.uuid4(), 1, {})  # deleted elsewhere, mirror stale
    with pytest.raises(TopicError) as e:
        await manager.alter_configs("gone", lambda current: current)
    assert e.value.error_code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    assert zk.written == []


async def test_new_partitions_wait_for_a_topic_zookeeper_holds_to_reach_the_mirror(
    zk_and_manager: Any,
) -> None:
    zk, manager = zk_and_manager
    zk.configs["metrics"] = {}
    seen: list[bool] = []

    async def wait_for(predicate: Callable[[], bool], timeout: float) -> bool:
        seen.append(predicate())
        manager.topics["metrics"] = Topic("metrics", uuid.uuid4(), 1, {})  # the watch fires
        zk.view.topics["metrics"] = object()
        seen.append(predicate())
        return True

    zk.wait_for = wait_for
    zk.view = type("View", (), {"topics": {}})()
    with pytest.raises(TopicError) as e:  # reaches the partition-count check, not UNKNOWN_TOPIC
        await manager.add_partitions("metrics", 1)
    assert seen == [False, True]
    assert e.value.error_code == ErrorCode.INVALID_PARTITIONS

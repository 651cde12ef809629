"""The durable Persister (broker/share/coordinator_persister.py), as a broker's share-partitions
use it (`Broker.share_persister`): the same calls give the same answers as the reference
InMemoryPersister (broker/share/persister.py), and a restart of the broker keeps them."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest

from broker.broker import Broker
from broker.cluster.znodes import BrokerInfo, EndPoint
from broker.share.coordinator_persister import CoordinatorPersister
from broker.share.persister import (
    DeliveryState,
    InMemoryPersister,
    PartitionKey,
    Persister,
    PersisterError,
    StateBatch,
)
from protocol.errors import ErrorCode as E
from tests.helpers import start_broker

SHARE = {"group.share.enable": "true", "share.coordinator.state.topic.num.partitions": "3"}
A, K, R = DeliveryState.ACKNOWLEDGED, DeliveryState.ARCHIVED, DeliveryState.AVAILABLE


async def outcome(call: Any) -> Any:
    try:
        return await call
    except PersisterError as e:
        return ("error", e.error)


async def scenario(p: Persister, topic_id: bytes) -> list[Any]:
    """A share-partition's life: what every call answered."""
    key = PartitionKey("g", topic_id, 1)
    other = PartitionKey("g", topic_id, 0)
    out = [
        await outcome(p.read(key, 0)),  # never initialized
        await outcome(p.read_summary(key, 0)),
        await outcome(p.write(key, 0, 0, -1, ())),
        await outcome(p.initialize(key, 1, 50)),
        await outcome(p.read(key, 3)),
        await outcome(p.write(key, 1, 3, -1, (StateBatch(50, 59, A, 1), StateBatch(60, 60, K, 5)))),
        await outcome(p.write(key, 1, 3, 55, (StateBatch(58, 62, R, 2),))),
        await outcome(p.write(key, 1, 2, -1, ())),  # an older leader
        await outcome(p.write(key, 0, 3, -1, ())),  # an older state epoch
        await outcome(p.read(key, 2)),
        await outcome(p.read(key, 3)),
        await outcome(p.read_summary(key, 3)),
        await outcome(p.initialize(other, 0, 0)),
        await outcome(p.delete(other)),
        await outcome(p.read(other, 0)),
    ]
    return out


async def test_same_answers_as_the_reference_and_kept_across_a_restart(tmp_path: Path) -> None:
    broker = await start_broker(tmp_path / "data", **SHARE)
    try:
        await broker.topics.create("t", 2)
        topic_id = broker.topics.topics["t"].topic_id.bytes
        durable = await scenario(broker.share_persister, topic_id)
        reference = await scenario(InMemoryPersister(), topic_id)
        assert durable == reference
        key = PartitionKey("g", topic_id, 1)
        kept = await broker.share_persister.read(key, 3)
        assert kept.start_offset == 55
        assert kept.batches == (StateBatch(55, 57, A, 1), StateBatch(58, 62, R, 2))
    finally:
        await broker.stop()
    broker = await start_broker(tmp_path / "data", **SHARE)
    try:
        assert await broker.share_persister.read(key, 3) == kept
        with pytest.raises(PersisterError) as fenced:
            await broker.share_persister.read(key, 2)
        assert fenced.value.error == E.FENCED_LEADER_EPOCH
    finally:
        await broker.stop()


class _Elsewhere:
    """What the persister asks of its broker, for a broker (id 99) that coordinates nothing: the
    cluster names `target` the leader of every `__share_group_state` partition, so every call
    goes over the wire (ReadShareGroupState, ...) to it."""

    def __init__(self, target: Broker):
        self.node_id = 99
        self.config = target.config
        self.share_coordinator = target.share_coordinator
        self.share_state_topic_ready = target.share_state_topic_ready
        listener = target.config.inter_broker_listener_name
        self.endpoint = EndPoint(listener, "127.0.0.1", target.bound_ports[listener])
        self.target_id = target.node_id
        self.cluster = self

    def leader_of(self, topic: str, partition: int) -> BrokerInfo:
        return BrokerInfo(self.target_id, (self.endpoint,))

    def endpoint_of(self, broker_id: int, listener: str) -> EndPoint | None:
        return self.endpoint if broker_id == self.target_id else None


async def test_over_the_wire_the_same_answers(tmp_path: Path) -> None:
    broker = await start_broker(tmp_path / "data", **SHARE)
    remote = CoordinatorPersister(cast(Broker, _Elsewhere(broker)))
    try:
        await broker.topics.create("t", 2)
        topic_id = broker.topics.topics["t"].topic_id.bytes
        assert await scenario(remote, topic_id) == await scenario(InMemoryPersister(), topic_id)
        assert remote.connections  # (it did go over the wire)
    finally:
        await remote.close()
        await broker.stop()

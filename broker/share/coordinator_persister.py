"""The durable `Persister` (broker/share/persister.py): the share coordinator on
`__share_group_state` (broker/share/coordinator/), as Kafka's DefaultPersister.

A call goes to the share coordinator of its share-partition: in process when this broker is it
(always, alone), else as a request (InitializeShareGroupState, ReadShareGroupState, ...) to the
leader of the key's `__share_group_state` partition on the inter-broker listener. While the
coordinator is not there (NOT_COORDINATOR, COORDINATOR_LOAD_IN_PROGRESS,
COORDINATOR_NOT_AVAILABLE, the topic being created, a broken connection) the call finds it again
and retries, with a backoff, until request.timeout.ms; then it raises the last error.

The wire's answers are mapped to the Persister's: a share-partition never initialized is
PersisterError(UNKNOWN_TOPIC_OR_PARTITION) (the coordinator answers INVALID_REQUEST, "...on
uninitialized share partition", to a read or write, and state epoch 0, leader epoch -1 and start
offset -1 to a summary).
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from broker import logging_setup
from broker.security.inter_broker import inter_broker_security
from broker.share.coordinator.service import SHARE_STATE_TOPIC
from broker.share.coordinator.shard import READ_UNINITIALIZED, WRITE_UNINITIALIZED, Answer, PartitionState
from broker.share.persister import (
    DeliveryState,
    PartitionKey,
    PersisterError,
    ShareState,
    StateBatch,
    StateSummary,
)
from client.connection import BrokerConnection, ConnectionConfig
from client.errors import KafkaError, UnsupportedVersionError
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.share_state_records import Batch, StateKey

if TYPE_CHECKING:
    from broker.broker import Broker

log = logging_setup.get_logger("kbroker.share")
E = ErrorCode
# Answers after which the coordinator is looked for again (Kafka's persister retries them).
RETRIABLE = frozenset(
    {
        E.NOT_COORDINATOR,
        E.COORDINATOR_LOAD_IN_PROGRESS,
        E.COORDINATOR_NOT_AVAILABLE,
        E.NETWORK_EXCEPTION,
        E.REQUEST_TIMED_OUT,
        E.NOT_ENOUGH_REPLICAS,
    }
)
_BACKOFF_S = (0.01, 0.05, 0.1, 0.2, 0.5)


def _state_key(key: PartitionKey) -> StateKey:
    return StateKey(key.group_id, uuid.UUID(bytes=key.topic_id), key.partition)


def _raise_for(answer: Answer) -> None:
    if answer.error == E.NONE:
        return
    if answer.error == E.INVALID_REQUEST and answer.message in (READ_UNINITIALIZED, WRITE_UNINITIALIZED):
        raise PersisterError(E.UNKNOWN_TOPIC_OR_PARTITION, "share state not initialized")
    raise PersisterError(answer.error, answer.message)


class CoordinatorPersister:
    """The Persister the share-partitions of a broker use (`Broker.share_persister`)."""

    def __init__(self, broker: Broker):
        self.broker = broker
        self.connections: dict[int, BrokerConnection] = {}  # kept, one per coordinator broker

    # -- the Persister protocol -----------------------------------------------------------------

    async def initialize(self, key: PartitionKey, state_epoch: int, start_offset: int) -> None:
        sk = _state_key(key)
        body = _body(sk, {"state_epoch": state_epoch, "start_offset": start_offset})
        answer = await self._call(
            sk,
            lambda c: c.initialize(sk, state_epoch, start_offset),
            ApiKey.INITIALIZE_SHARE_GROUP_STATE,
            body,
        )
        _raise_for(answer)

    async def read(self, key: PartitionKey, leader_epoch: int) -> ShareState:
        sk = _state_key(key)
        body = _body(sk, {"leader_epoch": leader_epoch})
        answer = await self._call(sk, lambda c: c.read(sk, leader_epoch), ApiKey.READ_SHARE_GROUP_STATE, body)
        _raise_for(answer)
        state = answer.state
        assert state is not None
        return ShareState(
            state.state_epoch,
            state.start_offset,
            leader_epoch,
            tuple(
                StateBatch(b.first_offset, b.last_offset, DeliveryState(b.delivery_state), b.delivery_count)
                for b in state.batches
            ),
        )

    async def write(
        self,
        key: PartitionKey,
        state_epoch: int,
        leader_epoch: int,
        start_offset: int,
        batches: tuple[StateBatch, ...],
    ) -> None:
        sk = _state_key(key)
        wire = [
            Batch(b.first_offset, b.last_offset, int(b.delivery_state), b.delivery_count) for b in batches
        ]
        body = _body(
            sk,
            {
                "state_epoch": state_epoch,
                "leader_epoch": leader_epoch,
                "start_offset": start_offset,
                "state_batches": [
                    {
                        "first_offset": b.first_offset,
                        "last_offset": b.last_offset,
                        "delivery_state": b.delivery_state,
                        "delivery_count": b.delivery_count,
                    }
                    for b in wire
                ],
            },
        )
        answer = await self._call(
            sk,
            lambda c: c.write(sk, state_epoch, leader_epoch, start_offset, wire),
            ApiKey.WRITE_SHARE_GROUP_STATE,
            body,
        )
        _raise_for(answer)

    async def read_summary(self, key: PartitionKey, leader_epoch: int) -> StateSummary:
        sk = _state_key(key)
        body = _body(sk, {"leader_epoch": leader_epoch})
        answer = await self._call(
            sk, lambda c: c.read_summary(sk, leader_epoch), ApiKey.READ_SHARE_GROUP_STATE_SUMMARY, body
        )
        _raise_for(answer)
        state = answer.state
        assert state is not None
        if (state.state_epoch, state.leader_epoch, state.start_offset) == (0, -1, -1):
            # Kafka's answer for a share-partition with no state (PartitionFactory's defaults)
            raise PersisterError(E.UNKNOWN_TOPIC_OR_PARTITION, "share state not initialized")
        return StateSummary(state.state_epoch, state.start_offset, state.leader_epoch)

    async def delete(self, key: PartitionKey) -> None:
        sk = _state_key(key)
        answer = await self._call(sk, lambda c: c.delete(sk), ApiKey.DELETE_SHARE_GROUP_STATE, _body(sk, {}))
        _raise_for(answer)

    async def close(self) -> None:
        for conn in self.connections.values():
            await conn.close()
        self.connections.clear()

    # -- finding the coordinator ---------------------------------------------------------------

    async def _call(
        self,
        key: StateKey,
        local: Callable[[Any], Awaitable[Answer]],
        api: ApiKey,
        body: dict[str, Any],
    ) -> Answer:
        broker = self.broker
        deadline = asyncio.get_running_loop().time() + broker.config["request.timeout.ms"] / 1000
        attempt = 0
        while True:
            answer = await self._once(key, local, api, body)
            if answer.error not in RETRIABLE or asyncio.get_running_loop().time() >= deadline:
                return answer
            await asyncio.sleep(_BACKOFF_S[min(attempt, len(_BACKOFF_S) - 1)])
            attempt += 1

    async def _once(
        self,
        key: StateKey,
        local: Callable[[Any], Awaitable[Answer]],
        api: ApiKey,
        body: dict[str, Any],
    ) -> Answer:
        broker = self.broker
        if not broker.share_state_topic_ready():
            return Answer(E.COORDINATOR_NOT_AVAILABLE)
        coordinator = broker.share_coordinator
        partition = coordinator.partition_for(key)
        leader_id = broker.node_id
        if broker.cluster is not None:
            leader = broker.cluster.leader_of(SHARE_STATE_TOPIC, partition)
            if leader is None:
                return Answer(E.COORDINATOR_NOT_AVAILABLE)
            leader_id = leader.broker_id
        if leader_id == broker.node_id:
            return await local(coordinator)
        return await self._remote(leader_id, api, body)

    async def _remote(self, node_id: int, api: ApiKey, body: dict[str, Any]) -> Answer:
        broker = self.broker
        assert broker.cluster is not None
        endpoint = broker.cluster.endpoint_of(node_id, broker.config.inter_broker_listener_name)
        if endpoint is None:
            return Answer(E.COORDINATOR_NOT_AVAILABLE)
        conn = self.connections.get(node_id)
        try:
            if conn is None or not conn.connected or (conn.host, conn.port) != (endpoint.host, endpoint.port):
                timeout_ms = broker.config["request.timeout.ms"]
                conn = BrokerConnection(
                    endpoint.host,
                    endpoint.port,
                    node_id,
                    ConnectionConfig(
                        client_id=f"broker-{broker.node_id}-share-persister",
                        request_timeout_ms=timeout_ms,
                        connect_timeout_ms=timeout_ms,
                        security=inter_broker_security(broker.config),
                    ),
                )
                await conn.connect()
                self.connections[node_id] = conn
            response = await conn.request(api, body)
        except UnsupportedVersionError as e:  # (share groups off there): retrying would not help
            return Answer(E.UNSUPPORTED_VERSION, str(e))
        except (KafkaError, OSError) as e:
            self.connections.pop(node_id, None)
            log.warning("fail to reach share coordinator", broker_id=node_id, api=api.name, error=repr(e))
            return Answer(E.NETWORK_EXCEPTION)
        p = response.results[0].partitions[0]
        error = ErrorCode(p.error_code)
        if error != E.NONE:
            return Answer(error, p.error_message)
        if api == ApiKey.READ_SHARE_GROUP_STATE:
            batches = tuple(
                Batch(b.first_offset, b.last_offset, b.delivery_state, b.delivery_count)
                for b in p.state_batches
            )
            return Answer(state=PartitionState(-1, p.state_epoch, -1, p.start_offset, batches=batches))
        if api == ApiKey.READ_SHARE_GROUP_STATE_SUMMARY:
            return Answer(state=PartitionState(-1, p.state_epoch, p.leader_epoch, p.start_offset))
        return Answer()


def _body(key: StateKey, partition: dict[str, Any]) -> dict[str, Any]:
    return {
        "group_id": key.group_id,
        "topics": [{"topic_id": key.topic_id, "partitions": [{"partition": key.partition, **partition}]}],
    }

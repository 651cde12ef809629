"""The connection layer against a scripted broker: pipelined requests matched by correlation id,
version negotiation, retries with backoff, coordinator rediscovery, learned version caps."""

from __future__ import annotations

import asyncio

import pytest

from client import AsyncConsumer, AsyncProducer, TopicPartition
from client.cluster import KafkaClient
from client.connection import BrokerConnection, ConnectionConfig
from client.errors import KafkaConnectionError, KafkaTimeoutError
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.frames import encode_response
from tests.client.fake_broker import HANGUP, FakeBroker


@pytest.fixture
async def fake():
    broker = await FakeBroker(topics={"t": 2}).start()
    try:
        yield broker
    finally:
        await broker.close()


async def test_pipelined_requests_are_matched_by_correlation_id(fake: FakeBroker) -> None:
    async def slow_echo(header, body):
        await asyncio.sleep(0.05 if int(body.key) % 2 else 0.0)  # answers still go out in order
        return {
            "error_code": 0,
            "node_id": int(body.key),
            "host": body.key,
            "port": 1,
            "coordinators": [{"key": body.key, "node_id": int(body.key), "host": body.key, "port": 1}],
        }

    fake.handlers[ApiKey.FIND_COORDINATOR] = slow_echo
    conn = BrokerConnection("127.0.0.1", fake.port, 0)
    await conn.connect()
    try:
        answers = await asyncio.gather(
            *(
                conn.request(
                    ApiKey.FIND_COORDINATOR,
                    {"key": str(i), "key_type": 0, "coordinator_keys": [str(i)]},
                    max_version=3,
                )
                for i in range(50)
            )
        )
        assert [a.host for a in answers] == [str(i) for i in range(50)]
        assert fake.max_in_flight > 10  # they were on the wire together
        ids = [h.correlation_id for h, _ in fake.requests]
        assert len(set(ids)) == len(ids)
    finally:
        await conn.close()


async def test_versions_are_the_highest_both_sides_speak(fake: FakeBroker) -> None:
    fake.versions[ApiKey.JOIN_GROUP] = (2, 4)
    fake.versions[ApiKey.FETCH] = (0, 25)
    del fake.versions[ApiKey.DELETE_GROUPS]
    conn = BrokerConnection("127.0.0.1", fake.port, 0)
    await conn.connect()
    try:
        assert conn.version(ApiKey.JOIN_GROUP) == 4
        assert conn.version(ApiKey.FETCH) == 18  # ours is the lower maximum
        assert conn.version(ApiKey.API_VERSIONS) == 4
        with pytest.raises(Exception, match="does not serve"):
            conn.version(ApiKey.DELETE_GROUPS)
    finally:
        await conn.close()


async def test_api_versions_falls_back_when_the_broker_is_older(fake: FakeBroker) -> None:
    fake.versions[ApiKey.API_VERSIONS] = (0, 2)
    original = fake._answer

    async def answer(header, body):
        if header.api_key == ApiKey.API_VERSIONS and header.api_version > 2:
            # what Kafka does: the v0 layout, UNSUPPORTED_VERSION, and its own range
            return encode_response(
                18,
                0,
                header.correlation_id,
                {
                    "error_code": ErrorCode.UNSUPPORTED_VERSION,
                    "api_keys": [{"api_key": 18, "min_version": 0, "max_version": 2}],
                },
            )
        return await original(header, body)

    fake._answer = answer  # type: ignore[method-assign]
    conn = BrokerConnection("127.0.0.1", fake.port, 0)
    await conn.connect()
    try:
        assert [h.api_version for h, _ in fake.requests if h.api_key == ApiKey.API_VERSIONS] == [4, 2]
        assert conn.version(ApiKey.API_VERSIONS) == 2
    finally:
        await conn.close()


async def test_a_request_timeout_fails_the_request_and_drops_the_connection(fake: FakeBroker) -> None:
    async def never(header, body):
        await asyncio.sleep(3600)

    fake.handlers[ApiKey.LIST_GROUPS] = never
    conn = BrokerConnection("127.0.0.1", fake.port, 0, ConnectionConfig(request_timeout_ms=200))
    await conn.connect()
    with pytest.raises(KafkaTimeoutError):
        await conn.request(ApiKey.LIST_GROUPS, {})
    assert not conn.connected
    await conn.close()


async def test_commit_rediscovers_the_coordinator_and_retries(fake: FakeBroker) -> None:
    answers = iter([ErrorCode.NOT_COORDINATOR, ErrorCode.COORDINATOR_LOAD_IN_PROGRESS, ErrorCode.NONE])

    def commit(header, body):
        code = next(answers)
        return {
            "topics": [
                {
                    "name": t.name,
                    "partitions": [
                        {"partition_index": p.partition_index, "error_code": code} for p in t.partitions
                    ],
                }
                for t in body.topics
            ]
        }

    fake.handlers[ApiKey.OFFSET_COMMIT] = commit
    async with AsyncConsumer(bootstrap_servers=fake.bootstrap, group_id="g", retry_backoff_ms=10) as consumer:
        consumer.assign([TopicPartition("t", 0)])
        await consumer.commit({TopicPartition("t", 0): 42})
    assert fake.count(ApiKey.OFFSET_COMMIT) == 3
    assert fake.count(ApiKey.FIND_COORDINATOR) == 2  # found, then found again after NOT_COORDINATOR
    (_, body) = [r for r in fake.requests if r[0].api_key == ApiKey.OFFSET_COMMIT][-1]
    assert body.topics[0].partitions[0].committed_offset == 42 and body.generation_id_or_member_epoch == -1


async def test_produce_retries_a_retriable_error(fake: FakeBroker) -> None:
    answers = iter([ErrorCode.NOT_LEADER_OR_FOLLOWER, ErrorCode.NONE])

    def produce(header, body):
        code = next(answers)
        return {
            "responses": [
                {
                    "name": t.name,
                    "partition_responses": [
                        {"index": p.index, "error_code": code, "base_offset": 100 if not code else -1}
                        for p in t.partition_data
                    ],
                }
                for t in body.topic_data
            ]
        }

    fake.handlers[ApiKey.PRODUCE] = produce
    async with AsyncProducer(fake.bootstrap, retry_backoff_ms=10) as producer:
        md = await producer.send_and_wait("t", b"v", partition=1)
    assert (md.partition, md.offset) == (1, 100)
    assert fake.count(ApiKey.PRODUCE) == 2
    assert fake.count(ApiKey.METADATA) >= 2  # refreshed after NOT_LEADER_OR_FOLLOWER


async def test_a_broker_that_hangs_up_on_a_version_gets_a_lower_one(fake: FakeBroker) -> None:
    def heartbeat(header, body):
        if header.api_version >= 4:
            return HANGUP  # advertised, but it cannot parse it
        return {"error_code": 0}

    fake.handlers[ApiKey.HEARTBEAT] = heartbeat
    client = KafkaClient(bootstrap_servers=fake.bootstrap)
    await client.start()
    try:
        body = {"group_id": "g", "generation_id": 1, "member_id": "m"}
        with pytest.raises(KafkaConnectionError):
            await client.send(0, ApiKey.HEARTBEAT, body)
        r = await client.send(0, ApiKey.HEARTBEAT, body)
        assert r.error_code == 0
        assert [h.api_version for h, _ in fake.requests if h.api_key == ApiKey.HEARTBEAT] == [4, 3]
    finally:
        await client.close()

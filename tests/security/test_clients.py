"""Must-show 1: aiokafka, kafka-python and confluent-kafka each connect over SSL (with a client
certificate), SASL_PLAINTEXT (PLAIN and SCRAM-SHA-512) and SASL_SSL (SCRAM-SHA-256, PLAIN),
produce, form a group, consume what they produced and commit; the committed offset is read back.
One broker process serves every listener."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.security.support import (
    Mode,
    aiokafka_settings,
    confluent_settings,
    kafka_python_settings,
    start_secure_broker,
)

pytestmark = pytest.mark.interop

MODES = [
    Mode("SSL"),
    Mode("SASL_PLAINTEXT", "PLAIN"),
    Mode("SASL_PLAINTEXT", "SCRAM-SHA-512"),
    Mode("SASL_SSL", "SCRAM-SHA-256"),
    Mode("SASL_SSL", "PLAIN"),
]
N = 5


@pytest.fixture(scope="module")
def secure(tmp_path_factory):
    sb = start_secure_broker(tmp_path_factory.mktemp("secure"))
    try:
        yield sb
    finally:
        sb.process.stop()


def _aiokafka(sb, mode: Mode, topic: str, group: str) -> tuple[list[bytes], int]:
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

    async def run() -> tuple[list[bytes], int]:
        producer = AIOKafkaProducer(acks="all", **aiokafka_settings(sb, mode))
        await producer.start()
        try:
            for i in range(N):
                await producer.send_and_wait(topic, f"m{i}".encode(), partition=0)
        finally:
            await producer.stop()
        consumer = AIOKafkaConsumer(
            topic,
            group_id=group,
            auto_offset_reset="earliest",
            enable_auto_commit=False,
            **aiokafka_settings(sb, mode),
        )
        await consumer.start()
        try:
            got: list[bytes] = []
            async with asyncio.timeout(30):
                while len(got) < N:
                    batch = await consumer.getmany(timeout_ms=500)
                    got += [m.value for msgs in batch.values() for m in msgs]
            await consumer.commit()
            committed = await consumer.committed(TopicPartition(topic, 0))
        finally:
            await consumer.stop()
        return got, committed

    return asyncio.run(run())


def _kafka_python(sb, mode: Mode, topic: str, group: str) -> tuple[list[bytes], int]:
    from kafka import KafkaConsumer, KafkaProducer, TopicPartition

    producer = KafkaProducer(acks="all", **kafka_python_settings(sb, mode))
    try:
        for i in range(N):
            producer.send(topic, f"m{i}".encode(), partition=0).get(timeout=20)
    finally:
        producer.close()
    consumer = KafkaConsumer(
        topic,
        group_id=group,
        auto_offset_reset="earliest",
        enable_auto_commit=False,
        **kafka_python_settings(sb, mode),
    )
    try:
        got: list[bytes] = []
        deadline = time.monotonic() + 30
        while len(got) < N and time.monotonic() < deadline:
            for msgs in consumer.poll(timeout_ms=500).values():
                got += [m.value for m in msgs]
        consumer.commit()
        committed = consumer.committed(TopicPartition(topic, 0))
    finally:
        consumer.close()
    return got, committed


def _confluent(sb, mode: Mode, topic: str, group: str) -> tuple[list[bytes], int]:
    from confluent_kafka import Consumer, Producer, TopicPartition

    producer = Producer({"acks": "all", **confluent_settings(sb, mode)})
    for i in range(N):
        producer.produce(topic, f"m{i}".encode(), partition=0)
    assert producer.flush(20) == 0
    consumer = Consumer(
        {
            "group.id": group,
            "auto.offset.reset": "earliest",
            "enable.auto.commit": False,
            **confluent_settings(sb, mode),
        }
    )
    try:
        consumer.subscribe([topic])
        got: list[bytes] = []
        deadline = time.monotonic() + 30
        while len(got) < N and time.monotonic() < deadline:
            m = consumer.poll(0.5)
            if m is not None and m.error() is None:
                got.append(m.value())
        consumer.commit(asynchronous=False)
        committed = consumer.committed([TopicPartition(topic, 0)], timeout=10)[0].offset
    finally:
        consumer.close()
    return got, committed


CLIENTS = {"aiokafka": _aiokafka, "kafka-python": _kafka_python, "confluent": _confluent}


@pytest.mark.parametrize("mode", MODES, ids=[m.id for m in MODES])
@pytest.mark.parametrize("client", list(CLIENTS))
def test_client_produces_joins_a_group_and_commits(secure, client: str, mode: Mode) -> None:
    topic = f"t-{client}-{mode.id}"
    group = f"g-{client}-{mode.id}"
    got, committed = CLIENTS[client](secure, mode, topic, group)
    assert got == [f"m{i}".encode() for i in range(N)]
    assert committed == N
    # The broker logged no failure for any of them.
    assert secure.lines("fail authentication") == []
    assert secure.lines("fail tls handshake") == []

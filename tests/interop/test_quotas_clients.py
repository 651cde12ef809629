"""Real clients under client quotas (broker/quotas.py): aiokafka and confluent-kafka (librdkafka)
producing past producer_byte_rate and consuming past consumer_byte_rate are held back (the broker
answers throttle_time_ms and mutes the connection), lose nothing, and see no error. librdkafka
reports the throttle to the application (throttle_cb), as KIP-219 has clients do.

Rates are not asserted as speeds: the time a throttled client takes is checked against the lower
bound its quota implies (one window of burst, then the quota), which a slow machine only lengthens.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from broker.quotas import CLIENT_ID
from tests.helpers import start_broker

pytestmark = pytest.mark.interop

QUOTA = 300_000  # bytes/s
TOTAL = 1_200_000
VALUE = b"v" * 10_000
WINDOWS = {"quota_window_num": "2", "quota_window_size_seconds": "1"}


async def _set(b, client_id: str, key: str) -> None:  # type: ignore[no-untyped-def]
    await b.quotas.alter([(((CLIENT_ID, client_id),), [(key, float(QUOTA), False)])])


def _floor() -> float:
    return 0.6 * (TOTAL - QUOTA) / QUOTA  # seconds: one window of burst, then the quota (less a margin)


async def test_aiokafka_producer_and_consumer_are_held_to_their_quotas(tmp_path):
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

    b = await start_broker(tmp_path / "d", **WINDOWS)
    try:
        bootstrap = f"127.0.0.1:{b.bound_port}"
        await _set(b, "aio-p", "producer_byte_rate")
        await _set(b, "aio-c", "consumer_byte_rate")
        producer = AIOKafkaProducer(
            bootstrap_servers=bootstrap, client_id="aio-p", linger_ms=5, max_batch_size=16384
        )
        await producer.start()
        started = time.monotonic()
        try:
            for _ in range(TOTAL // len(VALUE)):
                await producer.send("q", VALUE)
            await producer.flush()
        finally:
            await producer.stop()
        produce_s = time.monotonic() - started
        assert produce_s > _floor()
        consumer = AIOKafkaConsumer(
            "q", bootstrap_servers=bootstrap, client_id="aio-c", auto_offset_reset="earliest", fetch_max_bytes=200_000,
            max_partition_fetch_bytes=200_000,
        )  # fmt: skip
        await consumer.start()
        got, started = 0, time.monotonic()
        try:
            while got < TOTAL // len(VALUE):
                batch = await consumer.getmany(timeout_ms=1000)
                got += sum(len(v) for v in batch.values())
                assert time.monotonic() - started < 60
        finally:
            await consumer.stop()
        assert got == TOTAL // len(VALUE)  # nothing lost
        assert time.monotonic() - started > _floor()
        sensors = {(k.value, c): s for (k, (_, c)), s in b.quotas.quotas.sensors.items()}
        assert sensors[("producer_byte_rate", "aio-p")].throttle_ms_total > 0
        assert sensors[("consumer_byte_rate", "aio-c")].throttle_ms_total > 0
    finally:
        await b.stop()


async def test_confluent_producer_and_consumer_are_held_and_told(tmp_path):
    from confluent_kafka import Consumer, Producer

    b = await start_broker(tmp_path / "d", **WINDOWS)
    try:
        bootstrap = f"127.0.0.1:{b.bound_port}"
        await _set(b, "rd-p", "producer_byte_rate")
        await _set(b, "rd-c", "consumer_byte_rate")
        throttles: list[int] = []

        def on_throttle(event) -> None:  # type: ignore[no-untyped-def]
            throttles.append(event.throttle_time)

        def produce() -> float:
            p = Producer(
                {"bootstrap.servers": bootstrap, "client.id": "rd-p", "linger.ms": 5, "batch.size": 16384,
                 "throttle_cb": on_throttle, "allow.auto.create.topics": True}
            )  # fmt: skip
            started = time.monotonic()
            for _ in range(TOTAL // len(VALUE)):
                while True:
                    try:
                        p.produce("q", VALUE)
                        break
                    except BufferError:
                        p.poll(0.05)
                p.poll(0)
            assert p.flush(60) == 0
            return time.monotonic() - started

        produce_s = await asyncio.to_thread(produce)
        assert produce_s > _floor()
        assert throttles and max(throttles) > 0  # the answers' throttle_time_ms reached the application

        def consume() -> tuple[int, float]:
            c = Consumer(
                {"bootstrap.servers": bootstrap, "client.id": "rd-c", "group.id": "g", "auto.offset.reset": "earliest",
                 "fetch.max.bytes": 1_000_000, "message.max.bytes": 1_000_000, "max.partition.fetch.bytes": 200_000}
            )  # fmt: skip
            c.subscribe(["q"])
            got, started = 0, time.monotonic()
            try:
                while got < TOTAL // len(VALUE) and time.monotonic() - started < 60:
                    m = c.poll(0.5)
                    if m is not None and m.error() is None:
                        got += 1
            finally:
                c.close()
            return got, time.monotonic() - started

        got, consume_s = await asyncio.to_thread(consume)
        assert got == TOTAL // len(VALUE)
        assert consume_s > _floor()
    finally:
        await b.stop()

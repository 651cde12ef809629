"""Producers the cluster scenarios share (tools/compose_scenario.py, tests/cluster/): tools/ is
imported by the tests, never the other way round."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from aiokafka import AIOKafkaProducer


def acks_all_producer(**client: Any) -> AIOKafkaProducer:
    """acks=all, with metadata refreshed every 2 s and 8 s per request: a leader moving or dying
    costs retries, never an acknowledged record. `client`: bootstrap_servers and the like."""
    return AIOKafkaProducer(
        **client,
        acks="all",
        linger_ms=5,
        request_timeout_ms=8000,
        metadata_max_age_ms=2000,
    )


async def prefill_partitions(
    bootstrap: str, topic: str, partitions: Iterable[int], count: int, size: int
) -> list[tuple[bytes, Any]]:
    """`count` records of `size` bytes into each of `partitions`, acks=all, in large batches:
    every value with its RecordMetadata."""
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", linger_ms=20, max_batch_size=65536)
    await producer.start()
    try:
        futures = []
        for p in partitions:
            for i in range(count):
                v = f"pre-{p}-{i}".encode().ljust(size, b".")
                futures.append((v, await producer.send(topic, v, partition=p)))
        return [(v, await f) for v, f in futures]
    finally:
        await producer.stop()

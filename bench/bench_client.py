"""kbroker's own client against aiokafka, on kbroker, in one run: consumer and producer throughput.

    .venv/bin/python bench/bench_client.py [--quick] [--records N] [--rounds R]

kbroker runs as its own process (`python -m broker`, data in a temp dir). A 4-partition topic is
filled with 100-byte records (by our producer); then each consumer reads all of it from the
start with manual assignment, `--rounds` times, alternating clients so that neither gets a warmer
page cache: `getmany` in batches of up to 10,000 records, and `async for` one record at a time.
Both clients get the same fetch settings (1 MB per partition, 500 ms max wait). Producer
throughput is measured too (acks=1, linger 5 ms, 16 KB batches): a send per record with the
futures gathered at the end, and a plain `await producer.send(...)` loop of keyed records
(the default partitioner) followed by `flush()`. Figures are medians; the
ratio is ours / aiokafka (above 1: ours is faster).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kbroker_process import start_kbroker  # noqa: E402  (bench/ is the script's own directory)

from client import AsyncAdmin, AsyncConsumer, AsyncProducer, NewTopic, TopicPartition  # noqa: E402

PARTITIONS = 4
VALUE = b"x" * 100
FETCH = {"max_partition_fetch_bytes": 1_048_576, "fetch_max_wait_ms": 500}


async def produce_ours(bootstrap: str, topic: str, n: int) -> float:
    async with AsyncProducer(bootstrap, acks=1, linger_ms=5, batch_size=16384) as producer:
        gc.collect()
        start = time.perf_counter()
        futures = [await producer.send(topic, VALUE, partition=i % PARTITIONS) for i in range(n)]
        await asyncio.gather(*futures)
        return time.perf_counter() - start


async def produce_aiokafka(bootstrap: str, topic: str, n: int) -> float:
    from aiokafka import AIOKafkaProducer

    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks=1, linger_ms=5, max_batch_size=16384)
    await producer.start()
    try:
        gc.collect()
        start = time.perf_counter()
        futures = [await producer.send(topic, VALUE, partition=i % PARTITIONS) for i in range(n)]
        await asyncio.gather(*futures)
        return time.perf_counter() - start
    finally:
        await producer.stop()


async def send_loop_ours(bootstrap: str, topic: str, n: int) -> float:
    async with AsyncProducer(bootstrap, acks=1, linger_ms=5, batch_size=16384) as producer:
        gc.collect()
        start = time.perf_counter()
        for i in range(n):
            await producer.send(topic, VALUE, key=b"key-%d" % i)
        await producer.flush()
        return time.perf_counter() - start


async def send_loop_aiokafka(bootstrap: str, topic: str, n: int) -> float:
    from aiokafka import AIOKafkaProducer

    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks=1, linger_ms=5, max_batch_size=16384)
    await producer.start()
    try:
        gc.collect()
        start = time.perf_counter()
        for i in range(n):
            await producer.send(topic, VALUE, key=b"key-%d" % i)
        await producer.flush()
        return time.perf_counter() - start
    finally:
        await producer.stop()


async def timed_drain(consumer: Any, n: int, per_record: bool) -> float:
    """Seconds to read n records, one at a time (async for) or in batches (getmany); both
    consumers offer the same two calls."""
    got = 0
    gc.collect()  # each client starts its run without the other's garbage to collect
    start = time.perf_counter()
    if per_record:
        async for _ in consumer:
            got += 1
            if got >= n:
                break
    else:
        while got < n:
            for records in (await consumer.getmany(timeout_ms=1000, max_records=10_000)).values():
                got += len(records)
    return time.perf_counter() - start


async def consume_ours(bootstrap: str, topic: str, n: int, per_record: bool) -> float:
    consumer = AsyncConsumer(
        bootstrap_servers=bootstrap, auto_offset_reset="earliest", max_poll_records=10_000, **FETCH
    )
    await consumer.start()
    try:
        consumer.assign([TopicPartition(topic, p) for p in range(PARTITIONS)])
        return await timed_drain(consumer, n, per_record)
    finally:
        await consumer.close()


async def consume_aiokafka(bootstrap: str, topic: str, n: int, per_record: bool) -> float:
    from aiokafka import AIOKafkaConsumer
    from aiokafka.structs import TopicPartition as AkTopicPartition

    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap, auto_offset_reset="earliest", enable_auto_commit=False, **FETCH
    )
    await consumer.start()
    try:
        consumer.assign([AkTopicPartition(topic, p) for p in range(PARTITIONS)])
        return await timed_drain(consumer, n, per_record)
    finally:
        await consumer.stop()


def line(what: str, n: int, ours: list[float], theirs: list[float]) -> str:
    a, b = n / statistics.median(ours), n / statistics.median(theirs)
    return f"{what:<34} {a:>12,.0f} {b:>12,.0f} {a / b:>8.2f}"


async def run(a: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        proc, bootstrap = start_kbroker(Path(tmp) / "data")
        try:
            async with AsyncAdmin(bootstrap) as admin:
                await admin.create_topics(
                    [NewTopic(t, PARTITIONS, 1) for t in ("bench", "bench-ak", "bench-loop", "bench-loop-ak")]
                )
            n = a.records
            print(
                f"kbroker at {bootstrap}; {n:,} records of {len(VALUE)} bytes on {PARTITIONS} partitions, "
                f"{a.rounds} rounds (median)"
            )
            prod_ours: list[float] = []
            prod_theirs: list[float] = []
            loop_ours: list[float] = []
            loop_theirs: list[float] = []
            for _ in range(a.rounds):
                prod_ours.append(await produce_ours(bootstrap, "bench", n))
                prod_theirs.append(await produce_aiokafka(bootstrap, "bench-ak", n))
                loop_ours.append(await send_loop_ours(bootstrap, "bench-loop", n))
                loop_theirs.append(await send_loop_aiokafka(bootstrap, "bench-loop-ak", n))
            rows = {"getmany": ([], []), "async for": ([], [])}
            for _ in range(a.rounds):
                for name, per_record in (("getmany", False), ("async for", True)):
                    rows[name][0].append(await consume_ours(bootstrap, "bench", n, per_record))
                    rows[name][1].append(await consume_aiokafka(bootstrap, "bench", n, per_record))
            print(f"{'msgs/s':<34} {'kbroker client':>12} {'aiokafka':>12} {'ratio':>8}")
            print(line("consume, getmany (batches)", n, *rows["getmany"]))
            print(line("consume, async for (per record)", n, *rows["async for"]))
            print(line("produce, acks=1, linger 5 ms", n, prod_ours, prod_theirs))
            print(line("produce, plain keyed send() loop", n, loop_ours, loop_theirs))
        finally:
            proc.terminate()
            proc.wait(20)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--quick", action="store_true", help="fewer records and rounds")
    p.add_argument("--records", type=int, default=None)
    p.add_argument("--rounds", type=int, default=None)
    a = p.parse_args()
    a.records = a.records or (50_000 if a.quick else 200_000)
    a.rounds = a.rounds or (3 if a.quick else 5)
    asyncio.run(run(a))


if __name__ == "__main__":
    main()

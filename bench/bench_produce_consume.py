"""Produce and consume throughput with aiokafka, on kbroker and on the librdkafka mock cluster.

    .venv/bin/python bench/bench_produce_consume.py [--quick] [--override KEY=VALUE]

kbroker runs as its own process (`python -m broker`, data in a temp dir), the mock in this
process (C threads). The same aiokafka workload runs against both, on 4-partition topics:
100-byte and 10 KB values produced with acks=1 and acks=all (kbroker answers acks=all only
after an fsync: group commit); then a topic small enough for the mock to keep whole (it keeps
about 5 MB per partition and drops older data) consumed from the start several times, with
manual assignment. Also the long-poll wake-up: how long after a produce starts a parked
consumer has the message. The mock keeps everything in memory and fsyncs nothing; the ratio
is kbroker / mock.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kbroker_process import start_kbroker  # noqa: E402  (bench/ is the script's own directory)

PARTITIONS = 4


@dataclass
class Result:
    broker: str
    workload: str
    messages: int
    nbytes: int
    seconds: float

    @property
    def msgs_per_s(self) -> float:
        return self.messages / self.seconds

    @property
    def mb_per_s(self) -> float:
        return self.nbytes / self.seconds / 1e6


async def create_topic(bootstrap: str, topic: str) -> None:
    from aiokafka.admin import AIOKafkaAdminClient, NewTopic

    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic(topic, PARTITIONS, 1)])
    finally:
        await admin.close()


async def produce(bootstrap: str, topic: str, count: int, size: int, acks: int | str) -> float:
    from aiokafka import AIOKafkaProducer

    value = os.urandom(size)
    producer = AIOKafkaProducer(
        bootstrap_servers=bootstrap, acks=acks, linger_ms=5, max_batch_size=1 << 20, max_request_size=8 << 20
    )
    await producer.start()
    try:
        started = time.perf_counter()
        futures = [await producer.send(topic, value=value, partition=i % PARTITIONS) for i in range(count)]
        await asyncio.gather(*futures)
        return time.perf_counter() - started
    finally:
        await producer.stop()


FETCH_MAX_BYTES = 64 << 20  # the consumer's fetch_max_bytes (--fetch-max-bytes)
PARTITION_FETCH_BYTES = 4 << 20  # its max_partition_fetch_bytes (--max-partition-fetch-bytes)


async def consume(bootstrap: str, topic: str, passes: int) -> tuple[int, float]:
    """(messages, seconds) to read the topic from its start `passes` times."""
    from aiokafka import AIOKafkaConsumer, TopicPartition

    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        max_partition_fetch_bytes=PARTITION_FETCH_BYTES,
        fetch_max_bytes=FETCH_MAX_BYTES,
    )
    await consumer.start()
    try:
        tps = [TopicPartition(topic, p) for p in range(PARTITIONS)]
        consumer.assign(tps)
        first = await consumer.beginning_offsets(tps)
        last_offsets = await consumer.end_offsets(tps)
        count = sum(last_offsets[tp] - first[tp] for tp in tps)
        total = 0
        seconds = 0.0
        for _ in range(passes):
            await consumer.seek_to_beginning(*tps)
            got = 0
            started = last = time.perf_counter()
            while got < count:
                batches = await consumer.getmany(timeout_ms=1000, max_records=100_000)
                if batches:
                    got += sum(len(m) for m in batches.values())
                    last = time.perf_counter()
                elif time.perf_counter() - last > 15:
                    raise RuntimeError(f"consumed {got} of {count}, then nothing for 15 s")
            seconds += time.perf_counter() - started
            total += got
        return total, seconds
    finally:
        await consumer.stop()


async def long_poll_latency(bootstrap: str, topic: str, rounds: int) -> list[float]:
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks=1, linger_ms=0)
    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False, fetch_max_wait_ms=2000)
    await producer.start()
    await consumer.start()
    try:
        tp = TopicPartition(topic, 0)
        consumer.assign([tp])
        await consumer.seek_to_end(tp)
        out = []
        for i in range(rounds):
            getter = asyncio.create_task(consumer.getone())
            await asyncio.sleep(0.02)
            started = time.perf_counter()
            await producer.send(topic, b"%d" % i, partition=0)
            await asyncio.wait_for(getter, 10)
            out.append((time.perf_counter() - started) * 1000)
        return out
    finally:
        await consumer.stop()
        await producer.stop()


PRODUCE = [(100, 200_000), (10 * 1024, 10_000)]  # (value size, messages)
CONSUME = [(100, 150_000, 3), (10 * 1024, 1_600, 10)]  # (value size, messages, passes): fits the mock


async def run(name: str, bootstrap: str, scale: int, create: bool, poll_rounds: int) -> tuple[list, list]:
    results = []
    for size, count in PRODUCE:
        count //= scale
        for acks in (1, "all"):
            topic = f"bench-{size}-{acks}"
            if create:
                await create_topic(bootstrap, topic)
            seconds = await produce(bootstrap, topic, count, size, acks)
            results.append(Result(name, f"produce {size}B acks={acks}", count, count * size, seconds))
    for size, count, passes in CONSUME:
        count //= scale
        topic = f"bench-read-{size}"
        if create:
            await create_topic(bootstrap, topic)
        await produce(bootstrap, topic, count, size, 1)
        got, seconds = await consume(bootstrap, topic, passes)
        results.append(Result(name, f"consume {size}B x{passes}", got, got * size, seconds))
    if create:
        await create_topic(bootstrap, "bench-poll")
    latency = await long_poll_latency(bootstrap, "bench-poll", poll_rounds)
    return results, latency


def main() -> int:
    global FETCH_MAX_BYTES, PARTITION_FETCH_BYTES
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smaller workload (a smoke run)")
    parser.add_argument(
        "--fetch-max-bytes",
        type=int,
        default=FETCH_MAX_BYTES,
        help="the consumers' fetch_max_bytes: kbroker fills a Fetch answer up to it, as Kafka does; "
        "the mock sends one stored batch per partition per Fetch whatever it is (~4 MB here)",
    )
    parser.add_argument(
        "--override",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a kbroker setting (repeatable), e.g. log.flush.interval.ms=1000 for Kafka's page-cache "
        "durability: acks=all answered once written, not once fsynced",
    )
    parser.add_argument(
        "--max-partition-fetch-bytes",
        type=int,
        default=PARTITION_FETCH_BYTES,
        help="the consumers' max_partition_fetch_bytes (aiokafka's default is 1 MB): kbroker, as Kafka, "
        "fills each partition of an answer up to it; the mock sends one stored batch per partition",
    )
    parser.add_argument(
        "--client-malloc",
        action="store_true",
        help="tune glibc malloc in this process (the aiokafka client's, for both brokers' runs) as "
        "kbroker tunes its own: a 16 MB Fetch answer otherwise lands in freshly mapped pages, "
        "faulted in one by one, on every Fetch",
    )
    args = parser.parse_args()
    FETCH_MAX_BYTES = args.fetch_max_bytes
    PARTITION_FETCH_BYTES = args.max_partition_fetch_bytes
    if args.client_malloc:
        from broker.__main__ import tune_malloc

        if not tune_malloc():
            parser.error("--client-malloc: this C library has no mallopt")
    scale = 10 if args.quick else 1

    from tests.interop.rdkafka_mock import MockCluster

    with tempfile.TemporaryDirectory(prefix="kbroker-bench-") as tmp:
        proc, bootstrap = start_kbroker(Path(tmp) / "data", *args.override)
        try:
            ours, our_latency = asyncio.run(run("kbroker", bootstrap, scale, create=True, poll_rounds=30))
        finally:
            proc.terminate()
            proc.wait(30)
    with MockCluster(brokers=1) as mock:
        for size, _ in PRODUCE:
            for acks in (1, "all"):
                mock.create_topic(f"bench-{size}-{acks}", PARTITIONS)
        for size, _, _ in CONSUME:
            mock.create_topic(f"bench-read-{size}", PARTITIONS)
        mock.create_topic("bench-poll", 1)
        # The mock does not wake a parked fetch on produce: each round waits fetch_max_wait_ms.
        theirs, their_latency = asyncio.run(run("mock", mock.bootstrap, scale, create=False, poll_rounds=3))

    print(
        f"\naiokafka against kbroker and the librdkafka mock cluster ({PARTITIONS} partitions, "
        f"{os.cpu_count()} CPUs; client malloc {'tuned' if args.client_malloc else 'as is'}, "
        f"fetch_max_bytes {FETCH_MAX_BYTES}, max_partition_fetch_bytes {PARTITION_FETCH_BYTES})"
    )
    print(
        f"{'workload':<26}{'messages':>9} | {'kbroker msgs/s':>14} {'MB/s':>8} | "
        f"{'mock msgs/s':>12} {'MB/s':>8} | {'ratio':>6}"
    )
    for a, b in zip(ours, theirs, strict=True):
        note = "" if a.messages == b.messages else f"  (the mock kept {b.messages})"
        print(
            f"{a.workload:<26}{a.messages:>9} | {a.msgs_per_s:>14,.0f} {a.mb_per_s:>8.1f} | "
            f"{b.msgs_per_s:>12,.0f} {b.mb_per_s:>8.1f} | {a.msgs_per_s / b.msgs_per_s:>6.2f}{note}"
        )
    for name, lat in (("kbroker", our_latency), ("mock", their_latency)):
        lat = sorted(lat)
        print(
            f"long-poll wake-up, {name:<8}: median {statistics.median(lat):.2f} ms, "
            f"p90 {lat[max(0, int(len(lat) * 0.9) - 1)]:.2f} ms, max {lat[-1]:.2f} ms "
            "(produce started -> parked consumer has the message)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Client quotas under load (must-show 4 of issue 35), with confluent-kafka (librdkafka threads)
against a kbroker process with Kafka's default quota windows (11 x 1 s):

- produce: a producer limited to 1 MB/s (client-id quota) sending flat out for 32 s, its rate
  measured over the last 20 s (the first 11 s are the sampled rate's burst allowance, as in
  Kafka); an unlimited producer's throughput and p99 delivery latency alone, then alongside it;
- fetch: the same with consumers (a consumer limited to 1 MB/s; an unlimited one re-reading the
  topic), over a topic filled first.

    .venv/bin/python bench/bench_quotas.py [--seconds 20] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kbroker_process import start_kbroker  # noqa: E402  (bench/ is the script's own directory)

QUOTA = 1_000_000
VALUE = b"x" * 10_000
WARMUP_S = 12.0
BATCH_SIZE = 131072  # past the 11 windows of the sampled rate


def set_quota(bootstrap: str, client_id: str, key: str) -> None:
    from client import AsyncAdmin

    async def go() -> None:
        async with AsyncAdmin(bootstrap) as admin:
            await admin.alter_client_quotas({(("client-id", client_id),): {key: QUOTA}})

    asyncio.run(go())


class ProducerRun(threading.Thread):
    """A librdkafka producer sending VALUE flat out; (delivery time, latency) per message."""

    def __init__(self, bootstrap: str, client_id: str, topic: str, seconds: float):
        super().__init__(daemon=True)
        self.bootstrap, self.client_id, self.topic, self.seconds = bootstrap, client_id, topic, seconds
        self.delivered: list[tuple[float, float]] = []

    def run(self) -> None:
        from confluent_kafka import Producer

        p = Producer(
            {
                "bootstrap.servers": self.bootstrap,
                "client.id": self.client_id,
                "linger.ms": 2,
                "acks": 1,
                # 128 KB requests. A throttle is computed after a request, so the rate overshoots
                # by up to about one request per window span: librdkafka's default 1 MB batches
                # put a 1 MB/s producer ~15-20% over (Kafka's sampled rate does the same).
                "batch.size": BATCH_SIZE,
                "queue.buffering.max.messages": 200,  # a bounded backlog: latency, not queueing
            }
        )
        start = time.monotonic()

        def done(err, msg, sent: float) -> None:  # type: ignore[no-untyped-def]
            if err is None:
                now = time.monotonic()
                self.delivered.append((now - start, now - sent))

        while time.monotonic() - start < self.seconds:
            sent = time.monotonic()
            try:
                p.produce(self.topic, VALUE, on_delivery=lambda e, m, s=sent: done(e, m, s))
            except BufferError:
                p.poll(0.01)
                continue
            p.poll(0)
        p.flush(30)

    def rate(self, t0: float, t1: float) -> float:
        n = sum(1 for t, _ in self.delivered if t0 <= t < t1)
        return n * len(VALUE) / (t1 - t0)

    def p99_ms(self, t0: float = 0.0) -> float:
        lat = sorted(latency for t, latency in self.delivered if t >= t0)
        return lat[int(len(lat) * 0.99)] * 1000 if lat else float("nan")


class ConsumerRun(threading.Thread):
    """A librdkafka consumer reading the topic from the start, again and again; bytes by time."""

    def __init__(self, bootstrap: str, client_id: str, topic: str, seconds: float):
        super().__init__(daemon=True)
        self.bootstrap, self.client_id, self.topic, self.seconds = bootstrap, client_id, topic, seconds
        self.received: list[tuple[float, int]] = []

    def run(self) -> None:
        from confluent_kafka import OFFSET_BEGINNING, Consumer, TopicPartition

        c = Consumer(
            {
                "bootstrap.servers": self.bootstrap,
                "client.id": self.client_id,
                "group.id": f"g-{self.client_id}",
                "enable.auto.commit": False,
                "enable.partition.eof": True,
                "max.partition.fetch.bytes": 131072,  # the answers' granularity (see batch.size)
            }
        )
        c.assign([TopicPartition(self.topic, 0, OFFSET_BEGINNING)])
        start = time.monotonic()
        while time.monotonic() - start < self.seconds:
            m = c.poll(0.2)
            if m is None:
                continue
            if m.error() is not None:  # the end: read it all again
                c.seek(TopicPartition(self.topic, 0, OFFSET_BEGINNING))
                continue
            self.received.append((time.monotonic() - start, len(m.value() or b"")))
        c.close()

    def rate(self, t0: float, t1: float) -> float:
        return sum(n for t, n in self.received if t0 <= t < t1) / (t1 - t0)


def produce_bench(bootstrap: str, seconds: float) -> None:
    alone = ProducerRun(bootstrap, "free-alone", "p-alone", seconds)
    alone.start()
    alone.join()
    total = WARMUP_S + seconds
    limited = ProducerRun(bootstrap, "limited", "p-limited", total)
    free = ProducerRun(bootstrap, "free", "p-free", seconds)
    limited.start()
    time.sleep(WARMUP_S)
    free.start()
    limited.join()
    free.join()
    lim_rate = limited.rate(WARMUP_S, total)
    print(f"produce: limited producer {lim_rate / 1e6:.3f} MB/s over {seconds:.0f} s "
          f"(quota 1.000 MB/s, {100 * (lim_rate - QUOTA) / QUOTA:+.1f}%)")  # fmt: skip
    a, b = alone.rate(0, seconds), free.rate(0, seconds)
    print(f"produce: unlimited producer alone {a / 1e6:.1f} MB/s p99 {alone.p99_ms():.1f} ms; "
          f"beside the limited one {b / 1e6:.1f} MB/s ({100 * (b - a) / a:+.1f}%) p99 {free.p99_ms():.1f} ms "
          f"({100 * (free.p99_ms() - alone.p99_ms()) / alone.p99_ms():+.1f}%)")  # fmt: skip


def fill(bootstrap: str, topic: str, nbytes: int) -> None:
    from confluent_kafka import Producer

    p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 5})
    for _ in range(nbytes // len(VALUE)):
        while True:
            try:
                p.produce(topic, VALUE)
                break
            except BufferError:
                p.poll(0.05)
    p.flush(60)


def fetch_bench(bootstrap: str, seconds: float) -> None:
    fill(bootstrap, "f", 100_000_000)
    alone = ConsumerRun(bootstrap, "reader-alone", "f", seconds)
    alone.start()
    alone.join()
    total = WARMUP_S + seconds
    limited = ConsumerRun(bootstrap, "reader-limited", "f", total)
    free = ConsumerRun(bootstrap, "reader", "f", seconds)
    limited.start()
    time.sleep(WARMUP_S)
    free.start()
    limited.join()
    free.join()
    lim_rate = limited.rate(WARMUP_S, total)
    print(f"fetch: limited consumer {lim_rate / 1e6:.3f} MB/s over {seconds:.0f} s "
          f"(quota 1.000 MB/s, {100 * (lim_rate - QUOTA) / QUOTA:+.1f}%)")  # fmt: skip
    a, b = alone.rate(0, seconds), free.rate(0, seconds)
    print(f"fetch: unlimited consumer alone {a / 1e6:.1f} MB/s; beside the limited one {b / 1e6:.1f} MB/s "
          f"({100 * (b - a) / a:+.1f}%)")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--quick", action="store_true", help="5 s measurements (figures less steady)")
    ap.add_argument("--batch-size", type=int, default=BATCH_SIZE, help="the producers' batch.size")
    ap.add_argument("--produce-only", action="store_true")
    args = ap.parse_args()
    globals()["BATCH_SIZE"] = args.batch_size
    seconds = 5.0 if args.quick else args.seconds
    with tempfile.TemporaryDirectory() as data:
        proc, bootstrap = start_kbroker(Path(data))
        try:
            set_quota(bootstrap, "limited", "producer_byte_rate")
            set_quota(bootstrap, "reader-limited", "consumer_byte_rate")
            produce_bench(bootstrap, seconds)
            if not args.produce_only:
                fetch_bench(bootstrap, seconds)
        finally:
            proc.terminate()
            proc.wait(30)


if __name__ == "__main__":
    main()

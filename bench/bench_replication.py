"""Replication's cost and speed on one three-broker cluster (ZooKeeper + three `python -m broker`
processes on loopback, as the cluster tests run them).

    .venv/bin/python bench/bench_replication.py [--quick]

1. Produce with aiokafka, acks=all, 100-byte values: a topic with one replica vs a topic with
   three (min.insync.replicas=2), side by side: messages/s and the p50/p99 latency of a send
   (from `send()` to its acknowledgement).
2. Follower catch-up: one follower of a three-replica topic is stopped (SIGSTOP: it stays in
   ZooKeeper) until it leaves the ISR; megabytes are written meanwhile; it resumes, and the time
   until it is back in the ISR gives the catch-up rate in MB/s.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aiokafka import AIOKafkaProducer  # noqa: E402

from broker.cluster import zk_server  # noqa: E402
from tests.cluster.harness import Cluster, eventually, metadata  # noqa: E402
from tests.cluster.test_cluster import settled  # noqa: E402
from tests.cluster.test_replication import create  # noqa: E402
from tests.helpers import free_port  # noqa: E402


async def produce(bootstrap: str, topic: str, messages: int, size: int) -> tuple[float, list[float]]:
    """(seconds, latencies in ms) of `messages` acks=all sends with at most 256 in flight."""
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", linger_ms=1, max_batch_size=65536)
    await producer.start()
    latencies: list[float] = []
    window = asyncio.Semaphore(256)
    value = b"x" * size
    try:
        started = time.perf_counter()
        futures = []
        for i in range(messages):
            await window.acquire()
            sent = time.perf_counter()
            fut = await producer.send(topic, value, key=str(i % 64).encode())

            def done(f: asyncio.Future, sent: float = sent) -> None:
                window.release()
                if not f.exception():
                    latencies.append((time.perf_counter() - sent) * 1000)

            fut.add_done_callback(done)
            futures.append(fut)
        await asyncio.gather(*futures)
        return time.perf_counter() - started, latencies
    finally:
        await producer.stop()


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] if len(values) >= 100 else max(values)


async def in_sync(cluster: Cluster, topic: str, size: int, via: int) -> bool:
    md = await metadata(cluster.brokers[via].port, [topic])
    return all(len(p.isr_nodes) == size for p in md.topics[0].partitions)


async def main(quick: bool) -> None:
    messages = 20_000 if quick else 100_000
    catch_up_mb = 20 if quick else 100
    with tempfile.TemporaryDirectory() as tmp:
        zk = zk_server.ZooKeeperServer(Path(tmp) / "zk", free_port()).start()
        cluster = Cluster(
            Path(tmp),
            zk.connect + "/bench",
            3,
            {"replica.lag.time.max.ms": "2000", "zookeeper.session.timeout.ms": "30000"},
        )
        try:
            cluster.start()
            await settled(cluster)
            await create(cluster, "rf1", 3, rf=1)
            await create(cluster, "rf3", 3, rf=3, min_insync_replicas="2")
            await eventually(lambda: in_sync(cluster, "rf3", 3, 1), 30, "rf3 in sync")
            bootstrap = cluster.bootstrap()
            print(f"produce acks=all, {messages} x 100 B, aiokafka, 3 brokers (median of 3 runs each):")
            rows = {}
            for topic in ("rf1", "rf3"):
                runs = [await produce(bootstrap, topic, messages, 100) for _ in range(3)]
                seconds, lat = sorted(runs, key=lambda r: r[0])[1]
                rows[topic] = messages / seconds
                print(
                    f"  {topic}: {messages / seconds:>9,.0f} msgs/s   latency p50 {pct(lat, 50):6.1f} ms   "
                    f"p99 {pct(lat, 99):6.1f} ms"
                )
            print(f"  rf3 / rf1: {rows['rf3'] / rows['rf1']:.2f}x")

            # Follower catch-up.
            await create(cluster, "catchup", 1, rf=3)
            md = await metadata(cluster.brokers[1].port, ["catchup"])
            part = md.topics[0].partitions[0]
            leader = part.leader_id
            follower = next(b for b in part.replica_nodes if b != leader)
            await eventually(lambda: in_sync(cluster, "catchup", 3, leader), 30, "catchup in sync")
            cluster.brokers[follower].pause()
            await eventually(
                lambda: in_sync(cluster, "catchup", 2, leader), 30, "the paused follower to leave"
            )
            n = catch_up_mb * 100
            await produce(bootstrap, "catchup", n, 10_000)
            started = time.perf_counter()
            cluster.brokers[follower].resume()
            await eventually(
                lambda: in_sync(cluster, "catchup", 3, leader), 120, "the follower to catch up", interval=0.02
            )
            seconds = time.perf_counter() - started
            print(
                f"follower catch-up: {n * 10_000 / 1e6:.0f} MB in {seconds:.2f} s = "
                f"{n * 10_000 / 1e6 / seconds:.0f} MB/s (resume to back in the ISR)"
            )
        finally:
            cluster.stop()
            zk.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    asyncio.run(main(parser.parse_args().quick))

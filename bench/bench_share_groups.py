"""Share groups (KIP-932) next to a classic consumer group, on one kbroker, same run.

    python bench/bench_share_groups.py [--quick] [--records N] [--consumers 1,4,8]

One topic of one partition is filled with N records of 100 bytes. Then, each from the start:
- share: a share group of 1, 4 and 8 members of our AsyncShareConsumer, explicit
  acknowledgement: each member takes up to 500 records, ACCEPTs each and sends them at once
  (ShareAcknowledge, `commit()`); the broker answers once the acknowledgement is durable in
  `__share_group_state`. Measured: records/s until every record was accepted (answered), and
  the acknowledgement latency (the ShareAcknowledge round trip) p50/p99;
- classic: one AsyncConsumer in a classic group, committing its offsets after every poll
  (OffsetCommit, durable in `__consumer_offsets`): records/s and commit latency p50/p99.

kbroker runs as its own process; the consumers share this one (one event loop), so on a small
machine the client side costs as much as the broker: the figures compare, they do not bound.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.kbroker_process import start_kbroker  # noqa: E402
from client import (  # noqa: E402
    AcknowledgeType,
    AsyncAdmin,
    AsyncConsumer,
    AsyncProducer,
    AsyncShareConsumer,
    NewTopic,
    TopicPartition,
)

TOPIC = "bench-share"
TP = TopicPartition(TOPIC, 0)
OVERRIDES = (
    "group.share.enable=true",
    "group.share.min.heartbeat.interval.ms=100",
    "group.share.heartbeat.interval.ms=500",
    "share.coordinator.state.topic.num.partitions=1",
    "share.coordinator.state.topic.replication.factor=1",
    "group.initial.rebalance.delay.ms=0",
)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def fill(bootstrap: str, n: int) -> None:
    async with AsyncAdmin(bootstrap) as admin:
        await admin.create_topics([NewTopic(TOPIC, 1, 1)])
    value = b"x" * 100
    async with AsyncProducer(bootstrap_servers=bootstrap, linger_ms=5) as p:
        futures = [await p.send(TOPIC, value, partition=0) for _ in range(n)]
        await asyncio.gather(*futures)


async def share_run(bootstrap: str, n: int, members: int) -> tuple[float, list[float]]:
    group = f"bench-share-{members}"
    # the group starts at the beginning: a member joins and leaves, the empty group is reset
    async with AsyncShareConsumer(TOPIC, group_id=group, bootstrap_servers=bootstrap) as first:
        await first.wait_for_assignment()
    async with AsyncAdmin(bootstrap) as admin:
        await admin.alter_share_group_offsets(group, {TP: 0})
    consumers = [
        AsyncShareConsumer(
            TOPIC, group_id=group, bootstrap_servers=bootstrap, share_acknowledgement_mode="explicit"
        )
        for _ in range(members)
    ]
    for c in consumers:
        await c.start()
    for c in consumers:
        await c.wait_for_assignment()
    accepted: set[int] = set()
    latencies: list[float] = []
    done = asyncio.Event()

    async def work(c: AsyncShareConsumer) -> None:
        while not done.is_set():
            records = (await c.getmany(timeout_ms=200, max_records=500)).get(TP, [])
            if not records:
                continue
            for r in records:
                c.acknowledge(r, AcknowledgeType.ACCEPT)
            t0 = time.perf_counter()
            answer = await c.commit()
            latencies.append(time.perf_counter() - t0)
            if answer.get(TP, Exception()) is None:
                accepted.update(r.offset for r in records)
            if len(accepted) >= n:
                done.set()

    start = time.perf_counter()
    await asyncio.gather(*(work(c) for c in consumers))
    elapsed = time.perf_counter() - start
    for c in consumers:
        await c.close()
    return n / elapsed, latencies


async def classic_run(bootstrap: str, n: int) -> tuple[float, list[float]]:
    c = AsyncConsumer(
        TOPIC,
        group_id="bench-classic",
        bootstrap_servers=bootstrap,
        auto_offset_reset="earliest",
        enable_auto_commit=False,
    )
    await c.start()
    latencies: list[float] = []
    seen = 0
    start = time.perf_counter()
    try:
        while seen < n:
            batches = await c.getmany(timeout_ms=200, max_records=500)
            got = sum(len(b) for b in batches.values())
            if not got:
                continue
            seen += got
            t0 = time.perf_counter()
            await c.commit()
            latencies.append(time.perf_counter() - t0)
        elapsed = time.perf_counter() - start
    finally:
        await c.close()
    return n / elapsed, latencies


async def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--quick", action="store_true", help="fewer records")
    p.add_argument("--records", type=int, default=0)
    p.add_argument("--consumers", default="1,4,8")
    args = p.parse_args()
    n = args.records or (5_000 if args.quick else 20_000)
    data = Path(tempfile.mkdtemp(prefix="bench-share-"))
    proc, bootstrap = start_kbroker(data, *OVERRIDES)
    try:
        await fill(bootstrap, n)
        print(f"share groups vs a classic group on kbroker: {n} records of 100 B, one partition")
        print(f"{'group':<22}{'records/s':>12}{'ack p50 ms':>12}{'ack p99 ms':>12}{'acks':>7}")
        for members in (int(x) for x in args.consumers.split(",")):
            rate, lat = await share_run(bootstrap, n, members)
            row = f"share, {members} consumer{'s' if members > 1 else ''}"
            print(
                f"{row:<22}{rate:>12,.0f}{pct(lat, 0.5) * 1000:>12.1f}{pct(lat, 0.99) * 1000:>12.1f}{len(lat):>7}"
            )
        rate, lat = await classic_run(bootstrap, n)
        row = "classic, 1 consumer"
        print(
            f"{row:<22}{rate:>12,.0f}{pct(lat, 0.5) * 1000:>12.1f}{pct(lat, 0.99) * 1000:>12.1f}{len(lat):>7}"
        )
    finally:
        proc.terminate()
        proc.wait(20)
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())

"""Client quotas under load (must-show 4 of issue 35), with confluent-kafka (librdkafka) and
aiokafka clients, each in a process of its own, against a kbroker process with Kafka's default
quota windows (11 x 1 s):

- produce: a producer limited to 1 MB/s (client-id quota) sending flat out for 32 s, its rate
  measured over the last 20 s (the first seconds spend the burst a new client is allowed, 10 s
  of its quota); an unlimited producer's throughput and p99 delivery latency alone, for 20 s
  beside the limited one, and alone again; then the limited one alone, for the broker's CPU;
- fetch: the same with consumers re-reading a topic filled first (a consumer limited to 1 MB/s;
  an unlimited one, whose latency is the p99 of its fetch round trips: librdkafka's statistics,
  or the wait for each aiokafka batch).

The machine's load moves every figure between runs: each repeat measures the unlimited client
alone just before and just after it runs beside the limited one, and `--repeat` shows how much
the figures move. The log lives in memory (`--data-dir`, /dev/shm by default, with retention
keeping each partition under ~1 GB): an unlimited producer writes 200-400 MB/s, and on a disk
the kernel's writeback of gigabytes of dirty pages moved its "alone" figure by 2x between two
runs a minute apart (measured: 397.6 then 171.2 MB/s), which says nothing about quotas.

    .venv/bin/python bench/bench_quotas.py [--seconds 20] [--clients confluent,aiokafka]
        [--repeat 1] [--quick] [--produce-only | --fetch-only] [--data-dir DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kbroker_process import start_kbroker  # noqa: E402  (bench/ is the script's own directory)

QUOTA = 1_000_000
VALUE = b"x" * 10_000
# The limited client's burst (10 s of its quota) is spent first: a consumer fetching 128 KB a
# round trip on a loaded machine took more than 4 s for it.
WARMUP_S = 12.0
BATCH = 131072  # request size of the producers, answer size per partition of the consumers
FILL = 200_000_000  # the topic the consumers re-read
# The producers' partitions kept under ~1 GB each (the consumers' topic, FILL bytes, is kept whole).
RETENTION = (
    "log.segment.bytes=134217728",
    "log.retention.bytes=1073741824",
    "log.retention.check.interval.ms=2000",
)

# (monotonic time, bytes, latency in s or -1): what a client got done, when
Events = list[tuple[float, int, float]]
READY = -2.0  # the latency of the event a client notes once set up and started: when it started


def _wait_until(start_at: float) -> None:
    time.sleep(max(0.0, start_at - time.monotonic()))


# -- clients (each in its own process) -----------------------------------------------------------


def confluent_producer(bootstrap: str, client_id: str, topic: str, start_at: float, seconds: float) -> Events:
    from confluent_kafka import Producer

    p = Producer(
        {
            "bootstrap.servers": bootstrap,
            "client.id": client_id,
            "linger.ms": 2,
            "acks": 1,
            "batch.size": BATCH,
            "queue.buffering.max.messages": 200,  # a bounded backlog: latency, not queueing
        }
    )
    events: Events = []

    def done(err, msg, sent: float) -> None:  # type: ignore[no-untyped-def]
        if err is None:
            now = time.monotonic()
            events.append((now, len(VALUE), now - sent))

    p.produce(topic, b"")  # the topic, the connection and its metadata before the clock starts
    p.flush(30)
    _wait_until(start_at)
    events.append((time.monotonic(), 0, READY))
    end = start_at + seconds
    while time.monotonic() < end:
        sent = time.monotonic()
        try:
            p.produce(topic, VALUE, on_delivery=lambda e, m, s=sent: done(e, m, s))
        except BufferError:
            p.poll(0.01)
            continue
        p.poll(0)
    p.flush(30)
    return events


def aiokafka_producer(bootstrap: str, client_id: str, topic: str, start_at: float, seconds: float) -> Events:
    from aiokafka import AIOKafkaProducer

    async def go() -> Events:
        p = AIOKafkaProducer(
            bootstrap_servers=bootstrap, client_id=client_id, linger_ms=2, acks=1, max_batch_size=BATCH
        )
        await p.start()
        events: Events = []
        try:
            await p.send_and_wait(topic, b"")  # metadata and connection before the clock starts
            await asyncio.sleep(max(0.0, start_at - time.monotonic()))
            events.append((time.monotonic(), 0, READY))
            end = start_at + seconds
            while time.monotonic() < end:
                sent = time.monotonic()
                fut = await p.send(topic, VALUE)  # waits while the partition's batches are full

                def done(f, sent: float = sent) -> None:  # type: ignore[no-untyped-def]
                    if not f.cancelled() and f.exception() is None:
                        now = time.monotonic()
                        events.append((now, len(VALUE), now - sent))

                fut.add_done_callback(done)
            await p.flush()
        finally:
            await p.stop()
        return events

    return asyncio.run(go())


def confluent_consumer(bootstrap: str, client_id: str, topic: str, start_at: float, seconds: float) -> Events:
    """Bytes by time; the latency column holds the p99 of librdkafka's fetch round trips over
    each second (its statistics)."""
    from confluent_kafka import OFFSET_BEGINNING, Consumer, TopicPartition

    events: Events = []

    def on_stats(raw: str) -> None:
        for b in json.loads(raw).get("brokers", {}).values():
            rtt = b.get("rtt", {})
            if b.get("nodeid", -1) >= 0 and rtt.get("cnt", 0) > 0:
                events.append((time.monotonic(), 0, rtt["p99"] / 1e6))

    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "client.id": client_id,
            "group.id": f"g-{client_id}",
            "enable.auto.commit": False,
            "enable.partition.eof": True,
            "max.partition.fetch.bytes": BATCH,
            "fetch.wait.max.ms": 10,  # the end of the topic is not a 500 ms long poll each pass
            "statistics.interval.ms": 1000,
            "stats_cb": on_stats,
        }
    )
    c.list_topics(topic, 30)  # connected before the clock starts; assigned (and fetching) after
    _wait_until(start_at)
    events.append((time.monotonic(), 0, READY))
    c.assign([TopicPartition(topic, 0, OFFSET_BEGINNING)])
    end = start_at + seconds
    while time.monotonic() < end:
        for m in c.consume(500, 0.2):
            if m.error() is not None:  # the end: read it all again
                c.seek(TopicPartition(topic, 0, OFFSET_BEGINNING))
                continue
            events.append((time.monotonic(), len(m.value() or b""), -1.0))
    c.close()
    return events


def aiokafka_consumer(bootstrap: str, client_id: str, topic: str, start_at: float, seconds: float) -> Events:
    """Bytes by time; the latency column holds the wait for each batch getmany returns."""
    from aiokafka import AIOKafkaConsumer, TopicPartition

    async def go() -> Events:
        tp = TopicPartition(topic, 0)
        c = AIOKafkaConsumer(
            bootstrap_servers=bootstrap, client_id=client_id, enable_auto_commit=False,
            max_partition_fetch_bytes=BATCH, fetch_max_bytes=BATCH, fetch_max_wait_ms=10,
        )  # fmt: skip
        await c.start()
        events: Events = []
        try:
            await asyncio.sleep(max(0.0, start_at - time.monotonic()))
            events.append((time.monotonic(), 0, READY))
            c.assign([tp])
            await c.seek_to_beginning(tp)
            end = start_at + seconds
            while time.monotonic() < end:
                asked = time.monotonic()
                batch = await c.getmany(tp, timeout_ms=200)
                now = time.monotonic()
                records = batch.get(tp, [])
                if records:
                    events.append((now, sum(len(r.value or b"") for r in records), now - asked))
                high = c.highwater(tp)
                if high is not None and await c.position(tp) >= high:
                    await c.seek_to_beginning(tp)  # the end: read it all again
        finally:
            await c.stop()
        return events

    return asyncio.run(go())


CLIENTS = {
    ("confluent", "produce"): confluent_producer,
    ("aiokafka", "produce"): aiokafka_producer,
    ("confluent", "fetch"): confluent_consumer,
    ("aiokafka", "fetch"): aiokafka_consumer,
}


# -- the measurements ---------------------------------------------------------------------------


def rate(events: Events, t0: float, t1: float) -> float:
    return sum(n for t, n, _ in events if t0 <= t < t1) / (t1 - t0)


def p99_ms(events: Events, t0: float, t1: float, per_second: bool = False) -> float:
    """The p99 of the latencies; `per_second`: the median of p99s reported each second."""
    lat = sorted(latency for t, _, latency in events if t0 <= t < t1 and latency >= 0)
    if not lat:
        return float("nan")
    return (statistics.median(lat) if per_second else lat[min(len(lat) - 1, int(len(lat) * 0.99))]) * 1000


def cpu_s(pid: int) -> float:
    """The process's CPU time so far (user + system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def late_s(events: Events, start: float) -> float:
    """How late the client started (its set-up took longer than the lead it was given)."""
    return max((t for t, _, latency in events if latency == READY), default=start) - start


def pct(a: float, b: float) -> str:
    return f"{100 * (b - a) / a:+.1f}%"


def measure(
    pool: ProcessPoolExecutor, lib: str, kind: str, bootstrap: str, seconds: float, broker: int
) -> dict[str, float]:
    """One repeat: the unlimited client alone, then the limited one and (after its warm-up) the
    unlimited one beside it, then the unlimited one alone again; "alone" is the mean of the two,
    which takes out the machine's load drifting one way over the repeat; last the limited one
    alone. The broker's CPU time per GB the unlimited client moved, and the share of a core the
    limited one takes, tell their costs apart from the machine's other jobs, which take time
    from the broker but little of its CPU time."""
    client = CLIENTS[(lib, kind)]
    topic = "f" if kind == "fetch" else f"p-{lib}"
    free_id = f"{lib}-{kind}-free"
    limited_id = f"{lib}-{kind}-limited"
    per_second = (lib, kind) == ("confluent", "fetch")

    def alone() -> tuple[float, float, float]:
        start, cpu = time.monotonic() + 5, cpu_s(broker)  # the process and client started, connected
        events = pool.submit(client, bootstrap, free_id, topic, start, seconds).result()
        late.append(late_s(events, start))
        per_gb = (cpu_s(broker) - cpu) / (sum(n for _, n, _ in events) / 1e9)
        return (
            rate(events, start, start + seconds),
            p99_ms(events, start, start + seconds, per_second),
            per_gb,
        )

    late: list[float] = []  # how late each run's client started (see late_s)
    before = alone()
    start = time.monotonic() + 5
    t0, t1 = start + WARMUP_S, start + WARMUP_S + seconds
    limited = pool.submit(client, bootstrap, limited_id, topic, start, WARMUP_S + seconds)
    free = pool.submit(client, bootstrap, free_id, topic, t0, seconds)
    time.sleep(max(0.0, t0 - time.monotonic()))
    cpu = cpu_s(broker)
    lim_events, free_events = limited.result(), free.result()
    late += [late_s(lim_events, start), late_s(free_events, t0)]
    beside_cpu = (cpu_s(broker) - cpu) / (rate(free_events, t0, t1) * seconds / 1e9)
    after = alone()
    # the limited client alone, once its burst is spent: what it costs the broker
    start = time.monotonic() + 5
    limited = pool.submit(client, bootstrap, limited_id, topic, start, WARMUP_S + seconds / 2)
    time.sleep(max(0.0, start + WARMUP_S - time.monotonic()))
    cpu = cpu_s(broker)
    limited.result()
    limited_cpu = (cpu_s(broker) - cpu) / (seconds / 2)
    out = {
        "limited": rate(lim_events, t0, t1),
        "alone": (before[0] + after[0]) / 2,
        "beside": rate(free_events, t0, t1),
        "alone_p99": (before[1] + after[1]) / 2,
        "beside_p99": p99_ms(free_events, t0, t1, per_second),
        "alone_cpu": (before[2] + after[2]) / 2,
        "beside_cpu": beside_cpu,
        "limited_cpu": limited_cpu,
    }
    if max(late) > 0.1:
        print(f"(a client started late by up to {max(late):.1f} s: its rate reads low)")
    print(
        f"{lib} {kind}: limited {out['limited'] / 1e6:.3f} MB/s over {seconds:.0f} s "
        f"({pct(QUOTA, out['limited'])} of 1 MB/s); unlimited alone {before[0] / 1e6:.1f} and "
        f"{after[0] / 1e6:.1f} MB/s, beside {out['beside'] / 1e6:.1f} MB/s ({pct(out['alone'], out['beside'])}); "
        f"p99 alone {before[1]:.1f} and {after[1]:.1f} ms, beside {out['beside_p99']:.1f} ms "
        f"({pct(out['alone_p99'], out['beside_p99'])}); broker CPU s per GB alone {before[2]:.2f} and "
        f"{after[2]:.2f}, beside {beside_cpu:.2f} ({pct(out['alone_cpu'], beside_cpu)}); the limited "
        f"client alone takes {100 * limited_cpu:.1f}% of a core",
        flush=True,
    )
    return out


def set_quota(bootstrap: str, client_id: str, key: str) -> None:
    from client import AsyncAdmin

    async def go() -> None:
        async with AsyncAdmin(bootstrap) as admin:
            await admin.alter_client_quotas({(("client-id", client_id),): {key: QUOTA}})

    asyncio.run(go())


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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--quick", action="store_true", help="5 s measurements (figures less steady)")
    ap.add_argument("--clients", default="confluent,aiokafka")
    ap.add_argument("--repeat", type=int, default=1)
    only = ap.add_mutually_exclusive_group()
    only.add_argument("--produce-only", action="store_true")
    only.add_argument("--fetch-only", action="store_true")
    ap.add_argument("--data-dir", default="/dev/shm" if os.path.isdir("/dev/shm") else None)
    args = ap.parse_args()
    seconds = 5.0 if args.quick else args.seconds
    libs = args.clients.split(",")
    kinds = ["produce"] * (not args.fetch_only) + ["fetch"] * (not args.produce_only)
    results: dict[tuple[str, str], list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(dir=args.data_dir) as data:
        proc, bootstrap = start_kbroker(Path(data), *RETENTION)
        try:
            with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
                for lib in libs:
                    for kind in ("produce", "fetch"):
                        key = "producer_byte_rate" if kind == "produce" else "consumer_byte_rate"
                        set_quota(bootstrap, f"{lib}-{kind}-limited", key)
                if "fetch" in kinds:
                    fill(bootstrap, "f", FILL)
                for _ in range(args.repeat):
                    for kind in kinds:
                        for lib in libs:
                            results.setdefault((lib, kind), []).append(
                                measure(pool, lib, kind, bootstrap, seconds, proc.pid)
                            )
        finally:
            proc.terminate()
            proc.wait(30)
    if args.repeat > 1:
        for (lib, kind), runs in results.items():
            med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            print(
                f"{lib} {kind}, median of {len(runs)}: limited {pct(QUOTA, med['limited'])}, "
                f"unlimited {pct(med['alone'], med['beside'])}, p99 {pct(med['alone_p99'], med['beside_p99'])}, "
                f"broker CPU per GB {pct(med['alone_cpu'], med['beside_cpu'])}, "
                f"limited client {100 * med['limited_cpu']:.1f}% of a core"
            )


if __name__ == "__main__":
    main()

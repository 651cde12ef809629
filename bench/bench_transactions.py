"""Transactions: kbroker next to the librdkafka mock cluster, same workload, same run.

    python bench/bench_transactions.py [--seconds S] [--records N]

1. transactions/s: one confluent-kafka transactional producer in a closed loop of
   begin -> N records -> commit, N = 10 and 1,000 (100-byte values, one partition). kbroker
   answers EndTxn once the Prepare record is durable (as Kafka); the markers and the Complete
   record are written while the client begins its next transaction.
2. consume records/s: a topic of committed transactions (1,000 records each, every tenth one
   aborted), read to its end by a confluent-kafka consumer with isolation.level
   read_committed and read_uncommitted.
3. transactions/s of 10 records again with Kafka's page-cache durability (log.flush.interval.ms
   set: answered once written, fsynced each second), next to the mock's figure of (1).
4. kbroker's CPU (user + system, all its threads) per transaction of 10 records, with each
   durability: steadier than the rates on a shared machine, where the client's and the other
   processes' share of the cores moves the rates by ±30% run to run.
5. where a transaction's time goes in kbroker with fsync durability: the mean time from each
   request's decoding to its encoded answer (AddPartitionsToTxn, Produce, EndTxn; from its
   Prometheus metrics, `metrics.port`), and the fsync passes per transaction with their mean.
   Only answers that waited (for a thread's fsync, the previous transaction's markers) are
   timed, so each row tells how many of them a transaction had; those answered in the pass
   that read them (page-cache durability, the coordinator's fsync on the loop) are not.

kbroker runs as its own process (`python -m broker`), the mock inside this one (C threads).
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.kbroker_process import free_port, start_kbroker  # noqa: E402
from tests.interop.rdkafka_mock import MockCluster  # noqa: E402

VALUE = b"x" * 100
PAGE_CACHE = "log.flush.interval.ms=1000"
CPU_ROW = "broker CPU us per txn, 10 records each"


def txn_rate(bootstrap: str, topic: str, per_txn: int, seconds: float, tid: str) -> float:
    from confluent_kafka import Producer

    p = Producer(
        {"bootstrap.servers": bootstrap, "transactional.id": tid, "linger.ms": 1, "batch.num.messages": 10000}
    )
    p.init_transactions(30)
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        p.begin_transaction()
        for _ in range(per_txn):
            p.produce(topic, VALUE, partition=0)
        p.commit_transaction(30)
        done += 1
    elapsed = time.perf_counter() - started
    p.flush(10)
    return done / elapsed


def _timed(bootstrap: str, topic: str, per_txn: int, seconds: float, tid: str) -> tuple[float, float]:
    started = time.perf_counter()
    per_s = txn_rate(bootstrap, topic, per_txn, seconds, tid)
    return per_s, time.perf_counter() - started


def fill(bootstrap: str, topic: str, records: int, tid: str) -> int:
    """Transactions of 1,000 records, every tenth aborted; returns the committed record count."""
    from confluent_kafka import Producer

    p = Producer({"bootstrap.servers": bootstrap, "transactional.id": tid, "linger.ms": 5})
    p.init_transactions(30)
    committed = 0
    for i in range(records // 1000):
        p.begin_transaction()
        for _ in range(1000):
            p.produce(topic, VALUE, partition=0)
        if i % 10 == 9:
            p.flush(30)  # in the log, then aborted (abort_transaction alone drops what is unsent)
            p.abort_transaction(30)
        else:
            p.commit_transaction(30)
            committed += 1000
    return committed


def consume_rate(bootstrap: str, topic: str, isolation: str) -> tuple[float, int]:
    """Records/s reading the partition from its start to its end (the LSO for read_committed)."""
    from confluent_kafka import Consumer, TopicPartition

    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": f"bench-{isolation}-{time.monotonic_ns()}",
            "isolation.level": isolation,
            "enable.auto.commit": False,
            "enable.partition.eof": True,
            "fetch.max.bytes": 8 << 20,
        }
    )
    c.assign([TopicPartition(topic, 0, 0)])
    n = 0
    started = time.perf_counter()
    deadline = started + 30
    eof = False
    while not eof and time.perf_counter() < deadline:
        for m in c.consume(10000, 1.0):
            if m.error():
                eof = eof or m.error().code() == -191
            else:
                n += 1
    elapsed = time.perf_counter() - started
    c.close()
    return n / elapsed, n


def cpu_per_txn(pid: int | None, rate: Callable[[], tuple[float, float]]) -> tuple[float, float]:
    """`rate()`'s transactions/s, and the CPU seconds process `pid` spent per transaction meanwhile."""
    if pid is None:
        return rate()[0], 0.0
    import psutil

    process = psutil.Process(pid)
    before = process.cpu_times()
    per_s, elapsed = rate()
    after = process.cpu_times()
    used = (after.user - before.user) + (after.system - before.system)
    return per_s, used / max(per_s * elapsed, 1.0)


_SERIES = re.compile(
    r'^kbroker_(request_latency|fsync_latency)_seconds_(sum|count)(?:\{api="(\w+)"\})? (\S+)$', re.M
)
TIMED_APIS = ("AddPartitionsToTxn", "Produce", "EndTxn")


def _latencies(metrics_port: int) -> dict[tuple[str, str], float]:
    """(api or "fsync", "sum" / "count") from kbroker's Prometheus endpoint."""
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5) as r:
        text = r.read().decode()
    return {(m[3] or "fsync", m[2]): float(m[4]) for m in _SERIES.finditer(text)}


def where_time_goes(
    before: dict[tuple[str, str], float], after: dict[tuple[str, str], float], txns: float
) -> dict[str, str]:
    """Rows: each request's mean time in the broker, the fsync passes per transaction."""
    out: dict[str, str] = {}
    for api in (*TIMED_APIS, "fsync"):
        n = after.get((api, "count"), 0.0) - before.get((api, "count"), 0.0)
        spent = after.get((api, "sum"), 0.0) - before.get((api, "sum"), 0.0)
        if n <= 0:
            continue
        mean = f"{spent / n * 1e6:,.0f}"
        if api == "fsync":
            out["fsync passes per txn (10 records), mean us"] = f"{n / max(txns, 1.0):.2f} x {mean}"
        else:  # only the answers that waited are timed: how many of them per transaction
            out[f"broker us per late {api} (10 records, decode to answer)"] = (
                f"{mean} ({n / max(txns, 1.0):.2f} per txn)"
            )
    return out


def run(
    name: str,
    bootstrap: str,
    create,
    seconds: float,
    records: int,
    pid: int | None = None,
    metrics_port: int | None = None,
) -> dict[str, str]:
    out: dict[str, str] = {}
    for per in (10, 1000):
        topic = f"txn-rate-{per}"
        create(topic)
        timed = per == 10 and metrics_port is not None
        before = _latencies(metrics_port) if timed and metrics_port is not None else {}
        started = time.perf_counter()
        per_s, cpu = cpu_per_txn(
            pid, functools.partial(_timed, bootstrap, topic, per, seconds, f"{name}-r{per}")
        )
        elapsed = time.perf_counter() - started
        out[f"txn/s, {per} records each"] = f"{per_s:,.0f}"
        if per == 10 and pid is not None:
            out[CPU_ROW] = f"{cpu * 1e6:,.0f}"
        if timed and metrics_port is not None:
            out.update(where_time_goes(before, _latencies(metrics_port), per_s * elapsed))
    create("txn-consume")
    committed = fill(bootstrap, "txn-consume", records, f"{name}-fill")
    rc, n_rc = consume_rate(bootstrap, "txn-consume", "read_committed")
    ru, n_ru = consume_rate(bootstrap, "txn-consume", "read_uncommitted")
    out["consume read_committed rec/s"] = f"{rc:,.0f} ({n_rc:,} records)" if n_rc else "n/a"
    out["consume read_uncommitted rec/s"] = f"{ru:,.0f} ({n_ru:,} records)" if n_ru else "n/a"
    # Only kbroker's read is checked: the mock's read_committed sometimes returns the aborted
    # records as well (seen with --records 20000: all 20,000 of 18,000 committed).
    assert pid is None or not n_rc or n_rc == committed, (
        f"read_committed read {n_rc:,} records, {committed:,} were committed"
    )
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=4.0)
    ap.add_argument("--records", type=int, default=100_000)
    a = ap.parse_args()
    import asyncio

    from tests.helpers import create_topic

    results: dict[str, dict[str, str]] = {}
    with tempfile.TemporaryDirectory() as d:
        metrics_port = free_port()
        proc, bootstrap = start_kbroker(
            Path(d), "transaction.state.log.num.partitions=1", f"metrics.port={metrics_port}"
        )
        try:
            port = int(bootstrap.rsplit(":", 1)[1])
            results["kbroker"] = run(
                "kb",
                bootstrap,
                lambda t: asyncio.run(create_topic(port, t, 1)),
                a.seconds,
                a.records,
                proc.pid,
                metrics_port,
            )
        finally:
            proc.terminate()
            proc.wait(30)
    # Kafka's page-cache durability (flush.ms set): no fsync on a transaction's path at all.
    page_cache = f"txn/s, 10 records each [{PAGE_CACHE}]"
    with tempfile.TemporaryDirectory() as d:
        proc, bootstrap = start_kbroker(Path(d), "transaction.state.log.num.partitions=1", PAGE_CACHE)
        try:
            port = int(bootstrap.rsplit(":", 1)[1])
            asyncio.run(create_topic(port, "txn-rate-pc", 1))
            per_s, cpu = cpu_per_txn(
                proc.pid, lambda: _timed(bootstrap, "txn-rate-pc", 10, a.seconds, "kb-pc")
            )
            results["kbroker"][page_cache] = f"{per_s:,.0f}"
            results["kbroker"][f"{CPU_ROW} [{PAGE_CACHE}]"] = f"{cpu * 1e6:,.0f}"
        finally:
            proc.terminate()
            proc.wait(30)
    mock = MockCluster(brokers=1)
    try:
        results["librdkafka mock"] = run(
            "mock", mock.bootstrap, lambda t: mock.create_topic(t, 1), a.seconds, a.records
        )
    finally:
        mock.close()
    results["librdkafka mock"][page_cache] = results["librdkafka mock"]["txn/s, 10 records each"]
    for row in results["kbroker"]:
        results["librdkafka mock"].setdefault(row, "n/a")  # the mock runs in this process
    print(
        f"transactions: kbroker vs librdkafka mock cluster (cpus={os.cpu_count()}, {a.seconds:.0f}s per rate)"
    )
    rows = list(results["kbroker"])
    width = max(len(r) for r in rows)
    print(f"{'':{width}}  {'kbroker':>26}  {'librdkafka mock':>26}")
    for r in rows:
        print(f"{r:{width}}  {results['kbroker'][r]:>26}  {results['librdkafka mock'][r]:>26}")
    print(
        "(n/a: the mock did not serve that read of its transactional topic; its CPU is not told"
        " apart from the client's, in the same process)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

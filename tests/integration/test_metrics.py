"""Must-show 3 of issue 19: /metrics scraped and parsed with prometheus_client's own parser. The
lag series equal kbroker-consumer-groups' LAG column for the same groups; request counters move
when requests are made; the endpoint answers while the broker is under produce load; off unless
metrics.port is set."""

from __future__ import annotations

import asyncio
import json
import sys
import urllib.request

import pytest
from prometheus_client.parser import text_string_to_metric_families

from client import AsyncAdmin, AsyncConsumer, AsyncProducer, NewTopic, TopicPartition
from tests.helpers import BrokerProcess, async_wait_until, free_port, start_broker

pytestmark = pytest.mark.timeout(180)


def scrape(port: int) -> dict[str, list]:
    """sample name -> samples (name, labels, value), as prometheus_client's parser reads them."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as r:
        assert r.status == 200 and r.headers["Content-Type"].startswith("text/plain")
        text = r.read().decode()
    out: dict[str, list] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out.setdefault(sample.name, []).append(sample)
    return out


def value(samples: dict[str, list], name: str, **labels: str) -> float | None:
    found = [s.value for s in samples.get(name, []) if all(s.labels.get(k) == v for k, v in labels.items())]
    assert len(found) <= 1, (name, labels, found)
    return found[0] if found else None


async def scrape_async(port: int) -> dict[str, list]:
    return await asyncio.get_running_loop().run_in_executor(None, scrape, port)


@pytest.fixture
def proc(tmp_path):
    metrics_port = free_port()
    bp = BrokerProcess(tmp_path / "data", extra={"metrics.port": str(metrics_port)})
    bp.metrics_port = metrics_port
    bp.start()
    try:
        yield bp
    finally:
        bp.stop()


async def test_lag_series_equal_the_tools_lag_column(proc):
    bootstrap = proc.bootstrap
    async with AsyncAdmin(bootstrap) as admin:
        await admin.create_topics([NewTopic("events", 3)])
        async with AsyncProducer(bootstrap, linger_ms=0) as producer:
            for i in range(30):
                await producer.send("events", b"e%d" % i, partition=i % 3)
            await producer.flush()
        await admin.alter_group_offsets(
            "idle", {TopicPartition("events", 0): 3, TopicPartition("events", 1): 10}
        )
        consumer = AsyncConsumer(
            "events",
            bootstrap_servers=bootstrap,
            group_id="live",
            auto_offset_reset="earliest",
            enable_auto_commit=False,
        )
        await consumer.start()
        try:

            async def assigned() -> bool:
                await consumer.getmany(timeout_ms=100)
                return len(consumer.assignment()) == 3

            await async_wait_until(assigned, 30, what="live to be assigned")
            await consumer.commit({TopicPartition("events", 2): 4, TopicPartition("events", 0): 10})
            samples = await scrape_async(proc.metrics_port)
            for group in ("idle", "live"):
                cmd = await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-m",
                    "client.cli.consumer_groups",
                    "--bootstrap-server",
                    bootstrap,
                    "--describe",
                    "--group",
                    group,
                    "--output",
                    "json",
                    stdout=asyncio.subprocess.PIPE,
                )
                out, _ = await cmd.communicate()
                rows = json.loads(out)
                with_lag = [r for r in rows if r["LAG"] is not None]
                assert with_lag, rows
                for r in rows:
                    series = value(
                        samples,
                        "kbroker_consumer_lag",
                        group=group,
                        topic=r["TOPIC"],
                        partition=str(r["PARTITION"]),
                    )
                    assert series == (None if r["LAG"] is None else float(r["LAG"])), (group, r)
                assert value(samples, "kbroker_consumer_group_lag", group=group) == sum(
                    r["LAG"] for r in with_lag
                )
            assert value(samples, "kbroker_group_members", group="live") == 1
            assert value(samples, "kbroker_group_members", group="idle") == 0
            assert value(samples, "kbroker_groups", state="Stable") == 1
            assert value(samples, "kbroker_groups", state="Empty") == 1
            assert value(samples, "kbroker_log_end_offset", topic="events", partition="1") == 10
            assert value(samples, "kbroker_log_size_bytes", topic="events", partition="1") > 0
            assert value(samples, "kbroker_fsync_latency_seconds_count") > 0
        finally:
            await consumer.close()


async def test_request_counters_move_and_the_endpoint_answers_under_produce_load(proc):
    before = await scrape_async(proc.metrics_port)
    assert value(before, "kbroker_connections", listener="PLAINTEXT") is not None
    produces_before = value(before, "kbroker_requests_total", api="Produce", version="11") or 0
    stop = asyncio.Event()
    sent = 0

    async def load() -> None:
        nonlocal sent
        async with AsyncProducer(proc.bootstrap, linger_ms=1, acks="all") as producer:
            while not stop.is_set():
                await asyncio.gather(*[await producer.send("load", b"x" * 200) for _ in range(50)])
                sent += 50

    async with AsyncAdmin(proc.bootstrap) as admin:
        await admin.create_topics([NewTopic("load", 2)])
    task = asyncio.create_task(load())
    try:
        await async_wait_until(lambda: sent >= 200, 30, what="the load to start")
        for _ in range(5):  # scrapes while the produce load goes on
            sent_before = sent
            during = await scrape_async(proc.metrics_port)
            assert not task.done()
        produce = sum(s.value for s in during["kbroker_requests_total"] if s.labels["api"] == "Produce")
        assert produce > produces_before
        assert value(during, "kbroker_request_latency_seconds_count", api="Produce") == produce
        assert value(during, "kbroker_network_bytes_total", direction="in") > sent_before * 200
    finally:
        stop.set()
        await task
    after = await scrape_async(proc.metrics_port)
    assert sum(s.value for s in after["kbroker_requests_total"] if s.labels["api"] == "Produce") >= produce
    assert sum(v.value for v in after["kbroker_log_end_offset"] if v.labels["topic"] == "load") == sent


async def test_metrics_are_off_unless_configured(tmp_path):
    broker = await start_broker(tmp_path / "data")
    try:
        assert broker.metrics is None and all(s.stats is None for s in broker.servers)
    finally:
        await broker.stop()


async def test_the_grafana_dashboard_asks_only_for_exported_series(tmp_path):
    import re
    from pathlib import Path

    dashboard = json.loads(
        (Path(__file__).resolve().parents[2] / "config/grafana/kbroker-dashboard.json").read_text()
    )
    exprs = [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
    asked = {m for e in exprs for m in re.findall(r"kbroker_[a-z_]+", e)}
    broker = await start_broker(tmp_path / "data", metrics_port="0")
    try:
        async with AsyncAdmin(f"127.0.0.1:{broker.bound_port}") as admin:
            await admin.create_topics([NewTopic("t", 1)])
            await admin.alter_group_offsets("g", {TopicPartition("t", 0): 0})
        exported = set(await scrape_async(broker.metrics.port))
    finally:
        await broker.stop()
    assert len(dashboard["panels"]) >= 12 and asked and asked <= exported, asked - exported

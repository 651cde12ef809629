"""Must-show 7 of issue 32 (KIP-714): with a client-metrics subscription set (prefix
`org.apache.kafka.producer.`, interval 1000 ms), a confluent-kafka producer pushes its metrics
and they appear on the Prometheus endpoint, labelled with its client id and client instance id.
The subscription is a durable CLIENT_METRICS config resource: listed, described, kept across a
restart, deleted."""

from __future__ import annotations

import asyncio
import time

import pytest

from client import AsyncAdmin
from tests.helpers import BrokerProcess, free_port
from tests.integration.test_metrics import scrape

pytestmark = pytest.mark.timeout(120)

CLIENT_METRICS, SET = 16, 0


async def _subscribe(bootstrap: str) -> None:
    async with AsyncAdmin(bootstrap) as admin:
        await admin.incremental_alter_configs(
            CLIENT_METRICS,
            "producer-metrics",
            [("metrics", SET, "org.apache.kafka.producer."), ("interval.ms", SET, "1000")],
        )


async def _describe(bootstrap: str) -> dict[str, tuple[str | None, int]]:
    async with AsyncAdmin(bootstrap) as admin:
        return {
            c.name: (c.value, c.source)
            for c in await admin.describe_configs(CLIENT_METRICS, "producer-metrics")
        }


def test_confluent_producer_pushes_metrics_to_the_prometheus_endpoint(tmp_path):
    confluent_kafka = pytest.importorskip("confluent_kafka")
    metrics_port = free_port()
    proc = BrokerProcess(tmp_path / "data", extra={"metrics.port": str(metrics_port)})
    proc.start()
    try:
        asyncio.run(_subscribe(proc.bootstrap))
        producer = confluent_kafka.Producer(
            {"bootstrap.servers": proc.bootstrap, "client.id": "telemetry-app", "linger.ms": 0}
        )
        found: list = []
        deadline = time.monotonic() + 60
        i = 0
        while time.monotonic() < deadline and not found:
            producer.produce("telemetry-topic", b"v%d" % i)
            producer.poll(0.2)
            i += 1
            samples = scrape(metrics_port)
            found = [
                s
                for name, series in samples.items()
                if name.startswith("kbroker_client_org_apache_kafka_producer_")
                for s in series
                if s.labels.get("client_id") == "telemetry-app"
            ]
        producer.flush(10)
        assert found, "no pushed producer metric reached /metrics within 60 s"
        assert all(len(s.labels["client_instance_id"]) == 36 for s in found)
        # Only what the subscription asked for is exported.
        assert not [n for n in samples if n.startswith("kbroker_client_") and "producer" not in n]
    finally:
        proc.stop()
    # Durable: the subscription survives a restart, as DescribeConfigs shows it.
    proc = BrokerProcess(tmp_path / "data", extra={"metrics.port": str(free_port())})
    proc.start()
    try:
        configs = asyncio.run(_describe(proc.bootstrap))
        assert configs["metrics"] == ("org.apache.kafka.producer.", 7)  # CLIENT_METRICS_CONFIG
        assert configs["interval.ms"] == ("1000", 7)
        assert configs["match"] == ("", 5)  # DEFAULT_CONFIG
    finally:
        proc.stop()


async def test_client_metrics_tool(tmp_path):
    from tests.integration.test_cli_tools import tool

    proc = BrokerProcess(tmp_path / "data").start()
    try:
        b = ("--bootstrap-server", proc.bootstrap)
        assert (await tool("client_metrics", *b, "--list"))[1].strip() == ""
        metrics = "org.apache.kafka.producer.,org.apache.kafka.consumer."
        alter = ("--alter", "--name", "apps", "--metrics", metrics, "--interval", "1000")
        _, out, _ = await tool("client_metrics", *b, *alter, "--match", "client_id=app-.*")
        assert out.strip() == "Completed updating config for client-metric apps."
        assert (await tool("client_metrics", *b, "--list"))[1].split() == ["apps"]
        _, out, _ = await tool("client_metrics", *b, "--describe", "--name", "apps")
        assert out.splitlines() == [
            "Client metrics configs for apps are:",
            "  interval.ms=1000",
            "  match=client_id=app-.*",
            f"  metrics={metrics}",
        ]
        code, _, err = await tool(
            "client_metrics", *b, "--alter", "--name", "apps", "--interval", "10", check=False
        )
        assert code == 1 and "between 100 and 3600000" in err
        code, _, err = await tool(
            "client_metrics", *b, "--alter", "--name", "apps", "--match", "colour=x", check=False
        )
        assert code == 1 and "colour" in err
        assert (await tool("client_metrics", *b, "--delete", "--name", "apps"))[1].strip() == (
            "Completed deleting config for client-metric apps."
        )
        assert (await tool("client_metrics", *b, "--list"))[1].strip() == ""
    finally:
        proc.stop()

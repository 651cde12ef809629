"""What security costs on one kbroker process: produce/consume throughput over PLAINTEXT, SSL and
SASL_SSL (aiokafka, the same workload on each listener of the same broker), and the time to set
up a connection (TCP + ApiVersions, + the TLS handshake, + SASL PLAIN or SCRAM-SHA-256/512) with
kbroker's own client.

    .venv/bin/python bench/bench_security.py [--quick]

The broker has no authorizer (its cost is a cached dict lookup per check when configured); the
certificates and users are throwaway, made at start (tools/make_certs.py).
"""

from __future__ import annotations

import argparse
import asyncio
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kbroker_process import free_port  # noqa: E402  (bench/ is the script's own directory)

from broker.security.credentials import add_user  # noqa: E402
from client.connection import BrokerConnection, ConnectionConfig  # noqa: E402
from client.security import SecurityConfig  # noqa: E402
from tools.make_certs import make_certs  # noqa: E402

USER, PASSWORD = "bench", "bench-password"
PROTOCOLS = ("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL")


def start(tmp: Path) -> tuple[subprocess.Popen, dict[str, int], Path]:
    certs = make_certs(tmp / "certs")
    add_user(tmp / "users.json", USER, PASSWORD, ["SCRAM-SHA-256", "SCRAM-SHA-512"])
    ports = {p: free_port() for p in PROTOCOLS}
    settings = {
        "listeners": ",".join(f"{p}://127.0.0.1:{port}" for p, port in ports.items()),
        "log.dirs": str(tmp / "data"),
        "offsets.topic.num.partitions": "1",
        "group.initial.rebalance.delay.ms": "0",
        "ssl.keystore.location": str(certs.broker),
        "ssl.truststore.location": str(certs.ca),
        "sasl.credentials.file": str(tmp / "users.json"),
    }
    args = [sys.executable, "-m", "broker", "--log-level", "warning"]
    for k, v in settings.items():
        args += ["--override", f"{k}={v}"]
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    import socket

    deadline = time.monotonic() + 30
    pending = set(ports.values())
    while pending and time.monotonic() < deadline:
        for port in list(pending):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                pending.discard(port)
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError(f"kbroker exited: {proc.stderr.read().decode()}") from None
        time.sleep(0.05)
    return proc, ports, certs.ca


def aiokafka_settings(protocol: str, port: int, ca: Path) -> dict:
    out: dict = {"bootstrap_servers": f"127.0.0.1:{port}", "security_protocol": protocol}
    if "SSL" in protocol:
        out["ssl_context"] = ssl.create_default_context(cafile=str(ca))
    if "SASL" in protocol:
        out |= {
            "sasl_mechanism": "SCRAM-SHA-512",
            "sasl_plain_username": USER,
            "sasl_plain_password": PASSWORD,
        }
    return out


async def throughput(protocol: str, port: int, ca: Path, n: int, size: int) -> tuple[float, float]:
    """(produce MB/s, consume MB/s) of n messages of `size` bytes on a 1-partition topic."""
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

    topic = f"bench-{protocol.lower()}-{size}-{n}"
    settings = aiokafka_settings(protocol, port, ca)
    value = b"x" * size
    producer = AIOKafkaProducer(acks=1, linger_ms=5, max_batch_size=256 * 1024, **settings)
    await producer.start()
    try:
        await producer.send_and_wait(topic, value)  # topic created, connections warm
        started = time.perf_counter()
        futures = [await producer.send(topic, value, partition=0) for _ in range(n)]
        await producer.flush()
        await asyncio.gather(*futures)
        produce_s = time.perf_counter() - started
    finally:
        await producer.stop()
    consumer = AIOKafkaConsumer(
        auto_offset_reset="earliest", max_partition_fetch_bytes=4 * 1024 * 1024, **settings
    )
    await consumer.start()
    try:
        tp = TopicPartition(topic, 0)
        consumer.assign([tp])
        await consumer.seek_to_beginning(tp)
        started = time.perf_counter()
        got = 0
        while got < n + 1:
            batch = await consumer.getmany(timeout_ms=1000)
            got += sum(len(v) for v in batch.values())
        consume_s = time.perf_counter() - started
    finally:
        await consumer.stop()
    return n * size / produce_s / 1e6, n * size / consume_s / 1e6


async def setup_ms(protocol: str, port: int, ca: Path, mechanism: str | None, rounds: int) -> float:
    """Median ms to a usable connection (ApiVersions done, authenticated)."""
    tls = ssl.create_default_context(cafile=str(ca)) if "SSL" in protocol else None
    security = SecurityConfig(
        protocol,
        tls,
        mechanism or "PLAIN",
        USER if mechanism else None,
        PASSWORD if mechanism else None,
    )
    times = []
    for _ in range(rounds):
        conn = BrokerConnection("127.0.0.1", port, -1, ConnectionConfig(security=security))
        started = time.perf_counter()
        await conn.connect()
        times.append((time.perf_counter() - started) * 1000)
        await conn.close()
    return statistics.median(times)


async def main(quick: bool) -> None:
    n = 5_000 if quick else 30_000
    rounds = 10 if quick else 40
    with tempfile.TemporaryDirectory() as tmp:
        proc, ports, ca = start(Path(tmp))
        try:
            for protocol in ("PLAINTEXT", "SSL", "SASL_SSL"):  # warm up: first topics, first appends
                await throughput(protocol, ports[protocol], ca, 1000, 100)
            print(f"throughput, aiokafka, {n} messages, acks=1, one partition, one broker (MB/s)")
            print(f"{'listener':<16}{'size':>7}{'produce':>10}{'consume':>10}{'vs PLAINTEXT':>16}")
            for size in (100, 10_000):
                base = None
                for protocol in ("PLAINTEXT", "SSL", "SASL_SSL"):
                    count = n if size == 100 else max(1000, n // 10)
                    p, c = await throughput(protocol, ports[protocol], ca, count, size)
                    base = base or (p, c)
                    print(
                        f"{protocol:<16}{size:>7}{p:>10.1f}{c:>10.1f}{p / base[0]:>8.2f} /{c / base[1]:>5.2f}"
                    )
            print()
            print(f"connection set-up, kbroker's client, median of {rounds} (ms)")
            cases = [
                ("PLAINTEXT", None),
                ("SSL", None),
                ("SASL_PLAINTEXT", "PLAIN"),
                ("SASL_PLAINTEXT", "SCRAM-SHA-256"),
                ("SASL_PLAINTEXT", "SCRAM-SHA-512"),
                ("SASL_SSL", "SCRAM-SHA-512"),
            ]
            for protocol, mechanism in cases:
                ms = await setup_ms(protocol, ports[protocol], ca, mechanism, rounds)
                print(f"{protocol:<16}{mechanism or '':<15}{ms:>8.2f}")
        finally:
            proc.terminate()
            proc.wait(20)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    asyncio.run(main(parser.parse_args().quick))

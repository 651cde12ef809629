#!/usr/bin/env python3
"""Capture the client telemetry REQUEST frames (KIP-714) librdkafka sends: GetTelemetrySubscriptions
(71) and PushTelemetry (72), for the golden-bytes tests.

The librdkafka mock subscribes a client to no metrics, so its clients never push. Here a
confluent-kafka producer talks to a kbroker process (with a CLIENT_METRICS subscription set)
through the recording proxy of tools/capture_admin_frames.py; it pushes every second and, on
close, a terminating push. Only the requests are kept; kbroker's answers are not fixtures.

Usage: .venv/bin/python tools/capture_telemetry_frames.py --out tests/fixtures/frames/telemetry-clients
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

import capture_admin_frames as capture  # noqa: E402  (the recording proxy)

capture.WANTED.clear()
capture.WANTED.update({71: "GetTelemetrySubscriptions", 72: "PushTelemetry"})


async def subscribe(bootstrap: str) -> None:
    from client import AsyncAdmin

    async with AsyncAdmin(bootstrap) as admin:
        await admin.incremental_alter_configs(
            16, "capture", [("metrics", 0, "org.apache.kafka.producer."), ("interval.ms", 0, "1000")]
        )


def drive(bootstrap: str, proxy: capture.Proxy) -> None:
    from confluent_kafka import Producer

    p = Producer({"bootstrap.servers": bootstrap, "client.id": "capture"})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and sum(1 for n, _ in proxy.frames if "_k72_" in n) < 2:
        p.produce("cap", b"v")
        p.poll(0.2)
    p.flush(10)
    del p  # closes: the terminating push


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="tests/fixtures/frames/telemetry-clients")
    args = ap.parse_args()
    data = Path(tempfile.mkdtemp()) / "data"
    port = capture._free_port()
    overrides = [
        f"listeners=PLAINTEXT://127.0.0.1:{port}",
        f"log.dirs={data}",
        "offsets.topic.num.partitions=1",
    ]
    with capture.kbroker(port, overrides):
        asyncio.run(subscribe(f"127.0.0.1:{port}"))
        with capture.recording(port) as proxy:
            drive(f"127.0.0.1:{proxy.port}", proxy)
    kept: dict[str, bytes] = {}
    for name, body in proxy.frames:  # the first of each API, and the terminating push
        terminating = name.startswith("PushTelemetry") and _terminating(body)
        kept.setdefault(name + ("_last" if terminating else ""), body)
    capture.write_frames(args.out, [(name.removesuffix("_last"), body) for name, body in kept.items()])
    return 0


def _terminating(body: bytes) -> bool:
    from protocol.frames import decode_request

    _, request = decode_request(body)
    return bool(request["terminating"])


if __name__ == "__main__":
    sys.exit(main())

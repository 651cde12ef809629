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
import contextlib
import socket
import subprocess
import sys
import tempfile
import threading
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
    broker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "broker",
            "--override",
            f"listeners=PLAINTEXT://127.0.0.1:{port}",
            "--override",
            f"log.dirs={data}",
            "--override",
            "offsets.topic.num.partitions=1",
        ],
        cwd=ROOT,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            time.sleep(0.1)
        asyncio.run(subscribe(f"127.0.0.1:{port}"))
        proxy = capture.Proxy(port)
        loop = asyncio.new_event_loop()
        ready, stop = threading.Event(), asyncio.Event()
        thread = threading.Thread(
            target=loop.run_until_complete, args=(proxy.serve(ready, stop),), daemon=True
        )
        thread.start()
        ready.wait(10)
        drive(f"127.0.0.1:{proxy.port}", proxy)
        loop.call_soon_threadsafe(stop.set)
        thread.join(5)
    finally:
        broker.terminate()
        broker.wait(20)
    out = ROOT / args.out
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.bin"):
        old.unlink()
    kept: dict[str, bytes] = {}
    for name, body in proxy.frames:  # the first of each API, and the terminating push
        terminating = name.startswith("PushTelemetry") and _terminating(body)
        kept.setdefault(name + ("_last" if terminating else ""), body)
    for n, (name, body) in enumerate(kept.items(), 1):
        fname = f"{n:03d}_{name.removesuffix('_last')}.bin"
        (out / fname).write_bytes(body)
        print(fname, len(body))
    return 0


def _terminating(body: bytes) -> bool:
    from protocol.frames import decode_request

    _, request = decode_request(body)
    return bool(request["terminating"])


if __name__ == "__main__":
    sys.exit(main())

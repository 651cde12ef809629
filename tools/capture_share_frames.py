#!/usr/bin/env python3
"""Capture the REQUEST frames a real client sends for KIP-932 share group membership, for the
golden-bytes tests: confluent-kafka's ShareConsumer (librdkafka) joins a share group of a kbroker
process started with group.share.enable=true, through the recording proxy of
tools/capture_admin_frames.py, and heartbeats a few times (its ShareFetch requests fail: kbroker
does not serve ShareFetch yet). No installed client sends ShareGroupDescribe: its request is
written here byte by byte from Kafka's ShareGroupDescribeRequest.json (version 1, flexible),
independently of kbroker's codec.

Usage: .venv/bin/python tools/capture_share_frames.py --out tests/fixtures/frames/share-clients
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import capture_admin_frames as admin

WANTED = {76: "ShareGroupHeartbeat", 77: "ShareGroupDescribe"}


def drive(bootstrap: str, seconds: float = 6.0) -> None:
    from confluent_kafka import ShareConsumer

    c = ShareConsumer({"bootstrap.servers": bootstrap, "group.id": "cap-share"})
    c.subscribe(["cap-share"])
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(Exception):  # ShareFetch is refused: the connection closes
            c.poll(0.5)
    with contextlib.suppress(Exception):
        c.close()


def _compact_string(s: str) -> bytes:
    data = s.encode()
    return bytes([len(data) + 1]) + data  # (lengths under 127: one varint byte)


def share_group_describe_request() -> tuple[str, bytes]:
    """Request header v2 (api key, version, correlation id, client id, no tags), then the body:
    GroupIds ["cap-share", "other"] (compact array), IncludeAuthorizedOperations true, no tags."""
    client = b"hand"
    header = struct.pack(">hhi", 77, 1, 7) + struct.pack(">h", len(client)) + client + b"\x00"
    body = b"\x03" + _compact_string("cap-share") + _compact_string("other") + b"\x01" + b"\x00"
    return "ShareGroupDescribe_k77_v1_request", header + body


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="tests/fixtures/frames/share-clients")
    args = ap.parse_args()
    root = Path(__file__).resolve().parent.parent
    admin.WANTED = WANTED  # what the proxy records
    data = Path(tempfile.mkdtemp()) / "data"
    port = admin._free_port()
    overrides = [
        f"listeners=PLAINTEXT://127.0.0.1:{port}",
        f"log.dirs={data}",
        "offsets.topic.num.partitions=1",
        "group.share.enable=true",
    ]
    broker = subprocess.Popen(
        [sys.executable, "-m", "broker", *(a for o in overrides for a in ("--override", o))],
        cwd=root,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            time.sleep(0.1)
        from tests.helpers import create_topic

        asyncio.run(create_topic(port, "cap-share", 2))
        proxy = admin.Proxy(port)
        loop = asyncio.new_event_loop()
        ready, stop = threading.Event(), asyncio.Event()
        thread = threading.Thread(
            target=loop.run_until_complete, args=(proxy.serve(ready, stop),), daemon=True
        )
        thread.start()
        ready.wait(10)
        drive(f"127.0.0.1:{proxy.port}")
        loop.call_soon_threadsafe(stop.set)
        thread.join(5)
    finally:
        broker.terminate()
        broker.wait(20)
    frames = [*proxy.frames, share_group_describe_request()]
    out = root / args.out
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.bin"):
        old.unlink()
    seen: set[bytes] = set()
    n = 0
    for name, body in frames:
        # The same request but for its correlation id is kept once.
        if body[8:] in seen:
            continue
        seen.add(body[8:])
        n += 1
        (out / f"{n:03d}_{name}.bin").write_bytes(body)
        print(f"{n:03d}_{name}.bin", len(body))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Capture the REQUEST frames a real client sends for KIP-932 share group membership, for the
golden-bytes tests: confluent-kafka's ShareConsumer (librdkafka) joins a share group of a kbroker
process started with group.share.enable=true, through the recording proxy of
tools/capture_admin_frames.py, heartbeats, fetches records a producer writes once it is in,
acknowledges them (explicit mode: accept, release, reject) with ShareFetch and ShareAcknowledge,
and leaves. No installed client sends ShareGroupDescribe: its request is
written here byte by byte from Kafka's ShareGroupDescribeRequest.json (version 1, flexible),
independently of kbroker's codec.

Usage: .venv/bin/python tools/capture_share_frames.py --out tests/fixtures/frames/share-clients
"""

from __future__ import annotations

import argparse
import asyncio
import struct
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import capture_admin_frames as admin

WANTED = {76: "ShareGroupHeartbeat", 77: "ShareGroupDescribe", 78: "ShareFetch", 79: "ShareAcknowledge"}


def drive(bootstrap: str, broker_port: int, seconds: float = 6.0) -> None:
    from confluent_kafka import AcknowledgeType, Producer, ShareConsumer

    c = ShareConsumer(
        {"bootstrap.servers": bootstrap, "group.id": "cap-share", "share.acknowledgement.mode": "explicit"}
    )
    c.subscribe(["cap-share"])
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline:  # joins; its first fetch starts the share-partitions (latest)
        for m in c.poll(0.3):
            c.acknowledge(m)
    p = Producer({"bootstrap.servers": f"127.0.0.1:{broker_port}"})
    for i in range(6):
        p.produce("cap-share", value=b"v%d" % i, partition=i % 2)
    p.flush(10)
    kinds = [AcknowledgeType.ACCEPT, AcknowledgeType.RELEASE, AcknowledgeType.REJECT]
    n = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for m in c.poll(0.5):
            if m.error() is None:
                c.acknowledge(m, kinds[n % 3])
                n += 1
        c.commit_sync(5)  # a ShareAcknowledge
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


TOPIC_ID = bytes(range(1, 17))


def share_fetch_v2_request() -> tuple[str, bytes]:
    """No installed client speaks ShareFetch v2 (KIP-1206's ShareAcquireMode): from the spec,
    GroupId "g", MemberId "m", epoch 0, MaxWaitMs 500, MinBytes 1, MaxBytes 0x7fffffff,
    MaxRecords 500, BatchSize 500, ShareAcquireMode 1, IsRenewAck false, one topic with
    partition 1 (no acknowledgements), no forgotten topics."""
    header = struct.pack(">hhi", 78, 2, 8) + struct.pack(">h", 4) + b"hand" + b"\x00"
    partition = struct.pack(">i", 1) + b"\x01" + b"\x00"  # no acknowledgement batches, no tags
    topic = TOPIC_ID + b"\x02" + partition + b"\x00"
    body = (
        _compact_string("g")
        + _compact_string("m")
        + struct.pack(">iiiiii", 0, 500, 1, 0x7FFFFFFF, 500, 500)
        + b"\x01"  # ShareAcquireMode: record-limit
        + b"\x00"  # IsRenewAck: false
        + b"\x02"
        + topic
        + b"\x01"  # no forgotten topics
        + b"\x00"
    )
    return "ShareFetch_k78_v2_request", header + body


def share_acknowledge_v2_request() -> tuple[str, bytes]:
    """ShareAcknowledge v2 (KIP-1222), from the spec: GroupId "g", MemberId "m", epoch 3,
    IsRenewAck true, partition 0 of one topic: offsets 5-6 renewed (type 4)."""
    header = struct.pack(">hhi", 79, 2, 9) + struct.pack(">h", 4) + b"hand" + b"\x00"
    batch = struct.pack(">qq", 5, 6) + b"\x02\x04" + b"\x00"
    partition = struct.pack(">i", 0) + b"\x02" + batch + b"\x00"
    topic = TOPIC_ID + b"\x02" + partition + b"\x00"
    body = (
        _compact_string("g")
        + _compact_string("m")
        + struct.pack(">i", 3)
        + b"\x01"
        + b"\x02"
        + topic
        + b"\x00"
    )
    return "ShareAcknowledge_k79_v2_request", header + body


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="tests/fixtures/frames/share-clients")
    args = ap.parse_args()
    admin.WANTED = WANTED  # what the proxy records
    data = Path(tempfile.mkdtemp()) / "data"
    port = admin._free_port()
    overrides = [
        f"listeners=PLAINTEXT://127.0.0.1:{port}",
        f"log.dirs={data}",
        "offsets.topic.num.partitions=1",
        "group.share.enable=true",
    ]
    with admin.kbroker(port, overrides):
        from tests.helpers import create_topic

        asyncio.run(create_topic(port, "cap-share", 2))
        with admin.recording(port) as proxy:
            drive(f"127.0.0.1:{proxy.port}", port)
    frames = [
        *proxy.frames,
        share_group_describe_request(),
        share_fetch_v2_request(),
        share_acknowledge_v2_request(),
    ]
    seen: set[bytes] = set()
    kept: list[tuple[str, bytes]] = []
    for name, body in frames:
        # The same request but for its correlation id is kept once.
        if body[8:] in seen:
            continue
        if sum(1 for n, _ in kept if n == name) >= 4:  # a few of each kind (ShareFetch repeats
            continue  # with each session epoch)
        seen.add(body[8:])
        kept.append((name, body))
    admin.write_frames(args.out, kept)
    return 0


if __name__ == "__main__":
    sys.exit(main())

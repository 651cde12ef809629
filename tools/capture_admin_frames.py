#!/usr/bin/env python3
"""Capture the REQUEST frames real admin clients send for the operations APIs (DescribeConfigs,
AlterConfigs, IncrementalAlterConfigs, CreatePartitions, DeleteRecords, DescribeCluster,
DescribeLogDirs, DescribeProducers, ElectLeaders, the SCRAM credential APIs, UpdateFeatures,
ListConfigResources, DescribeTopicPartitions, AlterReplicaLogDirs, the partition
reassignment APIs), for the golden-bytes tests.

The librdkafka mock that tools/capture_frames.py records against serves none of these, so the
clients talk to a kbroker process here, through a recording proxy on 127.0.0.1. Only the
requests are kept (the clients' bytes, golden); kbroker's answers are not fixtures.

Usage: .venv/bin/python tools/capture_admin_frames.py --out tests/fixtures/frames/admin-clients
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
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

WANTED = {
    21: "DeleteRecords",
    32: "DescribeConfigs",
    33: "AlterConfigs",
    35: "DescribeLogDirs",
    37: "CreatePartitions",
    44: "IncrementalAlterConfigs",
    60: "DescribeCluster",
    61: "DescribeProducers",
    34: "AlterReplicaLogDirs",
    43: "ElectLeaders",
    50: "DescribeUserScramCredentials",
    51: "AlterUserScramCredentials",
    57: "UpdateFeatures",
    74: "ListConfigResources",
    75: "DescribeTopicPartitions",
    45: "AlterPartitionReassignments",
    46: "ListPartitionReassignments",
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Proxy:
    """Forwards 127.0.0.1:<port> to the broker, rewriting the broker's port in answers (same
    length) so that clients stay on the proxy, and records each wanted request frame."""

    def __init__(self, upstream_port: int):
        self.upstream_port = upstream_port
        self.port = _free_port()
        self.frames: list[tuple[str, bytes]] = []

    async def serve(self, ready: threading.Event, stop: asyncio.Event) -> None:
        server = await asyncio.start_server(self._handle, "127.0.0.1", self.port)
        ready.set()
        await stop.wait()
        server.close()

    async def _handle(self, cr: asyncio.StreamReader, cw: asyncio.StreamWriter) -> None:
        ur, uw = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        old = b"127.0.0.1" + struct.pack(">i", self.upstream_port)
        new = b"127.0.0.1" + struct.pack(">i", self.port)

        async def pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, requests: bool) -> None:
            with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
                while True:
                    size = await reader.readexactly(4)
                    body = await reader.readexactly(struct.unpack(">i", size)[0])
                    if requests:
                        key, version = struct.unpack(">hh", body[:4])
                        if key in WANTED:
                            self.frames.append((f"{WANTED[key]}_k{key}_v{version}_request", body))
                    else:
                        body = body.replace(old, new)
                    writer.write(struct.pack(">i", len(body)) + body)
                    await writer.drain()
            writer.close()

        await asyncio.gather(pump(cr, uw, True), pump(ur, cw, False))


def drive(bootstrap: str) -> None:
    from confluent_kafka import Producer, TopicPartition
    from confluent_kafka.admin import (
        AdminClient,
        AlterConfigOpType,
        ConfigEntry,
        ConfigResource,
        NewPartitions,
        NewTopic,
        ResourceType,
    )
    from kafka.admin import ConfigResource as KResource
    from kafka.admin import KafkaAdminClient, ScramMechanism, UserScramCredentialUpsertion
    from kafka.structs import TopicPartition as KTP

    a = AdminClient({"bootstrap.servers": bootstrap})
    for f in a.create_topics([NewTopic("cap", 1, 1)]).values():
        f.result(10)
    p = Producer({"bootstrap.servers": bootstrap, "enable.idempotence": True})
    for i in range(5):
        p.produce("cap", b"v%d" % i, partition=0)
    p.flush(10)
    for f in a.describe_configs(
        [ConfigResource(ResourceType.TOPIC, "cap"), ConfigResource(ResourceType.BROKER, "0")]
    ).values():
        f.result(10)
    for f in a.incremental_alter_configs(
        [
            ConfigResource(
                ResourceType.TOPIC,
                "cap",
                incremental_configs=[
                    ConfigEntry("retention.ms", "600000", incremental_operation=AlterConfigOpType.SET)
                ],
            )
        ]
    ).values():
        f.result(10)
    for f in a.create_partitions([NewPartitions("cap", 2)]).values():
        f.result(10)
    for f in a.delete_records([TopicPartition("cap", 0, 2)]).values():
        f.result(10)
    a.describe_cluster().result(10)
    k = KafkaAdminClient(bootstrap_servers=bootstrap)
    try:
        k.describe_log_dirs()
        k.describe_producers([KTP("cap", 0)])
        k.describe_cluster()
        k.describe_configs([KResource("TOPIC", "cap")])
        k.alter_configs([KResource("TOPIC", "cap", {"retention.ms": "700000"})])
        k.delete_records({KTP("cap", 0): 3})
        k.elect_leaders(0, {"cap": [0]})
        k.alter_user_scram_credentials(
            [UserScramCredentialUpsertion("capuser", ScramMechanism.SCRAM_SHA_256, "pw", salt=b"0" * 24)]
        )
        k.describe_user_scram_credentials(["capuser"])
        k.update_features({"group.version": 1}, validate_only=True)
        k.list_config_resources(["TOPIC"])
        k.describe_topic_partitions(["cap"])
        (dirs,) = k.describe_log_dirs()
        k.alter_replica_log_dirs({("cap", 0, 0): dirs["log_dirs"][0]["log_dir"]})
        k.alter_partition_reassignments({KTP("cap", 0): [0], KTP("cap", 1): None})
        k.list_partition_reassignments()
        k.list_partition_reassignments([KTP("cap", 0)])
    finally:
        k.close()
    from confluent_kafka import ElectionType
    from confluent_kafka.admin import ScramCredentialInfo
    from confluent_kafka.admin import ScramMechanism as CScram
    from confluent_kafka.admin import UserScramCredentialUpsertion as CUpsertion

    a.elect_leaders(ElectionType.PREFERRED, [TopicPartition("cap", 0)]).result(10)
    info = ScramCredentialInfo(CScram.SCRAM_SHA_512, 4096)
    for f in a.alter_user_scram_credentials([CUpsertion("capuser2", info, b"pw", b"1" * 24)]).values():
        f.result(10)
    for f in a.describe_user_scram_credentials(["capuser2"]).values():
        f.result(10)

    async def aio() -> None:
        from aiokafka.admin import AIOKafkaAdminClient
        from aiokafka.admin.config_resource import ConfigResource as AioResource
        from aiokafka.admin.config_resource import ConfigResourceType

        admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
        await admin.start()
        try:
            await admin.alter_configs(
                [AioResource(ConfigResourceType.TOPIC, "cap", {"retention.ms": "800000"})]
            )
            await admin.describe_configs([AioResource(ConfigResourceType.TOPIC, "cap")])
        finally:
            await admin.close()

    asyncio.run(aio())


ROOT = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def kbroker(port: int, overrides: Sequence[str]) -> Iterator[None]:
    """A kbroker process with these --override settings, from when it accepts connections on
    `port` until the block ends."""
    broker = subprocess.Popen(
        [sys.executable, "-m", "broker", *(a for o in overrides for a in ("--override", o))],
        cwd=ROOT,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            time.sleep(0.1)
        yield
    finally:
        broker.terminate()
        broker.wait(20)


@contextlib.contextmanager
def recording(upstream_port: int) -> Iterator[Proxy]:
    """The recording proxy in front of the broker on `upstream_port`, served by a thread of its
    own while the block drives clients at `127.0.0.1:{proxy.port}`."""
    proxy = Proxy(upstream_port)
    loop = asyncio.new_event_loop()
    ready, stop = threading.Event(), asyncio.Event()
    thread = threading.Thread(target=loop.run_until_complete, args=(proxy.serve(ready, stop),), daemon=True)
    thread.start()
    ready.wait(10)
    yield proxy
    loop.call_soon_threadsafe(stop.set)
    thread.join(5)


def distinct(frames: Iterable[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """Each request body once (clients repeat some, e.g. Metadata)."""
    seen: set[bytes] = set()
    kept = []
    for name, body in frames:
        if body not in seen:
            seen.add(body)
            kept.append((name, body))
    return kept


def write_frames(out: str, frames: Iterable[tuple[str, bytes]]) -> None:
    """The frames as numbered fixtures in `out` (below the repository), in place of the old ones."""
    folder = ROOT / out
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.bin"):
        old.unlink()
    for n, (name, body) in enumerate(frames, 1):
        (folder / f"{n:03d}_{name}.bin").write_bytes(body)
        print(f"{n:03d}_{name}.bin", len(body))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="tests/fixtures/frames/admin-clients")
    args = ap.parse_args()
    data = Path(tempfile.mkdtemp()) / "data"
    port = _free_port()
    overrides = [
        f"listeners=PLAINTEXT://127.0.0.1:{port}",
        f"log.dirs={data}",
        "offsets.topic.num.partitions=1",
    ]
    with kbroker(port, overrides), recording(port) as proxy:
        drive(f"127.0.0.1:{proxy.port}")
    write_frames(args.out, distinct(proxy.frames))
    return 0


if __name__ == "__main__":
    sys.exit(main())

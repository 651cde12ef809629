#!/usr/bin/env python3
"""Capture the REQUEST frames real clients send for the transaction APIs (InitProducerId with a
transactional id, AddPartitionsToTxn, AddOffsetsToTxn, EndTxn, TxnOffsetCommit), for the
golden-bytes tests: confluent-kafka, aiokafka and kafka-python drive a transaction with
send_offsets_to_transaction against a kbroker process, through the recording proxy of
tools/capture_admin_frames.py. WriteTxnMarkers (broker to broker), DescribeTransactions and
ListTransactions (no installed client sends them) are encoded with kafka-python's own codecs.

Usage: .venv/bin/python tools/capture_txn_frames.py --out tests/fixtures/frames/txn-clients
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import capture_admin_frames as admin

WANTED = {
    22: "InitProducerId",
    24: "AddPartitionsToTxn",
    25: "AddOffsetsToTxn",
    26: "EndTxn",
    28: "TxnOffsetCommit",
}


def drive(bootstrap: str) -> None:
    from confluent_kafka import Consumer, Producer, TopicPartition

    asyncio.run(_create(bootstrap))
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": "cap", "auto.offset.reset": "earliest"})
    c.subscribe(["cap-in"])
    deadline = time.monotonic() + 20
    while not c.assignment() and time.monotonic() < deadline:
        c.poll(0.2)
    p = Producer({"bootstrap.servers": bootstrap, "transactional.id": "cap-confluent"})
    p.init_transactions(20)
    p.begin_transaction()
    p.produce("cap-out", b"v", partition=0)
    p.send_offsets_to_transaction([TopicPartition("cap-in", 0, 1)], c.consumer_group_metadata(), 20)
    p.commit_transaction(20)
    p.begin_transaction()
    p.produce("cap-out", b"w", partition=0)
    p.flush(10)
    p.abort_transaction(20)
    c.close()
    asyncio.run(_aiokafka(bootstrap))
    from kafka import KafkaProducer

    kp = KafkaProducer(bootstrap_servers=bootstrap, transactional_id="cap-kafka-python")
    kp.init_transactions()
    kp.begin_transaction()
    kp.send("cap-out", b"k", partition=0)
    kp.commit_transaction()
    kp.close()


async def _create(bootstrap: str) -> None:
    from tests.helpers import create_topic

    port = int(bootstrap.rsplit(":", 1)[1])
    for t in ("cap-in", "cap-out"):
        with contextlib.suppress(AssertionError):
            await create_topic(port, t, 1)


async def _aiokafka(bootstrap: str) -> None:
    from aiokafka import AIOKafkaProducer, TopicPartition

    p = AIOKafkaProducer(bootstrap_servers=bootstrap, transactional_id="cap-aiokafka")
    await p.start()
    try:
        async with p.transaction():
            await p.send("cap-out", b"a", partition=0)
            await p.send_offsets_to_transaction({TopicPartition("cap-in", 0): 1}, "cap-ai")
    finally:
        await p.stop()


def encoded_by_kafka_python() -> list[tuple[str, bytes]]:
    """Requests no installed client sends, from kafka-python's own codecs (header + body)."""
    from kafka.protocol.admin import DescribeTransactionsRequest as D
    from kafka.protocol.admin import ListTransactionsRequest as L
    from kafka.protocol.producer import WriteTxnMarkersRequest as W

    def marker(v: int, result: bool) -> object:
        m = W[v].WritableTxnMarker
        return m(
            producer_id=7,
            producer_epoch=1,
            transaction_result=result,
            topics=[m.WritableTxnMarkerTopic(name="t", partition_indexes=[0, 2])],
            coordinator_epoch=3,
        )

    cases = [
        ("WriteTxnMarkers", 27, 0, W[0](markers=[marker(0, True)])),
        ("WriteTxnMarkers", 27, 1, W[1](markers=[marker(1, False)])),
        ("DescribeTransactions", 65, 0, D[0](transactional_ids=["a", "b"])),
        ("ListTransactions", 66, 0, L[0](state_filters=["Ongoing"], producer_id_filters=[5])),
        ("ListTransactions", 66, 1, L[1](state_filters=[], producer_id_filters=[], duration_filter=60000)),
    ]
    frames = []
    for name, key, version, req in cases:
        req.with_header(correlation_id=9, client_id="kafka-python")
        flexible = version >= {27: 1, 65: 0, 66: 0}[key]
        frames.append(
            (f"{name}_k{key}_v{version}_request", req.encode_header(flexible=flexible) + req.encode())
        )
    return frames


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="tests/fixtures/frames/txn-clients")
    args = ap.parse_args()
    admin.WANTED = WANTED  # what the proxy records
    data = Path(tempfile.mkdtemp()) / "data"
    port = admin._free_port()
    overrides = [
        f"listeners=PLAINTEXT://127.0.0.1:{port}",
        f"log.dirs={data}",
        "offsets.topic.num.partitions=1",
        "transaction.state.log.num.partitions=1",
        "group.initial.rebalance.delay.ms=0",
    ]
    with admin.kbroker(port, overrides), admin.recording(port) as proxy:
        drive(f"127.0.0.1:{proxy.port}")
    frames = [(n, b) for n, b in proxy.frames if not (n.startswith("InitProducerId") and b"cap-" not in b)]
    frames += encoded_by_kafka_python()
    admin.write_frames(args.out, admin.distinct(frames))
    return 0


if __name__ == "__main__":
    sys.exit(main())

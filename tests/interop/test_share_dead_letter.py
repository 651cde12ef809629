"""KIP-1191 dead-letter topics with confluent-kafka 2.16: the group's dead-letter topic and
delivery count limit are set with the AdminClient (IncrementalAlterConfigs on the GROUP
resource), a ShareConsumer rejects one record and releases another until it is archived, and a
plain Consumer reads both from the dead-letter topic with Kafka's context headers and the
copied key and value. Raw-frame cases (no dead-letter topic, a topic not enabled as one):
tests/unit/share/test_dead_letter.py."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from broker.broker import Broker
from broker.share.persister import InMemoryPersister
from tests.helpers import broker_config

pytestmark = pytest.mark.interop
confluent_kafka = pytest.importorskip("confluent_kafka")
kafka_admin = pytest.importorskip("confluent_kafka.admin")
if not hasattr(confluent_kafka, "ShareConsumer"):
    pytest.skip("this confluent-kafka has no ShareConsumer", allow_module_level=True)

SHARE = {
    "group_share_enable": "true",
    "group_share_min_session_timeout_ms": "1000",
    "group_share_session_timeout_ms": "6000",
    "group_share_min_heartbeat_interval_ms": "100",
    "group_share_heartbeat_interval_ms": "300",
}
DLQ = "dlq.orders"


def _set_up(port: int) -> None:
    """The dead-letter topic (enabled as one) and the group's configs, with the AdminClient."""
    admin = kafka_admin
    client = admin.AdminClient({"bootstrap.servers": f"127.0.0.1:{port}"})
    topics = [
        admin.NewTopic("orders", 1),
        admin.NewTopic(DLQ, 1, config={"errors.deadletterqueue.group.enable": "true"}),
    ]
    for future in client.create_topics(topics).values():
        future.result(10)
    configs = {
        "share.auto.offset.reset": "earliest",
        "share.delivery.count.limit": "2",
        "errors.deadletterqueue.topic.name": DLQ,
        "errors.deadletterqueue.copy.record.enable": "true",
    }
    resource = admin.ConfigResource(
        admin.ResourceType.GROUP,
        "orders-workers",
        incremental_configs=[
            admin.ConfigEntry(k, v, incremental_operation=admin.AlterConfigOpType.SET)
            for k, v in configs.items()
        ],
    )
    for future in client.incremental_alter_configs([resource]).values():
        future.result(10)
    p = confluent_kafka.Producer({"bootstrap.servers": f"127.0.0.1:{port}"})
    for i in range(5):
        p.produce("orders", key=b"k%d" % i, value=b"order %d" % i, partition=0)
    assert p.flush(30) == 0


def _consume(port: int) -> dict[int, list[int]]:
    """Offset 0 rejected, offset 1 released every time (archived at the limit), others accepted."""
    kinds = confluent_kafka.AcknowledgeType
    c = confluent_kafka.ShareConsumer(
        {
            "bootstrap.servers": f"127.0.0.1:{port}",
            "group.id": "orders-workers",
            "share.acknowledgement.mode": "explicit",
        }
    )
    c.subscribe(["orders"])
    deliveries: dict[int, list[int]] = {}
    deadline = time.monotonic() + 60
    quiet_since: float | None = None
    try:
        while time.monotonic() < deadline:
            msgs = [m for m in c.poll(0.3) if m.error() is None]
            for m in msgs:
                deliveries.setdefault(m.offset(), []).append(m.delivery_count())
                kind = {0: kinds.REJECT, 1: kinds.RELEASE}.get(m.offset(), kinds.ACCEPT)
                c.acknowledge(m, kind)
            if msgs:
                c.commit_sync(10)
                quiet_since = None
            elif len(deliveries) == 5 and len(deliveries[1]) >= 2:
                quiet_since = quiet_since or time.monotonic()
                if time.monotonic() - quiet_since > 1.0:  # nothing more comes
                    break
    finally:
        c.close()
    return deliveries


def _read_dead_letters(port: int, n: int) -> list[Any]:
    c = confluent_kafka.Consumer(
        {"bootstrap.servers": f"127.0.0.1:{port}", "group.id": "dlq-reader", "enable.auto.commit": False}
    )
    c.assign([confluent_kafka.TopicPartition(DLQ, 0, 0)])
    out: list[Any] = []
    deadline = time.monotonic() + 30
    try:
        while len(out) < n and time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is not None and m.error() is None:
                out.append(m)
    finally:
        c.close()
    return out


async def test_rejected_and_exhausted_records_in_the_dead_letter_topic(tmp_path: Path) -> None:
    broker = Broker(broker_config(tmp_path / "data", **SHARE), share_persister=InMemoryPersister())
    await broker.start()
    port = broker.bound_port
    try:
        await asyncio.to_thread(_set_up, port)
        deliveries = await asyncio.to_thread(_consume, port)
        assert deliveries[0] == [1]  # rejected: never again
        assert deliveries[1] == [1, 2]  # released at the limit: archived
        letters = await asyncio.to_thread(_read_dead_letters, port, 2)
        assert len(letters) == 2
        by_offset = {}
        for m in letters:
            headers = {k: v.decode() for k, v in m.headers()}
            by_offset[headers["__dlq.errors.offset"]] = (m, headers)
        rejected, h0 = by_offset["0"]
        assert (rejected.key(), rejected.value()) == (b"k0", b"order 0")
        assert h0 == {
            "__dlq.errors.topic": "orders",
            "__dlq.errors.partition": "0",
            "__dlq.errors.offset": "0",
            "__dlq.errors.group": "orders-workers",
            "__dlq.errors.delivery.count": "1",
            "__dlq.errors.message": "Offset rejected by client.",
        }
        exhausted, h1 = by_offset["1"]
        assert (exhausted.key(), exhausted.value()) == (b"k1", b"order 1")
        assert h1["__dlq.errors.delivery.count"] == "2"
        assert h1["__dlq.errors.message"] == "Offset delivery count exceeded the threshold."
        # nothing else: the accepted records are not dead letters
        lg = broker.topics.log(DLQ, 0)
        assert lg is not None and lg.high_watermark == 2
    finally:
        await broker.stop()

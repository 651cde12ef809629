"""confluent-kafka's ShareConsumer (librdkafka, KIP-932 "Preview") against kbroker's share group
membership: it joins, is assigned its partitions and heartbeats, as ShareGroupDescribe shows, then
leaves. Only membership is checked here; consuming: tests/interop/test_share_fetch_clients.py."""

from __future__ import annotations

import asyncio
import threading
import uuid
from pathlib import Path

import pytest

from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from tests.helpers import RawConnection, async_wait_until, start_broker

pytestmark = pytest.mark.interop
confluent_kafka = pytest.importorskip("confluent_kafka")
if not hasattr(confluent_kafka, "ShareConsumer"):
    pytest.skip("this confluent-kafka has no ShareConsumer", allow_module_level=True)


async def test_share_consumer_joins_heartbeats_and_leaves(tmp_path: Path) -> None:
    broker = await start_broker(
        tmp_path / "data",
        group_share_enable="true",
        group_share_min_session_timeout_ms="1000",
        group_share_session_timeout_ms="3000",
        group_share_min_heartbeat_interval_ms="100",
        group_share_heartbeat_interval_ms="300",
    )
    await broker.topics.create("st", 2)
    tid: uuid.UUID = broker.topics.topics["st"].topic_id
    stop = threading.Event()
    errors: list[str] = []

    def consume() -> None:
        c = confluent_kafka.ShareConsumer(
            {"bootstrap.servers": f"127.0.0.1:{broker.bound_port}", "group.id": "sc"}
        )
        c.subscribe(["st"])
        try:
            while not stop.is_set():  # nothing to consume: its ShareFetches come back empty
                errors.extend(str(m.error()) for m in c.poll(0.2) if m.error() is not None)
        finally:
            c.close()

    thread = threading.Thread(target=consume, daemon=True)
    thread.start()
    conn = await RawConnection.open(broker.bound_port)
    try:

        async def described() -> object:
            body = {"group_ids": ["sc"], "include_authorized_operations": False}
            return (await conn.request(ApiKey.SHARE_GROUP_DESCRIBE, 1, body)).groups[0]

        async def joined() -> bool:
            # assigned once the coordinator has initialized the partitions' share state, a
            # heartbeat after joining (ShareGroupStatePartitionMetadata), as Kafka 4.1+
            g = await described()
            return (
                g.error_code == E.NONE
                and len(g.members) == 1
                and g.members[0].member_epoch >= 1
                and sum(len(t.partitions) for t in g.members[0].assignment.topic_partitions) == 2
            )

        await async_wait_until(joined, timeout=20, what="the share consumer joins")
        g = await described()
        (m,) = g.members
        assert (g.group_state, g.assignor_name, m.client_id, list(m.subscribed_topic_names)) == (
            "Stable",
            "simple",
            "rdkafka",
            ["st"],
        )
        assert {(t.topic_id, p) for t in m.assignment.topic_partitions for p in t.partitions} == {
            (tid, 0),
            (tid, 1),
        }
        await asyncio.sleep(1.5)  # heartbeats keep it in the group past half a session
        g = await described()
        assert [x.member_id for x in g.members] == [m.member_id]
        stop.set()
        await asyncio.to_thread(thread.join, 30)
        assert not errors

        async def empty() -> bool:
            return (await described()).group_state == "Empty"

        # It leaves (epoch -1); should the leave be lost with a closed connection, its session expires.
        await async_wait_until(empty, timeout=15, what="the share consumer leaves")
    finally:
        stop.set()
        await conn.close()
        await broker.stop()

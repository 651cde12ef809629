"""confluent-kafka 2.16's ShareConsumer (librdkafka) consuming from kbroker's share-partitions
(KIP-932): ShareFetch with piggybacked acknowledgements, ShareAcknowledge on commit and close.

- six consumers of one share group (share.auto.offset.reset=earliest set on its GROUP config
  with the AdminClient) split 20,000 records of two partitions: every consumer gets
  some, every record is delivered once and accepted once, and the share-partitions' start offsets
  reach the end;
- explicit acknowledgements: a released record comes back with delivery_count() 2, a rejected one
  never does, a record released share.delivery.count.limit times is archived;
- a consumer that stops acknowledging loses its locks after share.record.lock.duration.ms: its
  records go to another consumer with a higher delivery count, never to two members at once.

Bad input (acknowledging what the member does not hold, stale session epochs, unknown members,
no session) is checked in raw frames: tests/unit/share/test_share_fetch.py."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from broker.broker import Broker
from broker.share.persister import InMemoryPersister, PartitionKey, Persister, PersisterError
from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from tests.helpers import RawConnection, async_wait_until, broker_config

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


async def _broker(tmp_path: Path, durable: bool = False) -> tuple[Broker, Persister]:
    """A broker whose share-partitions write through the share coordinator (`durable`, the
    broker's own persister) or an InMemoryPersister."""
    broker = Broker(
        broker_config(tmp_path / "data", **SHARE), share_persister=None if durable else InMemoryPersister()
    )
    await broker.start()
    return broker, broker.share_partitions.persister


def _produce(port: int, topic: str, n: int, partitions: int) -> None:
    # Batches of at most 100 records: a fetch acquires whole batches (batch-optimized mode, as
    # Kafka), and librdkafka's default (batch.num.messages 10000) could make one partition's
    # 10,000 records one batch, all of it for the first consumer that asks.
    p = confluent_kafka.Producer(
        {"bootstrap.servers": f"127.0.0.1:{port}", "linger.ms": 5, "batch.num.messages": 100}
    )
    for i in range(n):
        p.produce(topic, value=b"%d" % i, partition=i % partitions)
        if i % 1000 == 999:
            p.poll(0)
    assert p.flush(30) == 0


def _earliest(port: int, group: str) -> None:
    """share.auto.offset.reset=earliest for the group: IncrementalAlterConfigs on its GROUP
    resource, with confluent-kafka's AdminClient."""
    admin = kafka_admin
    resource = admin.ConfigResource(
        admin.ResourceType.GROUP,
        group,
        incremental_configs=[
            admin.ConfigEntry(
                "share.auto.offset.reset", "earliest", incremental_operation=admin.AlterConfigOpType.SET
            )
        ],
    )
    client = admin.AdminClient({"bootstrap.servers": f"127.0.0.1:{port}"})
    for future in client.incremental_alter_configs([resource]).values():
        future.result(10)


def _consumer(port: int, group: str, **extra: str) -> Any:
    return confluent_kafka.ShareConsumer(
        {"bootstrap.servers": f"127.0.0.1:{port}", "group.id": group, **extra}
    )


async def _start_offsets(persister: Persister, group: str, tid: uuid.UUID, n: int) -> list[int]:
    offsets = []
    for p in range(n):
        try:
            offsets.append((await persister.read_summary(PartitionKey(group, tid.bytes, p), 0)).start_offset)
        except PersisterError:
            offsets.append(-1)
    return offsets


@pytest.mark.parametrize("durable", [False, True], ids=["in-memory", "share-coordinator"])
async def test_six_consumers_split_twenty_thousand_records(tmp_path: Path, durable: bool) -> None:
    broker, persister = await _broker(tmp_path, durable)
    await broker.topics.create("q", 2)
    tid: uuid.UUID = broker.topics.topics["q"].topic_id
    port = broker.bound_port
    await asyncio.to_thread(_earliest, port, "six")  # through the GROUP config, as an operator would
    total = 20_000
    received: list[list[tuple[int, int, int]]] = [[] for _ in range(6)]
    lock = threading.Lock()
    seen: set[tuple[int, int]] = set()
    stop = threading.Event()
    errors: list[str] = []

    def consume(i: int) -> None:
        c = _consumer(port, "six")
        c.subscribe(["q"])
        try:
            while not stop.is_set():
                for m in c.poll(0.2):
                    if m.error() is not None:
                        errors.append(str(m.error()))
                        continue
                    received[i].append((m.partition(), m.offset(), m.delivery_count()))
                    with lock:
                        seen.add((m.partition(), m.offset()))
                time.sleep(0.02)  # a little work per batch, so that no one consumer takes everything
            c.commit_sync(10)  # accepts what the last poll returned (librdkafka's close releases it)
        finally:
            c.close()

    threads = [threading.Thread(target=consume, args=(i,), daemon=True) for i in range(6)]
    for t in threads:
        t.start()
    conn = await RawConnection.open(port)
    try:

        async def all_assigned() -> bool:
            r = await conn.request(
                ApiKey.SHARE_GROUP_DESCRIBE, 1, {"group_ids": ["six"], "include_authorized_operations": False}
            )
            g = r.groups[0]
            return (
                g.error_code == E.NONE
                and len(g.members) == 6
                and all(any(tp.partitions for tp in m.assignment.topic_partitions) for m in g.members)
            )

        await async_wait_until(all_assigned, timeout=30, what="six consumers in the share group, assigned")

        def all_fetching() -> bool:  # each has opened its share session: it polls for records
            sessions = broker.share_partitions.sessions.sessions
            return sum(1 for group, _ in sessions if group == "six") == 6

        await async_wait_until(all_fetching, timeout=30, what="six share sessions")
        await asyncio.to_thread(_produce, port, "q", total, 2)

        async def all_received() -> bool:
            return len(seen) >= total

        await async_wait_until(all_received, timeout=120, what="every record delivered")
        stop.set()
        for t in threads:
            await asyncio.to_thread(t.join, 30)

        async def all_accepted() -> bool:
            return await _start_offsets(persister, "six", tid, 2) == [total // 2, total // 2]

        # every record accepted: the start offsets reach the end (archived records would count
        # too, but none was: every delivery below is a first one, so no lock expired)
        await async_wait_until(all_accepted, timeout=30, what="the start offsets reach the end")
        deliveries = [d for r in received for d in r]
        assert not errors
        assert all(r for r in received), [len(r) for r in received]  # every consumer got records
        assert len(deliveries) == total  # nothing delivered twice ...
        assert {(p, o) for p, o, _ in deliveries} == {(p, o) for p in range(2) for o in range(total // 2)}
        assert {c for _, _, c in deliveries} == {1}  # ... and every delivery a first one
    finally:
        stop.set()
        await conn.close()
        await broker.stop()


async def test_release_reject_and_the_delivery_count_limit(tmp_path: Path) -> None:
    broker, persister = await _broker(tmp_path)
    await broker.topics.create("rr", 1)
    tid: uuid.UUID = broker.topics.topics["rr"].topic_id
    broker.share_partitions.group_configs["rr"] = {
        "share.auto.offset.reset": "earliest",
        "share.delivery.count.limit": "3",
    }
    port = broker.bound_port
    await asyncio.to_thread(_produce, port, "rr", 10, 1)
    kinds = confluent_kafka.AcknowledgeType
    deliveries: dict[int, list[int]] = defaultdict(list)

    def consume() -> None:
        c = _consumer(port, "rr", **{"share.acknowledgement.mode": "explicit"})
        c.subscribe(["rr"])
        deadline = time.monotonic() + 60
        quiet_since: float | None = None
        try:
            while time.monotonic() < deadline:
                msgs = [m for m in c.poll(0.3) if m.error() is None]
                for m in msgs:
                    deliveries[m.offset()].append(m.delivery_count())
                    if m.offset() == 0:
                        kind = kinds.RELEASE  # always: archived at the limit
                    elif m.offset() == 1:
                        kind = kinds.REJECT
                    elif m.offset() == 2 and m.delivery_count() == 1:
                        kind = kinds.RELEASE  # once: then accepted
                    else:
                        kind = kinds.ACCEPT
                    c.acknowledge(m, kind)
                if msgs:
                    c.commit_sync(10)
                    quiet_since = None
                elif len(deliveries[0]) >= 3 and len(deliveries[2]) >= 2:
                    # done: one more second of polls shows that nothing else comes
                    quiet_since = quiet_since or time.monotonic()
                    if time.monotonic() - quiet_since > 1.0:
                        return
        finally:
            c.close()

    try:
        await asyncio.to_thread(consume)
        assert deliveries[0] == [1, 2, 3]  # released three times: archived, never again
        assert deliveries[1] == [1]  # rejected: never again
        assert deliveries[2] == [1, 2]  # released once: back with delivery_count() 2, then accepted
        assert all(deliveries[o] == [1] for o in range(3, 10))
        assert await _start_offsets(persister, "rr", tid, 1) == [10]  # all final
    finally:
        await broker.stop()


async def test_a_stalled_consumer_loses_its_locks(tmp_path: Path) -> None:
    """The records a consumer holds without acknowledging go to another once their locks expire,
    with a higher delivery count. The second consumer's own locks may expire too (it must
    acknowledge within the lock duration, and a loaded machine can stall it longer): then, as in
    Kafka, its late acknowledgement is refused (INVALID_RECORD_STATE) and the records come back
    to it with a higher delivery count. So it polls until the broker has every record accepted,
    and the broker's events show that every delivery but the first followed an expired or
    released lock."""
    broker, persister = await _broker(tmp_path)
    await broker.topics.create("lx", 1)
    tid: uuid.UUID = broker.topics.topics["lx"].topic_id
    broker.share_partitions.group_configs["lx"] = {
        "share.auto.offset.reset": "earliest",
        "share.record.lock.duration.ms": "2000",
    }
    events: list[dict[str, Any]] = []
    broker.share_partitions.watch.subscribe(events.append)
    port = broker.bound_port
    await asyncio.to_thread(_produce, port, "lx", 50, 1)

    def stall() -> tuple[Any, list[int]]:
        """Polls until it holds records, then neither acknowledges nor polls again."""
        c = _consumer(port, "lx", **{"share.acknowledgement.mode": "explicit"})
        c.subscribe(["lx"])
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            msgs = [m for m in c.poll(0.3) if m.error() is None]
            if msgs:
                return c, [m.offset() for m in msgs]
        raise AssertionError("the first consumer got nothing")

    stalled, held = await asyncio.to_thread(stall)
    got: dict[int, list[int]] = defaultdict(list)

    def all_accepted() -> bool:  # read from the consumer's thread: the share-partition's SPSO
        entries = broker.share_partitions.partitions.values()
        return any(e.topic == "lx" and e.share.start_offset == 50 for e in entries)

    def work() -> None:
        c = _consumer(port, "lx")
        c.subscribe(["lx"])
        deadline = time.monotonic() + 60
        try:
            while time.monotonic() < deadline and not (len(got) == 50 and all_accepted()):
                for m in c.poll(0.3):
                    if m.error() is None:
                        got[m.offset()].append(m.delivery_count())
                if len(got) == 50:
                    c.commit_sync(10)  # implicit mode: accepts what the last poll returned
        finally:
            c.close()

    try:
        await asyncio.to_thread(work)
        assert set(got) == set(range(50))
        # what the stalled consumer held came to the second one after its locks expired
        assert {o for o, v in got.items() if v[0] >= 2} >= set(held)
        # a record came again only as a new delivery (never the same one twice)
        assert all(v == sorted(set(v)) for v in got.values()), got
        _check_redeliveries(events)

        async def accepted() -> bool:
            return await _start_offsets(persister, "lx", tid, 1) == [50]

        await async_wait_until(accepted, timeout=15, what="every record accepted")
        archived = [e for e in events if e["kind"] == "share-archived"]
        assert not archived, archived  # accepted, not archived at the delivery count limit
    finally:
        await asyncio.to_thread(stalled.close)
        await broker.stop()


def _check_redeliveries(events: list[dict[str, Any]]) -> None:
    """From the broker's share events: each acquisition of an offset bumps its delivery count by
    one, and comes after the previous holder's lock expired or was released (or it acknowledged
    RELEASE): no record is held by two members at once."""
    held: dict[int, str] = {}
    counts: dict[int, int] = defaultdict(int)
    for e in events:
        kind = e["kind"]
        if kind == "share-acquired":
            for first, last, count in e["records"]:
                for o in range(first, last + 1):
                    assert o not in held, (o, e)
                    assert count == counts[o] + 1, (o, count, counts[o])
                    held[o], counts[o] = e["member"], count
        elif kind in ("share-lock-expired", "share-released"):
            for first, last in e["records"]:
                for o in range(first, last + 1):
                    held.pop(o, None)
        elif kind == "share-acknowledged":
            for first, last, _ in e["acks"]:
                for o in range(first, last + 1):
                    assert held.pop(o, None) == e["member"], (o, e)

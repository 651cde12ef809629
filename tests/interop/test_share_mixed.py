"""A share group of two clients nobody here wrote together with ours: confluent-kafka 2.16's
ShareConsumer (librdkafka) and AsyncShareConsumer read one partition of 3,000 records side by
side, and every record is delivered to one of them once and accepted (the share-partition start
offset ends past them all)."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import threading

import pytest

from client import AsyncAdmin, AsyncShareConsumer, TopicPartition
from client.share_admin import SharePartitionOffset
from kbroker.testing import EmbeddedBroker
from tests.helpers import async_wait_until

pytestmark = [pytest.mark.interop, pytest.mark.timeout(120)]
confluent_kafka = pytest.importorskip("confluent_kafka")
if not hasattr(confluent_kafka, "ShareConsumer"):
    pytest.skip("this confluent-kafka has no ShareConsumer", allow_module_level=True)

N = 3000
SHARE = {
    "group.share.enable": "true",
    "group.share.min.heartbeat.interval.ms": "100",
    "group.share.heartbeat.interval.ms": "300",
    "group.share.min.session.timeout.ms": "1000",
    "group.share.session.timeout.ms": "6000",
}


async def test_confluent_and_our_share_consumers_accept_each_record_once() -> None:
    async with EmbeddedBroker(SHARE) as b:
        await b.aio.create_topic("mixed", 1)
        b.broker.share_partitions.group_configs["mix"] = {"share.auto.offset.reset": "earliest"}
        await b.aio.produce("mixed", [str(i) for i in range(N)])
        theirs: collections.Counter[int] = collections.Counter()
        ours: collections.Counter[int] = collections.Counter()
        stop = threading.Event()
        failures: list[BaseException] = []

        def confluent() -> None:
            c = confluent_kafka.ShareConsumer(
                {"bootstrap.servers": b.bootstrap_servers, "group.id": "mix", "client.id": "rdkafka-share"}
            )
            try:
                c.subscribe(["mixed"])
                while not stop.is_set():
                    for m in c.poll(0.2) or []:
                        if m.error() is None:
                            theirs[m.offset()] += 1
                c.commit_sync(10)
            except Exception as e:  # noqa: BLE001 (the test reports it)
                failures.append(e)
            finally:
                with contextlib.suppress(Exception):
                    c.close()

        thread = threading.Thread(target=confluent, daemon=True)
        thread.start()
        try:
            async with AsyncShareConsumer(
                "mixed", group_id="mix", bootstrap_servers=b.bootstrap_servers, max_poll_records=50
            ) as c:
                while len(theirs) + len(ours) < N and not failures:
                    for records in (await c.getmany(timeout_ms=200)).values():
                        for r in records:
                            ours[r.offset] += 1
                    await asyncio.sleep(0.01)  # (50 records a poll: room for the other member)
                await c.commit()
        finally:
            stop.set()
            await asyncio.to_thread(thread.join, 30)
        assert not failures, failures
        assert sorted(set(theirs) | set(ours)) == list(range(N))
        assert not set(theirs) & set(ours)  # no record went to both
        assert max((theirs + ours).values()) == 1  # nor twice to one
        print(f"delivered: {len(theirs)} to confluent-kafka, {len(ours)} to AsyncShareConsumer")
        assert theirs and ours, (len(theirs), len(ours))

        async with AsyncAdmin(b.bootstrap_servers) as admin:

            async def all_accepted() -> bool:
                found = (await admin.describe_share_group_offsets("mix")).get(TopicPartition("mixed", 0))
                return isinstance(found, SharePartitionOffset) and found.start_offset == N

            await async_wait_until(all_accepted, timeout=15, what="every record accepted")

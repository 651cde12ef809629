"""confluent-kafka 2.16's ShareConsumer against a kbroker process whose share-partitions keep
their state with the share coordinator (the broker's default persister): what a consumer accepted
stays accepted across kill -9 of the broker, and the start offset is kept: after the restart a
new consumer of the group gets the records produced since the acceptances (before the kill, and
after), each a first delivery, and none of those accepted."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import BrokerProcess, create_topic

pytestmark = pytest.mark.interop
confluent_kafka = pytest.importorskip("confluent_kafka")
if not hasattr(confluent_kafka, "ShareConsumer"):
    pytest.skip("this confluent-kafka has no ShareConsumer", allow_module_level=True)

EXTRA = {
    "group.share.enable": "true",
    "group.share.min.session.timeout.ms": "1000",
    "group.share.session.timeout.ms": "6000",
    "group.share.min.heartbeat.interval.ms": "100",
    "group.share.heartbeat.interval.ms": "300",
    "share.coordinator.state.topic.num.partitions": "3",
}


def _produce(port: int, first: int, n: int) -> None:
    p = confluent_kafka.Producer({"bootstrap.servers": f"127.0.0.1:{port}", "linger.ms": 5})
    for i in range(first, first + n):
        p.produce("q", value=b"%d" % i, partition=0)
    assert p.flush(30) == 0


def _consume(
    port: int, want: int, produce_from: int, produce_n: int, deadline_s: float = 60
) -> list[tuple[int, int]]:
    """Join the group, produce `produce_n` records once polling (a share-partition read for the
    first time starts at the latest offset), take `want` records, accept them (commit), leave."""
    c: Any = confluent_kafka.ShareConsumer({"bootstrap.servers": f"127.0.0.1:{port}", "group.id": "durable"})
    c.subscribe(["q"])
    got: list[tuple[int, int]] = []
    produced = False
    deadline = time.monotonic() + deadline_s
    try:
        while len(got) < want and time.monotonic() < deadline:
            for m in c.poll(0.2):
                if m.error() is None:
                    got.append((m.offset(), m.delivery_count()))
            if not produced and time.monotonic() > deadline - deadline_s + 3:
                _produce(port, produce_from, produce_n)  # after the share-partition's first read
                produced = True
        c.commit_sync(10)
    finally:
        c.close()
    return got


async def test_accepted_records_stay_accepted_across_kill_9(tmp_path: Path) -> None:
    data = tmp_path / "data"
    bp = BrokerProcess(data, extra=EXTRA).start()
    try:
        await create_topic(bp.port, "q", 1)
        first = await asyncio.to_thread(_consume, bp.port, 40, 0, 40)
        assert sorted(first) == [(o, 1) for o in range(40)]
        await asyncio.to_thread(_produce, bp.port, 40, 20)  # while no consumer is there
        bp.kill()  # SIGKILL: the acceptances were answered, so they were durable
        bp = BrokerProcess(data, port=bp.port, extra=EXTRA).start()
        second = await asyncio.to_thread(_consume, bp.port, 25, 60, 5)
        # the start offset (40) was kept: the 20 records produced meanwhile come first, then the
        # new ones; none of the first 40 again (a lost state would start at the latest offset)
        assert sorted(second) == [(o, 1) for o in range(40, 65)]
    finally:
        bp.stop()

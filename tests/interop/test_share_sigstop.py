"""Issue 30's second must-show, with a real stop: a confluent-kafka 2.16 ShareConsumer in its own
process acquires records and is SIGSTOPped (no more polls, acknowledgements or heartbeats, its
connection left open). After share.record.lock.duration.ms (the broker's
group.share.record.lock.duration.ms, 2 s here) its locks expire, and another member of the group
(our AsyncShareConsumer) gets those records, with delivery count 2, and accepts them. Then the
stopped process is continued: its late implicit acknowledgement of the records it held is refused
(the broker counts every record's ACCEPT once), and it closes.

The broker's share-acknowledged events (broker/share/watch.py) are the record of what was
accepted: one ACCEPT per record, overall. The share session timeout (45 s, Kafka's default) is
well past the lock duration: the stopped member stays in the group, so what frees its records is
the lock expiring, not its membership ending."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import os
import signal
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from broker.broker import Broker
from broker.share.persister import InMemoryPersister, PartitionKey
from client import AsyncShareConsumer
from tests.helpers import async_wait_until, broker_config

pytestmark = pytest.mark.interop
confluent_kafka = pytest.importorskip("confluent_kafka")
if not hasattr(confluent_kafka, "ShareConsumer"):
    pytest.skip("this confluent-kafka has no ShareConsumer", allow_module_level=True)

GROUP, TOPIC, N = "stopped", "sq", 1000
LOCK_MS = 2000
SHARE = {
    "group_share_enable": "true",
    "group_share_record_lock_duration_ms": str(LOCK_MS),
    "group_share_min_heartbeat_interval_ms": "100",
    "group_share_heartbeat_interval_ms": "300",
    "group_share_session_timeout_ms": "45000",
}

# The stopped consumer: polls until it holds records, says which (one JSON line), then does
# nothing until told on stdin: "poll" (one more poll, which implicitly accepts what the first
# returned) or "close".
CONSUMER = r"""
import json, sys, time
import confluent_kafka

port, group, topic = sys.argv[1:4]
c = confluent_kafka.ShareConsumer(
    {"bootstrap.servers": f"127.0.0.1:{port}", "group.id": group, "max.poll.records": 100}
)
c.subscribe([topic])

def poll(seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        msgs = [m for m in c.poll(0.3) if m.error() is None]
        if msgs:
            return [[m.offset(), m.delivery_count()] for m in msgs]
    return []

print(json.dumps(poll(60)), flush=True)
for line in sys.stdin:
    if line.strip() == "poll":
        print(json.dumps(poll(2)), flush=True)
    else:
        break
c.close()
"""


def _produce(port: int) -> None:
    """N records in batches of 100 (a flush each): the first poll takes some batches, not all."""
    p = confluent_kafka.Producer({"bootstrap.servers": f"127.0.0.1:{port}", "linger.ms": 5})
    for i in range(N):
        p.produce(TOPIC, value=b"%d" % i, partition=0)
        if i % 100 == 99:
            assert p.flush(30) == 0
    assert p.flush(30) == 0


def _state(pid: int) -> str:
    """The process's state letter (T: stopped), from /proc."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return "gone"
    return stat.rpartition(")")[2].split()[0]


async def _line(proc: asyncio.subprocess.Process, timeout: float) -> Any:
    assert proc.stdout is not None
    line = await asyncio.wait_for(proc.stdout.readline(), timeout)
    assert line, f"the consumer process ended (exit {proc.returncode})"
    return json.loads(line)


async def _tell(proc: asyncio.subprocess.Process, word: str) -> None:
    assert proc.stdin is not None
    proc.stdin.write(word.encode() + b"\n")
    await proc.stdin.drain()


async def test_a_sigstopped_consumer_loses_its_locks_to_another(tmp_path: Path) -> None:
    broker = Broker(broker_config(tmp_path / "data", **SHARE), share_persister=InMemoryPersister())
    await broker.start()
    proc: asyncio.subprocess.Process | None = None
    accepts: collections.Counter[int] = collections.Counter()
    accepted_by: dict[int, str] = {}
    expired: set[int] = set()  # records whose lock expired
    released: list[dict[str, Any]] = []  # a member's locks released with its session

    def on_event(event: dict[str, Any]) -> None:
        if event["group"] != GROUP:
            return
        if event["kind"] == "share-acknowledged":
            for first, last, kind in event["acks"]:
                if kind == "ACCEPT":
                    for offset in range(first, last + 1):
                        accepts[offset] += 1
                        accepted_by[offset] = event["member"]
        elif event["kind"] == "share-lock-expired":
            expired.update(o for first, last in event["records"] for o in range(first, last + 1))
        elif event["kind"] == "share-released":
            released.append(event)

    unwatch = broker.share_partitions.watch.subscribe(on_event)
    try:
        await broker.topics.create(TOPIC, 1)
        tid: uuid.UUID = broker.topics.topics[TOPIC].topic_id
        broker.share_partitions.group_configs[GROUP] = {"share.auto.offset.reset": "earliest"}
        port = broker.bound_port
        await asyncio.to_thread(_produce, port)
        with (tmp_path / "consumer.stderr").open("wb") as stderr:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                CONSUMER,
                str(port),
                GROUP,
                TOPIC,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=stderr,
            )
        held = {offset for offset, count in await _line(proc, 90) if count == 1}
        assert held, "the consumer process got no records"
        os.kill(proc.pid, signal.SIGSTOP)
        await async_wait_until(lambda: _state(proc.pid) == "T", timeout=10, what="the process stopped")
        # (it holds `held`, and maybe more that librdkafka fetched ahead and never handed out)

        got: dict[int, list[int]] = collections.defaultdict(list)
        async with AsyncShareConsumer(TOPIC, group_id=GROUP, bootstrap_servers=f"127.0.0.1:{port}") as other:
            deadline = time.monotonic() + 90
            while len(got) < N and time.monotonic() < deadline:
                for records in (await other.getmany(timeout_ms=500)).values():
                    for r in records:
                        got[r.offset].append(r.delivery_count)
            await other.commit()  # the last poll's records, accepted
            member = other.member_id
        assert _state(proc.pid) == "T"  # stopped all along
        assert sorted(got) == list(range(N))
        assert all(len(counts) == 1 for counts in got.values())  # each once to the other member
        # the held records came back once their locks expired (not released: the stopped member
        # kept its session and its membership), as a second delivery
        assert held <= expired
        assert released == []
        assert {got[o][0] for o in held} == {2}
        assert {c for counts in got.values() for c in counts} <= {1, 2}

        async def all_accepted() -> bool:
            summary = await broker.share_partitions.persister.read_summary(
                PartitionKey(GROUP, tid.bytes, 0), 0
            )
            return summary.start_offset == N

        await async_wait_until(all_accepted, timeout=15, what="every record accepted")

        # continued: its poll accepts (implicitly) what it held, too late: refused
        os.kill(proc.pid, signal.SIGCONT)
        await _tell(proc, "poll")
        await _line(proc, 30)  # (possibly records it fetched ahead before the stop, now stale)
        await _tell(proc, "close")
        assert await asyncio.wait_for(proc.wait(), 30) == 0
        assert sorted(accepts) == list(range(N))
        assert set(accepts.values()) == {1}  # every record's ACCEPT counted once, overall
        assert {accepted_by[o] for o in held} == {member}
    finally:
        unwatch()
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(proc.pid, signal.SIGCONT)
                proc.kill()
            await proc.wait()
        await broker.stop()

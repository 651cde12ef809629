"""A live consumer-group demo: `python -m client.demo` after `make run`.

A producer writes keyed records to a topic; consumers of one group join, one leaves cleanly,
one crashes, another joins; every assignment and revocation is printed as it happens, then the
group's committed offsets and lag.

    python -m client.demo [--bootstrap 127.0.0.1:9092] [--topic demo] [--partitions 6]
                          [--group demo-group] [--session-ms 6000] [--assignor range] [--pace 1.0]

--pace scales every pause of the script (0.3 runs it about three times faster).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from client import (
    AsyncAdmin,
    AsyncConsumer,
    AsyncProducer,
    KafkaError,
    NewTopic,
    RebalanceListener,
    TopicPartition,
)
from client.structs import OffsetSpec

START = time.monotonic()


def say(who: str, what: str) -> None:
    print(f"[{time.monotonic() - START:6.1f}s] {who:<12} {what}", flush=True)


def parts(tps: set[TopicPartition]) -> str:
    return "[" + ", ".join(str(tp.partition) for tp in sorted(tps)) + "]"


class Narrator(RebalanceListener):
    def __init__(self, name: str):
        self.name = name

    def on_partitions_revoked(self, revoked: set[TopicPartition]) -> None:
        if revoked:
            say(self.name, f"revoked   {parts(revoked)}  (offsets committed first)")

    def on_partitions_assigned(self, assigned: set[TopicPartition]) -> None:
        if assigned:  # cooperative rounds that add nothing stay quiet
            say(self.name, f"assigned  {parts(assigned)}")

    def on_partitions_lost(self, lost: set[TopicPartition]) -> None:
        if lost:
            say(self.name, f"lost      {parts(lost)}")


@dataclass
class DemoConsumer:
    name: str
    consumer: AsyncConsumer
    read: int = 0
    task: asyncio.Task[Any] | None = field(default=None, repr=False)

    async def run(self) -> None:
        async for _record in self.consumer:
            self.read += 1


async def start_consumer(a: argparse.Namespace, name: str) -> DemoConsumer:
    say(name, "joins the group")
    consumer = AsyncConsumer(
        a.topic,
        bootstrap_servers=a.bootstrap,
        group_id=a.group,
        client_id=name,
        auto_offset_reset="earliest",
        session_timeout_ms=a.session_ms,
        heartbeat_interval_ms=max(100, a.session_ms // 6),
        auto_commit_interval_ms=1000,
        listener=Narrator(name),
        metadata_max_age_ms=5000,
        partition_assignment_strategy=(a.assignor,),
    )
    await consumer.start()
    member = DemoConsumer(name, consumer)
    member.task = asyncio.create_task(member.run())
    return member


async def stop_consumer(member: DemoConsumer, *, crash: bool = False) -> None:
    if member.task is not None:
        member.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await member.task
    if crash:
        coordinator = member.consumer.coordinator
        timeout = f" ({coordinator.config.session_timeout_ms} ms)" if coordinator is not None else ""
        say(member.name, f"crashes (no LeaveGroup): the group waits for its session timeout{timeout}")
        await member.consumer.abort()
    else:
        say(member.name, "leaves cleanly (commit, revoke, LeaveGroup)")
        await member.consumer.close()


async def produce(a: argparse.Namespace, stop: asyncio.Event, counter: list[int]) -> None:
    async with AsyncProducer(a.bootstrap, client_id="demo-producer", linger_ms=10) as producer:
        i = 0
        while not stop.is_set():
            for _ in range(20):
                await producer.send(a.topic, f"order {i}".encode(), key=f"customer-{i % 50}".encode())
                i += 1
            counter[0] = i
            await asyncio.sleep(0.05)
        await producer.flush()


async def catch_up(a: argparse.Namespace, members: list[DemoConsumer], timeout: float = 15.0) -> None:
    """Wait until the members have read everything produced (their positions are at the end)."""
    tps = [TopicPartition(a.topic, p) for p in range(a.partitions)]
    async with AsyncAdmin(a.bootstrap) as admin:
        ends = {
            tp: off
            for tp, (off, _) in (await admin.list_offsets({tp: OffsetSpec.LATEST for tp in tps})).items()
        }
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        positions = {}
        for m in members:
            for tp in m.consumer.assignment():
                with contextlib.suppress(KafkaError):
                    positions[tp] = await m.consumer.position(tp, timeout=1.0)
        if all(positions.get(tp) == ends[tp] for tp in tps):
            say("demo", "the consumers have read everything produced")
            return
        await asyncio.sleep(0.1)


async def main(a: argparse.Namespace) -> None:
    pace = a.pace
    async with AsyncAdmin(a.bootstrap) as admin:
        cluster = await admin.describe_cluster()
        say(
            "demo",
            f"cluster {cluster['cluster_id']} with {len(cluster['brokers'])} broker(s) at {a.bootstrap}",
        )
        try:
            await admin.create_topics([NewTopic(a.topic, a.partitions)], exist_ok=True)
            say("demo", f"topic {a.topic!r} has {a.partitions} partitions")
        except KafkaError as e:
            say("demo", f"cannot create {a.topic!r} ({e}); relying on auto-creation")

    stop, produced = asyncio.Event(), [0]
    producer = asyncio.create_task(produce(a, stop, produced))
    say("producer", "writes keyed records (murmur2: one customer, one partition)")
    members: dict[str, DemoConsumer] = {}
    try:
        members["consumer-A"] = await start_consumer(a, "consumer-A")
        await asyncio.sleep(4 * pace)
        members["consumer-B"] = await start_consumer(a, "consumer-B")
        await asyncio.sleep(4 * pace)
        members["consumer-C"] = await start_consumer(a, "consumer-C")
        await asyncio.sleep(5 * pace)
        await stop_consumer(members.pop("consumer-B"))
        await asyncio.sleep(4 * pace)
        await stop_consumer(members.pop("consumer-C"), crash=True)
        await asyncio.sleep(a.session_ms / 1000 + 4 * pace)
        members["consumer-D"] = await start_consumer(a, "consumer-D")
        await asyncio.sleep(5 * pace)
        say(
            "demo",
            "read so far: "
            + ", ".join(f"{m.name} {m.read}" for m in members.values())
            + f"; produced {produced[0]}",
        )
    finally:
        stop.set()
        with contextlib.suppress(Exception):
            await producer
        with contextlib.suppress(Exception):
            await catch_up(a, list(members.values()))
        for m in list(members.values()):
            await stop_consumer(m)
    async with AsyncAdmin(a.bootstrap) as admin:
        committed = await admin.list_group_offsets(
            a.group, [TopicPartition(a.topic, p) for p in range(a.partitions)]
        )
        ends = await admin.list_offsets(
            {TopicPartition(a.topic, p): OffsetSpec.LATEST for p in range(a.partitions)}
        )
        say("demo", f"group {a.group!r} committed offsets (lag):")
        for tp in sorted(ends):
            end = ends[tp][0]
            offset = committed[tp].offset if tp in committed else 0
            say("", f"  partition {tp.partition}: {offset:>6} of {end:>6}  (lag {end - offset})")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m client.demo", description=__doc__.split("\n\n")[0])
    p.add_argument("--bootstrap", default="127.0.0.1:9092")
    p.add_argument("--topic", default="demo")
    p.add_argument("--partitions", type=int, default=6)
    p.add_argument("--group", default="demo-group")
    p.add_argument(
        "--session-ms",
        type=int,
        default=6000,
        help="session timeout (the broker's minimum is 6000 by default)",
    )
    p.add_argument(
        "--assignor",
        default="range",
        choices=["range", "roundrobin", "sticky", "cooperative-sticky"],
        help="cooperative-sticky shows KIP-429: only the partitions that move are revoked",
    )
    p.add_argument("--pace", type=float, default=1.0, help="scale the script's pauses")
    return p.parse_args(argv)


def run(argv: list[str] | None = None) -> int:
    try:
        asyncio.run(main(parse(argv)))
    except KafkaError as e:
        print(f"demo failed: {e} (is a broker running? `make run`)", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(run())

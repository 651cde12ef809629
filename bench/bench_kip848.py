"""KIP-848 next to the classic protocol, on kbroker, same run.

    python bench/bench_kip848.py [--quick] [--sizes 100,1000] [--seconds S]

1. join: N-1 members of our AsyncConsumer sit in a stable group on an N-partition topic; the N-th
   starts. Measured: from the N-th consumer's start to the moment every member holds its share
   (every partition owned exactly once, the newcomer included, no reconciliation pending), with
   - classic: JoinGroup/SyncGroup, the cooperative-sticky assignor (two rebalances: revoke, assign);
   - consumer: ConsumerGroupHeartbeat, the broker's uniform assignor, incremental reconciliation.
   Both heartbeat every 500 ms (group.consumer.heartbeat.interval.ms / heartbeat_interval_ms).
2. heartbeats/s: 16 members each pipelining 32 heartbeats on its own connection, classic
   Heartbeat v3 against ConsumerGroupHeartbeat v1 (members stable, nothing to reconcile).

kbroker runs as its own process; the consumers share this one (one event loop, uvloop).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import struct
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import bench_groups  # noqa: E402
from bench.bench_groups import Conn, bench_heartbeats, pump_frames  # noqa: E402
from bench.kbroker_process import free_port  # noqa: E402
from client.consumer import AsyncConsumer  # noqa: E402
from protocol.apis import ApiKey as K  # noqa: E402
from protocol.errors import ErrorCode as E  # noqa: E402
from protocol.frames import RequestHeader, encode_request  # noqa: E402

HEARTBEAT_MS = 500
SESSION_MS = 45_000


@contextlib.asynccontextmanager
async def kbroker():
    port = free_port()
    data = tempfile.mkdtemp(prefix="bench-kip848-")
    overrides = {
        "listeners": f"PLAINTEXT://127.0.0.1:{port}",
        "log.dirs": data,
        "group.initial.rebalance.delay.ms": "100",
        "group.min.session.timeout.ms": "1000",
        "group.consumer.min.heartbeat.interval.ms": "100",
        "group.consumer.heartbeat.interval.ms": str(HEARTBEAT_MS),
        "group.consumer.session.timeout.ms": str(SESSION_MS),
        "offsets.topic.num.partitions": "50",
    }
    args = [sys.executable, "-m", "broker", "--log-level", "warning"]
    for k, v in overrides.items():
        args += ["--override", f"{k}={v}"]
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        bootstrap = f"127.0.0.1:{port}"
        deadline = time.time() + 30
        while True:
            try:
                conn = await Conn.open(bootstrap)
                break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise RuntimeError("kbroker did not start") from None
                await asyncio.sleep(0.1)
        await conn.close()
        yield bootstrap
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
        subprocess.run(["rm", "-rf", data], check=False)


async def create_topic(bootstrap: str, name: str, partitions: int) -> None:
    conn = await Conn.open(bootstrap)
    try:
        await bench_groups.create_topic(conn, name, partitions, timeout_ms=60_000, exists_ok=False)
    finally:
        await conn.close()


class Members:
    """N AsyncConsumers of one group, each polling in its own task."""

    def __init__(self, bootstrap: str, group: str, topic: str, protocol: str):
        self.bootstrap, self.group, self.topic, self.protocol = bootstrap, group, topic, protocol
        self.consumers: list[AsyncConsumer] = []
        self.tasks: list[asyncio.Task[None]] = []

    async def add(self) -> AsyncConsumer:
        kw: dict = {}
        if self.protocol == "classic":
            kw["partition_assignment_strategy"] = ("cooperative-sticky",)
        else:
            kw["group_protocol"] = "consumer"
        c = AsyncConsumer(
            bootstrap_servers=self.bootstrap,
            group_id=self.group,
            client_id=f"bench-{len(self.consumers)}",
            enable_auto_commit=False,
            session_timeout_ms=SESSION_MS,
            heartbeat_interval_ms=HEARTBEAT_MS,
            auto_offset_reset="latest",
            fetch_max_wait_ms=2000,
            **kw,
        )
        await c.start()
        c.subscribe([self.topic])
        self.consumers.append(c)
        self.tasks.append(asyncio.create_task(self._poll(c)))
        return c

    @staticmethod
    async def _poll(c: AsyncConsumer) -> None:
        while True:
            await c.getmany(timeout_ms=200)

    def stable(self, partitions: int) -> bool:
        owned = []
        for c in self.consumers:
            co = c.coordinator
            assert co is not None
            if co.rebalancing or co.need_rejoin():
                return False
            mine = c.assignment()
            if not mine:
                return False
            owned.extend(tp.partition for tp in mine)
        return sorted(owned) == list(range(partitions))

    async def wait_stable(self, partitions: int, timeout: float) -> float:
        start = time.perf_counter()
        while not self.stable(partitions):
            if time.perf_counter() - start > timeout:
                raise TimeoutError(f"{self.protocol}: not stable after {timeout:.0f}s")
            await asyncio.sleep(0.01)
        return time.perf_counter() - start

    async def close(self) -> None:
        for t in self.tasks:
            t.cancel()
        for t in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        await asyncio.gather(*(c.abort() for c in self.consumers), return_exceptions=True)


async def bench_join(bootstrap: str, protocol: str, n: int) -> float:
    topic, group = f"join-{protocol}-{n}-{uuid.uuid4().hex[:6]}", f"g-{protocol}-{n}"
    await create_topic(bootstrap, topic, n)
    members = Members(bootstrap, group, topic, protocol)
    try:
        for _ in range(n - 1):
            await members.add()
        await members.wait_stable(n, timeout=60 + n * 0.3)  # (no newcomer yet: each owns ~1 partition)
        started = time.perf_counter()
        await members.add()
        await members.wait_stable(n, timeout=60 + n * 0.3)
        return time.perf_counter() - started
    finally:
        await members.close()


async def bench_consumer_heartbeats(
    bootstrap: str, seconds: float, members_n: int = 16, depth: int = 32
) -> float:
    topic, group = f"hb-{uuid.uuid4().hex[:6]}", f"hb-{uuid.uuid4().hex[:6]}"
    await create_topic(bootstrap, topic, members_n)
    conns = [await Conn.open(bootstrap) for _ in range(members_n)]
    ids = [uuid.uuid4().hex for _ in conns]
    epochs = []
    for conn, mid in zip(conns, ids, strict=True):
        r = await conn.call(
            K.CONSUMER_GROUP_HEARTBEAT,
            1,
            {
                "group_id": group,
                "member_id": mid,
                "member_epoch": 0,
                "rebalance_timeout_ms": 30_000,
                "subscribed_topic_names": [topic],
                "topic_partitions": [],
            },
        )
        assert r.error_code == E.NONE, r
        epochs.append(r.member_epoch)
    # Settle: heartbeat each member with what it owns until no epoch moves (it then owns its share).
    owned: list[list[dict]] = [[] for _ in conns]
    for _ in range(50):
        moved = False
        for i, (conn, mid) in enumerate(zip(conns, ids, strict=True)):
            r = await conn.call(
                K.CONSUMER_GROUP_HEARTBEAT,
                1,
                {
                    "group_id": group,
                    "member_id": mid,
                    "member_epoch": epochs[i],
                    "topic_partitions": owned[i],
                },
            )
            assert r.error_code == E.NONE, r
            if r.assignment is not None:
                new = [
                    {"topic_id": tp.topic_id, "partitions": list(tp.partitions)}
                    for tp in r.assignment.topic_partitions
                ]
                moved |= new != owned[i]
                owned[i] = new
            moved |= r.member_epoch != epochs[i]
            epochs[i] = r.member_epoch
        if not moved:
            break
    # Plain heartbeats: nothing changed since the last one (owned partitions null: unchanged),
    # sent by the generator bench_groups uses for classic heartbeats, on connections of their own.
    frames = []
    for i, (mid, epoch) in enumerate(zip(ids, epochs, strict=True)):
        body = encode_request(
            RequestHeader(K.CONSUMER_GROUP_HEARTBEAT, 1, i, "bench"),
            {"group_id": group, "member_id": mid, "member_epoch": epoch},
        )
        frames.append(struct.pack(">i", len(body)) + body)
    try:
        # flexible response header: correlation id, tagged fields (0), then throttle time, error
        count, elapsed = await pump_frames(bootstrap, frames, seconds, depth, error_at=9)
    finally:
        for c in conns:
            await c.close()
    return count / elapsed


async def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--quick", action="store_true", help="100 members only, 2 s of heartbeats")
    p.add_argument("--sizes", default="100,1000")
    p.add_argument("--seconds", type=float, default=5.0)
    a = p.parse_args()
    sizes = [100] if a.quick else [int(s) for s in a.sizes.split(",")]
    seconds = 2.0 if a.quick else a.seconds
    loop = asyncio.get_running_loop()

    def quiet(loop: asyncio.AbstractEventLoop, context: dict) -> None:
        # pipelined requests left unanswered when a benchmark connection closes: expected
        if not isinstance(context.get("exception"), ConnectionError):
            loop.default_exception_handler(context)

    loop.set_exception_handler(quiet)
    print(f"KIP-848 vs classic on kbroker (our AsyncConsumer; heartbeat every {HEARTBEAT_MS} ms)")
    async with kbroker() as bootstrap:
        for n in sizes:
            results = {}
            for protocol in ("classic", "consumer"):
                try:
                    results[protocol] = f"{await bench_join(bootstrap, protocol, n):7.2f} s"
                except TimeoutError as e:
                    results[protocol] = f"timed out ({e})"
            print(
                f"  {n:5d} members, one joins: stable again after  classic (cooperative-sticky) "
                f"{results['classic']}   consumer (KIP-848, uniform) {results['consumer']}"
            )
        classic_rate, _ = await bench_heartbeats(bootstrap, seconds)
        consumer_rate = await bench_consumer_heartbeats(bootstrap, seconds)
        print(
            f"  heartbeats/s (16 members x 32 in flight): classic Heartbeat {classic_rate:,.0f}   "
            f"ConsumerGroupHeartbeat {consumer_rate:,.0f}"
        )


if __name__ == "__main__":
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    asyncio.run(main())

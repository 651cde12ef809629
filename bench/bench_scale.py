"""Scale: many groups of members heartbeating at Kafka's default interval, then one large group
rebalancing. kbroker only (the librdkafka mock is not built for this many members).

    python bench/bench_scale.py [--quick] [--groups 10000] [--members 10] [--connections 2000]
                                [--seconds 15] [--big 1000]

1. Setup: `groups` groups of `members` members join and sync over `connections` connections
   (member j of group g on connection (g mod C/members) * members + j, so that a group's
   members are on different connections and each connection forms its groups one after
   another: a connection holds one parked JoinGroup at a time, as a real consumer's does).
2. Heartbeats: every member heartbeats every 3 s (Kafka's heartbeat.interval.ms default,
   session timeout 45 s), spread evenly; each connection pipelines its members' heartbeats
   (precomputed frames, one write per tick, responses matched in order). Measured: heartbeats/s,
   latency p50/p99 (send -> answer), errors, the broker's RSS.
3. A group of `big` members (one connection each, heartbeating every 200 ms) rebalances when one
   more member joins: from that JoinGroup to every member holding its new assignment (the
   leader's SyncGroup goes 20 ms + 0.4 ms per member after its JoinGroup answer, as in
   bench_groups.py, and that wait is included).

The load generator is this process: raw protocol, compiled codecs only during setup.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import struct
import subprocess
import sys
import tempfile
import time
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_groups import Conn, bench_rebalance, free_port  # noqa: E402
from protocol.apis import ApiKey as K  # noqa: E402
from protocol.errors import ErrorCode as E  # noqa: E402
from protocol.frames import RequestHeader, encode_request  # noqa: E402

SESSION_MS = 45_000
HEARTBEAT_S = 3.0
TICK_S = 0.05
_SIZE = struct.Struct(">i")


class GroupMember:
    __slots__ = ("group", "member_id", "generation", "frame")

    def __init__(self, group: str):
        self.group = group
        self.member_id = ""
        self.generation = -1
        self.frame = b""


async def form(conn: Conn, member: GroupMember, leader_wait: float, size: int) -> None:
    join = {
        "group_id": member.group,
        "session_timeout_ms": SESSION_MS,
        "rebalance_timeout_ms": SESSION_MS,
        "member_id": "",
        "group_instance_id": None,
        "protocol_type": "consumer",
        "protocols": [{"name": "range", "metadata": b"\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"}],
    }
    while True:  # as a consumer does: join (again) until a generation's sync succeeds
        r = await conn.call(K.JOIN_GROUP, 5, join)
        if r.error_code == E.MEMBER_ID_REQUIRED:
            join["member_id"] = r.member_id
            continue
        if r.error_code in (E.UNKNOWN_MEMBER_ID, E.REBALANCE_IN_PROGRESS):
            join["member_id"] = "" if r.error_code == E.UNKNOWN_MEMBER_ID else join["member_id"]
            continue  # as a consumer does: its pending member id expired, or the group moved on
        if r.error_code != E.NONE:
            raise RuntimeError(f"join failed: {E(r.error_code).name}")
        member.member_id, member.generation = r.member_id, r.generation_id
        join["member_id"] = r.member_id
        assignments = []
        if r.leader == r.member_id:
            assignments = [{"member_id": x.member_id, "assignment": b"a"} for x in r.members]
            await asyncio.sleep(leader_wait)  # the followers' SyncGroups first (as bench_groups.py)
        error = await conn.call_error(
            K.SYNC_GROUP,
            3,
            {
                "group_id": member.group,
                "generation_id": member.generation,
                "member_id": member.member_id,
                "group_instance_id": None,
                "assignments": assignments,
            },
        )
        if error == E.NONE:
            break
        if error == E.UNKNOWN_MEMBER_ID:
            join["member_id"] = ""
        elif error not in (E.REBALANCE_IN_PROGRESS, E.ILLEGAL_GENERATION):
            raise RuntimeError(f"sync failed: {E(error).name}")
    body = encode_request(
        RequestHeader(K.HEARTBEAT, 3, 0, "bench"),
        {"group_id": member.group, "generation_id": member.generation, "member_id": member.member_id},
    )
    member.frame = _SIZE.pack(len(body)) + body


class HeartbeatProtocol(asyncio.Protocol):
    """One connection's pipelined heartbeats: send times in a FIFO, answers in order."""

    def __init__(self) -> None:
        self.sent: deque[float] = deque()
        self.buffer = bytearray()
        self.latencies: list[float] = []
        self.errors = 0
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        buf = self.buffer
        buf += data
        pos = 0
        now = time.perf_counter()
        n = len(buf)
        while n - pos >= 4:
            (size,) = _SIZE.unpack_from(buf, pos)
            if n - pos - 4 < size:
                break
            # Heartbeat v3 answer: correlation id, throttle time, error code.
            if struct.unpack_from(">h", buf, pos + 4 + 8)[0] != E.NONE:
                self.errors += 1
            self.latencies.append(now - self.sent.popleft())
            pos += 4 + size
        del buf[:pos]


class Pump:
    """Heartbeats of every member formed so far, each every HEARTBEAT_S, spread over ticks."""

    def __init__(self, per_conn: list[list[GroupMember]]):
        self.per_conn = per_conn
        self.protos: list[HeartbeatProtocol] = []
        self.stopped = False

    async def run(self, port: int) -> None:
        loop = asyncio.get_running_loop()
        for _ in self.per_conn:
            _, proto = await loop.create_connection(HeartbeatProtocol, "127.0.0.1", port)
            self.protos.append(proto)
        ticks_per_round = int(HEARTBEAT_S / TICK_S)
        started = time.perf_counter()
        tick = 0
        while not self.stopped:
            slot = tick % ticks_per_round
            now = time.perf_counter()
            for members, proto in zip(self.per_conn, self.protos, strict=True):
                chunk = members[slot::ticks_per_round]
                if chunk and proto.transport is not None and not proto.transport.is_closing():
                    proto.transport.write(b"".join(m.frame for m in chunk))
                    proto.sent.extend([now] * len(chunk))
            tick += 1
            await asyncio.sleep(max(0.0, started + tick * TICK_S - time.perf_counter()))

    def reset(self) -> None:
        for p in self.protos:
            p.latencies.clear()
            p.errors = 0

    async def stop(self) -> tuple[int, list[float], int]:
        self.stopped = True
        deadline = time.perf_counter() + 30
        while any(p.sent for p in self.protos) and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)
        latencies = [x for p in self.protos for x in p.latencies]
        errors = sum(p.errors for p in self.protos)
        for p in self.protos:
            if p.transport is not None:
                p.transport.close()
        return len(latencies), latencies, errors


async def main_async(args: argparse.Namespace) -> None:
    import psutil

    port = free_port()
    data = tempfile.mkdtemp(prefix="bench-scale-")
    overrides = {
        "listeners": f"PLAINTEXT://127.0.0.1:{port}",
        "log.dirs": data,
        # Long enough for a group's ten members to join before its first generation (a member
        # joining after it would rebalance the group; this generator does not rejoin on heartbeat
        # errors), short enough to form 50 groups per connection in turn.
        "group.initial.rebalance.delay.ms": "500",
        "offsets.topic.num.partitions": "50",
    }
    cmd = [sys.executable, "-m", "broker", "--log-level", "warning"]
    for k, v in overrides.items():
        cmd += ["--override", f"{k}={v}"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    broker = psutil.Process(proc.pid)
    bootstrap = f"127.0.0.1:{port}"
    try:
        deadline = time.time() + 30
        while True:
            try:
                probe = await Conn.open(bootstrap)
                break
            except OSError:
                if time.time() > deadline:
                    raise
                await asyncio.sleep(0.1)
        while True:  # until the coordinator has loaded its partitions
            r = await probe.call(
                K.JOIN_GROUP,
                5,
                {
                    "group_id": "probe",
                    "session_timeout_ms": SESSION_MS,
                    "rebalance_timeout_ms": 1,
                    "member_id": "",
                    "group_instance_id": None,
                    "protocol_type": "consumer",
                    "protocols": [{"name": "range", "metadata": b""}],
                },
            )
            if r.error_code != E.COORDINATOR_LOAD_IN_PROGRESS:
                break
            await asyncio.sleep(0.05)
        await probe.close()
        rss0 = broker.memory_info().rss

        g, m, c = args.groups, args.members, args.connections
        lanes = max(1, c // m)  # groups formed side by side
        conns = [await Conn.open(bootstrap) for _ in range(lanes * m)]
        members = [[GroupMember(f"scale-{i}") for _ in range(m)] for i in range(g)]
        per_conn: list[list[GroupMember]] = [[] for _ in conns]
        # Members heartbeat from the moment they are synced (setup outlasts a session timeout).
        pump = Pump(per_conn)
        pumping = asyncio.ensure_future(pump.run(port))
        t0 = time.perf_counter()

        async def lane(k: int, j: int) -> None:
            conn = conns[k * m + j]
            for gi in range(k, g, lanes):
                member = members[gi][j]
                await form(conn, member, 0.02 + m * 0.0004, m)
                per_conn[k * m + j].append(member)

        await asyncio.gather(*(lane(k, j) for k in range(lanes) for j in range(m)))
        setup_s = time.perf_counter() - t0
        for conn in conns:
            await conn.close()
        total = g * m
        print(
            f"setup: {total:,} members in {g:,} groups joined and synced in {setup_s:.1f} s over {len(conns):,} connections"
        )

        pump.reset()  # measured from here: every member formed and heartbeating
        await asyncio.sleep(args.seconds)
        count, latencies, errors = await pump.stop()
        await pumping
        latencies.sort()
        rss = broker.memory_info().rss

        def pct(q: float) -> float:
            return (
                latencies[min(len(latencies) - 1, int(len(latencies) * q))] * 1000
                if latencies
                else float("nan")
            )

        print(
            f"heartbeats: {count:,} in {args.seconds:.0f} s ({count / args.seconds:,.0f}/s), "
            f"latency p50 {pct(0.5):.1f} ms, p99 {pct(0.99):.1f} ms, max {pct(1.0):.1f} ms, errors {errors}"
        )
        print(
            f"broker RSS: {rss / 2**20:,.0f} MiB holding {total:,} members (idle after start: {rss0 / 2**20:,.0f} MiB)"
        )
        if args.big:
            rebalance_s = await bench_rebalance(bootstrap, args.big)
            print(
                f"rebalance of a {args.big:,}-member group: {rebalance_s * 1000:,.0f} ms from the last JoinGroup to "
                f"every member assigned (includes the leader's {20 + 0.4 * args.big:.0f} ms SyncGroup delay)"
            )
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        subprocess.run(["rm", "-rf", data], check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="1,000 groups, 5 s of heartbeats, 200-member group"
    )
    parser.add_argument("--groups", type=int, default=10_000)
    parser.add_argument("--members", type=int, default=10)
    parser.add_argument("--connections", type=int, default=2_000)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--big", type=int, default=1_000)
    args = parser.parse_args()
    if args.quick:
        args.groups, args.seconds, args.big, args.connections = 1_000, 5.0, 200, 500
    from broker import logs

    logs.configure("logfmt", "warning")
    import uvloop

    print(f"scale: kbroker alone (cpus={os.cpu_count()})")
    uvloop.run(main_async(args))


if __name__ == "__main__":
    main()

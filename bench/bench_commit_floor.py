"""The floor under a commit: what any Python server on uvloop pays per request before doing work.

    python bench/bench_commit_floor.py [--seconds 4] [--connections 8]

The same closed-loop load (each connection sends one OffsetCommit v7 frame, waits for the answer,
sends again; group-less commits, generation -1, as a standalone consumer's) goes to:

1. a null server: a uvloop `asyncio.Protocol` that splits frames and answers each with a canned
   OffsetCommit response (no decoding, no state, no disk): one recv, one send and a loop wake-up
   per request. Its CPU per request is the floor of any Python broker on this machine;
2. kbroker, fsync before the answer (the default);
3. kbroker with `log.flush.interval.ms=1000` (page-cache durability);
4. the librdkafka mock (C, in memory; its CPU is not separable from this process).

The client is raw frames built once (no codec per request), so the servers are what is measured.
Printed: commits/s, the server's CPU per commit (user+system, all threads) and the load
generator's (this process; for the mock, its threads too); the difference between kbroker and
the null server is kbroker's own work per commit, the fsync included. Whether kbroker runs its
compiled modules (protocol/native.py) heads the table.

Then heartbeats, the same way against the null server, kbroker (page-cache run) and the mock:
16 members of one group (joined and synced for real on kbroker and the mock), each pipelining
32 Heartbeat v3 frames on a connection of its own (`bench_groups.pump_frames`, the heartbeat
load of bench/bench_groups.py); the null server answers each with a canned Heartbeat answer.
`--no-heartbeats` leaves them out.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import bench_groups  # noqa: E402
from bench.bench_groups import HEARTBEAT_V, Conn, form_group, free_port, pump_frames, stop_members  # noqa: E402
from protocol.apis import ApiKey as K  # noqa: E402
from protocol.errors import ErrorCode as E  # noqa: E402
from protocol.frames import RequestHeader, encode_request  # noqa: E402

_SIZE = struct.Struct(">i")
COMMIT_V = 7
TOPIC = "floor"


def commit_frame(group: str, partition: int) -> bytes:
    body = encode_request(
        RequestHeader(K.OFFSET_COMMIT, COMMIT_V, 1, "floor"),
        {
            "group_id": group,
            "generation_id_or_member_epoch": -1,
            "member_id": "",
            "group_instance_id": None,
            "topics": [
                {
                    "name": TOPIC,
                    "partitions": [
                        {
                            "partition_index": partition,
                            "committed_offset": 42,
                            "committed_leader_epoch": -1,
                            "committed_metadata": "",
                        }
                    ],
                }
            ],
        },
    )
    return _SIZE.pack(len(body)) + body


# -- the null server ------------------------------------------------------------------------------

# OffsetCommit v7 response: correlation id, throttle 0, one topic "floor" with partition 0, error 0.
_CANNED = (
    struct.pack(">ii", 0, 1) + struct.pack(">h", len(TOPIC)) + TOPIC.encode() + struct.pack(">iih", 1, 0, 0)
)


# Heartbeat v3 response: correlation id, throttle 0, error 0.
_CANNED_HEARTBEAT = struct.pack(">ih", 0, 0)
_HEARTBEAT_KEY = int(K.HEARTBEAT)


class _Null(asyncio.Protocol):
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.buffer = bytearray()

    def data_received(self, data: bytes) -> None:
        buf = self.buffer
        buf += data
        out = []
        pos = 0
        while len(buf) - pos >= 4:
            (size,) = _SIZE.unpack_from(buf, pos)
            if len(buf) - pos < 4 + size:
                break
            cid = buf[pos + 8 : pos + 12]
            canned = (
                _CANNED_HEARTBEAT if _SIZE.unpack_from(buf, pos + 2)[0] >> 16 == _HEARTBEAT_KEY else _CANNED
            )
            out.append(_SIZE.pack(4 + len(canned)) + cid + canned)
            pos += 4 + size
        del buf[:pos]
        if out:
            self.transport.writelines(out)  # type: ignore[attr-defined]


def serve_null(port: int) -> None:
    import uvloop

    async def main() -> None:
        server = await asyncio.get_running_loop().create_server(_Null, "127.0.0.1", port)
        async with server:
            await server.serve_forever()

    uvloop.run(main())


# -- the load ---------------------------------------------------------------------------------------


class _Committer(asyncio.Protocol):
    """Closed loop: the next commit goes when the answer to the previous one is in."""

    def __init__(self, frame: bytes, stop_at: float, done: asyncio.Future[None]):
        self.frame, self.stop_at, self.done = frame, stop_at, done
        self.count = 0
        self.pending = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.transport.write(self.frame)  # type: ignore[attr-defined]
        self.pending = 0

    def data_received(self, data: bytes) -> None:
        self.pending += len(data)
        # Every answer is the same size; count whole answers, check the first partition's error.
        while self.pending >= self.answer_size:
            self.pending -= self.answer_size
            self.count += 1
            if time.perf_counter() < self.stop_at:
                self.transport.write(self.frame)  # type: ignore[attr-defined]
            elif not self.done.done():
                self.done.set_result(None)
                return

    answer_size = 4 + 4 + len(_CANNED)


async def load(port: int, connections: int, seconds: float) -> float:
    loop = asyncio.get_running_loop()
    stop_at = time.perf_counter() + seconds
    protocols = []
    dones = []
    started = time.perf_counter()
    for i in range(connections):
        done: asyncio.Future[None] = loop.create_future()
        frame = commit_frame("floor-group", i % 8)
        _, p = await loop.create_connection(
            lambda f=frame, d=done: _Committer(f, stop_at, d), "127.0.0.1", port
        )
        protocols.append(p)
        dones.append(done)
    await asyncio.wait_for(asyncio.gather(*dones), seconds + 30)
    elapsed = time.perf_counter() - started
    for p in protocols:
        p.transport.close()
    return sum(p.count for p in protocols) / elapsed


async def check_answer(port: int) -> None:
    """One commit through the real codec: the server answers NONE (else the figures mean nothing)."""
    conn = await Conn.open(f"127.0.0.1:{port}")
    try:
        for _ in range(100):
            raw = await conn.send_raw(commit_frame("floor-group", 0)[4:])
            error = struct.unpack_from(">h", raw, len(raw) - 2)[0]
            if error == E.NONE:
                return
            if error != E.COORDINATOR_LOAD_IN_PROGRESS:
                raise RuntimeError(f"commit refused: {E(error).name}")
            await asyncio.sleep(0.05)
        raise RuntimeError("coordinator never loaded")
    finally:
        await conn.close()


def cpu_of(pid: int) -> float:
    import psutil

    t = psutil.Process(pid).cpu_times()
    return t.user + t.system


Row = tuple[float, float | None, float]  # commits/s, server and generator CPU us per commit


async def measure(port: int, pid: int | None, connections: int, seconds: float) -> Row:
    await check_answer(port)
    await load(port, connections, 0.5)  # warm-up
    cpu0 = cpu_of(pid) if pid else 0.0
    gen0 = time.process_time()
    t0 = time.perf_counter()
    rate = await load(port, connections, seconds)
    commits = rate * (time.perf_counter() - t0)
    cpu = (cpu_of(pid) - cpu0) / commits * 1e6 if pid else None
    # This process's CPU: the load generator's (and the mock's threads, for the mock's row).
    return rate, cpu, (time.process_time() - gen0) / commits * 1e6


HB_MEMBERS, HB_DEPTH = 16, 32


def heartbeat_frame(group: str, generation: int, member_id: str, correlation_id: int) -> bytes:
    body = encode_request(
        RequestHeader(K.HEARTBEAT, HEARTBEAT_V, correlation_id, "floor"),
        {"group_id": group, "generation_id": generation, "member_id": member_id},
    )
    return _SIZE.pack(len(body)) + body


async def measure_heartbeats(port: int, pid: int | None, seconds: float, null: bool = False) -> Row:
    """Heartbeats/s and the server's CPU per heartbeat (the generator's, as for commits)."""
    bootstrap = f"127.0.0.1:{port}"
    members = [] if null else await form_group(bootstrap, f"floor-hb-{time.time_ns()}", HB_MEMBERS)
    for m in members:  # their own heartbeat loops stop: the raw frames drive heartbeats now
        await m.stop()
    if null:
        frames = [heartbeat_frame("floor-hb", 1, f"m{i}", i) for i in range(HB_MEMBERS)]
    else:
        frames = [heartbeat_frame(m.group, m.generation, m.member_id, m.index) for m in members]
    try:
        await pump_frames(bootstrap, frames, 0.5, HB_DEPTH)  # warm-up
        cpu0 = cpu_of(pid) if pid else 0.0
        gen0 = time.process_time()
        count, elapsed = await pump_frames(bootstrap, frames, seconds, HB_DEPTH)
    finally:
        if members:
            await stop_members(members)
    cpu = (cpu_of(pid) - cpu0) / count * 1e6 if pid else None
    return count / elapsed, cpu, (time.process_time() - gen0) / count * 1e6


def start(args: list[str], port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import socket

    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"{args} did not start")


async def create_topic(port: int) -> None:
    conn = await Conn.open(f"127.0.0.1:{port}")
    try:
        await bench_groups.create_topic(conn, TOPIC, 8)
    finally:
        await conn.close()


def run_kbroker(
    extra: dict[str, str], connections: int, seconds: float, heartbeats: bool = False
) -> tuple[Row, Row | None]:
    port = free_port()
    data = tempfile.mkdtemp(prefix="bench-floor-")
    args = [sys.executable, "-m", "broker", "--log-level", "warning"]
    # As bench_groups: a group forms without Kafka's 3 s initial delay.
    settings = {"group.initial.rebalance.delay.ms": "100", "group.min.session.timeout.ms": "1000"}
    for k, v in {"listeners": f"PLAINTEXT://127.0.0.1:{port}", "log.dirs": data, **settings, **extra}.items():
        args += ["--override", f"{k}={v}"]
    proc = start(args, port)
    try:
        import uvloop

        uvloop.run(create_topic(port))
        commits = uvloop.run(measure(port, proc.pid, connections, seconds))
        beats = uvloop.run(measure_heartbeats(port, proc.pid, seconds)) if heartbeats else None
        return commits, beats
    finally:
        proc.terminate()
        proc.wait(20)
        subprocess.run(["rm", "-rf", data], check=False)


def run_null(connections: int, seconds: float, heartbeats: bool = False) -> tuple[Row, Row | None]:
    port = free_port()
    proc = start([sys.executable, __file__, "--serve-null", str(port)], port)
    try:
        import uvloop

        commits = uvloop.run(measure(port, proc.pid, connections, seconds))
        beats = uvloop.run(measure_heartbeats(port, proc.pid, seconds, null=True)) if heartbeats else None
        return commits, beats
    finally:
        proc.terminate()
        proc.wait(20)


def run_mock(connections: int, seconds: float, heartbeats: bool = False) -> tuple[Row, Row | None]:
    from tests.interop.rdkafka_mock import MockCluster

    cluster = MockCluster(brokers=1)
    try:
        cluster.set_initial_rebalance_delay_ms(100)
        cluster.create_topic(TOPIC, 8)
        port = int(cluster.bootstrap.split(",")[0].rsplit(":", 1)[1])
        import uvloop

        commits = uvloop.run(measure(port, None, connections, seconds))
        beats = uvloop.run(measure_heartbeats(port, None, seconds)) if heartbeats else None
        return commits, beats
    finally:
        cluster.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--no-heartbeats", action="store_true", help="commits only")
    parser.add_argument("--serve-null", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_null is not None:
        serve_null(args.serve_null)
        return
    from broker import logging_setup

    logging_setup.configure("logfmt", "warning")
    beats = not args.no_heartbeats
    null = run_null(args.connections, args.seconds, beats)
    fsync = run_kbroker({}, args.connections, args.seconds)
    page_cache = run_kbroker({"log.flush.interval.ms": "1000"}, args.connections, args.seconds, beats)
    mock = run_mock(args.connections, args.seconds, beats)
    rows = [
        ("null server (uvloop, canned answer)", null[0]),
        ("kbroker, fsync before answer", fsync[0]),
        ("kbroker, log.flush.interval.ms=1000", page_cache[0]),
        ("librdkafka mock (in memory)", mock[0]),
    ]
    from protocol import native

    compiled = native.running_compiled()
    build = (
        "compiled (mypyc)"
        if all(compiled.values())
        else "pure Python"
        if not any(compiled.values())
        else f"partly compiled: {sorted(n for n, c in compiled.items() if c)}"
    )
    print(
        f"commit floor: {args.connections} closed-loop connections, {args.seconds:.0f} s, "
        f"cpus={os.cpu_count()}, kbroker {build}"
    )
    print(f"{'server':40} {'commits/s':>12} {'server CPU us/commit':>22} {'generator CPU us/commit':>25}")
    for name, (rate, cpu, gen) in rows:
        print(f"{name:40} {rate:12,.0f} {f'{cpu:.1f}' if cpu is not None else '-':>22} {gen:25.1f}")
    null_cpu, page_cache_cpu = rows[0][1][1], rows[2][1][1]
    if null_cpu and page_cache_cpu:
        print(f"kbroker page-cache CPU per commit / null server's: {page_cache_cpu / null_cpu:.2f}x")
    print(f"kbroker page-cache commits/s / the mock's: {rows[2][1][0] / rows[3][1][0]:.2f}x")
    if null[1] is None or page_cache[1] is None or mock[1] is None:
        return
    print(f"heartbeats: {HB_MEMBERS} connections x {HB_DEPTH} pipelined, {args.seconds:.0f} s")
    print(f"{'server':40} {'heartbeats/s':>12} {'server CPU us/req':>22} {'generator CPU us/req':>25}")
    for name, (rate, cpu, gen) in (
        ("null server (uvloop, canned answer)", null[1]),
        ("kbroker", page_cache[1]),
        ("librdkafka mock (in memory)", mock[1]),
    ):
        print(f"{name:40} {rate:12,.0f} {f'{cpu:.1f}' if cpu is not None else '-':>22} {gen:25.1f}")
    if null[1][1] and page_cache[1][1]:
        print(f"kbroker CPU per heartbeat / null server's: {page_cache[1][1] / null[1][1]:.2f}x")
    print(f"kbroker heartbeats/s / the mock's: {page_cache[1][0] / mock[1][0]:.2f}x")


if __name__ == "__main__":
    main()

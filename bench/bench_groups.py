"""Consumer-group benchmarks: kbroker next to the librdkafka mock cluster, same workload, same run.

    python bench/bench_groups.py [--quick] [--seconds S] [--sizes 10,100,500]

1. rebalance: N-1 members sit in a stable group, heartbeating every 200 ms; the N-th joins.
   Measured: from the N-th member's JoinGroup to the moment every member holds its assignment
   of the new generation (N = 10, 100, 500).
2. commits/s: 8 members of one group commit in a closed loop (one request in flight each),
   each its own partition with a growing offset. kbroker answers once the record is fsynced;
   the mock keeps offsets in memory. Then 8 single-member groups whose coordinators are 8
   different `__consumer_offsets` partitions, 5 partitions per commit (the normal case:
   commits of different groups land on different offsets partitions).
3. heartbeats/s: 16 members, each pipelining 32 Heartbeat requests on its own connection.

Client behaviour is identical on both: session timeout 6 s, heartbeat every 200 ms, and the leader
sends its SyncGroup 20 ms + 0.4 ms per member after its JoinGroup answer (the mock refuses a
follower's SyncGroup that comes after the leader's), which the rebalance times include.

The load is generated here, with a small pipelined Kafka client on uvloop (one connection per
member, as real consumers have); kbroker runs as its own process (`python -m broker`), the mock
inside this one (C threads). Both get group.initial.rebalance.delay.ms=100.

Profiling the broker: BENCH_ONLY=commits (or groups, or heartbeats) runs that workload alone;
KBROKER_PROFILE=path runs the broker under cProfile (saved there at exit); KBROKER_PYSPY=path
records it with py-spy (`pip install py-spy` into the venv; raw format, summarized by
bench/pyspy_top.py) and prints the broker's CPU per commit by thread.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from protocol.apis import ApiKey as K  # noqa: E402
from protocol.errors import ErrorCode as E  # noqa: E402
from protocol.frames import RequestHeader, decode_response, encode_request  # noqa: E402
from tests.interop.rdkafka_mock import MockCluster  # noqa: E402

JOIN_V, SYNC_V, HEARTBEAT_V, COMMIT_V, LEAVE_V = 5, 3, 3, 7, 3  # versions both brokers speak
SESSION_MS = 6_000
HEARTBEAT_MS = 200


def leader_delay_s(members: int) -> float:
    return (20 + members * 0.4) / 1000


TOPIC = "bench-groups"
TOPIC_PARTITIONS = 8
_SIZE = struct.Struct(">i")


class Conn:
    """One Kafka connection with pipelining: responses come back in request order."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer = reader, writer
        self.cid = 0
        self.pending: deque[asyncio.Future] = deque()
        self.task = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, bootstrap: str) -> Conn:
        host, port = bootstrap.split(",")[0].rsplit(":", 1)
        reader, writer = await asyncio.open_connection(host, int(port), limit=1 << 22)
        sock = writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(reader, writer)

    async def _read(self) -> None:
        try:
            while True:
                size = _SIZE.unpack(await self.reader.readexactly(4))[0]
                frame = await self.reader.readexactly(size)
                fut = self.pending.popleft()
                if not fut.done():
                    fut.set_result(frame)
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            while self.pending:
                fut = self.pending.popleft()
                if not fut.done():
                    fut.set_exception(ConnectionError("connection closed"))

    def send_raw(self, body: bytes) -> asyncio.Future:
        fut = asyncio.get_running_loop().create_future()
        self.pending.append(fut)
        self.writer.write(_SIZE.pack(len(body)) + body)
        return fut

    async def call_raw(self, api_key: int, version: int, body: dict) -> bytes:
        self.cid += 1
        return await self.send_raw(encode_request(RequestHeader(api_key, version, self.cid, "bench"), body))

    async def call(self, api_key: int, version: int, body: dict):
        return decode_response(await self.call_raw(api_key, version, body), api_key, version)[1]

    async def call_error(self, api_key: int, version: int, body: dict) -> int:
        """Just the error code of a (non-flexible) response that starts with throttle_time_ms and
        error_code, such as SyncGroup v1-v3 and Heartbeat v1-v3. (The mock answers a failed
        SyncGroup with a null assignment, which that version does not allow; this skips it.)"""
        return struct.unpack_from(">h", await self.call_raw(api_key, version, body), 8)[0]

    async def close(self) -> None:
        self.task.cancel()
        self.writer.close()
        with contextlib.suppress(Exception):
            await self.writer.wait_closed()


class Member:
    """A classic group member: join, (lead and) sync, heartbeat; rejoin when told to."""

    def __init__(self, conn: Conn, group: str, index: int, bootstrap: str):
        self.conn, self.group, self.index, self.bootstrap = conn, group, index, bootstrap
        self.member_id = ""
        self.generation = -1
        self.synced_generation = -1
        self.changed = asyncio.Event()
        self.task: asyncio.Task | None = None
        self.join_sent_at = 0.0

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while True:
            self.join_sent_at = time.perf_counter()
            try:
                # Like a real client: a request that takes longer than the rebalance timeout plus
                # some slack is abandoned, on a new connection.
                r = await asyncio.wait_for(
                    self.conn.call(
                        K.JOIN_GROUP,
                        JOIN_V,
                        {
                            "group_id": self.group,
                            "session_timeout_ms": SESSION_MS,
                            "rebalance_timeout_ms": SESSION_MS,
                            "member_id": self.member_id,
                            "group_instance_id": None,
                            "protocol_type": "consumer",
                            "protocols": [
                                {
                                    "name": "range",
                                    "metadata": b"\x00\x00" + struct.pack(">i", 0) + b"\xff\xff\xff\xff",
                                }
                            ],
                        },
                    ),
                    SESSION_MS / 1000 + 5,
                )
            except TimeoutError:
                await self.conn.close()
                self.conn = await Conn.open(self.bootstrap)
                continue
            if r.error_code == E.MEMBER_ID_REQUIRED:
                self.member_id = r.member_id
                continue
            if r.error_code != E.NONE:
                if r.error_code in (E.UNKNOWN_MEMBER_ID, E.ILLEGAL_GENERATION):
                    self.member_id = ""
                await asyncio.sleep(0.05)
                continue
            self.member_id, self.generation = r.member_id, r.generation_id
            assignments = []
            if r.leader == self.member_id:
                ids = sorted(m.member_id for m in r.members)
                assignments = [{"member_id": mid, "assignment": f"{i}".encode()} for i, mid in enumerate(ids)]
                # The mock refuses a follower's SyncGroup that arrives after the leader's; let the
                # followers' go first (the same on both brokers).
                await asyncio.sleep(leader_delay_s(len(ids)))
            error = await self.conn.call_error(
                K.SYNC_GROUP,
                SYNC_V,
                {
                    "group_id": self.group,
                    "generation_id": self.generation,
                    "member_id": self.member_id,
                    "group_instance_id": None,
                    "assignments": assignments,
                },
            )
            if error != E.NONE:
                continue
            self.synced_generation = self.generation
            self.changed.set()
            while True:
                await asyncio.sleep(HEARTBEAT_MS / 1000)
                error = await self.conn.call_error(
                    K.HEARTBEAT,
                    HEARTBEAT_V,
                    {"group_id": self.group, "generation_id": self.generation, "member_id": self.member_id},
                )
                if error != E.NONE:
                    break

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task


async def wait_synced(members: list[Member], above: int, timeout: float) -> int:
    """Wait until every member is synced in one generation > above; return it."""
    deadline = time.perf_counter() + timeout
    while True:
        gens = {m.synced_generation for m in members}
        if len(gens) == 1 and (g := gens.pop()) > above and all(m.generation == g for m in members):
            return g
        if time.perf_counter() > deadline:
            raise TimeoutError(
                f"group not synced: generations {sorted({m.synced_generation for m in members})}"
            )
        await asyncio.sleep(0.002)


async def form_group(bootstrap: str, group: str, n: int, timeout: float = 180) -> list[Member]:
    conns = await asyncio.gather(*(Conn.open(bootstrap) for _ in range(n)))
    members = [Member(c, group, i, bootstrap) for i, c in enumerate(conns)]
    for m in members:
        m.start()
    await wait_synced(members, 0, timeout)
    return members


async def stop_members(members: list[Member]) -> None:
    """Stop them as consumers close: each leaves the group, then disconnects."""
    await asyncio.gather(*(m.stop() for m in members))

    async def leave(m: Member) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                m.conn.call(
                    K.LEAVE_GROUP,
                    LEAVE_V,
                    {"group_id": m.group, "members": [{"member_id": m.member_id, "group_instance_id": None}]},
                ),
                10,
            )
        await m.conn.close()

    await asyncio.gather(*(leave(m) for m in members))


async def bench_rebalance(bootstrap: str, n: int) -> float:
    group = f"rebalance-{n}-{time.time_ns()}"
    members = await form_group(bootstrap, group, n - 1)
    generation = members[0].synced_generation
    await asyncio.sleep(HEARTBEAT_MS / 1000 * 2)  # settled: everyone heartbeating
    last = Member(await Conn.open(bootstrap), group, n - 1, bootstrap)
    last.start()
    await asyncio.sleep(0)
    started = last.join_sent_at or time.perf_counter()
    members.append(last)
    try:
        await wait_synced(members, generation, timeout=120)
        return time.perf_counter() - started
    finally:
        await stop_members(members)


def distinct_partition_groups(prefix: str, n: int, partitions: int = 50) -> list[str]:
    """n group ids whose coordinators are n different `__consumer_offsets` partitions."""
    from broker.group.placement import coordinator_partition

    names: dict[int, str] = {}
    i = 0
    while len(names) < n:
        name = f"{prefix}-{i}"
        names.setdefault(coordinator_partition(name, partitions), name)
        i += 1
    return list(names.values())


async def bench_commits(
    bootstrap: str, seconds: float, committers: int = 8, *, own_groups: bool = False, partitions: int = 1
) -> tuple[float, float, int]:
    """Closed-loop committers: 8 members of one group, or (own_groups) 8 single-member groups on
    8 different offsets partitions, each commit carrying `partitions` partitions."""
    stamp = time.time_ns()
    if own_groups:
        groups = distinct_partition_groups(f"commits-{stamp}", committers)
        formed = await asyncio.gather(*(form_group(bootstrap, g, 1) for g in groups))
        members = [m for ms in formed for m in ms]
        for i, m in enumerate(members):
            m.index = i
    else:
        members = await form_group(bootstrap, f"commits-{stamp}", committers)
    count = 0
    latencies: list[float] = []
    stop_at = time.perf_counter() + seconds

    async def commit_loop(m: Member) -> None:
        nonlocal count
        offset = 0
        while time.perf_counter() < stop_at:
            offset += 1
            t0 = time.perf_counter()
            r = await m.conn.call(
                K.OFFSET_COMMIT,
                COMMIT_V,
                {
                    "group_id": m.group,
                    "generation_id_or_member_epoch": m.generation,
                    "member_id": m.member_id,
                    "group_instance_id": None,
                    "topics": [
                        {
                            "name": TOPIC,
                            "partitions": [
                                {
                                    "partition_index": (m.index + k) % TOPIC_PARTITIONS,
                                    "committed_offset": offset,
                                    "committed_leader_epoch": -1,
                                    "committed_metadata": "",
                                }
                                for k in range(partitions)
                            ],
                        }
                    ],
                },
            )
            latencies.append(time.perf_counter() - t0)
            for part in r.topics[0].partitions:
                if part.error_code != E.NONE:
                    raise RuntimeError(f"commit failed: {E(part.error_code).name}")
            count += 1

    started = time.perf_counter()
    cpu0 = time.process_time()
    try:
        await asyncio.gather(*(commit_loop(m) for m in members))
    finally:
        generator = (time.process_time() - cpu0) / (time.perf_counter() - started)
        await stop_members(members)
    print(f"  commits: this process (load generator, and the mock's threads) used {generator:.2f} cores")
    latencies.sort()
    return count / (time.perf_counter() - started), latencies[len(latencies) // 2] * 1000, count


class _HeartbeatPump(asyncio.Protocol):
    """One member's heartbeats on a connection of its own, `depth` in flight: frames written
    in runs of depth/2, answers counted from the raw bytes (only the error code is read), with
    no future or coroutine per request. A load generator this cheap leaves the broker to be
    the bottleneck: with a future per request it used a whole core by itself."""

    def __init__(self, frame: bytes, depth: int, stop_at: float, done: asyncio.Future[int], error_at: int):
        self.error_at = error_at  # where the error code is in an answer (after the size)
        self.run = depth // 2
        self.frames = frame * self.run
        self.depth, self.stop_at, self.done = depth, stop_at, done
        self.buf = bytearray()
        self.outstanding = 0
        self.count = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self.transport.write(self.frames * 2)
        self.outstanding = 2 * self.run

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        pos, n = 0, 0
        while len(buf) - pos >= 4:
            (size,) = _SIZE.unpack_from(buf, pos)
            if len(buf) - pos - 4 < size:
                break
            error = struct.unpack_from(">h", buf, pos + 4 + self.error_at)[0]
            if error != E.NONE:
                self.done.set_exception(RuntimeError(f"heartbeat failed: {E(error).name}"))
                self.transport.close()
                return
            pos += 4 + size
            n += 1
        del buf[:pos]
        self.count += n
        self.outstanding -= n
        if self.outstanding <= self.depth - self.run and time.perf_counter() < self.stop_at:
            self.transport.write(self.frames)
            self.outstanding += self.run
        elif self.outstanding == 0 and not self.done.done():
            self.done.set_result(self.count)
            self.transport.close()


async def pump_frames(
    bootstrap: str, frames: list[bytes], seconds: float, depth: int = 32, error_at: int = 8
) -> tuple[int, float]:
    """Each request frame (size prefix included) sent over and over, `depth` in flight, on a
    connection of its own, for `seconds`: (answers, seconds taken). An answer whose error code
    (at `error_at` after its size: 8 for a Heartbeat v1-3, 9 behind a flexible header) is not
    NONE stops it. Prints the CPU this process used meanwhile."""
    loop = asyncio.get_running_loop()
    host, port = bootstrap.rsplit(":", 1)
    stop_at = time.perf_counter() + seconds
    started = time.perf_counter()
    cpu0 = time.process_time()
    dones = []
    for frame in frames:
        done: asyncio.Future[int] = loop.create_future()
        await loop.create_connection(
            functools.partial(_HeartbeatPump, frame, depth, stop_at, done, error_at), host, int(port)
        )
        dones.append(done)
    count = sum(await asyncio.gather(*dones))
    elapsed = time.perf_counter() - started
    print(
        f"  heartbeats: this process (load generator, and the mock's threads) used "
        f"{(time.process_time() - cpu0) / elapsed:.2f} cores"
    )
    return count, elapsed


async def bench_heartbeats(bootstrap: str, seconds: float, members_n: int = 16, depth: int = 32) -> float:
    group = f"heartbeats-{time.time_ns()}"
    members = await form_group(bootstrap, group, members_n)
    for m in members:  # their own heartbeat loops stop; the benchmark drives heartbeats now
        await m.stop()
    frames = []
    for m in members:
        body = encode_request(
            RequestHeader(K.HEARTBEAT, HEARTBEAT_V, m.index, "bench"),
            {"group_id": m.group, "generation_id": m.generation, "member_id": m.member_id},
        )
        frames.append(_SIZE.pack(len(body)) + body)
    try:
        count, elapsed = await pump_frames(bootstrap, frames, seconds, depth)
    finally:
        await stop_members(members)
    return count / elapsed, count


def bench_core_members(n: int = 100_000, per_group: int = 100) -> dict[str, float]:
    """The pure shard, no I/O: n members (in groups of per_group) join, then each heartbeats.
    What a member costs: time per join and heartbeat, memory, entries in the one timer heap."""
    import gc
    import tracemalloc

    from broker.group.config import GroupConfig, SystemClock
    from broker.group.events import Heartbeat, JoinGroup
    from broker.group.shard import GroupCoordinatorShard

    def build() -> tuple[GroupCoordinatorShard, list]:
        core = GroupCoordinatorShard(
            0, GroupConfig(min_session_timeout_ms=1, initial_rebalance_delay_ms=0), SystemClock()
        )
        for i in range(n):
            core.join_group(
                JoinGroup(
                    f"g{i // per_group}",
                    "",
                    None,
                    "c",
                    "/h",
                    30_000,
                    30_000,
                    "consumer",
                    [("range", b"")],
                    None,
                    False,
                ),
                object(),
            )
            core.drain()
        replies = []
        while core.fire_timers():  # every group's join phase completes (no initial delay)
            replies += core.drain()
        return core, replies

    t0 = time.perf_counter()
    core, replies = build()
    join_us = (time.perf_counter() - t0) / n * 1e6
    groups = {m: g.group_id for g in core.groups.values() for m in g.members}
    members = [(r.result.member_id, r.result.generation_id, groups[r.result.member_id]) for r in replies]
    assert len(members) == n
    t0 = time.perf_counter()
    for member_id, generation, group in members:
        core.heartbeat(Heartbeat(group, generation, member_id))
    heartbeat_us = (time.perf_counter() - t0) / n * 1e6
    heap = len(core.timers._heap)
    del core, replies, members, groups
    gc.collect()
    tracemalloc.start()
    _core, _replies = build()
    memory = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {
        "members": n,
        "join+complete us/member": join_us,
        "heartbeat us": heartbeat_us,
        "bytes/member": memory / n,
        "timer heap entries": heap,
    }


# -- the two brokers ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def open_when_listening(bootstrap: str, proc: subprocess.Popen[bytes] | None = None) -> Conn:
    """A connection to a broker just started, once it listens (30 s at most, or until it exits)."""
    deadline = time.time() + 30
    while True:
        try:
            return await Conn.open(bootstrap)
        except OSError:
            if time.time() > deadline or (proc is not None and proc.poll() is not None):
                raise RuntimeError(f"no broker listening at {bootstrap}") from None
            await asyncio.sleep(0.1)


async def create_topic(
    conn: Conn, name: str, partitions: int, *, timeout_ms: int = 10_000, exists_ok: bool = True
) -> None:
    r = await conn.call(
        K.CREATE_TOPICS,
        4,
        {
            "topics": [
                {
                    "name": name,
                    "num_partitions": partitions,
                    "replication_factor": 1,
                    "assignments": [],
                    "configs": [],
                }
            ],
            "timeout_ms": timeout_ms,
        },
    )
    assert r.topics[0].error_code in ((E.NONE, E.TOPIC_ALREADY_EXISTS) if exists_ok else (E.NONE,)), r


async def wait_coordinator(conn: Conn) -> None:
    """Until the group coordinator has loaded its partitions (it does so in the background)."""
    while True:
        j = await conn.call(
            K.JOIN_GROUP,
            JOIN_V,
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
        if j.error_code != E.COORDINATOR_LOAD_IN_PROGRESS:
            return
        await asyncio.sleep(0.05)


@contextlib.asynccontextmanager
async def kbroker(extra: dict[str, str] | None = None):
    port = free_port()
    data = tempfile.mkdtemp(prefix="bench-groups-")
    overrides = {
        "listeners": f"PLAINTEXT://127.0.0.1:{port}",
        "log.dirs": data,
        "group.initial.rebalance.delay.ms": "100",
        "group.min.session.timeout.ms": "1000",
        "offsets.topic.num.partitions": "50",
        **(extra or {}),
    }
    # KBROKER_OVERRIDES="key=value,key=value": more broker settings (with BENCH_ONLY, to profile them)
    for item in filter(None, os.environ.get("KBROKER_OVERRIDES", "").split(",")):
        key, _, value = item.partition("=")
        overrides[key.strip()] = value.strip()
    args = [sys.executable, "-m", "broker", "--log-level", "warning"]
    profile = os.environ.get("KBROKER_PROFILE")  # a path: the broker runs under cProfile, saved there
    if profile:
        args[1:1] = ["-m", "cProfile", "-o", profile]
    for k, v in overrides.items():
        args += ["--override", f"{k}={v}"]
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import psutil

    process = psutil.Process(proc.pid)

    def cpu_seconds() -> float:
        t = process.cpu_times()
        return t.user + t.system

    def threads() -> dict[int, tuple[float, float]]:
        return {t.id: (t.user_time, t.system_time) for t in process.threads()}

    cpu_seconds.pid = proc.pid  # type: ignore[attr-defined]
    cpu_seconds.threads = threads  # type: ignore[attr-defined]

    try:
        bootstrap = f"127.0.0.1:{port}"
        conn = await open_when_listening(bootstrap, proc)
        await create_topic(conn, TOPIC, TOPIC_PARTITIONS)
        await wait_coordinator(conn)
        await conn.close()
        yield bootstrap, cpu_seconds
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
        subprocess.run(["rm", "-rf", data], check=False)


@contextlib.asynccontextmanager
async def mock():
    cluster = MockCluster(brokers=1)
    try:
        cluster.set_initial_rebalance_delay_ms(100)
        cluster.create_topic(TOPIC, TOPIC_PARTITIONS)
        yield cluster.bootstrap, None  # its CPU is not separable from this process's
    finally:
        cluster.close()


async def run_commits(target, seconds: float) -> dict[str, float]:
    async with target() as (bootstrap, _cpu_seconds):
        rate, _, _ = await bench_commits(bootstrap, seconds)
        grouped, _, _ = await bench_commits(bootstrap, seconds, own_groups=True, partitions=5)
    return {"commits/s (8 committers)": rate, "commits/s (8 groups, 5 partitions each)": grouped}


async def run_all(target, sizes: list[int], seconds: float) -> dict[str, float]:
    results: dict[str, float] = {}
    async with target() as (bootstrap, cpu_seconds):
        # commits | groups: one commit workload alone, to profile it; heartbeats: that rate alone
        only = os.environ.get("BENCH_ONLY")
        spy = None
        spy_path = os.environ.get("KBROKER_PYSPY")  # a path: py-spy's raw samples go there
        if only and cpu_seconds and spy_path:
            spy = subprocess.Popen(
                [
                    str(Path(sys.executable).parent / "py-spy"),
                    "record",
                    "--pid",
                    str(cpu_seconds.pid),
                    "--duration",
                    str(int(seconds)),
                    "--rate",
                    "250",
                    "--format",
                    "raw",
                    "-o",
                    spy_path,
                ],
                stdout=subprocess.DEVNULL,
            )
        if only in ("commits", "groups"):
            cpu0 = cpu_seconds() if cpu_seconds else 0.0
            threads0 = cpu_seconds.threads() if cpu_seconds else {}
            own = only == "groups"
            rate, p50, commits = await bench_commits(
                bootstrap, seconds, own_groups=own, partitions=5 if own else 1
            )
            if spy is not None:
                spy.wait(30)
            for tid, (user, system) in (cpu_seconds.threads() if cpu_seconds else {}).items():
                u0, s0 = threads0.get(tid, (0.0, 0.0))
                if (user - u0 + system - s0) / commits * 1e6 >= 1:
                    results[f"  thread {tid} user/sys us/commit"] = (user - u0) / commits * 1e6
                    results[f"  thread {tid} sys us/commit"] = (system - s0) / commits * 1e6
            results["commits/s (8 committers)"] = rate
            if cpu_seconds:
                results["broker CPU us/commit"] = (cpu_seconds() - cpu0) / commits * 1e6
            return results
        if only == "heartbeats":
            cpu0 = cpu_seconds() if cpu_seconds else 0.0
            rate, heartbeats = await bench_heartbeats(bootstrap, seconds)
            if spy is not None:
                spy.wait(30)
            results["heartbeats/s (16 conns x 32 deep)"] = rate
            if cpu_seconds:
                results["broker CPU us/heartbeat"] = (cpu_seconds() - cpu0) / heartbeats * 1e6
            return results
        for n in sizes:
            results[f"rebalance N={n} (ms)"] = await bench_rebalance(bootstrap, n) * 1000
        cpu0 = cpu_seconds() if cpu_seconds else 0.0
        rate, p50, commits = await bench_commits(bootstrap, seconds)
        cpu1 = cpu_seconds() if cpu_seconds else 0.0
        results["commits/s (8 committers)"] = rate
        results["commit p50 (ms)"] = p50
        cpu_g0 = cpu_seconds() if cpu_seconds else 0.0
        rate, p50, group_commits = await bench_commits(bootstrap, seconds, own_groups=True, partitions=5)
        cpu_g1 = cpu_seconds() if cpu_seconds else 0.0
        results["commits/s (8 groups, 5 partitions each)"] = rate
        results["commit p50 (8 groups) (ms)"] = p50
        cpu1 += cpu_g1 - cpu_g0  # the heartbeat figure below starts from here
        rate, heartbeats = await bench_heartbeats(bootstrap, seconds)
        cpu2 = cpu_seconds() if cpu_seconds else 0.0
        results["heartbeats/s (16 conns x 32 deep)"] = rate
        if cpu_seconds:  # the broker's own CPU per request: what contention on a shared machine hides
            results["broker CPU us/commit"] = (cpu1 - cpu0 - (cpu_g1 - cpu_g0)) / commits * 1e6
            results["broker CPU us/commit (8 groups)"] = (cpu_g1 - cpu_g0) / group_commits * 1e6
            results["broker CPU us/heartbeat"] = (cpu2 - cpu1) / heartbeats * 1e6
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="N=10,100 and 2 s per throughput run")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--sizes", default="10,100,500")
    args = parser.parse_args()
    from broker import logging_setup

    logging_setup.configure("logfmt", "warning")
    sizes = [int(s) for s in args.sizes.split(",")]
    seconds = args.seconds
    if args.quick:
        sizes, seconds = [s for s in sizes if s <= 100], 2.0
    try:
        import uvloop

        runner = uvloop.run
    except ImportError:  # pragma: no cover
        runner = asyncio.run
    print(
        f"consumer groups: kbroker vs librdkafka mock cluster (cpus={os.cpu_count()}, {seconds:.0f}s per rate)"
    )
    ours = runner(run_all(kbroker, sizes, seconds))
    # Kafka's page-cache durability (flush.ms set): commits answered once written, fsynced each second.
    page_cache = {}
    if not os.environ.get("BENCH_ONLY"):
        target = functools.partial(kbroker, {"log.flush.interval.ms": "1000"})
        page_cache = runner(run_commits(target, seconds))
    for key, value in page_cache.items():
        ours[f"{key} [flush.ms=1000]"] = value
    theirs = runner(run_all(mock, sizes, seconds))
    for key in page_cache:
        theirs[f"{key} [flush.ms=1000]"] = theirs[key]
    print(f"{'workload':52} {'kbroker':>12} {'mock':>12} {'kbroker/mock':>13}")
    for key in ours:
        a, b = ours[key], theirs.get(key)
        if b is None:
            print(f"{key:52} {a:12.1f} {'-':>12}")
            continue
        better = "lower" if "(ms)" in key else "higher"
        print(f"{key:52} {a:12.1f} {b:12.1f} {a / b if b else float('inf'):12.2f}x  ({better} is better)")
    core = bench_core_members()
    print(
        "pure shard (no I/O): "
        + ", ".join(f"{k} {v:,.1f}" if isinstance(v, float) else f"{k} {v:,}" for k, v in core.items())
    )
    print(
        "notes: a join phase in the mock ends on a timer (session timeout - 1 s once a group has members),\n"
        "       kbroker's as soon as every member is back (Kafka's rule); mock commits are not durable,\n"
        "       kbroker's are fsynced before the answer (group commit)."
    )


if __name__ == "__main__":
    main()

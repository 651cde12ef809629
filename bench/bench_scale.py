"""Scale: many groups of members heartbeating at Kafka's default interval, then one large group
rebalancing under that load. kbroker only (the librdkafka mock is not built for this many members).

    python bench/bench_scale.py [--quick] [--groups 10000] [--members 10] [--connections 2000]
                                [--workers 2] [--pipeline 50] [--seconds 15] [--settle 6]
                                [--big 1000] [--initial-delay-ms 500] [--static]
                                [--override KEY=VALUE ...]

The load generator is `workers` processes (spawned, each its own uvloop), so that it does not
starve on one core; each owns every `workers`-th group and `connections / workers` connections.
The broker runs as its own process (`python -m broker`).

1. Setup: `groups` groups of `members` members join and sync: dynamic members as a consumer
   without group.instance.id does (MEMBER_ID_REQUIRED, the join with that id, SyncGroup), or
   with `--static` static members (KIP-345: one JoinGroup, no member-id round trip, a third
   fewer setup requests). A group's members are on `members` different connections of a lane;
   a worker runs `connections / workers / members` lanes side by side, and each lane forms its
   groups one after another, because the broker answers one request of a connection at a time
   (Kafka's guarantee): a parked JoinGroup holds its connection until the group completes its
   join phase (group.initial.rebalance.delay.ms twice: the delay is extended once when members
   arrive during it, as Kafka does). Progress lines (stderr) give each round trip's p50: a
   saturated broker shows up as a slow MEMBER_ID_REQUIRED answer, a slow disk as a slow
   SyncGroup (answered once the group's record is fsynced, kbroker's default; `--override
   log.flush.interval.ms=1000` gives Kafka's page-cache durability instead).
2. Heartbeats: the same connections carry the heartbeats (as a consumer's coordinator connection
   does), every member every 3 s (Kafka's heartbeat.interval.ms default; session timeout 45 s),
   from the moment its group formed. A connection's members are cut into batches of at most
   `pipeline`; each batch is one write at its own phase of the 3 s round (phases spread evenly
   over 5 ms ticks), its frames precomputed. Latency: from just before that write to the
   reading of the answer's frame, so a slow generator shows up in it; the generator's loop lag
   (how late each tick woke) and CPU are printed too. Measured over `seconds`, `settle` seconds
   after every member formed: heartbeats/s, latency p50/p99/max, error answers, the broker's RSS
   and CPU (also per heartbeat), the machine's load average.
3. A group of `big` members (own connection each, heartbeating every 200 ms, from the main
   process, bench_groups.bench_rebalance) rebalances when one more member joins: from that
   JoinGroup to every member holding its new assignment (the leader's SyncGroup goes 20 ms +
   0.4 ms per member after its JoinGroup answer, as in bench_groups.py, and that wait is
   included). Twice: on the idle broker before setup, and while the members above heartbeat.

On this 2-core VM a loopback send or recv costs ~10-30 µs of the broker's CPU, more than a
heartbeat's Python work, so how many heartbeats share a write (`pipeline`) matters: 50 is every
member of a connection once per round.
"""

from __future__ import annotations

import argparse
import array
import asyncio
import contextlib
import multiprocessing
import os
import struct
import subprocess
import sys
import tempfile
import time
from collections import Counter, deque
from itertools import repeat
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_groups import (  # noqa: E402
    bench_rebalance,
    free_port,
    open_when_listening,
    wait_coordinator,
)
from protocol.apis import ApiKey as K  # noqa: E402
from protocol.errors import ErrorCode as E  # noqa: E402
from protocol.frames import RequestHeader, decode_response, encode_request  # noqa: E402

SESSION_MS = 45_000
HEARTBEAT_S = 3.0
TICK_S = 0.005  # fine enough that a tick's heartbeats are a small burst (~170 at 100,000)
TICKS = int(HEARTBEAT_S / TICK_S)
_SIZE = struct.Struct(">i")
_RETRY = (E.COORDINATOR_LOAD_IN_PROGRESS, E.COORDINATOR_NOT_AVAILABLE, E.NOT_COORDINATOR)
_METADATA = b"\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"  # ConsumerProtocolSubscription v0, no topics


class Lane(asyncio.Protocol):
    """One connection: setup requests (a future each) and pipelined heartbeats (their write time)
    share one FIFO, as the broker answers a connection's requests in order."""

    def __init__(self) -> None:
        self.fifo: deque[Any] = deque()
        self.buffer = bytearray()
        self.latencies = array.array("d")
        self.errors: Counter[int] = Counter()  # error answers by code
        self.cid = 0
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:
        while self.fifo:
            item = self.fifo.popleft()
            if isinstance(item, asyncio.Future) and not item.done():
                item.set_exception(ConnectionError("connection closed"))

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        buf = self.buffer
        buf += data
        pos = 0
        n = len(buf)
        fifo = self.fifo
        while n - pos >= 4:
            (size,) = _SIZE.unpack_from(buf, pos)
            if n - pos - 4 < size:
                break
            item = fifo.popleft()
            if item.__class__ is float:
                # Heartbeat v3 answer: correlation id, throttle time, error code.
                if buf[pos + 12] or buf[pos + 13]:
                    self.errors[(buf[pos + 12] << 8) | buf[pos + 13]] += 1
                self.latencies.append(now - item)
            elif not item.done():
                item.set_result(bytes(buf[pos + 4 : pos + 4 + size]))
            pos += 4 + size
        del buf[:pos]

    def call(self, api_key: int, version: int, body: dict[str, Any]) -> asyncio.Future[bytes]:
        assert self.transport is not None
        self.cid += 1
        frame = encode_request(RequestHeader(api_key, version, self.cid, "bench"), body)
        fut: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self.fifo.append(fut)
        self.transport.write(_SIZE.pack(len(frame)) + frame)
        return fut


# Each setup round trip's time (the first join, answered MEMBER_ID_REQUIRED; the join parked until
# the join phase completes; the sync), for the progress lines: a slow broker shows up here.
PHASES: dict[str, list[float]] = {"join": [], "parked": [], "sync": []}


async def form(lane: Lane, group: str, members: int, instance: str | None) -> bytes:
    """Join and sync one member as a consumer does (join again until a generation's sync
    succeeds); return its precomputed Heartbeat frame. With an `instance` id (static
    membership, KIP-345) the first join is answered without the MEMBER_ID_REQUIRED round trip."""
    join: dict[str, Any] = {
        "group_id": group,
        "session_timeout_ms": SESSION_MS,
        "rebalance_timeout_ms": SESSION_MS,
        "member_id": "",
        "group_instance_id": instance,
        "protocol_type": "consumer",
        "protocols": [{"name": "range", "metadata": _METADATA}],
    }
    while True:
        sent_at = time.perf_counter()
        r = decode_response(await lane.call(K.JOIN_GROUP, 5, join), K.JOIN_GROUP, 5)[1]
        PHASES["join" if r.error_code == E.MEMBER_ID_REQUIRED else "parked"].append(
            time.perf_counter() - sent_at
        )
        if r.error_code == E.MEMBER_ID_REQUIRED:
            join["member_id"] = r.member_id
            continue
        if r.error_code in _RETRY:
            await asyncio.sleep(0.05)
            continue
        if r.error_code in (E.UNKNOWN_MEMBER_ID, E.REBALANCE_IN_PROGRESS):
            join["member_id"] = "" if r.error_code == E.UNKNOWN_MEMBER_ID else join["member_id"]
            continue  # its pending member id expired, or the group moved on
        if r.error_code != E.NONE:
            raise RuntimeError(f"join failed: {E(r.error_code).name}")
        member_id, generation = r.member_id, r.generation_id
        join["member_id"] = member_id
        assignments = []
        if r.leader == member_id:
            assignments = [{"member_id": x.member_id, "assignment": b"a"} for x in r.members]
            await asyncio.sleep(0.02 + members * 0.0004)  # the followers' SyncGroups first
        sent_at = time.perf_counter()
        answer = await lane.call(
            K.SYNC_GROUP,
            3,
            {
                "group_id": group,
                "generation_id": generation,
                "member_id": member_id,
                "group_instance_id": instance,
                "assignments": assignments,
            },
        )
        PHASES["sync"].append(time.perf_counter() - sent_at)
        error = struct.unpack_from(">h", answer, 8)[0]
        if error == E.NONE:
            break
        if error == E.UNKNOWN_MEMBER_ID:
            join["member_id"] = ""
        elif error in _RETRY:
            await asyncio.sleep(0.05)
        elif error not in (E.REBALANCE_IN_PROGRESS, E.ILLEGAL_GENERATION):
            raise RuntimeError(f"sync failed: {E(error).name}")
    body = encode_request(
        RequestHeader(K.HEARTBEAT, 3, 0, "bench"),
        {
            "group_id": group,
            "generation_id": generation,
            "member_id": member_id,
            "group_instance_id": instance,
        },
    )
    return _SIZE.pack(len(body)) + body


class Pump:
    """Every formed member's heartbeat every HEARTBEAT_S: batches of `pipeline` frames of one
    connection, each batch at its own tick of the round, one write per batch."""

    def __init__(self, lanes: list[Lane], pipeline: int, offset: int = 0):
        self.lanes = lanes
        self.offset = offset  # this generator's phase shift: generators do not send in step
        self.pipeline = pipeline
        self.batches: list[list[list[bytes]]] = [[] for _ in lanes]  # per lane
        self.schedule: list[list[tuple[Lane, list[bytes]]]] = [[] for _ in range(TICKS)]
        self.lags = array.array("d")
        self.stopped = False

    def add(self, index: int, frame: bytes) -> None:
        batches = self.batches[index]
        if batches and len(batches[-1]) < self.pipeline:
            batches[-1].append(frame)
            return
        batch = [frame]
        batches.append(batch)
        # Lane i's b-th batch: phases interleave lanes and batches evenly over the round.
        self.schedule[(self.offset + index * 7 + len(batches) * 13) % TICKS].append(
            (self.lanes[index], batch)
        )

    async def run(self) -> None:
        started = time.perf_counter()
        tick = 0
        perf = time.perf_counter
        while not self.stopped:
            self.lags.append(perf() - (started + tick * TICK_S))
            for lane, batch in self.schedule[tick % TICKS]:
                transport = lane.transport
                if transport is None or transport.is_closing():
                    continue
                sent = perf()
                transport.write(b"".join(batch))
                lane.fifo.extend(repeat(sent, len(batch)))
            tick += 1
            await asyncio.sleep(max(0.0, started + tick * TICK_S - perf()))

    def reset(self) -> None:
        self.lags = array.array("d")
        for lane in self.lanes:
            lane.latencies = array.array("d")
            lane.errors = Counter()


async def worker_async(index: int, workers: int, port: int, opts: dict[str, Any], pipe: Connection) -> None:
    loop = asyncio.get_running_loop()
    m = opts["members"]
    n_conns = max(m, opts["connections"] // workers)
    n_lanes = n_conns // m
    lanes: list[Lane] = []
    for _ in range(n_lanes * m):
        _, lane = await loop.create_connection(Lane, "127.0.0.1", port)
        lanes.append(lane)
    pump = Pump(lanes, opts["pipeline"], index * TICKS // workers)
    pumping = asyncio.ensure_future(pump.run())
    groups = list(range(index, opts["groups"], workers))

    took: list[float] = []  # how long each group took to form, seen from its member 0

    async def form_lane(k: int, j: int) -> None:
        for gi in groups[k::n_lanes]:
            started = time.perf_counter()
            instance = f"scale-{gi}-{j}" if opts["static"] else None
            pump.add(k * m + j, await form(lanes[k * m + j], f"scale-{gi}", m, instance))
            if j == 0:
                took.append(time.perf_counter() - started)

    async def progress() -> None:
        while True:
            await asyncio.sleep(opts["progress"])
            recent = sorted(took[-n_lanes:])
            print(
                f"  generator {index}: {len(took):,}/{len(groups):,} groups formed after "
                f"{time.perf_counter() - t0:.0f} s; the last {len(recent)}: {pct(recent, 0.5):.0f} ms "
                f"each (p50), max {pct(recent, 1.0):.0f} ms "
                + " ".join(f"{k} {pct(sorted(v[-1000:]), 0.5):.0f}" for k, v in PHASES.items()),
                file=sys.stderr,
                flush=True,
            )

    t0 = time.perf_counter()
    reporting = asyncio.ensure_future(progress()) if opts["progress"] else None
    await asyncio.gather(*(form_lane(k, j) for k in range(n_lanes) for j in range(m)))
    if reporting is not None:
        reporting.cancel()
    pipe.send(("formed", time.perf_counter() - t0, len(groups) * m, len(lanes)))
    cpu0 = time.process_time()
    while True:
        command = await loop.run_in_executor(None, pipe.recv)
        if command == "measure":
            pump.reset()
            cpu0 = time.process_time()
        elif command == "report":
            latencies = array.array("d")
            for lane in lanes:
                latencies.extend(lane.latencies)
            errors: Counter[int] = Counter()
            for lane in lanes:
                errors.update(lane.errors)
            pipe.send((latencies.tobytes(), errors, pump.lags.tobytes(), time.process_time() - cpu0))
        elif command == "stop":
            break
    pump.stopped = True
    await pumping
    for lane in lanes:
        if lane.transport is not None:
            lane.transport.close()


def worker_main(index: int, workers: int, port: int, opts: dict[str, Any], pipe: Connection) -> None:
    import uvloop

    uvloop.run(worker_async(index, workers, port, opts, pipe))


def pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(len(values) * q))] * 1000 if values else float("nan")


async def wait_ready(bootstrap: str) -> None:
    probe = await open_when_listening(bootstrap)
    await wait_coordinator(probe)  # until the coordinator has loaded its partitions
    await probe.close()


async def main_async(args: argparse.Namespace) -> None:
    import psutil

    port = free_port()
    data = tempfile.mkdtemp(prefix="bench-scale-")
    overrides = {
        "listeners": f"PLAINTEXT://127.0.0.1:{port}",
        "log.dirs": data,
        # Long enough for a group's members, sent together, to join before its first generation
        # (a member joining after it would rebalance the group; this generator does not rejoin
        # on heartbeat errors: it counts them).
        "group.initial.rebalance.delay.ms": str(args.initial_delay_ms),
        "offsets.topic.num.partitions": "50",
    }
    for item in args.override:  # more broker settings, e.g. log.flush.interval.ms=1000
        key, _, value = item.partition("=")
        overrides[key.strip()] = value.strip()
    cmd = [sys.executable, "-m", "broker", "--log-level", "warning"]
    for k, v in overrides.items():
        cmd += ["--override", f"{k}={v}"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    broker = psutil.Process(proc.pid)
    bootstrap = f"127.0.0.1:{port}"
    loop = asyncio.get_running_loop()
    spawn = multiprocessing.get_context("spawn")
    procs: list[Any] = []
    pipes: list[Connection] = []
    try:
        await wait_ready(bootstrap)
        rss0 = broker.memory_info().rss
        if args.big:
            rebalance_s = await bench_rebalance(bootstrap, args.big)
            print(
                f"rebalance of a {args.big:,}-member group, nothing else on the broker: "
                f"{rebalance_s * 1000:,.0f} ms from the last JoinGroup to every member assigned "
                f"(includes the leader's {20 + 0.4 * args.big:.0f} ms SyncGroup delay)"
            )
        opts = {
            k: getattr(args, k)
            for k in ("groups", "members", "connections", "pipeline", "progress", "static")
        }
        t0 = time.perf_counter()
        for w in range(args.workers):
            ours, theirs = spawn.Pipe()
            p = spawn.Process(target=worker_main, args=(w, args.workers, port, opts, theirs), daemon=True)
            p.start()
            procs.append(p)
            pipes.append(ours)
        formed = await asyncio.gather(*(loop.run_in_executor(None, p.recv) for p in pipes))
        setup_s = time.perf_counter() - t0
        total = sum(f[2] for f in formed)
        conns = sum(f[3] for f in formed)
        print(
            f"setup: {total:,} members in {args.groups:,} groups joined and synced in {setup_s:.1f} s "
            f"over {conns:,} connections from {args.workers} generator processes "
            f"(group.initial.rebalance.delay.ms={args.initial_delay_ms}, "
            f"{'static members: group.instance.id' if args.static else 'dynamic members'})"
        )

        # Measured from here: every member formed and heartbeating, and what the broker had
        # queued while setup loaded it answered (`settle` seconds).
        await asyncio.sleep(args.settle)
        workers = [psutil.Process(p.pid) for p in procs]
        for p in pipes:
            p.send("measure")
        broker_cpu0 = sum(broker.cpu_times()[:2])
        t_measure = time.perf_counter()
        await asyncio.sleep(args.seconds)
        for p in pipes:
            p.send("report")
        reports = await asyncio.gather(*(loop.run_in_executor(None, p.recv) for p in pipes))
        elapsed = time.perf_counter() - t_measure
        broker_cpu = sum(broker.cpu_times()[:2]) - broker_cpu0
        rss = broker.memory_info().rss
        latencies: list[float] = []
        lags: list[float] = []
        for lat, _, lag, _ in reports:
            latencies.extend(array.array("d", lat))
            lags.extend(array.array("d", lag))
        errors: Counter[int] = Counter()
        for r in reports:
            errors.update(r[1])
        errors_text = ", ".join(f"{E(code).name} {n:,}" for code, n in errors.most_common()) or "none"
        generator_cpu = sum(r[3] for r in reports)
        latencies.sort()
        lags.sort()
        count = len(latencies)
        print(
            f"heartbeats: {count:,} in {elapsed:.1f} s ({count / elapsed:,.0f}/s, expected "
            f"{total / HEARTBEAT_S:,.0f}/s), latency p50 {pct(latencies, 0.5):.1f} ms, "
            f"p99 {pct(latencies, 0.99):.1f} ms, max {pct(latencies, 1.0):.1f} ms, errors: {errors_text}"
        )
        print(
            f"generator: loop lag p50 {pct(lags, 0.5):.1f} ms, p99 {pct(lags, 0.99):.1f} ms, "
            f"max {pct(lags, 1.0):.1f} ms; CPU {generator_cpu / elapsed * 100:.0f}% of a core "
            f"over {len(workers)} processes"
        )
        print(
            f"machine: load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cpus (other developers' work too)"
        )
        print(
            f"broker: RSS {rss / 2**20:,.0f} MiB holding {total:,} members (idle after start: "
            f"{rss0 / 2**20:,.0f} MiB); CPU {broker_cpu / elapsed * 100:.0f}% of a core, "
            f"{broker_cpu / max(count, 1) * 1e6:.1f} µs per heartbeat"
        )
        if args.big:
            try:
                rebalance_s = await bench_rebalance(bootstrap, args.big)
            except TimeoutError as e:  # a starved broker: its members' 6 s sessions expire
                print(
                    f"rebalance of a {args.big:,}-member group while the {total:,} members heartbeat: failed ({e})"
                )
            else:
                print(
                    f"rebalance of a {args.big:,}-member group while the {total:,} members heartbeat: "
                    f"{rebalance_s * 1000:,.0f} ms from the last JoinGroup to every member assigned "
                    f"(includes the leader's {20 + 0.4 * args.big:.0f} ms SyncGroup delay)"
                )
            print(f"broker: RSS {broker.memory_info().rss / 2**20:,.0f} MiB after it")
    finally:
        for p in pipes:
            with contextlib.suppress(OSError):
                p.send("stop")
        for p in procs:
            p.join(30)
            if p.is_alive():
                p.kill()
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
    parser.add_argument("--workers", type=int, default=2, help="generator processes")
    parser.add_argument("--pipeline", type=int, default=50, help="heartbeats per write (at most)")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--settle", type=float, default=6.0, help="heartbeats before the measured ones")
    parser.add_argument("--big", type=int, default=1_000)
    parser.add_argument("--initial-delay-ms", type=int, default=500)
    parser.add_argument(
        "--static",
        action="store_true",
        help="static members (group.instance.id): one join per member, not two",
    )
    parser.add_argument(
        "--override", action="append", default=[], metavar="KEY=VALUE", help="a broker setting (repeatable)"
    )
    parser.add_argument("--progress", type=float, default=10.0, help="setup progress every S s (0: none)")
    args = parser.parse_args()
    if args.quick:
        args.groups, args.seconds, args.big, args.connections = 1_000, 5.0, 200, 500
    from broker import logging_setup

    logging_setup.configure("logfmt", "warning")
    import uvloop

    print(f"scale: kbroker alone (cpus={os.cpu_count()})")
    uvloop.run(main_async(args))


if __name__ == "__main__":
    main()

"""kbroker against the librdkafka mock with a compiled load generator (bench/loadgen.c), so that
each figure is bound by the broker, not by the client; the generator's CPU printed next to the
broker's.

    python bench/bench_loadgen.py [--seconds 3] [--only commits,heartbeats,produce,fetch]

Servers, each its own process (so that its CPU is its own): the null server of
bench_commit_floor.py (canned answers: the floor of a Python server), kbroker with fsync before
each answer (the default), kbroker with `log.flush.interval.ms=1000` (page-cache durability, as
the mock's memory), and the librdkafka mock (C, in memory) in a child process.

Workloads, frames built here once and sent closed-loop by the generator (each answer's error
code checked; a correlation id per copy):
- commits: 8 connections, one group-less OffsetCommit v7 in flight each (bench_commit_floor's);
- heartbeats: 16 members joined and synced for real, each pipelining 32 Heartbeat v3;
- produce: Produce v9, acks=1, 8 connections (a partition each) x 4 in flight; a batch of
  100 records of 100 B, or of 10 records of 10 KB;
- fetch: Fetch v11 from offset 0 of a partition filled with 2 MB of those batches (the mock
  keeps about 5 MB a partition), 1 MB a partition a fetch, 4 connections x 2 in flight.

Then the disk's own bound on a durable commit: committers in flight / one fdatasync's latency
(measured as bench_fsync.py does, on the directory the brokers' logs go to), and kbroker's
fsync commits/s as a ratio of it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import bench_commit_floor as floor  # noqa: E402
from bench import bench_fsync  # noqa: E402
from bench.bench_groups import Conn, create_topic, form_group, free_port, stop_members  # noqa: E402
from bench.loadgen import LoadReport, run_loadgen_async  # noqa: E402
from protocol.apis import ApiKey as K  # noqa: E402
from protocol.errors import ErrorCode as E  # noqa: E402
from protocol.frames import RequestHeader, decode_response, encode_request  # noqa: E402
from protocol.records import build_kv_batch  # noqa: E402

_SIZE = struct.Struct(">i")
PRODUCE_V, FETCH_V = 9, 11
COMMITTERS = 8
HB_MEMBERS, HB_DEPTH = 16, 32
PRODUCE_CONNS, PRODUCE_DEPTH = 8, 4
FETCH_CONNS, FETCH_DEPTH = 4, 2
FILL_BYTES = 2 << 20  # a fetched partition's data; the mock keeps about 5 MB a partition
SIZES = {"100 B": (100, 100), "10 KB": (10_240, 10)}  # value size, records a batch
TOPICS = {f"lg-{kind}-{size}": n for size in ("100", "10k") for kind, n in (("p", 8), ("f", 4))}


def _topic(kind: str, label: str) -> str:
    return f"lg-{kind}-{'100' if label == '100 B' else '10k'}"


def batch(value_size: int, records: int) -> bytes:
    return bytes(build_kv_batch(((None, b"v" * value_size) for _ in range(records)), int(time.time() * 1000)))


def produce_frame(topic: str, partition: int, records: bytes) -> bytes:
    body = encode_request(
        RequestHeader(K.PRODUCE, PRODUCE_V, 0, "loadgen"),
        {
            "transactional_id": None,
            "acks": 1,
            "timeout_ms": 30_000,
            "topic_data": [{"name": topic, "partition_data": [{"index": partition, "records": records}]}],
        },
    )
    return _SIZE.pack(len(body)) + body


def fetch_frame(topic: str, partition: int) -> bytes:
    body = encode_request(
        RequestHeader(K.FETCH, FETCH_V, 0, "loadgen"),
        {
            "replica_id": -1,
            "max_wait_ms": 0,
            "min_bytes": 1,
            "max_bytes": 4 << 20,
            "isolation_level": 0,
            "session_id": 0,
            "session_epoch": -1,
            "topics": [
                {
                    "topic": topic,
                    "partitions": [
                        {
                            "partition": partition,
                            "current_leader_epoch": -1,
                            "fetch_offset": 0,
                            "log_start_offset": -1,
                            "partition_max_bytes": 1 << 20,
                        }
                    ],
                }
            ],
            "forgotten_topics_data": [],
            "rack_id": "",
        },
    )
    return _SIZE.pack(len(body)) + body


# Where the first partition's error code sits in an answer, after its size prefix.
def produce_error_at(topic: str) -> int:  # cid, tagged fields, array, name, array, index
    return 4 + 1 + 1 + 1 + len(topic) + 1 + 4


def fetch_error_at(topic: str) -> int:  # cid, throttle, error, session, array, name, array, index
    return 4 + 4 + 2 + 4 + 4 + 2 + len(topic) + 4 + 4


@dataclass(slots=True)
class Row:
    report: LoadReport
    broker_cpu_s: float | None  # the server process's CPU over the generator's run

    @property
    def broker_us(self) -> float | None:
        total = self.report.answered_total
        return None if self.broker_cpu_s is None or not total else self.broker_cpu_s / total * 1e6

    @property
    def mb_s(self) -> float:
        return (self.report.bytes_in + self.report.bytes_out) / self.report.seconds / 1e6


class Target:
    """A server under load: where it listens and the process whose CPU is its own."""

    def __init__(self, name: str, port: int, pid: int, *, null: bool = False):
        import psutil  # type: ignore[import-untyped]

        self.name, self.port, self.null = name, port, null
        self.process = psutil.Process(pid)
        self.filled: set[str] = set()

    def cpu(self) -> float:
        t = self.process.cpu_times()
        return float(t.user + t.system + t.children_user + t.children_system)

    async def drive(
        self, frames: list[bytes], connections: int, depth: int, seconds: float, error_at: int
    ) -> Row:
        async def run(seconds: float) -> LoadReport:
            return await run_loadgen_async(
                "127.0.0.1",
                self.port,
                frames,
                connections=connections,
                depth=depth,
                seconds=seconds,
                error_at=error_at,
            )

        await run(0.5)  # warm-up
        cpu0 = self.cpu()
        report = await run(seconds)
        row = Row(report, self.cpu() - cpu0)
        if report.errors:
            raise RuntimeError(f"{self.name}: {report.errors} answers carried an error")
        return row


async def commits(t: Target, seconds: float) -> Row:
    await floor.check_answer(t.port)
    frames = [floor.commit_frame("floor-group", i % 8) for i in range(COMMITTERS)]
    return await t.drive(frames, COMMITTERS, 1, seconds, error_at=-2)


async def heartbeats(t: Target, seconds: float) -> Row:
    bootstrap = f"127.0.0.1:{t.port}"
    members = [] if t.null else await form_group(bootstrap, f"lg-hb-{time.time_ns()}", HB_MEMBERS)
    for m in members:  # their own heartbeat loops stop: the generator's frames keep them alive
        await m.stop()
    if t.null:
        frames = [floor.heartbeat_frame("lg-hb", 1, f"m{i}", i) for i in range(HB_MEMBERS)]
    else:
        frames = [floor.heartbeat_frame(m.group, m.generation, m.member_id, m.index) for m in members]
    try:
        return await t.drive(frames, HB_MEMBERS, HB_DEPTH, seconds, error_at=8)
    finally:
        if members:
            await stop_members(members)


async def check_one(conn: Conn, frame: bytes, api: int, version: int, error_at: int) -> None:
    """One request through the real codec: its first partition answers NONE (else the figures
    mean nothing), at the offset the generator checks."""
    raw = await conn.send_raw(frame[4:])
    _, body = decode_response(raw, api, version)
    error = struct.unpack_from(">h", raw, error_at)[0]
    if error != E.NONE:
        raise RuntimeError(f"{K(api).name} refused: {E(error).name}: {body}")


async def produce(t: Target, seconds: float, label: str) -> Row:
    topic = _topic("p", label)
    records = batch(*SIZES[label])
    frames = [produce_frame(topic, p, records) for p in range(PRODUCE_CONNS)]
    conn = await Conn.open(f"127.0.0.1:{t.port}")
    try:
        await check_one(conn, frames[0], K.PRODUCE, PRODUCE_V, produce_error_at(topic))
    finally:
        await conn.close()
    return await t.drive(frames, PRODUCE_CONNS, PRODUCE_DEPTH, seconds, produce_error_at(topic))


async def fill(conn: Conn, topic: str, records: bytes) -> None:
    """FILL_BYTES of batches a partition, pipelined (once: the mock would drop the oldest)."""
    for p in range(FETCH_CONNS):
        frame = produce_frame(topic, p, records)
        await check_one(conn, frame, K.PRODUCE, PRODUCE_V, produce_error_at(topic))
        answers = await asyncio.gather(*(conn.send_raw(frame[4:]) for _ in range(FILL_BYTES // len(records))))
        assert all(struct.unpack_from(">h", a, produce_error_at(topic))[0] == E.NONE for a in answers)


async def fetch(t: Target, seconds: float, label: str) -> Row:
    topic = _topic("f", label)
    conn = await Conn.open(f"127.0.0.1:{t.port}")
    try:
        if topic not in t.filled:
            await fill(conn, topic, batch(*SIZES[label]))
            t.filled.add(topic)
        frames = [fetch_frame(topic, p) for p in range(FETCH_CONNS)]
        await check_one(conn, frames[0], K.FETCH, FETCH_V, fetch_error_at(topic))
    finally:
        await conn.close()
    return await t.drive(frames, FETCH_CONNS, FETCH_DEPTH, seconds, fetch_error_at(topic))


Results = dict[str, Row]  # workload -> its row, for one server


def workloads(only: set[str]) -> list[tuple[str, Callable[[Target, float], Awaitable[Row]], bool]]:
    """(name, run, whether the null server can answer it), in the order they run."""
    out: list[tuple[str, Callable[[Target, float], Awaitable[Row]], bool]] = []
    if "commits" in only:
        out.append(("commits", commits, True))
    if "heartbeats" in only:
        out.append(("heartbeats", heartbeats, True))
    for label in SIZES:
        if "produce" in only:
            out.append((f"produce {label}", functools.partial(produce, label=label), False))
        if "fetch" in only:
            out.append((f"fetch {label}", functools.partial(fetch, label=label), False))
    return out


async def run_rounds(
    targets: list[Target], seconds: float, only: set[str], rounds: int
) -> list[tuple[dict[str, Results], float]]:
    """Each workload against each server in turn (the machine's other load drifts less between
    them than between whole-server runs), `rounds` times."""
    for t in targets:
        if t.name.startswith("kbroker"):  # the mock's topics are made by its process
            conn = await Conn.open(f"127.0.0.1:{t.port}")
            try:
                for name, partitions in {floor.TOPIC: 8, **TOPICS}.items():
                    await create_topic(conn, name, partitions)
            finally:
                await conn.close()
    out: list[tuple[dict[str, Results], float]] = []
    for _ in range(rounds):
        # The disk's latency moves with what else writes to it: measured next to the commits.
        fsync_s = fsync_latency()
        columns: dict[str, Results] = {t.name: {} for t in targets}
        for name, run, null_too in workloads(only):
            for t in targets:
                if null_too or not t.null:
                    columns[t.name][name] = await run(t, seconds)
        out.append((columns, fsync_s))
    return out


def wait_listening(proc: subprocess.Popen[bytes], port: int) -> None:
    import socket

    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.05)
    raise RuntimeError(f"{proc.args!r} did not start")


def serve_mock(port_file: str) -> None:
    """The child that holds the mock: topics made, its port written, alive until stdin closes."""
    from tests.interop.rdkafka_mock import MockCluster

    cluster = MockCluster(brokers=1)
    try:
        cluster.set_initial_rebalance_delay_ms(100)
        cluster.create_topic(floor.TOPIC, 8)
        for name, partitions in TOPICS.items():
            cluster.create_topic(name, partitions)
        Path(port_file).write_text(cluster.bootstrap.split(",")[0].rsplit(":", 1)[1])
        sys.stdin.read()
    finally:
        cluster.close()


def start_servers(stack: contextlib.ExitStack) -> list[Target]:
    """The four servers, each a child process, stopped when the stack closes."""

    def child(args: list[str]) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(args, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)

        def stop() -> None:
            assert proc.stdin is not None
            proc.stdin.close()
            proc.terminate()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

        stack.callback(stop)
        return proc

    targets = []
    port = free_port()
    null = child([sys.executable, str(ROOT / "bench" / "bench_commit_floor.py"), "--serve-null", str(port)])
    wait_listening(null, port)
    targets.append(Target("null server", port, null.pid, null=True))
    for name, extra in (("kbroker fsync", {}), ("kbroker page-cache", {"log.flush.interval.ms": "1000"})):
        port = free_port()
        data = tempfile.mkdtemp(prefix="bench-loadgen-")
        stack.callback(shutil.rmtree, data, True)
        settings = {
            "listeners": f"PLAINTEXT://127.0.0.1:{port}",
            "log.dirs": data,
            "group.initial.rebalance.delay.ms": "100",
            "group.min.session.timeout.ms": "1000",
            **extra,
        }
        args = [sys.executable, "-m", "broker", "--log-level", "warning"]
        for k, v in settings.items():
            args += ["--override", f"{k}={v}"]
        proc = child(args)
        wait_listening(proc, port)
        targets.append(Target(name, port, proc.pid))
    port_file = Path(tempfile.mkdtemp(prefix="bench-loadgen-mock-")) / "port"
    stack.callback(shutil.rmtree, port_file.parent, True)
    mock = child([sys.executable, __file__, "--serve-mock", str(port_file)])
    deadline = time.time() + 30
    while not (port_file.exists() and port_file.read_text()):
        if time.time() > deadline or mock.poll() is not None:
            raise RuntimeError("the mock did not start")
        time.sleep(0.05)
    targets.append(Target("librdkafka mock", int(port_file.read_text()), mock.pid))
    return targets


def fsync_latency() -> float:
    """One fdatasync's p50 latency (seconds) on the filesystem the brokers' logs go to."""
    directory = Path(tempfile.mkdtemp(prefix="bench-loadgen-fsync-"))
    try:
        p50_us, _, _ = bench_fsync.single(directory, 300)
    finally:
        shutil.rmtree(directory, True)
    return p50_us / 1e6


def print_table(columns: dict[str, Results]) -> None:
    workloads = list(dict.fromkeys(w for r in columns.values() for w in r))
    print(
        f"{'workload':15} {'server':20} {'ops/s':>9} {'MB/s':>7} {'p50 us':>7} {'p99 us':>7} "
        f"{'server CPU us/op':>16} {'gen CPU us/op':>13} {'server cores':>12} {'gen cores':>9}"
    )
    for w in workloads:
        for server, results in columns.items():
            if w not in results:
                continue
            row = results[w]
            r = row.report
            cores = f"{row.broker_cpu_s / r.seconds:.2f}" if row.broker_cpu_s is not None else "-"
            broker = f"{row.broker_us:.1f}" if row.broker_us is not None else "-"
            print(
                f"{w:15} {server:20} {r.rate:9,.0f} {row.mb_s:7.1f} {r.p50_us:7.0f} {r.p99_us:7.0f} "
                f"{broker:>16} {r.cpu_us_per_answer:13.1f} {cores:>12} {r.cpu_s / r.seconds:9.2f}"
            )


def print_ratios(columns: dict[str, Results], fsync_s: float) -> None:
    page, mock, fsync = columns["kbroker page-cache"], columns["librdkafka mock"], columns["kbroker fsync"]
    need = {"commits": 1.0, "heartbeats": 2.0}
    print("kbroker page-cache / the mock, against the target (fetch by MB/s: the mock answers a fetch")
    print("with one batch a partition, kbroker with up to partition_max_bytes); CPU: mock's / kbroker's")
    for w in page:
        if w not in mock:
            continue
        if w.startswith("fetch"):
            ratio = page[w].mb_s / mock[w].mb_s
            cpu = (mock[w].broker_cpu_s or 0) / (page[w].broker_cpu_s or 1) * page[w].mb_s / mock[w].mb_s
        else:
            ratio = page[w].report.rate / mock[w].report.rate
            cpu = (mock[w].broker_us or 0) / (page[w].broker_us or 1)
        target = need.get(w, 1.0)
        print(
            f"  {w:15} {ratio:6.2f}x  (target >= {target:.1f}x: {'met' if ratio >= target else 'NOT met'}); "
            f"server CPU per op, mock / kbroker: {cpu:.2f}x"
        )
    if "commits" in fsync:
        bound = COMMITTERS / fsync_s
        rate = fsync["commits"].report.rate
        print(
            f"  fsync commits: {rate:,.0f}/s against the disk's bound {bound:,.0f}/s "
            f"({COMMITTERS} committers / one fdatasync of {fsync_s * 1e6:.0f} us): {rate / bound:.2f}x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=1, help="the whole sequence again, printed apart")
    parser.add_argument("--only", default="commits,heartbeats,produce,fetch")
    parser.add_argument("--serve-mock", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_mock is not None:
        serve_mock(args.serve_mock)
        return
    import uvloop

    from bench.loadgen import build
    from broker import logging_setup
    from protocol import native

    logging_setup.configure("logfmt", "warning")
    build()
    load_before = os.getloadavg()
    with contextlib.ExitStack() as stack:
        targets = start_servers(stack)
        rounds = uvloop.run(run_rounds(targets, args.seconds, set(args.only.split(",")), args.rounds))
    compiled = native.running_compiled()
    print(
        f"compiled load generator (bench/loadgen.c), {args.seconds:.0f} s a workload, cpus={os.cpu_count()}, "
        f"kbroker {'compiled' if all(compiled.values()) else 'not (all) compiled'}, load average "
        f"{load_before[0]:.2f} before, {os.getloadavg()[0]:.2f} after"
    )
    for i, (columns, fsync_s) in enumerate(rounds):
        if len(rounds) > 1:
            print(f"-- round {i + 1}")
        print_table(columns)
        print_ratios(columns, fsync_s)


if __name__ == "__main__":
    main()

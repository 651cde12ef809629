"""The broker's own work per OffsetCommit, without sockets: what is left once the floor is gone.

    .venv/bin/python bench/profile_commits.py [--commits 30000] [--fsync] [--profile out.txt]

A broker runs in this process (its log dir a temp dir, `log.flush.interval.ms=1000` unless
`--fsync`); 8 connections get OffsetCommit frames through fake transports that hand the next
frame to the connection as soon as the answer is written (closed loop, no kernel in between).
Printed: CPU per commit (this process, all threads) and fsync passes; with `--profile`, the top
functions by own time (cProfile) go to that file. Compare with `bench/bench_commit_floor.py`,
which measures the same commits over real sockets next to a null server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import io
import pstats
import shutil
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_commit_floor import check_answer, commit_frame, create_topic  # noqa: E402


class _Loopback:
    """A transport whose every answer sends the connection its next frame (until `limit`)."""

    def __init__(self, conn: Any, frame: bytes, state: dict[str, Any]):
        self.conn, self.frame, self.state = conn, frame, state
        self.loop = asyncio.get_running_loop()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 0) if name == "peername" else default

    def is_closing(self) -> bool:
        return False

    def write(self, data: bytes) -> None:
        state = self.state
        state["answers"] += 1
        if state["answers"] >= state["limit"]:
            if not state["done"].done():
                state["done"].set_result(None)
            return
        self.loop.call_soon(self.conn.data_received, self.frame)

    def writelines(self, lines: list[bytes]) -> None:
        for line in lines:
            self.write(line)

    def pause_reading(self) -> None: ...
    def resume_reading(self) -> None: ...
    def close(self) -> None: ...


def _thread_times() -> dict[int, float]:
    """CPU seconds (user + system) of each of this process's threads."""
    import psutil

    return {t.id: t.user_time + t.system_time for t in psutil.Process().threads()}


@contextlib.asynccontextmanager
async def loopback_broker(prefix: str, fsync: bool) -> AsyncIterator[Any]:
    """A broker in this process, its log in a temp dir removed afterwards (`log.flush.interval.ms`
    of 1 s unless `fsync`)."""
    from broker.broker import Broker
    from broker.config import Config

    data = tempfile.mkdtemp(prefix=prefix)
    overrides = ["listeners=PLAINTEXT://127.0.0.1:0", f"log.dirs={data}"]
    if not fsync:
        overrides.append("log.flush.interval.ms=1000")
    broker = Broker(Config.load(None, overrides))
    await broker.start()
    try:
        yield broker
    finally:
        await broker.stop()
        shutil.rmtree(data, ignore_errors=True)  # a produce run leaves hundreds of MB


async def drive(
    broker: Any, frames: list[bytes], count: int, profile: str | None, what: str, unit: str
) -> None:
    """A warm-up of count / 3 answers, then `count` measured: one connection per frame, each sent
    its frame again as soon as it is answered. Prints CPU per answer (`unit`) and fsync passes."""
    from broker.log.flusher import _flushers
    from broker.server import _Connection

    loop = asyncio.get_running_loop()
    for label, n in (("warm-up", count // 3), ("measured", count)):
        state: dict[str, Any] = {"answers": 0, "limit": n, "done": loop.create_future()}
        conns = []
        for frame in frames:
            conn = _Connection(broker.servers[0])
            transport = _Loopback(conn, frame, state)
            conn.connection_made(transport)  # type: ignore[arg-type]
            conns.append((conn, transport))
        passes0 = sum(f.passes for f in _flushers.values())
        profiler = cProfile.Profile() if profile and label == "measured" else None
        threads0 = _thread_times()
        cpu0 = time.process_time()
        if profiler:
            profiler.enable()
        for conn, transport in conns:
            loop.call_soon(conn.data_received, transport.frame)
        await state["done"]
        if profiler:
            profiler.disable()
        cpu = (time.process_time() - cpu0) / n * 1e6
        threads = {tid: (t - threads0.get(tid, 0.0)) / n * 1e6 for tid, t in _thread_times().items()}
        passes = sum(f.passes for f in _flushers.values()) - passes0
        for conn, _ in conns:
            conn.connection_lost(None)
        if profiler:
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(40)
            Path(profile).write_text(out.getvalue())  # type: ignore[arg-type]
            print(f"{label}: cProfile top functions written to {profile} (CPU figure inflated by it)")
        print(
            f"{label}: {n:,} {what}, {cpu:.1f} us CPU per {unit}"
            + (f", {n / passes:.1f} {unit}s per fsync pass" if passes else ", no fsync")
            + " (by thread: "
            + ", ".join(f"{us:.1f}" for us in sorted(threads.values(), reverse=True) if us >= 0.1)
            + ")"
        )


async def run(commits: int, fsync: bool, profile: str | None) -> None:
    async with loopback_broker("profile-commits-", fsync) as broker:
        await create_topic(broker.bound_port)
        await check_answer(broker.bound_port)
        frames = [commit_frame("floor-group", i) for i in range(8)]
        await drive(broker, frames, commits, profile, "commits", "commit")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=30_000)
    parser.add_argument("--fsync", action="store_true", help="fsync before the answer (the default broker)")
    parser.add_argument("--profile", help="write cProfile's top functions here")
    args = parser.parse_args()
    from broker import logging_setup

    logging_setup.configure("logfmt", "warning")
    import uvloop

    uvloop.run(run(args.commits, args.fsync, args.profile))


if __name__ == "__main__":
    main()

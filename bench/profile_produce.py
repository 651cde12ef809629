"""The broker's own work per Produce, without sockets: the loadgen's requests in process.

    .venv/bin/python bench/profile_produce.py [--requests 20000] [--size 100|10k] [--fsync]
        [--profile out.txt]

A broker runs in this process (its log dir a temp dir, `log.flush.interval.ms=1000` unless
`--fsync`); 8 connections (a partition each) get the Produce v9 frames of
`bench/bench_loadgen.py` (one batch of 100 records of 100 B, or 10 of 10 KB, acks=1) through
fake transports that hand the next frame to the connection as soon as the answer is written
(closed loop, no kernel in between). Printed: CPU per request (this process, all threads); with
`--profile`, the top functions by own time (cProfile) go to that file.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_groups import Conn, create_topic  # noqa: E402
from bench.bench_loadgen import SIZES, batch, produce_frame  # noqa: E402
from bench.profile_commits import _Loopback, _thread_times  # noqa: E402


async def run(requests: int, size: str, fsync: bool, profile: str | None) -> None:
    from broker.broker import Broker
    from broker.config import Config
    from broker.log.flusher import _flushers
    from broker.server import _Connection

    data = tempfile.mkdtemp(prefix="profile-produce-")
    overrides = ["listeners=PLAINTEXT://127.0.0.1:0", f"log.dirs={data}"]
    if not fsync:
        overrides.append("log.flush.interval.ms=1000")
    broker = Broker(Config.load(None, overrides))
    await broker.start()
    try:
        conn0 = await Conn.open(f"127.0.0.1:{broker.bound_port}")
        try:
            await create_topic(conn0, "prof", 8)
        finally:
            await conn0.close()
        records = batch(*SIZES[size])
        loop = asyncio.get_running_loop()
        for label, n in (("warm-up", requests // 3), ("measured", requests)):
            state: dict[str, Any] = {"answers": 0, "limit": n, "done": loop.create_future()}
            conns = []
            for i in range(8):
                conn = _Connection(broker.servers[0])
                transport = _Loopback(conn, produce_frame("prof", i, records), state)
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
                f"{label}: {n:,} requests of {size}, {cpu:.1f} us CPU per request"
                + (f", {n / passes:.1f} requests per fsync pass" if passes else ", no fsync")
                + " (by thread: "
                + ", ".join(f"{us:.1f}" for us in sorted(threads.values(), reverse=True) if us >= 0.1)
                + ")"
            )
    finally:
        await broker.stop()
        shutil.rmtree(data, ignore_errors=True)  # hundreds of MB a run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--size", choices=("100", "10k"), default="100")
    parser.add_argument("--fsync", action="store_true", help="fsync before the answer (the default broker)")
    parser.add_argument("--profile", help="write cProfile's top functions here")
    args = parser.parse_args()
    from broker import logging_setup

    logging_setup.configure("logfmt", "warning")
    import uvloop

    uvloop.run(run(args.requests, "100 B" if args.size == "100" else "10 KB", args.fsync, args.profile))


if __name__ == "__main__":
    main()

"""What durability costs on this machine, below kbroker: the bounds of a fsync-before-answer commit.

    .venv/bin/python bench/bench_fsync.py [--rounds 2000] [--dir DIR]

1. one small append then fdatasync, in a loop: wall time and CPU per call (the floor of a
   durable commit's latency, and the CPU a group commit shares among its commits);
2. eight files each appended to, then synced: eight fdatasyncs vs one syncfs (a pass of the
   log directory's flusher over eight offsets partitions);
3. an event loop handing each fdatasync to a thread that answers with `call_soon_threadsafe`
   (what broker/log/flusher.py does) vs calling it in the loop itself: the hand-off's CPU.

No broker, no peer: these figures say what bounds the commit benchmarks (bench_groups.py,
bench_commit_floor.py), on the directory given (default: a temp dir, as the benchmarks use).
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import os
import queue
import tempfile
import threading
import time
from pathlib import Path


def _percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


def single(directory: Path, rounds: int) -> tuple[float, float, float]:
    """(p50 wall us, p99 wall us, CPU us) of a 200-byte pwrite + fdatasync."""
    fd = os.open(directory / "single", os.O_RDWR | os.O_CREAT | os.O_TRUNC)
    try:
        walls = []
        cpu0 = time.process_time()
        for i in range(rounds):
            os.pwrite(fd, b"x" * 200, i * 200)
            t = time.perf_counter()
            os.fdatasync(fd)
            walls.append(time.perf_counter() - t)
        cpu = (time.process_time() - cpu0) / rounds
    finally:
        os.close(fd)
    return _percentile(walls, 0.5) * 1e6, _percentile(walls, 0.99) * 1e6, cpu * 1e6


def eight_files(directory: Path, rounds: int) -> dict[str, tuple[float, float]]:
    """p50 wall us and CPU us per pass over 8 files: fdatasync each, or one syncfs."""
    libc = ctypes.CDLL(None, use_errno=True)
    fds = [os.open(directory / f"f{i}", os.O_RDWR | os.O_CREAT | os.O_TRUNC) for i in range(8)]
    out = {}
    try:
        position = 0
        for mode in ("fdatasync x8", "syncfs"):
            walls = []
            cpu0 = time.process_time()
            for _ in range(rounds // 8):
                for fd in fds:
                    os.pwrite(fd, b"x" * 300, position)
                position += 300
                t = time.perf_counter()
                if mode == "syncfs":
                    libc.syncfs(fds[0])
                else:
                    for fd in fds:
                        os.fdatasync(fd)
                walls.append(time.perf_counter() - t)
            out[mode] = (_percentile(walls, 0.5) * 1e6, (time.process_time() - cpu0) / (rounds // 8) * 1e6)
    finally:
        for fd in fds:
            os.close(fd)
    return out


def handoff(directory: Path, rounds: int) -> dict[str, float]:
    """CPU us per durable append: fdatasync in the loop vs in a thread answering the loop."""
    import uvloop

    fd = os.open(directory / "handoff", os.O_RDWR | os.O_CREAT | os.O_TRUNC)
    requests: queue.SimpleQueue[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]] | None] = (
        queue.SimpleQueue()
    )

    def flusher() -> None:
        while (item := requests.get()) is not None:
            loop, future = item
            os.fdatasync(fd)
            loop.call_soon_threadsafe(future.set_result, None)

    async def run(mode: str) -> float:
        loop = asyncio.get_running_loop()
        cpu0 = time.process_time()
        for i in range(rounds):
            os.pwrite(fd, b"x" * 200, i * 200)
            if mode == "in the loop":
                os.fdatasync(fd)
            else:
                future = loop.create_future()
                requests.put((loop, future))
                await future
        return (time.process_time() - cpu0) / rounds * 1e6

    thread = threading.Thread(target=flusher, daemon=True)
    thread.start()
    try:
        return {mode: uvloop.run(run(mode)) for mode in ("in the loop", "flusher thread")}
    finally:
        requests.put(None)
        thread.join(5)
        os.close(fd)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-fsync-", dir=args.dir) as tmp:
        directory = Path(tmp)
        p50, p99, cpu = single(directory, args.rounds)
        print(f"fdatasync after a 200-byte append: wall p50 {p50:.0f} us, p99 {p99:.0f} us; CPU {cpu:.0f} us")
        for mode, (wall, cpu) in eight_files(directory, args.rounds).items():
            print(f"8 files, {mode:<13}: wall p50 {wall:.0f} us, CPU {cpu:.0f} us per pass")
        for mode, cpu in handoff(directory, args.rounds).items():
            print(f"durable append, fdatasync {mode:<14}: CPU {cpu:.0f} us each (both threads)")
    print(f"(cpus={os.cpu_count()}, load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()

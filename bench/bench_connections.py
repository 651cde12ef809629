"""Connection storms and oversized pipelined requests (must-show 5 of issue 35), against a kbroker
process with connection and memory bounds set:

- a well-behaved client (one connection from 127.0.0.1, Metadata requests one after another):
  its latency alone, then during a storm, from another process, of 5,000 connection attempts
  (127.0.0.2, past max.connections.per.ip) and 200 idle half-open connections (127.0.0.3, a
  frame begun and never finished);
- the broker's resident memory while 16 clients (127.0.0.4) pipeline 4 MB Produce requests,
  against queued.max.request.bytes plus the stated bound (one 256 KiB read per connection).

    .venv/bin/python bench/bench_connections.py
"""

from __future__ import annotations

import asyncio
import multiprocessing
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kbroker_process import start_kbroker  # noqa: E402  (bench/ is the script's own directory)

QUEUED = 32 * 1024 * 1024
FRAME = 8 * 1024 * 1024
OVERRIDES = (
    "max.connections.per.ip=1000",
    "max.connection.creation.rate=2000",
    "connections.max.idle.ms=20000",
    f"queued.max.request.bytes={QUEUED}",
    f"socket.request.max.bytes={FRAME}",
)


async def _latencies(port: int, seconds: float) -> list[float]:
    from protocol.frames import RequestHeader, encode_request

    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    out = []
    cid = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        cid += 1
        frame = encode_request(
            RequestHeader(3, 12, cid, "good"), {"topics": [], "allow_auto_topic_creation": False}
        )
        t = time.perf_counter()
        writer.write(len(frame).to_bytes(4, "big") + frame)
        size = int.from_bytes(await reader.readexactly(4), "big")
        await reader.readexactly(size)
        out.append(time.perf_counter() - t)
    writer.close()
    return out


def _summary(lat: list[float]) -> str:
    lat = sorted(lat)
    return f"p50 {statistics.median(lat) * 1000:.2f} ms, p99 {lat[int(len(lat) * 0.99)] * 1000:.2f} ms ({len(lat)} requests)"


def _storm(port: int, attempts: int, half_open: int, results: multiprocessing.Queue) -> None:
    async def run() -> None:
        held = []
        for _ in range(half_open):  # a frame begun, never finished, the connection left open
            s = socket.socket()
            s.bind(("127.0.0.3", 0))
            s.setblocking(False)
            await asyncio.get_running_loop().sock_connect(s, ("127.0.0.1", port))
            s.send(b"\x00\x00\x10\x00\x00")
            held.append(s)
        refused = accepted = 0
        opened: list[asyncio.StreamWriter] = []

        async def attempt() -> None:
            nonlocal refused, accepted
            try:
                r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0))
            except OSError:
                refused += 1
                return
            try:
                data = await asyncio.wait_for(r.read(1), 0.5)
                refused += data == b""
                accepted += data != b""
                w.close()
            except TimeoutError:
                accepted += 1  # still open: admitted, and held till the end of the storm
                opened.append(w)

        for i in range(0, attempts, 250):
            await asyncio.gather(*(attempt() for _ in range(min(250, attempts - i))))
        results.put((accepted, refused))
        for s in held:
            s.close()
        for w in opened:
            w.close()

    asyncio.run(run())


async def _pipeline(port: int, clients: int, requests: int) -> None:
    """Each client writes `requests` 4 MB Produce frames back to back, then reads the answers."""
    from protocol.frames import RequestHeader, encode_request
    from protocol.records import Record, build_batch

    records = bytes(build_batch([Record(offset_delta=0, value=b"x" * (4 * 1024 * 1024 - 200))]))

    async def one() -> None:
        r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.4", 0))
        for cid in range(requests):
            body = {
                "acks": 1,
                "timeout_ms": 30000,
                "topic_data": [{"name": "big", "partition_data": [{"index": 0, "records": records}]}],
            }
            frame = encode_request(RequestHeader(0, 9, cid, "big"), body)
            w.write(len(frame).to_bytes(4, "big") + frame)
        for _ in range(requests):
            size = int.from_bytes(await r.readexactly(4), "big")
            await r.readexactly(size)
        w.close()

    await asyncio.gather(*(one() for _ in range(clients)))


async def main() -> None:
    with tempfile.TemporaryDirectory() as data:
        proc, bootstrap = start_kbroker(Path(data), *OVERRIDES)
        port = int(bootstrap.rsplit(":", 1)[1])
        broker = psutil.Process(proc.pid)
        try:
            await _latencies(port, 1.0)  # warm up
            alone = await _latencies(port, 5.0)
            print(f"well-behaved client alone: {_summary(alone)}")
            results: multiprocessing.Queue = multiprocessing.Queue()
            storm = multiprocessing.Process(target=_storm, args=(port, 5000, 200, results))
            storm.start()
            during = await _latencies(port, 5.0)
            storm.join(120)
            accepted, refused = results.get(timeout=5)
            print(
                f"during the storm (5000 attempts: {accepted} admitted, {refused} refused; 200 half-open): {_summary(during)}"
            )
            rss0 = broker.memory_info().rss
            peak = rss0
            task = asyncio.ensure_future(_pipeline(port, 16, 4))
            while not task.done():
                peak = max(peak, broker.memory_info().rss)
                await asyncio.sleep(0.02)
            await task
            bound = QUEUED + 16 * 256 * 1024
            print(
                f"pipelined 4 MB produces, 16 clients x 4: broker RSS {rss0 / 2**20:.0f} MB -> peak "
                f"{peak / 2**20:.0f} MB (+{(peak - rss0) / 2**20:.0f} MB; queued.max.request.bytes "
                f"{QUEUED / 2**20:.0f} MB + 16 x 256 KiB = {bound / 2**20:.0f} MB)"
            )
        finally:
            proc.terminate()
            proc.wait(30)
            if proc.stderr is not None:
                lines = [x for x in proc.stderr.read().decode().splitlines() if "refuse" not in x]
                if lines:
                    print("broker log (last lines):", *lines[-5:], sep="\n  ")


if __name__ == "__main__":
    asyncio.run(main())

"""Start-up of kbroker as a test fixture: in-process (kbroker.testing.EmbeddedBroker) next to
`python -m broker` as a process.

    python bench/bench_embedded.py [--starts 50] [--process-starts 10]

Measured per start: from the call that starts the broker to its first answer to ApiVersions on a
fresh connection ("ready"), then the stop (back from the stop call; for the process, from SIGTERM
to its exit). p50/p99 in ms. In-process: `async with EmbeddedBroker()` in this loop, and `with
EmbeddedBroker()` on its own thread (what the kafka_broker fixture does). Goal: in-process p50 at
most 100 ms. A Kafka container (Testcontainers) is timed too when Docker is there.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from broker import logging_setup  # noqa: E402

# Before the broker's modules are imported (their loggers are bound then): the brokers' start and
# stop lines are not the point.
logging_setup.configure(level="warning")

from kbroker.testing import TEST_DEFAULTS, EmbeddedBroker  # noqa: E402
from protocol.apis import ApiKey  # noqa: E402
from protocol.frames import RequestHeader, decode_response, encode_request  # noqa: E402

API_VERSIONS_BODY = {"client_software_name": "bench", "client_software_version": "1"}


def _api_versions_frame() -> bytes:
    body = encode_request(RequestHeader(ApiKey.API_VERSIONS, 3, 1, "bench"), API_VERSIONS_BODY)
    return len(body).to_bytes(4, "big") + body


async def api_versions(port: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(_api_versions_frame())
        await writer.drain()
        size = int.from_bytes(await reader.readexactly(4), "big")
        _, response = decode_response(await reader.readexactly(size), ApiKey.API_VERSIONS, 3)
        assert response.error_code == 0
    finally:
        writer.close()
        await writer.wait_closed()


def api_versions_blocking(port: int, timeout: float = 0.5) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.sendall(_api_versions_frame())
            head = s.recv(4, socket.MSG_WAITALL)
            if len(head) < 4:
                return False
            data = s.recv(int.from_bytes(head, "big"), socket.MSG_WAITALL)
            _, response = decode_response(data, ApiKey.API_VERSIONS, 3)
            return bool(response.error_code == 0)
    except OSError:
        return False


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def report(name: str, ready: list[float], stop: list[float]) -> None:
    print(
        f"{name:<34} n={len(ready):<3} ready p50 {pct(ready, 50):7.1f} ms  p99 {pct(ready, 99):7.1f} ms"
        f"   stop p50 {pct(stop, 50):7.1f} ms  p99 {pct(stop, 99):7.1f} ms"
    )


async def in_process_async(starts: int) -> tuple[list[float], list[float]]:
    ready, stop = [], []
    for _ in range(starts):
        t0 = time.perf_counter()
        b = EmbeddedBroker()
        await b.start()
        await api_versions(b.port)
        t1 = time.perf_counter()
        await b.stop()
        t2 = time.perf_counter()
        ready.append((t1 - t0) * 1000)
        stop.append((t2 - t1) * 1000)
    return ready, stop


def in_process_thread(starts: int) -> tuple[list[float], list[float]]:
    ready, stop = [], []
    for _ in range(starts):
        t0 = time.perf_counter()
        b = EmbeddedBroker().start_in_thread()
        assert api_versions_blocking(b.port)
        t1 = time.perf_counter()
        b.close()
        t2 = time.perf_counter()
        ready.append((t1 - t0) * 1000)
        stop.append((t2 - t1) * 1000)
    return ready, stop


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def as_process(starts: int) -> tuple[list[float], list[float]]:
    ready, stop = [], []
    for _ in range(starts):
        data = Path(tempfile.mkdtemp(prefix="kbroker-bench-"))
        port = free_port()
        args = [sys.executable, "-m", "broker", "--override", f"listeners=PLAINTEXT://127.0.0.1:{port}"]
        args += ["--override", f"log.dirs={data}"]
        for k, v in TEST_DEFAULTS.items():
            args += ["--override", f"{k}={v}"]
        t0 = time.perf_counter()
        proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 30
            while not api_versions_blocking(port, timeout=0.2):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the broker process did not answer")
                time.sleep(0.005)
            t1 = time.perf_counter()
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
            t2 = time.perf_counter()
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            shutil.rmtree(data, ignore_errors=True)
        ready.append((t1 - t0) * 1000)
        stop.append((t2 - t1) * 1000)
    return ready, stop


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--starts", type=int, default=50, help="in-process starts (each way)")
    parser.add_argument("--process-starts", type=int, default=10, help="`python -m broker` starts")
    args = parser.parse_args()
    print(
        f"kbroker start-up to ApiVersions answered, stop; {os.cpu_count()} CPUs, Python {sys.version.split()[0]}"
    )
    async_ready, async_stop = asyncio.run(in_process_async(args.starts))
    report("in-process, async with (caller loop)", async_ready, async_stop)
    thread_ready, thread_stop = in_process_thread(args.starts)
    report("in-process, with (own thread)", thread_ready, thread_stop)
    proc_ready, proc_stop = as_process(args.process_starts)
    report("process: python -m broker", proc_ready, proc_stop)
    goal = statistics.median(async_ready + thread_ready)
    print(f"goal: in-process p50 <= 100 ms: {goal:.1f} ms ({'met' if goal <= 100 else 'NOT met'})")
    if not docker_available():
        print("Docker is not available here: no Kafka container (Testcontainers) figure to compare.")
    else:
        print("Docker is there, but this benchmark pulls no Kafka image: time one by hand to compare.")


def docker_available() -> bool:
    if shutil.which("docker") is None:
        return False
    try:
        return subprocess.run(["docker", "info"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


if __name__ == "__main__":
    main()

"""A kbroker process for benchmarks: a free loopback port, started and waited for."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_kbroker(data: Path, *overrides: str) -> tuple[subprocess.Popen, str]:
    """`python -m broker` on a free port with its data in `data`; returns it and its address."""
    port = free_port()
    args = [
        sys.executable,
        "-m",
        "broker",
        "--log-level",
        "warning",
        "--override",
        f"listeners=PLAINTEXT://127.0.0.1:{port}",
        "--override",
        f"log.dirs={data}",
        "--override",
        "offsets.topic.num.partitions=1",
    ]
    for item in overrides:
        args += ["--override", item]
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc, f"127.0.0.1:{port}"
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(f"kbroker exited: {proc.stderr.read().decode()}") from None
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("kbroker did not listen within 30 s")

"""Drive bench/loadgen.c from Python: compile it once (system C compiler, cached by the source's
hash), write the request frames to a file, run it, return its JSON report.

    from bench.loadgen import run_loadgen
    report = run_loadgen("127.0.0.1", port, frames, connections=8, depth=1, seconds=4)

The frames are whole Kafka requests, size prefix included; connection i sends frames[i % n].
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "loadgen.c"


@dataclass(frozen=True, slots=True)
class LoadReport:
    """What one run of the generator measured (its JSON, typed)."""

    rate: float  # answers per second in the measured window
    sent: int
    answered: int
    errors: int
    p50_us: float
    p99_us: float
    bytes_in: int
    bytes_out: int
    seconds: float
    cpu_s: float  # the generator's own CPU (user + system) over the window
    cpu_us_per_answer: float
    sent_total: int
    answered_total: int
    in_flight_at_end: int
    failed: bool

    @classmethod
    def parse(cls, text: str) -> LoadReport:
        raw = json.loads(text)
        return cls(**{name: raw[name] for name in cls.__dataclass_fields__})


def build() -> Path:
    """The compiled generator, built into a cache directory on first use."""
    source = SOURCE.read_bytes()
    digest = hashlib.sha256(source).hexdigest()[:16]
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "kbroker-bench"
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError:  # no writable home (a CI sandbox): the temp dir will do
        cache = Path(tempfile.gettempdir()) / "kbroker-bench"
        cache.mkdir(parents=True, exist_ok=True)
    binary = cache / f"loadgen-{digest}"
    if binary.exists():
        return binary
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        raise RuntimeError("no C compiler (gcc or cc) on PATH: bench/loadgen.c cannot be built")
    partial = cache / f".loadgen-{digest}-{os.getpid()}"
    subprocess.run([compiler, "-O2", "-Wall", "-o", str(partial), str(SOURCE)], check=True)
    partial.replace(binary)  # atomic: a concurrent build cannot leave half a binary
    return binary


def _args(
    host: str,
    port: int,
    frames_file: str,
    connections: int,
    depth: int,
    seconds: float,
    warmup: float,
    error_at: int | None,
) -> list[str]:
    args = [
        str(build()),
        host,
        str(port),
        frames_file,
        str(connections),
        str(depth),
        str(seconds),
        str(warmup),
    ]
    if error_at is not None:
        args.append(str(error_at))
    return args


def _frames_file(frames: list[bytes]) -> str:
    fd, path = tempfile.mkstemp(prefix="loadgen-frames-")
    with os.fdopen(fd, "wb") as f:
        f.write(b"".join(frames))
    return path


def _report(returncode: int, stdout: bytes, stderr: bytes) -> LoadReport:
    if not stdout.strip():
        raise RuntimeError(f"loadgen exited {returncode}: {stderr.decode().strip()}")
    report = LoadReport.parse(stdout.decode())
    if report.failed:
        raise RuntimeError(f"loadgen lost its connection: {stderr.decode().strip()}")
    return report


def run_loadgen(
    host: str,
    port: int,
    frames: list[bytes],
    *,
    connections: int,
    depth: int,
    seconds: float,
    warmup: float = 0.0,
    error_at: int | None = None,
) -> LoadReport:
    """Run the generator to the end (blocking)."""
    path = _frames_file(frames)
    try:
        proc = subprocess.run(
            _args(host, port, path, connections, depth, seconds, warmup, error_at),
            capture_output=True,
            check=False,
        )
    finally:
        os.unlink(path)
    return _report(proc.returncode, proc.stdout, proc.stderr)


async def run_loadgen_async(
    host: str,
    port: int,
    frames: list[bytes],
    *,
    connections: int,
    depth: int,
    seconds: float,
    warmup: float = 0.0,
    error_at: int | None = None,
) -> LoadReport:
    """The same, leaving the event loop free meanwhile (a server or members in this process)."""
    path = _frames_file(frames)
    try:
        proc = await asyncio.create_subprocess_exec(
            *_args(host, port, path, connections, depth, seconds, warmup, error_at),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        stdout, stderr = await proc.communicate()
    finally:
        os.unlink(path)
    return _report(proc.returncode or 0, stdout, stderr)

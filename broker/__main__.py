"""`python -m broker [server.properties] [--override key=value ...]`, also `kbroker`."""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import gc
import resource
import signal
import sys
from collections.abc import Callable, Coroutine
from typing import Any

from broker import logging_setup
from broker.config import Config, ConfigError


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="kbroker", description="A Kafka-protocol broker for consumer groups."
    )
    parser.add_argument("config", nargs="?", help="a Kafka server.properties file")
    parser.add_argument(
        "--override",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set a property, overriding the file (repeatable)",
    )
    parser.add_argument("--log-format", choices=["logfmt", "json"], default="logfmt")
    parser.add_argument("--log-level", choices=list(logging_setup.LEVELS), default="info")
    return parser.parse_args(argv)


# The cyclic collector's thresholds for a broker process. Group state is many small long-lived
# objects (100,000 members: ~1.5 million); with Python's defaults (700, 10, 10) every few
# thousand surviving allocations start a collection, and full ones walk all of it: measured with
# 40,000 members forming, 7 s of collections in 40 s, pauses of 100-470 ms. Young collections
# every 50,000 net allocations instead, and what exists at start (modules, codecs) frozen out of
# them: 0.5 s in the same run, none while members only heartbeat (bench/bench_scale.py).
GC_THRESHOLDS = (50_000, 20, 20)


def tune_gc() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


# glibc's malloc maps each block above a threshold afresh and gives freed memory at the top of
# the heap back to the OS: a multi-MB request or answer buffer then page-faults on every 4 KB of
# it, each time. Measured with 3.9 MB Produce requests (bench/bench_produce_consume.py): 14 ms
# per request with the defaults, 4.6 ms with blocks up to 32 MB taken from the heap and up to
# 256 MB of freed heap kept for the next ones (glibc's M_MMAP_THRESHOLD, M_TRIM_THRESHOLD).
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3
MALLOC_SETTINGS = ((_M_MMAP_THRESHOLD, 32 << 20), (_M_TRIM_THRESHOLD, 256 << 20))


def tune_malloc() -> bool:
    """Set MALLOC_SETTINGS; False where the C library has no mallopt (not glibc)."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    return all(mallopt(param, value) == 1 for param, value in MALLOC_SETTINGS)


def raise_fd_limit() -> tuple[int, int]:
    """Raise the soft limit on open descriptors to the hard one, as Kafka's docs ask operators
    to (every segment file, connection and in-flight sendfile region holds one; systemd's
    default soft limit is 1,024). Returns (soft, hard) as they are now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (OSError, ValueError):
            pass
    return soft, hard


async def serve(config: Config) -> int:
    from broker.broker import Broker

    broker = Broker(config)
    tune_gc()
    tune_malloc()
    raise_fd_limit()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await broker.start()
    await stop.wait()
    await broker.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging_setup.configure(args.log_format, args.log_level)
    try:
        config = Config.load(args.config, args.override)
    except ConfigError as e:
        print(f"kbroker: error: {e}", file=sys.stderr)
        return 2
    runner: Callable[[Coroutine[Any, Any, int]], int]
    try:
        import uvloop

        runner = uvloop.run
    except ImportError:  # pragma: no cover - uvloop is a dependency on every supported platform
        runner = asyncio.run
    try:
        return runner(serve(config))
    except ConfigError as e:
        print(f"kbroker: error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"kbroker: error: cannot start: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

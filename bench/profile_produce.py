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
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_groups import Conn, create_topic  # noqa: E402
from bench.bench_loadgen import SIZES, batch, produce_frame  # noqa: E402
from bench.profile_commits import drive, loopback_broker  # noqa: E402


async def run(requests: int, size: str, fsync: bool, profile: str | None) -> None:
    async with loopback_broker("profile-produce-", fsync) as broker:
        conn0 = await Conn.open(f"127.0.0.1:{broker.bound_port}")
        try:
            await create_topic(conn0, "prof", 8)
        finally:
            await conn0.close()
        records = batch(*SIZES[size])
        frames = [produce_frame("prof", i, records) for i in range(8)]
        await drive(broker, frames, requests, profile, f"requests of {size}", "request")


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

"""Fetch sessions (KIP-227): a consumer of 1,000 idle partitions, fetching without a session
(every request names every partition, every answer carries every partition) and with one
(after the first full fetch, an idle incremental request names nothing and gets nothing).

    python bench/bench_fetch_sessions.py [--partitions 1000] [--fetches 300]

Printed: request and response bytes per fetch, kbroker's CPU per fetch (its process's CPU time),
fetches/s: kbroker without a session (what it did before sessions existed) next to kbroker with
one. No mock column: the librdkafka mock keeps no fetch sessions, and librdkafka 2.x itself does
not use them (its consumers always send full fetches); kafka-python 3 and the Java client do.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_groups import Conn, kbroker  # noqa: E402
from protocol.apis import ApiKey as K  # noqa: E402
from protocol.frames import RequestHeader, encode_request  # noqa: E402

TOPIC = "bench-sessions"
V = 12  # topic names (v13+ uses ids): both brokers speak it


def fetch_request(cid: int, partitions: list[int], session_id: int, epoch: int) -> bytes:
    body = {
        "replica_id": -1,
        "max_wait_ms": 0,
        "min_bytes": 0,
        "max_bytes": 50 << 20,
        "isolation_level": 0,
        "session_id": session_id,
        "session_epoch": epoch,
        "topics": [
            {
                "topic": TOPIC,
                "topic_id": uuid.UUID(int=0),
                "partitions": [
                    {"partition": p, "fetch_offset": 0, "partition_max_bytes": 1 << 20} for p in partitions
                ],
            }
        ]
        if partitions
        else [],
        "forgotten_topics_data": [],
        "rack_id": "",
    }
    return encode_request(RequestHeader(K.FETCH, V, cid, "bench"), body)


async def run(bootstrap: str, cpu, partitions: int, fetches: int, session: bool) -> dict[str, float]:
    conn = await Conn.open(bootstrap)
    try:
        everything = list(range(partitions))
        first = await conn.send_raw(fetch_request(1, everything, 0, 0 if session else -1))
        # Response header v1 (Fetch v12): correlation id, tagged fields; then throttle, error, id.
        session_id = int.from_bytes(first[4 + 1 + 4 + 2 : 4 + 1 + 4 + 2 + 4], "big", signed=True)
        if session and session_id == 0:
            raise RuntimeError("no fetch session was opened")
        req_bytes = resp_bytes = 0
        cpu0 = cpu() if cpu else 0.0
        started = time.perf_counter()
        for i in range(fetches):
            if session:
                req = fetch_request(i + 2, [], session_id, i + 1)
            else:
                req = fetch_request(i + 2, everything, 0, -1)
            resp = await conn.send_raw(req)
            req_bytes += len(req) + 4
            resp_bytes += len(resp) + 4
        elapsed = time.perf_counter() - started
        out = {
            "request bytes/fetch": req_bytes / fetches,
            "response bytes/fetch": resp_bytes / fetches,
            "fetches/s": fetches / elapsed,
        }
        if cpu:
            out["broker CPU us/fetch"] = (cpu() - cpu0) / fetches * 1e6
        return out
    finally:
        await conn.close()


async def bench(target, partitions: int, fetches: int, sessions: list[bool]) -> dict[bool, dict[str, float]]:
    async with target() as (bootstrap, cpu):
        if target is kbroker:
            conn = await Conn.open(bootstrap)
            await conn.call(
                K.CREATE_TOPICS,
                4,
                {
                    "topics": [
                        {
                            "name": TOPIC,
                            "num_partitions": partitions,
                            "replication_factor": 1,
                            "assignments": [],
                            "configs": [],
                        }
                    ],
                    "timeout_ms": 60_000,
                },
            )
            await conn.close()
        return {s: await run(bootstrap, cpu, partitions, fetches, s) for s in sessions}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--partitions", type=int, default=1000)
    parser.add_argument("--fetches", type=int, default=300)
    args = parser.parse_args()
    from broker import logging_setup

    logging_setup.configure("logfmt", "warning")
    import uvloop

    ours = uvloop.run(bench(kbroker, args.partitions, args.fetches, [False, True]))
    print(
        f"fetch sessions: one consumer of {args.partitions} idle partitions, {args.fetches} fetches (cpus={os.cpu_count()})"
    )
    print(f"{'':24} {'kbroker no session':>20} {'kbroker session':>16} {'ratio':>8}")
    for key in ours[False]:
        a, b = ours[False][key], ours[True][key]
        print(f"{key:24} {a:20,.1f} {b:16,.1f} {b / a if a else 0:7.3f}x")


if __name__ == "__main__":
    main()

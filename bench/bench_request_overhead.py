"""CPU per Produce request through the server (client and broker in this process), to see what
client quotas cost a request: none set, or set for another client (`--quota-elsewhere`: the one
lookup a request then pays). Run it at two commits to compare (figures in docs/quotas.md):

    .venv/bin/python bench/bench_request_overhead.py [--quota-elsewhere]

CPU time (process_time) rather than wall time: it moves far less on a shared machine.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

# The checkout first: the compiled build's shared runtime (`*__mypyc*.so`) sits at its top level,
# which the editable install does not put on the path.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from broker.broker import Broker
from broker.config import Config
from protocol.frames import RequestHeader, encode_request
from protocol.records import Record, build_batch

N = 20_000


async def _answer(r: asyncio.StreamReader) -> None:
    n = int.from_bytes(await r.readexactly(4), "big")
    await r.readexactly(n)


async def main(quota_elsewhere: bool) -> None:
    with tempfile.TemporaryDirectory() as d:
        b = Broker(
            Config(
                {"listeners": "PLAINTEXT://127.0.0.1:0", "log.dirs": d, "offsets.topic.num.partitions": "1"}
            )
        )
        await b.start()
        try:
            if quota_elsewhere:
                await b.quotas.alter(
                    [((("client-id", "someone-else"),), [("producer_byte_rate", 1e6, False)])]
                )
            r, w = await asyncio.open_connection("127.0.0.1", b.bound_port)
            create = {
                "topics": [{"name": "t", "num_partitions": 1, "replication_factor": 1}],
                "timeout_ms": 5000,
            }
            f = encode_request(RequestHeader(19, 7, 1, "x"), create)
            w.write(len(f).to_bytes(4, "big") + f)
            await _answer(r)
            records = bytes(build_batch([Record(offset_delta=0, value=b"v" * 100)]))
            body = {
                "acks": 1,
                "timeout_ms": 5000,
                "topic_data": [{"name": "t", "partition_data": [{"index": 0, "records": records}]}],
            }
            frames = [encode_request(RequestHeader(0, 9, i, "c"), body) for i in range(N)]
            best = float("inf")
            for _ in range(3):
                t = time.process_time()
                for i in range(0, N, 100):
                    w.write(b"".join(len(x).to_bytes(4, "big") + x for x in frames[i : i + 100]))
                    for _ in range(100):
                        await _answer(r)
                best = min(best, time.process_time() - t)
            print(
                f"{best / N * 1e6:.1f} us CPU per Produce request (acks=1, 100 B; client and broker; best of 3)"
            )
            w.close()
        finally:
            await b.stop()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--quota-elsewhere", action="store_true")
    asyncio.run(main(ap.parse_args().quota_elsewhere))

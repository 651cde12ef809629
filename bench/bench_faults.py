"""What fault injection costs the request path: an in-process micro-benchmark of the dispatch.

    python bench/bench_faults.py [--rounds 7] [--frames 4000]

A broker runs in this process; one connection (`broker.server._Connection`, a fake transport
that keeps what is written) is fed buffers of pipelined requests, all answered in the same
pass: Heartbeat v3 (the raw fast path) and FindCoordinator v3 (decode, plain handler, encode).
Printed: microseconds per request, best of the rounds, with no fault set, and (if this tree has
broker.faults) with a fault set for another API (the injector is asked about every request and
the raw path is off). Run it from another checkout to compare (a tree without broker/faults.py
measures the request path as it was).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from broker.server import _Connection  # noqa: E402
from protocol.apis import ApiKey  # noqa: E402
from protocol.frames import RequestHeader, encode_request  # noqa: E402
from tests.helpers import start_broker  # noqa: E402


class _Transport:
    def __init__(self) -> None:
        self.written = 0

    def writelines(self, chunks: list[bytes]) -> None:
        self.written += len(chunks)

    def write(self, chunk: bytes) -> None:
        self.written += 1

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 1) if name == "peername" else default

    def is_closing(self) -> bool:
        return False

    def close(self) -> None:
        pass

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_write_buffer_size(self) -> int:
        return 0


def _frames(api: int, version: int, body: dict[str, Any], n: int) -> bytes:
    out = []
    for i in range(n):
        frame = encode_request(RequestHeader(api, version, i, "bench"), body)
        out.append(len(frame).to_bytes(4, "big") + frame)
    return b"".join(out)


def _round(conn: _Connection, buf: bytes, n: int) -> float:
    transport = conn.transport
    before = transport.written  # type: ignore[attr-defined]
    started = time.perf_counter()
    conn.data_received(buf)
    elapsed = time.perf_counter() - started
    assert transport.written > before and not conn.buffer, "not every frame was answered"  # type: ignore[attr-defined]
    return elapsed / n * 1e6


async def main(rounds: int, n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        broker = await start_broker(Path(tmp) / "data")
        try:
            conn = _Connection(broker.servers[0])
            conn.connection_made(_Transport())  # type: ignore[arg-type]
            workloads = {
                "Heartbeat v3 (raw path)": _frames(
                    ApiKey.HEARTBEAT, 3, {"group_id": "g", "generation_id": 1, "member_id": "m"}, n
                ),
                "FindCoordinator v3 (generic path)": _frames(
                    ApiKey.FIND_COORDINATOR, 3, {"key": "g", "key_type": 0}, n
                ),
            }
            faults = getattr(broker, "faults", None)
            modes = ["no fault set"] + (["a fault set on another API"] if faults is not None else [])
            best: dict[tuple[str, str], float] = {}
            for _ in range(rounds):
                for mode in modes:
                    if faults is not None:
                        faults.clear()
                        if mode != "no fault set":
                            faults.fail("CreateTopics", "NOT_CONTROLLER", times=None)
                    for name, buf in workloads.items():
                        us = _round(conn, buf, n)
                        best[(mode, name)] = min(us, best.get((mode, name), float("inf")))
            print(f"{ROOT.name}: broker.faults {'present' if faults is not None else 'absent'}")
            for (mode, name), us in best.items():
                print(f"  {name:36} {mode:28} {us:6.2f} us/request")
        finally:
            await broker.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--frames", type=int, default=4000)
    args = parser.parse_args()
    import structlog

    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(30))
    asyncio.run(main(args.rounds, args.frames))

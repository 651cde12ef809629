"""bench/loadgen.c, the benchmarks' compiled load generator, against an in-process answer server:
what it counts is what went over the wire (no timing is asserted)."""

from __future__ import annotations

import asyncio
import shutil
import struct

import pytest

from bench.loadgen import run_loadgen_async

pytestmark = pytest.mark.skipif(
    shutil.which("gcc") is None and shutil.which("cc") is None, reason="no C compiler"
)

_SIZE = struct.Struct(">i")


def request(api_key: int, correlation_id: int, body: bytes = b"payload") -> bytes:
    frame = struct.pack(">hhi", api_key, 3, correlation_id) + struct.pack(">h", 2) + b"lg" + body
    return _SIZE.pack(len(frame)) + frame


class Answerer(asyncio.Protocol):
    """Answers each request with its correlation id, an error code (NONE, or 27 every
    `fail_every`-th request) and `padding` zero bytes; `bad_cid` answers with a wrong id."""

    def __init__(self, seen: list[int], fail_every: int = 0, bad_cid: bool = False, padding: int = 0):
        self.seen, self.fail_every, self.bad_cid = seen, fail_every, bad_cid
        self.padding = bytes(padding)
        self.buf = bytearray()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport: asyncio.Transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buf += data
        out = []
        while len(self.buf) >= 4:
            (size,) = _SIZE.unpack_from(self.buf)
            if len(self.buf) < 4 + size:
                break
            (cid,) = struct.unpack_from(">i", self.buf, 8)
            del self.buf[: 4 + size]
            self.seen.append(cid)
            error = 27 if self.fail_every and len(self.seen) % self.fail_every == 0 else 0
            if self.bad_cid:
                cid += 1000
            out.append(_SIZE.pack(6 + len(self.padding)) + struct.pack(">ih", cid, error) + self.padding)
        if out:
            self.transport.writelines(out)


async def serve(**kwargs: object) -> tuple[asyncio.Server, int, list[int]]:
    seen: list[int] = []
    server = await asyncio.get_running_loop().create_server(
        lambda: Answerer(seen, **kwargs),  # type: ignore[arg-type]
        "127.0.0.1",
        0,
    )
    return server, server.sockets[0].getsockname()[1], seen


async def test_counts_every_answer_and_drains_what_is_in_flight() -> None:
    server, port, seen = await serve(fail_every=5)
    try:
        frames = [request(12, 0), request(12, 0, b"other")]
        report = await run_loadgen_async(
            "127.0.0.1", port, frames, connections=3, depth=4, seconds=0.6, warmup=0.2, error_at=4
        )
    finally:
        server.close()
        await server.wait_closed()
    assert not report.failed
    assert report.answered > 0
    # Closed loop: every request sent was answered or is still in flight; here all drain.
    assert report.sent_total == report.answered_total + report.in_flight_at_end
    assert report.in_flight_at_end == 0
    assert report.sent_total <= len(seen)  # the warm-up's requests come before the window
    assert report.answered <= report.answered_total
    # Correlation ids are stamped per copy: each connection's ids run 0, 1, 2, ...
    assert sorted(set(seen))[:4] == [0, 1, 2, 3]
    # Every 5th request the server saw got error 27, and the generator counted the ones of its window.
    assert 0 < report.errors <= len(seen) // 5
    assert report.bytes_in >= report.answered * 10
    assert report.cpu_s >= 0 and report.p99_us >= report.p50_us


async def test_an_answer_out_of_order_fails_the_run() -> None:
    server, port, _seen = await serve(bad_cid=True)
    try:
        with pytest.raises(RuntimeError, match="lost its connection"):
            await run_loadgen_async("127.0.0.1", port, [request(12, 0)], connections=1, depth=2, seconds=0.3)
    finally:
        server.close()
        await server.wait_closed()


async def test_large_answers_are_counted_whole() -> None:
    """Answers past 64 KB are discarded unread past their error code: still counted, in order."""
    server, port, seen = await serve(padding=300_000, fail_every=3)
    try:
        report = await run_loadgen_async(
            "127.0.0.1", port, [request(1, 0)], connections=2, depth=2, seconds=0.5, error_at=4
        )
    finally:
        server.close()
        await server.wait_closed()
    assert report.answered_total == report.sent_total == len(seen) > 0
    # The window's bytes: its whole answers, and maybe part of those in flight when it closed.
    assert report.answered * 300_010 <= report.bytes_in <= (report.answered + 4) * 300_010
    assert 0 < report.errors == report.answered // 3


async def test_large_requests_go_whole_through_partial_writes() -> None:
    """Frames of 300 KB fill the socket: written in pieces, each still arrives whole, stamped."""
    server, port, seen = await serve()
    try:
        report = await run_loadgen_async(
            "127.0.0.1",
            port,
            [request(0, 0, bytes(300_000))],
            connections=2,
            depth=3,
            seconds=0.5,
            error_at=4,
        )
    finally:
        server.close()
        await server.wait_closed()
    assert report.answered_total == report.sent_total == len(seen) > 0
    assert report.errors == 0
    assert report.bytes_out >= report.answered * 300_000

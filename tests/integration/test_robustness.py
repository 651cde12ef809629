"""Bad input closes one connection and touches nothing else: ten thousand random, truncated,
corrupted and oversized frames over many connections, while a good client keeps working."""

from __future__ import annotations

import asyncio
import random
import struct

import psutil

from protocol.apis import APIS, ApiKey
from protocol.frames import RequestHeader, encode_request
from tests.helpers import BrokerProcess, RawConnection

FRAMES = 10_000
WORKERS = 40
MAX_REQUEST = 1 << 20


def _valid_frames() -> list[bytes]:
    frames = []
    for api in APIS.values():
        for version in range(api.min_version, api.max_version + 1):
            frames.append(encode_request(RequestHeader(api.key, version, 1, "fuzz"), {}))
    return frames


def _bad_frame(rng: random.Random, valid: list[bytes]) -> tuple[bytes, str]:
    kind = rng.choice(
        ["random", "truncated", "cut-short", "corrupted", "oversized", "negative", "huge-array"]
    )
    if kind == "random":
        body = rng.randbytes(rng.randint(0, 64))
        return struct.pack(">i", len(body)) + body, kind
    base = rng.choice(valid)
    if kind == "truncated":  # the size is honest, the body is cut: a decode error
        body = base[: rng.randint(0, len(base))]
        return struct.pack(">i", len(body)) + body, kind
    if kind == "cut-short":  # the size promises more than is ever sent
        return struct.pack(">i", len(base) + rng.randint(1, 100)) + base, kind
    if kind == "corrupted":
        body = bytearray(base)
        for _ in range(rng.randint(1, 4)):
            if body:
                body[rng.randrange(len(body))] = rng.randrange(256)
        return struct.pack(">i", len(body)) + bytes(body), kind
    if kind == "oversized":
        return struct.pack(">i", rng.randint(MAX_REQUEST + 1, 2**31 - 1)), kind
    if kind == "negative":
        return struct.pack(">i", rng.randint(-(2**31), -1)), kind
    # A Metadata request claiming two billion topics in a few bytes.
    head = encode_request(RequestHeader(ApiKey.METADATA, 1, 1, "fuzz"), {"topics": []})[:-4]
    body = head + struct.pack(">i", 2**31 - 1) + b"\x00\x03abc"
    return struct.pack(">i", len(body)) + body, kind


async def _send_bad(port: int, frame: bytes) -> bytes:
    """Sends one frame and half-closes; what the broker wrote back before it hung up."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(frame)
        await writer.drain()
        writer.write_eof()
        # The broker answers or hangs up; it must never leave us waiting long. (Only a reset is
        # tolerated: TimeoutError is an OSError, and catching OSError here hid a hung broker.)
        return await asyncio.wait_for(reader.read(), 10)
    except ConnectionError:
        return b""
    finally:
        writer.close()


# Kinds whose frame can never be a request, and the reason the broker's log line gives.
_REFUSED = {
    "oversized": "frame size out of bounds",
    "negative": "frame size out of bounds",
    "cut-short": "truncated frame",
    "huge-array": "malformed request",
}


async def _good_client(port: int, stop: asyncio.Event) -> int:
    conn = await RawConnection.open(port)
    served = 0
    try:
        while not stop.is_set():
            r = await conn.request(ApiKey.METADATA, 12, {"topics": None})
            assert r.brokers[0].port == port
            r = await conn.request(ApiKey.FIND_COORDINATOR, 4, {"key_type": 0, "coordinator_keys": ["g"]})
            assert r.coordinators[0].error_code == 0
            served += 1
            await asyncio.sleep(0)
    finally:
        await conn.close()
    return served


def test_broker_survives_garbage(tmp_path):
    bp = BrokerProcess(tmp_path / "data", extra={"socket.request.max.bytes": str(MAX_REQUEST)}).start()
    try:
        proc = psutil.Process(bp.proc.pid)
        rng = random.Random(20261122)
        valid = _valid_frames()
        frames = [_bad_frame(rng, valid) for _ in range(FRAMES)]

        async def run() -> tuple[int, int, int, list[bytes]]:
            stop = asyncio.Event()
            good = asyncio.create_task(_good_client(bp.port, stop))
            queue: asyncio.Queue = asyncio.Queue()
            for i, f in enumerate(frames):
                queue.put_nowait((i, f[0]))
            answers: list[bytes] = [b""] * len(frames)
            rss = []

            async def worker() -> None:
                while not queue.empty():
                    i, frame = queue.get_nowait()
                    answers[i] = await _send_bad(bp.port, frame)
                    if queue.qsize() % 1000 == 0:
                        rss.append(proc.memory_info().rss)

            rss_start = proc.memory_info().rss
            await asyncio.gather(*(worker() for _ in range(WORKERS)))
            stop.set()
            served = await good
            return rss_start, max(rss, default=rss_start), served, answers

        rss_start, rss_peak, served, answers = asyncio.run(run())
        assert bp.proc.poll() is None, "the broker died"
        assert served > 10, "the good client was starved"
        # Memory stays bounded: nothing of the garbage is kept (oversized bodies are never read).
        assert rss_peak - rss_start < 64 * 2**20, (rss_start, rss_peak)
        log = bp.log()
        # Most garbage gets a log line naming the peer (a random body can also be a valid request).
        assert log.count('event="close connection"') > FRAMES // 2, log[-2000:]
        # What can never be a request is never answered: the connection is closed, with its reason.
        refused = [(kind, answers[i]) for i, (_, kind) in enumerate(frames) if kind in _REFUSED]
        assert {kind for kind, _ in refused} == set(_REFUSED)
        assert [kind for kind, answer in refused if answer] == []
        for reason in set(_REFUSED.values()):
            sent = sum(1 for kind, _ in refused if _REFUSED[kind] == reason)
            assert log.count(f'reason="{reason}"') >= sent, reason
        assert "peer=127.0.0.1:" in log

        # After all that, a fresh client is still served.
        async def still_fine() -> None:
            c = await RawConnection.open(bp.port)
            assert (
                await c.request(
                    ApiKey.API_VERSIONS, 3, {"client_software_name": "a", "client_software_version": "1"}
                )
            ).error_code == 0
            await c.close()

        asyncio.run(still_fine())
    finally:
        assert bp.stop() == 0

"""Large Fetch answers sent from the segment files with sendfile (FileRegions): the bytes are
the stored ones, for every limit; a client that reads slowly gets the whole answer and the
requests behind it; a TLS connection gets the same bytes read into memory."""

from __future__ import annotations

import asyncio
import errno
import os
import random
import socket
import struct

import pytest
import structlog

import broker.log.file_region as file_region_module
import broker.log.log as log_module
import broker.server as server_module
from broker.log.file_region import FileRegion
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.frames import RequestHeader, decode_response, encode_request
from protocol.records import Record, build_batch, decode_batches, iter_batches
from tests.helpers import RawConnection, async_wait_until, start_broker
from tests.integration.test_data_path import create, fetch, fetch_body, produce
from tools.make_certs import make_certs

BATCHES = 40


def big_batch(i: int, rng: random.Random) -> bytes:
    n = rng.randint(1, 30)
    size = rng.choice([10, 700, 4000, 20_000])
    return build_batch([Record(offset_delta=j, value=bytes([i % 256]) * size) for j in range(n)])


@pytest.fixture
async def loaded(tmp_path):
    """A broker whose partition holds BATCHES batches of mixed sizes (a few bytes to ~600 KB),
    indexed every 4 KB (Kafka's default) over several segments."""
    broker = await start_broker(tmp_path / "data", log_segment_bytes=str(1 << 20))
    conn = await RawConnection.open(broker.bound_port)
    await create(conn, "big", 1)
    rng = random.Random(7)
    offsets = [0]
    for i in range(BATCHES):
        data = big_batch(i, rng)
        p = await produce(conn, "big", data)
        assert p.error_code == ErrorCode.NONE
        offsets.append(p.base_offset + len(decode_batches(data)[0].records))
    yield broker, conn, offsets
    await conn.close()
    await broker.stop()


async def _both_ways(conn, monkeypatch, offset: int, **kw) -> tuple[bytes, bytes]:
    monkeypatch.setattr(log_module, "REGION_MIN_BYTES", 0)
    spliced = (await fetch(conn, "big", offset, **kw)).records
    monkeypatch.setattr(log_module, "REGION_MIN_BYTES", 1 << 40)
    copied = (await fetch(conn, "big", offset, **kw)).records
    return spliced, copied


async def test_regions_carry_the_same_batches_as_reads(loaded, monkeypatch):
    broker, conn, offsets = loaded
    lg = broker.topics.log("big", 0)
    assert len(lg.segments) > 1
    rng = random.Random(11)
    cases = [(0, 1 << 20), (0, 10), (offsets[-1] - 1, 1 << 20), (offsets[-1], 1 << 20)]
    cases += [
        (rng.randrange(offsets[-1] + 1), rng.choice([1, 5000, 70_000, 1 << 20, 8 << 20])) for _ in range(60)
    ]
    for offset, limit in cases:
        spliced, copied = await _both_ways(
            conn, monkeypatch, offset, partition_max_bytes=limit, max_bytes=8 << 20
        )
        assert spliced == copied, (offset, limit)
        if offset < offsets[-1]:
            batches = decode_batches(spliced)
            assert batches and batches[0].base_offset <= offset <= batches[0].last_offset
            assert len(spliced) <= limit or len(batches) == 1  # whole batches within the limit, or the first
    # v2 and below cut at the limit and read bytes; v4 (no regions before v10) too.
    for version in (2, 4, 9):
        r = await conn.request(ApiKey.FETCH, version, fetch_body("big", 0, partition_max_bytes=1 << 20))
        assert r.responses[0].partitions[0].records


async def test_a_region_answer_is_sent_with_sendfile(loaded, monkeypatch):
    _broker, conn, _offsets = loaded
    made: list[FileRegion] = []
    real = FileRegion.__init__

    def spy(self, fd, position, length):
        real(self, fd, position, length)
        made.append(self)

    monkeypatch.setattr(FileRegion, "__init__", spy)
    part = await fetch(conn, "big", 0, partition_max_bytes=2 << 20, max_bytes=2 << 20)
    assert made and sum(r.length for r in made) == len(part.records) > 64 * 1024
    assert all(r.fd == -1 for r in made)  # closed once sent


async def test_a_slow_reader_gets_the_whole_answer_then_the_next(loaded, monkeypatch):
    broker, conn, _offsets = loaded
    waits = 0
    real_writable = server_module._writable

    async def counted(loop, fd):
        nonlocal waits
        waits += 1
        await real_writable(loop, fd)

    monkeypatch.setattr(server_module, "_writable", counted)
    limits = await _huge(conn)
    expected = (await fetch(conn, "huge", 0, **limits)).records
    assert len(expected) > 8 << 20  # more than the socket buffers on both sides hold
    loop = asyncio.get_running_loop()
    behind = encode_request(RequestHeader(ApiKey.API_VERSIONS, 0, 2, "slow"), {})
    sock = await _start_slow_fetch(broker.bound_port, limits, behind)
    received = bytearray()
    reads = 0
    try:
        while True:
            if len(received) >= 4:
                size = struct.unpack_from(">i", received)[0]
                if len(received) >= 4 + size and len(received) >= 4 + size + 4:
                    second = struct.unpack_from(">i", received, 4 + size)[0]
                    if len(received) >= 8 + size + second:
                        break
            chunk = await asyncio.wait_for(loop.sock_recv(sock, 8192), 20)
            assert chunk, "the broker closed the connection"
            received += chunk
            reads += 1
            if reads % 64 == 0:
                await asyncio.sleep(0.005)  # a reader slower than the broker's writes
    finally:
        sock.close()
    size = struct.unpack_from(">i", received)[0]
    cid, body = decode_response(bytes(received[4 : 4 + size]), ApiKey.FETCH, 12)
    assert cid == 1 and body.responses[0].partitions[0].records == expected
    cid, versions = decode_response(bytes(received[8 + size :]), ApiKey.API_VERSIONS, 0)
    assert cid == 2 and versions.error_code == ErrorCode.NONE
    # 9 MB is more than both sockets' buffers hold (4 MB at most for a send buffer on Linux):
    # the sender found the socket full, waited for it, and went on (11 waits when measured).
    assert waits >= 1


async def test_tls_connections_get_the_bytes_read(tmp_path):
    certs = make_certs(tmp_path / "certs")
    broker = await start_broker(
        tmp_path / "data",
        listeners="PLAINTEXT://127.0.0.1:0,SSL://127.0.0.1:0",
        ssl_keystore_location=str(certs.broker),
        ssl_truststore_location=str(certs.ca),
    )
    try:
        import ssl

        plain = await RawConnection.open(broker.bound_ports["PLAINTEXT"])
        ctx = ssl.create_default_context(cafile=str(certs.ca))
        ctx.check_hostname = False
        tls = await RawConnection.open(broker.bound_ports["SSL"], ssl_context=ctx)
        await create(plain, "big", 1)
        data = build_batch([Record(offset_delta=j, value=bytes([j]) * 10_000) for j in range(50)])
        for _ in range(6):
            assert (await produce(plain, "big", data)).error_code == ErrorCode.NONE
        over_tls = (await fetch(tls, "big", 0, partition_max_bytes=4 << 20, max_bytes=4 << 20)).records
        over_tcp = (await fetch(plain, "big", 0, partition_max_bytes=4 << 20, max_bytes=4 << 20)).records
        assert len(over_tls) > 2_000_000 and over_tls == over_tcp
        assert [h.base_offset for _, h in iter_batches(over_tls)] == [0, 50, 100, 150, 200, 250]
        await plain.close()
        await tls.close()
    finally:
        await broker.stop()


async def test_no_descriptor_left_falls_back_to_reading(loaded, monkeypatch):
    _broker, conn, _offsets = loaded
    expected = (await fetch(conn, "big", 0, partition_max_bytes=2 << 20, max_bytes=2 << 20)).records

    def no_more(fd: int) -> int:
        raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr(file_region_module.os, "dup", no_more)
    part = await fetch(conn, "big", 0, partition_max_bytes=2 << 20, max_bytes=2 << 20)
    assert part.error_code == ErrorCode.NONE and part.records == expected


async def _huge(conn) -> dict:
    await create(conn, "huge", 1, configs={"segment.bytes": str(64 << 20)})
    data = build_batch([Record(offset_delta=j, value=bytes([j]) * 100_000) for j in range(9)])
    for _ in range(10):
        assert (await produce(conn, "huge", data)).error_code == ErrorCode.NONE
    return {"partition_max_bytes": 16 << 20, "max_bytes": 16 << 20}


async def _start_slow_fetch(port: int, limits: dict, behind: bytes | None = None) -> socket.socket:
    """A connection with a 4 KB receive buffer that asked for the whole of "huge" (correlation
    id 1; `behind`, a request body pipelined after it) and reads nothing yet: the broker's
    answer is stuck on a full socket."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # the broker's sends fill it at once
    sock.connect(("127.0.0.1", port))
    sock.setblocking(False)
    frames = [encode_request(RequestHeader(ApiKey.FETCH, 12, 1, "slow"), fetch_body("huge", 0, **limits))]
    if behind is not None:
        frames.append(behind)
    await asyncio.get_running_loop().sock_sendall(
        sock, b"".join(struct.pack(">i", len(f)) + f for f in frames)
    )
    return sock


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


async def test_a_reader_that_goes_away_mid_answer_costs_nothing_else(loaded):
    broker, conn, _offsets = loaded
    limits = await _huge(conn)
    server = broker.servers[0]
    baseline, connections = _open_fds(), server.connection_count
    loop = asyncio.get_running_loop()
    sock = await _start_slow_fetch(broker.bound_port, limits)
    got = await asyncio.wait_for(loop.sock_recv(sock, 65536), 10)
    assert got  # the answer started, then its reader left
    sock.close()
    await async_wait_until(lambda: server.connection_count == connections, 10, what="the connection to go")
    await async_wait_until(lambda: _open_fds() <= baseline, 10, what="the regions' descriptors closed")
    part = await fetch(conn, "big", 0)  # others are served as before
    assert part.error_code == ErrorCode.NONE and part.records


async def test_a_deleted_topic_still_sends_a_pending_answer_whole(loaded):
    broker, conn, _offsets = loaded
    limits = await _huge(conn)
    expected = (await fetch(conn, "huge", 0, **limits)).records
    loop = asyncio.get_running_loop()
    sock = await _start_slow_fetch(broker.bound_port, limits)
    received = bytearray(await asyncio.wait_for(loop.sock_recv(sock, 65536), 10))
    r = await conn.request(ApiKey.DELETE_TOPICS, 4, {"topic_names": ["huge"], "timeout_ms": 5000})
    assert r.responses[0].error_code == ErrorCode.NONE  # its files are gone; the regions hold them
    try:
        while len(received) < 4 or len(received) < 4 + struct.unpack_from(">i", received)[0]:
            chunk = await asyncio.wait_for(loop.sock_recv(sock, 1 << 20), 10)
            assert chunk, "the broker closed the connection"
            received += chunk
    finally:
        sock.close()
    _, body = decode_response(bytes(received[4:]), ApiKey.FETCH, 12)
    assert body.responses[0].partitions[0].records == expected


async def test_a_segment_cut_under_an_answer_closes_that_connection_only(loaded):
    broker, conn, _offsets = loaded
    limits = await _huge(conn)
    loop = asyncio.get_running_loop()
    with structlog.testing.capture_logs() as logs:
        sock = await _start_slow_fetch(broker.bound_port, limits)
        received = len(await asyncio.wait_for(loop.sock_recv(sock, 65536), 10))
        segment = broker.topics.log("huge", 0).active
        os.truncate(segment.log_path, 1 << 20)  # as a follower's truncation would, under the answer
        try:
            while True:
                chunk = await asyncio.wait_for(loop.sock_recv(sock, 1 << 20), 10)
                if not chunk:
                    break
                received += len(chunk)
        finally:
            sock.close()
    assert received < 9_000_000  # the frame could not be completed: the connection was closed
    assert any(e.get("reason") == "segment shrank under a fetch" for e in logs), logs
    part = await fetch(conn, "big", 0)  # another connection, another topic: served as before
    assert part.error_code == ErrorCode.NONE and part.records

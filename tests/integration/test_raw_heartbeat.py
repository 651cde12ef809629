"""Heartbeats answered from the receive buffer (broker/apis/heartbeat.py `handle_raw`) answer
exactly as the generic path does (decode, handler), for every version and every outcome; what
the raw path does not take (v4, malformed frames, ACLs, a SASL connection before it has
authenticated) goes the generic way."""

from __future__ import annotations

import struct
from typing import Any

import pytest

from broker.apis import heartbeat
from broker.security.sasl import SaslConfig
from broker.server import _Connection, _SaslConnection
from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from protocol.frames import RequestHeader, encode_request
from tests.helpers import RawConnection
from tests.integration.test_groups import join

K = ApiKey


class _Capture:
    """A transport that keeps what the connection writes and whether it closed."""

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closed = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 1) if name == "peername" else default

    def is_closing(self) -> bool:
        return self.closed

    def write(self, data: bytes) -> None:
        self.written.append(bytes(data))

    def writelines(self, lines: list[bytes]) -> None:
        self.written.extend(bytes(x) for x in lines)

    def close(self) -> None:
        self.closed = True

    def pause_reading(self) -> None: ...
    def resume_reading(self) -> None: ...


def _serve(server, frames: bytes, raw: bool) -> tuple[list[bytes], bool]:
    conn = _Connection(server)
    if not raw:
        conn.raw = None
    transport = _Capture()
    conn.connection_made(transport)
    conn.data_received(frames)
    return transport.written, transport.closed


def _frame(version: int, cid: int, body: dict) -> bytes:
    data = encode_request(RequestHeader(K.HEARTBEAT, version, cid, "raw-test"), body)
    return struct.pack(">i", len(data)) + data


@pytest.fixture
async def member(broker):
    """A static member of a stable group (instance "i-1"), and the broker's plain listener."""
    conn = await RawConnection.open(broker.bound_port)
    r = await join(conn, 5, "raw-g", instance="i-1")
    assert r.error_code == E.NONE
    body = {
        "group_id": "raw-g",
        "generation_id": r.generation_id,
        "member_id": r.member_id,
        "group_instance_id": "i-1",
        "assignments": [{"member_id": r.member_id, "assignment": b"A"}],
    }
    assert (await conn.request(K.SYNC_GROUP, 3, body)).error_code == E.NONE
    yield broker, r.member_id, r.generation_id
    await conn.close()


async def test_every_outcome_is_answered_as_the_generic_path_answers(member):
    broker, member_id, generation = member
    server = broker.servers[0]
    assert server.raw_handlers and _Connection(server).raw is server.raw_handlers
    cases = [
        ("raw-g", generation, member_id, "i-1"),  # NONE
        ("raw-g", generation + 1, member_id, "i-1"),  # ILLEGAL_GENERATION
        ("raw-g", generation, "nobody", None),  # UNKNOWN_MEMBER_ID
        ("raw-g", generation, "other", "i-1"),  # FENCED_INSTANCE_ID (v3+)
        ("no-such-group", 1, "nobody", None),  # UNKNOWN_MEMBER_ID
        ("", 1, "m", None),  # INVALID_GROUP_ID
        ("grüppe-ü", 1, "m", None),  # non-ASCII names
    ]
    seen = set()
    for version in range(5):
        for cid, (group, gen, mid, instance) in enumerate(cases):
            body = {"group_id": group, "generation_id": gen, "member_id": mid, "group_instance_id": instance}
            frames = _frame(version, cid, body) * 3  # pipelined: answered in one pass
            fast, fast_closed = _serve(server, frames, raw=True)
            slow, slow_closed = _serve(server, frames, raw=False)
            assert (fast, fast_closed) == (slow, slow_closed), (version, group, gen, mid, instance)
            assert len(fast) == 3 and not fast_closed
            seen.add(struct.unpack_from(">h", fast[0], {0: 8, 4: 13}.get(version, 12))[0])
    assert {
        E.NONE,
        E.ILLEGAL_GENERATION,
        E.UNKNOWN_MEMBER_ID,
        E.FENCED_INSTANCE_ID,
        E.INVALID_GROUP_ID,
    } <= seen


async def test_what_the_raw_path_does_not_take_goes_the_generic_way(member):
    broker, member_id, generation = member
    server = broker.servers[0]
    good = _frame(3, 1, {"group_id": "raw-g", "generation_id": generation, "member_id": member_id})
    size = len(good) - 4
    broken = [
        good[: 4 + 12],  # the frame ends inside the group id
        struct.pack(">i", size - 3) + good[4:-3],  # ... inside the member id
        good.replace(b"raw-g", b"raw\xff\xfe"),  # not UTF-8
        good.replace(b"\x00\x05raw-g", b"\xff\xff" + b"raw-g"),  # a null group id, then junk
    ]
    for frame in broken:
        body = memoryview(frame)[4:]
        assert heartbeat.handle_raw(broker, bytearray(body), 0, len(body)) is None
        assert _serve(server, frame, raw=True) == _serve(server, frame, raw=False)
    # v4 is flexible: not taken, answered all the same.
    v4 = _frame(4, 2, {"group_id": "raw-g", "generation_id": generation, "member_id": member_id})
    assert heartbeat.handle_raw(broker, bytearray(v4[4:]), 0, len(v4) - 4) is None
    assert _serve(server, v4, raw=True)[0]


async def test_acls_and_sasl_keep_the_raw_path_out(member, monkeypatch):
    broker, member_id, generation = member
    frame = _frame(3, 1, {"group_id": "raw-g", "generation_id": generation, "member_id": member_id})
    monkeypatch.setattr(broker, "authorizer", object())  # any authorizer: the generic path checks it
    assert heartbeat.handle_raw(broker, bytearray(frame[4:]), 0, len(frame) - 4) is None
    monkeypatch.undo()
    assert heartbeat.handle_raw(broker, bytearray(frame[4:]), 0, len(frame) - 4) is not None
    sasl = _SaslConnection(broker.servers[0], SaslConfig(("PLAIN",), None))  # type: ignore[arg-type]
    assert sasl.raw is None  # every frame through the SASL gate until authenticated
    sasl.transport = _Capture()  # type: ignore[assignment]
    sasl._authenticated()
    assert sasl.raw is broker.servers[0].raw_handlers

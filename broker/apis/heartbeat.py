"""Heartbeat: a classic group member's liveness; REBALANCE_IN_PROGRESS tells it to rejoin."""

from __future__ import annotations

import struct

from broker.apis.context import HandlerContext
from broker.group.events import Heartbeat
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.frames import encode_response_body
from protocol.typed import HeartbeatRequest, HeartbeatResponse

# A heartbeat's answer is one of a few bodies per version: each is encoded once.
_ANSWERS: dict[tuple[int, int], bytes] = {}


def _answer(version: int, error: int) -> bytes:
    body = _ANSWERS.get((version, error))
    if body is None:
        answer: HeartbeatResponse = {"throttle_time_ms": 0, "error_code": error}
        body = _ANSWERS[(version, error)] = encode_response_body(ApiKey.HEARTBEAT, version, answer)
    return body


def handle(broker: HandlerContext, ctx: RequestContext, request: HeartbeatRequest) -> bytes:
    # Answered at once (never waits), so a plain function: no task per heartbeat.
    # Item access: a decoded Container's attribute access costs ten times as much, per field.
    authz = broker.authorizer
    if authz is not None and not authz.group(ctx, Operation.READ, request["group_id"]):
        return _answer(ctx.header.api_version, ErrorCode.GROUP_AUTHORIZATION_FAILED)
    error = broker.groups.heartbeat(
        Heartbeat(
            request["group_id"], request["generation_id"], request["member_id"], request["group_instance_id"]
        )
    )
    return _answer(ctx.header.api_version, error)


_FRAME_HEAD = struct.Struct(">ii")  # the answer's size and correlation id
_RAW_MAX_VERSION = 3  # v4 is flexible (compact strings, tagged fields): the generic path


class _Unfit(Exception):
    """Not a frame for the raw path (truncated, null where a string belongs): the generic path
    decodes it and answers or closes as it does for any request."""


# The integers read byte by byte, not with struct: compiled (protocol/native.py), a struct
# unpack_from is a method call that builds a tuple (~0.2 us), these a few C operations (~0.02 us)
# on a `bytes` (on a bytearray mypyc calls PyObject_GetItem, with an int object for the index).
def _i16(buf: bytes, pos: int) -> int:
    n = (buf[pos] << 8) | buf[pos + 1]
    return n - 0x10000 if n & 0x8000 else n


def _i32(buf: bytes, pos: int) -> int:
    n = (buf[pos] << 24) | (buf[pos + 1] << 16) | (buf[pos + 2] << 8) | buf[pos + 3]
    return n - 0x100000000 if n & 0x80000000 else n


def _string(buf: bytes, pos: int, end: int) -> tuple[str | None, int]:
    if pos + 2 > end:
        raise _Unfit
    n = _i16(buf, pos)
    pos += 2
    if n < 0:
        return None, pos
    if pos + n > end:
        raise _Unfit
    return buf[pos : pos + n].decode(), pos + n


def handle_raw(broker: HandlerContext, buf: bytearray, start: int, end: int) -> bytes | None:
    """`handle` from the receive buffer (server.RawHandler), for v0-3 without ACLs: 100,000
    members heartbeat every 3 s, and decoding a request into a header, a context and a
    Container was half of a heartbeat's cost. Anything else goes the generic way."""
    if broker.authorizer is not None:
        return None
    # The frame as bytes, read from 0: one copy of a few dozen bytes, where reading the
    # bytearray byte by byte cost a C-API call and an int object for each byte.
    frame = bytes(buf[start:end])
    end = len(frame)
    # (the server hands over frames of 10 bytes at least: api key, version, correlation id and
    # the client id's length, read here as struct's ">hhih")
    version = _i16(frame, 2)
    if not 0 <= version <= _RAW_MAX_VERSION:
        return None
    correlation_id = _i32(frame, 4)
    try:
        group_id, pos = _string(frame, 10 + max(_i16(frame, 8), 0), end)
        if pos + 4 > end:
            raise _Unfit
        generation_id = _i32(frame, pos)
        member_id, pos = _string(frame, pos + 4, end)
        instance_id = _string(frame, pos, end)[0] if version >= 3 else None
    except (_Unfit, UnicodeDecodeError):
        return None
    if group_id is None or member_id is None:
        return None
    error = broker.groups.heartbeat(Heartbeat(group_id, generation_id, member_id, instance_id))
    body = _ANSWERS.get((version, error)) or _answer(version, error)
    return _FRAME_HEAD.pack(len(body) + 4, correlation_id) + body  # response header v0 (v0-3)

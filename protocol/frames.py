"""Request and response framing: headers v0-v2 around the message bodies.

A frame on the wire is int32 size + body; these functions work on the body (the bytes
after the size), which is what the server reads and what fixtures store.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from construct import Container, FormatFieldError

from protocol import primitives as p
from protocol.api import Api
from protocol.apis import APIS
from protocol.compiled import read_uvarint
from protocol.errors import ProtocolDecodeError

_PREFIX = struct.Struct(">hhi")
_PREFIX_AND_LENGTH = struct.Struct(">hhih")
_LENGTH = struct.Struct(">h")
_INT32 = struct.Struct(">i")
_EMPTY_TAGS = b"\x00"
_FRAME_HEAD = struct.Struct(">ii")  # size, correlation id
_FRAME_HEAD_TAGGED = struct.Struct(">iiB")  # size, correlation id, no tagged fields


# Not slots=True: mypyc compiles this module (protocol/native.py), and its classes have fixed
# attributes already; a slots dataclass, which is a second class made at import, crashes it.
# init=False: the dataclass decorator's __init__ is Python even in a compiled module (~0.5 us,
# one per request); this one is compiled with the class.
@dataclass(init=False)
class RequestHeader:
    api_key: int
    api_version: int
    correlation_id: int
    client_id: str | None = None
    tagged: dict[int, bytes] = field(default_factory=dict)
    trailing: int = 0  # bytes after the body, which Kafka ignores (see decode_request)

    def __init__(
        self,
        api_key: int,
        api_version: int,
        correlation_id: int,
        client_id: str | None = None,
        tagged: dict[int, bytes] | None = None,
        trailing: int = 0,
    ) -> None:
        self.api_key = api_key
        self.api_version = api_version
        self.correlation_id = correlation_id
        self.client_id = client_id
        self.tagged = {} if tagged is None else tagged
        self.trailing = trailing

    @property
    def api(self) -> Api | None:
        return APIS.get(self.api_key)


class UnsupportedVersion(ProtocolDecodeError):
    """The API is known but not at this version; the header was read."""

    def __init__(self, header: RequestHeader):
        super().__init__(f"api {header.api_key} v{header.api_version} is not supported")
        self.header = header


def peek_header(frame: bytes | memoryview) -> tuple[int, int, int]:
    """api_key, api_version, correlation_id of a request: enough to answer even garbage."""
    if len(frame) < _PREFIX.size:
        raise ProtocolDecodeError(f"request of {len(frame)} bytes is shorter than a header")
    return _PREFIX.unpack_from(frame, 0)


def _i16(buf: bytes, pos: int) -> int:
    n = (buf[pos] << 8) | buf[pos + 1]
    return n - 0x10000 if n & 0x8000 else n


def _client_id_text(buf: bytes, pos: int, n: int) -> tuple[str | None, int]:
    """The header's nullable string, of length n at pos."""
    if n < 0:
        return None, pos
    end = pos + n
    if end > len(buf):
        raise ProtocolDecodeError("truncated request header: client_id")
    try:
        return buf[pos:end].decode(), end
    except UnicodeDecodeError as e:
        raise ProtocolDecodeError("invalid UTF-8 at client_id") from e


def _read_tags(buf: bytes, pos: int) -> tuple[dict[int, bytes], int]:
    """A header's tagged fields (nobody defines any: kept raw) and the position after them."""
    if pos < len(buf) and buf[pos] == 0:
        return {}, pos + 1
    tags: dict[int, bytes] = {}
    count, pos = read_uvarint(buf, pos)
    # Parsed before anything is authorised: bounded as Kafka bounds it (CVE-2026-111115).
    p.check_tag_count(count, len(buf) - pos, "request header")
    for _ in range(count):
        tag, pos = read_uvarint(buf, pos)
        size, pos = read_uvarint(buf, pos)
        if pos + size > len(buf):
            raise ProtocolDecodeError("truncated tagged field in header")
        tags[tag] = buf[pos : pos + size]
        pos += size
    return tags, pos


def _write_tags(tags: dict[int, bytes]) -> bytes:
    if not tags:
        return _EMPTY_TAGS
    out = bytearray(p.encode_uvarint(len(tags)))
    for tag in sorted(tags):
        out += p.encode_uvarint(tag) + p.encode_uvarint(len(tags[tag])) + tags[tag]
    return bytes(out)


def _client_id(client_id: str | None) -> bytes:
    if client_id is None:
        return b"\xff\xff"
    data = client_id.encode()
    try:
        return _LENGTH.pack(len(data)) + data
    except struct.error as e:
        raise FormatFieldError(f"client_id of {len(data)} bytes: {e}") from e


def decode_request(frame: bytes | memoryview) -> tuple[RequestHeader, Container]:
    """Header and body of a request frame.

    Raises UnsupportedVersion (with the header) for a known API at an unknown version, and
    ProtocolDecodeError for anything else that is not a valid request.
    """
    buf = frame if type(frame) is bytes else bytes(frame)
    if len(buf) < _PREFIX_AND_LENGTH.size:
        api_key, _, _ = peek_header(buf)
        if api_key not in APIS:
            raise ProtocolDecodeError(f"unknown api key {api_key}")
        raise ProtocolDecodeError(f"truncated request header: {len(buf)} bytes")
    # The fixed part and the client id's length (">hhih"), byte by byte: this runs for every
    # request, and compiled, one struct unpack_from costs as much as all of these.
    api_key = _i16(buf, 0)
    api_version = _i16(buf, 2)
    correlation_id = (buf[4] << 24) | (buf[5] << 16) | (buf[6] << 8) | buf[7]
    if correlation_id & 0x80000000:
        correlation_id -= 0x100000000
    n = _i16(buf, 8)
    api = APIS.get(api_key)
    if api is None:
        raise ProtocolDecodeError(f"unknown api key {api_key}")
    client_id, pos = _client_id_text(buf, _PREFIX_AND_LENGTH.size, n)
    header = RequestHeader(api_key, api_version, correlation_id, client_id)
    if not api.supports(api_version):
        raise UnsupportedVersion(header)
    if api.request.is_flexible(api_version):  # request header v2: tagged fields
        if pos < len(buf) and not buf[pos]:  # none, as ever
            pos += 1
        else:
            header.tagged, pos = _read_tags(buf, pos)
    body, pos = api.request.decode_from(buf, pos, api_version)
    # Kafka does not check that a request body ends where the frame does, and clients rely
    # on it: librdkafka asks Metadata v9+ for all topics with a 4-byte zero placeholder where
    # a 1-byte compact null belongs. Accept what Kafka accepts; note how much was left.
    header.trailing = len(buf) - pos
    return header, body


def encode_request(header: RequestHeader, body: Any) -> bytes:
    """A request frame body (no size prefix), as a client sends it."""
    api = APIS[header.api_key]
    out = [
        _PREFIX.pack(header.api_key, header.api_version, header.correlation_id),
        _client_id(header.client_id),
    ]
    if api.request_header_version(header.api_version) >= 2:
        out.append(_write_tags(header.tagged))
    api.request.encode_into(out, body, header.api_version)
    return b"".join(out)


def encode_response(api_key: int, api_version: int, correlation_id: int, body: Any) -> bytes:
    """A response frame body (no size prefix)."""
    api = APIS[api_key]
    out = [_INT32.pack(correlation_id)]
    if api.response_header_version(api_version) >= 1:
        out.append(_EMPTY_TAGS)
    # One join: a Fetch answer's record batches are copied once, into the frame.
    api.response.encode_into(out, body, api_version)
    return b"".join(out)


def encode_response_frame(api_key: int, api_version: int, correlation_id: int, body: Any) -> bytes:
    """A response frame with its size prefix, in one join: a Fetch answer's record bytes are
    copied once, into the frame (prefixing the body afterwards would copy all of it again)."""
    return b"".join(encode_response_parts(api_key, api_version, correlation_id, body))


def encode_response_parts(api_key: int, api_version: int, correlation_id: int, body: Any) -> list[Any]:
    """`encode_response_frame` not joined: the frame's parts in order, size prefix first. A
    bytes field may hold any object with a length (a Fetch answer's file regions, which the
    server sends from the file): it is a part of its own."""
    api = APIS[api_key]
    out: list[Any] = [b"", _INT32.pack(correlation_id)]
    if api.response_header_version(api_version) >= 1:
        out.append(_EMPTY_TAGS)
    api.response.encode_into(out, body, api_version)
    out[0] = _INT32.pack(sum(map(len, out)))
    return out


def encode_response_body(api_key: int, api_version: int, body: Any) -> bytes:
    """A response body alone (no size, correlation id or header tags): what a handler may answer
    with when the same body recurs (a heartbeat's NONE), so that it is encoded once."""
    return APIS[api_key].response.encode(body, api_version)


def frame_encoded_response(api_key: int, api_version: int, correlation_id: int, body: bytes) -> bytes:
    """`encode_response_frame` for a body `encode_response_body` made."""
    if APIS[api_key].response_header_version(api_version) >= 1:
        return _FRAME_HEAD_TAGGED.pack(len(body) + 5, correlation_id, 0) + body
    return _FRAME_HEAD.pack(len(body) + 4, correlation_id) + body


def decode_response(frame: bytes | memoryview, api_key: int, api_version: int) -> tuple[int, Container]:
    """Correlation id and body of a response to a request of this API and version."""
    api = APIS[api_key]
    buf = frame if type(frame) is bytes else bytes(frame)
    try:
        (correlation_id,) = _INT32.unpack_from(buf, 0)
    except struct.error as e:
        raise ProtocolDecodeError(f"truncated response header: {e}") from e
    pos = 4
    if api.response_header_version(api_version) >= 1:
        _, pos = _read_tags(buf, pos)
    body, _ = api.response.decode_from(buf, pos, api_version)
    # Like Kafka's clients, ignore bytes after the body: the librdkafka mock broker, for one,
    # ends its Metadata v13 answers with a stray byte.
    return correlation_id, body


# A raw handler (broker/server.py's RawHandler): the response frame of buf[start:end] (a request
# frame without its size), or None to leave that frame to the generic path.
RawAnswer = Callable[[bytearray, int, int], bytes | None]
_WINDOW = 1024  # bytes copied at a time for the headers (answer_raw): a few heartbeats
_RAW_MIN = 10  # api key, version, correlation id, client id length: less is no frame to peek at


def answer_raw(
    buf: bytearray, pos: int, handlers: dict[int, RawAnswer], out: list[bytes], max_frame: int
) -> int:
    """Answer, into `out`, the complete frames from buf[pos] on that the raw handlers of their API
    keys take, in order; the position of the first one they do not (or of what is incomplete).

    The server's loop for pipelined heartbeats: compiled (protocol/native.py), it costs a fraction
    of the interpreted loop's per frame. A frame it stops at goes the generic way (whose checks
    refuse a size out of bounds)."""
    end = len(buf)
    # The headers are read byte by byte from a bytes copy of a window of the buffer: compiled,
    # a struct unpack_from costs ten times as much, and a bytearray's item a C-API call and a
    # boxed index. (A negative size reads as 2**31 or more, above max_frame.)
    base = pos
    head = bytes(buf[pos : pos + _WINDOW])
    while end - pos >= 4 + _RAW_MIN:
        i = pos - base
        if i + 6 > len(head):
            base, i = pos, 0
            head = bytes(buf[pos : pos + _WINDOW])
        size = (head[i] << 24) | (head[i + 1] << 16) | (head[i + 2] << 8) | head[i + 3]
        if size < _RAW_MIN or size > max_frame or size > end - pos - 4:
            break
        fast = handlers.get((head[i + 4] << 8) | head[i + 5])
        if fast is None:
            break
        quick = fast(buf, pos + 4, pos + 4 + size)
        if quick is None:
            break
        out.append(quick)
        pos += 4 + size
    return pos


def size_prefixed(body: bytes) -> bytes:
    return _INT32.pack(len(body)) + body

"""Request and response framing: headers v0-v2 around the message bodies.

A frame on the wire is int32 size + body; these functions work on the body (the bytes
after the size), which is what the server reads and what fixtures store.
"""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass, field

from construct import Container, StreamError

from protocol import primitives as p
from protocol.api import Api
from protocol.apis import APIS
from protocol.errors import ProtocolDecodeError

_PREFIX = struct.Struct(">hhi")
_CLIENT_ID = p.KString(compact=False, nullable=True)
_EMPTY_TAGS = b"\x00"


@dataclass(slots=True)
class RequestHeader:
    api_key: int
    api_version: int
    correlation_id: int
    client_id: str | None = None
    tagged: dict[int, bytes] = field(default_factory=dict)
    trailing: int = 0  # bytes after the body, which Kafka ignores (see decode_request)

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


def _read_tags(stream: io.BytesIO) -> dict[int, bytes]:
    tags: dict[int, bytes] = {}
    for _ in range(p.read_uvarint(stream)):
        tag = p.read_uvarint(stream)
        size = p.read_uvarint(stream)
        data = stream.read(size)
        if len(data) != size:
            raise ProtocolDecodeError("truncated tagged field in header")
        tags[tag] = data
    return tags


def _write_tags(tags: dict[int, bytes]) -> bytes:
    if not tags:
        return _EMPTY_TAGS
    out = bytearray(p.encode_uvarint(len(tags)))
    for tag in sorted(tags):
        out += p.encode_uvarint(tag) + p.encode_uvarint(len(tags[tag])) + tags[tag]
    return bytes(out)


def decode_request(frame: bytes | memoryview) -> tuple[RequestHeader, Container]:
    """Header and body of a request frame.

    Raises UnsupportedVersion (with the header) for a known API at an unknown version, and
    ProtocolDecodeError for anything else that is not a valid request.
    """
    api_key, api_version, correlation_id = peek_header(frame)
    api = APIS.get(api_key)
    if api is None:
        raise ProtocolDecodeError(f"unknown api key {api_key}")
    stream = io.BytesIO(frame)
    stream.seek(_PREFIX.size)
    try:
        client_id = _CLIENT_ID._parsereport(stream, None, "client_id")
        header = RequestHeader(api_key, api_version, correlation_id, client_id)
        if not api.supports(api_version):
            raise UnsupportedVersion(header)
        if api.request_header_version(api_version) >= 2:
            header.tagged = _read_tags(stream)
    except StreamError as e:
        raise ProtocolDecodeError(f"truncated request header: {e}") from e
    body = api.request.read(stream, api_version)
    # Kafka does not check that a request body ends where the frame does, and clients rely
    # on it: librdkafka asks Metadata v9+ for all topics with a 4-byte zero placeholder where
    # a 1-byte compact null belongs. Accept what Kafka accepts; note how much was left.
    header.trailing = len(frame) - stream.tell()
    return header, body


def encode_request(header: RequestHeader, body) -> bytes:
    """A request frame body (no size prefix), as a client sends it."""
    api = APIS[header.api_key]
    out = bytearray(_PREFIX.pack(header.api_key, header.api_version, header.correlation_id))
    out += _CLIENT_ID.build(header.client_id)
    if api.request_header_version(header.api_version) >= 2:
        out += _write_tags(header.tagged)
    out += api.request.encode(body, header.api_version)
    return bytes(out)


def encode_response(api_key: int, api_version: int, correlation_id: int, body) -> bytes:
    """A response frame body (no size prefix)."""
    api = APIS[api_key]
    head = struct.pack(">i", correlation_id)
    if api.response_header_version(api_version) >= 1:
        head += _EMPTY_TAGS
    return head + api.response.encode(body, api_version)


def decode_response(frame: bytes | memoryview, api_key: int, api_version: int) -> tuple[int, Container]:
    """Correlation id and body of a response to a request of this API and version."""
    api = APIS[api_key]
    stream = io.BytesIO(frame)
    try:
        (correlation_id,) = struct.unpack(">i", stream.read(4))
        if api.response_header_version(api_version) >= 1:
            _read_tags(stream)
    except (struct.error, StreamError) as e:
        raise ProtocolDecodeError(f"truncated response header: {e}") from e
    body = api.response.read(stream, api_version)
    # Like Kafka's clients, ignore bytes after the body: the librdkafka mock broker, for one,
    # ends its Metadata v13 answers with a stray byte.
    return correlation_id, body


def size_prefixed(body: bytes) -> bytes:
    return struct.pack(">i", len(body)) + body

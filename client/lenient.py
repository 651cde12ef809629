"""A tolerant reader for answers that break the spec in harmless ways.

Some brokers write a null (length -1) where Kafka's spec says the array, string or bytes is not
nullable: the librdkafka mock does in error answers (SyncGroup's assignment, LeaveGroup's
members, OffsetFetch's topics). Kafka's own clients would fail; the client, when the strict
decode fails, decodes again with every such field nullable and reads null as the field's default
(empty). Only answers, only as a fallback, never for encoding.
"""

from __future__ import annotations

import dataclasses
import io
import struct
from functools import cache
from typing import Any

from construct import Container

from protocol import primitives as p
from protocol.apis import APIS
from protocol.errors import ProtocolDecodeError
from protocol.schema import BYTES, STRING, Array, F, Message, Struct

_NULLABLE = "0+"


def _lenient_field(f: F) -> F:
    t = f.type
    if isinstance(t, Array):
        items = tuple(_lenient_field(i) if isinstance(i, F) else i for i in t.items)
        return dataclasses.replace(f, type=Array(*items), nullable=_NULLABLE)
    if isinstance(t, Struct):
        return dataclasses.replace(f, type=Struct(*(_lenient_field(i) for i in t.fields)))
    if t in (STRING, BYTES):
        return dataclasses.replace(f, nullable=_NULLABLE)
    return f


@cache
def _lenient(api_key: int) -> tuple[Message, Message]:
    strict = APIS[api_key].response
    lenient = Message(
        strict.name,
        strict.api_key,
        strict.valid,
        strict.flexible,
        *(_lenient_field(f) for f in strict.fields),
    )
    return strict, lenient


def _fill_defaults(obj: Any, fields: tuple[Any, ...], version: int) -> None:
    """Replace nulls the strict declaration does not allow by the field's default."""
    for f in fields:
        if version not in f.versions() or f.name not in obj:
            continue
        value = obj[f.name]
        if value is None and not f.nullable_in(version):
            obj[f.name] = f.default_at(version)
            if obj[f.name] is None:
                obj[f.name] = [] if isinstance(f.type, Array) else (b"" if f.type == BYTES else "")
            continue
        if isinstance(f.type, Array) and isinstance(f.type.element, Struct) and value:
            for item in value:
                _fill_defaults(item, f.type.element.fields, version)
        elif isinstance(f.type, Struct) and value is not None:
            _fill_defaults(value, f.type.fields, version)


def decode_response_leniently(frame: bytes, api_key: int, version: int) -> tuple[int, Container]:
    """Like `protocol.frames.decode_response`, reading spec-breaking nulls as empty values; an
    answer that ends where its last (empty) tagged-fields byte belongs is read as if it were there
    (the librdkafka mock's LeaveGroup v4 answer lacks it)."""
    try:
        return _decode(frame, api_key, version)
    except ProtocolDecodeError:
        if not APIS[api_key].response.is_flexible(version):
            raise
        return _decode(frame + b"\x00", api_key, version)


def _decode(frame: bytes, api_key: int, version: int) -> tuple[int, Container]:
    strict, lenient = _lenient(api_key)
    api = APIS[api_key]
    stream = io.BytesIO(frame)
    (correlation_id,) = struct.unpack(">i", stream.read(4))
    if api.response_header_version(version) >= 1:
        for _ in range(p.read_uvarint(stream)):
            p.read_uvarint(stream)
            stream.read(p.read_uvarint(stream))
    body = lenient.read(stream, version)
    _fill_defaults(body, strict.fields, version)
    return correlation_id, body

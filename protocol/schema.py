"""A small declarative layer over construct, shaped like Kafka's message JSON specs.

A message is declared once, with per-field version ranges, nullable ranges, tagged
fields and the message's flexible versions; `Message.at(version)` yields the construct
for one version. Decoded messages are `construct.Container`s (attribute access) that
also carry every field absent in that version at its default, so handlers read one
shape whatever the version. Building takes any mapping; missing fields take defaults.

Unknown tagged fields are kept, raw, under the key `_unknown_tags`, so that a decoded
message re-encodes to the same bytes.
"""

from __future__ import annotations

import io
import re
import struct
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from construct import Construct, Container, FormatFieldError, StreamError

from protocol import primitives as p
from protocol.errors import ProtocolDecodeError

if TYPE_CHECKING:
    from protocol.compiled import Codec

UNKNOWN_TAGS = "_unknown_tags"


class _Null:
    """Marks a declared default of null (Kafka's `"default": "null"`)."""

    def __repr__(self) -> str:
        return "NULL"


NULL: Any = _Null()


@dataclass(frozen=True, slots=True)
class Versions:
    """A Kafka version range: "0+", "3-7", "5", or "none"."""

    low: int
    high: int  # inclusive; a large number for "N+"

    @classmethod
    def parse(cls, text: str) -> Versions:
        text = text.strip()
        if text == "none":
            return cls(1, 0)
        if m := re.fullmatch(r"(\d+)\+", text):
            return cls(int(m[1]), 1 << 15)
        if m := re.fullmatch(r"(\d+)-(\d+)", text):
            return cls(int(m[1]), int(m[2]))
        if m := re.fullmatch(r"\d+", text):
            return cls(int(text), int(text))
        raise ValueError(f"bad version range {text!r}")

    def __contains__(self, version: int) -> bool:
        return self.low <= version <= self.high


# Primitive type names, as in Kafka's specs.
INT8, INT16, INT32, INT64 = "int8", "int16", "int32", "int64"
UINT16, UINT32, FLOAT64, BOOL = "uint16", "uint32", "float64", "bool"
STRING, BYTES, RECORDS, UUID = "string", "bytes", "records", "uuid"

_FIXED = {
    INT8: p.Int8,
    INT16: p.Int16,
    INT32: p.Int32,
    INT64: p.Int64,
    UINT16: p.UInt16,
    UINT32: p.UInt32,
    FLOAT64: p.Float64,
    BOOL: p.Boolean(),
    UUID: p.Uuid(),
}
_TYPE_DEFAULTS: dict[str, Any] = {
    INT8: 0,
    INT16: 0,
    INT32: 0,
    INT64: 0,
    UINT16: 0,
    UINT32: 0,
    FLOAT64: 0.0,
    BOOL: False,
    STRING: "",
    BYTES: b"",
    RECORDS: None,
    UUID: p.ZERO_UUID,
}


@dataclass(frozen=True)
class Array:
    """An array of a primitive type (`Array(INT32)`) or of a struct (`Array(F(...), F(...))`)."""

    items: tuple

    def __init__(self, *items: Any) -> None:
        object.__setattr__(self, "items", items)

    @property
    def element(self) -> str | Struct:
        if len(self.items) == 1 and isinstance(self.items[0], str):
            return self.items[0]
        return Struct(*self.items)


@dataclass(frozen=True)
class Struct:
    """A nested (non-array) struct: `F("assignment", Struct(F(...)), nullable="0+")`."""

    fields: tuple

    def __init__(self, *fields: Any) -> None:
        object.__setattr__(self, "fields", fields)


@dataclass(frozen=True)
class F:
    """One field: name (snake_case), type, the versions it exists in, and its options."""

    name: str
    type: str | Array | Struct
    v: str = "0+"
    nullable: str = "none"
    tag: int | None = None
    default: Any = None  # None: the type's default; NULL: null
    ignorable: bool = True  # Kafka drops a non-default ignorable field that a version lacks

    def versions(self) -> Versions:
        return Versions.parse(self.v)

    def nullable_in(self, version: int) -> bool:
        return version in Versions.parse(self.nullable)

    def default_at(self, version: int) -> Any:
        if self.default is NULL:
            return None
        if self.default is not None:
            return self.default
        if isinstance(self.type, Array):
            return []
        if isinstance(self.type, Struct):
            return None if self.nullable_in(version) else _struct_defaults(self.type.fields, version)
        return _TYPE_DEFAULTS[self.type]


def _struct_defaults(fields: tuple, version: int) -> Container:
    return Container({f.name: f.default_at(version) for f in fields})


class KStruct(Construct):
    """One version of a struct: inline fields in order, then (flexible) the tagged fields."""

    def __init__(self, fields: tuple, version: int, flexible: bool):
        super().__init__()
        self.flexible = flexible
        self.inline: list[tuple[str, Construct, Any]] = []
        self.tagged: dict[int, tuple[str, Construct, Any]] = {}
        self.absent: list[tuple[str, Any]] = []
        for f in fields:
            default = f.default_at(version)
            if version not in f.versions():
                self.absent.append((f.name, default))
                continue
            sub = _construct_for(f, version, flexible)
            if f.tag is not None:
                if not flexible:
                    self.absent.append((f.name, default))
                    continue
                self.tagged[f.tag] = (f.name, sub, default)
            else:
                self.inline.append((f.name, sub, default))
        self.tag_order = sorted(self.tagged)
        # The fewest bytes it takes (an array's count is checked against it): the inline
        # fields' fewest, and the tagged-field count.
        self.min_size = sum(p.min_size(sub) for _, sub, _ in self.inline) + (1 if flexible else 0)

    def _parse(self, stream, context, path):
        obj = Container()
        for name, sub, _ in self.inline:
            obj[name] = sub._parsereport(stream, context, path)
        for name, default in self.absent:
            obj[name] = default
        if self.flexible:
            for name, _, default in self.tagged.values():
                obj[name] = default
            count = p.read_uvarint(stream, path)
            p.check_tag_count(count, p.remaining_bytes(stream), path)
            unknown: dict[int, bytes] = {}
            last = -1
            for _ in range(count):
                tag = p.read_uvarint(stream, path)
                size = p.read_uvarint(stream, path)
                if tag <= last:
                    raise ProtocolDecodeError(f"tagged fields out of order at {path}")
                last = tag
                data = stream.read(size)
                if len(data) != size:
                    raise StreamError("truncated tagged field", path=path)
                known = self.tagged.get(tag)
                if known is None:
                    unknown[tag] = data
                else:
                    obj[known[0]] = known[1].parse(data)
            if unknown:
                obj[UNKNOWN_TAGS] = unknown
        return obj

    def _build(self, obj, stream, context, path):
        get = obj.get if isinstance(obj, Mapping) else (lambda k, d=None: getattr(obj, k, d))
        for name, sub, default in self.inline:
            value = get(name, default)
            if value is None and default is not None and not getattr(sub, "nullable", False):
                value = default
            sub._build(value, stream, context, path)
        if self.flexible:
            entries: list[tuple[int, bytes]] = []
            for tag in self.tag_order:
                name, sub, default = self.tagged[tag]
                value = get(name, default)
                if value == default:  # tagged fields at their default are not written
                    continue
                entries.append((tag, sub.build(value)))
            unknown = get(UNKNOWN_TAGS, None)
            if unknown:
                entries.extend(unknown.items())
                entries.sort()
            stream.write(p.encode_uvarint(len(entries)))
            for tag, data in entries:
                stream.write(p.encode_uvarint(tag))
                stream.write(p.encode_uvarint(len(data)))
                stream.write(data)
        return obj


class NullableStruct(Construct):
    """A struct field that may be null: an int8 marker (-1 null, 1 present) before it."""

    nullable = True
    min_size = 1  # the null marker

    def __init__(self, inner: KStruct):
        super().__init__()
        self.inner = inner

    def _parse(self, stream, context, path):
        marker = p.Int8._parsereport(stream, context, path)
        if marker < 0:
            return None
        return self.inner._parsereport(stream, context, path)

    def _build(self, obj, stream, context, path):
        if obj is None:
            stream.write(b"\xff")
            return obj
        stream.write(b"\x01")
        return self.inner._build(obj, stream, context, path)


def _construct_for(f: F, version: int, flexible: bool) -> Construct:
    nullable = f.nullable_in(version)
    t = f.type
    if isinstance(t, Array):
        element = t.element
        if isinstance(element, Struct):
            item: Construct = KStruct(element.fields, version, flexible)
        else:
            item = _primitive(element, flexible, nullable=False)
        return p.KArray(item, compact=flexible, nullable=nullable)
    if isinstance(t, Struct):
        inner = KStruct(t.fields, version, flexible)
        return NullableStruct(inner) if nullable else inner
    return _primitive(t, flexible, nullable)


def _primitive(t: str, flexible: bool, nullable: bool) -> Construct:
    if t == STRING:
        return p.KString(compact=flexible, nullable=nullable)
    if t in (BYTES, RECORDS):
        return p.KBytes(compact=flexible, nullable=nullable or t == RECORDS)
    return _FIXED[t]


class Message:
    """A request or response of one API, declared once for all its versions.

    `valid` is the versions this declaration covers ("0-9"), `flexible` the flexible ones ("6+").
    Reading and writing go through code generated from the declaration (protocol/compiled.py);
    the construct from `at(version)` is the reference it is tested against (`_construct_*`).
    """

    def __init__(self, name: str, api_key: int, valid: str, flexible: str, *fields: F):
        self.name, self.api_key, self.valid, self.flexible = name, api_key, valid, flexible
        self.fields = fields
        self._cache: dict[int, KStruct] = {}
        self._codecs: dict[int, Codec] = {}
        # The generated functions by version, looked up on every call.
        self._decoders: dict[int, Callable] = {}
        self._encoders: dict[int, Callable] = {}
        # Parsed once: the framing asks for every request and response.
        self._valid = Versions.parse(valid)
        self._flexible = Versions.parse(flexible)
        self._flexible_range = range(self._flexible.low, self._flexible.high + 1)
        self._fingerprint: str | None = None

    def fingerprint(self) -> str:
        """The key of this declaration's codecs in protocol/_codecs_hot.py or _codecs_cold.py."""
        fp = self._fingerprint
        if fp is None:
            from protocol.compiled import fingerprint

            fp = self._fingerprint = fingerprint(self)
        return fp

    @property
    def versions(self) -> Versions:
        return self._valid

    def is_flexible(self, version: int) -> bool:
        return version in self._flexible_range

    def at(self, version: int) -> KStruct:
        s = self._cache.get(version)
        if s is None:
            if version not in self.versions:
                raise ProtocolDecodeError(f"{self.name} has no version {version}")
            s = KStruct(self.fields, version, self.is_flexible(version))
            self._cache[version] = s
        return s

    def codec(self, version: int) -> Codec:
        """The generated decode/encode functions of a version, made on first use."""
        c = self._codecs.get(version)
        if c is None:
            from protocol.compiled import load_codec  # it builds on this module

            c = load_codec(self, version)
            self._codecs[version] = c
            self._decoders[version] = c.decode
            self._encoders[version] = c.encode
        return c

    def decode(self, data: bytes | memoryview, version: int) -> Container:
        obj, end = self.decode_from(data, 0, version)
        if end != len(data):
            raise ProtocolDecodeError(f"{len(data) - end} trailing bytes after {self.name}")
        return obj

    def decode_from(self, buf: bytes | memoryview, pos: int, version: int) -> tuple[Container, int]:
        """The message at buf[pos:] and the position after it; bytes after it are not looked at."""
        try:
            decode = self._decoders.get(version) or self.codec(version).decode
            if type(buf) is not bytes:
                buf = bytes(buf)
            return decode(buf, pos)
        except ProtocolDecodeError as e:
            raise ProtocolDecodeError(f"bad {self.name} v{version}: {e}") from e
        except (IndexError, struct.error, ValueError, OverflowError) as e:
            # What short or garbled input makes Python raise: buf[pos] past the end, unpack_from
            # past the end, invalid UTF-8.
            raise ProtocolDecodeError(f"bad {self.name} v{version}: {type(e).__name__}: {e}") from e

    def read(self, stream: io.BytesIO, version: int) -> Container:
        if not isinstance(stream, io.BytesIO):
            return self._construct_read(stream, version)
        # A BytesIO made from bytes hands out that same object: no copy.
        obj, end = self.decode_from(stream.getvalue(), stream.tell(), version)
        stream.seek(end)
        return obj

    def encode(self, obj: Mapping | Any, version: int) -> bytes:
        out: list[bytes] = []
        self.encode_into(out, obj, version)
        return b"".join(out)

    def encode_into(self, out: list, obj: Mapping | Any, version: int) -> None:
        """Appends the pieces of the encoded message to out (join them to get the bytes)."""
        encode = self._encoders.get(version) or self.codec(version).encode
        try:
            encode(obj, out.append)
        except struct.error as e:
            # construct's integer fields report a value they cannot pack this way.
            raise FormatFieldError(f"bad value in {self.name} v{version}: {e}") from e

    def defaults(self, version: int) -> Container:
        return _struct_defaults(self.fields, version)

    # The construct codec: the reference the generated one is tested against.

    def _construct_read(self, stream, version: int) -> Container:
        try:
            return self.at(version)._parsereport(stream, None, self.name)
        # OverflowError: a varint length past 2**63 handed to stream.read.
        except (StreamError, ProtocolDecodeError, OverflowError) as e:
            raise ProtocolDecodeError(f"bad {self.name} v{version}: {e}") from e

    def _construct_decode(self, data: bytes | memoryview, version: int) -> Container:
        stream = io.BytesIO(data)
        obj = self._construct_read(stream, version)
        if stream.tell() != len(data):
            raise ProtocolDecodeError(f"{len(data) - stream.tell()} trailing bytes after {self.name}")
        return obj

    def _construct_encode(self, obj: Mapping | Any, version: int) -> bytes:
        stream = io.BytesIO()
        self.at(version)._build(obj, stream, None, self.name)
        return stream.getvalue()

"""Kafka's primitive wire types as construct classes.

Kafka encodes everything big-endian; "compact" forms (flexible versions) prefix
lengths with an unsigned varint holding length + 1 so that 0 can mean null.
"""

from __future__ import annotations

import uuid as _uuid

import construct as cs
from construct import Construct, StreamError

from protocol.errors import ProtocolDecodeError

Int8 = cs.Int8sb
Int16 = cs.Int16sb
Int32 = cs.Int32sb
Int64 = cs.Int64sb
UInt16 = cs.Int16ub
UInt32 = cs.Int32ub
Float64 = cs.Float64b

# Kafka's bounds on what a decoder allocates for a peer's counts (Kafka 4.4's upgrade notes,
# https://kafka.apache.org/44/getting-started/upgrade/ : "Arrays and collections with more than
# 1,000,000 elements and flexible-version tagged-field sections with more than 10,000 fields are
# rejected before allocation"; the fixes of CVE-2026-111108 and CVE-2026-111115). Below them a
# count must still fit the bytes left: Kafka's generated readers refuse "a collection of size N,
# but there are only R bytes remaining" (KAFKA-14063); here each element counts its fewest bytes
# (`min_size`), not one, so a count cannot make us allocate many objects per byte received.
MAX_ARRAY_ELEMENTS = 1_000_000
MAX_TAGGED_FIELDS = 10_000
# A tagged field takes at least its tag and its size, one varint byte each.
MIN_TAGGED_FIELD_SIZE = 2


def _read(stream, n: int, path: str) -> bytes:
    data = stream.read(n)
    if len(data) != n:
        raise StreamError(f"wanted {n} bytes, got {len(data)}", path=path)
    return data


def read_uvarint(stream, path: str = "") -> int:
    result = 0
    shift = 0
    while True:
        b = stream.read(1)
        if not b:
            raise StreamError("truncated varint", path=path)
        byte = b[0]
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result
        shift += 7
        if shift > 63:
            raise ProtocolDecodeError("varint is too long")


def encode_uvarint(value: int) -> bytes:
    if value < 0:
        raise ValueError("unsigned varint cannot be negative")
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def zigzag_encode(value: int, bits: int) -> int:
    return (value << 1) ^ (value >> (bits - 1))


def zigzag_decode(value: int) -> int:
    return (value >> 1) ^ -(value & 1)


def min_size(sub: Construct) -> int:
    """The fewest bytes one value of the construct takes on the wire (null where it may be)."""
    size = getattr(sub, "min_size", None)
    if isinstance(size, int):
        return size
    return int(sub.sizeof())  # fixed width: construct's integers and floats


def check_count(n: int, item_size: int, remaining: int | None, path: str) -> None:
    """Refuses an array count above Kafka's bound or whose elements cannot fit what is left."""
    if n > MAX_ARRAY_ELEMENTS or (remaining is not None and n * item_size > remaining):
        raise count_error(n, remaining, path)


def count_error(n: int, remaining: int | None, path: str) -> ProtocolDecodeError:
    if n > MAX_ARRAY_ELEMENTS:
        return ProtocolDecodeError(f"array of {n} elements at {path}: more than Kafka's {MAX_ARRAY_ELEMENTS}")
    return ProtocolDecodeError(f"array of {n} elements in {remaining} bytes at {path}")


def check_tag_count(n: int, remaining: int | None, path: str) -> None:
    """Refuses a tagged-field count above Kafka's bound or whose fields cannot fit what is left."""
    if n > MAX_TAGGED_FIELDS or (remaining is not None and n * MIN_TAGGED_FIELD_SIZE > remaining):
        raise ProtocolDecodeError(f"{n} tagged fields in {remaining} bytes at {path}")


class Boolean(Construct):
    min_size = 1

    def _parse(self, stream, context, path):
        return _read(stream, 1, path) != b"\x00"

    def _build(self, obj, stream, context, path):
        stream.write(b"\x01" if obj else b"\x00")
        return obj

    def _sizeof(self, context, path):
        return 1


class UnsignedVarInt(Construct):
    def _parse(self, stream, context, path):
        return read_uvarint(stream, path)

    def _build(self, obj, stream, context, path):
        stream.write(encode_uvarint(obj))
        return obj


class VarInt(Construct):
    """Signed zigzag varint (32 bits) or varlong (64 bits)."""

    def __init__(self, bits: int = 32):
        super().__init__()
        self.bits = bits

    def _parse(self, stream, context, path):
        return zigzag_decode(read_uvarint(stream, path))

    def _build(self, obj, stream, context, path):
        stream.write(encode_uvarint(zigzag_encode(obj, self.bits) & ((1 << self.bits) - 1)))
        return obj


def _read_length(stream, compact: bool, classic: Construct, path: str) -> int:
    """Length of a string/bytes/array; -1 means null."""
    if compact:
        return read_uvarint(stream, path) - 1
    return classic._parsereport(stream, None, path)


def _write_length(stream, n: int, compact: bool, classic: Construct) -> None:
    if compact:
        stream.write(encode_uvarint(n + 1))
    else:
        classic._build(n, stream, None, "")


class KString(Construct):
    """STRING / NULLABLE_STRING / COMPACT_(NULLABLE_)STRING, decoded to str or None."""

    def __init__(self, compact: bool, nullable: bool):
        super().__init__()
        self.compact, self.nullable = compact, nullable
        self.min_size = 1 if compact else 2

    def _parse(self, stream, context, path):
        n = _read_length(stream, self.compact, Int16, path)
        if n < 0:
            if not self.nullable:
                raise ProtocolDecodeError(f"null in non-nullable string at {path}")
            return None
        try:
            return _read(stream, n, path).decode("utf-8")
        except UnicodeDecodeError as e:
            raise ProtocolDecodeError(f"invalid UTF-8 at {path}") from e

    def _build(self, obj, stream, context, path):
        if obj is None:
            if not self.nullable:
                raise cs.ConstructError(f"null in non-nullable string at {path}", path=path)
            _write_length(stream, -1, self.compact, Int16)
            return obj
        data = obj.encode("utf-8")
        _write_length(stream, len(data), self.compact, Int16)
        stream.write(data)
        return obj


class KBytes(Construct):
    """BYTES / NULLABLE_BYTES / COMPACT_(NULLABLE_)BYTES (and RECORDS), decoded to bytes or None."""

    def __init__(self, compact: bool, nullable: bool):
        super().__init__()
        self.compact, self.nullable = compact, nullable
        self.min_size = 1 if compact else 4

    def _parse(self, stream, context, path):
        n = _read_length(stream, self.compact, Int32, path)
        if n < 0:
            if not self.nullable:
                raise ProtocolDecodeError(f"null in non-nullable bytes at {path}")
            return None
        return _read(stream, n, path)

    def _build(self, obj, stream, context, path):
        if obj is None:
            if not self.nullable:
                raise cs.ConstructError(f"null in non-nullable bytes at {path}", path=path)
            _write_length(stream, -1, self.compact, Int32)
            return obj
        _write_length(stream, len(obj), self.compact, Int32)
        stream.write(obj)
        return obj


class KArray(Construct):
    """ARRAY / COMPACT_ARRAY of any construct, decoded to a list or None."""

    def __init__(self, item: Construct, compact: bool, nullable: bool):
        super().__init__()
        self.item, self.compact, self.nullable = item, compact, nullable
        self.min_size = 1 if compact else 4

    def _parse(self, stream, context, path):
        n = _read_length(stream, self.compact, Int32, path)
        if n < 0:
            if not self.nullable:
                raise ProtocolDecodeError(f"null in non-nullable array at {path}")
            return None
        # A huge count in a small frame is a lie that would otherwise make us loop (or
        # allocate) for nothing: refused before the first element.
        item = self.item
        check_count(n, min_size(item), remaining_bytes(stream), path)
        return [item._parsereport(stream, context, path) for _ in range(n)]

    def _build(self, obj, stream, context, path):
        if obj is None:
            if not self.nullable:
                raise cs.ConstructError(f"null in non-nullable array at {path}", path=path)
            _write_length(stream, -1, self.compact, Int32)
            return obj
        _write_length(stream, len(obj), self.compact, Int32)
        item = self.item
        for element in obj:
            item._build(element, stream, context, path)
        return obj


def remaining_bytes(stream) -> int | None:
    try:
        pos = stream.tell()
        end = stream.seek(0, 2)
        stream.seek(pos)
        return end - pos
    except (AttributeError, OSError):
        return None


class Uuid(Construct):
    min_size = 16

    def _parse(self, stream, context, path):
        return _uuid.UUID(bytes=_read(stream, 16, path))

    def _build(self, obj, stream, context, path):
        stream.write(obj.bytes)
        return obj

    def _sizeof(self, context, path):
        return 16


ZERO_UUID = _uuid.UUID(int=0)

"""Kafka's legacy MessageSet (magic 0 and 1), used by Produce v0-2 and Fetch v0-3.

The CRC-32 (zlib) covers magic to the end of the message:

    offset int64 | messageSize int32 | crc uint32 | magic int8 | attributes int8
    | timestamp int64 (magic 1 only) | key bytes (int32 length) | value bytes (int32 length)

    attributes: bits 0-2 compression codec, bit 3 timestamp type (magic 1), as in a v2 batch
    (protocol/records.py reads and writes them for both formats).

A compressed message is a wrapper whose value is a compressed MessageSet (one level deep).
With magic 1 the inner offsets are relative and the wrapper holds the last inner record's
absolute offset; with magic 0 the inner offsets are absolute.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from protocol.compression import Compression, CompressionError, compress, decompress
from protocol.records import (
    LOG_OVERHEAD,
    NO_TIMESTAMP,
    Buffer,
    CorruptRecordError,
    TimestampType,
    attributes_of,
    codec_of,
    timestamp_type_of,
)

_I64 = struct.Struct(">q")
_I32 = struct.Struct(">i")
_U32 = struct.Struct(">I")

_LEGACY_ENTRY = struct.Struct(">qi")  # offset, message size
_LEGACY_PREFIX = struct.Struct(">IbB")  # crc, magic, attributes
_LEGACY_MIN_SIZE = {0: 14, 1: 22}  # crc, magic, attributes, [timestamp], two null lengths


@dataclass(slots=True)
class LegacyRecord:
    """A record of a legacy MessageSet, with its absolute offset and timestamp (-1 in magic 0)."""

    offset: int
    timestamp: int
    key: bytes | None
    value: bytes | None
    magic: int = 1
    timestamp_type: TimestampType = TimestampType.CREATE_TIME
    compression: Compression = Compression.NONE  # the codec of the message it arrived in


def _read_legacy_bytes(msg: memoryview, pos: int, at: int) -> tuple[bytes | None, int]:
    if len(msg) - pos < 4:
        raise CorruptRecordError("truncated legacy message", at)
    (n,) = _I32.unpack_from(msg, pos)
    pos += 4
    if n < 0:
        return None, pos
    if pos + n > len(msg):
        raise CorruptRecordError("legacy message field runs past its end", at)
    return bytes(msg[pos : pos + n]), pos + n


def decode_legacy_message_set(
    buf: Buffer, *, check_crc: bool = True, allow_partial: bool = False
) -> list[LegacyRecord]:
    """The records of a magic 0/1 MessageSet, decompressing wrapper messages.

    A truncated last message (which old brokers put in Fetch responses) is an error unless
    `allow_partial`, in which case it is skipped.
    """
    return _decode_legacy(memoryview(buf), check_crc, allow_partial, nested=False)


def _decode_legacy(
    view: memoryview, check_crc: bool, allow_partial: bool, nested: bool
) -> list[LegacyRecord]:
    out: list[LegacyRecord] = []
    pos, end = 0, len(view)
    while pos < end:
        if end - pos < LOG_OVERHEAD:
            if allow_partial:
                break
            raise CorruptRecordError("truncated legacy message set", pos)
        offset, size = _LEGACY_ENTRY.unpack_from(view, pos)
        if size < _LEGACY_MIN_SIZE[0]:
            raise CorruptRecordError(f"legacy message size {size} is too small", pos)
        if pos + LOG_OVERHEAD + size > end:
            if allow_partial:
                break
            raise CorruptRecordError("truncated legacy message", pos)
        msg = view[pos + LOG_OVERHEAD : pos + LOG_OVERHEAD + size]
        crc, magic, attributes = _LEGACY_PREFIX.unpack_from(msg, 0)
        if magic not in (0, 1):
            raise CorruptRecordError(f"legacy message magic {magic}", pos)
        if size < _LEGACY_MIN_SIZE[magic]:
            raise CorruptRecordError(f"legacy message size {size} is too small", pos)
        if check_crc and crc != zlib.crc32(msg[4:]):
            raise CorruptRecordError("legacy message CRC mismatch", pos)
        at = 6
        timestamp = NO_TIMESTAMP
        ts_type = TimestampType.CREATE_TIME
        if magic == 1:
            (timestamp,) = _I64.unpack_from(msg, at)
            at += 8
            ts_type = timestamp_type_of(attributes)
        key, at = _read_legacy_bytes(msg, at, pos)
        value, at = _read_legacy_bytes(msg, at, pos)
        if at != size:
            raise CorruptRecordError("legacy message size does not match its fields", pos)
        codec = codec_of(attributes)
        if not codec:
            out.append(LegacyRecord(offset, timestamp, key, value, magic, ts_type))
        else:
            if nested:
                raise CorruptRecordError("compressed message inside a compressed message", pos)
            if value is None:
                raise CorruptRecordError("compressed legacy message without a value", pos)
            try:
                inner_buf = decompress(codec, value, magic)
            except CompressionError as e:
                raise CorruptRecordError(str(e), pos) from e
            inner = _decode_legacy(memoryview(inner_buf), check_crc, False, nested=True)
            if not inner:
                raise CorruptRecordError("compressed legacy message holds no messages", pos)
            # magic 1: relative inner offsets, the wrapper holds the last one's absolute offset
            base = offset - inner[-1].offset if magic == 1 else 0
            compression = Compression(codec)
            for r in inner:
                r.offset += base
                r.compression = compression
                if ts_type == TimestampType.LOG_APPEND_TIME:
                    r.timestamp = timestamp
                    r.timestamp_type = ts_type
            out.extend(inner)
        pos += LOG_OVERHEAD + size
    return out


def _encode_legacy_message(
    out: bytearray,
    offset: int,
    magic: int,
    attributes: int,
    timestamp: int,
    key: bytes | None,
    value: bytes | None,
) -> None:
    msg = bytearray(_LEGACY_PREFIX.pack(0, magic, attributes))
    if magic == 1:
        msg += _I64.pack(timestamp)
    for data in (key, value):
        if data is None:
            msg += _I32.pack(-1)
        else:
            msg += _I32.pack(len(data))
            msg += data
    _U32.pack_into(msg, 0, zlib.crc32(memoryview(msg)[4:]))
    out += _LEGACY_ENTRY.pack(offset, len(msg))
    out += msg


def encode_legacy_message_set(
    records: Iterable[LegacyRecord],
    magic: int = 1,
    compression: Compression | int = Compression.NONE,
    *,
    timestamp_type: TimestampType | int = TimestampType.CREATE_TIME,
) -> bytes:
    """A magic 0/1 MessageSet of `records` at their own offsets (and, in magic 1, timestamps).

    Compressed, it is one wrapper message as Kafka writes it: the wrapper carries the last
    record's offset and the max timestamp; inner offsets are relative in magic 1.
    """
    if magic not in (0, 1):
        raise ValueError(f"legacy magic must be 0 or 1, not {magic}")
    records = list(records)
    ts_bit = attributes_of(Compression.NONE, timestamp_type if magic == 1 else TimestampType.CREATE_TIME)
    out = bytearray()
    codec = codec_of(int(compression))
    if not codec:
        for r in records:
            _encode_legacy_message(out, r.offset, magic, ts_bit, r.timestamp, r.key, r.value)
        return bytes(out)
    if not records:
        return b""
    inner = bytearray()
    first = records[0].offset
    for r in records:
        inner_offset = r.offset - first if magic == 1 else r.offset
        _encode_legacy_message(inner, inner_offset, magic, 0, r.timestamp, r.key, r.value)
    wrapped = compress(codec, inner, magic)
    max_timestamp = max(r.timestamp for r in records)
    _encode_legacy_message(out, records[-1].offset, magic, codec | ts_bit, max_timestamp, None, wrapped)
    return bytes(out)

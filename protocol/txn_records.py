"""`__transaction_state` records: Kafka's TransactionLogKey (v0) and TransactionLogValue (v0, and
v1 read: its flexible encoding with tagged previous/next producer ids). A null value is a
tombstone (an expired transactional id). No I/O."""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from protocol.errors import ProtocolDecodeError

_I16 = struct.Struct(">h")
_I32 = struct.Struct(">i")
_VALUE_HEAD = struct.Struct(">qhib")  # producer id, epoch, timeout, status
_TIMES = struct.Struct(">qq")  # last update, start


@dataclass(frozen=True, slots=True)
class TransactionLogValue:
    producer_id: int
    producer_epoch: int
    timeout_ms: int
    status: int  # TransactionState's id (Empty 0 ... PrepareEpochFence 7)
    partitions: dict[str, list[int]] = field(default_factory=dict)
    last_update_ms: int = -1
    start_ms: int = -1
    previous_producer_id: int = -1  # v1 tagged fields; not written in v0
    next_producer_id: int = -1


def encode_key(transactional_id: str) -> bytes:
    raw = transactional_id.encode()
    return _I16.pack(0) + _I16.pack(len(raw)) + raw


def decode_key(data: bytes) -> str:
    try:
        (version,) = _I16.unpack_from(data, 0)
        if version != 0:
            raise ProtocolDecodeError(f"unknown TransactionLogKey version {version}")
        (n,) = _I16.unpack_from(data, 2)
        if n < 0 or 4 + n != len(data):
            raise ProtocolDecodeError("bad TransactionLogKey string length")
        return data[4 : 4 + n].decode()
    except (struct.error, UnicodeDecodeError) as e:
        raise ProtocolDecodeError(f"invalid TransactionLogKey: {e}") from e


def encode_value(v: TransactionLogValue) -> bytes:
    """Version 0, as Kafka writes for clients without KIP-890's transaction version 2."""
    out = bytearray(_I16.pack(0))
    out += _VALUE_HEAD.pack(v.producer_id, v.producer_epoch, v.timeout_ms, v.status)
    out += _I32.pack(len(v.partitions))
    for topic in sorted(v.partitions):
        raw = topic.encode()
        out += _I16.pack(len(raw)) + raw
        parts = sorted(v.partitions[topic])
        out += _I32.pack(len(parts))
        out += struct.pack(f">{len(parts)}i", *parts)
    out += _TIMES.pack(v.last_update_ms, v.start_ms)
    return bytes(out)


class _Reader:
    __slots__ = ("data", "pos")

    def __init__(self, data: bytes, pos: int = 0):
        self.data, self.pos = data, pos

    def fixed(self, s: struct.Struct) -> tuple[int, ...]:
        values = s.unpack_from(self.data, self.pos)
        self.pos += s.size
        return values

    def uvarint(self) -> int:
        shift = result = 0
        while True:
            b = self.data[self.pos]
            self.pos += 1
            result |= (b & 0x7F) << shift
            if not b & 0x80:
                return result
            shift += 7

    def string(self, compact: bool) -> str:
        n = self.uvarint() - 1 if compact else self.fixed(_I16)[0]
        if n < 0:
            raise ProtocolDecodeError("null string in TransactionLogValue")
        raw = self.data[self.pos : self.pos + n]
        self.pos += n
        return raw.decode()

    def count(self, compact: bool) -> int:
        return self.uvarint() - 1 if compact else self.fixed(_I32)[0]

    def tags(self) -> dict[int, bytes]:
        out = {}
        for _ in range(self.uvarint()):
            tag, size = self.uvarint(), self.uvarint()
            out[tag] = self.data[self.pos : self.pos + size]
            self.pos += size
        return out


def decode_value(data: bytes | None) -> TransactionLogValue | None:
    if data is None:
        return None
    try:
        r = _Reader(data)
        (version,) = r.fixed(_I16)
        if version not in (0, 1):
            raise ProtocolDecodeError(f"unknown TransactionLogValue version {version}")
        flexible = version >= 1
        pid, epoch, timeout, status = r.fixed(_VALUE_HEAD)
        partitions: dict[str, list[int]] = {}
        for _ in range(max(0, r.count(flexible))):  # null (-1): none
            topic = r.string(flexible)
            n = r.count(flexible)
            parts = list(struct.unpack_from(f">{n}i", data, r.pos)) if n > 0 else []
            r.pos += 4 * max(0, n)
            if flexible:
                r.tags()
            partitions[topic] = parts
        last_update, start = r.fixed(_TIMES)
        previous = next_ = -1
        if flexible:
            tags = r.tags()
            if 0 in tags:
                previous = struct.unpack(">q", tags[0])[0]
            if 1 in tags:
                next_ = struct.unpack(">q", tags[1])[0]
        return TransactionLogValue(
            pid, epoch, timeout, status, partitions, last_update, start, previous, next_
        )
    except (struct.error, IndexError, UnicodeDecodeError) as e:
        raise ProtocolDecodeError(f"invalid TransactionLogValue: {e}") from e

"""Kafka's record formats: the RecordBatch of magic 2, and the legacy MessageSet of magic 0/1.

RecordBatch (magic 2), as Kafka lays it out; the CRC-32C covers attributes to the end:

    baseOffset int64 | batchLength int32 (bytes after this field) | partitionLeaderEpoch int32
    magic int8 | crc uint32 | attributes int16 | lastOffsetDelta int32 | baseTimestamp int64
    maxTimestamp int64 | producerId int64 | producerEpoch int16 | baseSequence int32
    recordsCount int32 | records (compressed as a whole when attributes say so)

    attributes: bits 0-2 compression codec, bit 3 timestamp type (1 = LogAppendTime),
    bit 4 transactional, bit 5 control batch, bit 6 baseTimestamp is a delete horizon.

    Record: length varint | attributes int8 | timestampDelta varlong | offsetDelta varint
    | key (varint length, -1 = null) | value (likewise) | headers count varint
    | headers: key (varint length, UTF-8), value (varint length, -1 = null)

The fixed 61-byte header is declared once as a construct Struct (`BATCH_HEADER`); the hot
paths (`BatchHeader.parse`, `iter_batches`, encoding) use a `struct.Struct` compiled from it.

Legacy MessageSet (magic 0/1), used by Produce v0-2 and Fetch v0-3; the CRC-32 (zlib) covers
magic to the end of the message:

    offset int64 | messageSize int32 | crc uint32 | magic int8 | attributes int8
    | timestamp int64 (magic 1 only) | key bytes (int32 length) | value bytes (int32 length)

A compressed message is a wrapper whose value is a compressed MessageSet (one level deep).
With magic 1 the inner offsets are relative and the wrapper holds the last inner record's
absolute offset; with magic 0 the inner offsets are absolute.
"""

from __future__ import annotations

import enum
import io
import struct
import time
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

import construct as cs
import crc32c

from protocol import primitives as p
from protocol.compression import CODEC_MASK, Compression, CompressionError, compress, decompress
from protocol.errors import ProtocolDecodeError

Buffer = bytes | bytearray | memoryview

MAGIC = 2
NO_TIMESTAMP = -1
NO_PRODUCER_ID = -1
NO_PRODUCER_EPOCH = -1
NO_SEQUENCE = -1
NO_PARTITION_LEADER_EPOCH = -1

TIMESTAMP_TYPE_MASK = 0x08
TRANSACTIONAL_MASK = 0x10
CONTROL_MASK = 0x20
DELETE_HORIZON_MASK = 0x40


class TimestampType(enum.IntEnum):
    CREATE_TIME = 0
    LOG_APPEND_TIME = 1


class ControlRecordType(enum.IntEnum):
    """The type in a control record's key (transaction markers)."""

    ABORT = 0
    COMMIT = 1


class CorruptRecordError(ProtocolDecodeError):
    """Record data that is not valid: bad magic, length, CRC, compression or record layout."""

    def __init__(self, message: str, position: int | None = None):
        super().__init__(message if position is None else f"{message} (at byte {position})")
        self.position = position


# --- RecordBatch header -----------------------------------------------------------------------

BATCH_HEADER = cs.Struct(
    "base_offset" / cs.Int64sb,
    "batch_length" / cs.Int32sb,
    "partition_leader_epoch" / cs.Int32sb,
    "magic" / cs.Int8sb,
    "crc" / cs.Int32ub,
    "attributes" / cs.Int16sb,
    "last_offset_delta" / cs.Int32sb,
    "base_timestamp" / cs.Int64sb,
    "max_timestamp" / cs.Int64sb,
    "producer_id" / cs.Int64sb,
    "producer_epoch" / cs.Int16sb,
    "base_sequence" / cs.Int32sb,
    "records_count" / cs.Int32sb,
)
HEADER_SIZE = BATCH_HEADER.sizeof()  # 61, Kafka's RECORD_BATCH_OVERHEAD
_HEADER = struct.Struct(">" + "".join(sc.subcon.fmtstr.lstrip("<>=!") for sc in BATCH_HEADER.subcons))
assert _HEADER.size == HEADER_SIZE

LOG_OVERHEAD = 12  # baseOffset + batchLength: the bytes not counted in batchLength
PARTITION_LEADER_EPOCH_OFFSET = 12
MAGIC_OFFSET = 16  # the same in every format
CRC_OFFSET = 17
ATTRIBUTES_OFFSET = 21
MAX_TIMESTAMP_OFFSET = 35
MIN_BATCH_LENGTH = HEADER_SIZE - LOG_OVERHEAD

_I64 = struct.Struct(">q")
_I32 = struct.Struct(">i")
_I16 = struct.Struct(">h")
_U32 = struct.Struct(">I")
_INT32_MAX = (1 << 31) - 1


class BatchHeader(NamedTuple):
    """The 61-byte header of a RecordBatch, read without copying the batch."""

    base_offset: int
    batch_length: int
    partition_leader_epoch: int
    magic: int
    crc: int
    attributes: int
    last_offset_delta: int
    base_timestamp: int
    max_timestamp: int
    producer_id: int
    producer_epoch: int
    base_sequence: int
    records_count: int

    @classmethod
    def parse(cls, buf: Buffer, pos: int = 0) -> BatchHeader:
        """The header of the batch at `pos`; checks only the magic and the length field."""
        if len(buf) - pos < HEADER_SIZE:
            raise CorruptRecordError("truncated record batch header", pos)
        h = cls._make(_HEADER.unpack_from(buf, pos))
        if h.magic != MAGIC:
            raise CorruptRecordError(f"record batch magic {h.magic}, expected {MAGIC}", pos)
        if h.batch_length < MIN_BATCH_LENGTH:
            raise CorruptRecordError(f"record batch length {h.batch_length} is too small", pos)
        return h

    @property
    def size(self) -> int:
        """The whole batch's size in bytes, header included."""
        return self.batch_length + LOG_OVERHEAD

    @property
    def last_offset(self) -> int:
        return self.base_offset + self.last_offset_delta

    @property
    def next_offset(self) -> int:
        return self.base_offset + self.last_offset_delta + 1

    @property
    def compression(self) -> int:
        return self.attributes & CODEC_MASK

    @property
    def timestamp_type(self) -> TimestampType:
        return TimestampType((self.attributes & TIMESTAMP_TYPE_MASK) >> 3)

    @property
    def is_transactional(self) -> bool:
        return bool(self.attributes & TRANSACTIONAL_MASK)

    @property
    def is_control(self) -> bool:
        return bool(self.attributes & CONTROL_MASK)

    @property
    def has_delete_horizon(self) -> bool:
        return bool(self.attributes & DELETE_HORIZON_MASK)

    @property
    def has_producer_id(self) -> bool:
        return self.producer_id > NO_PRODUCER_ID

    @property
    def last_sequence(self) -> int:
        """The sequence number of the last record (sequences wrap at int32 max), or -1."""
        return last_sequence(self.base_sequence, self.last_offset_delta)


def last_sequence(base_sequence: int, last_offset_delta: int) -> int:
    if base_sequence == NO_SEQUENCE:
        return NO_SEQUENCE
    if base_sequence > _INT32_MAX - last_offset_delta:
        return last_offset_delta - (_INT32_MAX - base_sequence) - 1
    return base_sequence + last_offset_delta


def magic_of(buf: Buffer, pos: int = 0) -> int:
    """The magic byte of the batch or legacy message at `pos` (byte 16 in every format)."""
    if len(buf) - pos <= MAGIC_OFFSET:
        raise CorruptRecordError("too short to hold a magic byte", pos)
    return struct.unpack_from(">b", buf, pos + MAGIC_OFFSET)[0]


def compute_crc(buf: Buffer, pos: int = 0, size: int | None = None) -> int:
    """CRC-32C of the batch at `pos`, from its attributes to its end."""
    if size is None:
        size = _I32.unpack_from(buf, pos + 8)[0] + LOG_OVERHEAD
    return crc32c.crc32c(memoryview(buf)[pos + ATTRIBUTES_OFFSET:pos + size])


def verify_crc(buf: Buffer, pos: int = 0) -> bool:
    """Whether the batch at `pos` is whole and its stored CRC matches its bytes."""
    if len(buf) - pos < HEADER_SIZE:
        return False
    size = _I32.unpack_from(buf, pos + 8)[0] + LOG_OVERHEAD
    if size < HEADER_SIZE or pos + size > len(buf):
        return False
    return _U32.unpack_from(buf, pos + CRC_OFFSET)[0] == compute_crc(buf, pos, size)


def set_base_offset(buf: bytearray | memoryview, offset: int, pos: int = 0) -> None:
    """Rewrite the base offset in place (the first 8 bytes, not covered by the CRC)."""
    _I64.pack_into(buf, pos, offset)


def set_partition_leader_epoch(buf: bytearray | memoryview, epoch: int, pos: int = 0) -> None:
    """Rewrite the partition leader epoch in place (not covered by the CRC)."""
    _I32.pack_into(buf, pos + PARTITION_LEADER_EPOCH_OFFSET, epoch)


def set_max_timestamp(
    buf: bytearray | memoryview, timestamp_type: int, max_timestamp: int, pos: int = 0
) -> None:
    """Set the timestamp type and max timestamp in place and recompute the CRC, as Kafka's
    `DefaultRecordBatch.setMaxTimestamp` does for LogAppendTime topics."""
    (attributes,) = _I16.unpack_from(buf, pos + ATTRIBUTES_OFFSET)
    if timestamp_type == TimestampType.LOG_APPEND_TIME:
        new_attributes = attributes | TIMESTAMP_TYPE_MASK
    else:
        new_attributes = attributes & ~TIMESTAMP_TYPE_MASK
    (current,) = _I64.unpack_from(buf, pos + MAX_TIMESTAMP_OFFSET)
    if new_attributes == attributes and current == max_timestamp:
        return
    _I16.pack_into(buf, pos + ATTRIBUTES_OFFSET, new_attributes)
    _I64.pack_into(buf, pos + MAX_TIMESTAMP_OFFSET, max_timestamp)
    _U32.pack_into(buf, pos + CRC_OFFSET, compute_crc(buf, pos))


def iter_batches(buf: Buffer, pos: int = 0, *, check_crc: bool = False) -> Iterator[tuple[int, BatchHeader]]:
    """(position, header) of each complete batch from `pos` on.

    Stops cleanly at a torn tail (an incomplete header, or a batch running past the end of
    `buf`); raises `CorruptRecordError` (with `.position`) at a batch that is not valid.
    """
    end = len(buf)
    unpack = _HEADER.unpack_from
    make = BatchHeader._make
    while end - pos >= HEADER_SIZE:
        h = make(unpack(buf, pos))
        if h.magic != MAGIC:
            raise CorruptRecordError(f"record batch magic {h.magic}, expected {MAGIC}", pos)
        if h.batch_length < MIN_BATCH_LENGTH:
            raise CorruptRecordError(f"record batch length {h.batch_length} is too small", pos)
        size = h.batch_length + LOG_OVERHEAD
        if pos + size > end:
            return
        if check_crc and h.crc != compute_crc(buf, pos, size):
            raise CorruptRecordError("record batch CRC mismatch", pos)
        yield pos, h
        pos += size


# --- records ----------------------------------------------------------------------------------


@dataclass(slots=True)
class Record:
    """One record of a batch; offsets and timestamps are relative to the batch's bases."""

    offset_delta: int = 0
    timestamp_delta: int = 0
    key: bytes | None = None
    value: bytes | None = None
    headers: list[tuple[str, bytes | None]] = field(default_factory=list)
    attributes: int = 0  # unused by Kafka; kept so that records re-encode to the same bytes


def control_record_type(record: Record) -> ControlRecordType | int | None:
    """The type of a control record (a record of a control batch), from its key."""
    if record.key is None or len(record.key) < 4:
        return None
    (kind,) = _I16.unpack_from(record.key, 2)
    try:
        return ControlRecordType(kind)
    except ValueError:
        return kind


@dataclass(slots=True)
class RecordBatch:
    """A decoded RecordBatch. `batch_length`, `crc` and the records count are recomputed
    when encoding; the codec is in `attributes`."""

    base_offset: int = 0
    batch_length: int = 0
    partition_leader_epoch: int = NO_PARTITION_LEADER_EPOCH
    magic: int = MAGIC
    crc: int = 0
    attributes: int = 0
    last_offset_delta: int = 0
    base_timestamp: int = NO_TIMESTAMP
    max_timestamp: int = NO_TIMESTAMP
    producer_id: int = NO_PRODUCER_ID
    producer_epoch: int = NO_PRODUCER_EPOCH
    base_sequence: int = NO_SEQUENCE
    records: list[Record] = field(default_factory=list)

    @property
    def compression(self) -> Compression:
        return Compression(self.attributes & CODEC_MASK)

    @property
    def timestamp_type(self) -> TimestampType:
        return TimestampType((self.attributes & TIMESTAMP_TYPE_MASK) >> 3)

    @property
    def is_transactional(self) -> bool:
        return bool(self.attributes & TRANSACTIONAL_MASK)

    @property
    def is_control(self) -> bool:
        return bool(self.attributes & CONTROL_MASK)

    @property
    def has_delete_horizon(self) -> bool:
        return bool(self.attributes & DELETE_HORIZON_MASK)

    @property
    def last_offset(self) -> int:
        return self.base_offset + self.last_offset_delta

    @property
    def next_offset(self) -> int:
        return self.base_offset + self.last_offset_delta + 1

    @property
    def last_sequence(self) -> int:
        return last_sequence(self.base_sequence, self.last_offset_delta)

    def offset_of(self, record: Record) -> int:
        return self.base_offset + record.offset_delta

    def timestamp_of(self, record: Record) -> int:
        """A record's timestamp: the batch's max timestamp under LogAppendTime."""
        if self.attributes & TIMESTAMP_TYPE_MASK:
            return self.max_timestamp
        return self.base_timestamp + record.timestamp_delta

    def __iter__(self) -> Iterator[tuple[int, int, Record]]:
        """(absolute offset, timestamp, record) for each record."""
        for r in self.records:
            yield self.offset_of(r), self.timestamp_of(r), r


def _varint(value: int) -> bytes:
    return p.encode_uvarint(p.zigzag_encode(value, 32) & 0xFFFFFFFF)


def _varlong(value: int) -> bytes:
    return p.encode_uvarint(p.zigzag_encode(value, 64) & 0xFFFFFFFFFFFFFFFF)


def _write_varbytes(out: bytearray, data: bytes | None) -> None:
    if data is None:
        out += b"\x01"  # zigzag(-1)
    else:
        out += _varint(len(data))
        out += data


def encode_record(record: Record, out: bytearray) -> None:
    """Append one record (length-prefixed) to `out`."""
    body = bytearray()
    body.append(record.attributes & 0xFF)
    body += _varlong(record.timestamp_delta)
    body += _varint(record.offset_delta)
    _write_varbytes(body, record.key)
    _write_varbytes(body, record.value)
    body += _varint(len(record.headers))
    for hkey, hvalue in record.headers:
        _write_varbytes(body, hkey.encode("utf-8"))
        _write_varbytes(body, hvalue)
    out += _varint(len(body))
    out += body


def _read_signed(stream: io.BytesIO) -> int:
    return p.zigzag_decode(p.read_uvarint(stream))


def _read_varbytes(stream: io.BytesIO) -> bytes | None:
    n = p.zigzag_decode(p.read_uvarint(stream))
    if n < 0:
        return None
    data = stream.read(n)
    if len(data) != n:
        raise CorruptRecordError("record field runs past the end of the batch")
    return data


def decode_records(data: Buffer, count: int) -> list[Record]:
    """Exactly `count` records filling `data` (a batch's uncompressed records section)."""
    stream = io.BytesIO(data)
    end = len(data)
    records = []
    try:
        for _ in range(count):
            length = _read_signed(stream)
            start = stream.tell()
            if length < 1 or start + length > end:
                raise CorruptRecordError(f"record length {length} is invalid", start)
            attributes = stream.read(1)[0]
            timestamp_delta = _read_signed(stream)
            offset_delta = _read_signed(stream)
            key = _read_varbytes(stream)
            value = _read_varbytes(stream)
            header_count = _read_signed(stream)
            if header_count < 0 or header_count > end - stream.tell():
                raise CorruptRecordError(f"invalid record header count {header_count}", start)
            headers = []
            for _ in range(header_count):
                hkey = _read_varbytes(stream)
                if hkey is None:
                    raise CorruptRecordError("null record header key", start)
                headers.append((hkey.decode("utf-8"), _read_varbytes(stream)))
            if stream.tell() - start != length:
                raise CorruptRecordError("record length does not match its fields", start)
            records.append(Record(offset_delta, timestamp_delta, key, value, headers, attributes))
    except (cs.StreamError, ProtocolDecodeError, UnicodeDecodeError) as e:
        if isinstance(e, CorruptRecordError):
            raise
        raise CorruptRecordError(f"invalid record: {e}") from e
    if stream.tell() != end:
        raise CorruptRecordError(f"{end - stream.tell()} bytes left after {count} records")
    return records


def encode_batch(batch: RecordBatch) -> bytes:
    """The batch's bytes, with its length, records count and CRC computed."""
    body = bytearray()
    for record in batch.records:
        encode_record(record, body)
    codec = batch.attributes & CODEC_MASK
    payload = compress(codec, body) if codec else body
    out = bytearray(HEADER_SIZE)
    _HEADER.pack_into(
        out, 0,
        batch.base_offset,
        MIN_BATCH_LENGTH + len(payload),
        batch.partition_leader_epoch,
        MAGIC,
        0,
        batch.attributes,
        batch.last_offset_delta,
        batch.base_timestamp,
        batch.max_timestamp,
        batch.producer_id,
        batch.producer_epoch,
        batch.base_sequence,
        len(batch.records),
    )
    out += payload
    _U32.pack_into(out, CRC_OFFSET, crc32c.crc32c(memoryview(out)[ATTRIBUTES_OFFSET:]))
    return bytes(out)


def build_batch(
    records: Iterable[Record],
    base_offset: int = 0,
    compression: Compression | int = Compression.NONE,
    *,
    base_timestamp: int | None = None,
    timestamp_type: TimestampType | int = TimestampType.CREATE_TIME,
    producer_id: int = NO_PRODUCER_ID,
    producer_epoch: int = NO_PRODUCER_EPOCH,
    base_sequence: int = NO_SEQUENCE,
    partition_leader_epoch: int = NO_PARTITION_LEADER_EPOCH,
    transactional: bool = False,
    control: bool = False,
) -> bytes:
    """A batch of `records` (whose deltas are relative to `base_offset`/`base_timestamp`,
    the current time if not given); the max timestamp and last offset delta are derived."""
    records = list(records)
    if base_timestamp is None:
        base_timestamp = int(time.time() * 1000)
    attributes = int(compression) & CODEC_MASK
    if timestamp_type == TimestampType.LOG_APPEND_TIME:
        attributes |= TIMESTAMP_TYPE_MASK
    if transactional:
        attributes |= TRANSACTIONAL_MASK
    if control:
        attributes |= CONTROL_MASK
    max_delta = max((r.timestamp_delta for r in records), default=0)
    return encode_batch(RecordBatch(
        base_offset=base_offset,
        partition_leader_epoch=partition_leader_epoch,
        attributes=attributes,
        last_offset_delta=records[-1].offset_delta if records else 0,
        base_timestamp=base_timestamp,
        max_timestamp=base_timestamp + max_delta,
        producer_id=producer_id,
        producer_epoch=producer_epoch,
        base_sequence=base_sequence,
        records=records,
    ))


def decode_batch(buf: Buffer, pos: int = 0, *, check_crc: bool = True) -> RecordBatch:
    """The batch at `pos`, decompressed; raises `CorruptRecordError` if it is not valid."""
    h = BatchHeader.parse(buf, pos)
    end = pos + h.batch_length + LOG_OVERHEAD
    if end > len(buf):
        raise CorruptRecordError("record batch runs past the end of the buffer", pos)
    if check_crc and h.crc != compute_crc(buf, pos, end - pos):
        raise CorruptRecordError("record batch CRC mismatch", pos)
    if h.records_count < 0:
        raise CorruptRecordError(f"negative records count {h.records_count}", pos)
    body: Buffer = memoryview(buf)[pos + HEADER_SIZE:end]
    codec = h.attributes & CODEC_MASK
    if codec:
        try:
            body = decompress(codec, body)
        except CompressionError as e:
            raise CorruptRecordError(str(e), pos) from e
    try:
        records = decode_records(body, h.records_count)
    except CorruptRecordError as e:
        raise CorruptRecordError(f"in the batch at byte {pos}: {e}", pos) from e
    return RecordBatch(
        base_offset=h.base_offset,
        batch_length=h.batch_length,
        partition_leader_epoch=h.partition_leader_epoch,
        magic=h.magic,
        crc=h.crc,
        attributes=h.attributes,
        last_offset_delta=h.last_offset_delta,
        base_timestamp=h.base_timestamp,
        max_timestamp=h.max_timestamp,
        producer_id=h.producer_id,
        producer_epoch=h.producer_epoch,
        base_sequence=h.base_sequence,
        records=records,
    )


def decode_batches(buf: Buffer, pos: int = 0, *, check_crc: bool = True) -> list[RecordBatch]:
    """Every complete batch in `buf` (a torn tail, as in Fetch responses, is skipped)."""
    return [decode_batch(buf, at, check_crc=check_crc) for at, _ in iter_batches(buf, pos)]


# --- legacy MessageSet (magic 0 and 1) --------------------------------------------------------

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
    return bytes(msg[pos:pos + n]), pos + n


def decode_legacy_message_set(
    buf: Buffer, *, check_crc: bool = True, allow_partial: bool = False
) -> list[LegacyRecord]:
    """The records of a magic 0/1 MessageSet, decompressing wrapper messages.

    A truncated last message (which old brokers put in Fetch responses) is an error unless
    `allow_partial`, in which case it is skipped.
    """
    return _decode_legacy(memoryview(buf), check_crc, allow_partial, nested=False)


def _decode_legacy(view: memoryview, check_crc: bool, allow_partial: bool, nested: bool) -> list[LegacyRecord]:
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
        msg = view[pos + LOG_OVERHEAD:pos + LOG_OVERHEAD + size]
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
            if attributes & TIMESTAMP_TYPE_MASK:
                ts_type = TimestampType.LOG_APPEND_TIME
        key, at = _read_legacy_bytes(msg, at, pos)
        value, at = _read_legacy_bytes(msg, at, pos)
        if at != size:
            raise CorruptRecordError("legacy message size does not match its fields", pos)
        codec = attributes & CODEC_MASK
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
    out: bytearray, offset: int, magic: int, attributes: int, timestamp: int,
    key: bytes | None, value: bytes | None,
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
    ts_bit = TIMESTAMP_TYPE_MASK if magic == 1 and timestamp_type == TimestampType.LOG_APPEND_TIME else 0
    out = bytearray()
    codec = int(compression) & CODEC_MASK
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

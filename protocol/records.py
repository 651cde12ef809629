"""Kafka's RecordBatch (magic 2): the record format of every current Produce, Fetch and log segment.

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
paths (`BatchHeader.parse`, `iter_batches`, encoding, the broker's segments) use the
`struct.Struct` and the field offsets derived from it (`HEADER_STRUCT`, `*_OFFSET`).

The legacy MessageSet of magic 0/1 is in protocol/legacy_records.py; it shares the attribute
bits 0-3 (codec, timestamp type), which `attributes_of`, `codec_of` and `timestamp_type_of` read
and write for both.
"""

from __future__ import annotations

import enum
import io
import struct
import time
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

# The fewest bytes a record takes (its length, attributes, timestamp and offset deltas, null key
# and value, header count: one byte each) and a header (key and value lengths). A count above
# Kafka's bound (primitives.MAX_ARRAY_ELEMENTS) or whose records cannot fit the bytes of the batch
# is refused before the first record is read, as Kafka refuses a header count "larger than the
# remaining size of the buffer" (DefaultRecord.readFrom).
MIN_RECORD_SIZE = 7
MIN_HEADER_SIZE = 2

TIMESTAMP_TYPE_MASK = 0x08
TRANSACTIONAL_MASK = 0x10
CONTROL_MASK = 0x20
DELETE_HORIZON_MASK = 0x40
_TIMESTAMP_TYPE_SHIFT = 3


class TimestampType(enum.IntEnum):
    CREATE_TIME = 0
    LOG_APPEND_TIME = 1


# The attribute bits every record format shares (a v2 batch's int16, a legacy message's int8).


def codec_of(attributes: int) -> int:
    """The compression codec in bits 0-2."""
    return attributes & CODEC_MASK


def timestamp_type_of(attributes: int) -> TimestampType:
    """The timestamp type in bit 3 (legacy magic 0 has none: always CreateTime there)."""
    return TimestampType((attributes & TIMESTAMP_TYPE_MASK) >> _TIMESTAMP_TYPE_SHIFT)


def attributes_of(compression: Compression | int, timestamp_type: TimestampType | int) -> int:
    """Bits 0-3 of attributes for a codec and a timestamp type."""
    return (int(compression) & CODEC_MASK) | (
        int(timestamp_type) << _TIMESTAMP_TYPE_SHIFT & TIMESTAMP_TYPE_MASK
    )


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
_FORMATS = {sc.name: sc.subcon.fmtstr.lstrip("<>=!") for sc in BATCH_HEADER.subcons}
# The header as one struct.Struct, for the hot paths (here and in broker/log/segment.py).
HEADER_STRUCT = struct.Struct(">" + "".join(_FORMATS.values()))
assert HEADER_STRUCT.size == HEADER_SIZE


def _field_offsets() -> dict[str, int]:
    offsets, at = {}, 0
    for name, fmt in _FORMATS.items():
        offsets[name] = at
        at += struct.calcsize(">" + fmt)
    return offsets


_OFFSETS = _field_offsets()
BATCH_LENGTH_OFFSET = _OFFSETS["batch_length"]  # 8
LOG_OVERHEAD = _OFFSETS["partition_leader_epoch"]  # 12: baseOffset + batchLength, not counted in batchLength
PARTITION_LEADER_EPOCH_OFFSET = _OFFSETS["partition_leader_epoch"]
MAGIC_OFFSET = _OFFSETS["magic"]  # 16, the same in every format
CRC_OFFSET = _OFFSETS["crc"]
ATTRIBUTES_OFFSET = _OFFSETS["attributes"]
LAST_OFFSET_DELTA_OFFSET = _OFFSETS["last_offset_delta"]
MAX_TIMESTAMP_OFFSET = _OFFSETS["max_timestamp"]
MIN_BATCH_LENGTH = HEADER_SIZE - LOG_OVERHEAD
# base offset, batch length, last offset delta: enough to walk a log's batches by offset.
WALK_STRUCT = struct.Struct(
    f">q i {LAST_OFFSET_DELTA_OFFSET - LOG_OVERHEAD}x {_FORMATS['last_offset_delta']}"
)

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
        h = cls._make(HEADER_STRUCT.unpack_from(buf, pos))
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
        return codec_of(self.attributes)

    @property
    def timestamp_type(self) -> TimestampType:
        return timestamp_type_of(self.attributes)

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
    magic: int = struct.unpack_from(">b", buf, pos + MAGIC_OFFSET)[0]
    return magic


def compute_crc(buf: Buffer, pos: int = 0, size: int | None = None) -> int:
    """CRC-32C of the batch at `pos`, from its attributes to its end."""
    if size is None:
        size = _I32.unpack_from(buf, pos + 8)[0] + LOG_OVERHEAD
    return crc32c.crc32c(memoryview(buf)[pos + ATTRIBUTES_OFFSET : pos + size])


def verify_crc(buf: Buffer, pos: int = 0) -> bool:
    """Whether the batch at `pos` is whole and its stored CRC matches its bytes."""
    if len(buf) - pos < HEADER_SIZE:
        return False
    size = _I32.unpack_from(buf, pos + 8)[0] + LOG_OVERHEAD
    if size < HEADER_SIZE or pos + size > len(buf):
        return False
    stored: int = _U32.unpack_from(buf, pos + CRC_OFFSET)[0]
    return stored == compute_crc(buf, pos, size)


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
    unpack = HEADER_STRUCT.unpack_from
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


# Not slots=True: mypyc compiles this module (protocol/native.py), and its classes have fixed
# attributes already; a slots dataclass, which is a second class made at import, crashes it.
@dataclass
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
    kind: int = _I16.unpack_from(record.key, 2)[0]
    try:
        return ControlRecordType(kind)
    except ValueError:
        return kind


# Not slots=True: mypyc compiles this module (protocol/native.py), and its classes have fixed
# attributes already; a slots dataclass, which is a second class made at import, crashes it.
@dataclass
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
        return Compression(codec_of(self.attributes))

    @property
    def timestamp_type(self) -> TimestampType:
        return timestamp_type_of(self.attributes)

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
    try:
        data = stream.read(n)
    except OverflowError as e:  # a corrupt length beyond any index
        raise CorruptRecordError(f"record field length {n} is invalid") from e
    if len(data) != n:
        raise CorruptRecordError("record field runs past the end of the batch")
    return data


def check_records_count(count: int, size: int) -> None:
    """Refuses a records count that is negative, above Kafka's bound or cannot fit `size` bytes."""
    if count < 0 or count > p.MAX_ARRAY_ELEMENTS or count * MIN_RECORD_SIZE > size:
        raise CorruptRecordError(f"records count {count} does not fit {size} bytes")


def decode_records(data: Buffer, count: int) -> list[Record]:
    """Exactly `count` records filling `data` (a batch's uncompressed records section)."""
    stream = io.BytesIO(data)
    end = len(data)
    check_records_count(count, end)
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
            left = start + length - stream.tell()
            if (
                header_count < 0
                or header_count > p.MAX_ARRAY_ELEMENTS
                or header_count * MIN_HEADER_SIZE > left
            ):
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
    HEADER_STRUCT.pack_into(
        out,
        0,
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


def _zigzag_varint(value: int) -> bytes:
    """A signed varint (zigzag, as Kafka's ByteUtils.writeVarint/Varlong)."""
    z = (value << 1) ^ (value >> 63)
    if z < 0x80:
        return _SMALL_VARINTS[z]
    if z < 0x4000:  # lengths of records up to 8 KB
        return bytes(((z & 0x7F) | 0x80, z >> 7))
    return p.encode_uvarint(z & 0xFFFFFFFFFFFFFFFF)


_SMALL_VARINTS = [bytes((i,)) for i in range(0x80)]


def build_kv_batch(records: Iterable[tuple[bytes | None, bytes | None]], base_timestamp: int) -> bytearray:
    """An uncompressed batch of (key, value) records without headers, all stamped
    `base_timestamp`, encoded straight into one buffer (the hot path of offset commits: no
    Record objects, no second buffer per record). The same bytes as `build_batch` gives for
    the equivalent Records (checked by the tests)."""
    out = bytearray(HEADER_SIZE)
    zz = _zigzag_varint
    count = 0
    for key, value in records:
        # attributes 0, timestamp delta 0 (a zigzag 0 is one zero byte), the offset delta, key,
        # value, no headers.
        body = b"\x00\x00" + zz(count)
        body += b"\x01" if key is None else zz(len(key)) + key
        body += b"\x01" if value is None else zz(len(value)) + value
        body += b"\x00"
        out += zz(len(body))
        out += body
        count += 1
    HEADER_STRUCT.pack_into(
        out,
        0,
        0,
        len(out) - LOG_OVERHEAD,
        NO_PARTITION_LEADER_EPOCH,
        MAGIC,
        0,
        0,
        max(count - 1, 0),
        base_timestamp,
        base_timestamp,
        NO_PRODUCER_ID,
        NO_PRODUCER_EPOCH,
        NO_SEQUENCE,
        count,
    )
    _U32.pack_into(out, CRC_OFFSET, crc32c.crc32c(memoryview(out)[ATTRIBUTES_OFFSET:]))
    return out


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
    attributes = attributes_of(compression, timestamp_type)
    if transactional:
        attributes |= TRANSACTIONAL_MASK
    if control:
        attributes |= CONTROL_MASK
    max_delta = max((r.timestamp_delta for r in records), default=0)
    return encode_batch(
        RecordBatch(
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
        )
    )


def _checked_records(buf: Buffer, pos: int, check_crc: bool) -> tuple[BatchHeader, Buffer]:
    """The header of the batch at `pos` and its records section, decompressed, once the batch's
    extent, CRC and records count check out; raises `CorruptRecordError`."""
    h = BatchHeader.parse(buf, pos)
    end = pos + h.batch_length + LOG_OVERHEAD
    if end > len(buf):
        raise CorruptRecordError("record batch runs past the end of the buffer", pos)
    if check_crc and h.crc != compute_crc(buf, pos, end - pos):
        raise CorruptRecordError("record batch CRC mismatch", pos)
    if not 0 <= h.records_count <= p.MAX_ARRAY_ELEMENTS:  # before decompressing anything
        raise CorruptRecordError(f"invalid records count {h.records_count}", pos)
    body: Buffer = memoryview(buf)[pos + HEADER_SIZE : end]
    codec = h.attributes & CODEC_MASK
    if codec:
        try:
            body = decompress(codec, body)
        except CompressionError as e:
            raise CorruptRecordError(str(e), pos) from e
    return h, body


def decode_batch(buf: Buffer, pos: int = 0, *, check_crc: bool = True) -> RecordBatch:
    """The batch at `pos`, decompressed; raises `CorruptRecordError` if it is not valid."""
    h, body = _checked_records(buf, pos, check_crc)
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


def _zigzag(buf: bytes, pos: int) -> tuple[int, int]:
    result = 0
    shift = 0
    while True:
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            return (result >> 1) ^ -(result & 1), pos
        shift += 7
        if shift > 63:
            raise CorruptRecordError("varint too long", pos)


def key_values(data: Buffer, count: int) -> list[tuple[bytes | None, bytes | None]]:
    """The (key, value) of each of the `count` records filling `data` (a batch's uncompressed
    records section), without building Records or reading headers: for readers that want
    nothing else, such as a coordinator loading its partition (a million records a second,
    where `decode_records` does a few hundred thousand). Checks each record's length as
    `decode_records` does; raises CorruptRecordError."""
    buf = bytes(data)
    end = len(buf)
    check_records_count(count, end)
    out: list[tuple[bytes | None, bytes | None]] = []
    append = out.append
    zigzag = _zigzag
    pos = 0
    try:
        for _ in range(count):
            b = buf[pos]
            if b < 0x80:
                length, pos = (b >> 1) ^ -(b & 1), pos + 1
            else:
                length, pos = zigzag(buf, pos)
            record_end = pos + length
            if length < 1 or record_end > end:
                raise CorruptRecordError(f"record length {length} is invalid", pos)
            p = pos + 1  # past the attributes
            while buf[p] & 0x80:  # the timestamp delta
                p += 1
            p += 1
            while buf[p] & 0x80:  # the offset delta
                p += 1
            p += 1
            b = buf[p]
            if b < 0x80:
                n, p = (b >> 1) ^ -(b & 1), p + 1
            else:
                n, p = zigzag(buf, p)
            if n < 0:
                key = None
            else:
                # Checked before slicing: compiled (protocol/native.py), a slice bound past 2**63
                # raises ValueError where Python would clamp it.
                if n >= record_end - p:
                    raise CorruptRecordError("record length does not match its fields", pos)
                key = buf[p : p + n]
                p += n
            b = buf[p]
            if b < 0x80:
                n, p = (b >> 1) ^ -(b & 1), p + 1
            else:
                n, p = zigzag(buf, p)
            if n < 0:
                value = None
            else:
                if n >= record_end - p:
                    raise CorruptRecordError("record length does not match its fields", pos)
                value = buf[p : p + n]
                p += n
            if p >= record_end:  # at least the headers count is left
                raise CorruptRecordError("record length does not match its fields", pos)
            append((key, value))
            pos = record_end
    except IndexError as e:
        raise CorruptRecordError("a record runs past the end of its batch", pos) from e
    if pos != end:
        raise CorruptRecordError(f"{end - pos} bytes left after {count} records")
    return out


def batch_key_values(
    buf: Buffer, pos: int = 0, *, check_crc: bool = True
) -> list[tuple[bytes | None, bytes | None]]:
    """`key_values` of the batch at `pos`, checked and decompressed as `decode_batch` does."""
    h, body = _checked_records(buf, pos, check_crc)
    return key_values(body, h.records_count)


def decode_batches(buf: Buffer, pos: int = 0, *, check_crc: bool = True) -> list[RecordBatch]:
    """Every complete batch in `buf` (a torn tail, as in Fetch responses, is skipped)."""
    return [decode_batch(buf, at, check_crc=check_crc) for at, _ in iter_batches(buf, pos)]


def append_record(
    out: bytearray,
    offset_delta: int,
    timestamp_delta: int,
    key: bytes | None,
    value: bytes | None,
    headers: Iterable[tuple[str, bytes | None]] = (),
) -> int:
    """Append one record (attributes 0) to `out`, as `encode_record` would, in one pass without a
    Record or a second buffer (the producer's per-send path); the bytes appended."""
    zz = _zigzag_varint
    ts = zz(timestamp_delta)
    od = zz(offset_delta)
    if key is None:
        kl, key = b"\x01", b""
    else:
        kl = zz(len(key))
    if value is None:
        vl, value = b"\x01", b""
    else:
        vl = zz(len(value))
    hb: bytes | bytearray
    if headers:
        hb = bytearray()
        n = 0
        for hkey, hvalue in headers:
            raw = hkey.encode("utf-8")
            hb += zz(len(raw))
            hb += raw
            if hvalue is None:
                hb += b"\x01"
            else:
                hb += zz(len(hvalue))
                hb += hvalue
            n += 1
        hb[0:0] = zz(n)
    else:
        hb = b"\x00"
    size = 1 + len(ts) + len(od) + len(kl) + len(key) + len(vl) + len(value) + len(hb)
    record = b"".join((zz(size), b"\x00", ts, od, kl, key, vl, value, hb))
    out += record
    return len(record)


def frame_records(
    records: bytes | bytearray,
    count: int,
    *,
    base_offset: int = 0,
    compression: Compression | int = Compression.NONE,
    base_timestamp: int,
    max_timestamp: int,
    last_offset_delta: int,
    producer_id: int = NO_PRODUCER_ID,
    producer_epoch: int = NO_PRODUCER_EPOCH,
    base_sequence: int = NO_SEQUENCE,
    transactional: bool = False,
) -> bytes:
    """A CreateTime batch around `count` records already encoded (by `append_record`): the same
    bytes as `build_batch` of the equivalent Records."""
    attributes = attributes_of(compression, TimestampType.CREATE_TIME)
    if transactional:
        attributes |= TRANSACTIONAL_MASK
    payload = compress(attributes & CODEC_MASK, records) if attributes & CODEC_MASK else records
    out = bytearray(HEADER_SIZE)
    HEADER_STRUCT.pack_into(
        out,
        0,
        base_offset,
        MIN_BATCH_LENGTH + len(payload),
        NO_PARTITION_LEADER_EPOCH,
        MAGIC,
        0,
        attributes,
        last_offset_delta,
        base_timestamp,
        max_timestamp,
        producer_id,
        producer_epoch,
        base_sequence,
        count,
    )
    out += payload
    _U32.pack_into(out, CRC_OFFSET, crc32c.crc32c(memoryview(out)[ATTRIBUTES_OFFSET:]))
    return bytes(out)

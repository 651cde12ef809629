"""What a batch must be to enter the log, and the conversions Kafka makes on the way in and out.

Pure functions over bytes: `validate_batches` (Kafka's checks on a produced batch: framing,
magic, size, CRC, offset range and count, no control batches from clients, keys on compacted
topics); `recompress` for a topic whose `compression.type` is not `producer`; and the legacy
MessageSet conversions for Produce v0-2 (`upconvert_legacy`) and Fetch v0-3 (`downconvert`).
A batch that passes is stored byte for byte, except its base offset and leader epoch.
"""

from __future__ import annotations

from dataclasses import dataclass

from protocol.compression import Compression
from protocol.errors import ErrorCode
from protocol.legacy_records import LegacyRecord, decode_legacy_message_set, encode_legacy_message_set
from protocol.primitives import MAX_ARRAY_ELEMENTS
from protocol.records import (
    HEADER_SIZE,
    MAGIC,
    MIN_RECORD_SIZE,
    BatchHeader,
    CorruptRecordError,
    Record,
    TimestampType,
    build_batch,
    compute_crc,
    decode_batch,
    encode_batch,
    iter_batches,
    magic_of,
)

Buffer = bytes | bytearray | memoryview

CODECS = {
    "uncompressed": Compression.NONE,
    "gzip": Compression.GZIP,
    "snappy": Compression.SNAPPY,
    "lz4": Compression.LZ4,
    "zstd": Compression.ZSTD,
}


class RecordError(Exception):
    """A produced batch the log refuses, with the error code Kafka answers."""

    def __init__(self, error_code: ErrorCode, message: str, record_index: int | None = None):
        super().__init__(message)
        self.error_code = error_code
        self.record_index = record_index


@dataclass(frozen=True, slots=True)
class PreparedBatch:
    data: Buffer
    header: BatchHeader


def validate_batches(
    records: Buffer | None,
    *,
    max_message_bytes: int,
    from_client: bool = True,
    single: bool = False,
    compacted: bool = False,
) -> list[PreparedBatch]:
    """The batches of a Produce partition (or an internal append), checked; raises RecordError."""
    if not records:
        raise RecordError(ErrorCode.INVALID_RECORD, "the request holds no record batch")
    view = memoryview(records)
    out: list[PreparedBatch] = []
    pos, end = 0, len(view)
    while pos < end:
        if end - pos < HEADER_SIZE:
            raise RecordError(ErrorCode.CORRUPT_MESSAGE, f"truncated record batch at byte {pos}")
        try:
            h = BatchHeader.parse(view, pos)
        except CorruptRecordError as e:
            magic = magic_of(view, pos)
            if magic != MAGIC:
                raise RecordError(
                    ErrorCode.INVALID_RECORD, f"record batch magic {magic}: only magic 2 batches are accepted"
                ) from e
            raise RecordError(ErrorCode.CORRUPT_MESSAGE, str(e)) from e
        size = h.size
        if pos + size > end:
            raise RecordError(ErrorCode.CORRUPT_MESSAGE, f"record batch at byte {pos} runs past the end")
        if size > max_message_bytes:
            raise RecordError(
                ErrorCode.MESSAGE_TOO_LARGE,
                f"record batch of {size} bytes is larger than max.message.bytes {max_message_bytes}",
            )
        if h.crc != compute_crc(view, pos, size):
            raise RecordError(ErrorCode.CORRUPT_MESSAGE, f"record batch at byte {pos} fails its CRC")
        if h.records_count <= 0 or h.last_offset_delta < 0 or h.last_offset_delta + 1 != h.records_count:
            raise RecordError(
                ErrorCode.INVALID_RECORD,
                f"inconsistent record count {h.records_count} and last offset delta {h.last_offset_delta}",
            )
        _check_count(h, pos)
        if from_client and h.is_control:
            raise RecordError(ErrorCode.INVALID_RECORD, "clients may not send control batches")
        data = view[pos : pos + size]
        if compacted and from_client:
            _check_keys(data)
        out.append(PreparedBatch(data, h))
        pos += size
    if single and len(out) != 1:
        raise RecordError(ErrorCode.INVALID_RECORD, "a produce request must hold exactly one record batch")
    return out


def _check_count(h: BatchHeader, pos: int) -> None:
    # A count no batch of that size can hold (or above Kafka's bound) is refused here, not when
    # a reader decodes the batch; a compressed batch's records are counted when decoded.
    count = h.records_count
    if count > MAX_ARRAY_ELEMENTS or (not h.compression and count * MIN_RECORD_SIZE > h.size - HEADER_SIZE):
        raise RecordError(
            ErrorCode.CORRUPT_MESSAGE,
            f"records count {count} does not fit the batch at byte {pos} ({h.size} bytes)",
        )


def _check_keys(data: Buffer) -> None:
    try:
        batch = decode_batch(data, check_crc=False)
    except CorruptRecordError as e:
        raise RecordError(ErrorCode.CORRUPT_MESSAGE, str(e)) from e
    for i, record in enumerate(batch.records):
        if record.key is None:
            raise RecordError(
                ErrorCode.INVALID_RECORD, "Compacted topic cannot accept message without key", record_index=i
            )


def recompress(batch: PreparedBatch, compression_type: str) -> PreparedBatch:
    """The batch with the topic's codec if it has another one (Kafka's compression.type)."""
    codec = CODECS.get(compression_type)
    if codec is None or batch.header.compression == codec:
        return batch
    try:
        decoded = decode_batch(batch.data, check_crc=False)
    except CorruptRecordError as e:
        raise RecordError(ErrorCode.CORRUPT_MESSAGE, str(e)) from e
    decoded.attributes = (decoded.attributes & ~0x07) | int(codec)
    data = encode_batch(decoded)
    return PreparedBatch(data, BatchHeader.parse(data))


def upconvert_legacy(records: Buffer) -> bytes:
    """A magic 0/1 MessageSet (Produce v0-2) as one RecordBatch v2, keeping its codec."""
    try:
        legacy = decode_legacy_message_set(records)
    except CorruptRecordError as e:
        raise RecordError(ErrorCode.CORRUPT_MESSAGE, str(e)) from e
    if not legacy:
        raise RecordError(ErrorCode.INVALID_RECORD, "the message set holds no message")
    base_ts = legacy[0].timestamp
    timestamp_type = legacy[0].timestamp_type
    recs = [
        Record(
            offset_delta=i,
            timestamp_delta=(r.timestamp - base_ts) if base_ts >= 0 and r.timestamp >= 0 else 0,
            key=r.key,
            value=r.value,
        )
        for i, r in enumerate(legacy)
    ]
    codec = legacy[0].compression
    return build_batch(recs, compression=codec, base_timestamp=base_ts, timestamp_type=timestamp_type)


def downconvert(records: Buffer, magic: int) -> bytes:
    """Stored v2 batches as a magic 0/1 MessageSet for Fetch v0-3, one message (or compressed
    wrapper) set per batch, keeping each batch's codec; control batches are dropped, headers too."""
    out = bytearray()
    for pos, h in iter_batches(records):
        if h.is_control:
            continue
        batch = decode_batch(records, pos, check_crc=False)
        codec = Compression(h.compression)
        if codec == Compression.ZSTD:
            codec = Compression.NONE  # zstd needs magic 2; Kafka answers such fetches with an error
        ts_type = batch.timestamp_type if magic == 1 else TimestampType.CREATE_TIME
        legacy = [
            LegacyRecord(offset, ts if magic == 1 else -1, r.key, r.value, magic, ts_type, codec)
            for offset, ts, r in batch
        ]
        out += encode_legacy_message_set(legacy, magic, codec, timestamp_type=ts_type)
    return bytes(out)

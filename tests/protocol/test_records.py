"""RecordBatch v2, legacy MessageSets and compression codecs, checked against Kafka clients' own code."""

from __future__ import annotations

import os
import struct
import zlib

import crc32c
import lz4.frame
import pytest
import zstandard
from aiokafka.record.default_records import DefaultRecordBatch as AioBatch
from aiokafka.record.default_records import DefaultRecordBatchBuilder as AioBuilder
from hypothesis import given, settings
from hypothesis import strategies as st
from kafka import codec as kafka_codec
from kafka.record.default_records import DefaultRecordBatch as KpBatch
from kafka.record.default_records import DefaultRecordBatchBuilder as KpBuilder
from kafka.record.legacy_records import LegacyRecordBatchBuilder as KpLegacyBuilder
from kafka.record.memory_records import MemoryRecords

from protocol import compression as comp
from protocol.compression import Compression, CompressionError
from protocol.legacy_records import LegacyRecord, decode_legacy_message_set, encode_legacy_message_set
from protocol.records import (
    BATCH_HEADER,
    HEADER_SIZE,
    BatchHeader,
    ControlRecordType,
    CorruptRecordError,
    Record,
    RecordBatch,
    TimestampType,
    batch_key_values,
    build_batch,
    control_record_type,
    decode_batch,
    decode_batches,
    decode_records,
    encode_batch,
    iter_batches,
    key_values,
    magic_of,
    set_base_offset,
    set_max_timestamp,
    set_partition_leader_epoch,
    verify_crc,
)

CODECS = list(Compression)
BASE_TS = 1_700_000_000_000

# --- strategies -------------------------------------------------------------------------------

blobs = st.one_of(st.none(), st.binary(max_size=64))
headers = st.lists(st.tuples(st.text(max_size=8), blobs), max_size=3)


@st.composite
def record_lists(draw, max_size=12):
    n = draw(st.integers(0, max_size))
    offsets = sorted(draw(st.lists(st.integers(0, 1000), min_size=n, max_size=n, unique=True)))
    return [
        Record(
            offset_delta=o,
            timestamp_delta=draw(st.integers(-(1 << 40), 1 << 40)),
            key=draw(blobs),
            value=draw(blobs),
            headers=draw(headers),
        )
        for o in offsets
    ]


def sample_records(n: int = 20) -> list[Record]:
    return [
        Record(
            offset_delta=i,
            timestamp_delta=i * 3,
            key=None if i % 3 == 0 else b"key-%d" % i,
            value=None if i == 5 else b"value-%d " % i * (i + 1),
            headers=[("h1", b"x"), ("h2", None)] if i % 2 else [],
        )
        for i in range(n)
    ]


# --- compression ------------------------------------------------------------------------------

PAYLOADS = [b"", b"x", b"abc" * 50_000, os.urandom(70_000)]


@pytest.mark.parametrize("codec", CODECS)
@pytest.mark.parametrize("magic", [0, 1, 2])
def test_codec_round_trip(codec, magic):
    if codec == Compression.ZSTD and magic < 2:
        with pytest.raises(CompressionError):
            comp.compress(codec, b"abc", magic)
        return
    for data in PAYLOADS:
        assert comp.decompress(codec, comp.compress(codec, data, magic), magic) == data


def test_snappy_xerial_framing_matches_java_layout():
    data = b"0123456789" * 10_000  # 100 000 bytes: four 32 KiB blocks
    framed = comp.snappy_compress(data)
    assert framed[:16] == b"\x82SNAPPY\x00" + struct.pack(">ii", 1, 1)
    pos, blocks = 16, 0
    while pos < len(framed):
        (size,) = struct.unpack_from(">i", framed, pos)
        pos += 4 + size
        blocks += 1
    assert pos == len(framed) and blocks == 4
    assert kafka_codec.snappy_decode(framed) == data


def test_snappy_reads_raw_and_xerial_from_kafka_python():
    data = b"hello snappy " * 5000
    assert comp.snappy_decompress(kafka_codec.snappy_encode(data, xerial_compatible=True)) == data
    assert comp.snappy_decompress(kafka_codec.snappy_encode(data, xerial_compatible=False)) == data
    # the version/compat fields are ignored (some producers write them little-endian)
    framed = bytearray(comp.snappy_compress(data))
    framed[8:16] = struct.pack("<ii", 1, 1)
    assert comp.snappy_decompress(bytes(framed)) == data


def test_lz4_frame_is_what_kafka_reads():
    frame = comp.lz4_compress(b"abc" * 100_000)
    flg, bd = frame[4], frame[5]
    assert flg & 0x20  # independent blocks: Kafka's reader rejects linked ones
    assert not flg & 0x08  # no content size, like Kafka's writer
    assert bd == 0x40  # 64 KiB blocks
    assert kafka_codec.lz4_decode(frame) == b"abc" * 100_000
    assert comp.lz4_decompress(kafka_codec.lz4_encode(b"xyz" * 1000)) == b"xyz" * 1000


def test_lz4_magic0_header_checksum():
    data = b"old kafka " * 100
    broken = comp.lz4_compress(data, broken_header_checksum=True)
    good = comp.lz4_compress(data)
    assert broken[:6] == good[:6] and broken[7:] == good[7:] and broken[6] != good[6]
    with pytest.raises(CompressionError):
        comp.lz4_decompress(broken)
    assert comp.lz4_decompress(broken, ignore_header_checksum=True) == data
    assert comp.decompress(Compression.LZ4, broken, magic=0) == data


class _XxhashShim:
    """kafka-python's view of the `xxhash` module (not installed), backed by our XXH32."""

    class xxh32:
        def __init__(self, data: bytes):
            self.value = comp._xxh32(bytes(data))

        def digest(self) -> bytes:
            return self.value.to_bytes(4, "big")


def test_xxh32_known_vectors():
    assert comp._xxh32(b"") == 0x02CC5D05
    assert comp._xxh32(b"abc") == 0x32D153FF
    assert comp._xxh32(b"Nobody inspects the spammish repetition") == 0xE2293B2F


def test_lz4_magic0_frames_match_kafka_python(monkeypatch):
    monkeypatch.setattr(kafka_codec, "xxhash", _XxhashShim)
    data = b"old kafka lz4 " * 1000
    assert kafka_codec.lz4_decode_old_kafka(comp.lz4_compress(data, broken_header_checksum=True)) == data
    assert comp.decompress(Compression.LZ4, kafka_codec.lz4_encode_old_kafka(data), magic=0) == data


def test_zstd_without_content_size():
    data = b"zstd streaming " * 10_000
    cobj = zstandard.ZstdCompressor().compressobj()
    streamed = cobj.compress(data) + cobj.flush()
    assert zstandard.get_frame_parameters(streamed).content_size == zstandard.CONTENTSIZE_UNKNOWN
    assert comp.zstd_decompress(streamed) == data
    assert comp.zstd_decompress(streamed + streamed) == data + data
    assert comp.zstd_decompress(kafka_codec.zstd_encode(data)) == data
    assert kafka_codec.zstd_decode(comp.zstd_compress(data)) == data


@pytest.mark.parametrize("codec", [c for c in CODECS if c != Compression.NONE])
def test_codec_rejects_garbage_and_truncation(codec):
    good = comp.compress(codec, b"some data to compress " * 100)
    for bad in (b"definitely not compressed data", good[: len(good) // 2]):
        with pytest.raises(CompressionError):
            comp.decompress(codec, bad)


def test_unknown_codec():
    with pytest.raises(CompressionError):
        comp.decompress(5, b"x")


# --- RecordBatch ------------------------------------------------------------------------------


def test_header_layout_and_construct_declaration_agree():
    buf = build_batch(
        sample_records(3),
        42,
        base_timestamp=BASE_TS,
        producer_id=7,
        producer_epoch=2,
        base_sequence=11,
        partition_leader_epoch=5,
    )
    assert HEADER_SIZE == 61
    h = BatchHeader.parse(buf)
    assert dict(h._asdict()) == {k: v for k, v in BATCH_HEADER.parse(buf[:HEADER_SIZE]).items() if k != "_io"}
    assert (h.base_offset, h.partition_leader_epoch, h.magic, h.records_count) == (42, 5, 2, 3)
    assert (h.producer_id, h.producer_epoch, h.base_sequence) == (7, 2, 11)
    assert h.size == len(buf) and h.last_offset == 44 and h.next_offset == 45
    assert h.base_timestamp == BASE_TS and h.max_timestamp == BASE_TS + 6
    assert h.crc == crc32c.crc32c(buf[21:])
    assert h.last_sequence == 13


@pytest.mark.parametrize("codec", CODECS)
def test_round_trip_every_codec(codec):
    records = sample_records()
    buf = build_batch(
        records, 1000, codec, base_timestamp=BASE_TS, producer_id=3, producer_epoch=1, base_sequence=0
    )
    assert verify_crc(buf)
    batch = decode_batch(buf)
    assert batch.records == records
    assert batch.compression == codec
    assert (batch.base_offset, batch.last_offset_delta, batch.base_timestamp) == (1000, 19, BASE_TS)
    assert batch.max_timestamp == BASE_TS + 57
    assert [o for o, _, _ in batch] == list(range(1000, 1020))
    assert encode_batch(batch) == buf  # every codec is deterministic (gzip with mtime 0)


@settings(max_examples=150, deadline=None)
@given(records=record_lists(max_size=40), codec=st.sampled_from(CODECS))
def test_key_values_reads_what_decode_reads(records, codec):
    """The loaders' fast path gives every record's key and value as the full decoder does."""
    buf = build_batch(records, compression=codec) if records else None
    if buf is None:
        return
    assert batch_key_values(buf) == [(r.key, r.value) for r in decode_batch(buf).records]


def test_a_corrupt_field_length_beyond_any_index_is_a_corrupt_record():
    """Found by the property below: a varint length too large for an index raised OverflowError
    from decode_records instead of CorruptRecordError (a fetched or loaded batch's bad bytes)."""
    body = bytearray(build_batch([Record(offset_delta=0, key=None, value=b"v")])[HEADER_SIZE:])
    # length, attributes, timestamp delta, offset delta, then the key length: make it enormous
    huge = bytes([0xFE] + [0xFF] * 8 + [0x7F])  # 2**69 - 1: past any index
    data = bytes(body[:4]) + huge + bytes(body[5:])
    with pytest.raises(CorruptRecordError):
        decode_records(data, 1)
    with pytest.raises(CorruptRecordError):
        key_values(data, 1)


@settings(max_examples=200, deadline=None)
@given(records=record_lists(max_size=8), cut=st.integers(0, 1 << 16), flip=st.integers(0, 255))
def test_key_values_refuses_what_decode_refuses(records, cut, flip):
    """Cut or changed record bytes: both paths refuse them, or both read the same pairs."""
    if not records:
        return
    body = bytearray(build_batch(records)[HEADER_SIZE:])
    body[cut % len(body)] ^= flip or 1
    for data in (bytes(body), bytes(body[: cut % len(body)])):
        try:
            expected = [(r.key, r.value) for r in decode_records(data, len(records))]
        except CorruptRecordError:
            expected = None
        try:
            got = key_values(data, len(records))
        except CorruptRecordError:
            got = None
        if expected is not None:  # a change decode_records accepts (say, inside a value)
            assert got == expected
        elif got is not None:  # key_values skips headers: a changed header byte is not seen
            assert len(got) == len(records)


@settings(max_examples=150, deadline=None)
@given(
    records=record_lists(),
    codec=st.sampled_from(CODECS),
    base_offset=st.integers(0, 1 << 62),
    attrs=st.sampled_from([0, 0x08, 0x10, 0x20, 0x40, 0x30]),
)
def test_round_trip_property(records, codec, base_offset, attrs):
    batch = RecordBatch(
        base_offset=base_offset,
        attributes=attrs | codec,
        base_timestamp=BASE_TS,
        max_timestamp=BASE_TS + 9,
        last_offset_delta=records[-1].offset_delta if records else 0,
        producer_id=12,
        producer_epoch=3,
        base_sequence=(1 << 31) - 2,
        partition_leader_epoch=9,
        records=records,
    )
    buf = encode_batch(batch)
    decoded = decode_batch(buf)
    assert decoded.records == records
    for name in (
        "base_offset",
        "attributes",
        "base_timestamp",
        "max_timestamp",
        "last_offset_delta",
        "producer_id",
        "producer_epoch",
        "base_sequence",
        "partition_leader_epoch",
    ):
        assert getattr(decoded, name) == getattr(batch, name)
    assert decoded.batch_length == len(buf) - 12
    h = BatchHeader.parse(buf)
    assert h.is_control == decoded.is_control == bool(attrs & 0x20)
    assert h.is_transactional == bool(attrs & 0x10)
    assert h.has_delete_horizon == bool(attrs & 0x40)
    assert h.timestamp_type == decoded.timestamp_type == TimestampType(bool(attrs & 0x08))


def test_log_append_time_timestamps():
    buf = bytearray(build_batch(sample_records(3), base_timestamp=BASE_TS))
    set_max_timestamp(buf, TimestampType.LOG_APPEND_TIME, BASE_TS + 5000)
    assert verify_crc(buf)
    batch = decode_batch(buf)
    assert batch.timestamp_type == TimestampType.LOG_APPEND_TIME
    assert [t for _, t, _ in batch] == [BASE_TS + 5000] * 3


def test_crc_detects_every_flipped_byte_in_the_crc_range():
    buf = build_batch(sample_records(4), base_timestamp=BASE_TS)
    assert verify_crc(buf)
    for i in range(21, len(buf)):
        bad = bytearray(buf)
        bad[i] ^= 0x01
        assert not verify_crc(bad), i
        with pytest.raises(CorruptRecordError):
            decode_batch(bad)
    # a flipped stored CRC is caught too
    bad = bytearray(buf)
    bad[18] ^= 0xFF
    assert not verify_crc(bad)


@given(offset=st.integers(-(1 << 63), (1 << 63) - 1))
def test_set_base_offset_keeps_crc_valid(offset):
    buf = bytearray(build_batch(sample_records(5), 0, Compression.LZ4, base_timestamp=BASE_TS))
    before = bytes(buf)
    set_base_offset(buf, offset)
    assert buf[8:] == before[8:]
    assert verify_crc(buf)
    assert BatchHeader.parse(buf).base_offset == offset
    assert decode_batch(buf).base_offset == offset
    set_partition_leader_epoch(buf, 17)
    assert verify_crc(buf) and BatchHeader.parse(buf).partition_leader_epoch == 17


def test_set_base_offset_in_a_log_buffer_at_position():
    a = build_batch(sample_records(2), base_timestamp=BASE_TS)
    b = build_batch(sample_records(3), base_timestamp=BASE_TS)
    log = bytearray(a + b)
    set_base_offset(memoryview(log), 2, len(a))
    assert [(pos, h.base_offset) for pos, h in iter_batches(log, check_crc=True)] == [(0, 0), (len(a), 2)]


def test_iter_batches_stops_at_torn_tail_at_every_cut():
    batches = [
        build_batch(sample_records(n), base, codec, base_timestamp=BASE_TS)
        for n, base, codec in [(1, 0, Compression.NONE), (3, 1, Compression.GZIP), (2, 4, Compression.NONE)]
    ]
    log = b"".join(batches)
    ends = []
    pos = 0
    for b in batches:
        pos += len(b)
        ends.append(pos)
    for cut in range(len(log) + 1):
        got = list(iter_batches(log[:cut], check_crc=True))
        whole = [e for e in ends if e <= cut]
        assert len(got) == len(whole), cut
        assert [p for p, _ in got] == [0, *whole[:-1]][: len(got)]
        assert [h.base_offset for _, h in got] == [0, 1, 4][: len(got)]
        assert [len(b.records) for b in decode_batches(log[:cut])] == [1, 3, 2][: len(got)]


def test_iter_batches_raises_on_garbage_with_position():
    a = build_batch(sample_records(2), base_timestamp=BASE_TS)
    with pytest.raises(CorruptRecordError) as e:
        list(iter_batches(a + bytes(100)))
    assert e.value.position == len(a)
    bad = bytearray(a)
    bad[-1] ^= 1
    assert len(list(iter_batches(bad))) == 1
    with pytest.raises(CorruptRecordError):
        list(iter_batches(bad, check_crc=True))


def test_parse_rejects_wrong_magic_and_short_buffers():
    buf = bytearray(build_batch([Record()], base_timestamp=BASE_TS))
    with pytest.raises(CorruptRecordError):
        BatchHeader.parse(buf[:60])
    buf[16] = 1
    assert magic_of(buf) == 1
    with pytest.raises(CorruptRecordError):
        BatchHeader.parse(buf)


def test_decode_rejects_inconsistent_record_layout():
    # declared records count larger than the records present
    buf = bytearray(build_batch(sample_records(2), base_timestamp=BASE_TS))
    struct.pack_into(">i", buf, 57, 3)
    struct.pack_into(">I", buf, 17, crc32c.crc32c(bytes(buf[21:])))
    with pytest.raises(CorruptRecordError):
        decode_batch(buf)
    # fewer declared than present: bytes left over
    struct.pack_into(">i", buf, 57, 1)
    struct.pack_into(">I", buf, 17, crc32c.crc32c(bytes(buf[21:])))
    with pytest.raises(CorruptRecordError):
        decode_batch(buf)


def test_control_batch_is_recognised():
    marker = Record(key=struct.pack(">hh", 0, 1), value=struct.pack(">hi", 0, 5))
    buf = build_batch(
        [marker],
        10,
        base_timestamp=BASE_TS,
        producer_id=4,
        producer_epoch=0,
        transactional=True,
        control=True,
    )
    h = BatchHeader.parse(buf)
    assert h.is_control and h.is_transactional
    batch = decode_batch(buf)
    assert batch.is_control and control_record_type(batch.records[0]) == ControlRecordType.COMMIT
    theirs = KpBatch(bytearray(buf))
    assert theirs.is_control_batch and next(iter(theirs)).commit


# --- interop with kafka-python and aiokafka ---------------------------------------------------


def _their_records(batch) -> list[tuple]:
    return [(r.offset, r.timestamp, r.key, r.value, [tuple(h) for h in r.headers]) for r in batch]


def _our_records(buf: bytes) -> list[tuple]:
    return [(o, t, r.key, r.value, r.headers) for o, t, r in decode_batch(buf)]


@pytest.mark.parametrize("codec", CODECS)
@pytest.mark.parametrize("builder", [KpBuilder, AioBuilder], ids=["kafka-python", "aiokafka"])
def test_their_batches_decode_with_ours(builder, codec):
    b = builder(2, int(codec), 0, 9, 1, 100, 1 << 20)
    for i, r in enumerate(sample_records()):
        b.append(i, BASE_TS + i * 3, r.key, r.value, r.headers)
    buf = bytes(b.build())
    assert verify_crc(buf)
    batch = decode_batch(buf)
    assert [(r.key, r.value, r.headers) for r in batch.records] == [
        (r.key, r.value, r.headers) for r in sample_records()
    ]
    assert [t for _, t, _ in batch] == [BASE_TS + i * 3 for i in range(20)]
    assert (batch.producer_id, batch.producer_epoch, batch.base_sequence) == (9, 1, 100)
    assert batch.compression in (codec, Compression.NONE)  # they skip compression that does not pay
    assert _our_records(buf) == _their_records(KpBatch(bytearray(buf)))


@pytest.mark.parametrize("codec", CODECS)
@pytest.mark.parametrize("reader", [KpBatch, AioBatch], ids=["kafka-python", "aiokafka"])
def test_our_batches_decode_with_theirs(reader, codec):
    buf = build_batch(
        sample_records(), 500, codec, base_timestamp=BASE_TS, producer_id=2, producer_epoch=0, base_sequence=7
    )
    theirs = reader(bytearray(buf) if reader is KpBatch else buf)
    assert theirs.validate_crc()
    assert theirs.base_offset == 500 and theirs.compression_type == codec
    assert _their_records(theirs) == _our_records(buf)


# --- legacy MessageSet ------------------------------------------------------------------------


def _legacy_records(n: int = 10, magic: int = 1) -> list[LegacyRecord]:
    return [
        LegacyRecord(
            offset=100 + i,
            timestamp=BASE_TS + i if magic else -1,
            key=None if i % 2 else b"k%d" % i,
            value=None if i == 3 else b"v%d" % i,
            magic=magic,
        )
        for i in range(n)
    ]


def _kv(records) -> list[tuple]:
    return [(r.offset, r.timestamp, r.key, r.value) for r in records]


@pytest.mark.parametrize("codec", [Compression.NONE, Compression.GZIP, Compression.SNAPPY, Compression.LZ4])
@pytest.mark.parametrize("magic", [0, 1])
def test_legacy_round_trip(magic, codec):
    records = _legacy_records(magic=magic)
    buf = encode_legacy_message_set(records, magic, codec)
    assert magic_of(buf) == magic
    decoded = decode_legacy_message_set(buf)
    assert _kv(decoded) == _kv(records)
    assert all(r.magic == magic and r.compression == codec for r in decoded)


@pytest.mark.parametrize("codec", [Compression.NONE, Compression.GZIP, Compression.SNAPPY, Compression.LZ4])
@pytest.mark.parametrize("magic", [0, 1])
def test_legacy_ours_read_by_kafka_python(magic, codec, monkeypatch):
    monkeypatch.setattr(kafka_codec, "xxhash", _XxhashShim)  # for magic-0 lz4
    records = _legacy_records(magic=magic)
    mr = MemoryRecords(encode_legacy_message_set(records, magic, codec))
    theirs = []
    while (batch := mr.next_batch()) is not None:
        assert batch.validate_crc()
        theirs.extend(batch)
    assert [(r.offset, r.timestamp if magic else -1, r.key, r.value) for r in theirs] == _kv(records)


@pytest.mark.parametrize("codec", [Compression.NONE, Compression.GZIP, Compression.SNAPPY, Compression.LZ4])
@pytest.mark.parametrize("magic", [0, 1])
def test_legacy_kafka_python_read_by_ours(magic, codec, monkeypatch):
    monkeypatch.setattr(kafka_codec, "xxhash", _XxhashShim)  # for magic-0 lz4
    b = KpLegacyBuilder(magic, int(codec), 1 << 20)
    for i in range(10):
        b.append(i, BASE_TS + i, None if i % 2 else b"k", b"val%d" % i)
    buf = bytes(b.build())
    decoded = decode_legacy_message_set(buf)
    assert [(r.key, r.value) for r in decoded] == [(None if i % 2 else b"k", b"val%d" % i) for i in range(10)]
    assert [r.timestamp for r in decoded] == ([BASE_TS + i for i in range(10)] if magic else [-1] * 10)
    offsets = [r.offset for r in decoded]
    # a producer leaves the wrapper offset at 0, so magic-1 relative offsets end at 0
    assert offsets == [offsets[0] + i for i in range(10)]


def test_legacy_log_append_time_wrapper_overrides_timestamps():
    buf = encode_legacy_message_set(
        _legacy_records(), 1, Compression.GZIP, timestamp_type=TimestampType.LOG_APPEND_TIME
    )
    decoded = decode_legacy_message_set(buf)
    assert {r.timestamp for r in decoded} == {BASE_TS + 9}
    assert {r.timestamp_type for r in decoded} == {TimestampType.LOG_APPEND_TIME}


def test_legacy_crc_and_truncation():
    buf = encode_legacy_message_set(_legacy_records(3), 1)
    first = struct.unpack_from(">i", buf, 8)[0] + 12
    assert struct.unpack_from(">I", buf, 12)[0] == zlib.crc32(buf[16:first])
    bad = bytearray(buf)
    bad[first - 1] ^= 1
    with pytest.raises(CorruptRecordError):
        decode_legacy_message_set(bad)
    assert len(decode_legacy_message_set(bad, check_crc=False)) == 3
    with pytest.raises(CorruptRecordError):
        decode_legacy_message_set(buf[:-1])
    assert len(decode_legacy_message_set(buf[:-1], allow_partial=True)) == 2


def test_legacy_magic0_lz4_uses_broken_header_checksum():
    buf = encode_legacy_message_set(_legacy_records(magic=0), 0, Compression.LZ4)
    value = buf[12 + 4 + 2 + 4 + 4 :]  # offset, size, crc, magic+attrs, null key, value length
    with pytest.raises(RuntimeError):
        lz4.frame.decompress(value)
    assert _kv(decode_legacy_message_set(buf)) == _kv(_legacy_records(magic=0))


def test_header_struct_and_offsets_are_derived_from_the_declaration():
    """One declaration (BATCH_HEADER): the struct and field offsets the hot paths and the broker's
    segments use read the same values construct does."""
    from protocol.records import (
        ATTRIBUTES_OFFSET,
        BATCH_LENGTH_OFFSET,
        CRC_OFFSET,
        HEADER_STRUCT,
        MAGIC_OFFSET,
        MAX_TIMESTAMP_OFFSET,
        WALK_STRUCT,
    )

    buf = build_batch(
        [Record(offset_delta=i, timestamp_delta=i, key=b"k", value=b"v") for i in range(3)],
        base_offset=42,
        base_timestamp=BASE_TS,
        producer_id=7,
        producer_epoch=1,
        base_sequence=5,
    )
    h = BATCH_HEADER.parse(buf)
    assert HEADER_STRUCT.unpack_from(buf) == tuple(h[sc.name] for sc in BATCH_HEADER.subcons)
    assert WALK_STRUCT.unpack_from(buf) == (h.base_offset, h.batch_length, h.last_offset_delta)
    for offset, fmt, value in (
        (BATCH_LENGTH_OFFSET, ">i", h.batch_length),
        (MAGIC_OFFSET, ">b", h.magic),
        (CRC_OFFSET, ">I", h.crc),
        (ATTRIBUTES_OFFSET, ">h", h.attributes),
        (MAX_TIMESTAMP_OFFSET, ">q", h.max_timestamp),
    ):
        assert struct.unpack_from(fmt, buf, offset) == (value,)


def test_segments_and_jobs_share_one_log_layout():
    import broker.log.index as index
    import broker.log.segment as segment
    import jobs.segments as job_segments
    import protocol.log_files as layout
    import protocol.records as records

    assert segment.HEADER_STRUCT is records.HEADER_STRUCT
    assert index.OFFSET_ENTRY is layout.OFFSET_ENTRY is job_segments.OFFSET_ENTRY
    assert segment.LOG_SUFFIX is layout.LOG_SUFFIX is job_segments.LOG_SUFFIX

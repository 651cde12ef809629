"""Counts a peer sends are bounded before anything is allocated: arrays (classic and compact), in
the generated codecs of protocol/_codecs_hot.py (compiled where the build can) and
_codecs_cold.py and in the construct reference; tagged-field sections; a batch's records and a
record's headers. The bounds are Kafka's (protocol/primitives.py cites them)."""

from __future__ import annotations

import io
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from broker.log.validation import RecordError, validate_batches
from protocol import primitives as p
from protocol.apis import ApiKey
from protocol.codegen import HOT_APIS
from protocol.errors import ErrorCode, ProtocolDecodeError
from protocol.frames import RequestHeader, decode_request, encode_request
from protocol.messages import find_coordinator, heartbeat, metadata, offset_fetch
from protocol.records import (
    CRC_OFFSET,
    HEADER_SIZE,
    LAST_OFFSET_DELTA_OFFSET,
    MIN_RECORD_SIZE,
    CorruptRecordError,
    Record,
    build_batch,
    compute_crc,
    decode_records,
    key_values,
)
from protocol.schema import Message

MAX = p.MAX_ARRAY_ELEMENTS
HOT_FIND = find_coordinator.REQUEST  # a compact array of compact strings (fewest bytes: 1)
HOT_OFFSETS = offset_fetch.REQUEST  # a classic array of int32 (4)
COLD_METADATA = metadata.REQUEST  # a classic array of structs of one string (2)


def generated(msg: Message, version: int) -> None:
    """The codec in use is the one written by protocol/codegen.py (not generated at run time)."""
    assert msg.codec(version).source == "", f"{msg.name} v{version} is not in the generated modules"


def test_the_messages_used_here_are_hot_and_cold():
    assert ApiKey.FIND_COORDINATOR in HOT_APIS and ApiKey.OFFSET_FETCH in HOT_APIS
    assert ApiKey.METADATA not in HOT_APIS
    for msg, version in ((HOT_FIND, 4), (HOT_OFFSETS, 1), (COLD_METADATA, 1), (heartbeat.REQUEST, 4)):
        generated(msg, version)


def refused(msg: Message, data: bytes, version: int, what: str) -> None:
    """The generated codec and the construct reference both refuse, for that reason."""
    with pytest.raises(ProtocolDecodeError, match=what):
        msg.decode_from(data, 0, version)
    with pytest.raises(ProtocolDecodeError, match=what):
        msg._construct_read(io.BytesIO(data), version)


def metadata_v1(count: int, names: int) -> bytes:
    """A Metadata v1 request claiming `count` topics, followed by `names` empty topic names."""
    return struct.pack(">i", count) + b"\x00\x00" * names


@settings(max_examples=200, deadline=None)
@given(count=st.integers(0, 400), names=st.integers(0, 400))
def test_a_count_is_refused_when_its_fewest_bytes_exceed_what_is_left(count: int, names: int):
    # Each topic takes at least 2 bytes (an empty name): 2 * count must fit, not just count.
    data = metadata_v1(count, names)
    if count > names:
        refused(COLD_METADATA, data, 1, "array of")
        return
    obj, end = COLD_METADATA.decode_from(data, 0, 1)
    assert len(obj.topics) == count and end == 4 + 2 * count
    ref = COLD_METADATA._construct_read(io.BytesIO(data), 1)
    assert len(ref.topics) == count


@settings(max_examples=200, deadline=None)
@given(count=st.integers(0, 300), ints=st.integers(0, 300))
def test_fixed_width_arrays_need_every_element_present(count: int, ints: int):
    # OffsetFetch v1: group, one topic, its partition indexes (int32: 4 bytes each).
    data = (
        b"\x00\x01g" + struct.pack(">i", 1) + b"\x00\x01t" + struct.pack(">i", count) + b"\x00" * (4 * ints)
    )
    if count > ints:
        refused(HOT_OFFSETS, data, 1, "array of")
        return
    obj, _ = HOT_OFFSETS.decode_from(data, 0, 1)
    assert obj.topics[0].partition_indexes == [0] * count


def test_compact_counts_are_bounded_by_kafkas_maximum():
    # FindCoordinator v4: key type, then a compact array of compact strings (b"\x01": "").
    def find(count: int) -> bytes:
        return b"\x00" + p.encode_uvarint(count + 1) + b"\x01" * count + b"\x00"

    obj = HOT_FIND.decode(find(MAX), 4)
    assert len(obj.coordinator_keys) == MAX
    # One more: every byte is there, but Kafka refuses more than a million elements.
    refused(HOT_FIND, find(MAX + 1), 4, "more than Kafka's 1000000")
    # A count of 2**40 in a few bytes.
    refused(HOT_FIND, b"\x00" + p.encode_uvarint(2**40) + b"\x01\x00", 4, "array of")


def test_classic_counts_are_bounded_by_kafkas_maximum():
    def offsets(count: int) -> bytes:
        head = b"\x00\x01g" + struct.pack(">i", 1) + b"\x00\x01t"
        return head + struct.pack(">i", count) + b"\x00" * (4 * count)

    assert len(HOT_OFFSETS.decode(offsets(MAX), 1).topics[0].partition_indexes) == MAX
    refused(HOT_OFFSETS, offsets(MAX + 1), 1, "array of")
    refused(COLD_METADATA, metadata_v1(MAX + 1, MAX + 1), 1, "more than Kafka's 1000000")
    refused(COLD_METADATA, metadata_v1(2**31 - 1, 3), 1, "array of")


def tags(count: int) -> bytes:
    """A tagged-field section of `count` empty unknown fields, in order."""
    return p.encode_uvarint(count) + b"".join(p.encode_uvarint(t) + b"\x00" for t in range(count))


def test_tagged_field_sections_are_bounded():
    # Heartbeat v4 (flexible): group, generation, member, instance id (null), then the tags.
    body = b"\x02g" + struct.pack(">i", 1) + b"\x02m" + b"\x00"
    ok = heartbeat.REQUEST.decode(body + tags(p.MAX_TAGGED_FIELDS), 4)
    assert len(ok["_unknown_tags"]) == p.MAX_TAGGED_FIELDS
    refused(heartbeat.REQUEST, body + tags(p.MAX_TAGGED_FIELDS + 1), 4, "tagged fields")
    # A count its fields cannot fit (each takes 2 bytes at least).
    refused(heartbeat.REQUEST, body + p.encode_uvarint(50) + b"\x00" * 60, 4, "tagged fields")


def test_request_header_tagged_fields_are_bounded():
    frame = bytearray(encode_request(RequestHeader(ApiKey.API_VERSIONS, 3, 7, "c"), {}))
    # Request header v2: api key, version, correlation id, client id (int16 + "c"), tags.
    at = 2 + 2 + 4 + 3
    assert frame[at] == 0
    ok = frame[:at] + tags(p.MAX_TAGGED_FIELDS) + frame[at + 1 :]
    assert len(decode_request(ok)[0].tagged) == p.MAX_TAGGED_FIELDS
    bad = frame[:at] + tags(p.MAX_TAGGED_FIELDS + 1) + frame[at + 1 :]
    with pytest.raises(ProtocolDecodeError, match="tagged fields"):
        decode_request(bad)


@settings(max_examples=100, deadline=None)
@given(count=st.integers(0, 2**31 - 1), size=st.integers(0, 100))
def test_records_counts_must_fit_the_batch(count: int, size: int):
    data = b"\x00" * size
    if count > MAX or count * MIN_RECORD_SIZE > size:
        for read in (decode_records, key_values):
            with pytest.raises(CorruptRecordError, match="records count"):
                read(data, count)


def test_header_counts_must_fit_the_record():
    # attributes, timestamp delta, offset delta, null key, null value (zigzag -1 = 1), then a
    # header count of 3 (zigzag 6) and two empty headers (4 bytes): 3 headers need 6.
    body = b"\x00\x00\x00\x01\x01" + b"\x06" + b"\x00\x00" * 2
    record = bytes([len(body) * 2]) + body
    with pytest.raises(CorruptRecordError, match="header count"):
        decode_records(record, 1)
    ok = b"\x00\x00\x00\x01\x01" + b"\x04" + b"\x00\x00" * 2
    (decoded,) = decode_records(bytes([len(ok) * 2]) + ok, 1)
    assert decoded.headers == [("", b""), ("", b"")]


def test_produce_refuses_a_batch_whose_count_cannot_fit():
    batch = bytearray(build_batch([Record(i, 0, b"k", b"v") for i in range(3)], base_timestamp=0))
    validate_batches(bytes(batch), max_message_bytes=1 << 20)
    count_at, delta_at = HEADER_SIZE - 4, LAST_OFFSET_DELTA_OFFSET
    for count in (1000, MAX + 1):
        struct.pack_into(">i", batch, count_at, count)
        struct.pack_into(">i", batch, delta_at, count - 1)
        struct.pack_into(">I", batch, CRC_OFFSET, compute_crc(batch))
        with pytest.raises(RecordError) as e:
            validate_batches(bytes(batch), max_message_bytes=1 << 20)
        assert e.value.error_code == ErrorCode.CORRUPT_MESSAGE and "does not fit" in str(e.value)

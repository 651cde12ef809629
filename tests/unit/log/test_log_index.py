"""Kafka's sparse offset and time indexes: lookups, file formats, sanity checks."""

from __future__ import annotations

import struct

import pytest

from broker.log.index import CorruptIndexError, OffsetIndex, TimeIndex


def test_offset_index_lookup_finds_greatest_entry_at_or_below():
    idx = OffsetIndex(100)
    for off, pos in [(110, 4000), (130, 9000), (131, 12000)]:
        idx.append(off, pos)
    assert idx.lookup(99) == (100, 0)
    assert idx.lookup(100) == (100, 0)
    assert idx.lookup(110) == (110, 4000)
    assert idx.lookup(129) == (110, 4000)
    assert idx.lookup(131) == (131, 12000)
    assert idx.lookup(10**9) == (131, 12000)


def test_offset_index_file_format_is_kafkas():
    idx = OffsetIndex(1000)
    idx.append(1005, 4200)
    idx.append(1010, 8400)
    data = idx.encode()
    # int32 relative offset, int32 position, big-endian, 8 bytes per entry
    assert data == struct.pack(">iiii", 5, 4200, 10, 8400)
    assert idx.encode(1) == struct.pack(">ii", 10, 8400)
    back = OffsetIndex.decode(1000, data, log_size=10_000)
    assert back.lookup(1012) == (1010, 8400)


def test_offset_index_refuses_entries_going_backwards():
    idx = OffsetIndex(0)
    idx.append(10, 100)
    with pytest.raises(CorruptIndexError):
        idx.append(10, 200)
    with pytest.raises(CorruptIndexError):
        idx.append(11, 100)


@pytest.mark.parametrize(
    "data, log_size",
    [
        (b"\x00" * 7, 100),  # not a whole entry
        (struct.pack(">ii", 5, 500), 100),  # points past the end of the log
        (struct.pack(">iiii", 5, 50, 4, 60), 100),  # offsets go backwards
        (struct.pack(">ii", -1, 5), 100),
    ],
)
def test_offset_index_decode_rejects_inconsistent_files(data, log_size):
    with pytest.raises(CorruptIndexError):
        OffsetIndex.decode(0, data, log_size)


def test_offset_index_full_and_truncate():
    idx = OffsetIndex(0, max_bytes=24)
    for i in range(3):
        idx.append(i + 1, (i + 1) * 100)
    assert idx.is_full
    idx.truncate_to_position(200)
    assert len(idx) == 1 and idx.last_entry == (1, 100)


def test_time_index_only_grows_and_looks_up():
    ti = TimeIndex(50)
    assert ti.maybe_append(1000, 55)
    assert not ti.maybe_append(1000, 56)  # same timestamp: no entry
    assert not ti.maybe_append(900, 57)
    assert ti.maybe_append(2000, 60)
    assert ti.lookup(999) == (-1, 50)
    assert ti.lookup(1500) == (1000, 55)
    assert ti.lookup(5000) == (2000, 60)
    assert ti.encode() == struct.pack(">qiqi", 1000, 5, 2000, 10)
    back = TimeIndex.decode(50, ti.encode())
    assert back.last_entry == (2000, 60)
    ti.truncate_to_offset(60)
    assert ti.last_entry == (1000, 55)


def test_time_index_decode_tolerates_repeated_last_entry_but_not_going_back():
    data = struct.pack(">qiqi", 1000, 5, 1000, 5)
    assert len(TimeIndex.decode(0, data)) == 1
    with pytest.raises(CorruptIndexError):
        TimeIndex.decode(0, struct.pack(">qiqi", 2000, 5, 1000, 6))

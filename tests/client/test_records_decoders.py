"""The C accelerator (client/_crecords.c) and the pure-Python code agree: the record decoders
give the same ConsumerRecords for every batch, and the same error class for every malformed or
truncated body (never a crash of the process); the record encoders give the same bytes;
murmur2 gives the same hash."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from client import records as client_records
from client.partitioner import _pure_murmur2
from client.records import CorruptRecordsError, _parse_records, decode_records
from client.structs import ConsumerRecord, TopicPartition
from protocol.records import HEADER_SIZE, Record, append_record, build_batch

_crecords: Any = pytest.importorskip("client._crecords", reason="the C accelerator is not built here")
c_parse = _crecords.parse_records
c_murmur2 = _crecords.murmur2
c_append_record = _crecords.append_record

TP = TopicPartition("t", 3)

headers_st = st.lists(st.tuples(st.text(max_size=8), st.one_of(st.none(), st.binary(max_size=8))), max_size=3)
record_st = st.builds(
    Record,
    offset_delta=st.integers(0, 2**31 - 1),
    timestamp_delta=st.integers(-(2**40), 2**40),
    key=st.one_of(st.none(), st.binary(max_size=300)),
    value=st.one_of(st.none(), st.binary(max_size=20_000)),
    headers=headers_st,
)


def body_of(records: list[Record]) -> bytes:
    return build_batch(records, base_offset=0, base_timestamp=1_700_000_000_000)[HEADER_SIZE:]


def outcome(parse: Any, body: bytes, count: int, start: int, **kw: Any) -> tuple[str, Any]:
    args = dict(
        base_offset=kw.get("base_offset", 100),
        base_ts=kw.get("base_ts", 1_700_000_000_000),
        log_append=kw.get("log_append", False),
        max_ts=kw.get("max_ts", 1_700_000_000_999),
        epoch=kw.get("epoch", 7),
        kd=kw.get("kd"),
        vd=kw.get("vd"),
    )
    out: list[ConsumerRecord] = []
    try:
        parse(
            body,
            count,
            TP.topic,
            TP.partition,
            args["base_offset"],
            args["base_ts"],
            args["log_append"],
            args["max_ts"],
            args["epoch"],
            start,
            args["kd"],
            args["vd"],
            out,
        )
    except Exception as e:  # the class is what both must agree on
        return "error", type(e)
    return "ok", out


def same(body: bytes, count: int, start: int = 0, **kw: Any) -> tuple[str, Any]:
    a = outcome(_parse_records, body, count, start, **kw)
    b = outcome(c_parse, body, count, start, **kw)
    assert a == b
    if a[0] == "ok":
        assert all(type(r) is ConsumerRecord for r in b[1])
    return a


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(record_st, max_size=12), st.integers(0, 2**31), st.booleans())
def test_well_formed_batches_decode_the_same(records: list[Record], start: int, log_append: bool) -> None:
    body = body_of(records)
    kind, out = same(body, len(records), start, log_append=log_append)
    assert kind == "ok"
    expected = [r for r in records if 100 + r.offset_delta >= start]
    assert [(r.offset, r.key, r.value, list(r.headers)) for r in out] == [
        (100 + e.offset_delta, e.key, e.value, e.headers) for e in expected
    ]


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(record_st, min_size=1, max_size=6), st.data())
def test_damaged_batches_fail_the_same(records: list[Record], data: st.DataObject) -> None:
    body = bytearray(body_of(records))
    how = data.draw(st.sampled_from(["truncate", "flip", "insert", "count"]))
    count = len(records)
    if how == "truncate":
        del body[data.draw(st.integers(0, len(body) - 1)) :]
    elif how == "flip":
        for _ in range(data.draw(st.integers(1, 4))):
            body[data.draw(st.integers(0, len(body) - 1))] = data.draw(st.integers(0, 255))
    elif how == "insert":
        at = data.draw(st.integers(0, len(body)))
        body[at:at] = data.draw(st.binary(min_size=1, max_size=12))
    else:
        count = data.draw(st.integers(-3, count + 3))
    same(bytes(body), count)


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=64), st.integers(-2, 8), st.integers(-(2**63), 2**63 - 1))
def test_arbitrary_bytes_fail_or_decode_the_same(body: bytes, count: int, base: int) -> None:
    same(body, count, -(2**63), base_offset=base, base_ts=base)


def test_overlong_and_negative_fields_are_corrupt_in_both() -> None:
    from protocol.records import CorruptRecordError

    overlong = b"\x10\x00" + b"\xff" * 10 + b"\x00"  # a timestamp delta varint of 11 bytes
    negative_key = b"\x10\x00\x00\x00\x05"  # key length -3
    for body in (overlong, negative_key):
        assert same(body, 1) == ("error", CorruptRecordError)
    assert same(b"\x0c\x00\x00\x00\x01\x01\x00\x99", 1) == ("error", CorruptRecordError)  # a byte left
    assert same(b"\x0c\x00\x00\x00\x01\x01", 1) == ("error", IndexError)  # no headers count


def test_offsets_and_timestamps_past_64_bits_are_python_ints() -> None:
    body = body_of([Record(offset_delta=5, timestamp_delta=5)])
    _, out = same(body, 1, base_offset=2**63 - 2, base_ts=2**63 - 1)
    assert out[0].offset == 2**63 + 3 and out[0].timestamp == 2**63 + 4


def test_deserializers_run_and_their_errors_propagate() -> None:
    body = body_of([Record(0, 0, b"k", b"v", [("h", b"x")])])
    _, out = same(body, 1, kd=bytes.upper, vd=lambda v: v * 2)
    assert out[0][5:8] == (b"K", b"vv", (("h", b"x"),))

    def boom(_v: bytes | None) -> Any:
        raise KeyError("deserializer")

    assert same(body, 1, vd=boom) == ("error", KeyError)


def test_decode_records_is_the_same_with_either_decoder(monkeypatch: pytest.MonkeyPatch) -> None:
    data = build_batch([Record(i, i, None, b"v%d" % i) for i in range(5)], base_offset=10)
    data += build_batch([Record(0, 0, b"k", b"w")], base_offset=15)[:-3]  # a torn tail
    results = []
    for parse in (_parse_records, c_parse):
        monkeypatch.setattr(client_records, "parse_records", parse)
        results.append(decode_records(data, TP, 12))
    assert results[0] == results[1]
    assert [r.offset for r in results[0][0]] == [12, 13, 14]
    bad = bytearray(build_batch([Record(0, 0, None, b"v")]))
    bad[-1] = 0x80  # the headers count of the only record: a varint cut short
    for parse in (_parse_records, c_parse):
        monkeypatch.setattr(client_records, "parse_records", parse)
        with pytest.raises(CorruptRecordsError):
            decode_records(bytes(bad), TP, 0, check_crc=False)


def test_the_accelerator_is_used_unless_forced_off() -> None:
    code = (
        "import client.records as r, client.partitioner as p;"
        "print(r.ACCELERATED, r.parse_records.__module__, p.murmur2.__module__)"
    )
    env = {**os.environ, "KBROKER_PURE_PYTHON": "1"}
    pure = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    env.pop("KBROKER_PURE_PYTHON")
    fast = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert pure.stdout.split() == ["False", "client.records", "client.partitioner"]
    assert fast.stdout.split() == ["True", "client._crecords", "client._crecords"]


@given(st.binary(max_size=200))
def test_murmur2_is_the_same_in_c(data: bytes) -> None:
    assert c_murmur2(data) == _pure_murmur2(data)


@settings(max_examples=300, deadline=None)
@given(
    st.binary(max_size=5),
    st.integers(0, 2**31 - 1),
    st.integers(-(2**63), 2**63 - 1),
    st.one_of(st.none(), st.binary(max_size=300)),
    st.one_of(st.none(), st.binary(max_size=20_000)),
    headers_st,
)
def test_record_encoders_give_the_same_bytes(
    prefix: bytes,
    offset_delta: int,
    ts_delta: int,
    key: bytes | None,
    value: bytes | None,
    headers: list[tuple[str, bytes | None]],
) -> None:
    pure, fast = bytearray(prefix), bytearray(prefix)
    n = append_record(pure, offset_delta, ts_delta, key, value, headers)
    assert c_append_record(fast, offset_delta, ts_delta, key, value, headers) == n
    assert fast == pure and len(pure) == len(prefix) + n


def test_a_records_count_past_the_batch_is_refused_before_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    monkeypatch.setattr(client_records, "parse_records", lambda *args: calls.append(args))
    for count in (100, 1_000_001):  # 100 records need 700 bytes at least; over Kafka's bound
        bad = bytearray(build_batch([Record(0, 0, None, b"v")]))
        bad[HEADER_SIZE - 4 : HEADER_SIZE] = count.to_bytes(4, "big")
        with pytest.raises(CorruptRecordsError, match="records count"):
            decode_records(bytes(bad), TP, 0, check_crc=False)
    assert calls == []

"""The columnar decoder's per-record scan in C (jobs/_cscan.c) against its Python one
(jobs/columnar.py `_scan_py` and `_key_ids`): the same fields and key ids for any record bodies,
valid or not, and NotFast (the record-by-record path) for the same bodies."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jobs import columnar as C
from jobs.columnar import _PAD, ColumnarDecoder, NotFast, _scan_py, arrow_schema

pytestmark = pytest.mark.skipif(C._cscan is None, reason="jobs/_cscan.c is not built")


def zigzag(n: int) -> bytes:
    v = (n << 1) ^ (n >> 63)
    v &= (1 << 64) - 1
    out = bytearray()
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def record(ts: int, od: int, key: bytes | None, value: bytes | None, headers: int) -> bytes:
    body = b"\x00" + zigzag(ts) + zigzag(od)
    body += zigzag(-1) if key is None else zigzag(len(key)) + key
    body += zigzag(-1) if value is None else zigzag(len(value)) + value
    body += zigzag(headers) + b"\x00\x00" * headers  # a header: empty key, null-length value
    return zigzag(len(body)) + body


records = st.builds(
    record,
    st.integers(-(2**40), 2**40),
    st.integers(0, 2**31 - 1),
    st.one_of(st.none(), st.sampled_from([b"", b"k1", b"k2", b"\x00\x01group"])),
    st.one_of(st.none(), st.binary(max_size=20)),
    st.sampled_from([0, 0, 0, 1]),
)


def scan_both(buf: bytes, bounds: list[tuple[int, int, int]]) -> tuple[object, object]:
    n = sum(c for _s, _e, c in bounds)
    py = ColumnarDecoder(["offset"], arrow_schema(["offset"]))
    c = ColumnarDecoder(["offset"], arrow_schema(["offset"]))
    try:
        fields = _scan_py(buf, bounds, n)
        kid = py._key_ids(buf, fields[2], fields[3])
        want: object = ([f.tolist() for f in fields], kid.tolist(), list(py._keys.items()))
    except NotFast:
        want = NotFast
    try:
        got_fields = c._scan_c(buf, bounds, n)
        got: object = ([f.tolist() for f in got_fields[:6]], got_fields[6].tolist(), list(c._keys.items()))
    except NotFast:
        got = NotFast
    return want, got


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(records, min_size=1, max_size=6), min_size=1, max_size=4))
def test_valid_records_scan_the_same(batches: list[list[bytes]]) -> None:
    parts, bounds, at = [], [], 0
    for recs in batches:
        body = b"".join(recs)
        parts.append(body)
        bounds.append((at, at + len(body), len(recs)))
        at += len(body)
    want, got = scan_both(b"".join(parts) + bytes(_PAD), bounds)
    assert got == want


@settings(max_examples=500, deadline=None)
@given(st.lists(records, min_size=1, max_size=5), st.data())
def test_damaged_records_scan_the_same(recs: list[bytes], data: st.DataObject) -> None:
    body = bytearray(b"".join(recs))
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(body) - 1))
        body[i] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(0, 2))
    body = body[: len(body) - cut] if cut < len(body) else body
    count = len(recs) + data.draw(st.integers(-1, 1))
    want, got = scan_both(bytes(body) + bytes(_PAD), [(0, len(body), max(count, 0))])
    assert got == want

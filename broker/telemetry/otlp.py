"""The few fields of an OpenTelemetry `MetricsData` protobuf (opentelemetry-proto's
metrics/v1/metrics.proto) that the Prometheus endpoint shows: each metric's name and its data
points' attributes and values. A hand-written protobuf wire reader: the full generated classes
(protobuf + opentelemetry-proto) would be a heavy run dependency for five message types.

Pure: bytes in, `Point`s out; a malformed payload raises `OtlpError`."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass

_VARINT, _I64, _LEN, _I32 = 0, 1, 2, 5


class OtlpError(ValueError):
    """The payload is not a MetricsData protobuf."""


@dataclass(frozen=True, slots=True)
class Point:
    """One sample: a gauge's or a sum's value, or a histogram's count and sum (`suffix`)."""

    metric: str
    attributes: tuple[tuple[str, str], ...]
    value: float
    suffix: str = ""  # "_count" / "_sum" for a histogram's or summary's parts


def _varint(buf: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        if pos >= len(buf) or shift > 63:
            raise OtlpError("truncated varint")
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            return result, pos
        shift += 7


def _fields(buf: bytes) -> Iterator[tuple[int, int, int | bytes]]:
    """(field number, wire type, value): an int for varint/fixed fields, bytes for the rest."""
    pos = 0
    while pos < len(buf):
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        value: int | bytes
        if wire == _VARINT:
            value, pos = _varint(buf, pos)
        elif wire == _I64:
            if pos + 8 > len(buf):
                raise OtlpError("truncated fixed64")
            value, pos = int.from_bytes(buf[pos : pos + 8], "little"), pos + 8
        elif wire == _LEN:
            size, pos = _varint(buf, pos)
            if pos + size > len(buf):
                raise OtlpError("truncated length-delimited field")
            value, pos = buf[pos : pos + size], pos + size
        elif wire == _I32:
            if pos + 4 > len(buf):
                raise OtlpError("truncated fixed32")
            value, pos = int.from_bytes(buf[pos : pos + 4], "little"), pos + 4
        else:
            raise OtlpError(f"unsupported wire type {wire}")
        yield number, wire, value


def _double(bits: int) -> float:
    return float(struct.unpack("<d", bits.to_bytes(8, "little"))[0])


def _signed64(bits: int) -> int:
    return bits - (1 << 64) if bits >= 1 << 63 else bits


def _any_value(buf: bytes) -> str:
    """AnyValue: string 1, bool 2, int 3, double 4 (the scalar kinds clients use as attributes)."""
    for number, _, value in _fields(buf):
        if number == 1 and isinstance(value, bytes):
            return value.decode("utf-8", "replace")
        if number == 2 and isinstance(value, int):
            return "true" if value else "false"
        if number == 3 and isinstance(value, int):
            return str(_signed64(value))
        if number == 4 and isinstance(value, int):
            return repr(_double(value))
    return ""


def _attributes(items: list[bytes]) -> tuple[tuple[str, str], ...]:
    """KeyValue: key 1, value 2."""
    out = []
    for kv in items:
        key, value = "", ""
        for number, _, v in _fields(kv):
            if number == 1 and isinstance(v, bytes):
                key = v.decode("utf-8", "replace")
            elif number == 2 and isinstance(v, bytes):
                value = _any_value(v)
        out.append((key, value))
    return tuple(sorted(out))


def _number_point(name: str, buf: bytes) -> Point | None:
    """NumberDataPoint: as_double 4 (double), as_int 6 (sfixed64), attributes 7."""
    attrs: list[bytes] = []
    value: float | None = None
    for number, wire, v in _fields(buf):
        if number == 7 and isinstance(v, bytes):
            attrs.append(v)
        elif number == 4 and wire == _I64 and isinstance(v, int):
            value = _double(v)
        elif number == 6 and wire == _I64 and isinstance(v, int):
            value = float(_signed64(v))
    return None if value is None else Point(name, _attributes(attrs), value)


def _distribution_points(name: str, buf: bytes, attrs_field: int) -> Iterator[Point]:
    """HistogramDataPoint (attributes 9) / SummaryDataPoint (attributes 7): count 4, sum 5."""
    attrs: list[bytes] = []
    count: float | None = None
    total: float | None = None
    for number, wire, v in _fields(buf):
        if number == attrs_field and isinstance(v, bytes):
            attrs.append(v)
        elif number == 4 and wire == _I64 and isinstance(v, int):
            count = float(v)
        elif number == 5 and wire == _I64 and isinstance(v, int):
            total = _double(v)
    labels = _attributes(attrs)
    if count is not None:
        yield Point(name, labels, count, "_count")
    if total is not None:
        yield Point(name, labels, total, "_sum")


def _metric(buf: bytes) -> Iterator[Point]:
    """Metric: name 1; gauge 5 and sum 7 (data_points 1: NumberDataPoint), histogram 9
    (HistogramDataPoint), summary 11 (SummaryDataPoint). Exponential histograms are skipped."""
    name = ""
    bodies: list[tuple[int, bytes]] = []
    for number, _, v in _fields(buf):
        if number == 1 and isinstance(v, bytes):
            name = v.decode("utf-8", "replace")
        elif number in (5, 7, 9, 11) and isinstance(v, bytes):
            bodies.append((number, v))
    for kind, body in bodies:
        for number, _, v in _fields(body):
            if number != 1 or not isinstance(v, bytes):
                continue
            if kind in (5, 7):
                if (point := _number_point(name, v)) is not None:
                    yield point
            else:
                yield from _distribution_points(name, v, 9 if kind == 9 else 7)


def decode_metrics_data(payload: bytes) -> list[Point]:
    """MetricsData: resource_metrics 1 → ResourceMetrics: scope_metrics 2 → ScopeMetrics:
    metrics 2. Resource attributes (ResourceMetrics 1 → Resource 1) are added to each point."""
    points: list[Point] = []
    for number, _, resource_metrics in _fields(payload):
        if number != 1 or not isinstance(resource_metrics, bytes):
            continue
        resource_attrs: list[bytes] = []
        scopes: list[bytes] = []
        for n, _, v in _fields(resource_metrics):
            if n == 1 and isinstance(v, bytes):
                resource_attrs += [a for k, _, a in _fields(v) if k == 1 and isinstance(a, bytes)]
            elif n == 2 and isinstance(v, bytes):
                scopes.append(v)
        common = _attributes(resource_attrs)
        for scope in scopes:
            for n, _, metric in _fields(scope):
                if n == 2 and isinstance(metric, bytes):
                    points += (
                        Point(p.metric, tuple(sorted({*common, *p.attributes})), p.value, p.suffix)
                        for p in _metric(metric)
                    )
    return points

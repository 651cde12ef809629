"""Fetched record data -> ConsumerRecords: the consumer's hot path, kept lean.

The batch headers come from `protocol.records` (`iter_batches`, CRC-32C once per batch, codecs);
the records of each batch are read straight into ConsumerRecords, without intermediate objects,
by `parse_records`: the C decoder of client/_crecords.c when it is built (client/accel.py), else
`_parse_records` here, which behaves the same (tests/client/test_records_decoders.py).
Legacy message sets (magic 0/1, from old brokers or old data) go through the protocol decoder.
"""

from __future__ import annotations

import contextlib
import heapq
from collections.abc import Callable, Iterator
from typing import Any

from client.accel import accelerator
from client.errors import KafkaError
from client.structs import ConsumerRecord, TopicPartition
from protocol.compression import CODEC_MASK, CompressionError, decompress
from protocol.legacy_records import decode_legacy_message_set
from protocol.records import (
    HEADER_SIZE,
    ControlRecordType,
    CorruptRecordError,
    check_records_count,
    compute_crc,
    iter_batches,
    magic_of,
)

Deserializer = Callable[[bytes | None], Any] | None


class CorruptRecordsError(KafkaError):
    """Fetched record data failed its CRC or does not parse."""


_MASK64 = (1 << 64) - 1


def _varint(buf: bytes, pos: int) -> tuple[int, int]:
    """A zigzag varint of up to 10 bytes (bits past 64 dropped, as a Java varlong)."""
    b = buf[pos]
    pos += 1
    if b < 0x80:
        return (b >> 1) ^ -(b & 1), pos
    result = b & 0x7F
    shift = 7
    while True:
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            result &= _MASK64
            return (result >> 1) ^ -(result & 1), pos
        shift += 7
        if shift > 63:
            raise CorruptRecordError("varint longer than 10 bytes")


def _length(buf: bytes, pos: int, what: str) -> tuple[int, int]:
    """A varint length that is -1 (null) or more."""
    n, pos = _varint(buf, pos)
    if n < -1:
        raise CorruptRecordError(f"negative {what} length {n}")
    return n, pos


def _parse_records(
    body: bytes,
    count: int,
    topic: str,
    partition: int,
    base_offset: int,
    base_ts: int,
    log_append: bool,
    max_ts: int,
    epoch: int,
    start: int,
    kd: Deserializer,
    vd: Deserializer,
    out: list[ConsumerRecord],
) -> None:
    """The pure-Python record decoder; client/_crecords.c has the same contract (module docstring)."""
    # The one- and two-byte cases of the zigzag varints are inlined (deltas and lengths of
    # records up to 8 KB): this loop runs once per record consumed.
    ts_type = 1 if log_append else 0
    pos = 0
    varint = _varint
    append = out.append
    make = tuple.__new__  # builds the ConsumerRecord NamedTuple without its Python-level __new__
    record = ConsumerRecord
    no_headers = ()
    for _ in range(count):
        # length (skipped: the fields below tell where the record ends) and attributes
        if body[pos] < 0x80:
            pos += 2
        elif body[pos + 1] < 0x80:
            pos += 3
        else:
            _n, pos = varint(body, pos)
            pos += 1
        b = body[pos]
        if b < 0x80:
            ts_delta = (b >> 1) ^ -(b & 1)
            pos += 1
        else:
            c = body[pos + 1]
            if c < 0x80:
                raw = (b & 0x7F) | (c << 7)
                ts_delta = (raw >> 1) ^ -(raw & 1)
                pos += 2
            else:
                ts_delta, pos = varint(body, pos)
        b = body[pos]
        if b < 0x80:
            offset_delta = (b >> 1) ^ -(b & 1)
            pos += 1
        else:
            c = body[pos + 1]
            if c < 0x80:
                raw = (b & 0x7F) | (c << 7)
                offset_delta = (raw >> 1) ^ -(raw & 1)
                pos += 2
            else:
                offset_delta, pos = varint(body, pos)
        b = body[pos]
        if b == 1:  # null key
            key = None
            pos += 1
        else:
            if b < 0x80 and not b & 1:
                n = b >> 1
                pos += 1
            else:
                n, pos = _length(body, pos, "key")
            if n < 0:
                key = None
            else:
                key = body[pos : pos + n]
                pos += n
        b = body[pos]
        if b == 1:  # null value
            value = None
            pos += 1
        else:
            if b & 1:  # a negative length: only -1 (null, handled above) is valid
                n, pos = _length(body, pos, "value")
            elif b < 0x80:
                n = b >> 1
                pos += 1
            elif body[pos + 1] < 0x80:
                n = ((b & 0x7F) | (body[pos + 1] << 7)) >> 1
                pos += 2
            else:
                n, pos = _length(body, pos, "value")
            if n < 0:
                value = None
            else:
                value = body[pos : pos + n]
                pos += n
        if body[pos] == 0:
            headers: tuple[tuple[str, bytes | None], ...] = no_headers
            pos += 1
        else:
            pairs = []
            header_count, pos = varint(body, pos)
            for _h in range(header_count):
                n, pos = varint(body, pos)
                if n < 0:
                    raise CorruptRecordError(f"negative header key length {n}")
                hkey = body[pos : pos + n].decode()
                pos += n
                n, pos = _length(body, pos, "header value")
                if n >= 0:
                    hvalue: bytes | None = body[pos : pos + n]
                    pos += n
                else:
                    hvalue = None
                pairs.append((hkey, hvalue))
            headers = tuple(pairs)
        offset = base_offset + offset_delta
        if offset < start:
            continue
        append(
            make(
                record,
                (
                    topic,
                    partition,
                    offset,
                    max_ts if log_append else base_ts + ts_delta,
                    ts_type,
                    kd(key) if kd else key,
                    vd(value) if vd else value,
                    headers,
                    epoch,
                ),
            )
        )
    if pos != len(body):
        raise CorruptRecordError(f"{len(body) - pos} bytes left after the records of a batch")


ACCELERATED = accelerator is not None  # whether the consumer decodes records in C (client/accel.py)
parse_records: Callable[..., None] = accelerator.parse_records if accelerator is not None else _parse_records


def fetch_end(data: bytes, start: int) -> int:
    """The offset to fetch after this record data: past its last complete batch (at least `start`)."""
    if len(data) > 16 and magic_of(data) < 2:
        legacy = decode_legacy_message_set(data, check_crc=False, allow_partial=True)
        return max(start, legacy[-1].offset + 1) if legacy else start
    end = start
    with contextlib.suppress(CorruptRecordError):
        for _pos, h in iter_batches(data):
            end = max(end, h.base_offset + h.last_offset_delta + 1)
    return end


def iter_records(
    data: bytes,
    tp: TopicPartition,
    start: int,
    kd: Deserializer = None,
    vd: Deserializer = None,
    *,
    check_crc: bool = True,
    aborted: list[Any] | None = None,
) -> Iterator[list[ConsumerRecord]]:
    """The records at offsets >= `start` in a Fetch answer's record data, a batch at a time,
    decoded as they are asked for. `aborted` (read_committed) is the answer's aborted
    transactions list; their records and all control records are skipped. Raises
    CorruptRecordsError at a batch that fails its CRC or does not parse."""
    if len(data) > 16 and magic_of(data) < 2:
        yield _decode_legacy(data, tp, start, kd, vd, check_crc)
        return
    aborted_heap = [(a.first_offset, a.producer_id) for a in aborted] if aborted is not None else None
    if aborted_heap:
        heapq.heapify(aborted_heap)
    aborted_pids: set[int] = set()
    try:
        for pos, h in iter_batches(data):
            if check_crc and h.crc != compute_crc(data, pos, h.size):
                raise CorruptRecordsError(f"record batch at offset {h.base_offset} of {tp} fails its CRC")
            batch_next = h.base_offset + h.last_offset_delta + 1
            if batch_next <= start:
                continue
            if aborted_heap is not None and h.producer_id >= 0:
                while aborted_heap and aborted_heap[0][0] <= batch_next - 1:
                    aborted_pids.add(heapq.heappop(aborted_heap)[1])
                if h.attributes & 0x10 and not h.attributes & 0x20 and h.producer_id in aborted_pids:
                    continue
            body: bytes = data[pos + HEADER_SIZE : pos + h.size]
            codec = h.attributes & CODEC_MASK
            if codec:
                body = decompress(codec, body)
            if h.attributes & 0x20:  # control batch: transaction markers, never handed out
                if aborted_heap is not None and _is_abort_marker(body):
                    aborted_pids.discard(h.producer_id)
                continue
            # A count above Kafka's bound or past what the body holds: refused before the loop
            # (the C decoder's too) takes a step.
            check_records_count(h.records_count, len(body))
            out: list[ConsumerRecord] = []
            parse_records(
                body,
                h.records_count,
                tp.topic,
                tp.partition,
                h.base_offset,
                h.base_timestamp,
                bool(h.attributes & 0x08),
                h.max_timestamp,
                h.partition_leader_epoch,
                start,
                kd,
                vd,
                out,
            )
            if out:
                yield out
    except (CorruptRecordError, CompressionError, IndexError, UnicodeDecodeError) as e:
        raise CorruptRecordsError(f"bad record data for {tp}: {e}") from e


def decode_records(
    data: bytes | memoryview,
    tp: TopicPartition,
    start: int,
    kd: Deserializer = None,
    vd: Deserializer = None,
    *,
    check_crc: bool = True,
    aborted: list[Any] | None = None,
) -> tuple[list[ConsumerRecord], int]:
    """All the records of `iter_records` at once, and the offset to fetch next. After a bad
    batch: the good records before it and the bad batch's offset (so the next fetch fails there);
    with no good record, the error."""
    buf = data if isinstance(data, bytes) else bytes(data)
    out: list[ConsumerRecord] = []
    try:
        for records in iter_records(buf, tp, start, kd, vd, check_crc=check_crc, aborted=aborted):
            out += records
    except CorruptRecordsError:
        if out:
            return out, out[-1].offset + 1
        raise
    return out, fetch_end(buf, start)


def _is_abort_marker(body: bytes) -> bool:
    try:
        pos = 0
        _length, pos = _varint(body, pos)
        pos += 1
        _ts, pos = _varint(body, pos)
        _od, pos = _varint(body, pos)
        n, pos = _varint(body, pos)
        key = body[pos : pos + n]
        return len(key) >= 4 and int.from_bytes(key[2:4], "big", signed=True) == ControlRecordType.ABORT
    except (IndexError, CorruptRecordError):
        return False


def _decode_legacy(
    data: bytes | memoryview,
    tp: TopicPartition,
    start: int,
    kd: Deserializer,
    vd: Deserializer,
    check_crc: bool,
) -> list[ConsumerRecord]:
    try:
        legacy = decode_legacy_message_set(data, check_crc=check_crc, allow_partial=True)
    except CorruptRecordError as e:
        raise CorruptRecordsError(f"bad legacy record data for {tp}: {e}") from e
    return [
        ConsumerRecord(
            tp.topic,
            tp.partition,
            r.offset,
            r.timestamp,
            int(r.timestamp_type),
            kd(r.key) if kd else r.key,
            vd(r.value) if vd else r.value,
        )
        for r in legacy
        if r.offset >= start
    ]

"""Fetched record data -> ConsumerRecords: the consumer's hot path, kept lean.

The batch headers come from `protocol.records` (`iter_batches`, CRC-32C, codecs); the records of
each batch are read here straight into ConsumerRecords, without intermediate objects.
Legacy message sets (magic 0/1, from old brokers or old data) go through the protocol decoder.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import Any

from client.errors import KafkaError
from client.structs import ConsumerRecord, TopicPartition
from protocol.compression import CODEC_MASK, CompressionError, decompress
from protocol.records import (
    HEADER_SIZE,
    ControlRecordType,
    CorruptRecordError,
    compute_crc,
    decode_legacy_message_set,
    iter_batches,
    magic_of,
)

Deserializer = Callable[[bytes | None], Any] | None


class CorruptRecordsError(KafkaError):
    """Fetched record data failed its CRC or does not parse."""


def _varint(buf: bytes, pos: int) -> tuple[int, int]:
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
            return (result >> 1) ^ -(result & 1), pos
        shift += 7


def _parse_records(body: bytes, count: int, tp: TopicPartition, base_offset: int, base_ts: int, log_append: bool,
                   max_ts: int, epoch: int, start: int, kd: Deserializer, vd: Deserializer,
                   out: list[ConsumerRecord]) -> None:
    # Varints are inlined for their one-byte case (most deltas and short lengths): this loop
    # runs once per record consumed.
    topic, partition = tp
    ts_type = 1 if log_append else 0
    pos = 0
    varint = _varint
    append = out.append
    record = ConsumerRecord
    for _ in range(count):
        b = body[pos]
        if b < 0x80:
            pos += 1
        else:
            _n, pos = varint(body, pos)
        pos += 1  # attributes
        b = body[pos]
        if b < 0x80:
            ts_delta = (b >> 1) ^ -(b & 1)
            pos += 1
        else:
            ts_delta, pos = varint(body, pos)
        b = body[pos]
        if b < 0x80:
            offset_delta = (b >> 1) ^ -(b & 1)
            pos += 1
        else:
            offset_delta, pos = varint(body, pos)
        b = body[pos]
        if b < 0x80:
            n = (b >> 1) ^ -(b & 1)
            pos += 1
        else:
            n, pos = varint(body, pos)
        if n >= 0:
            key = body[pos:pos + n]
            pos += n
        else:
            key = None
        b = body[pos]
        if b < 0x80:
            n = (b >> 1) ^ -(b & 1)
            pos += 1
        else:
            n, pos = varint(body, pos)
        if n >= 0:
            value = body[pos:pos + n]
            pos += n
        else:
            value = None
        b = body[pos]
        headers = []
        if b == 0:
            pos += 1
        else:
            header_count, pos = varint(body, pos)
            for _h in range(header_count):
                n, pos = varint(body, pos)
                hkey = body[pos:pos + n].decode()
                pos += n
                n, pos = varint(body, pos)
                if n >= 0:
                    hvalue: bytes | None = body[pos:pos + n]
                    pos += n
                else:
                    hvalue = None
                headers.append((hkey, hvalue))
        offset = base_offset + offset_delta
        if offset < start:
            continue
        append(record(
            topic, partition, offset, max_ts if log_append else base_ts + ts_delta, ts_type,
            kd(key) if kd else key, vd(value) if vd else value, headers, epoch,
        ))
    if pos != len(body):
        raise CorruptRecordsError(f"{len(body) - pos} bytes left after the records of a batch of {tp}")


def decode_records(data: bytes | memoryview, tp: TopicPartition, start: int, kd: Deserializer = None,
                   vd: Deserializer = None, *, check_crc: bool = True,
                   aborted: list[Any] | None = None) -> tuple[list[ConsumerRecord], int]:
    """The records at offsets >= `start` in a Fetch answer's record data, and the offset to fetch
    next. `aborted` (read_committed) is the answer's aborted transactions list; their records
    and all control records are skipped."""
    out: list[ConsumerRecord] = []
    next_offset = start
    if len(data) > 16 and magic_of(data) < 2:
        return _decode_legacy(data, tp, start, kd, vd, check_crc)
    buf = data if isinstance(data, bytes) else bytes(data)
    aborted_heap = [(a.first_offset, a.producer_id) for a in aborted] if aborted is not None else None
    if aborted_heap:
        heapq.heapify(aborted_heap)
    aborted_pids: set[int] = set()
    try:
        for pos, h in iter_batches(buf):
            if check_crc and h.crc != compute_crc(buf, pos, h.size):
                raise CorruptRecordsError(f"record batch at offset {h.base_offset} of {tp} fails its CRC")
            batch_next = h.base_offset + h.last_offset_delta + 1
            if batch_next <= start:
                continue
            next_offset = max(next_offset, batch_next)
            if aborted_heap is not None and h.producer_id >= 0:
                while aborted_heap and aborted_heap[0][0] <= batch_next - 1:
                    aborted_pids.add(heapq.heappop(aborted_heap)[1])
                if h.attributes & 0x10 and not h.attributes & 0x20 and h.producer_id in aborted_pids:
                    continue
            body: bytes = buf[pos + HEADER_SIZE:pos + h.size]
            codec = h.attributes & CODEC_MASK
            if codec:
                body = decompress(codec, body)
            if h.attributes & 0x20:  # control batch: transaction markers, never handed out
                if aborted_heap is not None and _is_abort_marker(body):
                    aborted_pids.discard(h.producer_id)
                continue
            _parse_records(body, h.records_count, tp, h.base_offset, h.base_timestamp, bool(h.attributes & 0x08),
                           h.max_timestamp, h.partition_leader_epoch, start, kd, vd, out)
    except (CorruptRecordError, CompressionError, IndexError, UnicodeDecodeError) as e:
        if out:  # hand out what was good; the next fetch starts at the bad batch and fails there
            return out, out[-1].offset + 1
        raise CorruptRecordsError(f"bad record data for {tp}: {e}") from e
    return out, next_offset


def _is_abort_marker(body: bytes) -> bool:
    try:
        pos = 0
        _length, pos = _varint(body, pos)
        pos += 1
        _ts, pos = _varint(body, pos)
        _od, pos = _varint(body, pos)
        n, pos = _varint(body, pos)
        key = body[pos:pos + n]
        return len(key) >= 4 and int.from_bytes(key[2:4], "big", signed=True) == ControlRecordType.ABORT
    except IndexError:
        return False


def _decode_legacy(data: bytes | memoryview, tp: TopicPartition, start: int, kd: Deserializer, vd: Deserializer,
                   check_crc: bool) -> tuple[list[ConsumerRecord], int]:
    try:
        legacy = decode_legacy_message_set(data, check_crc=check_crc, allow_partial=True)
    except CorruptRecordError as e:
        raise CorruptRecordsError(f"bad legacy record data for {tp}: {e}") from e
    out = [
        ConsumerRecord(tp.topic, tp.partition, r.offset, r.timestamp, int(r.timestamp_type),
                       kd(r.key) if kd else r.key, vd(r.value) if vd else r.value, [])
        for r in legacy if r.offset >= start
    ]
    return out, (legacy[-1].offset + 1 if legacy else start)

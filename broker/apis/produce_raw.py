"""Produce from the receive buffer (server.RawLaterHandler): the common request without a
`RequestHeader`, a `RequestContext`, a decoded `Container` or the generic answer encoder.

A Produce v3-12 with no transactional id, acks 1 or -1, and only topics the broker has, on a
connection without ACLs, a produce quota, metrics or a fault set (the server checks the last
two), is read field by field from the buffer; each partition's batch then goes through the
generic handler's own `produce._append` (validation, idempotence checks, the log's append,
replication and fsync waits), in the request's order. The answer is a whole frame: written
directly when every partition was accepted, else the generic path's body encoded by the
generic encoder. Anything else (another version, acks=0, a transactional id, an unknown topic,
a null batch, tagged fields, a truncated frame or bytes after the body, a string that is not
UTF-8) returns None before anything is done, and the generic path decodes and answers it.
"""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, cast

from broker.apis import produce
from broker.apis.context import HandlerContext
from broker.quotas import QuotaKind
from broker.server import Answering
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.frames import encode_response_body

if TYPE_CHECKING:
    from broker.topics import Topic
    from protocol.typed import ProduceResponse

_MIN_VERSION = 3  # v0-2: legacy message sets, no transactional id
_MAX_VERSION = 12  # v13 names topics by id
_FLEXIBLE = 9
_NONE = ErrorCode.NONE

_I16 = struct.Struct(">h")
_I32 = struct.Struct(">i")
_PARTITION = struct.Struct(">ihqqq")  # index, error, base offset, append time, log start offset
_PARTITION_V3 = struct.Struct(">ihqq")  # v3-4: no log start offset
_HEAD = struct.Struct(">ii")  # the answer's size and correlation id (response header v0)
_HEAD_TAGGED = struct.Struct(">iiB")  # and no tagged fields (response header v1, v9+)

PartitionResult = produce.PartitionAnswer | Coroutine[object, None, produce.PartitionAnswer]


class _Unfit(Exception):
    """Not a request the raw path takes: the generic path decodes it."""


def _int16(buf: bytearray, pos: int) -> int:
    # Byte by byte: compiled, a few C operations, where unpack_from is a call building a tuple.
    n = (buf[pos] << 8) | buf[pos + 1]
    return n - 0x10000 if n & 0x8000 else n


def _int32(buf: bytearray, pos: int) -> int:
    n = (buf[pos] << 24) | (buf[pos + 1] << 16) | (buf[pos + 2] << 8) | buf[pos + 3]
    return n - 0x100000000 if n & 0x80000000 else n


def _uvarint(buf: bytearray, pos: int, end: int) -> tuple[int, int]:
    n = 0
    shift = 0
    while shift <= 28:
        if pos >= end:
            raise _Unfit
        b = buf[pos]
        pos += 1
        n |= (b & 0x7F) << shift
        if not b & 0x80:
            return n, pos
        shift += 7
    raise _Unfit


def _size(buf: bytearray, pos: int, end: int, flexible: bool) -> tuple[int, int]:
    """A string's length (-1: null), compact in flexible versions."""
    if flexible:
        n, pos = _uvarint(buf, pos, end)
        return n - 1, pos
    if pos + 2 > end:
        raise _Unfit
    return _int16(buf, pos), pos + 2


def _count(buf: bytearray, pos: int, end: int, flexible: bool) -> tuple[int, int]:
    """An array's length or a bytes field's size (-1: null), compact in flexible versions."""
    if flexible:
        n, pos = _uvarint(buf, pos, end)
        return n - 1, pos
    if pos + 4 > end:
        raise _Unfit
    return _int32(buf, pos), pos + 4


def _no_tags(buf: bytearray, pos: int, end: int) -> int:
    if pos >= end or buf[pos] != 0:
        raise _Unfit  # tagged fields (nobody defines any in a request): the generic path
    return pos + 1


Topics = list[tuple[str, "Topic", list[tuple[int, bytes]]]]


def _parse(
    broker: HandlerContext, buf: bytearray, start: int, end: int, version: int
) -> tuple[int, int, Topics]:
    """(acks, timeout, topics) of a request the raw path takes, else _Unfit; no side effect."""
    flexible = version >= _FLEXIBLE
    pos = start + 8
    n, pos = _size(buf, pos, end, False)  # the client id: a plain nullable string in every header
    if n > 0:
        if pos + n > end:
            raise _Unfit
        buf[pos : pos + n].decode()  # the generic path refuses one that is not UTF-8
        pos += n
    if flexible:
        pos = _no_tags(buf, pos, end)  # request header v2's
    n, pos = _size(buf, pos, end, flexible)
    if n >= 0:
        raise _Unfit  # a transactional id
    if pos + 6 > end:
        raise _Unfit
    acks = _int16(buf, pos)
    timeout_ms = _int32(buf, pos + 2)
    if acks != 1 and acks != -1:
        raise _Unfit  # acks=0 has no answer; another value is answered by the generic path
    topics, pos = _topics(broker, buf, pos + 6, end, flexible)
    if flexible:
        pos = _no_tags(buf, pos, end)
    if pos != end:
        raise _Unfit
    return acks, timeout_ms, topics


def _topics(broker: HandlerContext, buf: bytearray, pos: int, end: int, flexible: bool) -> tuple[Topics, int]:
    topic_count, pos = _count(buf, pos, end, flexible)
    if topic_count <= 0:
        raise _Unfit
    topics: Topics = []
    held = broker.topics
    for _ in range(topic_count):
        n, pos = _size(buf, pos, end, flexible)
        if n < 0 or pos + n > end:
            raise _Unfit
        name = buf[pos : pos + n].decode()
        pos += n
        topic = held.get(name)
        if topic is None:
            raise _Unfit  # UNKNOWN_TOPIC_OR_PARTITION: the generic path answers it
        part_count, pos = _count(buf, pos, end, flexible)
        if part_count <= 0:
            raise _Unfit
        partitions: list[tuple[int, bytes]] = []
        for _ in range(part_count):
            if pos + 4 > end:
                raise _Unfit
            index = _int32(buf, pos)
            size, pos = _count(buf, pos + 4, end, flexible)
            if size < 0 or pos + size > end:
                raise _Unfit
            with memoryview(buf) as view:  # one copy (a bytearray slice, then bytes: two)
                partitions.append((index, bytes(view[pos : pos + size])))
            pos += size
            if flexible:
                pos = _no_tags(buf, pos, end)
        if flexible:
            pos = _no_tags(buf, pos, end)
        topics.append((name, topic, partitions))
    return topics, pos


def handle_raw(broker: HandlerContext, buf: bytearray, start: int, end: int) -> Answering | None:
    """`produce.handle` from the receive buffer, for what it takes (module docstring)."""
    if broker.authorizer is not None or end - start < 10:
        return None
    quotas = broker.quotas
    if quotas.active and quotas.enabled(QuotaKind.PRODUCE):
        return None
    version = ((buf[start + 2] << 8) | buf[start + 3]) if buf[start + 2] < 0x80 else -1
    if not _MIN_VERSION <= version <= _MAX_VERSION:
        return None
    try:
        acks, timeout_ms, topics = _parse(broker, buf, start, end, version)
    except (_Unfit, UnicodeDecodeError):
        return None
    correlation_id = _int32(buf, start + 4)
    unknown = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    results: list[PartitionResult] = []
    waiting = False
    for _, topic, partitions in topics:
        for index, records in partitions:
            r = produce.append_partition(broker, topic, unknown, index, records, acks, timeout_ms, version)
            results.append(r)
            if type(r) is not dict:
                waiting = True
    future = Answering(loop=asyncio.get_running_loop())
    if waiting:
        task = asyncio.get_running_loop().create_task(_settle(results))
        task.add_done_callback(
            lambda t: (
                future.answer(_frame(version, correlation_id, topics, t.result()))
                if not t.cancelled()
                else future.cancel()
            )
        )
        return future
    future.set_result(_frame(version, correlation_id, topics, cast("list[produce.PartitionAnswer]", results)))
    return future


async def _settle(results: list[PartitionResult]) -> list[produce.PartitionAnswer]:
    """Every waiting partition's answer (their waits overlap, as the generic path's)."""
    waiting = [i for i, r in enumerate(results) if type(r) is not dict]
    pending = [cast("Coroutine[object, None, produce.PartitionAnswer]", results[i]) for i in waiting]
    done = [await pending[0]] if len(pending) == 1 else await asyncio.gather(*pending)
    for i, answer in zip(waiting, done, strict=True):
        results[i] = answer
    return cast("list[produce.PartitionAnswer]", results)


def _frame(
    version: int,
    correlation_id: int,
    topics: Topics,
    results: list[produce.PartitionAnswer],
) -> bytes:
    flexible = version >= _FLEXIBLE
    for r in results:
        if r["error_code"] != _NONE:
            body = encode_response_body(ApiKey.PRODUCE, version, _response(topics, results))
            break
    else:
        body = _accepted(version, topics, results)
    if flexible:
        return _HEAD_TAGGED.pack(len(body) + 5, correlation_id, 0) + body
    return _HEAD.pack(len(body) + 4, correlation_id) + body


def _response(topics: Topics, results: list[produce.PartitionAnswer]) -> ProduceResponse:
    """The generic handler's response (`produce._response`, no throttle: no quota here)."""
    responses: list[Any] = []
    i = 0
    for name, _, partitions in topics:
        n = len(partitions)
        responses.append({"name": name, "topic_id": None, "partition_responses": results[i : i + n]})
        i += n
    return {"responses": responses, "throttle_time_ms": 0}


def _accepted(
    version: int,
    topics: Topics,
    results: list[produce.PartitionAnswer],
) -> bytes:
    """The body accepting every partition, written field by field (what the generic encoder
    writes for it: checked byte for byte by tests/integration/test_raw_produce.py)."""
    flexible = version >= _FLEXIBLE
    out = bytearray()
    n = len(topics)
    out += _compact(n) if flexible else _I32.pack(n)
    i = 0
    # v8+: an empty record_errors array and a null error message; v9+: no tagged fields
    tail = b"\x01\x00\x00" if flexible else (b"\x00\x00\x00\x00\xff\xff" if version >= 8 else b"")
    for name, _, partitions in topics:
        encoded = name.encode()
        out += _compact(len(encoded)) if flexible else _I16.pack(len(encoded))
        out += encoded
        n = len(partitions)
        out += _compact(n) if flexible else _I32.pack(n)
        for _ in range(n):
            r = results[i]
            i += 1
            if version >= 5:
                out += _PARTITION.pack(
                    r["index"], 0, r["base_offset"], r["log_append_time_ms"], r["log_start_offset"]
                )
            else:
                out += _PARTITION_V3.pack(r["index"], 0, r["base_offset"], r["log_append_time_ms"])
            out += tail
        if flexible:
            out.append(0)
    out += b"\x00\x00\x00\x00\x00" if flexible else b"\x00\x00\x00\x00"  # throttle 0 (+ no tags)
    return bytes(out)


def _compact(n: int) -> bytes:
    """A compact array's or string's length (n + 1, unsigned varint)."""
    n += 1
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)

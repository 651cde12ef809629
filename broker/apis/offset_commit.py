"""OffsetCommit: store a group's consumed offsets; answered once the records are fsynced.

The handler is a plain function: it hands the commit to the group's shard with a waiter that
builds the answer when the shard replies (after the write is durable), and returns the future
of that answer (server.Answering): the connection writes it as the shard replies, in the same
loop turn. No coroutine, no task, no callback scheduled per commit.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any, Protocol, cast

from broker.apis.context import HandlerContext, Reply
from broker.group.events import CommitPartition, OffsetCommit, PartitionErrors
from broker.security.acl import Operation
from broker.server import Answering, RequestContext
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.frames import encode_response_body
from protocol.typed import OffsetCommitRequest, OffsetCommitResponse

_NONE = ErrorCode.NONE


def partition_known(broker: HandlerContext, topic: str, partition: int) -> bool:
    """Kafka answers UNKNOWN_TOPIC_OR_PARTITION for a commit to a partition its metadata lacks."""
    if broker.topics is None:
        return True
    held = broker.topics.get(topic)
    return held is not None and 0 <= partition < held.partitions


def _all(request: OffsetCommitRequest, error: ErrorCode) -> OffsetCommitResponse:
    """Every partition of the request refused with `error`."""
    refused = {(t["name"], p["partition_index"]): error for t in request["topics"] for p in t["partitions"]}
    return _response(request, refused, [])


class _Answer:
    """The shard's waiter: turns its per-partition errors into the response, once."""

    __slots__ = ("future", "request", "unknown", "version")

    def __init__(
        self,
        future: Answering,
        request: OffsetCommitRequest,
        unknown: dict[tuple[str, int], ErrorCode],
        version: int,
    ):
        self.future = future
        self.request = request
        self.unknown = unknown
        self.version = version

    def done(self) -> bool:
        return self.future.done()

    def set_result(self, result: PartitionErrors, /) -> None:
        if self.future.done():
            return
        if not self.unknown and _all_none(result):
            self.future.answer(_accepted(self.version, self.request))
        else:
            self.future.answer(_response(self.request, self.unknown, result))


def _all_none(result: PartitionErrors) -> bool:
    for _, errors in result:
        for _, e in errors:
            if e != _NONE:
                return False
    return True


# A consumer commits the same partitions again and again: the answer accepting all of them is
# encoded once per (version, topics and partitions), in a bounded memo.
_ACCEPTED: dict[tuple[object, ...], bytes] = {}
_ACCEPTED_MAX = 4096


def _accepted(version: int, request: OffsetCommitRequest) -> bytes:
    topics = request["topics"]
    key: tuple[object, ...]
    if len(topics) == 1:  # the common case, without the generators
        t = topics[0]
        key = (version, t["name"], *[p["partition_index"] for p in t["partitions"]])
    else:
        key = (version, *((t["name"], *(p["partition_index"] for p in t["partitions"])) for t in topics))
    body = _ACCEPTED.get(key)
    if body is None:
        if len(_ACCEPTED) >= _ACCEPTED_MAX:
            _ACCEPTED.clear()
        body = _ACCEPTED[key] = encode_response_body(
            ApiKey.OFFSET_COMMIT, version, _response(request, {}, [])
        )
    return body


def _response(
    request: OffsetCommitRequest, unknown: dict[tuple[str, int], ErrorCode], result: PartitionErrors
) -> OffsetCommitResponse:
    # The answer follows the request's order, with each partition's own error.
    answered = {(t, p): e for t, errors in result for p, e in errors}
    return {
        "throttle_time_ms": 0,
        "topics": [
            {
                "name": t["name"],
                "partitions": [
                    {
                        "partition_index": p["partition_index"],
                        "error_code": unknown.get((t["name"], p["partition_index"]))
                        or answered.get((t["name"], p["partition_index"]), _NONE),
                    }
                    for p in t["partitions"]
                ],
            }
            for t in request["topics"]
        ],
    }


def handle(
    broker: HandlerContext, ctx: RequestContext, request: OffsetCommitRequest
) -> OffsetCommitResponse | asyncio.Future[Reply[OffsetCommitResponse]]:
    # Item access throughout: a decoded Container's attribute access costs ten times as much.
    v = ctx.header.api_version
    unknown: dict[tuple[str, int], ErrorCode] = {}
    topics: list[tuple[str, list[CommitPartition]]] = []
    authz = broker.authorizer
    if authz is not None and not authz.group(ctx, Operation.READ, request["group_id"]):
        return _all(request, ErrorCode.GROUP_AUTHORIZATION_FAILED)
    for t in request["topics"]:
        name = t["name"]
        parts = []
        if authz is not None and not authz.topic(ctx, Operation.READ, name):
            for p in t["partitions"]:
                unknown[(name, p["partition_index"])] = ErrorCode.TOPIC_AUTHORIZATION_FAILED
            continue
        for p in t["partitions"]:
            index = p["partition_index"]
            if not partition_known(broker, name, index):
                unknown[(name, index)] = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                continue
            parts.append(
                CommitPartition(
                    index,
                    p["committed_offset"],
                    p["committed_leader_epoch"],
                    p["committed_metadata"],
                    p["commit_timestamp"] if v == 1 else -1,
                )
            )
        if parts:
            topics.append((name, parts))
    if not topics:
        return _response(request, unknown, [])
    future = Answering(loop=ctx.loop or asyncio.get_running_loop())
    broker.groups.commit_offsets(
        OffsetCommit(  # by position (group, generation, member, instance, retention, topics, version)
            request["group_id"],
            request["generation_id_or_member_epoch"],
            request["member_id"],
            request["group_instance_id"],
            request["retention_time_ms"] if 2 <= v <= 4 else -1,
            topics,
            v,
        ),
        _Answer(future, request, unknown, v),
    )
    return future


# -- from the receive buffer ------------------------------------------------------------------

_RAW_MIN_VERSION = 2  # v0-1 (a timestamp per partition, no retention) go the generic way
_RAW_MAX_VERSION = 9
_FLEXIBLE = 8  # compact strings and arrays, tagged fields
_RAW_MAX_TOPICS = 16  # more: the generic path (its answer is not worth a memo entry)
_FRAME_HEAD = struct.Struct(">ii")  # the answer's size and correlation id (response header v0)
_FRAME_HEAD_TAGGED = struct.Struct(">iiB")  # and no tagged fields (response header v1, v8+)


class _Unfit(Exception):
    """Not a frame the raw path takes (truncated, a null where a string belongs, tagged fields,
    bytes after the body): the generic path decodes it and answers or closes as for any
    request."""


class _Reader:
    """The request's fields, in order, from the frame's bytes. Integers byte by byte: compiled,
    a struct unpack_from is a method call that builds a tuple, these a few C operations (on a
    `bytes`: on a bytearray mypyc calls PyObject_GetItem, with an int object for the index)."""

    def __init__(self, buf: bytes, pos: int, end: int, flexible: bool) -> None:
        self.buf = buf
        self.pos = pos
        self.end = end
        self.flexible = flexible

    def _need(self, n: int) -> int:
        pos = self.pos
        if n > self.end - pos:
            raise _Unfit
        self.pos = pos + n
        return pos

    def int16(self) -> int:
        buf = self.buf
        pos = self._need(2)
        n = (buf[pos] << 8) | buf[pos + 1]
        return n - 0x10000 if n & 0x8000 else n

    def int32(self) -> int:
        buf = self.buf
        pos = self._need(4)
        n = (buf[pos] << 24) | (buf[pos + 1] << 16) | (buf[pos + 2] << 8) | buf[pos + 3]
        return n - 0x100000000 if n & 0x80000000 else n

    def int64(self) -> int:
        buf = self.buf
        pos = self._need(8)
        high = (buf[pos] << 24) | (buf[pos + 1] << 16) | (buf[pos + 2] << 8) | buf[pos + 3]
        low = (buf[pos + 4] << 24) | (buf[pos + 5] << 16) | (buf[pos + 6] << 8) | buf[pos + 7]
        n = (high << 32) | low
        return n - 0x10000000000000000 if high & 0x80000000 else n

    def uvarint(self) -> int:
        buf = self.buf
        n = 0
        shift = 0
        while shift <= 28:
            b = buf[self._need(1)]
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
        raise _Unfit  # longer than an int32's five bytes

    def string(self) -> str | None:
        """A (nullable) string: compact in flexible versions."""
        n = self.uvarint() - 1 if self.flexible else self.int16()
        if n < 0:
            return None
        pos = self._need(n)
        return self.buf[pos : pos + n].decode()

    def text(self) -> str:
        s = self.string()
        if s is None:
            raise _Unfit
        return s

    def count(self) -> int:
        """An array's length (never null here)."""
        n = self.uvarint() - 1 if self.flexible else self.int32()
        if n < 0:
            raise _Unfit
        return n

    def no_tags(self) -> None:
        """A flexible struct's tagged fields: none (nobody defines any for OffsetCommit);
        some, and the generic path reads them."""
        if self.flexible and self.buf[self._need(1)] != 0:
            raise _Unfit


class _RawAnswer:
    """The shard's waiter for a raw commit: its whole response frame, once."""

    __slots__ = ("correlation_id", "future", "topics", "version")

    def __init__(
        self,
        future: Answering,
        version: int,
        correlation_id: int,
        topics: list[tuple[str, list[CommitPartition]]],
    ) -> None:
        self.future = future
        self.version = version
        self.correlation_id = correlation_id
        self.topics = topics

    def done(self) -> bool:
        return self.future.done()

    def set_result(self, result: PartitionErrors, /) -> None:
        if self.future.done():
            return
        v = self.version
        topics = self.topics
        if _all_none(result):
            key = _raw_key(v, topics)
            body = _ACCEPTED.get(key)
            if body is None:
                body = _accepted(v, _as_request(topics))
        else:
            request = _as_request(topics)
            body = encode_response_body(ApiKey.OFFSET_COMMIT, v, _response(request, {}, result))
        if v >= _FLEXIBLE:
            head = _FRAME_HEAD_TAGGED.pack(len(body) + 5, self.correlation_id, 0)
        else:
            head = _FRAME_HEAD.pack(len(body) + 4, self.correlation_id)
        self.future.answer(head + body)


def _raw_key(version: int, topics: list[tuple[str, list[CommitPartition]]]) -> tuple[object, ...]:
    """`_accepted`'s memo key, from the raw path's topics."""
    if len(topics) == 1:
        name, parts = topics[0]
        return (version, name, *[p.partition for p in parts])
    return (version, *((name, *(p.partition for p in parts)) for name, parts in topics))


def _as_request(topics: list[tuple[str, list[CommitPartition]]]) -> OffsetCommitRequest:
    """The fields of the request an answer repeats (its topics' names and partitions)."""
    request: Any = {
        "topics": [
            {"name": name, "partitions": [{"partition_index": p.partition} for p in parts]}
            for name, parts in topics
        ]
    }
    return cast(OffsetCommitRequest, request)


class _Partitioned(Protocol):
    partitions: int


class _Topics(Protocol):
    """What the raw path asks of the broker's topics (broker.topics.TopicManager, or its
    cluster mode's subclass): a Protocol, which compiled code does not check at run time."""

    def get(self, name: str, /) -> _Partitioned | None: ...


def _read_topics(
    r: _Reader, version: int, topic_manager: _Topics | None
) -> list[tuple[str, list[CommitPartition]]]:
    """A raw commit's topics and partitions; _Unfit for an unknown one (the generic path answers
    UNKNOWN_TOPIC_OR_PARTITION). Each topic's partition count is looked up once:
    `partition_known` per partition calls a Python property twice and a Python method."""
    topic_count = r.count()
    if not 0 < topic_count <= _RAW_MAX_TOPICS:
        raise _Unfit
    topics: list[tuple[str, list[CommitPartition]]] = []
    for _ in range(topic_count):
        name = r.text()
        if topic_manager is None:
            known = 0x7FFFFFFF  # (as partition_known: no topics to check against)
        else:
            held = topic_manager.get(name)
            known = held.partitions if held is not None else 0
        parts: list[CommitPartition] = []
        for _ in range(r.count()):
            index = r.int32()
            offset = r.int64()
            epoch = r.int32() if version >= 6 else -1
            metadata = r.string()
            r.no_tags()
            if not 0 <= index < known:
                raise _Unfit
            parts.append(CommitPartition(index, offset, epoch, metadata, -1))
        r.no_tags()
        if not parts:
            raise _Unfit
        topics.append((name, parts))
    return topics


def handle_raw(broker: HandlerContext, buf: bytearray, start: int, end: int) -> Answering | None:
    """`handle` from the receive buffer (server.RawLaterHandler), for v2-9 without ACLs: decoding
    a commit into a header, a context and a Container (and freeing them) was a fifth of its
    cost (docs/performance.md). What it does not take (a null or unknown partition, tagged
    fields, bytes after the body, other versions) goes the generic way, untouched: nothing is
    done before the whole request is read."""
    groups = broker.groups
    loop = groups.loop
    if broker.authorizer is not None or end - start < 10 or loop is None:
        return None
    # The frame as bytes, read from 0: one copy of a few dozen bytes, where reading the
    # bytearray byte by byte cost a C-API call and an int object for each byte.
    frame = bytes(buf[start:end])
    end = len(frame)
    version = ((frame[2] << 8) | frame[3]) if frame[2] < 0x80 else -1
    if not _RAW_MIN_VERSION <= version <= _RAW_MAX_VERSION:
        return None
    correlation_id = (frame[4] << 24) | (frame[5] << 16) | (frame[6] << 8) | frame[7]
    if correlation_id & 0x80000000:
        correlation_id -= 0x100000000
    flexible = version >= _FLEXIBLE
    r = _Reader(frame, 8, end, False)
    try:
        n = r.int16()  # the client id: a plain nullable string in every header version
        if n > 0:
            r.pos -= 2
            r.string()  # (the generic path refuses one that is not UTF-8)
        r.flexible = flexible
        r.no_tags()  # request header v2's, in flexible versions
        group_id = r.text()
        generation = r.int32()
        member_id = r.text()
        instance_id = r.string() if version >= 7 else None
        retention = r.int64() if version <= 4 else -1
        topics = _read_topics(r, version, broker.topics)
        r.no_tags()
        if r.pos != end:
            raise _Unfit
    except (_Unfit, UnicodeDecodeError):
        return None
    future = Answering(loop=loop)
    groups.commit_offsets(
        OffsetCommit(group_id, generation, member_id, instance_id, retention, topics, version),
        _RawAnswer(future, version, correlation_id, topics),
    )
    return future

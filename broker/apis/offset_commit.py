"""OffsetCommit: store a group's consumed offsets; answered once the records are fsynced.

The handler is a plain function: it hands the commit to the group's shard with a waiter that
builds the answer when the shard replies (after the write is durable), and returns the future
of that answer (server.Answering): the connection writes it as the shard replies, in the same
loop turn. No coroutine, no task, no callback scheduled per commit.
"""

from __future__ import annotations

import asyncio

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

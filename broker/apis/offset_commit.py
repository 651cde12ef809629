"""OffsetCommit: store a group's consumed offsets; answered once the records are fsynced."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from broker.group.events import CommitPartition, OffsetCommit, PartitionErrors
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from broker.broker import Broker


def partition_known(broker: Broker, topic: str, partition: int) -> bool:
    """Kafka answers UNKNOWN_TOPIC_OR_PARTITION for a commit to a partition its metadata lacks."""
    if broker.topics is None:
        return True
    held = broker.topics.get(topic)
    return held is not None and 0 <= partition < held.partitions


def _all(request: Any, error: ErrorCode) -> dict[str, Any]:
    return {
        "throttle_time_ms": 0,
        "topics": [
            {
                "name": t["name"],
                "partitions": [
                    {"partition_index": p["partition_index"], "error_code": error} for p in t["partitions"]
                ],
            }
            for t in request["topics"]
        ],
    }


async def handle(broker: Broker, ctx: RequestContext, request: Any) -> dict[str, Any]:
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
    answered: dict[tuple[str, int], ErrorCode] = {}
    if topics:
        result: PartitionErrors = await broker.groups.commit_offsets(
            OffsetCommit(
                group_id=request["group_id"],
                generation_id=request["generation_id_or_member_epoch"],
                member_id=request["member_id"],
                group_instance_id=request["group_instance_id"],
                retention_time_ms=request["retention_time_ms"] if 2 <= v <= 4 else -1,
                topics=topics,
                api_version=v,
            )
        )
        answered = {(t, p): e for t, errors in result for p, e in errors}
    # The answer follows the request's order, with each partition's own error.
    none = ErrorCode.NONE
    return {
        "throttle_time_ms": 0,
        "topics": [
            {
                "name": t["name"],
                "partitions": [
                    {
                        "partition_index": p["partition_index"],
                        "error_code": unknown.get((t["name"], p["partition_index"]))
                        or answered.get((t["name"], p["partition_index"]), none),
                    }
                    for p in t["partitions"]
                ],
            }
            for t in request["topics"]
        ],
    }

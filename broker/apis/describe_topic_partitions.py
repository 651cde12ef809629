"""DescribeTopicPartitions (key 75, KIP-966): Metadata's partition view of named topics, in name
order, at most `response_partition_limit` partitions per answer, paged by a cursor."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from broker.apis.context import HandlerContext
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.primitives import ZERO_UUID
from protocol.typed import (
    DescribeTopicPartitionsRequest,
    DescribeTopicPartitionsResponse,
    DescribeTopicPartitionsResponseNextCursor,
    DescribeTopicPartitionsResponseTopic,
)

DEFAULT_LIMIT = 2000  # Kafka's max.request.partition.size.limit


def _topic(t: Any, partitions: list[Any]) -> DescribeTopicPartitionsResponseTopic:
    return {
        "error_code": t["error_code"],
        "name": t["name"],
        "topic_id": t["topic_id"],
        "is_internal": t.get("is_internal", False),
        "partitions": [
            {
                "error_code": p["error_code"],
                "partition_index": p["partition_index"],
                "leader_id": p["leader_id"],
                "leader_epoch": p.get("leader_epoch", -1),
                "replica_nodes": p["replica_nodes"],
                "isr_nodes": p["isr_nodes"],
                "eligible_leader_replicas": None,
                "last_known_elr": None,
                "offline_replicas": p.get("offline_replicas", []),
            }
            for p in partitions
        ],
        "topic_authorized_operations": -2147483648,
    }


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: DescribeTopicPartitionsRequest
) -> DescribeTopicPartitionsResponse:
    cursor = request.cursor
    names = sorted({t.name for t in request.topics})
    if cursor is not None:
        names = [n for n in names if n >= cursor.topic_name]
    authz = broker.authorizer
    refused = [n for n in names if authz is not None and not authz.topic(ctx, Operation.DESCRIBE, n)]
    wanted = [SimpleNamespace(name=n, topic_id=ZERO_UUID) for n in names if n not in refused]
    found = {t["name"]: t for t in await broker.topic_metadata(wanted, False)} if wanted else {}  # type: ignore[arg-type]
    remaining = request.response_partition_limit if request.response_partition_limit > 0 else DEFAULT_LIMIT
    remaining = min(remaining, DEFAULT_LIMIT)
    out: list[DescribeTopicPartitionsResponseTopic] = []
    next_cursor: DescribeTopicPartitionsResponseNextCursor | None = None
    for name in names:
        if name in refused:
            denied = {"error_code": ErrorCode.TOPIC_AUTHORIZATION_FAILED, "name": name, "topic_id": ZERO_UUID}
            out.append(_topic(denied, []))
            continue
        t = found[name]
        parts = sorted(t["partitions"], key=lambda p: p["partition_index"])
        if cursor is not None and name == cursor.topic_name:
            parts = [p for p in parts if p["partition_index"] >= cursor.partition_index]
        if parts and remaining <= 0:
            next_cursor = {"topic_name": name, "partition_index": parts[0]["partition_index"]}
            break
        out.append(_topic(t, parts[:remaining]))
        if len(parts) > remaining:
            next_cursor = {"topic_name": name, "partition_index": parts[remaining]["partition_index"]}
            break
        remaining -= len(parts)
    return {"throttle_time_ms": 0, "topics": out, "next_cursor": next_cursor}

"""OffsetDelete: drop a group's committed offsets for topics its members do not consume."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.group.events import OffsetDelete
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import OffsetDeleteRequest, OffsetDeleteResponse


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: OffsetDeleteRequest
) -> OffsetDeleteResponse:
    authz = broker.authorizer
    if authz is not None:
        if not authz.group(ctx, Operation.DELETE, request.group_id):
            return {"error_code": ErrorCode.GROUP_AUTHORIZATION_FAILED, "throttle_time_ms": 0, "topics": []}
        refused = [t for t in request.topics if not authz.topic(ctx, Operation.READ, t.name)]
        if refused:
            return {
                "error_code": ErrorCode.NONE,
                "throttle_time_ms": 0,
                "topics": [
                    {
                        "name": t.name,
                        "partitions": [
                            {
                                "partition_index": p.partition_index,
                                "error_code": ErrorCode.TOPIC_AUTHORIZATION_FAILED
                                if t in refused
                                else ErrorCode.NONE,
                            }
                            for p in t.partitions
                        ],
                    }
                    for t in request.topics
                ],
            }
    result = await broker.groups.delete_offsets(
        OffsetDelete(
            request.group_id, [(t.name, [p.partition_index for p in t.partitions]) for t in request.topics]
        )
    )
    return {
        "error_code": result.error,
        "throttle_time_ms": 0,
        "topics": [
            {"name": t, "partitions": [{"partition_index": p, "error_code": e} for p, e in parts]}
            for t, parts in result.topics
        ],
    }

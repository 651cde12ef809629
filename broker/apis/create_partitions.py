"""CreatePartitions: raise topics' partition counts (new partitions start empty)."""

from __future__ import annotations

from collections import Counter

from broker.apis.context import HandlerContext
from broker.security.acl import Operation
from broker.server import RequestContext
from broker.topics import TopicError
from protocol.errors import ErrorCode
from protocol.typed import CreatePartitionsRequest, CreatePartitionsResponse, CreatePartitionsResponseResult


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: CreatePartitionsRequest
) -> CreatePartitionsResponse:
    assert broker.topics is not None
    counts = Counter(t.name for t in request.topics)
    results: list[CreatePartitionsResponseResult] = []
    for t in request.topics:
        code, message = ErrorCode.NONE, None
        if counts[t.name] > 1:
            code, message = ErrorCode.INVALID_REQUEST, f"Duplicate topic name {t.name} in one request"
        elif broker.authorizer is not None and not broker.authorizer.topic(ctx, Operation.ALTER, t.name):
            code, message = ErrorCode.TOPIC_AUTHORIZATION_FAILED, "Authorization failed."
        else:
            try:
                await broker.topics.add_partitions(
                    t.name, t.count, t.assignments, validate_only=request.validate_only
                )
            except TopicError as e:
                code, message = e.error_code, e.message
        results.append({"name": t.name, "error_code": code, "error_message": message})
    return {"throttle_time_ms": 0, "results": results}

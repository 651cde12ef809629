"""DeleteTopics: by name (v0-5) or by name or id (v6+)."""

from __future__ import annotations

import uuid

from broker.apis.context import HandlerContext
from broker.security.acl import Operation
from broker.server import RequestContext
from broker.topics import ZERO_UUID, TopicError
from protocol.errors import ErrorCode
from protocol.typed import DeleteTopicsRequest, DeleteTopicsResponse, DeleteTopicsResponseResponse


def _result(
    name: str | None, topic_id: uuid.UUID, code: ErrorCode, message: str | None = None
) -> DeleteTopicsResponseResponse:
    return {"name": name, "topic_id": topic_id, "error_code": code, "error_message": message}


async def _delete(
    broker: HandlerContext, name: str, topic_id: uuid.UUID, ctx: RequestContext
) -> DeleteTopicsResponseResponse:
    authz = broker.authorizer
    if authz is not None and not authz.topic(ctx, Operation.DELETE, name):
        return _result(name, topic_id, ErrorCode.TOPIC_AUTHORIZATION_FAILED, "Authorization failed.")
    try:
        topic = await broker.topics.delete(name)
    except TopicError as e:
        return _result(name, topic_id, e.error_code, e.message)
    return _result(name, topic.topic_id, ErrorCode.NONE)


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: DeleteTopicsRequest
) -> DeleteTopicsResponse:
    version = ctx.header.api_version
    wanted: list[tuple[str | None, uuid.UUID]]
    if version >= 6:
        wanted = [(t.name, t.topic_id) for t in request.topics]
    else:
        wanted = [(name, ZERO_UUID) for name in request.topic_names]
    results: list[DeleteTopicsResponseResponse] = []
    if not broker.config["delete.topic.enable"]:
        code = ErrorCode.TOPIC_DELETION_DISABLED if version >= 3 else ErrorCode.INVALID_REQUEST
        return {
            "throttle_time_ms": 0,
            "responses": [_result(n, i, code, "Topic deletion is disabled.") for n, i in wanted],
        }
    names = [n for n, _ in wanted if n is not None]
    for name, topic_id in wanted:
        if name is not None and topic_id != ZERO_UUID:
            results.append(
                _result(
                    name,
                    topic_id,
                    ErrorCode.INVALID_REQUEST,
                    "You may not specify both topic name and topic id.",
                )
            )
        elif name is None:
            if topic_id == ZERO_UUID:
                results.append(
                    _result(
                        None,
                        ZERO_UUID,
                        ErrorCode.INVALID_REQUEST,
                        "Neither topic name nor id were specified.",
                    )
                )
                continue
            topic = broker.topics.by_id(topic_id)
            if topic is None:
                results.append(_result(None, topic_id, ErrorCode.UNKNOWN_TOPIC_ID))
            else:
                results.append(await _delete(broker, topic.name, topic_id, ctx))
        elif names.count(name) > 1:
            if not any(r["name"] == name for r in results):
                results.append(_result(name, ZERO_UUID, ErrorCode.INVALID_REQUEST, "Duplicate topic name."))
        else:
            results.append(await _delete(broker, name, ZERO_UUID, ctx))
    return {"throttle_time_ms": 0, "responses": results}

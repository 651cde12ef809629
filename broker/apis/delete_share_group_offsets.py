"""DeleteShareGroupOffsets (KIP-932): drop an empty share group's state for whole topics
(kafka-share-groups.sh --delete-offsets); the next consumer of them starts at
share.auto.offset.reset again."""

from __future__ import annotations

import uuid

from broker.apis.context import HandlerContext
from broker.apis.describe_share_group_offsets import (
    forget_cached,
    partition_key,
    refuse_group,
    topic_refused,
)
from broker.logging_setup import get_logger
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    DeleteShareGroupOffsetsRequest,
    DeleteShareGroupOffsetsResponse,
    DeleteShareGroupOffsetsResponseResponse,
)

E = ErrorCode
log = get_logger("kbroker.share")


def _answer(
    request: DeleteShareGroupOffsetsRequest, error: ErrorCode, message: str | None
) -> DeleteShareGroupOffsetsResponse:
    return {
        "throttle_time_ms": 0,
        "error_code": error,
        "error_message": message,
        "responses": [
            {
                "topic_name": t.topic_name,
                "topic_id": uuid.UUID(int=0),
                "error_code": error,
                "error_message": message,
            }
            for t in request.topics
        ],
    }


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: DeleteShareGroupOffsetsRequest
) -> DeleteShareGroupOffsetsResponse:
    group_id = request.group_id
    refusal = refuse_group(broker, ctx, group_id, Operation.DELETE)
    if refusal is not None:
        return _answer(request, *refusal)
    # The group coordinator writes the topics as deleting, deletes their state through the
    # Persister, then writes them gone (ShareGroupStatePartitionMetadata).
    responses: list[DeleteShareGroupOffsetsResponseResponse] = []
    wanted: dict[uuid.UUID, str] = {}
    for t in request.topics:
        topic = broker.topics.get(t.topic_name)
        if topic is not None and not topic_refused(broker, ctx, t.topic_name):
            wanted[topic.topic_id] = t.topic_name
    outcome = await broker.groups.share_delete_offsets(group_id, wanted) if wanted else {}
    if isinstance(outcome, ErrorCode):
        return _answer(request, outcome, None)
    for t in request.topics:
        topic = broker.topics.get(t.topic_name)
        error, message = E.NONE, None
        if topic_refused(broker, ctx, t.topic_name):
            error = E.TOPIC_AUTHORIZATION_FAILED
        elif topic is None:
            error, message = E.UNKNOWN_TOPIC_OR_PARTITION, "This server does not host this topic-partition."
        else:
            error = outcome.get(topic.topic_id, E.NONE)
            for p in range(topic.partitions):
                forget_cached(broker, partition_key(group_id, topic.topic_id, p))
            if error == E.NONE:
                log.info("delete share offsets", group=group_id, topic=t.topic_name)
        responses.append(
            {
                "topic_name": t.topic_name,
                "topic_id": topic.topic_id if topic is not None else uuid.UUID(int=0),
                "error_code": error,
                "error_message": message,
            }
        )
    return {"throttle_time_ms": 0, "error_code": E.NONE, "error_message": None, "responses": responses}

"""DeleteRecords: move partitions' log start offsets; readers below get OFFSET_OUT_OF_RANGE."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.log import OffsetOutOfRange
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    DeleteRecordsRequest,
    DeleteRecordsResponse,
    DeleteRecordsResponseTopic,
    DeleteRecordsResponseTopicPartition,
)


async def _one(broker: HandlerContext, topic: str, partition: int, offset: int) -> tuple[int, ErrorCode]:
    assert broker.topics is not None and broker.log_manager is not None
    held = broker.topics.get(topic)
    if held is None or not 0 <= partition < held.partitions:
        return -1, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    error = broker.leader_error(topic, partition)
    if error is not None:
        return -1, error
    if broker.topics.log(topic, partition) is None:
        return -1, ErrorCode.NOT_LEADER_OR_FOLLOWER
    try:
        return await broker.log_manager.delete_records(topic, partition, offset), ErrorCode.NONE
    except OffsetOutOfRange:
        return -1, ErrorCode.OFFSET_OUT_OF_RANGE


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: DeleteRecordsRequest
) -> DeleteRecordsResponse:
    topics: list[DeleteRecordsResponseTopic] = []
    for t in request.topics:
        partitions: list[DeleteRecordsResponseTopicPartition] = []
        refused = broker.authorizer is not None and not broker.authorizer.topic(ctx, Operation.DELETE, t.name)
        for p in t.partitions:
            if refused:
                low, code = -1, ErrorCode.TOPIC_AUTHORIZATION_FAILED
            else:
                low, code = await _one(broker, t.name, p.partition_index, p.offset)
            partitions.append(
                {"partition_index": p.partition_index, "low_watermark": low, "error_code": code}
            )
        topics.append({"name": t.name, "partitions": partitions})
    return {"throttle_time_ms": 0, "topics": topics}

"""AlterShareGroupOffsets (KIP-932): set the start offsets of an empty share group's
share-partitions (kafka-share-groups.sh --reset-offsets). Each one's state is initialized again
at the new offset with the next state epoch, so a leader still holding the old state is fenced
and reads the new one."""

from __future__ import annotations

import uuid

from broker.apis.context import HandlerContext
from broker.apis.describe_share_group_offsets import (
    ANY_LEADER_EPOCH,
    forget_cached,
    partition_key,
    refuse_group,
    topic_refused,
)
from broker.group.share.group import TopicPartitions
from broker.logging_setup import get_logger
from broker.security.acl import Operation
from broker.server import RequestContext
from broker.share.persister import PersisterError
from protocol.errors import ErrorCode
from protocol.typed import (
    AlterShareGroupOffsetsRequest,
    AlterShareGroupOffsetsResponse,
    AlterShareGroupOffsetsResponseResponse,
    AlterShareGroupOffsetsResponseResponsePartition,
)

E = ErrorCode
log = get_logger("kbroker.share")


def _answer(
    request: AlterShareGroupOffsetsRequest, error: ErrorCode, message: str | None
) -> AlterShareGroupOffsetsResponse:
    """A group-level refusal, repeated for every partition (as Kafka's getErrorResponse)."""
    return {
        "throttle_time_ms": 0,
        "error_code": error,
        "error_message": message,
        "responses": [
            {
                "topic_name": t.topic_name,
                "topic_id": uuid.UUID(int=0),
                "partitions": [
                    {"partition_index": p.partition_index, "error_code": error, "error_message": message}
                    for p in t.partitions
                ],
            }
            for t in request.topics
        ],
    }


async def _alter(
    broker: HandlerContext, group_id: str, topic: str, topic_id: uuid.UUID, partition: int, offset: int
) -> tuple[ErrorCode, str | None]:
    persister = broker.share_partitions.persister
    key = partition_key(group_id, topic_id, partition)
    try:
        try:
            epoch = (await persister.read_summary(key, ANY_LEADER_EPOCH)).state_epoch + 1
        except PersisterError as e:
            if e.error != E.UNKNOWN_TOPIC_OR_PARTITION:
                raise
            epoch = 0
        await persister.initialize(key, epoch, offset)
    except PersisterError as e:
        return e.error, e.message
    forget_cached(broker, key)
    log.info(
        "alter share offset",
        group=group_id,
        topic=topic,
        partition=partition,
        start_offset=offset,
        state_epoch=epoch,
    )
    return E.NONE, None


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: AlterShareGroupOffsetsRequest
) -> AlterShareGroupOffsetsResponse:
    group_id = request.group_id
    refusal = refuse_group(broker, ctx, group_id, Operation.READ)
    if refusal is not None:
        return _answer(request, *refusal)
    responses: list[AlterShareGroupOffsetsResponseResponse] = []
    altered: TopicPartitions = {}
    for t in request.topics:
        topic = broker.topics.get(t.topic_name)
        refused = topic_refused(broker, ctx, t.topic_name)
        partitions: list[AlterShareGroupOffsetsResponseResponsePartition] = []
        for p in t.partitions:
            error, message = E.NONE, None
            if refused:
                error = E.TOPIC_AUTHORIZATION_FAILED
            elif topic is None or not 0 <= p.partition_index < topic.partitions:
                error, message = (
                    E.UNKNOWN_TOPIC_OR_PARTITION,
                    "This server does not host this topic-partition.",
                )
            elif p.start_offset < 0:
                error, message = E.INVALID_REQUEST, "The start offset must not be negative."
            else:
                error, message = await _alter(
                    broker, group_id, t.topic_name, topic.topic_id, p.partition_index, p.start_offset
                )
            if error == E.NONE and topic is not None:
                name, done = altered.get(topic.topic_id, (t.topic_name, frozenset()))
                altered[topic.topic_id] = (name, done | {p.partition_index})
            partitions.append(
                {"partition_index": p.partition_index, "error_code": error, "error_message": message}
            )
        responses.append(
            {
                "topic_name": t.topic_name,
                "topic_id": topic.topic_id if topic is not None else uuid.UUID(int=0),
                "partitions": partitions,
            }
        )
    if altered:  # the group coordinator records them initialized (ShareGroupStatePartitionMetadata)
        await broker.groups.share_offsets_altered(group_id, altered)
    return {"throttle_time_ms": 0, "error_code": E.NONE, "error_message": None, "responses": responses}

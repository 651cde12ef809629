"""ListOffsets: a partition's earliest / latest offset, the offset for a timestamp, or the offset
of its largest timestamp (KIP-734). v0 answers Kafka's legacy list of offsets."""

from __future__ import annotations

from broker import logging_setup
from broker.apis.context import HandlerContext
from broker.log import Log, LogError
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.records import CorruptRecordError
from protocol.typed import (
    ListOffsetsRequest,
    ListOffsetsRequestTopicPartition,
    ListOffsetsResponse,
    ListOffsetsResponseTopic,
    ListOffsetsResponseTopicPartition,
)

log = logging_setup.get_logger("kbroker.list_offsets")
LATEST, EARLIEST, MAX_TIMESTAMP, EARLIEST_LOCAL, LATEST_TIERED = -1, -2, -3, -4, -5


async def lookup(lg: Log, timestamp: int, read_committed: bool = False) -> tuple[int, int]:
    """(offset, timestamp) for a ListOffsets v1+ query; (-1, -1) when there is none. The latest
    offset of a read_committed query is the last stable offset."""
    if timestamp == LATEST:
        return (lg.last_stable_offset if read_committed else lg.high_watermark), -1
    if timestamp in (EARLIEST, EARLIEST_LOCAL):
        return lg.log_start_offset, -1
    if timestamp == MAX_TIMESTAMP:
        found = await lg.max_timestamp_offset()
    elif timestamp >= 0:
        found = await lg.offset_for_timestamp(timestamp)
    else:  # LATEST_TIERED and anything else: nothing is tiered here
        found = None
    return found if found is not None else (-1, -1)


async def _partition(
    broker: HandlerContext,
    topic: str,
    p: ListOffsetsRequestTopicPartition,
    version: int,
    read_committed: bool = False,
) -> ListOffsetsResponseTopicPartition:
    answer: ListOffsetsResponseTopicPartition = {
        "partition_index": p.partition_index,
        "error_code": ErrorCode.NONE,
    }
    lg = broker.topics.log(topic, p.partition_index) if broker.topics.get(topic) else None
    held = broker.topics.get(topic)
    not_leader = None
    if held is not None and 0 <= p.partition_index < held.partitions:
        not_leader = broker.leader_error(topic, p.partition_index, p.current_leader_epoch)
    if not_leader is not None:  # an epoch we do not have, or (cluster mode) not the leader here
        answer["error_code"] = not_leader
        return answer
    if lg is None:
        answer["error_code"] = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
        return answer
    if version == 0:
        answer["old_style_offsets"] = lg.legacy_offsets_before(p.timestamp, p.max_num_offsets)
        return answer
    try:
        offset, timestamp = await lookup(lg, p.timestamp, read_committed)
    except LogError as e:
        answer["error_code"] = e.error_code
        return answer
    except CorruptRecordError:
        log.exception("fail list offsets", topic=topic, partition=p.partition_index)
        answer["error_code"] = ErrorCode.CORRUPT_MESSAGE
        return answer
    if offset < 0:
        epoch = -1
    elif p.timestamp == LATEST:
        epoch = lg.epochs.latest_epoch
    else:
        epoch = lg.epochs.epoch_for(offset)
    answer["offset"], answer["timestamp"], answer["leader_epoch"] = offset, timestamp, epoch
    return answer


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: ListOffsetsRequest
) -> ListOffsetsResponse:
    version = ctx.header.api_version
    read_committed = version >= 2 and request.isolation_level == 1
    topics: list[ListOffsetsResponseTopic] = []
    authz = broker.authorizer
    for t in request.topics:
        partitions: list[ListOffsetsResponseTopicPartition]
        if authz is not None and not authz.topic(ctx, Operation.DESCRIBE, t.name):
            refused = ErrorCode.TOPIC_AUTHORIZATION_FAILED
            partitions = [{"partition_index": p.partition_index, "error_code": refused} for p in t.partitions]
            topics.append({"name": t.name, "partitions": partitions})
            continue
        partitions = [await _partition(broker, t.name, p, version, read_committed) for p in t.partitions]
        topics.append({"name": t.name, "partitions": partitions})
    return {"throttle_time_ms": 0, "topics": topics}

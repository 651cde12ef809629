"""DescribeShareGroupOffsets (KIP-932): the share-partition start offsets (SPSO) of share groups,
read from the share state through the Persister (`read_summary`), with each one's lag (v1,
KIP-1226): the partition's high watermark minus its start offset.

Also the checks the three share-group offset APIs make at the group coordinator (`share_group`,
`refuse_group`, `topic_refused`) and the keys they give the Persister (`partition_key`).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from broker.apis.context import HandlerContext
from broker.security.acl import Operation
from broker.server import RequestContext
from broker.share.persister import PartitionKey, PersisterError
from protocol.errors import ErrorCode
from protocol.typed import (
    DescribeShareGroupOffsetsRequest,
    DescribeShareGroupOffsetsRequestGroup,
    DescribeShareGroupOffsetsResponse,
    DescribeShareGroupOffsetsResponseGroup,
    DescribeShareGroupOffsetsResponseGroupTopic,
    DescribeShareGroupOffsetsResponseGroupTopicPartition,
)

E = ErrorCode
UNINITIALIZED = -1  # a start offset the share coordinator has no state for (Kafka's sentinel)
# A summary read claims nothing and writes nothing, so no leader may be fenced by it: it names the
# highest epoch (the share coordinator fences a read_summary below the stored leader epoch).
ANY_LEADER_EPOCH = 2**31 - 1


@dataclass(frozen=True, slots=True)
class GroupCheck:
    error: ErrorCode = E.NONE
    message: str | None = None
    empty: bool = False


def share_group(broker: HandlerContext, group_id: str) -> GroupCheck:
    """The group as its coordinator has it: an error if it is not a share group coordinated
    here, else whether it is empty (Alter and Delete need EMPTY)."""
    described = broker.groups.share_group_describe([group_id])[0]
    if described.error != E.NONE:
        message = described.error_message
        if described.error == E.GROUP_ID_NOT_FOUND:
            message = message or f"Group {group_id} is not a share group."
        return GroupCheck(ErrorCode(described.error), message)
    return GroupCheck(empty=not described.members)


def refuse_group(
    broker: HandlerContext, ctx: RequestContext, group_id: str, operation: Operation
) -> tuple[ErrorCode, str | None] | None:
    """Why Alter or Delete may not change a group's offsets (the refusal repeated for every
    topic of the request), or None when the group is theirs to change: authorized for
    `operation`, a share group coordinated here, and EMPTY."""
    authz = broker.authorizer
    if authz is not None and not authz.group(ctx, operation, group_id):
        return E.GROUP_AUTHORIZATION_FAILED, None
    check = share_group(broker, group_id)
    if check.error != E.NONE:
        return check.error, check.message
    if not check.empty:
        return E.NON_EMPTY_GROUP, "The group is not empty."
    return None


def topic_refused(broker: HandlerContext, ctx: RequestContext, topic: str) -> bool:
    """Whether the principal may not read a topic: its partitions then answer
    TOPIC_AUTHORIZATION_FAILED."""
    authz = broker.authorizer
    return authz is not None and not authz.topic(ctx, Operation.READ, topic)


def partition_key(group_id: str, topic_id: uuid.UUID, partition: int) -> PartitionKey:
    return PartitionKey(group_id, topic_id.bytes, partition)


def forget_cached(broker: HandlerContext, key: PartitionKey) -> None:
    """The leader's copy of a share-partition whose durable state changed under it: it is read
    again from the Persister on its next use."""
    partitions = broker.share_partitions
    entry = partitions.partitions.get(key)
    if entry is not None:
        partitions.drop(entry)


def known_partitions(broker: HandlerContext, group_id: str) -> dict[str, set[int]]:
    """The topic-partitions a group holds state for, when a request names none: the initialized
    ones of its ShareGroupStatePartitionMetadata, as Kafka (by the topic's current name)."""
    initialized = broker.groups.share_group_initialized(group_id) or {}
    out: dict[str, set[int]] = {}
    for topic_id, (_name, partitions) in initialized.items():
        topic = broker.topics.by_id(topic_id)
        if topic is not None:
            out.setdefault(topic.name, set()).update(partitions)
    return out


def _lag(broker: HandlerContext, topic: str, partition: int, start_offset: int) -> int:
    lg = broker.topics.log(topic, partition)
    if lg is None or start_offset < 0:
        return -1
    return max(0, lg.high_watermark - start_offset)


async def _read(
    broker: HandlerContext,
    group_id: str,
    topic_id: uuid.UUID,
    partition: int,
    row: DescribeShareGroupOffsetsResponseGroupTopicPartition,
) -> bool:
    """Fill `row` from the share state; False if the partition has none."""
    try:
        summary = await broker.share_partitions.persister.read_summary(
            partition_key(group_id, topic_id, partition), ANY_LEADER_EPOCH
        )
    except PersisterError as e:
        if e.error == E.UNKNOWN_TOPIC_OR_PARTITION:
            return False
        row["error_code"], row["error_message"] = e.error, e.message
        return True
    if summary.start_offset < 0:
        return False
    row["start_offset"] = summary.start_offset
    row["leader_epoch"] = summary.leader_epoch
    topic = broker.topics.by_id(topic_id)
    row["lag"] = _lag(broker, topic.name, partition, summary.start_offset) if topic is not None else -1
    return True


async def _describe_group(
    broker: HandlerContext, ctx: RequestContext, group: DescribeShareGroupOffsetsRequestGroup
) -> DescribeShareGroupOffsetsResponseGroup:
    group_id = group.group_id
    answer: DescribeShareGroupOffsetsResponseGroup = {
        "group_id": group_id,
        "topics": [],
        "error_code": E.NONE,
        "error_message": None,
    }
    authz = broker.authorizer
    if authz is not None and not authz.group(ctx, Operation.DESCRIBE, group_id):
        answer["error_code"] = E.GROUP_AUTHORIZATION_FAILED
        return answer
    check = share_group(broker, group_id)
    if check.error != E.NONE:
        answer["error_code"], answer["error_message"] = check.error, check.message
        return answer
    every = group.topics is None
    wanted = (
        known_partitions(broker, group_id)
        if group.topics is None
        else {t.topic_name: set(t.partitions) for t in group.topics}
    )
    for name in sorted(wanted):
        topic = broker.topics.get(name)
        partitions: list[DescribeShareGroupOffsetsResponseGroupTopicPartition] = []
        entry: DescribeShareGroupOffsetsResponseGroupTopic = {
            "topic_name": name,
            "topic_id": topic.topic_id if topic is not None else uuid.UUID(int=0),
            "partitions": partitions,
        }
        refused = authz is not None and not authz.topic(ctx, Operation.DESCRIBE, name)
        for p in sorted(wanted[name]):
            row: DescribeShareGroupOffsetsResponseGroupTopicPartition = {
                "partition_index": p,
                "start_offset": UNINITIALIZED,
                "leader_epoch": -1,
                "lag": -1,
                "error_code": E.NONE,
                "error_message": None,
            }
            if refused:
                row["error_code"] = E.TOPIC_AUTHORIZATION_FAILED
            elif topic is None or not 0 <= p < topic.partitions:
                row["error_code"] = E.UNKNOWN_TOPIC_OR_PARTITION
                row["error_message"] = "This server does not host this topic-partition."
            elif not await _read(broker, group_id, topic.topic_id, p, row) and every:
                continue  # no state: not one of the group's share-partitions
            partitions.append(row)
        if partitions:
            answer["topics"].append(entry)
    return answer


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: DescribeShareGroupOffsetsRequest
) -> DescribeShareGroupOffsetsResponse:
    return {
        "throttle_time_ms": 0,
        "groups": [await _describe_group(broker, ctx, g) for g in request.groups],
    }

"""TxnOffsetCommit: a group's offsets inside a producer's transaction, written to the offsets
log as a transactional batch by the group's shard, pending there until the COMMIT marker makes
them committed (or the ABORT marker drops them): GroupCoordinatorShard.commit_transactional_offsets."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.apis.offset_commit import partition_known
from broker.apis.txn_common import fenced_for
from broker.group.events import CommitPartition, OffsetCommit, TxnOffsetCommit
from broker.security.acl import Operation, ResourceType
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import TxnOffsetCommitRequest, TxnOffsetCommitResponse


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: TxnOffsetCommitRequest
) -> TxnOffsetCommitResponse:
    v = ctx.header.api_version
    authz = broker.authorizer
    if authz is not None:  # Kafka's checks: the transactional id, the group, then each topic
        refused = None
        if not authz.allowed(ctx, Operation.WRITE, ResourceType.TRANSACTIONAL_ID, request.transactional_id):
            refused = ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED
        elif not authz.group(ctx, Operation.READ, request.group_id):
            refused = ErrorCode.GROUP_AUTHORIZATION_FAILED
        topics_refused = {t.name for t in request.topics if not authz.topic(ctx, Operation.READ, t.name)}
        if refused is not None or topics_refused:
            return {
                "throttle_time_ms": 0,
                "topics": [
                    {
                        "name": t.name,
                        "partitions": [
                            {
                                "partition_index": p.partition_index,
                                "error_code": refused
                                or (
                                    ErrorCode.TOPIC_AUTHORIZATION_FAILED
                                    if t.name in topics_refused
                                    else ErrorCode.OPERATION_NOT_ATTEMPTED
                                ),
                            }
                            for p in t.partitions
                        ],
                    }
                    for t in request.topics
                ],
            }
    unknown: set[tuple[str, int]] = set()
    topics: list[tuple[str, list[CommitPartition]]] = []
    for t in request.topics:
        parts = []
        for p in t.partitions:
            if not partition_known(broker, t.name, p.partition_index):
                unknown.add((t.name, p.partition_index))
                continue
            parts.append(
                CommitPartition(
                    p.partition_index, p.committed_offset, p.committed_leader_epoch, p.committed_metadata, -1
                )
            )
        if parts:
            topics.append((t.name, parts))
    answered: dict[tuple[str, int], ErrorCode] = {}
    if topics:
        req = OffsetCommit(
            group_id=request.group_id,
            generation_id=request.generation_id,
            member_id=request.member_id,
            group_instance_id=request.group_instance_id,
            retention_time_ms=-1,
            topics=topics,
            api_version=v,
        )
        result = await broker.groups.commit_transactional_offsets(
            TxnOffsetCommit(req, request.producer_id, request.producer_epoch)
        )
        answered = {(tn, p): fenced_for("TxnOffsetCommit", v, e) for tn, errors in result for p, e in errors}
    return {
        "throttle_time_ms": 0,
        "topics": [
            {
                "name": t.name,
                "partitions": [
                    {
                        "partition_index": p.partition_index,
                        "error_code": ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                        if (t.name, p.partition_index) in unknown
                        else answered.get((t.name, p.partition_index), ErrorCode.NONE),
                    }
                    for p in t.partitions
                ],
            }
            for t in request.topics
        ],
    }

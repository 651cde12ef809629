"""AddOffsetsToTxn: the group's `__consumer_offsets` partition joins the producer's transaction,
so that its TxnOffsetCommit is decided with it."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.apis.txn_common import fenced_for
from broker.group.placement import coordinator_partition
from broker.group.records import OFFSETS_TOPIC
from broker.security.acl import Operation, ResourceType
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import AddOffsetsToTxnRequest, AddOffsetsToTxnResponse


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: AddOffsetsToTxnRequest
) -> AddOffsetsToTxnResponse:
    authz = broker.authorizer
    if authz is not None and not authz.allowed(
        ctx, Operation.WRITE, ResourceType.TRANSACTIONAL_ID, request.transactional_id
    ):
        return {"throttle_time_ms": 0, "error_code": ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED}
    if authz is not None and not authz.group(ctx, Operation.READ, request.group_id):
        return {"throttle_time_ms": 0, "error_code": ErrorCode.GROUP_AUTHORIZATION_FAILED}
    if not broker.transaction_topic_ready():
        error = ErrorCode.COORDINATOR_NOT_AVAILABLE
    else:
        partition = coordinator_partition(request.group_id, broker.num_offsets_partitions)
        error = await broker.transactions.add_partitions(
            request.transactional_id,
            request.producer_id,
            request.producer_epoch,
            {OFFSETS_TOPIC: {partition}},
        )
    return {"throttle_time_ms": 0, "error_code": fenced_for("AddOffsetsToTxn", ctx.header.api_version, error)}

"""EndTxn: commit or abort the producer's transaction; answered once the decision (the Prepare
record) is durable, the markers and the Complete record following (broker/txn/coordinator.py)."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.apis.txn_common import fenced_for
from broker.security.acl import Operation, ResourceType
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import EndTxnRequest, EndTxnResponse


async def handle(broker: HandlerContext, ctx: RequestContext, request: EndTxnRequest) -> EndTxnResponse:
    authz = broker.authorizer
    if authz is not None and not authz.allowed(
        ctx, Operation.WRITE, ResourceType.TRANSACTIONAL_ID, request.transactional_id
    ):
        return {"throttle_time_ms": 0, "error_code": ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED}
    if not broker.transaction_topic_ready():
        error = ErrorCode.COORDINATOR_NOT_AVAILABLE
    else:
        error = await broker.transactions.end_txn(
            request.transactional_id, request.producer_id, request.producer_epoch, request.committed
        )
    return {"throttle_time_ms": 0, "error_code": fenced_for("EndTxn", ctx.header.api_version, error)}

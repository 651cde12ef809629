"""EndTxn: commit or abort the producer's transaction; answered once the decision (the Prepare
record) is durable, the markers and the Complete record following (broker/txn/coordinator.py)."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from broker.apis.context import HandlerContext
from broker.apis.txn_common import fenced_for
from broker.security.acl import Operation, ResourceType
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import EndTxnRequest, EndTxnResponse


def handle(
    broker: HandlerContext, ctx: RequestContext, request: EndTxnRequest
) -> EndTxnResponse | Coroutine[object, None, EndTxnResponse]:
    """Answered in the same pass when the Prepare record is written from the loop (page-cache
    durability); otherwise by a coroutine once it is durable."""
    authz = broker.authorizer
    if authz is not None and not authz.allowed(
        ctx, Operation.WRITE, ResourceType.TRANSACTIONAL_ID, request.transactional_id
    ):
        return {"throttle_time_ms": 0, "error_code": ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED}
    if not broker.transaction_topic_ready():
        return _answer(ctx, ErrorCode.COORDINATOR_NOT_AVAILABLE)
    error = broker.transactions.end_txn_nowait(
        request.transactional_id, request.producer_id, request.producer_epoch, request.committed
    )
    if isinstance(error, ErrorCode):
        return _answer(ctx, error)
    return _answer_later(ctx, error)


async def _answer_later(ctx: RequestContext, error: Coroutine[Any, Any, ErrorCode]) -> EndTxnResponse:
    return _answer(ctx, await error)


def _answer(ctx: RequestContext, error: ErrorCode) -> EndTxnResponse:
    return {"throttle_time_ms": 0, "error_code": fenced_for("EndTxn", ctx.header.api_version, error)}

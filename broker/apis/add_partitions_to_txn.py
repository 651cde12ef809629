"""AddPartitionsToTxn: partitions join the producer's transaction (v0-3, one transaction).

As Kafka: if any partition is unknown, those get UNKNOWN_TOPIC_OR_PARTITION and the others
OPERATION_NOT_ATTEMPTED, and nothing is added."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from broker.apis.context import HandlerContext
from broker.apis.txn_common import fenced_for
from broker.security.acl import Operation, ResourceType
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import AddPartitionsToTxnRequest, AddPartitionsToTxnResponse


def _answer(
    request: AddPartitionsToTxnRequest, error_of: Callable[[str, int], ErrorCode]
) -> AddPartitionsToTxnResponse:
    return {
        "throttle_time_ms": 0,
        "results": [
            {
                "name": t.name,
                "results_by_partition": [
                    {"partition_index": p, "partition_error_code": error_of(t.name, p)} for p in t.partitions
                ],
            }
            for t in request.topics
        ],
    }


def handle(
    broker: HandlerContext, ctx: RequestContext, request: AddPartitionsToTxnRequest
) -> AddPartitionsToTxnResponse | Coroutine[object, None, AddPartitionsToTxnResponse]:
    """Answered in the same pass when the Ongoing record is written from the loop (page-cache
    durability) and no earlier transaction is still completing; otherwise by a coroutine."""
    authz = broker.authorizer
    if authz is not None:  # Kafka's checks: WRITE on the transactional id, then on each topic
        if not authz.allowed(ctx, Operation.WRITE, ResourceType.TRANSACTIONAL_ID, request.transactional_id):
            return _answer(request, lambda _t, _p: ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED)
        refused = {t.name for t in request.topics if not authz.topic(ctx, Operation.WRITE, t.name)}
        if refused:
            return _answer(
                request,
                lambda t, _p: (
                    ErrorCode.TOPIC_AUTHORIZATION_FAILED
                    if t in refused
                    else ErrorCode.OPERATION_NOT_ATTEMPTED
                ),
            )
    unknown: set[tuple[str, int]] = set()
    wanted: dict[str, set[int]] = {}
    for t in request.topics:
        held = broker.topics.get(t.name)
        for p in t.partitions:
            if held is None or not 0 <= p < held.partitions or held.internal:
                unknown.add((t.name, p))
            else:
                wanted.setdefault(t.name, set()).add(p)
    if unknown:
        return _answer(
            request,
            lambda t, p: (
                ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                if (t, p) in unknown
                else ErrorCode.OPERATION_NOT_ATTEMPTED
            ),
        )
    if not broker.transaction_topic_ready():
        return _answered(ctx, request, ErrorCode.COORDINATOR_NOT_AVAILABLE)
    error = broker.transactions.add_partitions_nowait(
        request.transactional_id, request.producer_id, request.producer_epoch, wanted
    )
    if isinstance(error, ErrorCode):
        return _answered(ctx, request, error)
    return _answered_later(ctx, request, error)


async def _answered_later(
    ctx: RequestContext, request: AddPartitionsToTxnRequest, error: Coroutine[Any, Any, ErrorCode]
) -> AddPartitionsToTxnResponse:
    return _answered(ctx, request, await error)


def _answered(
    ctx: RequestContext, request: AddPartitionsToTxnRequest, error: ErrorCode
) -> AddPartitionsToTxnResponse:
    error = fenced_for("AddPartitionsToTxn", ctx.header.api_version, error)
    return _answer(request, lambda _t, _p: error)

"""DescribeTransactions (KIP-664): each transactional id's state, producer and partitions."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.security.acl import Operation, ResourceType
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    DescribeTransactionsRequest,
    DescribeTransactionsResponse,
    DescribeTransactionsResponseTransactionState,
)


def handle(
    broker: HandlerContext, ctx: RequestContext, request: DescribeTransactionsRequest
) -> DescribeTransactionsResponse:
    broker.transaction_topic_ready()
    states: list[DescribeTransactionsResponseTransactionState] = []
    authz = broker.authorizer
    ids = list(request.transactional_ids)
    if authz is not None:
        for tid in [
            t for t in ids if not authz.allowed(ctx, Operation.DESCRIBE, ResourceType.TRANSACTIONAL_ID, t)
        ]:
            ids.remove(tid)
            states.append(
                {
                    "error_code": ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED,
                    "transactional_id": tid,
                    "transaction_state": "",
                    "transaction_timeout_ms": 0,
                    "producer_id": -1,
                    "producer_epoch": -1,
                    "transaction_start_time_ms": -1,
                    "topics": [],
                }
            )
    for d in broker.transactions.describe(ids):
        m = d.meta
        states.append(
            {
                "error_code": d.error,
                "transactional_id": d.transactional_id,
                "transaction_state": m.state.kafka_name if m else "",
                "transaction_timeout_ms": m.timeout_ms if m else 0,
                "transaction_start_time_ms": m.start_ms if m else -1,
                "producer_id": m.producer_id if m else -1,
                "producer_epoch": m.producer_epoch if m else -1,
                "topics": [{"topic": t, "partitions": sorted(ps)} for t, ps in sorted(m.partitions.items())]
                if m
                else [],
            }
        )
    return {"throttle_time_ms": 0, "transaction_states": states}

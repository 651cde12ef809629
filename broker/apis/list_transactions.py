"""ListTransactions (KIP-664): the transactional ids this broker coordinates, filtered by state,
producer id and (v1) how long their transaction has been open."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.security.acl import Operation, ResourceType
from broker.server import RequestContext
from protocol.typed import ListTransactionsRequest, ListTransactionsResponse


def handle(
    broker: HandlerContext, ctx: RequestContext, request: ListTransactionsRequest
) -> ListTransactionsResponse:
    broker.transaction_topic_ready()
    duration = request.duration_filter if ctx.header.api_version >= 1 else -1
    error, unknown, found = broker.transactions.list(
        request.state_filters, request.producer_id_filters, duration
    )
    authz = broker.authorizer
    if authz is not None:  # the transactions this principal may describe (Kafka's rule)
        found = [
            m
            for m in found
            if authz.allowed(ctx, Operation.DESCRIBE, ResourceType.TRANSACTIONAL_ID, m.transactional_id)
        ]
    return {
        "throttle_time_ms": 0,
        "error_code": error,
        "unknown_state_filters": unknown,
        "transaction_states": [
            {
                "transactional_id": m.transactional_id,
                "producer_id": m.producer_id,
                "transaction_state": m.state.kafka_name,
            }
            for m in found
        ],
    }

"""GetTelemetrySubscriptions (key 71) and PushTelemetry (key 72), KIP-714: answered from the
broker's ClientTelemetry (broker/telemetry/manager.py), with no ACL check, as Kafka's (any
client that may connect may send its metrics)."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.server import RequestContext
from broker.telemetry.manager import ACCEPTED_COMPRESSION
from protocol.typed import (
    GetTelemetrySubscriptionsRequest,
    GetTelemetrySubscriptionsResponse,
    PushTelemetryRequest,
    PushTelemetryResponse,
)


def handle_get(
    broker: HandlerContext, ctx: RequestContext, request: GetTelemetrySubscriptionsRequest
) -> GetTelemetrySubscriptionsResponse:
    telemetry = broker.client_telemetry
    answer = telemetry.get_subscriptions(
        request.client_instance_id, ctx.header.client_id or "", ctx.peer, ctx.received_at
    )
    return {
        "throttle_time_ms": 0,
        "error_code": answer.error,
        "client_instance_id": answer.instance_id,
        "subscription_id": answer.plan.subscription_id,
        "accepted_compression_types": [int(c) for c in ACCEPTED_COMPRESSION],
        "push_interval_ms": answer.plan.interval_ms,
        "telemetry_max_bytes": telemetry.max_bytes,
        "delta_temporality": False,  # cumulative sums: a scrape shows the running totals
        "requested_metrics": list(answer.plan.metrics),
    }


def handle_push(
    broker: HandlerContext, ctx: RequestContext, request: PushTelemetryRequest
) -> PushTelemetryResponse:
    code = broker.client_telemetry.push(
        request.client_instance_id,
        request.subscription_id,
        request.terminating,
        request.compression_type,
        bytes(request.metrics),
        ctx.received_at,
    )
    return {"throttle_time_ms": 0, "error_code": code}

"""Heartbeat: a classic group member's liveness; REBALANCE_IN_PROGRESS tells it to rejoin."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from broker.group.events import Heartbeat
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from broker.broker import Broker


def handle(broker: Broker, ctx: RequestContext, request: Any) -> dict[str, Any]:
    # Answered at once (never waits), so a plain function: no task per heartbeat.
    # Item access: a decoded Container's attribute access costs ten times as much, per field.
    authz = broker.authorizer
    if authz is not None and not authz.group(ctx, Operation.READ, request["group_id"]):
        return {"throttle_time_ms": 0, "error_code": ErrorCode.GROUP_AUTHORIZATION_FAILED}
    error = broker.groups.heartbeat(
        Heartbeat(
            request["group_id"], request["generation_id"], request["member_id"], request["group_instance_id"]
        )
    )
    return {"throttle_time_ms": 0, "error_code": error}

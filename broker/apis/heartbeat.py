"""Heartbeat: a classic group member's liveness; REBALANCE_IN_PROGRESS tells it to rejoin."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from broker.group.events import Heartbeat
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.frames import encode_response_body

if TYPE_CHECKING:
    from broker.broker import Broker

# A heartbeat's answer is one of a few bodies per version: each is encoded once.
_ANSWERS: dict[tuple[int, int], bytes] = {}


def _answer(version: int, error: int) -> bytes:
    body = _ANSWERS.get((version, error))
    if body is None:
        body = _ANSWERS[(version, error)] = encode_response_body(
            ApiKey.HEARTBEAT, version, {"throttle_time_ms": 0, "error_code": error}
        )
    return body


def handle(broker: Broker, ctx: RequestContext, request: Any) -> bytes:
    # Answered at once (never waits), so a plain function: no task per heartbeat.
    # Item access: a decoded Container's attribute access costs ten times as much, per field.
    authz = broker.authorizer
    if authz is not None and not authz.group(ctx, Operation.READ, request["group_id"]):
        return _answer(ctx.header.api_version, ErrorCode.GROUP_AUTHORIZATION_FAILED)
    error = broker.groups.heartbeat(
        Heartbeat(
            request["group_id"], request["generation_id"], request["member_id"], request["group_instance_id"]
        )
    )
    return _answer(ctx.header.api_version, error)

"""CreateAcls, DescribeAcls, DeleteAcls: the authorizer's bindings (broker/security/authorizer.py).
Without an authorizer (authorizer.class.name empty) Kafka answers SECURITY_DISABLED, and so do we."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from broker.server import RequestContext
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from broker.broker import Broker

_DISABLED = "No Authorizer is configured on the broker"


def handle_describe(broker: Broker, ctx: RequestContext, request: Any) -> dict[str, Any]:
    authorizer = broker.authorizer
    if authorizer is None:
        return {"error_code": ErrorCode.SECURITY_DISABLED, "error_message": _DISABLED, "resources": []}
    return authorizer.describe_acls(ctx, request)


async def handle_create(broker: Broker, ctx: RequestContext, request: Any) -> dict[str, Any]:
    authorizer = broker.authorizer
    if authorizer is None:
        error = {"error_code": ErrorCode.SECURITY_DISABLED, "error_message": _DISABLED}
        return {"results": [error for _ in request.creations]}
    return await authorizer.create_acls(ctx, request)


async def handle_delete(broker: Broker, ctx: RequestContext, request: Any) -> dict[str, Any]:
    authorizer = broker.authorizer
    if authorizer is None:
        error = {"error_code": ErrorCode.SECURITY_DISABLED, "error_message": _DISABLED, "matching_acls": []}
        return {"filter_results": [error for _ in request.filters]}
    return await authorizer.delete_acls(ctx, request)

"""CreateAcls, DescribeAcls, DeleteAcls: the authorizer's bindings (broker/security/authorizer.py).
Without an authorizer (authorizer.class.name empty) Kafka answers SECURITY_DISABLED, and so do we."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    CreateAclsRequest,
    CreateAclsResponse,
    CreateAclsResponseResult,
    DeleteAclsRequest,
    DeleteAclsResponse,
    DeleteAclsResponseFilterResult,
    DescribeAclsRequest,
    DescribeAclsResponse,
)

_DISABLED = "No Authorizer is configured on the broker"


def handle_describe(
    broker: HandlerContext, ctx: RequestContext, request: DescribeAclsRequest
) -> DescribeAclsResponse:
    authorizer = broker.authorizer
    if authorizer is None:
        return {
            "throttle_time_ms": 0,
            "error_code": ErrorCode.SECURITY_DISABLED,
            "error_message": _DISABLED,
            "resources": [],
        }
    return authorizer.describe_acls(ctx, request)


async def handle_create(
    broker: HandlerContext, ctx: RequestContext, request: CreateAclsRequest
) -> CreateAclsResponse:
    authorizer = broker.authorizer
    if authorizer is None:
        error: CreateAclsResponseResult = {
            "error_code": ErrorCode.SECURITY_DISABLED,
            "error_message": _DISABLED,
        }
        return {"throttle_time_ms": 0, "results": [error for _ in request.creations]}
    return await authorizer.create_acls(ctx, request)


async def handle_delete(
    broker: HandlerContext, ctx: RequestContext, request: DeleteAclsRequest
) -> DeleteAclsResponse:
    authorizer = broker.authorizer
    if authorizer is None:
        error: DeleteAclsResponseFilterResult = {
            "error_code": ErrorCode.SECURITY_DISABLED,
            "error_message": _DISABLED,
            "matching_acls": [],
        }
        return {"throttle_time_ms": 0, "filter_results": [error for _ in request.filters]}
    return await authorizer.delete_acls(ctx, request)

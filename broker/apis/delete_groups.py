"""DeleteGroups: delete empty groups and their committed offsets."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import DeleteGroupsRequest, DeleteGroupsResponse, DeleteGroupsResponseResult


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: DeleteGroupsRequest
) -> DeleteGroupsResponse:
    names = list(dict.fromkeys(request.groups_names))
    authz = broker.authorizer
    refused: list[str] = []
    if authz is not None:
        refused = [g for g in names if not authz.group(ctx, Operation.DELETE, g)]
        names = [g for g in names if g not in refused]
    results = await broker.groups.delete_groups(names) if names else []
    answers: list[DeleteGroupsResponseResult] = [{"group_id": g, "error_code": e} for g, e in results]
    answers += [{"group_id": g, "error_code": ErrorCode.GROUP_AUTHORIZATION_FAILED} for g in refused]
    return {"throttle_time_ms": 0, "results": answers}

"""LeaveGroup: members leave a classic group (one before v3, a batch from v3)."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.group.events import LeaveGroup, LeavingMember
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import LeaveGroupRequest, LeaveGroupResponse


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: LeaveGroupRequest
) -> LeaveGroupResponse:
    v = ctx.header.api_version
    authz = broker.authorizer
    if authz is not None and not authz.group(ctx, Operation.READ, request.group_id):
        return {"throttle_time_ms": 0, "error_code": ErrorCode.GROUP_AUTHORIZATION_FAILED, "members": []}
    if v >= 3:
        members = [LeavingMember(m.member_id, m.group_instance_id, m.reason) for m in request.members]
    else:
        members = [LeavingMember(request.member_id)]
    result = await broker.groups.leave_group(LeaveGroup(request.group_id, members))
    if v < 3:
        # One member, no per-member answers: its error becomes the top-level one.
        error = result.error
        if error == ErrorCode.NONE:
            error = next((e for _, _, e in result.members if e != ErrorCode.NONE), ErrorCode.NONE)
        return {"throttle_time_ms": 0, "error_code": error}
    return {
        "throttle_time_ms": 0,
        "error_code": result.error,
        "members": [
            {"member_id": mid, "group_instance_id": iid, "error_code": err}
            for mid, iid, err in result.members
        ],
    }

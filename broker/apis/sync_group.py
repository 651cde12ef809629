"""SyncGroup: the leader hands out the assignment; every member waits for its own."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.group.events import SyncGroup
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import SyncGroupRequest, SyncGroupResponse


async def handle(broker: HandlerContext, ctx: RequestContext, request: SyncGroupRequest) -> SyncGroupResponse:
    v = ctx.header.api_version
    authz = broker.authorizer
    if authz is not None and not authz.group(ctx, Operation.READ, request.group_id):
        return {"throttle_time_ms": 0, "error_code": ErrorCode.GROUP_AUTHORIZATION_FAILED, "assignment": b""}
    if v >= 5 and (request.protocol_type is None or request.protocol_name is None):
        # From v5 the protocol type and name are mandatory.
        return {"throttle_time_ms": 0, "error_code": ErrorCode.INCONSISTENT_GROUP_PROTOCOL, "assignment": b""}
    result = await broker.groups.sync_group(
        SyncGroup(
            group_id=request.group_id,
            generation_id=request.generation_id,
            member_id=request.member_id,
            group_instance_id=request.group_instance_id,
            protocol_type=request.protocol_type,
            protocol_name=request.protocol_name,
            assignments=[(a.member_id, bytes(a.assignment)) for a in request.assignments],
        )
    )
    return {
        "throttle_time_ms": 0,
        "error_code": result.error,
        "protocol_type": result.protocol_type,
        "protocol_name": result.protocol_name,
        "assignment": result.assignment,
    }

"""DescribeGroups: state, protocol and members of classic groups."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import DescribeGroupsRequest, DescribeGroupsResponse

# With no authorizer every operation on a group is allowed: READ (3), DELETE (6), DESCRIBE (8).
GROUP_OPERATIONS = (1 << 3) | (1 << 6) | (1 << 8)
NOT_REQUESTED = -(1 << 31)


def handle(
    broker: HandlerContext, ctx: RequestContext, request: DescribeGroupsRequest
) -> DescribeGroupsResponse:
    # Answered at once (never waits), so a plain function: no task per request (see broker/server.py).
    v = ctx.header.api_version
    operations = GROUP_OPERATIONS if v >= 3 and request.include_authorized_operations else NOT_REQUESTED
    authz = broker.authorizer
    refused: list[str] = []
    names = request.groups
    if authz is not None:
        refused = [g for g in names if not authz.group(ctx, Operation.DESCRIBE, g)]
        names = [g for g in names if g not in refused]
    groups = broker.groups.describe_groups(names, v)
    answer: DescribeGroupsResponse = {
        "throttle_time_ms": 0,
        "groups": [
            {
                "error_code": g.error,
                "error_message": g.error_message,
                "group_id": g.group_id,
                "group_state": g.state,
                "protocol_type": g.protocol_type,
                "protocol_data": g.protocol_data,
                "members": [
                    {
                        "member_id": m.member_id,
                        "group_instance_id": m.group_instance_id,
                        "client_id": m.client_id,
                        "client_host": m.client_host,
                        "member_metadata": m.metadata,
                        "member_assignment": m.assignment,
                    }
                    for m in g.members
                ],
                "authorized_operations": operations,
            }
            for g in groups
        ],
    }
    for g in refused:
        answer["groups"].append(
            {
                "error_code": ErrorCode.GROUP_AUTHORIZATION_FAILED,
                "group_id": g,
                "group_state": "",
                "protocol_type": "",
                "protocol_data": "",
                "members": [],
                "authorized_operations": operations,
            }
        )
    return answer

"""ListGroups: the groups this broker coordinates, optionally filtered by state (v4+) and type (v5+)."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.typed import ListGroupsRequest, ListGroupsResponse


def handle(broker: HandlerContext, ctx: RequestContext, request: ListGroupsRequest) -> ListGroupsResponse:
    # Answered at once (never waits), so a plain function: no task per request (see broker/server.py).
    error, groups = broker.groups.list_groups(request.states_filter, request.types_filter)
    authz = broker.authorizer
    if authz is not None and not authz.cluster(ctx, Operation.DESCRIBE):
        # Without DESCRIBE on the cluster, the groups the principal may describe (Kafka's rule).
        groups = [g for g in groups if authz.group(ctx, Operation.DESCRIBE, g.group_id)]
    return {
        "throttle_time_ms": 0,
        "error_code": error,
        "groups": [
            {
                "group_id": g.group_id,
                "protocol_type": g.protocol_type,
                "group_state": g.state,
                "group_type": g.group_type,
            }
            for g in groups
        ],
    }

"""JoinGroup: join (or rejoin) a classic group; parked until the join phase completes."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.group.events import JoinGroup
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import JoinGroupRequest, JoinGroupResponse


def client_host(ctx: RequestContext) -> str:
    """Kafka reports a client's host as its InetAddress's toString: "/127.0.0.1"."""
    host = ctx.peer.rsplit(":", 1)[0] if ":" in ctx.peer else ctx.peer
    return "/" + host.strip("[]")


async def handle(broker: HandlerContext, ctx: RequestContext, request: JoinGroupRequest) -> JoinGroupResponse:
    v = ctx.header.api_version
    authz = broker.authorizer
    if authz is not None and not authz.group(ctx, Operation.READ, request.group_id):
        return {
            "throttle_time_ms": 0,
            "error_code": ErrorCode.GROUP_AUTHORIZATION_FAILED,
            "generation_id": -1,
            "protocol_name": None if v >= 7 else "",
            "leader": "",
            "member_id": request.member_id,
            "members": [],
        }
    result = await broker.groups.join_group(
        JoinGroup(
            group_id=request.group_id,
            member_id=request.member_id,
            group_instance_id=request.group_instance_id,
            client_id=ctx.header.client_id or "",
            client_host=client_host(ctx),
            session_timeout_ms=request.session_timeout_ms,
            # v0 has no rebalance timeout: the session timeout is both.
            rebalance_timeout_ms=request.rebalance_timeout_ms if v >= 1 else request.session_timeout_ms,
            protocol_type=request.protocol_type,
            protocols=[(p.name, bytes(p.metadata)) for p in request.protocols],
            reason=request.reason,
            require_known_member_id=v >= 4,
            supports_skip_assignment=v >= 9,
        )
    )
    protocol_name = result.protocol_name
    if v < 7 and protocol_name is None:
        protocol_name = ""  # not nullable before v7
    elif v >= 7 and protocol_name == "":
        protocol_name = None
    return {
        "throttle_time_ms": 0,
        "error_code": result.error,
        "generation_id": result.generation_id,
        "protocol_type": result.protocol_type,
        "protocol_name": protocol_name,
        "leader": result.leader,
        "skip_assignment": result.skip_assignment,
        "member_id": result.member_id,
        "members": [
            {"member_id": mid, "group_instance_id": iid, "metadata": meta}
            for mid, iid, meta in result.members
        ],
    }

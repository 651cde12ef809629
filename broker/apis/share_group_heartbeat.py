"""ShareGroupHeartbeat (KIP-932): join, heartbeat and leave a share group in one request; the
coordinator assigns the partitions (broker/group/share/manager.py). Served when share groups are
enabled (group.share.enable); else UNSUPPORTED_VERSION, as Kafka answers. READ on the group and
DESCRIBE on every subscribed topic are required, as Kafka's KafkaApis checks."""

from __future__ import annotations

from collections.abc import Awaitable, Coroutine

from broker.apis.context import HandlerContext
from broker.apis.join_group import client_host
from broker.group.share.events import ShareGroupHeartbeat, ShareHeartbeatResult
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import ShareGroupHeartbeatRequest, ShareGroupHeartbeatResponse


def handle(
    broker: HandlerContext, ctx: RequestContext, request: ShareGroupHeartbeatRequest
) -> ShareGroupHeartbeatResponse | Coroutine[object, None, ShareGroupHeartbeatResponse]:
    # A plain heartbeat is answered in the same pass (no task); one that writes records is awaited.
    authz = broker.authorizer
    if authz is not None and not authz.group(ctx, Operation.READ, request["group_id"]):
        return _answer(ShareHeartbeatResult(ErrorCode.GROUP_AUTHORIZATION_FAILED, member_epoch=-1))
    names = request["subscribed_topic_names"]
    if authz is not None and names and not all(authz.topic(ctx, Operation.DESCRIBE, t) for t in set(names)):
        # As Kafka's KafkaApis: a member may not subscribe to topics it may not describe.
        return _answer(ShareHeartbeatResult(ErrorCode.TOPIC_AUTHORIZATION_FAILED))
    result = broker.groups.share_group_heartbeat(
        ShareGroupHeartbeat(
            group_id=request["group_id"],
            member_id=request["member_id"],
            member_epoch=request["member_epoch"],
            rack_id=request["rack_id"],
            subscribed_topic_names=None if names is None else list(names),
            client_id=ctx.header.client_id or "",
            client_host=client_host(ctx),
        )
    )
    if isinstance(result, ShareHeartbeatResult):
        return _answer(result)
    return _later(result)


async def _later(result: Awaitable[ShareHeartbeatResult]) -> ShareGroupHeartbeatResponse:
    return _answer(await result)


def _answer(result: ShareHeartbeatResult) -> ShareGroupHeartbeatResponse:
    assignment = result.assignment
    return {
        "throttle_time_ms": 0,
        "error_code": result.error,
        "error_message": result.error_message,
        "member_id": result.member_id,
        "member_epoch": result.member_epoch,
        "heartbeat_interval_ms": result.heartbeat_interval_ms,
        "assignment": None
        if assignment is None
        else {
            "topic_partitions": [
                {"topic_id": t, "partitions": sorted(ps)} for t, ps in sorted(assignment.items()) if ps
            ]
        },
    }

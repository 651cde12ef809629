"""ConsumerGroupHeartbeat (KIP-848): join, heartbeat and leave a consumer group in one request;
the coordinator computes the assignment (broker/group/consumer/manager.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Coroutine

from broker.apis.context import HandlerContext
from broker.apis.join_group import client_host
from broker.group.consumer.events import ConsumerGroupHeartbeat, HeartbeatResult
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import ConsumerGroupHeartbeatRequest, ConsumerGroupHeartbeatResponse


def handle(
    broker: HandlerContext, ctx: RequestContext, request: ConsumerGroupHeartbeatRequest
) -> ConsumerGroupHeartbeatResponse | Coroutine[object, None, ConsumerGroupHeartbeatResponse]:
    # A plain heartbeat is answered in the same pass (no task); one that writes records is awaited.
    authz = broker.authorizer
    if authz is not None and not authz.group(ctx, Operation.READ, request["group_id"]):
        return {
            "throttle_time_ms": 0,
            "error_code": ErrorCode.GROUP_AUTHORIZATION_FAILED,
            "error_message": None,
            "member_id": request["member_id"],
            "member_epoch": -1,
            "heartbeat_interval_ms": 0,
            "assignment": None,
        }
    owned = request["topic_partitions"]
    names = request["subscribed_topic_names"]
    result = broker.groups.consumer_group_heartbeat(
        ConsumerGroupHeartbeat(
            group_id=request["group_id"],
            member_id=request["member_id"],
            member_epoch=request["member_epoch"],
            instance_id=request["instance_id"],
            rack_id=request["rack_id"],
            rebalance_timeout_ms=request["rebalance_timeout_ms"],
            subscribed_topic_names=None if names is None else list(names),
            subscribed_topic_regex=request["subscribed_topic_regex"],
            server_assignor=request["server_assignor"],
            topic_partitions=None
            if owned is None
            else [(tp["topic_id"], list(tp["partitions"])) for tp in owned],
            client_id=ctx.header.client_id or "",
            client_host=client_host(ctx),
            api_version=ctx.header.api_version,
        )
    )
    if isinstance(result, HeartbeatResult):
        return _answer(result)
    return _later(result)


async def _later(result: Awaitable[HeartbeatResult]) -> ConsumerGroupHeartbeatResponse:
    return _answer(await result)


def _answer(result: HeartbeatResult) -> ConsumerGroupHeartbeatResponse:
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

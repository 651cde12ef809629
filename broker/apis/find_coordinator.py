"""FindCoordinator: the broker that leads the group's `__consumer_offsets` partition (or the
transactional id's `__transaction_state` one, or a share-partition's `__share_group_state` one)."""

from __future__ import annotations

from broker.apis.context import HandlerContext, Node
from broker.group.placement import coordinator_partition
from broker.security.acl import Operation, ResourceType
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.share_state_records import parse_coordinator_key
from protocol.typed import (
    FindCoordinatorRequest,
    FindCoordinatorResponse,
    FindCoordinatorResponseCoordinator,
)

GROUP, TRANSACTION, SHARE = 0, 1, 2


def _answer(
    broker: HandlerContext, key: str, key_type: int, listener: str, ctx: RequestContext
) -> FindCoordinatorResponseCoordinator:
    authz = broker.authorizer
    if authz is not None and key_type in (GROUP, TRANSACTION):
        resource = ResourceType.GROUP if key_type == GROUP else ResourceType.TRANSACTIONAL_ID
        if not authz.allowed(ctx, Operation.DESCRIBE, resource, key):
            refused = (
                ErrorCode.GROUP_AUTHORIZATION_FAILED
                if key_type == GROUP
                else ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED
            )
            return {
                "key": key,
                "node_id": -1,
                "host": "",
                "port": -1,
                "error_code": refused,
                "error_message": None,
            }
    if key_type == TRANSACTION:
        # The leader of the id's __transaction_state partition (created on the first such request,
        # as Kafka does: COORDINATOR_NOT_AVAILABLE, retriable, until it exists).
        if not key or not broker.transaction_topic_ready():
            return {
                "key": key,
                "node_id": -1,
                "host": "",
                "port": -1,
                "error_code": ErrorCode.INVALID_REQUEST if not key else ErrorCode.COORDINATOR_NOT_AVAILABLE,
                "error_message": None,
            }
        node = broker.transaction_coordinator_node(broker.transactions.partition_for(key), listener)
        return _node_answer(key, node)
    if key_type == SHARE:
        return _share_answer(broker, key, listener, ctx)
    if key_type != GROUP:
        return {
            "key": key,
            "node_id": -1,
            "host": "",
            "port": -1,
            "error_code": ErrorCode.INVALID_REQUEST,
            "error_message": f"unknown key type {key_type}",
        }
    # At its address on the listener the request came in on; none there: not available (Kafka).
    node = broker.coordinator_node(coordinator_partition(key, broker.num_offsets_partitions), listener)
    return _node_answer(key, node)


def _share_answer(
    broker: HandlerContext, key: str, listener: str, ctx: RequestContext
) -> FindCoordinatorResponseCoordinator:
    """KIP-932: the share coordinator of "groupId:topicId:partition" (v6+, brokers only: CLUSTER_ACTION),
    the leader of its `__share_group_state` partition; the topic is created on the first such
    request (COORDINATOR_NOT_AVAILABLE, retriable, until it exists), as Kafka does."""
    error: ErrorCode | None = None
    authz = broker.authorizer
    if ctx.header.api_version < 6:
        error = ErrorCode.INVALID_REQUEST
    elif authz is not None and not authz.cluster(ctx, Operation.CLUSTER_ACTION):
        error = ErrorCode.CLUSTER_AUTHORIZATION_FAILED
    else:
        try:
            state_key = parse_coordinator_key(key)
        except ValueError:
            error = ErrorCode.INVALID_REQUEST
    if error is None and not broker.share_state_topic_ready():
        error = ErrorCode.COORDINATOR_NOT_AVAILABLE
    if error is not None:
        return {"key": key, "node_id": -1, "host": "", "port": -1, "error_code": error, "error_message": None}
    node = broker.share_coordinator_node(broker.share_coordinator.partition_for(state_key), listener)
    return _node_answer(key, node)


def _node_answer(key: str, node: Node | None) -> FindCoordinatorResponseCoordinator:
    if node is None:
        return {
            "key": key,
            "node_id": -1,
            "host": "",
            "port": -1,
            "error_code": ErrorCode.COORDINATOR_NOT_AVAILABLE,
            "error_message": None,
        }
    return {
        "key": key,
        "node_id": node.node_id,
        "host": node.host,
        "port": node.port,
        "error_code": ErrorCode.NONE,
        "error_message": None,
    }


def handle(
    broker: HandlerContext, ctx: RequestContext, request: FindCoordinatorRequest
) -> FindCoordinatorResponse:
    # Answered at once (never waits), so a plain function: no task per request (see broker/server.py).
    if ctx.header.api_version >= 4:
        answers = [
            _answer(broker, key, request.key_type, ctx.listener, ctx) for key in request.coordinator_keys
        ]
        return {"throttle_time_ms": 0, "coordinators": answers}
    # v0-v3: one key; the answer's fields sit at the top level.
    one = _answer(broker, request.key, request.key_type, ctx.listener, ctx)
    answer: FindCoordinatorResponse = {
        "throttle_time_ms": 0,
        "error_code": one["error_code"],
        "error_message": None if one["error_code"] == ErrorCode.NONE else one["error_message"],
        "node_id": one["node_id"],
        "host": one["host"],
        "port": one["port"],
    }
    return answer

"""DescribeCluster: cluster id, controller and live brokers (what AdminClient.describeCluster shows)."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import DescribeClusterRequest, DescribeClusterResponse

BROKER_ENDPOINT, CONTROLLER_ENDPOINT = 1, 2  # KIP-919's EndpointType


def handle(
    broker: HandlerContext, ctx: RequestContext, request: DescribeClusterRequest
) -> DescribeClusterResponse:
    if request.endpoint_type != BROKER_ENDPOINT:
        return {
            "throttle_time_ms": 0,
            "error_code": ErrorCode.MISMATCHED_ENDPOINT_TYPE,
            "error_message": "The request was sent to an endpoint of type BROKER, but we wanted an endpoint "
            "of type CONTROLLER"
            if request.endpoint_type == CONTROLLER_ENDPOINT
            else f"Unsupported endpoint type {request.endpoint_type}",
            "endpoint_type": BROKER_ENDPOINT,
            "cluster_id": broker.cluster_id,
            "controller_id": -1,
            "brokers": [],
        }
    return {
        "throttle_time_ms": 0,
        "error_code": ErrorCode.NONE,
        "error_message": None,
        "endpoint_type": BROKER_ENDPOINT,
        "cluster_id": broker.cluster_id,
        "controller_id": broker.controller_id,
        "brokers": [
            {"broker_id": n.node_id, "host": n.host, "port": n.port, "rack": n.rack, "is_fenced": False}
            for n in broker.live_nodes(ctx.listener)
        ],
    }  # the addresses of the listener asked on

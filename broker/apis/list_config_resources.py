"""ListConfigResources (key 74): v0 (ListClientMetricsResources) lists client metrics resources
(broker/telemetry/subscriptions.py); v1 (KIP-1142) lists the resources of the types asked, every type
kbroker has configs for when none is named."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.config_resources import ResourceType
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import ListConfigResourcesRequest, ListConfigResourcesResponse

SUPPORTED = (
    ResourceType.TOPIC,
    ResourceType.BROKER,
    ResourceType.BROKER_LOGGER,
    ResourceType.CLIENT_METRICS,
    ResourceType.GROUP,
)


def handle(
    broker: HandlerContext, ctx: RequestContext, request: ListConfigResourcesRequest
) -> ListConfigResourcesResponse:
    if ctx.header.api_version == 0:
        types: list[int] = [ResourceType.CLIENT_METRICS]
    else:
        types = list(request.resource_types) or [int(t) for t in SUPPORTED]
    if any(t not in SUPPORTED for t in types):
        return {"throttle_time_ms": 0, "error_code": ErrorCode.UNSUPPORTED_VERSION, "config_resources": []}
    authz = broker.authorizer
    if authz is not None and not authz.cluster(ctx, Operation.DESCRIBE_CONFIGS):
        return {
            "throttle_time_ms": 0,
            "error_code": ErrorCode.CLUSTER_AUTHORIZATION_FAILED,
            "config_resources": [],
        }
    out: list[tuple[str, int]] = []
    for kind in types:
        if kind == ResourceType.TOPIC:
            out += [(name, kind) for name in sorted(broker.topics.topics)]
        elif kind in (ResourceType.BROKER, ResourceType.BROKER_LOGGER):
            out += [(str(n.node_id), kind) for n in broker.live_nodes(ctx.listener)]
        elif kind == ResourceType.GROUP:
            out += [(group, kind) for group in sorted(broker.group_configs)]
        elif kind == ResourceType.CLIENT_METRICS:
            out += [(name, kind) for name in sorted(broker.client_metrics_configs)]
    return {
        "throttle_time_ms": 0,
        "error_code": ErrorCode.NONE,
        "config_resources": [{"resource_name": n, "resource_type": k} for n, k in out],
    }

"""Metadata: the brokers, the cluster id, the controller, and the topics asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from broker.server import RequestContext
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from broker.broker import Broker


def requested_topics(request: Any, version: int) -> list[Any] | None:
    """The topics asked for, or None for all. v0 asks for all with an empty list; v1+ with null."""
    if request.topics is None or (version == 0 and not request.topics):
        return None
    topics: list[Any] = request.topics
    return topics


async def handle(broker: Broker, ctx: RequestContext, request: Any) -> dict[str, Any]:
    version = ctx.header.api_version
    wanted = requested_topics(request, version)
    auto_create = request.allow_auto_topic_creation if version >= 4 else True
    topics = await broker.topic_metadata(wanted, auto_create and broker.config["auto.create.topics.enable"])
    return {
        "throttle_time_ms": 0,
        "brokers": [{"node_id": n.node_id, "host": n.host, "port": n.port, "rack": n.rack}
                    for n in broker.live_nodes()],
        "cluster_id": broker.cluster_id,
        "controller_id": broker.controller_id,
        "topics": topics,
        "error_code": ErrorCode.NONE,
    }

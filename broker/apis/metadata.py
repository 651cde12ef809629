"""Metadata: the brokers, the cluster id, the controller, and the topics asked for."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.primitives import ZERO_UUID
from protocol.typed import MetadataRequest, MetadataRequestTopic, MetadataResponse, MetadataResponseTopic


def requested_topics(request: MetadataRequest, version: int) -> list[MetadataRequestTopic] | None:
    """The topics asked for, or None for all. v0 asks for all with an empty list; v1+ with null."""
    if request.topics is None or (version == 0 and not request.topics):
        return None
    return request.topics


def hide_unreachable_leaders(topics: list[MetadataResponseTopic], reachable: set[int], version: int) -> None:
    """A partition whose live leader has no endpoint on the request's listener has no leader for
    this client: LISTENER_NOT_FOUND from v6 (LEADER_NOT_AVAILABLE before), as Kafka answers."""
    error = ErrorCode.LISTENER_NOT_FOUND if version >= 6 else ErrorCode.LEADER_NOT_AVAILABLE
    for topic in topics:
        for p in topic.get("partitions") or ():
            if p["leader_id"] >= 0 and p["leader_id"] not in reachable:
                p["leader_id"], p["error_code"] = -1, error


async def _authorized_topics(
    broker: HandlerContext, ctx: RequestContext, wanted: list[MetadataRequestTopic] | None, auto_create: bool
) -> list[MetadataResponseTopic]:
    """Kafka's rules: a topic the principal may not DESCRIBE is left out of an all-topics answer and
    answered TOPIC_AUTHORIZATION_FAILED when named; auto-creation needs CREATE (cluster or topic)."""
    from broker.apis.create_topics import can_create

    authz = broker.authorizer
    assert authz is not None

    def describable(name: str | None) -> bool:
        return name is not None and authz.topic(ctx, Operation.DESCRIBE, name)

    if wanted is None:
        return [t for t in await broker.topic_metadata(None, False) if describable(t["name"])]
    refused = ErrorCode.TOPIC_AUTHORIZATION_FAILED
    out: list[MetadataResponseTopic] = []
    creatable, known = [], []
    for req in wanted:
        name = getattr(req, "name", None)
        if name is not None and not describable(name):
            out.append({"error_code": refused, "name": name, "topic_id": ZERO_UUID, "partitions": []})
        elif (
            name is not None
            and auto_create
            and broker.topics.get(name) is None
            and can_create(broker, ctx, name)
        ):
            creatable.append(req)
        else:
            known.append(req)
    for t in (await broker.topic_metadata(creatable, True) if creatable else []) + (
        await broker.topic_metadata(known, False) if known else []
    ):
        if t["name"] is not None and not describable(t["name"]):  # asked by id
            t = {"error_code": refused, "name": None, "topic_id": t["topic_id"], "partitions": []}
        out.append(t)
    return out


async def handle(broker: HandlerContext, ctx: RequestContext, request: MetadataRequest) -> MetadataResponse:
    version = ctx.header.api_version
    wanted = requested_topics(request, version)
    auto_create = request.allow_auto_topic_creation if version >= 4 else True
    auto_create = auto_create and broker.config["auto.create.topics.enable"]
    if broker.authorizer is None:
        topics = await broker.topic_metadata(wanted, auto_create)
    else:
        topics = await _authorized_topics(broker, ctx, wanted, auto_create)
    # Every address answered is the one of the listener the request came in on (Kafka's rule).
    nodes = broker.live_nodes(ctx.listener)
    hide_unreachable_leaders(topics, {n.node_id for n in nodes}, version)
    return {
        "throttle_time_ms": 0,
        "brokers": [{"node_id": n.node_id, "host": n.host, "port": n.port, "rack": n.rack} for n in nodes],
        "cluster_id": broker.cluster_id,
        "controller_id": broker.controller_id,
        "topics": topics,
        "error_code": ErrorCode.NONE,
    }

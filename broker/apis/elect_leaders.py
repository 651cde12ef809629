"""ElectLeaders (key 43): the controller elects the preferred (or, v1+, an unclean) leader of
the partitions named, or of every partition when the list is null."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.cluster.elections import ElectionType, Outcome
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    ElectLeadersRequest,
    ElectLeadersResponse,
    ElectLeadersResponseReplicaElectionResult,
)


def _answer(error: ErrorCode, results: dict[tuple[str, int], Outcome]) -> ElectLeadersResponse:
    by_topic: dict[str, list[tuple[int, Outcome]]] = {}
    for (topic, p), outcome in results.items():
        by_topic.setdefault(topic, []).append((p, outcome))
    topics: list[ElectLeadersResponseReplicaElectionResult] = [
        {
            "topic": topic,
            "partition_result": [
                {
                    "partition_id": p,
                    "error_code": o.error,
                    "error_message": None if o.error is ErrorCode.NONE else o.message,
                }
                for p, o in parts
            ],
        }
        for topic, parts in by_topic.items()
    ]
    return {"throttle_time_ms": 0, "error_code": error, "replica_election_results": topics}


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: ElectLeadersRequest
) -> ElectLeadersResponse:
    # v0 knows only the preferred replica election (KIP-183); v1 added the type (KIP-460).
    raw_kind = request.election_type if ctx.header.api_version >= 1 else ElectionType.PREFERRED
    asked = (
        None
        if request.topic_partitions is None
        else [(t.topic, p) for t in request.topic_partitions for p in t.partition_id]
    )
    authz = broker.authorizer
    if authz is not None and not authz.cluster(ctx, Operation.ALTER):
        refused = Outcome(ErrorCode.CLUSTER_AUTHORIZATION_FAILED, "Not authorized to elect leaders.")
        return _answer(ErrorCode.CLUSTER_AUTHORIZATION_FAILED, dict.fromkeys(asked or [], refused))
    if raw_kind not in (ElectionType.PREFERRED, ElectionType.UNCLEAN):
        bad = Outcome(ErrorCode.INVALID_REQUEST, f"Unknown election type {raw_kind}.")
        return _answer(ErrorCode.INVALID_REQUEST, dict.fromkeys(asked or [], bad))
    results = await broker.elect_leaders(asked, ElectionType(raw_kind), max(request.timeout_ms, 0) / 1000)
    if results is None:  # as Kafka 2.x's controller: each partition is told to ask the controller
        not_controller = Outcome(
            ErrorCode.NOT_CONTROLLER, "This is not the correct controller for this cluster."
        )
        results = dict.fromkeys(asked or [], not_controller)
    return _answer(ErrorCode.NONE, results)

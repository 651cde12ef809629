"""AlterPartitionReassignments (key 45) and ListPartitionReassignments (key 46): the controller
starts, cancels and lists partition moves (KIP-455; broker/cluster/reassignment.py)."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.cluster.reassignment import Outcome
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    AlterPartitionReassignmentsRequest,
    AlterPartitionReassignmentsResponse,
    AlterPartitionReassignmentsResponseResponse,
    ListPartitionReassignmentsRequest,
    ListPartitionReassignmentsResponse,
    ListPartitionReassignmentsResponseTopic,
)

NOT_CONTROLLER = "This is not the correct controller for this cluster."


def _alter_answer(
    error: ErrorCode, message: str | None, results: dict[tuple[str, int], Outcome], allow: bool
) -> AlterPartitionReassignmentsResponse:
    by_topic: dict[str, list[tuple[int, Outcome]]] = {}
    for (topic, p), outcome in results.items():
        by_topic.setdefault(topic, []).append((p, outcome))
    responses: list[AlterPartitionReassignmentsResponseResponse] = [
        {
            "name": topic,
            "partitions": [
                {"partition_index": p, "error_code": o.error, "error_message": o.message if o.error else None}
                for p, o in parts
            ],
        }
        for topic, parts in by_topic.items()
    ]
    return {
        "throttle_time_ms": 0,
        "allow_replication_factor_change": allow,
        "error_code": error,
        "error_message": message,
        "responses": responses,
    }


async def handle_alter(
    broker: HandlerContext, ctx: RequestContext, request: AlterPartitionReassignmentsRequest
) -> AlterPartitionReassignmentsResponse:
    allow = request.allow_replication_factor_change if ctx.header.api_version >= 1 else True
    asked: dict[tuple[str, int], list[int] | None] = {
        (t.name, p.partition_index): None if p.replicas is None else list(p.replicas)
        for t in request.topics
        for p in t.partitions
    }
    authz = broker.authorizer
    if authz is not None and not authz.cluster(ctx, Operation.ALTER):
        refused = Outcome(ErrorCode.CLUSTER_AUTHORIZATION_FAILED, "Not authorized to reassign partitions.")
        return _alter_answer(
            ErrorCode.CLUSTER_AUTHORIZATION_FAILED, refused.message, dict.fromkeys(asked, refused), allow
        )
    results = await broker.alter_reassignments(asked, allow)
    if results is None:
        refused = Outcome(ErrorCode.NOT_CONTROLLER, NOT_CONTROLLER)
        return _alter_answer(ErrorCode.NOT_CONTROLLER, NOT_CONTROLLER, dict.fromkeys(asked, refused), allow)
    return _alter_answer(ErrorCode.NONE, None, results, allow)


async def handle_list(
    broker: HandlerContext, ctx: RequestContext, request: ListPartitionReassignmentsRequest
) -> ListPartitionReassignmentsResponse:
    answer: ListPartitionReassignmentsResponse = {
        "throttle_time_ms": 0,
        "error_code": ErrorCode.NONE,
        "error_message": None,
        "topics": [],
    }
    authz = broker.authorizer
    if authz is not None and not authz.cluster(ctx, Operation.DESCRIBE):
        answer["error_code"] = ErrorCode.CLUSTER_AUTHORIZATION_FAILED
        return answer
    asked = (
        None if request.topics is None else [(t.name, p) for t in request.topics for p in t.partition_indexes]
    )
    ongoing = await broker.list_reassignments(asked)
    if ongoing is None:
        answer["error_code"], answer["error_message"] = ErrorCode.NOT_CONTROLLER, NOT_CONTROLLER
        return answer
    by_topic: dict[str, ListPartitionReassignmentsResponseTopic] = {}
    for (topic, p), o in ongoing.items():
        by_topic.setdefault(topic, {"name": topic, "partitions": []})["partitions"].append(
            {
                "partition_index": p,
                "replicas": o.replicas,
                "adding_replicas": o.adding,
                "removing_replicas": o.removing,
            }
        )
    answer["topics"] = list(by_topic.values())
    return answer

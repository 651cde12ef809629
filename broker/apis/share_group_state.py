"""The share coordinator's APIs (KIP-932, inter-broker): InitializeShareGroupState (83),
ReadShareGroupState (84), WriteShareGroupState (85), DeleteShareGroupState (86),
ReadShareGroupStateSummary (87). Each share-partition of a request is answered on its own, by the
shard of its `__share_group_state` partition (broker/share/coordinator/), once its records are
durable. Brokers only: CLUSTER_ACTION on the cluster is required, as Kafka's KafkaApis checks.
Served, and advertised, where share groups are enabled (group.share.enable)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

from broker.apis.context import HandlerContext
from broker.security.acl import Operation
from broker.server import RequestContext
from broker.share.coordinator.shard import Answer
from protocol.errors import ErrorCode
from protocol.share_state_records import Batch, StateKey
from protocol.typed import (
    DeleteShareGroupStateRequest,
    DeleteShareGroupStateResponse,
    InitializeShareGroupStateRequest,
    InitializeShareGroupStateResponse,
    ReadShareGroupStateRequest,
    ReadShareGroupStateResponse,
    ReadShareGroupStateSummaryRequest,
    ReadShareGroupStateSummaryResponse,
    WriteShareGroupStateRequest,
    WriteShareGroupStateResponse,
)

P = TypeVar("P")


def _refusal(broker: HandlerContext, ctx: RequestContext) -> Answer | None:
    authz = broker.authorizer
    if authz is not None and not authz.cluster(ctx, Operation.CLUSTER_ACTION):
        return Answer(ErrorCode.CLUSTER_AUTHORIZATION_FAILED)
    if not broker.groups.config.share.enabled:
        return Answer(ErrorCode.UNSUPPORTED_VERSION, "The share group protocol is not enabled.")
    if not broker.share_state_topic_ready():
        return Answer(ErrorCode.COORDINATOR_NOT_AVAILABLE)
    return None


async def _answers(
    broker: HandlerContext,
    ctx: RequestContext,
    group_id: str,
    topics: Iterable[Any],
    call: Callable[[StateKey, Any], Awaitable[Answer]],
) -> list[tuple[uuid.UUID, list[tuple[Any, Answer]]]]:
    """Every share-partition of the request answered (concurrently), in the request's order."""
    refused = _refusal(broker, ctx)
    topics = list(topics)
    calls: list[Awaitable[Answer]] = []
    for topic in topics:
        for p in topic.partitions:
            key = StateKey(group_id, topic.topic_id, p.partition)
            if refused is not None:
                calls.append(_done(refused))
            elif not group_id:
                calls.append(_done(Answer(ErrorCode.INVALID_REQUEST, "Group id must be non-empty.")))
            else:
                calls.append(call(key, p))
    answers = iter(await asyncio.gather(*calls))
    return [(topic.topic_id, [(p, next(answers)) for p in topic.partitions]) for topic in topics]


async def _done(answer: Answer) -> Answer:
    return answer


def _message(answer: Answer) -> str | None:
    return None if answer.error == ErrorCode.NONE else (answer.message or answer.error.name)


def _no_state(_answer: Answer) -> dict[str, Any]:
    return {}


class _StateRequest(Protocol):
    """What the five requests have alike: a group and its topics' partitions."""

    @property
    def group_id(self) -> str: ...

    @property
    def topics(self) -> Sequence[Any]: ...


async def _results(
    broker: HandlerContext,
    ctx: RequestContext,
    request: _StateRequest,
    call: Callable[[StateKey, Any], Awaitable[Answer]],
    state: Callable[[Answer], dict[str, Any]] = _no_state,
) -> list[Any]:
    """The `results` of a response: every share-partition's error, and what `state` adds for the
    APIs that return state (Read, ReadSummary)."""
    return [
        {
            "topic_id": topic_id,
            "partitions": [
                {"partition": p.partition, "error_code": a.error, "error_message": _message(a), **state(a)}
                for p, a in parts
            ],
        }
        for topic_id, parts in await _answers(broker, ctx, request.group_id, request.topics, call)
    ]


async def handle_initialize(
    broker: HandlerContext, ctx: RequestContext, request: InitializeShareGroupStateRequest
) -> InitializeShareGroupStateResponse:
    coordinator = broker.share_coordinator
    results = await _results(
        broker, ctx, request, lambda key, p: coordinator.initialize(key, p.state_epoch, p.start_offset)
    )
    return {"results": results}


def _read_state(answer: Answer) -> dict[str, Any]:
    state = answer.state
    return {
        "state_epoch": state.state_epoch if state else 0,
        "start_offset": state.start_offset if state else 0,
        "state_batches": [
            {
                "first_offset": b.first_offset,
                "last_offset": b.last_offset,
                "delivery_state": b.delivery_state,
                "delivery_count": b.delivery_count,
            }
            for b in (state.batches if state else ())
        ],
    }


async def handle_read(
    broker: HandlerContext, ctx: RequestContext, request: ReadShareGroupStateRequest
) -> ReadShareGroupStateResponse:
    coordinator = broker.share_coordinator
    results = await _results(
        broker, ctx, request, lambda key, p: coordinator.read(key, p.leader_epoch), _read_state
    )
    return {"results": results}


async def handle_write(
    broker: HandlerContext, ctx: RequestContext, request: WriteShareGroupStateRequest
) -> WriteShareGroupStateResponse:
    coordinator = broker.share_coordinator

    def write(key: StateKey, p: Any) -> Awaitable[Answer]:
        batches = [
            Batch(b.first_offset, b.last_offset, b.delivery_state, b.delivery_count) for b in p.state_batches
        ]
        return coordinator.write(key, p.state_epoch, p.leader_epoch, p.start_offset, batches)

    return {"results": await _results(broker, ctx, request, write)}


async def handle_delete(
    broker: HandlerContext, ctx: RequestContext, request: DeleteShareGroupStateRequest
) -> DeleteShareGroupStateResponse:
    coordinator = broker.share_coordinator
    results = await _results(broker, ctx, request, lambda key, _p: coordinator.delete(key))
    return {"results": results}


def _summary_state(answer: Answer) -> dict[str, Any]:
    state = answer.state
    return {
        "state_epoch": state.state_epoch if state else 0,
        "leader_epoch": state.leader_epoch if state else -1,
        "start_offset": state.start_offset if state else -1,
    }


async def handle_read_summary(
    broker: HandlerContext, ctx: RequestContext, request: ReadShareGroupStateSummaryRequest
) -> ReadShareGroupStateSummaryResponse:
    coordinator = broker.share_coordinator
    results = await _results(
        broker, ctx, request, lambda key, p: coordinator.read_summary(key, p.leader_epoch), _summary_state
    )
    return {"results": results}

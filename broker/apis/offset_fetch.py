"""OffsetFetch: a group's committed offsets (one group before v8, a batch of groups from v8)."""

from __future__ import annotations

import asyncio

from broker.apis.context import HandlerContext
from broker.group.events import FetchedGroup, FetchedPartition
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    OffsetFetchRequest,
    OffsetFetchRequestGroupTopic,
    OffsetFetchRequestTopic,
    OffsetFetchResponse,
    OffsetFetchResponseTopicPartition,
)


def _wanted(
    topics: list[OffsetFetchRequestTopic] | list[OffsetFetchRequestGroupTopic] | None,
) -> list[tuple[str, list[int]]] | None:
    return None if topics is None else [(t.name, list(t.partition_indexes)) for t in topics]


def _partition(p: FetchedPartition) -> OffsetFetchResponseTopicPartition:
    return {
        "partition_index": p.partition,
        "committed_offset": p.offset,
        "committed_leader_epoch": p.leader_epoch,
        "metadata": p.metadata,
        "error_code": p.error,
    }


async def _fetch(
    broker: HandlerContext,
    ctx: RequestContext,
    group_id: str,
    topics: list[tuple[str, list[int]]] | None,
    stable: bool,
    member: tuple[str | None, int] = (None, -1),
) -> FetchedGroup:
    """The group's offsets, as this principal may see them (Kafka's checks: DESCRIBE on the group,
    then on each topic: refused topics asked for get TOPIC_AUTHORIZATION_FAILED, and are left
    out of an all-topics answer)."""
    authz = broker.authorizer
    if authz is None:
        return await broker.groups.fetch_offsets(group_id, topics, stable, *member)
    if not authz.group(ctx, Operation.DESCRIBE, group_id):
        refused = ErrorCode.GROUP_AUTHORIZATION_FAILED
        return FetchedGroup(
            group_id,
            refused,
            [(t, [FetchedPartition(p, error=refused) for p in ps]) for t, ps in topics or []],
        )
    allowed = (
        None if topics is None else [(t, ps) for t, ps in topics if authz.topic(ctx, Operation.DESCRIBE, t)]
    )
    g = await broker.groups.fetch_offsets(group_id, allowed, stable, *member)
    if topics is None:
        g.topics = [(t, ps) for t, ps in g.topics if authz.topic(ctx, Operation.DESCRIBE, t)]
    else:
        refused = ErrorCode.TOPIC_AUTHORIZATION_FAILED
        got = dict(g.topics)
        g.topics = [
            (t, got.get(t, []) if (t, ps) in allowed else [FetchedPartition(p, error=refused) for p in ps])  # type: ignore[operator]
            for t, ps in topics
        ]
    return g


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: OffsetFetchRequest
) -> OffsetFetchResponse:
    v = ctx.header.api_version
    stable = request.require_stable
    if v >= 8:
        fetched: list[FetchedGroup] = await asyncio.gather(
            *(
                _fetch(broker, ctx, g.group_id, _wanted(g.topics), stable, (g.member_id, g.member_epoch))
                for g in request.groups
            )
        )
        return {
            "throttle_time_ms": 0,
            "groups": [
                {
                    "group_id": g.group_id,
                    "error_code": g.error,
                    "topics": [
                        {"name": t, "partitions": [_partition(p) for p in parts]} for t, parts in g.topics
                    ],
                }
                for g in fetched
            ],
        }

    # v0 and v1 list the partitions; v2+ may ask for all with null topics.
    topics = _wanted(request.topics)
    if v < 2 and topics is None:
        topics = []
    g = await _fetch(broker, ctx, request.group_id, topics, stable)
    if v < 2 and g.error != ErrorCode.NONE:
        # No top-level error before v2: every partition carries the group's error.
        for _, parts in g.topics:
            for p in parts:
                p.offset, p.leader_epoch, p.metadata, p.error = -1, -1, "", g.error
    return {
        "throttle_time_ms": 0,
        "error_code": g.error,
        "topics": [{"name": t, "partitions": [_partition(p) for p in parts]} for t, parts in g.topics],
    }

"""OffsetDelete: drop a group's committed offsets for topics its members do not consume."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from broker.group.events import OffsetDelete
from broker.server import RequestContext

if TYPE_CHECKING:
    from broker.broker import Broker


async def handle(broker: Broker, ctx: RequestContext, request: Any) -> dict[str, Any]:
    result = await broker.groups.delete_offsets(
        OffsetDelete(
            request.group_id, [(t.name, [p.partition_index for p in t.partitions]) for t in request.topics]
        )
    )
    return {
        "error_code": result.error,
        "throttle_time_ms": 0,
        "topics": [
            {"name": t, "partitions": [{"partition_index": p, "error_code": e} for p, e in parts]}
            for t, parts in result.topics
        ],
    }

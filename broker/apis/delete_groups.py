"""DeleteGroups: delete empty groups and their committed offsets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from broker.server import RequestContext

if TYPE_CHECKING:
    from broker.broker import Broker


async def handle(broker: Broker, ctx: RequestContext, request: Any) -> dict[str, Any]:
    results = await broker.groups.delete_groups(list(dict.fromkeys(request.groups_names)))
    return {"throttle_time_ms": 0, "results": [{"group_id": g, "error_code": e} for g, e in results]}

"""InitProducerId: a new producer id (epoch 0) for an idempotent producer.

Without a transactional id Kafka always hands out a new id, whatever id and epoch the request
carries (v3+). Transactions need a transaction coordinator, which kbroker does not have; a
transactional producer gets COORDINATOR_NOT_AVAILABLE, as from FindCoordinator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from broker.server import RequestContext
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from broker.broker import Broker


async def handle(broker: Broker, ctx: RequestContext, request: Any) -> dict[str, Any]:
    if request.transactional_id is not None:
        return {"throttle_time_ms": 0, "error_code": ErrorCode.COORDINATOR_NOT_AVAILABLE,
                "producer_id": -1, "producer_epoch": -1}
    producer_id = await broker.producer_ids.next_id()
    return {"throttle_time_ms": 0, "error_code": ErrorCode.NONE, "producer_id": producer_id, "producer_epoch": 0}

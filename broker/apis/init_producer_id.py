"""InitProducerId: a new producer id (epoch 0) for an idempotent producer.

Without a transactional id Kafka always hands out a new id, whatever id and epoch the request
carries (v3+). Transactions need a transaction coordinator, which kbroker does not have; a
transactional producer gets COORDINATOR_NOT_AVAILABLE, as from FindCoordinator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from broker import logs
from broker.log.producer_ids import ProducerIdsExhausted
from broker.security.acl import Operation, ResourceType
from broker.server import RequestContext
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from broker.broker import Broker

log = logs.get("kbroker.producer_ids")


def _answer(error: ErrorCode, producer_id: int = -1, epoch: int = -1) -> dict[str, Any]:
    return {"throttle_time_ms": 0, "error_code": error, "producer_id": producer_id, "producer_epoch": epoch}


async def handle(broker: Broker, ctx: RequestContext, request: Any) -> dict[str, Any]:
    authz = broker.authorizer
    if request.transactional_id is not None:
        if authz is not None and not authz.allowed(
            ctx, Operation.WRITE, ResourceType.TRANSACTIONAL_ID, request.transactional_id
        ):
            return _answer(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED)
        return _answer(ErrorCode.COORDINATOR_NOT_AVAILABLE)
    # An idempotent producer: IDEMPOTENT_WRITE on the cluster, or WRITE on some topic (Kafka 2.8+).
    if (
        authz is not None
        and not authz.cluster(ctx, Operation.IDEMPOTENT_WRITE)
        and not authz.any_of_type(ctx, Operation.WRITE, ResourceType.TOPIC)
    ):
        return _answer(ErrorCode.CLUSTER_AUTHORIZATION_FAILED)
    try:
        producer_id = await broker.producer_ids.next_id()
    except ProducerIdsExhausted as e:
        log.error("refuse producer id", reason=str(e))
        return _answer(ErrorCode.UNKNOWN_SERVER_ERROR)
    except Exception as e:
        # A block could not be claimed (ZooKeeper unreachable, a log dir write failed): retriable,
        # as Kafka's RPCProducerIdManager answers while no block is available.
        log.warning("fail to claim producer id block", error=f"{type(e).__name__}: {e}")
        return _answer(ErrorCode.COORDINATOR_LOAD_IN_PROGRESS)
    return _answer(ErrorCode.NONE, producer_id, 0)

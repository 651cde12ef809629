"""InitProducerId: a producer id and epoch.

Without a transactional id Kafka always hands out a new id, whatever id and epoch the request
carries (v3+). With one, the transaction coordinator of that id answers (broker/txn): a new id,
or the id's epoch bumped (fencing the previous producer, whose open transaction is aborted).
"""

from __future__ import annotations

from broker import logging_setup
from broker.apis.context import HandlerContext
from broker.apis.txn_common import fenced_for
from broker.log.producer_ids import ProducerIdsExhausted
from broker.security.acl import Operation, ResourceType
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import InitProducerIdRequest, InitProducerIdResponse

log = logging_setup.get_logger("kbroker.producer_ids")


def _answer(error: ErrorCode, producer_id: int = -1, epoch: int = -1) -> InitProducerIdResponse:
    return {"throttle_time_ms": 0, "error_code": error, "producer_id": producer_id, "producer_epoch": epoch}


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: InitProducerIdRequest
) -> InitProducerIdResponse:
    authz = broker.authorizer
    if request.transactional_id is not None:
        if authz is not None and not authz.allowed(
            ctx, Operation.WRITE, ResourceType.TRANSACTIONAL_ID, request.transactional_id
        ):
            return _answer(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED)
        if not broker.transaction_topic_ready():
            return _answer(ErrorCode.COORDINATOR_NOT_AVAILABLE)
        try:
            r = await broker.transactions.init_producer_id(
                request.transactional_id,
                request.transaction_timeout_ms,
                request.producer_id,
                request.producer_epoch,
            )
        except ProducerIdsExhausted as e:
            log.error("refuse producer id", reason=str(e))
            return _answer(ErrorCode.UNKNOWN_SERVER_ERROR)
        except Exception as e:
            log.warning("fail to claim producer id block", error=f"{type(e).__name__}: {e}")
            return _answer(ErrorCode.COORDINATOR_LOAD_IN_PROGRESS)
        error = fenced_for("InitProducerId", ctx.header.api_version, r.error)
        return _answer(error, r.producer_id, r.producer_epoch)
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

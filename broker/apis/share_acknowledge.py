"""ShareAcknowledge (KIP-932): acknowledge acquired records outside a fetch (a consumer's commit
or close). Checked as ShareFetch is (broker/apis/share_fetch.py); the session must exist
(epoch 0 is INVALID_SHARE_SESSION_EPOCH: only a ShareFetch opens one) and -1 closes it after its
acknowledgements, releasing what the member still holds. Version 2 (KIP-1222): IsRenewAck, and
the Renew type extends the locks."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.apis.share_fetch import (
    TP,
    ack_batches,
    acknowledge,
    check_member,
    forget_member,
    leader,
    redirect,
)
from broker.server import RequestContext
from broker.share.partition import AcknowledgementBatch
from broker.share.session import FINAL_EPOCH, ShareSessionError
from protocol.errors import ErrorCode
from protocol.typed import (
    ShareAcknowledgeRequest,
    ShareAcknowledgeResponse,
    ShareAcknowledgeResponseResponsePartition,
)


def _error(error: ErrorCode, lock_ms: int = 0) -> ShareAcknowledgeResponse:
    return {
        "throttle_time_ms": 0,
        "error_code": error,
        "error_message": None,
        "acquisition_lock_timeout_ms": lock_ms,
        "responses": [],
        "node_endpoints": [],
    }


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: ShareAcknowledgeRequest
) -> ShareAcknowledgeResponse:
    version = ctx.header.api_version
    manager = broker.share_partitions
    group_id, member_id, epoch = request.group_id, request.member_id, request.share_session_epoch
    error = check_member(broker, ctx, group_id, member_id, acknowledging_only=True)
    if error == ErrorCode.UNKNOWN_MEMBER_ID:
        await forget_member(manager, group_id, member_id)
    if error != ErrorCode.NONE:
        return _error(error)
    assert group_id and member_id
    lock_ms = manager.settings(group_id).partition.lock_duration_ms
    try:
        session = manager.sessions.for_acknowledge(group_id, member_id, epoch)
    except ShareSessionError as e:
        return _error(e.error, lock_ms)
    acks: list[tuple[TP, list[AcknowledgementBatch]]] = [
        ((t.topic_id, p.partition_index), ack_batches(p.acknowledgement_batches))
        for t in request.topics
        for p in t.partitions
    ]
    renew = version >= 2 and request.is_renew_ack
    errors = await acknowledge(broker, ctx, group_id, member_id, acks, renew)
    if epoch == FINAL_EPOCH:
        await manager.release_session(session)
    by_topic: dict[object, list[ShareAcknowledgeResponseResponsePartition]] = {}
    answers: list[tuple[TP, ShareAcknowledgeResponseResponsePartition]] = []
    for (topic_id, partition), ack_error in errors.items():
        p: ShareAcknowledgeResponseResponsePartition = {
            "partition_index": partition,
            "error_code": ack_error,
            "error_message": None,
            "current_leader": leader(broker, ack_error),
        }
        by_topic.setdefault(topic_id, []).append(p)
        answers.append(((topic_id, partition), p))
    endpoints = redirect(broker, ctx, answers)
    return {
        "throttle_time_ms": 0,
        "error_code": ErrorCode.NONE,
        "error_message": None,
        "acquisition_lock_timeout_ms": lock_ms,
        "responses": [{"topic_id": t, "partitions": ps} for t, ps in by_topic.items()],  # type: ignore[typeddict-item]
        "node_endpoints": endpoints,
    }

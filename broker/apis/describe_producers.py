"""DescribeProducers: the idempotent producers a partition's leader knows (no transactions here)."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    DescribeProducersRequest,
    DescribeProducersResponse,
    DescribeProducersResponseTopicPartition,
)


def _partition(broker: HandlerContext, topic: str, partition: int) -> DescribeProducersResponseTopicPartition:
    assert broker.topics is not None
    out: DescribeProducersResponseTopicPartition = {
        "partition_index": partition,
        "error_code": ErrorCode.NONE,
        "error_message": None,
        "active_producers": [],
    }
    held = broker.topics.get(topic)
    error = (
        ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
        if held is None or not 0 <= partition < held.partitions
        else broker.leader_error(topic, partition)
    )
    lg = broker.topics.log(topic, partition) if error is None else None
    if error is None and lg is None:
        error = ErrorCode.NOT_LEADER_OR_FOLLOWER
    if error is not None:
        out["error_code"] = error
        return out
    assert lg is not None  # (no log without an error: NOT_LEADER_OR_FOLLOWER above)
    out["active_producers"] = [
        {
            "producer_id": e.producer_id,
            "producer_epoch": e.epoch,
            "last_sequence": e.last_seq,
            "last_timestamp": e.last_timestamp,
            "coordinator_epoch": -1,
            "current_txn_start_offset": lg.txns.ongoing.get(e.producer_id, -1),  # its open transaction
        }
        for _, e in sorted(lg.producer_state.producers.items())
    ]
    return out


def handle(
    broker: HandlerContext, ctx: RequestContext, request: DescribeProducersRequest
) -> DescribeProducersResponse:
    authz = broker.authorizer
    if authz is not None:
        refused = ErrorCode.TOPIC_AUTHORIZATION_FAILED
        return {
            "throttle_time_ms": 0,
            "topics": [
                {
                    "name": t.name,
                    "partitions": [
                        _partition(broker, t.name, p)
                        if authz.topic(ctx, Operation.READ, t.name)
                        else {"partition_index": p, "error_code": refused, "active_producers": []}
                        for p in t.partition_indexes
                    ],
                }
                for t in request.topics
            ],
        }
    return {
        "throttle_time_ms": 0,
        "topics": [
            {"name": t.name, "partitions": [_partition(broker, t.name, p) for p in t.partition_indexes]}
            for t in request.topics
        ],
    }

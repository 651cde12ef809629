"""OffsetForLeaderEpoch: where a leader epoch ends in this partition's log.

Answered by the leader (a follower asking before it truncates, a client checking its position
after a leader change), or by any replica for the "debug" replica id -2 that versions before 3
imply, as Kafka does. An epoch newer than any known answers UNDEFINED (-1, -1) without error."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    OffsetForLeaderEpochRequest,
    OffsetForLeaderEpochRequestTopicPartition,
    OffsetForLeaderEpochResponse,
    OffsetForLeaderEpochResponseTopicPartition,
)

DEBUG_REPLICA_ID = -2


def _partition(
    broker: HandlerContext, topic: str, p: OffsetForLeaderEpochRequestTopicPartition, replica_id: int
) -> OffsetForLeaderEpochResponseTopicPartition:
    answer: OffsetForLeaderEpochResponseTopicPartition = {
        "partition": p.partition,
        "error_code": ErrorCode.NONE,
        "leader_epoch": -1,
        "end_offset": -1,
    }
    held = broker.topics.get(topic)
    lg = broker.topics.log(topic, p.partition) if held is not None else None
    if held is None or not 0 <= p.partition < held.partitions:
        answer["error_code"] = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
        return answer
    error = broker.leader_error(topic, p.partition, p.current_leader_epoch)
    if error is not None and not (
        error == ErrorCode.NOT_LEADER_OR_FOLLOWER and replica_id == DEBUG_REPLICA_ID and lg is not None
    ):
        answer["error_code"] = error
        return answer
    if lg is None:
        answer["error_code"] = ErrorCode.NOT_LEADER_OR_FOLLOWER
        return answer
    answer["leader_epoch"], answer["end_offset"] = lg.epochs.end_offset_for(p.leader_epoch, lg.next_offset)
    return answer


def handle(
    broker: HandlerContext, ctx: RequestContext, request: OffsetForLeaderEpochRequest
) -> OffsetForLeaderEpochResponse:
    replica_id = request.replica_id
    authz = broker.authorizer
    if authz is not None:
        # A follower (replica_id >= 0) needs CLUSTER_ACTION; a consumer DESCRIBE on each topic.
        follower_ok = replica_id < 0 or authz.cluster(ctx, Operation.CLUSTER_ACTION)
        refused = ErrorCode.TOPIC_AUTHORIZATION_FAILED
        return {
            "throttle_time_ms": 0,
            "topics": [
                {
                    "topic": t.topic,
                    "partitions": [
                        _partition(broker, t.topic, p, replica_id)
                        if follower_ok and (replica_id >= 0 or authz.topic(ctx, Operation.DESCRIBE, t.topic))
                        else {
                            "partition": p.partition,
                            "error_code": refused,
                            "leader_epoch": -1,
                            "end_offset": -1,
                        }
                        for p in t.partitions
                    ],
                }
                for t in request.topics
            ],
        }
    return {
        "throttle_time_ms": 0,
        "topics": [
            {
                "topic": t.topic,
                "partitions": [_partition(broker, t.topic, p, replica_id) for p in t.partitions],
            }
            for t in request.topics
        ],
    }

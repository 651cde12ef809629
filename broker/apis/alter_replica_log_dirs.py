"""AlterReplicaLogDirs (key 34): place replicas in one of this broker's log dirs. A replica
already there is answered NONE; a path that is not one of log.dirs LOG_DIR_NOT_FOUND; a replica
this broker does not hold REPLICA_NOT_AVAILABLE. Moving a replica to another of its log dirs
(Kafka's future replica, copied in the background) is not implemented: KAFKA_STORAGE_ERROR."""

from __future__ import annotations

from pathlib import Path

from broker.apis.context import HandlerContext
from broker.log.checkpoint import TopicPartition
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import AlterReplicaLogDirsRequest, AlterReplicaLogDirsResponse


def _error(broker: HandlerContext, path: str, topic: str, partition: int) -> ErrorCode:
    dirs = {d.resolve() for d in broker.config.log_dirs}
    target = Path(path)
    if not target.is_absolute() or target.resolve() not in dirs:
        return ErrorCode.LOG_DIR_NOT_FOUND
    current = broker.log_manager.log_dir_of(TopicPartition(topic, partition))
    if current is None:
        return ErrorCode.REPLICA_NOT_AVAILABLE
    return ErrorCode.NONE if current.resolve() == target.resolve() else ErrorCode.KAFKA_STORAGE_ERROR


def handle(
    broker: HandlerContext, ctx: RequestContext, request: AlterReplicaLogDirsRequest
) -> AlterReplicaLogDirsResponse:
    authz = broker.authorizer
    allowed = authz is None or authz.cluster(ctx, Operation.ALTER)
    results: dict[str, list[tuple[int, ErrorCode]]] = {}
    for d in request.dirs:
        for t in d.topics:
            for p in t.partitions:
                code = (
                    _error(broker, d.path, t.name, p) if allowed else ErrorCode.CLUSTER_AUTHORIZATION_FAILED
                )
                results.setdefault(t.name, []).append((p, code))
    return {
        "throttle_time_ms": 0,
        "results": [
            {"topic_name": name, "partitions": [{"partition_index": p, "error_code": c} for p, c in parts]}
            for name, parts in results.items()
        ],
    }

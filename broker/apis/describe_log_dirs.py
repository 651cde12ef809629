"""DescribeLogDirs: each log dir, the size of every partition in it, the disk's total and free bytes.

A directory whose appends fail now (a full disk, until an append into it is written again; a log
in it offline after another I/O error) is answered KAFKA_STORAGE_ERROR, as Kafka answers an offline
log directory. Kafka can list nothing in such a directory; kbroker still serves its reads, so its
partitions and the disk's bytes are listed as before (docs/cluster.md, "A full disk")."""

from __future__ import annotations

import shutil
from pathlib import Path

from broker.apis.context import HandlerContext
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    DescribeLogDirsRequest,
    DescribeLogDirsResponse,
    DescribeLogDirsResponseResult,
    DescribeLogDirsResponseResultTopicPartition,
)


def handle(
    broker: HandlerContext, ctx: RequestContext, request: DescribeLogDirsRequest
) -> DescribeLogDirsResponse:
    manager = broker.log_manager
    assert manager is not None
    if broker.authorizer is not None and not broker.authorizer.cluster(ctx, Operation.DESCRIBE):
        return {"throttle_time_ms": 0, "error_code": ErrorCode.CLUSTER_AUTHORIZATION_FAILED, "results": []}
    wanted = None if request.topics is None else {(t.topic, p) for t in request.topics for p in t.partitions}
    by_dir: dict[str, dict[str, list[DescribeLogDirsResponseResultTopicPartition]]] = {
        str(d): {} for d in manager.log_dirs
    }
    for tp, lg in sorted(manager.logs.items()):
        if lg.deleted or (wanted is not None and (tp.topic, tp.partition) not in wanted):
            continue
        d = manager.log_dir_of(tp)
        by_dir.setdefault(str(d), {}).setdefault(tp.topic, []).append(
            {
                "partition_index": tp.partition,
                "partition_size": lg.size,
                "offset_lag": 0,
                "is_future_key": False,
            }
        )
    results: list[DescribeLogDirsResponseResult] = []
    for name, topics in by_dir.items():
        try:
            usage = shutil.disk_usage(name)
            total, free = usage.total, usage.free
            failing = manager.log_dir_failing(Path(name))
            code = ErrorCode.KAFKA_STORAGE_ERROR if failing else ErrorCode.NONE
        except OSError:
            total, free, code = -1, -1, ErrorCode.KAFKA_STORAGE_ERROR
        results.append(
            {
                "error_code": code,
                "log_dir": name,
                "total_bytes": total,
                "usable_bytes": free,
                "topics": [{"name": n, "partitions": ps} for n, ps in sorted(topics.items())],
            }
        )
    return {"throttle_time_ms": 0, "error_code": ErrorCode.NONE, "results": results}

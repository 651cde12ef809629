"""WriteTxnMarkers: a transaction coordinator's markers for partitions this broker leads."""

from __future__ import annotations

import asyncio

from broker.apis.context import HandlerContext
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    WriteTxnMarkersRequest,
    WriteTxnMarkersResponse,
    WriteTxnMarkersResponseMarker,
    WriteTxnMarkersResponseMarkerTopic,
)


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: WriteTxnMarkersRequest
) -> WriteTxnMarkersResponse:
    authz = broker.authorizer
    if authz is not None and not authz.cluster(ctx, Operation.CLUSTER_ACTION):  # brokers only
        refused = ErrorCode.CLUSTER_AUTHORIZATION_FAILED
        return {
            "markers": [
                {
                    "producer_id": m.producer_id,
                    "topics": [
                        {
                            "name": t.name,
                            "partitions": [
                                {"partition_index": p, "error_code": refused} for p in t.partition_indexes
                            ],
                        }
                        for t in m.topics
                    ],
                }
                for m in request.markers
            ]
        }
    out: list[WriteTxnMarkersResponseMarker] = []
    for m in request.markers:
        topics: list[WriteTxnMarkersResponseMarkerTopic] = []
        for t in m.topics:
            errors = await asyncio.gather(
                *(
                    broker.write_txn_marker(t.name, p, m.producer_id, m.producer_epoch, m.transaction_result)
                    for p in t.partition_indexes
                )
            )
            topics.append(
                {
                    "name": t.name,
                    "partitions": [
                        {"partition_index": p, "error_code": e}
                        for p, e in zip(t.partition_indexes, errors, strict=True)
                    ],
                }
            )
        out.append({"producer_id": m.producer_id, "topics": topics})
    return {"markers": out}

"""DescribeClientQuotas and AlterClientQuotas (KIP-546): read and set the quotas of users and
client ids (broker/quota_manager.py). Describing needs DESCRIBE_CONFIGS on the cluster, altering
ALTER_CONFIGS, as in Kafka."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.quotas import QuotaEntity
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    AlterClientQuotasRequest,
    AlterClientQuotasResponse,
    AlterClientQuotasResponseEntry,
    DescribeClientQuotasRequest,
    DescribeClientQuotasResponse,
    DescribeClientQuotasResponseEntry,
)


def handle_describe(
    broker: HandlerContext, ctx: RequestContext, request: DescribeClientQuotasRequest
) -> DescribeClientQuotasResponse:
    def failed(code: ErrorCode, message: str) -> DescribeClientQuotasResponse:
        return {"throttle_time_ms": 0, "error_code": code, "error_message": message, "entries": None}

    authz = broker.authorizer
    if authz is not None and not authz.cluster(ctx, Operation.DESCRIBE_CONFIGS):
        return failed(ErrorCode.CLUSTER_AUTHORIZATION_FAILED, "Cluster authorization failed.")
    filters = [(c.entity_type, c.match_type, c.match) for c in request.components]
    try:
        found = broker.quotas.describe(filters, request.strict)
    except ValueError as e:
        return failed(ErrorCode.INVALID_REQUEST, str(e))
    entries: list[DescribeClientQuotasResponseEntry] = [
        {
            "entity": [{"entity_type": k, "entity_name": n} for k, n in e],
            "values": [{"key": k, "value": v} for k, v in sorted(values.items())],
        }
        for e, values in found
    ]
    return {"throttle_time_ms": 0, "error_code": ErrorCode.NONE, "error_message": None, "entries": entries}


async def handle_alter(
    broker: HandlerContext, ctx: RequestContext, request: AlterClientQuotasRequest
) -> AlterClientQuotasResponse:
    authz = broker.authorizer
    denied = authz is not None and not authz.cluster(ctx, Operation.ALTER_CONFIGS)
    answers: list[AlterClientQuotasResponseEntry] = []
    changes: list[tuple[QuotaEntity, list[tuple[str, float, bool]]]] = []
    for entry in request.entries:
        parts = [(p.entity_type, p.entity_name) for p in entry.entity]
        answer: AlterClientQuotasResponseEntry = {
            "error_code": ErrorCode.NONE,
            "error_message": None,
            "entity": [{"entity_type": k, "entity_name": n} for k, n in parts],
        }
        answers.append(answer)
        if denied:
            answer["error_code"] = ErrorCode.CLUSTER_AUTHORIZATION_FAILED
            answer["error_message"] = "Cluster authorization failed."
            continue
        checked = broker.quotas.check(parts, [(op.key, op.value, op.remove) for op in entry.ops])
        if isinstance(checked, str):
            answer["error_code"] = ErrorCode.INVALID_REQUEST
            answer["error_message"] = checked
            continue
        changes.append(checked)
    if changes and not request.validate_only:
        await broker.quotas.alter(changes)
    return {"throttle_time_ms": 0, "entries": answers}

"""UpdateFeatures (key 57, KIP-584): finalize feature levels, answered by the controller (a
single broker is its own)."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.features import SAFE_DOWNGRADE, UPGRADE, FeatureUpdate
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import UpdateFeaturesRequest, UpdateFeaturesResponse


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: UpdateFeaturesRequest
) -> UpdateFeaturesResponse:
    version = ctx.header.api_version
    updates = [
        FeatureUpdate(
            u.feature,
            u.max_version_level,
            u.upgrade_type if version >= 1 else (SAFE_DOWNGRADE if u.allow_downgrade else UPGRADE),
        )
        for u in request.feature_updates
    ]
    names = [u.feature for u in updates]
    code: ErrorCode
    message: str | None
    results: dict[str, tuple[ErrorCode, str | None]]
    authz = broker.authorizer
    if authz is not None and not authz.cluster(ctx, Operation.ALTER):
        code, message = ErrorCode.CLUSTER_AUTHORIZATION_FAILED, "Authorization failed."
        results = dict.fromkeys(names, (code, message))
    elif broker.controller_id != broker.node_id:
        code, message = ErrorCode.NOT_CONTROLLER, "This is not the correct controller for this cluster."
        results = dict.fromkeys(names, (code, message))
    else:
        results = await broker.update_features(updates, version >= 1 and request.validate_only)
        failed = [(c, m) for c, m in results.values() if c != ErrorCode.NONE]
        code, message = failed[0] if failed else (ErrorCode.NONE, None)
    return {
        "throttle_time_ms": 0,
        "error_code": code,
        "error_message": message,
        "results": [{"feature": f, "error_code": c, "error_message": m} for f, (c, m) in results.items()],
    }

"""ApiVersions: the APIs and versions this broker serves."""

from __future__ import annotations

import re

from broker.apis.context import HandlerContext
from broker.features import SUPPORTED
from broker.server import RequestContext
from protocol.apis import APIS, ApiKey
from protocol.errors import ErrorCode
from protocol.frames import RequestHeader, encode_response
from protocol.typed import ApiVersionsRequest, ApiVersionsResponse

# KIP-511: client software name and version must look like this, or the request is invalid.
_SOFTWARE = re.compile(r"[a-zA-Z0-9](?:[a-zA-Z0-9\-.]*[a-zA-Z0-9])?")


def handle(broker: HandlerContext, ctx: RequestContext, request: ApiVersionsRequest) -> ApiVersionsResponse:
    # Answered at once (never waits), so a plain function: no task per request (see broker/server.py).
    from broker.apis import advertised_versions

    if ctx.header.api_version >= 3 and not (
        _SOFTWARE.fullmatch(request.client_software_name)
        and _SOFTWARE.fullmatch(request.client_software_version)
    ):
        return {"error_code": ErrorCode.INVALID_REQUEST, "api_keys": []}
    if ctx.header.api_version >= 3:  # the `match` selectors of client telemetry (KIP-714)
        broker.client_telemetry.note_software(
            ctx.peer, request.client_software_name, request.client_software_version
        )
    levels, epoch = broker.finalized_features()
    return {
        "error_code": ErrorCode.NONE,
        "api_keys": advertised_versions(
            broker.groups.config.consumer.enabled, broker.groups.config.share.enabled
        ),
        # v3+ (KIP-584): the supported feature ranges and the cluster's finalized levels
        "supported_features": [
            {"name": n, "min_version": lo, "max_version": hi} for n, (lo, hi) in sorted(SUPPORTED.items())
        ],
        "finalized_features_epoch": epoch,
        "finalized_features": [
            {"name": n, "max_version_level": v, "min_version_level": v} for n, v in sorted(levels.items())
        ],
    }


def unsupported_version_answer(header: RequestHeader) -> bytes | None:
    """Kafka answers an ApiVersions of a version it does not know in the v0 format, with
    UNSUPPORTED_VERSION and its own ApiVersions range, so the client can retry lower."""
    if header.api_key != ApiKey.API_VERSIONS:
        return None
    api = APIS[ApiKey.API_VERSIONS]
    body = {
        "error_code": ErrorCode.UNSUPPORTED_VERSION,
        "api_keys": [{"api_key": api.key, "min_version": api.min_version, "max_version": api.max_version}],
    }
    return encode_response(header.api_key, 0, header.correlation_id, body)

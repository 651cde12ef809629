"""SaslHandshake and SaslAuthenticate where no SASL exchange is due: on a listener that is not
SASL, or after authentication completed (re-authentication is not served). A SASL listener's
connection answers them itself before that (broker/server.py's _SaslConnection)."""

from __future__ import annotations

from broker.apis.context import HandlerContext
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.typed import (
    SaslAuthenticateRequest,
    SaslAuthenticateResponse,
    SaslHandshakeRequest,
    SaslHandshakeResponse,
)


def handle_handshake(
    broker: HandlerContext, ctx: RequestContext, request: SaslHandshakeRequest
) -> SaslHandshakeResponse:
    return {"error_code": ErrorCode.ILLEGAL_SASL_STATE, "mechanisms": []}


def handle_authenticate(
    broker: HandlerContext, ctx: RequestContext, request: SaslAuthenticateRequest
) -> SaslAuthenticateResponse:
    return {
        "error_code": ErrorCode.ILLEGAL_SASL_STATE,
        "error_message": "SaslAuthenticate received outside a SASL exchange "
        "(not a SASL listener, or already authenticated)",
        "auth_bytes": b"",
    }

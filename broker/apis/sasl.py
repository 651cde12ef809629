"""SaslHandshake and SaslAuthenticate where no SASL exchange is due: on a listener that is not
SASL, or after authentication completed (re-authentication is not served). A SASL listener's
connection answers them itself before that (broker/server.py's _SaslConnection)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from broker.server import RequestContext
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from broker.broker import Broker


def handle_handshake(broker: Broker, ctx: RequestContext, request: Any) -> dict[str, Any]:
    return {"error_code": ErrorCode.ILLEGAL_SASL_STATE, "mechanisms": []}


def handle_authenticate(broker: Broker, ctx: RequestContext, request: Any) -> dict[str, Any]:
    return {
        "error_code": ErrorCode.ILLEGAL_SASL_STATE,
        "error_message": "SaslAuthenticate received outside a SASL exchange "
        "(not a SASL listener, or already authenticated)",
    }

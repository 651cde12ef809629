"""SaslAuthenticate (key 36): one SASL token each way, in a Kafka request (KIP-152)."""

from protocol.api import Api
from protocol.schema import BYTES, INT16, INT64, NULL, STRING, F, Message

REQUEST = Message(
    "SaslAuthenticateRequest",
    36,
    "0-2",
    "2+",
    F("auth_bytes", BYTES),
)

RESPONSE = Message(
    "SaslAuthenticateResponse",
    36,
    "0-2",
    "2+",
    F("error_code", INT16),
    F("error_message", STRING, nullable="0+", default=NULL),
    F("auth_bytes", BYTES),
    F("session_lifetime_ms", INT64, v="1+"),
)

API = Api(36, "SaslAuthenticate", REQUEST, RESPONSE, 0, 2)

"""SaslHandshake (key 17): the client names its SASL mechanism. After v0 the SASL tokens follow as
bare size-prefixed frames (no request header); after v1 they travel in SaslAuthenticate."""

from protocol.api import Api
from protocol.schema import INT16, STRING, Array, F, Message

REQUEST = Message(
    "SaslHandshakeRequest",
    17,
    "0-1",
    "none",
    F("mechanism", STRING),
)

RESPONSE = Message(
    "SaslHandshakeResponse",
    17,
    "0-1",
    "none",
    F("error_code", INT16),
    F("mechanisms", Array(STRING)),
)

API = Api(17, "SaslHandshake", REQUEST, RESPONSE, 0, 1)

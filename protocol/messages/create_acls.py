"""CreateAcls (key 30): add access control entries (the authorizer's bindings)."""

from protocol.api import Api
from protocol.schema import INT8, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "CreateAclsRequest",
    30,
    "0-3",
    "2+",
    F(
        "creations",
        Array(
            F("resource_type", INT8),
            F("resource_name", STRING),
            F("resource_pattern_type", INT8, v="1+", default=3),  # v0: LITERAL
            F("principal", STRING),
            F("host", STRING),
            F("operation", INT8),
            F("permission_type", INT8),
        ),
    ),
)

RESPONSE = Message(
    "CreateAclsResponse",
    30,
    "0-3",
    "2+",
    F("throttle_time_ms", INT32),
    F(
        "results",
        Array(
            F("error_code", INT16),
            F("error_message", STRING, nullable="0+", default=NULL),
        ),
    ),
)

API = Api(30, "CreateAcls", REQUEST, RESPONSE, 0, 3)

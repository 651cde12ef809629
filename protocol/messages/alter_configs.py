"""AlterConfigs (key 33): replace a resource's config overrides as a whole (the legacy API)."""

from protocol.api import Api
from protocol.schema import BOOL, INT8, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "AlterConfigsRequest",
    33,
    "0-2",
    "2+",
    F(
        "resources",
        Array(
            F("resource_type", INT8),
            F("resource_name", STRING),
            F(
                "configs",
                Array(
                    F("name", STRING),
                    F("value", STRING, nullable="0+"),
                ),
            ),
        ),
    ),
    F("validate_only", BOOL),
)

RESPONSE = Message(
    "AlterConfigsResponse",
    33,
    "0-2",
    "2+",
    F("throttle_time_ms", INT32),
    F(
        "responses",
        Array(
            F("error_code", INT16),
            F("error_message", STRING, nullable="0+", default=NULL),
            F("resource_type", INT8),
            F("resource_name", STRING),
        ),
    ),
)

API = Api(33, "AlterConfigs", REQUEST, RESPONSE, 0, 2)

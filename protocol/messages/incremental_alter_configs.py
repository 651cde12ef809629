"""IncrementalAlterConfigs (key 44): set, delete, append to or subtract from single config keys."""

from protocol.api import Api
from protocol.schema import BOOL, INT8, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "IncrementalAlterConfigsRequest",
    44,
    "0-1",
    "1+",
    F(
        "resources",
        Array(
            F("resource_type", INT8),
            F("resource_name", STRING),
            F(
                "configs",
                Array(
                    F("name", STRING),
                    F("config_operation", INT8),  # 0 SET, 1 DELETE, 2 APPEND, 3 SUBTRACT
                    F("value", STRING, nullable="0+"),
                ),
            ),
        ),
    ),
    F("validate_only", BOOL),
)

RESPONSE = Message(
    "IncrementalAlterConfigsResponse",
    44,
    "0-1",
    "1+",
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

API = Api(44, "IncrementalAlterConfigs", REQUEST, RESPONSE, 0, 1)

"""CreatePartitions (key 37): raise a topic's partition count."""

from protocol.api import Api
from protocol.schema import BOOL, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "CreatePartitionsRequest",
    37,
    "0-3",
    "2+",
    F(
        "topics",
        Array(
            F("name", STRING),
            F("count", INT32),
            F(
                "assignments",
                Array(
                    F("broker_ids", Array(INT32)),
                ),
                nullable="0+",
                default=NULL,
            ),
        ),
    ),
    F("timeout_ms", INT32),
    F("validate_only", BOOL),
)

RESPONSE = Message(
    "CreatePartitionsResponse",
    37,
    "0-3",
    "2+",
    F("throttle_time_ms", INT32),
    F(
        "results",
        Array(
            F("name", STRING),
            F("error_code", INT16),
            F("error_message", STRING, nullable="0+", default=NULL),
        ),
    ),
)

API = Api(37, "CreatePartitions", REQUEST, RESPONSE, 0, 3)

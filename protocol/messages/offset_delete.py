"""OffsetDelete (key 47): drop a group's committed offsets for some partitions."""

from protocol.api import Api
from protocol.schema import INT16, INT32, STRING, Array, F, Message

REQUEST = Message(
    "OffsetDeleteRequest",
    47,
    "0",
    "none",
    F("group_id", STRING),
    F(
        "topics",
        Array(
            F("name", STRING),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                ),
            ),
        ),
    ),
)

RESPONSE = Message(
    "OffsetDeleteResponse",
    47,
    "0",
    "none",
    F("error_code", INT16),
    F("throttle_time_ms", INT32),
    F(
        "topics",
        Array(
            F("name", STRING),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("error_code", INT16),
                ),
            ),
        ),
    ),
)

API = Api(47, "OffsetDelete", REQUEST, RESPONSE, 0, 0)

"""DeleteShareGroupOffsets (key 92): KIP-932, drop an empty share group's state for whole topics
(kafka-share-groups.sh --delete-offsets)."""

from protocol.api import Api
from protocol.schema import INT16, INT32, NULL, STRING, UUID, Array, F, Message

REQUEST = Message(
    "DeleteShareGroupOffsetsRequest",
    92,
    "0",
    "0+",
    F("group_id", STRING),
    F("topics", Array(F("topic_name", STRING))),
)

RESPONSE = Message(
    "DeleteShareGroupOffsetsResponse",
    92,
    "0",
    "0+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("error_message", STRING, nullable="0+", default=NULL),
    F(
        "responses",
        Array(
            F("topic_name", STRING),
            F("topic_id", UUID),
            F("error_code", INT16),
            F("error_message", STRING, nullable="0+", default=NULL),
        ),
    ),
)

API = Api(92, "DeleteShareGroupOffsets", REQUEST, RESPONSE, 0, 0)

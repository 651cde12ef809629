"""DeleteTopics (key 20)."""

from protocol.api import Api
from protocol.schema import INT16, INT32, NULL, STRING, UUID, Array, F, Message

REQUEST = Message(
    "DeleteTopicsRequest",
    20,
    "0-6",
    "4+",
    # v6+: each topic by name or by id; v0-5: by name only (topic_names).
    F(
        "topics",
        Array(
            F("name", STRING, v="6+", nullable="6+", default=NULL),
            F("topic_id", UUID, v="6+"),
        ),
        v="6+",
    ),
    F("topic_names", Array(STRING), v="0-5"),
    F("timeout_ms", INT32),
)

RESPONSE = Message(
    "DeleteTopicsResponse",
    20,
    "0-6",
    "4+",
    F("throttle_time_ms", INT32, v="1+"),
    F(
        "responses",
        Array(
            F("name", STRING, nullable="6+"),
            F("topic_id", UUID, v="6+"),
            F("error_code", INT16),
            F("error_message", STRING, v="5+", nullable="5+", default=NULL),
        ),
    ),
)

API = Api(20, "DeleteTopics", REQUEST, RESPONSE, 0, 6)

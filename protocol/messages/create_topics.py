"""CreateTopics (key 19)."""

from protocol.api import Api
from protocol.schema import BOOL, INT8, INT16, INT32, STRING, UUID, Array, F, Message

REQUEST = Message(
    "CreateTopicsRequest",
    19,
    "0-7",
    "5+",
    F(
        "topics",
        Array(
            F("name", STRING),
            F("num_partitions", INT32),  # -1: broker default (or manual assignments)
            F("replication_factor", INT16),  # -1: broker default (or manual assignments)
            F(
                "assignments",
                Array(
                    F("partition_index", INT32),
                    F("broker_ids", Array(INT32)),
                ),
            ),
            F(
                "configs",
                Array(
                    F("name", STRING),
                    F("value", STRING, nullable="0+"),
                ),
            ),
        ),
    ),
    F("timeout_ms", INT32, default=60000),
    F("validate_only", BOOL, v="1+", default=False),
)

RESPONSE = Message(
    "CreateTopicsResponse",
    19,
    "0-7",
    "5+",
    F("throttle_time_ms", INT32, v="2+"),
    F(
        "topics",
        Array(
            F("name", STRING),
            F("topic_id", UUID, v="7+"),
            F("error_code", INT16),
            F("error_message", STRING, v="1+", nullable="0+"),
            F("topic_config_error_code", INT16, v="5+", tag=0),
            F("num_partitions", INT32, v="5+", default=-1),
            F("replication_factor", INT16, v="5+", default=-1),
            F(
                "configs",
                Array(
                    F("name", STRING, v="5+"),
                    F("value", STRING, v="5+", nullable="5+"),
                    F("read_only", BOOL, v="5+"),
                    F("config_source", INT8, v="5+", default=-1),
                    F("is_sensitive", BOOL, v="5+"),
                ),
                v="5+",
                nullable="5+",
            ),
        ),
    ),
)

API = Api(19, "CreateTopics", REQUEST, RESPONSE, 0, 7)

"""ListOffsets (key 2): look up partition offsets by timestamp (or earliest/latest)."""

from protocol.api import Api
from protocol.schema import INT8, INT16, INT32, INT64, STRING, Array, F, Message

REQUEST = Message(
    "ListOffsetsRequest",
    2,
    "0-10",
    "6+",
    F("replica_id", INT32),
    F("isolation_level", INT8, v="2+"),
    F(
        "topics",
        Array(
            F("name", STRING),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("current_leader_epoch", INT32, v="4+", default=-1),
                    F("timestamp", INT64),  # or -1 latest, -2 earliest, -3 max timestamp, ...
                    F("max_num_offsets", INT32, v="0", default=1),
                ),
            ),
        ),
    ),
    F("timeout_ms", INT32, v="10+"),
)

RESPONSE = Message(
    "ListOffsetsResponse",
    2,
    "0-10",
    "6+",
    F("throttle_time_ms", INT32, v="2+"),
    F(
        "topics",
        Array(
            F("name", STRING),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("error_code", INT16),
                    F("old_style_offsets", Array(INT64), v="0"),
                    F("timestamp", INT64, v="1+", default=-1),
                    F("offset", INT64, v="1+", default=-1),
                    F("leader_epoch", INT32, v="4+", default=-1),
                ),
            ),
        ),
    ),
)

API = Api(2, "ListOffsets", REQUEST, RESPONSE, 0, 10)

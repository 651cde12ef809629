"""DescribeLogDirs (key 35): each log dir with the size of every partition in it."""

from protocol.api import Api
from protocol.schema import BOOL, INT16, INT32, INT64, NULL, STRING, Array, F, Message

REQUEST = Message(
    "DescribeLogDirsRequest",
    35,
    "0-4",
    "2+",
    F(
        "topics",
        Array(
            F("topic", STRING),
            F("partitions", Array(INT32)),
        ),
        nullable="0+",
        default=NULL,
    ),  # null: every partition
)

RESPONSE = Message(
    "DescribeLogDirsResponse",
    35,
    "0-4",
    "2+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16, v="3+"),
    F(
        "results",
        Array(
            F("error_code", INT16),
            F("log_dir", STRING),
            F(
                "topics",
                Array(
                    F("name", STRING),
                    F(
                        "partitions",
                        Array(
                            F("partition_index", INT32),
                            F("partition_size", INT64),
                            F("offset_lag", INT64),
                            F("is_future_key", BOOL),
                        ),
                    ),
                ),
            ),
            F("total_bytes", INT64, v="4+", default=-1),
            F("usable_bytes", INT64, v="4+", default=-1),
        ),
    ),
)

API = Api(35, "DescribeLogDirs", REQUEST, RESPONSE, 0, 4)

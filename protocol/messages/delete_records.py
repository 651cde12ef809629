"""DeleteRecords (key 21): move partitions' log start offsets forward."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, STRING, Array, F, Message

REQUEST = Message(
    "DeleteRecordsRequest",
    21,
    "0-2",
    "2+",
    F(
        "topics",
        Array(
            F("name", STRING),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("offset", INT64),  # -1: the high watermark
                ),
            ),
        ),
    ),
    F("timeout_ms", INT32),
)

RESPONSE = Message(
    "DeleteRecordsResponse",
    21,
    "0-2",
    "2+",
    F("throttle_time_ms", INT32),
    F(
        "topics",
        Array(
            F("name", STRING),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("low_watermark", INT64),
                    F("error_code", INT16),
                ),
            ),
        ),
    ),
)

API = Api(21, "DeleteRecords", REQUEST, RESPONSE, 0, 2)

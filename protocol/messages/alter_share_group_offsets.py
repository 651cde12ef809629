"""AlterShareGroupOffsets (key 91): KIP-932, set the share-partition start offsets of an empty
share group (kafka-share-groups.sh --reset-offsets)."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, NULL, STRING, UUID, Array, F, Message

REQUEST = Message(
    "AlterShareGroupOffsetsRequest",
    91,
    "0",
    "0+",
    F("group_id", STRING),
    F(
        "topics",
        Array(
            F("topic_name", STRING),
            F("partitions", Array(F("partition_index", INT32), F("start_offset", INT64))),
        ),
    ),
)

RESPONSE = Message(
    "AlterShareGroupOffsetsResponse",
    91,
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
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("error_code", INT16),
                    F("error_message", STRING, nullable="0+", default=NULL),
                ),
            ),
        ),
    ),
)

API = Api(91, "AlterShareGroupOffsets", REQUEST, RESPONSE, 0, 0)

"""DescribeShareGroupOffsets (key 90): KIP-932, the share-partition start offsets of share groups
(kafka-share-groups.sh --describe). Version 1 (KIP-1226) adds the lag of each share-partition."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, NULL, STRING, UUID, Array, F, Message

REQUEST = Message(
    "DescribeShareGroupOffsetsRequest",
    90,
    "0-1",
    "0+",
    F(
        "groups",
        Array(
            F("group_id", STRING),
            # null: every topic-partition the group has state for
            F("topics", Array(F("topic_name", STRING), F("partitions", Array(INT32))), nullable="0+"),
        ),
    ),
)

RESPONSE = Message(
    "DescribeShareGroupOffsetsResponse",
    90,
    "0-1",
    "0+",
    F("throttle_time_ms", INT32),
    F(
        "groups",
        Array(
            F("group_id", STRING),
            F(
                "topics",
                Array(
                    F("topic_name", STRING),
                    F("topic_id", UUID),
                    F(
                        "partitions",
                        Array(
                            F("partition_index", INT32),
                            F("start_offset", INT64),
                            F("leader_epoch", INT32),
                            F("lag", INT64, v="1+", default=-1),  # -1: unknown
                            F("error_code", INT16),
                            F("error_message", STRING, nullable="0+", default=NULL),
                        ),
                    ),
                ),
            ),
            F("error_code", INT16),
            F("error_message", STRING, nullable="0+", default=NULL),
        ),
    ),
)

API = Api(90, "DescribeShareGroupOffsets", REQUEST, RESPONSE, 0, 1)

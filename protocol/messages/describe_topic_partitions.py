"""DescribeTopicPartitions (key 75, KIP-966): topics' partitions, paged by a cursor."""

from protocol.api import Api
from protocol.schema import BOOL, INT16, INT32, NULL, STRING, UUID, Array, F, Message, Struct

_CURSOR = Struct(F("topic_name", STRING), F("partition_index", INT32))

REQUEST = Message(
    "DescribeTopicPartitionsRequest",
    75,
    "0",
    "0+",
    F("topics", Array(F("name", STRING))),
    F("response_partition_limit", INT32, default=2000),
    F("cursor", _CURSOR, nullable="0+", default=NULL),
)

RESPONSE = Message(
    "DescribeTopicPartitionsResponse",
    75,
    "0",
    "0+",
    F("throttle_time_ms", INT32),
    F(
        "topics",
        Array(
            F("error_code", INT16),
            F("name", STRING, nullable="0+"),
            F("topic_id", UUID),
            F("is_internal", BOOL),
            F(
                "partitions",
                Array(
                    F("error_code", INT16),
                    F("partition_index", INT32),
                    F("leader_id", INT32),
                    F("leader_epoch", INT32, default=-1),
                    F("replica_nodes", Array(INT32)),
                    F("isr_nodes", Array(INT32)),
                    F("eligible_leader_replicas", Array(INT32), nullable="0+", default=NULL),
                    F("last_known_elr", Array(INT32), nullable="0+", default=NULL),
                    F("offline_replicas", Array(INT32)),
                ),
            ),
            F("topic_authorized_operations", INT32, default=-2147483648),
        ),
    ),
    F("next_cursor", _CURSOR, nullable="0+", default=NULL),
)

API = Api(75, "DescribeTopicPartitions", REQUEST, RESPONSE, 0, 0)

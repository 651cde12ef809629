"""TxnOffsetCommit (key 28): a group's offsets, committed inside a producer's transaction."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, NULL, STRING, Array, F, Message

REQUEST = Message(
    "TxnOffsetCommitRequest",
    28,
    "0-4",
    "3+",
    F("transactional_id", STRING),
    F("group_id", STRING),
    F("producer_id", INT64),
    F("producer_epoch", INT16),
    F("generation_id", INT32, v="3+", default=-1),
    F("member_id", STRING, v="3+", default=""),
    F("group_instance_id", STRING, v="3+", nullable="3+", default=NULL),
    F(
        "topics",
        Array(
            F("name", STRING),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("committed_offset", INT64),
                    F("committed_leader_epoch", INT32, v="2+", default=-1),
                    F("committed_metadata", STRING, nullable="0+"),
                ),
            ),
        ),
    ),
)

RESPONSE = Message(
    "TxnOffsetCommitResponse",
    28,
    "0-4",
    "3+",
    F("throttle_time_ms", INT32),
    F(
        "topics",
        Array(
            F("name", STRING),
            F("partitions", Array(F("partition_index", INT32), F("error_code", INT16))),
        ),
    ),
)

API = Api(28, "TxnOffsetCommit", REQUEST, RESPONSE, 0, 4)

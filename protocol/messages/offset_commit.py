"""OffsetCommit (key 8): a group member commits consumed offsets."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, NULL, STRING, Array, F, Message

REQUEST = Message(
    "OffsetCommitRequest",
    8,
    "0-9",
    "8+",
    F("group_id", STRING),
    # The generation (classic groups) or the member epoch (consumer groups, v9+).
    F("generation_id_or_member_epoch", INT32, v="1+", default=-1),
    F("member_id", STRING, v="1+"),
    F("group_instance_id", STRING, v="7+", nullable="7+", default=NULL),
    F("retention_time_ms", INT64, v="2-4", default=-1),  # -1: the broker's retention
    F(
        "topics",
        Array(
            F("name", STRING),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("committed_offset", INT64),
                    F("committed_leader_epoch", INT32, v="6+", default=-1),
                    F("commit_timestamp", INT64, v="1", default=-1),  # only v1 carries it
                    F("committed_metadata", STRING, nullable="0+"),
                ),
            ),
        ),
    ),
)

RESPONSE = Message(
    "OffsetCommitResponse",
    8,
    "0-9",
    "8+",
    F("throttle_time_ms", INT32, v="3+"),
    F(
        "topics",
        Array(
            F("name", STRING),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("error_code", INT16),
                ),
            ),
        ),
    ),
)

API = Api(8, "OffsetCommit", REQUEST, RESPONSE, 0, 9)

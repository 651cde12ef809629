"""OffsetFetch (key 9): committed offsets of groups (one group before v8, a batch from v8)."""

from protocol.api import Api
from protocol.schema import BOOL, INT16, INT32, INT64, NULL, STRING, Array, F, Message

REQUEST = Message(
    "OffsetFetchRequest",
    9,
    "0-9",
    "6+",
    F("group_id", STRING, v="0-7"),
    F(
        "topics",
        Array(  # null (v2+): every topic the group has offsets for
            F("name", STRING, v="0-7"),
            F("partition_indexes", Array(INT32), v="0-7"),
        ),
        v="0-7",
        nullable="2-7",
    ),
    F(
        "groups",
        Array(
            F("group_id", STRING, v="8+"),
            F("member_id", STRING, v="9+", nullable="9+", default=NULL),
            F("member_epoch", INT32, v="9+", default=-1),
            F(
                "topics",
                Array(
                    F("name", STRING, v="8+"),
                    F("partition_indexes", Array(INT32), v="8+"),
                ),
                v="8+",
                nullable="8+",
            ),
        ),
        v="8+",
    ),
    F("require_stable", BOOL, v="7+", default=False),  # wait out pending transactional commits
)

RESPONSE = Message(
    "OffsetFetchResponse",
    9,
    "0-9",
    "6+",
    F("throttle_time_ms", INT32, v="3+"),
    F(
        "topics",
        Array(
            F("name", STRING, v="0-7"),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32, v="0-7"),
                    F("committed_offset", INT64, v="0-7"),
                    F("committed_leader_epoch", INT32, v="5-7", default=-1),
                    F("metadata", STRING, v="0-7", nullable="0-7"),
                    F("error_code", INT16, v="0-7"),
                ),
                v="0-7",
            ),
        ),
        v="0-7",
    ),
    F("error_code", INT16, v="2-7", default=0),
    F(
        "groups",
        Array(
            F("group_id", STRING, v="8+"),
            F(
                "topics",
                Array(
                    F("name", STRING, v="8+"),
                    F(
                        "partitions",
                        Array(
                            F("partition_index", INT32, v="8+"),
                            F("committed_offset", INT64, v="8+"),
                            F("committed_leader_epoch", INT32, v="8+", default=-1),
                            F("metadata", STRING, v="8+", nullable="8+"),
                            F("error_code", INT16, v="8+"),
                        ),
                        v="8+",
                    ),
                ),
                v="8+",
            ),
            F("error_code", INT16, v="8+", default=0),
        ),
        v="8+",
    ),
)

API = Api(9, "OffsetFetch", REQUEST, RESPONSE, 0, 9)

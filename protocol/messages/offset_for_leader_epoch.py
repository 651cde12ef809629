"""OffsetForLeaderEpoch (key 23): where a leader epoch ends on the leader (KIP-101/KIP-279).

A follower that becomes one asks its new leader where its own latest epoch ends, and truncates
there; clients (librdkafka, the Java consumer) ask it after a leader change to detect a log that
was truncated under their position (KIP-320)."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, STRING, Array, F, Message

REQUEST = Message(
    "OffsetForLeaderEpochRequest",
    23,
    "0-4",
    "4+",
    F("replica_id", INT32, v="3+", default=-2),
    F(
        "topics",
        Array(
            F("topic", STRING),
            F(
                "partitions",
                Array(
                    F("partition", INT32),
                    F("current_leader_epoch", INT32, v="2+", default=-1),
                    F("leader_epoch", INT32),
                ),
            ),
        ),
    ),
)

RESPONSE = Message(
    "OffsetForLeaderEpochResponse",
    23,
    "0-4",
    "4+",
    F("throttle_time_ms", INT32, v="2+"),
    F(
        "topics",
        Array(
            F("topic", STRING),
            F(
                "partitions",
                Array(
                    F("error_code", INT16),
                    F("partition", INT32),
                    F("leader_epoch", INT32, v="1+", default=-1),
                    F("end_offset", INT64),
                ),
            ),
        ),
    ),
)

API = Api(23, "OffsetForLeaderEpoch", REQUEST, RESPONSE, 0, 4)

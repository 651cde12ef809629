"""ShareGroupHeartbeat (key 76): KIP-932's join/heartbeat/leave of a share group.

Kafka 4.0 had version 0 as early access (behind unstable.api.versions.enable); 4.1 removed it and
serves version 1 only, the stable one, with the same fields. kbroker serves what 4.1/4.2 serve."""

from protocol.api import Api
from protocol.schema import INT16, INT32, NULL, STRING, UUID, Array, F, Message, Struct

REQUEST = Message(
    "ShareGroupHeartbeatRequest",
    76,
    "1",
    "0+",
    F("group_id", STRING),
    F("member_id", STRING),  # made by the member (a UUID), kept for its whole life
    F("member_epoch", INT32),  # 0 joins, -1 leaves
    # null when unchanged since the last heartbeat
    F("rack_id", STRING, nullable="0+", default=NULL),
    F("subscribed_topic_names", Array(STRING), nullable="0+", default=NULL),
)

RESPONSE = Message(
    "ShareGroupHeartbeatResponse",
    76,
    "1",
    "0+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("error_message", STRING, nullable="0+", default=NULL),
    F("member_id", STRING, nullable="0+", default=NULL),
    F("member_epoch", INT32),
    F("heartbeat_interval_ms", INT32),
    F(
        "assignment",
        Struct(  # null: not provided (unchanged)
            F("topic_partitions", Array(F("topic_id", UUID), F("partitions", Array(INT32)))),
        ),
        nullable="0+",
        default=NULL,
    ),
)

API = Api(76, "ShareGroupHeartbeat", REQUEST, RESPONSE, 1, 1)

"""ConsumerGroupHeartbeat (key 68): the KIP-848 consumer protocol's join/heartbeat/leave."""

from protocol.api import Api
from protocol.schema import INT16, INT32, NULL, STRING, UUID, Array, F, Message, Struct

REQUEST = Message(
    "ConsumerGroupHeartbeatRequest",
    68,
    "0-1",
    "0+",
    F("group_id", STRING),
    F("member_id", STRING),
    F("member_epoch", INT32),  # 0 joins, -1 leaves, -2 a static member leaves temporarily
    # The nullable fields below are null when unchanged since the last heartbeat.
    F("instance_id", STRING, nullable="0+", default=NULL),
    F("rack_id", STRING, nullable="0+", default=NULL),
    F("rebalance_timeout_ms", INT32, default=-1),
    F("subscribed_topic_names", Array(STRING), nullable="0+", default=NULL),
    F("subscribed_topic_regex", STRING, v="1+", nullable="1+", default=NULL),
    F("server_assignor", STRING, nullable="0+", default=NULL),
    F(
        "topic_partitions",
        Array(  # what the member owns
            F("topic_id", UUID),
            F("partitions", Array(INT32)),
        ),
        nullable="0+",
        default=NULL,
    ),
)

RESPONSE = Message(
    "ConsumerGroupHeartbeatResponse",
    68,
    "0-1",
    "0+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("error_message", STRING, nullable="0+", default=NULL),
    F("member_id", STRING, nullable="0+", default=NULL),
    F("member_epoch", INT32),
    F("heartbeat_interval_ms", INT32),
    F(
        "assignment",
        Struct(  # null: the assignment did not change
            F(
                "topic_partitions",
                Array(
                    F("topic_id", UUID),
                    F("partitions", Array(INT32)),
                ),
            ),
        ),
        nullable="0+",
        default=NULL,
    ),
)

API = Api(68, "ConsumerGroupHeartbeat", REQUEST, RESPONSE, 0, 1)

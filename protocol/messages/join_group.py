"""JoinGroup (key 11): a member joins (or rejoins) a classic consumer group."""

from protocol.api import Api
from protocol.schema import BOOL, BYTES, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "JoinGroupRequest",
    11,
    "0-9",
    "6+",
    F("group_id", STRING),
    F("session_timeout_ms", INT32),
    # Absent before v1: the session timeout then doubles as the rebalance timeout.
    F("rebalance_timeout_ms", INT32, v="1+", default=-1),
    F("member_id", STRING),
    F("group_instance_id", STRING, v="5+", nullable="5+", default=NULL),
    F("protocol_type", STRING),
    F(
        "protocols",
        Array(
            F("name", STRING),
            F("metadata", BYTES),
        ),
    ),
    F("reason", STRING, v="8+", nullable="8+", default=NULL),
)

RESPONSE = Message(
    "JoinGroupResponse",
    11,
    "0-9",
    "6+",
    F("throttle_time_ms", INT32, v="2+"),
    F("error_code", INT16),
    F("generation_id", INT32, default=-1),
    F("protocol_type", STRING, v="7+", nullable="7+", default=NULL),
    F("protocol_name", STRING, nullable="7+"),
    F("leader", STRING),
    F("skip_assignment", BOOL, v="9+", default=False),  # leader must not run the assignor
    F("member_id", STRING),
    F(
        "members",
        Array(
            F("member_id", STRING),
            F("group_instance_id", STRING, v="5+", nullable="5+", default=NULL),
            F("metadata", BYTES),
        ),
    ),
)

API = Api(11, "JoinGroup", REQUEST, RESPONSE, 0, 9)

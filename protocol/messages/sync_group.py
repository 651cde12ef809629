"""SyncGroup (key 14): the leader hands out assignments; every member gets its own."""

from protocol.api import Api
from protocol.schema import BYTES, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "SyncGroupRequest",
    14,
    "0-5",
    "4+",
    F("group_id", STRING),
    F("generation_id", INT32),
    F("member_id", STRING),
    F("group_instance_id", STRING, v="3+", nullable="3+", default=NULL),
    F("protocol_type", STRING, v="5+", nullable="5+", default=NULL),
    F("protocol_name", STRING, v="5+", nullable="5+", default=NULL),
    F(
        "assignments",
        Array(  # only the leader sends any
            F("member_id", STRING),
            F("assignment", BYTES),
        ),
    ),
)

RESPONSE = Message(
    "SyncGroupResponse",
    14,
    "0-5",
    "4+",
    F("throttle_time_ms", INT32, v="1+"),
    F("error_code", INT16),
    F("protocol_type", STRING, v="5+", nullable="5+", default=NULL),
    F("protocol_name", STRING, v="5+", nullable="5+", default=NULL),
    F("assignment", BYTES),
)

API = Api(14, "SyncGroup", REQUEST, RESPONSE, 0, 5)

"""LeaveGroup (key 13): members leave a classic group (batched from v3)."""

from protocol.api import Api
from protocol.schema import INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "LeaveGroupRequest",
    13,
    "0-5",
    "4+",
    F("group_id", STRING),
    F("member_id", STRING, v="0-2"),
    F(
        "members",
        Array(
            F("member_id", STRING, v="3+"),
            F("group_instance_id", STRING, v="3+", nullable="3+", default=NULL),
            F("reason", STRING, v="5+", nullable="5+", default=NULL),
        ),
        v="3+",
    ),
)

RESPONSE = Message(
    "LeaveGroupResponse",
    13,
    "0-5",
    "4+",
    F("throttle_time_ms", INT32, v="1+"),
    F("error_code", INT16),
    F(
        "members",
        Array(
            F("member_id", STRING, v="3+"),
            F("group_instance_id", STRING, v="3+", nullable="3+"),
            F("error_code", INT16, v="3+"),
        ),
        v="3+",
    ),
)

API = Api(13, "LeaveGroup", REQUEST, RESPONSE, 0, 5)

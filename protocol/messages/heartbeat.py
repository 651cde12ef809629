"""Heartbeat (key 12): a classic group member's liveness ping."""

from protocol.api import Api
from protocol.schema import INT16, INT32, NULL, STRING, F, Message

REQUEST = Message(
    "HeartbeatRequest",
    12,
    "0-4",
    "4+",
    F("group_id", STRING),
    F("generation_id", INT32),
    F("member_id", STRING),
    F("group_instance_id", STRING, v="3+", nullable="3+", default=NULL),
)

RESPONSE = Message(
    "HeartbeatResponse",
    12,
    "0-4",
    "4+",
    F("throttle_time_ms", INT32, v="1+"),
    F("error_code", INT16),
)

API = Api(12, "Heartbeat", REQUEST, RESPONSE, 0, 4)

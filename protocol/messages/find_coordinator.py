"""FindCoordinator (key 10): which broker coordinates a group or transactional id."""

from protocol.api import Api
from protocol.schema import INT8, INT16, INT32, STRING, Array, F, Message

REQUEST = Message(
    "FindCoordinatorRequest",
    10,
    "0-6",
    "3+",
    F("key", STRING, v="0-3"),
    F("key_type", INT8, v="1+", default=0),  # 0 group, 1 transaction, 2 share
    F("coordinator_keys", Array(STRING), v="4+"),  # batched lookup (KIP-699)
)

RESPONSE = Message(
    "FindCoordinatorResponse",
    10,
    "0-6",
    "3+",
    F("throttle_time_ms", INT32, v="1+"),
    F("error_code", INT16, v="0-3"),
    F("error_message", STRING, v="1-3", nullable="1-3"),
    F("node_id", INT32, v="0-3"),
    F("host", STRING, v="0-3"),
    F("port", INT32, v="0-3"),
    F(
        "coordinators",
        Array(
            F("key", STRING, v="4+"),
            F("node_id", INT32, v="4+"),
            F("host", STRING, v="4+"),
            F("port", INT32, v="4+"),
            F("error_code", INT16, v="4+"),
            F("error_message", STRING, v="4+", nullable="4+"),
        ),
        v="4+",
    ),
)

API = Api(10, "FindCoordinator", REQUEST, RESPONSE, 0, 6)

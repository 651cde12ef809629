"""ListGroups (key 16): the groups this broker coordinates."""

from protocol.api import Api
from protocol.schema import INT16, INT32, STRING, Array, F, Message

REQUEST = Message(
    "ListGroupsRequest",
    16,
    "0-5",
    "3+",
    F("states_filter", Array(STRING), v="4+"),
    F("types_filter", Array(STRING), v="5+"),
)

RESPONSE = Message(
    "ListGroupsResponse",
    16,
    "0-5",
    "3+",
    F("throttle_time_ms", INT32, v="1+"),
    F("error_code", INT16),
    F(
        "groups",
        Array(
            F("group_id", STRING),
            F("protocol_type", STRING),
            F("group_state", STRING, v="4+"),
            F("group_type", STRING, v="5+"),
        ),
    ),
)

API = Api(16, "ListGroups", REQUEST, RESPONSE, 0, 5)

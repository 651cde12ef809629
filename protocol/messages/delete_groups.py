"""DeleteGroups (key 42): delete empty groups and their offsets."""

from protocol.api import Api
from protocol.schema import INT16, INT32, STRING, Array, F, Message

REQUEST = Message(
    "DeleteGroupsRequest",
    42,
    "0-2",
    "2+",
    F("groups_names", Array(STRING)),
)

RESPONSE = Message(
    "DeleteGroupsResponse",
    42,
    "0-2",
    "2+",
    F("throttle_time_ms", INT32),
    F(
        "results",
        Array(
            F("group_id", STRING),
            F("error_code", INT16),
        ),
    ),
)

API = Api(42, "DeleteGroups", REQUEST, RESPONSE, 0, 2)

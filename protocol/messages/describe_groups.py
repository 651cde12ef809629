"""DescribeGroups (key 15): state and members of classic groups."""

from protocol.api import Api
from protocol.schema import BOOL, BYTES, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "DescribeGroupsRequest",
    15,
    "0-6",
    "5+",
    F("groups", Array(STRING)),
    F("include_authorized_operations", BOOL, v="3+"),
)

RESPONSE = Message(
    "DescribeGroupsResponse",
    15,
    "0-6",
    "5+",
    F("throttle_time_ms", INT32, v="1+"),
    F(
        "groups",
        Array(
            F("error_code", INT16),
            # Added in v6 (KIP-1043), after the 4.0 snapshot; verified in franz-go and kafka-python 3.0 specs.
            F("error_message", STRING, v="6+", nullable="6+", default=NULL),
            F("group_id", STRING),
            F("group_state", STRING),
            F("protocol_type", STRING),
            F("protocol_data", STRING),  # the chosen protocol name (only filled when Stable)
            F(
                "members",
                Array(
                    F("member_id", STRING),
                    F("group_instance_id", STRING, v="4+", nullable="4+", default=NULL),
                    F("client_id", STRING),
                    F("client_host", STRING),
                    F("member_metadata", BYTES),
                    F("member_assignment", BYTES),
                ),
            ),
            F("authorized_operations", INT32, v="3+", default=-2147483648),
        ),
    ),
)

API = Api(15, "DescribeGroups", REQUEST, RESPONSE, 0, 6)

"""ShareGroupDescribe (key 77): state and members of KIP-932 share groups (version 1 only, as
Kafka 4.1/4.2: version 0 was 4.0's early access)."""

from protocol.api import Api
from protocol.schema import BOOL, INT16, INT32, NULL, STRING, UUID, Array, F, Message, Struct

REQUEST = Message(
    "ShareGroupDescribeRequest",
    77,
    "1",
    "0+",
    F("group_ids", Array(STRING)),
    F("include_authorized_operations", BOOL),
)

RESPONSE = Message(
    "ShareGroupDescribeResponse",
    77,
    "1",
    "0+",
    F("throttle_time_ms", INT32),
    F(
        "groups",
        Array(
            F("error_code", INT16),
            F("error_message", STRING, nullable="0+", default=NULL),
            F("group_id", STRING),
            F("group_state", STRING),
            F("group_epoch", INT32),
            F("assignment_epoch", INT32),
            F("assignor_name", STRING),
            F(
                "members",
                Array(
                    F("member_id", STRING),
                    F("rack_id", STRING, nullable="0+", default=NULL),
                    F("member_epoch", INT32),
                    F("client_id", STRING),
                    F("client_host", STRING),
                    F("subscribed_topic_names", Array(STRING)),
                    F(
                        "assignment",
                        Struct(
                            F(
                                "topic_partitions",
                                Array(
                                    F("topic_id", UUID),
                                    F("topic_name", STRING),
                                    F("partitions", Array(INT32)),
                                ),
                            ),
                        ),
                    ),
                ),
            ),
            F("authorized_operations", INT32, default=-2147483648),
        ),
    ),
)

API = Api(77, "ShareGroupDescribe", REQUEST, RESPONSE, 1, 1)

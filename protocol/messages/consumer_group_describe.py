"""ConsumerGroupDescribe (key 69): state and members of KIP-848 consumer groups."""

from protocol.api import Api
from protocol.schema import BOOL, INT8, INT16, INT32, NULL, STRING, UUID, Array, F, Message, Struct

# Kafka's common struct "Assignment" (holding "TopicPartitions"), used for both assignments.
_ASSIGNMENT = Struct(
    F(
        "topic_partitions",
        Array(
            F("topic_id", UUID),
            F("topic_name", STRING),
            F("partitions", Array(INT32)),
        ),
    ),
)

REQUEST = Message(
    "ConsumerGroupDescribeRequest",
    69,
    "0-1",
    "0+",
    F("group_ids", Array(STRING)),
    F("include_authorized_operations", BOOL),
)

RESPONSE = Message(
    "ConsumerGroupDescribeResponse",
    69,
    "0-1",
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
                    F("instance_id", STRING, nullable="0+", default=NULL),
                    F("rack_id", STRING, nullable="0+", default=NULL),
                    F("member_epoch", INT32),
                    F("client_id", STRING),
                    F("client_host", STRING),
                    F("subscribed_topic_names", Array(STRING)),
                    F("subscribed_topic_regex", STRING, nullable="0+", default=NULL),
                    F("assignment", _ASSIGNMENT),
                    F("target_assignment", _ASSIGNMENT),
                    # Added in v1 (KIP-1099), after the 4.0 snapshot; verified in franz-go.
                    # -1 unknown, 0 classic member, 1 consumer member.
                    F("member_type", INT8, v="1+", default=-1),
                ),
            ),
            F("authorized_operations", INT32, default=-2147483648),
        ),
    ),
)

API = Api(69, "ConsumerGroupDescribe", REQUEST, RESPONSE, 0, 1)

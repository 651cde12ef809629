"""ElectLeaders (key 43, KIP-183/KIP-460): elect the preferred replica, or (v1+) a live replica
unclean, as leader of the partitions named (null: every partition)."""

from protocol.api import Api
from protocol.schema import INT8, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "ElectLeadersRequest",
    43,
    "0-2",
    "2+",
    F("election_type", INT8, v="1+"),  # 0 PREFERRED, 1 UNCLEAN
    F(
        "topic_partitions",
        Array(
            F("topic", STRING),
            F("partition_id", Array(INT32)),
        ),
        nullable="0+",
    ),
    F("timeout_ms", INT32, default=60000),
)

RESPONSE = Message(
    "ElectLeadersResponse",
    43,
    "0-2",
    "2+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16, v="1+"),
    F(
        "replica_election_results",
        Array(
            F("topic", STRING),
            F(
                "partition_result",
                Array(
                    F("partition_id", INT32),
                    F("error_code", INT16),
                    F("error_message", STRING, nullable="0+", default=NULL),
                ),
            ),
        ),
    ),
)

API = Api(43, "ElectLeaders", REQUEST, RESPONSE, 0, 2)

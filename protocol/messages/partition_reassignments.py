"""AlterPartitionReassignments (key 45) and ListPartitionReassignments (key 46), KIP-455: move a
partition's replicas to other brokers (null replicas: cancel the move in progress), and list the
moves in progress. AlterPartitionReassignments v1 (KIP-860) can refuse a change of replication
factor."""

from protocol.api import Api
from protocol.schema import BOOL, INT16, INT32, NULL, STRING, Array, F, Message

ALTER_REQUEST = Message(
    "AlterPartitionReassignmentsRequest",
    45,
    "0-1",
    "0+",
    F("timeout_ms", INT32, default=60000),
    F("allow_replication_factor_change", BOOL, v="1+", default=True),
    F(
        "topics",
        Array(
            F("name", STRING),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("replicas", Array(INT32), nullable="0+", default=NULL),
                ),
            ),
        ),
    ),
)

ALTER_RESPONSE = Message(
    "AlterPartitionReassignmentsResponse",
    45,
    "0-1",
    "0+",
    F("throttle_time_ms", INT32),
    F("allow_replication_factor_change", BOOL, v="1+", default=True),
    F("error_code", INT16),
    F("error_message", STRING, nullable="0+", default=NULL),
    F(
        "responses",
        Array(
            F("name", STRING),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("error_code", INT16),
                    F("error_message", STRING, nullable="0+", default=NULL),
                ),
            ),
        ),
    ),
)

LIST_REQUEST = Message(
    "ListPartitionReassignmentsRequest",
    46,
    "0",
    "0+",
    F("timeout_ms", INT32, default=60000),
    F(
        "topics",
        Array(
            F("name", STRING),
            F("partition_indexes", Array(INT32)),
        ),
        nullable="0+",
        default=NULL,
    ),
)

LIST_RESPONSE = Message(
    "ListPartitionReassignmentsResponse",
    46,
    "0",
    "0+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("error_message", STRING, nullable="0+", default=NULL),
    F(
        "topics",
        Array(
            F("name", STRING),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("replicas", Array(INT32)),
                    F("adding_replicas", Array(INT32)),
                    F("removing_replicas", Array(INT32)),
                ),
            ),
        ),
    ),
)

ALTER_API = Api(45, "AlterPartitionReassignments", ALTER_REQUEST, ALTER_RESPONSE, 0, 1)
LIST_API = Api(46, "ListPartitionReassignments", LIST_REQUEST, LIST_RESPONSE, 0, 0)

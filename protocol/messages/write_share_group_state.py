"""WriteShareGroupState (key 85): KIP-932, a share-partition's leader writes what changed in its
state (start offset -1: unchanged) to the share coordinator, fenced by state and leader epochs.
Kafka 4.1/4.2 serve version 0 (inter-broker)."""

from protocol.api import Api
from protocol.schema import INT8, INT16, INT32, INT64, NULL, STRING, UUID, Array, F, Message

REQUEST = Message(
    "WriteShareGroupStateRequest",
    85,
    "0",
    "0+",
    F("group_id", STRING),
    F(
        "topics",
        Array(
            F("topic_id", UUID),
            F(
                "partitions",
                Array(
                    F("partition", INT32),
                    F("state_epoch", INT32),
                    F("leader_epoch", INT32),
                    F("start_offset", INT64),
                    F(
                        "state_batches",
                        Array(
                            F("first_offset", INT64),
                            F("last_offset", INT64),
                            F("delivery_state", INT8),
                            F("delivery_count", INT16),
                        ),
                    ),
                ),
            ),
        ),
    ),
)

RESPONSE = Message(
    "WriteShareGroupStateResponse",
    85,
    "0",
    "0+",
    F(
        "results",
        Array(
            F("topic_id", UUID),
            F(
                "partitions",
                Array(
                    F("partition", INT32),
                    F("error_code", INT16),
                    F("error_message", STRING, nullable="0+", default=NULL),
                ),
            ),
        ),
    ),
)

API = Api(85, "WriteShareGroupState", REQUEST, RESPONSE, 0, 0)

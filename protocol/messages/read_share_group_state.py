"""ReadShareGroupState (key 84): KIP-932, a share-partition's leader reads its state (start
offset and the batches past it) from the share coordinator, claiming it with its leader epoch.
Kafka 4.1/4.2 serve version 0 (inter-broker)."""

from protocol.api import Api
from protocol.schema import INT8, INT16, INT32, INT64, NULL, STRING, UUID, Array, F, Message

REQUEST = Message(
    "ReadShareGroupStateRequest",
    84,
    "0",
    "0+",
    F("group_id", STRING),
    F(
        "topics",
        Array(F("topic_id", UUID), F("partitions", Array(F("partition", INT32), F("leader_epoch", INT32)))),
    ),
)

RESPONSE = Message(
    "ReadShareGroupStateResponse",
    84,
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
                    F("state_epoch", INT32),
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

API = Api(84, "ReadShareGroupState", REQUEST, RESPONSE, 0, 0)

"""InitializeShareGroupState (key 83): KIP-932, broker to share coordinator: (re)start the state
of share-partitions at a start offset with a new state epoch. Kafka 4.1/4.2 serve version 0 on
the broker listener (an inter-broker API, advertised only where share groups are enabled)."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, NULL, STRING, UUID, Array, F, Message

REQUEST = Message(
    "InitializeShareGroupStateRequest",
    83,
    "0",
    "0+",
    F("group_id", STRING),
    F(
        "topics",
        Array(
            F("topic_id", UUID),
            F("partitions", Array(F("partition", INT32), F("state_epoch", INT32), F("start_offset", INT64))),
        ),
    ),
)

RESPONSE = Message(
    "InitializeShareGroupStateResponse",
    83,
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

API = Api(83, "InitializeShareGroupState", REQUEST, RESPONSE, 0, 0)

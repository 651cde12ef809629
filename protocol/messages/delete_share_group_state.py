"""DeleteShareGroupState (key 86): KIP-932, the group coordinator deletes the state of
share-partitions (DeleteShareGroupOffsets, DeleteGroups). Kafka 4.1/4.2 serve version 0
(inter-broker)."""

from protocol.api import Api
from protocol.schema import INT16, INT32, NULL, STRING, UUID, Array, F, Message

REQUEST = Message(
    "DeleteShareGroupStateRequest",
    86,
    "0",
    "0+",
    F("group_id", STRING),
    F("topics", Array(F("topic_id", UUID), F("partitions", Array(F("partition", INT32))))),
)

RESPONSE = Message(
    "DeleteShareGroupStateResponse",
    86,
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

API = Api(86, "DeleteShareGroupState", REQUEST, RESPONSE, 0, 0)

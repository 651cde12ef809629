"""ReadShareGroupStateSummary (key 87): KIP-932, the state and leader epochs and start offset of
share-partitions (DescribeShareGroupOffsets), without claiming them. Kafka 4.1/4.2 serve
version 0 (inter-broker)."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, NULL, STRING, UUID, Array, F, Message

REQUEST = Message(
    "ReadShareGroupStateSummaryRequest",
    87,
    "0",
    "0+",
    F("group_id", STRING),
    F(
        "topics",
        Array(F("topic_id", UUID), F("partitions", Array(F("partition", INT32), F("leader_epoch", INT32)))),
    ),
)

RESPONSE = Message(
    "ReadShareGroupStateSummaryResponse",
    87,
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
                    F("leader_epoch", INT32),
                    F("start_offset", INT64),
                ),
            ),
        ),
    ),
)

API = Api(87, "ReadShareGroupStateSummary", REQUEST, RESPONSE, 0, 0)

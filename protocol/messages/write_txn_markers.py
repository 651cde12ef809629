"""WriteTxnMarkers (key 27): a transaction coordinator asks a partition leader to write COMMIT
or ABORT markers (broker to broker)."""

from protocol.api import Api
from protocol.schema import BOOL, INT16, INT32, INT64, STRING, Array, F, Message

REQUEST = Message(
    "WriteTxnMarkersRequest",
    27,
    "0-1",
    "1+",
    F(
        "markers",
        Array(
            F("producer_id", INT64),
            F("producer_epoch", INT16),
            F("transaction_result", BOOL),
            F("topics", Array(F("name", STRING), F("partition_indexes", Array(INT32)))),
            F("coordinator_epoch", INT32),
        ),
    ),
)

RESPONSE = Message(
    "WriteTxnMarkersResponse",
    27,
    "0-1",
    "1+",
    F(
        "markers",
        Array(
            F("producer_id", INT64),
            F(
                "topics",
                Array(
                    F("name", STRING),
                    F("partitions", Array(F("partition_index", INT32), F("error_code", INT16))),
                ),
            ),
        ),
    ),
)

API = Api(27, "WriteTxnMarkers", REQUEST, RESPONSE, 0, 1)

"""EndTxn (key 26): commit or abort a producer's transaction. (v4 is KIP-890's retriable
TRANSACTION_ABORTABLE; v5, unstable in Kafka, is not advertised.)"""

from protocol.api import Api
from protocol.schema import BOOL, INT16, INT32, INT64, STRING, F, Message

REQUEST = Message(
    "EndTxnRequest",
    26,
    "0-4",
    "3+",
    F("transactional_id", STRING),
    F("producer_id", INT64),
    F("producer_epoch", INT16),
    F("committed", BOOL),
)

RESPONSE = Message(
    "EndTxnResponse",
    26,
    "0-4",
    "3+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
)

API = Api(26, "EndTxn", REQUEST, RESPONSE, 0, 4)

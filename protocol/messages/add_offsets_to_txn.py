"""AddOffsetsToTxn (key 25): add a group's offsets partition to a producer's transaction."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, STRING, F, Message

REQUEST = Message(
    "AddOffsetsToTxnRequest",
    25,
    "0-3",
    "3+",
    F("transactional_id", STRING),
    F("producer_id", INT64),
    F("producer_epoch", INT16),
    F("group_id", STRING),
)

RESPONSE = Message(
    "AddOffsetsToTxnResponse",
    25,
    "0-3",
    "3+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
)

API = Api(25, "AddOffsetsToTxn", REQUEST, RESPONSE, 0, 3)

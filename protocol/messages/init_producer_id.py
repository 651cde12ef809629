"""InitProducerId (key 22): allocate a producer id and epoch (idempotent or transactional)."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, STRING, F, Message

REQUEST = Message(
    "InitProducerIdRequest",
    22,
    "0-5",
    "2+",
    F("transactional_id", STRING, nullable="0+"),
    F("transaction_timeout_ms", INT32),
    # v3+: the producer's current id/epoch, to bump the epoch of an existing producer.
    F("producer_id", INT64, v="3+", default=-1),
    F("producer_epoch", INT16, v="3+", default=-1),
)

RESPONSE = Message(
    "InitProducerIdResponse",
    22,
    "0-5",
    "2+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("producer_id", INT64, default=-1),
    F("producer_epoch", INT16),
)

API = Api(22, "InitProducerId", REQUEST, RESPONSE, 0, 5)

"""AddPartitionsToTxn (key 24): add partitions to a producer's transaction. v4+ (batches of
transactions, KIP-890's broker-side verification) is for brokers only: clients use v0-3."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, STRING, Array, F, Message

_TOPIC = (F("name", STRING), F("partitions", Array(INT32)))

REQUEST = Message(
    "AddPartitionsToTxnRequest",
    24,
    "0-3",
    "3+",
    F("transactional_id", STRING),
    F("producer_id", INT64),
    F("producer_epoch", INT16),
    F("topics", Array(*_TOPIC)),
)

RESPONSE = Message(
    "AddPartitionsToTxnResponse",
    24,
    "0-3",
    "3+",
    F("throttle_time_ms", INT32),
    F(
        "results",
        Array(
            F("name", STRING),
            F(
                "results_by_partition",
                Array(F("partition_index", INT32), F("partition_error_code", INT16)),
            ),
        ),
    ),
)

API = Api(24, "AddPartitionsToTxn", REQUEST, RESPONSE, 0, 3)

"""DescribeTransactions (key 65, KIP-664): the state of transactional ids."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, STRING, Array, F, Message

REQUEST = Message(
    "DescribeTransactionsRequest",
    65,
    "0",
    "0+",
    F("transactional_ids", Array(STRING)),
)

RESPONSE = Message(
    "DescribeTransactionsResponse",
    65,
    "0",
    "0+",
    F("throttle_time_ms", INT32),
    F(
        "transaction_states",
        Array(
            F("error_code", INT16),
            F("transactional_id", STRING),
            F("transaction_state", STRING),
            F("transaction_timeout_ms", INT32),
            F("transaction_start_time_ms", INT64),
            F("producer_id", INT64),
            F("producer_epoch", INT16),
            F("topics", Array(F("topic", STRING), F("partitions", Array(INT32)))),
        ),
    ),
)

API = Api(65, "DescribeTransactions", REQUEST, RESPONSE, 0, 0)

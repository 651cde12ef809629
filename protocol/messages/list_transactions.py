"""ListTransactions (key 66, KIP-664): the transactional ids a broker coordinates."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, STRING, Array, F, Message

REQUEST = Message(
    "ListTransactionsRequest",
    66,
    "0-1",
    "0+",
    F("state_filters", Array(STRING)),
    F("producer_id_filters", Array(INT64)),
    F("duration_filter", INT64, v="1+", default=-1),  # only transactions running longer (ms)
)

RESPONSE = Message(
    "ListTransactionsResponse",
    66,
    "0-1",
    "0+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("unknown_state_filters", Array(STRING)),
    F(
        "transaction_states",
        Array(
            F("transactional_id", STRING),
            F("producer_id", INT64),
            F("transaction_state", STRING),
        ),
    ),
)

API = Api(66, "ListTransactions", REQUEST, RESPONSE, 0, 1)

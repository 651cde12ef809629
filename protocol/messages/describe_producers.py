"""DescribeProducers (key 61): the active (idempotent) producers of partitions."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, NULL, STRING, Array, F, Message

REQUEST = Message(
    "DescribeProducersRequest",
    61,
    "0",
    "0+",
    F(
        "topics",
        Array(
            F("name", STRING),
            F("partition_indexes", Array(INT32)),
        ),
    ),
)

RESPONSE = Message(
    "DescribeProducersResponse",
    61,
    "0",
    "0+",
    F("throttle_time_ms", INT32),
    F(
        "topics",
        Array(
            F("name", STRING),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("error_code", INT16),
                    F("error_message", STRING, nullable="0+", default=NULL),
                    F(
                        "active_producers",
                        Array(
                            F("producer_id", INT64),
                            F("producer_epoch", INT32),
                            F("last_sequence", INT32, default=-1),
                            F("last_timestamp", INT64, default=-1),
                            F("coordinator_epoch", INT32),
                            F("current_txn_start_offset", INT64, default=-1),
                        ),
                    ),
                ),
            ),
        ),
    ),
)

API = Api(61, "DescribeProducers", REQUEST, RESPONSE, 0, 0)

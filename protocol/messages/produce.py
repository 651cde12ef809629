"""Produce (key 0): append record batches to partitions."""

from protocol.api import Api
from protocol.schema import INT16, INT32, INT64, NULL, RECORDS, STRING, UUID, Array, F, Message, Struct

# v12 (KIP-890) changed no fields. v13 (Kafka 4.1, KIP-516) names topics by TopicId instead of
# Name; the 4.0-snapshot spec stops at v11, so v13's topic_id is taken from Kafka 4.1 / franz-go.
REQUEST = Message(
    "ProduceRequest",
    0,
    "0-13",
    "9+",
    F("transactional_id", STRING, v="3+", nullable="3+", default=NULL),
    F("acks", INT16),
    F("timeout_ms", INT32),
    F(
        "topic_data",
        Array(
            F("name", STRING, v="0-12"),
            F("topic_id", UUID, v="13+"),  # Kafka 4.1
            F(
                "partition_data",
                Array(
                    F("index", INT32),
                    F("records", RECORDS, nullable="0+"),
                ),
            ),
        ),
    ),
)

RESPONSE = Message(
    "ProduceResponse",
    0,
    "0-13",
    "9+",
    F(
        "responses",
        Array(
            F("name", STRING, v="0-12"),
            F("topic_id", UUID, v="13+"),  # Kafka 4.1
            F(
                "partition_responses",
                Array(
                    F("index", INT32),
                    F("error_code", INT16),
                    F("base_offset", INT64),
                    F("log_append_time_ms", INT64, v="2+", default=-1),
                    F("log_start_offset", INT64, v="5+", default=-1),
                    F(
                        "record_errors",
                        Array(
                            F("batch_index", INT32, v="8+"),
                            F("batch_index_error_message", STRING, v="8+", nullable="8+", default=NULL),
                        ),
                        v="8+",
                    ),
                    F("error_message", STRING, v="8+", nullable="8+", default=NULL),
                    F(
                        "current_leader",
                        Struct(
                            F("leader_id", INT32, v="10+", default=-1),
                            F("leader_epoch", INT32, v="10+", default=-1),
                        ),
                        v="10+",
                        tag=0,
                    ),
                ),
            ),
        ),
    ),
    F("throttle_time_ms", INT32, v="1+", default=0),
    F(
        "node_endpoints",
        Array(
            F("node_id", INT32, v="10+"),
            F("host", STRING, v="10+"),
            F("port", INT32, v="10+"),
            F("rack", STRING, v="10+", nullable="10+", default=NULL),
        ),
        v="10+",
        tag=0,
    ),
)

API = Api(0, "Produce", REQUEST, RESPONSE, 0, 13)

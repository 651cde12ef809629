"""Fetch (key 1): read record batches from partitions."""

from protocol.api import Api
from protocol.schema import INT8, INT16, INT32, INT64, NULL, RECORDS, STRING, UUID, Array, F, Message, Struct

# v18 (Kafka 4.1, KIP-1166) adds only the follower's tagged high_watermark per partition; the
# 4.0-snapshot spec stops at v17, so that field is taken from Kafka 4.1 / franz-go.
REQUEST = Message(
    "FetchRequest",
    1,
    "0-18",
    "12+",
    F("cluster_id", STRING, v="12+", nullable="12+", default=NULL, tag=0),
    F("replica_id", INT32, v="0-14", default=-1),
    F(
        "replica_state",
        Struct(
            F("replica_id", INT32, v="15+", default=-1),
            F("replica_epoch", INT64, v="15+", default=-1),
        ),
        v="15+",
        tag=1,
    ),
    F("max_wait_ms", INT32),
    F("min_bytes", INT32),
    F("max_bytes", INT32, v="3+", default=0x7FFFFFFF),
    F("isolation_level", INT8, v="4+", default=0),
    F("session_id", INT32, v="7+", default=0),
    F("session_epoch", INT32, v="7+", default=-1),
    F(
        "topics",
        Array(
            F("topic", STRING, v="0-12"),
            F("topic_id", UUID, v="13+"),
            F(
                "partitions",
                Array(
                    F("partition", INT32),
                    F("current_leader_epoch", INT32, v="9+", default=-1),
                    F("fetch_offset", INT64),
                    F("last_fetched_epoch", INT32, v="12+", default=-1),
                    F("log_start_offset", INT64, v="5+", default=-1),
                    F("partition_max_bytes", INT32),
                    F("replica_directory_id", UUID, v="17+", tag=0),
                    # Kafka 4.1 (KIP-1166): the follower's high watermark; max int64 = not supported.
                    F("high_watermark", INT64, v="18+", tag=1, default=0x7FFFFFFFFFFFFFFF),
                ),
            ),
        ),
    ),
    F(
        "forgotten_topics_data",
        Array(
            F("topic", STRING, v="7-12"),
            F("topic_id", UUID, v="13+"),
            F("partitions", Array(INT32), v="7+"),
        ),
        v="7+",
    ),
    F("rack_id", STRING, v="11+", default=""),
)

RESPONSE = Message(
    "FetchResponse",
    1,
    "0-18",
    "12+",
    F("throttle_time_ms", INT32, v="1+"),
    F("error_code", INT16, v="7+"),
    F("session_id", INT32, v="7+", default=0),
    F(
        "responses",
        Array(
            F("topic", STRING, v="0-12"),
            F("topic_id", UUID, v="13+"),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("error_code", INT16),
                    F("high_watermark", INT64),
                    F("last_stable_offset", INT64, v="4+", default=-1),
                    F("log_start_offset", INT64, v="5+", default=-1),
                    F(
                        "diverging_epoch",
                        Struct(
                            F("epoch", INT32, v="12+", default=-1),
                            F("end_offset", INT64, v="12+", default=-1),
                        ),
                        v="12+",
                        tag=0,
                    ),
                    F(
                        "current_leader",
                        Struct(
                            F("leader_id", INT32, v="12+", default=-1),
                            F("leader_epoch", INT32, v="12+", default=-1),
                        ),
                        v="12+",
                        tag=1,
                    ),
                    F(
                        "snapshot_id",
                        Struct(
                            F("end_offset", INT64, default=-1),
                            F("epoch", INT32, default=-1),
                        ),
                        v="12+",
                        tag=2,
                    ),
                    F(
                        "aborted_transactions",
                        Array(
                            F("producer_id", INT64, v="4+"),
                            F("first_offset", INT64, v="4+"),
                        ),
                        v="4+",
                        nullable="4+",
                    ),
                    F("preferred_read_replica", INT32, v="11+", default=-1),
                    F("records", RECORDS, nullable="0+"),
                ),
            ),
        ),
    ),
    F(
        "node_endpoints",
        Array(
            F("node_id", INT32, v="16+"),
            F("host", STRING, v="16+"),
            F("port", INT32, v="16+"),
            F("rack", STRING, v="16+", nullable="16+", default=NULL),
        ),
        v="16+",
        tag=0,
    ),
)

API = Api(1, "Fetch", REQUEST, RESPONSE, 0, 18)

"""ShareFetch (key 78): KIP-932's fetch for share groups, with acknowledgements piggybacked.

Version 0 was Kafka 4.0's early access; 4.1 removed it. Version 1 is the stable one (MaxRecords,
BatchSize); version 2 (Kafka 4.2: KIP-1206, KIP-1222) adds ShareAcquireMode and IsRenewAck with
the Renew acknowledgement (type 4). The response is the same in versions 1 and 2."""

from protocol.api import Api
from protocol.schema import (
    BOOL,
    INT8,
    INT16,
    INT32,
    INT64,
    NULL,
    RECORDS,
    STRING,
    UUID,
    Array,
    F,
    Message,
    Struct,
)

ACKNOWLEDGEMENT_BATCHES = F(
    "acknowledgement_batches",
    Array(
        F("first_offset", INT64),
        F("last_offset", INT64),  # inclusive
        F("acknowledge_types", Array(INT8)),  # 0 gap, 1 accept, 2 release, 3 reject, 4 renew (v2)
    ),
)

REQUEST = Message(
    "ShareFetchRequest",
    78,
    "1-2",
    "0+",
    F("group_id", STRING, nullable="0+", default=NULL),
    F("member_id", STRING, nullable="0+"),
    F("share_session_epoch", INT32),  # 0 opens a session, -1 closes it, else increments
    F("max_wait_ms", INT32),
    F("min_bytes", INT32),
    F("max_bytes", INT32, default=0x7FFFFFFF),
    F("max_records", INT32, v="1+"),
    F("batch_size", INT32, v="1+"),
    F("share_acquire_mode", INT8, v="2+"),  # 0 batch-optimized, 1 record-limit
    F("is_renew_ack", BOOL, v="2+"),  # only Renew acknowledgements, no fetching (KIP-1222)
    F(
        "topics",
        Array(
            F("topic_id", UUID),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("partition_max_bytes", INT32, v="0"),
                    ACKNOWLEDGEMENT_BATCHES,
                ),
            ),
        ),
    ),
    F("forgotten_topics_data", Array(F("topic_id", UUID), F("partitions", Array(INT32)))),
)

LEADER = F("current_leader", Struct(F("leader_id", INT32), F("leader_epoch", INT32)))
NODE_ENDPOINTS = F(
    "node_endpoints",
    Array(
        F("node_id", INT32),
        F("host", STRING),
        F("port", INT32),
        F("rack", STRING, nullable="0+", default=NULL),
    ),
)

RESPONSE = Message(
    "ShareFetchResponse",
    78,
    "1-2",
    "0+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("error_message", STRING, nullable="0+", default=NULL),
    F("acquisition_lock_timeout_ms", INT32),
    F(
        "responses",
        Array(
            F("topic_id", UUID),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("error_code", INT16),
                    F("error_message", STRING, nullable="0+", default=NULL),
                    F("acknowledge_error_code", INT16),
                    F("acknowledge_error_message", STRING, nullable="0+", default=NULL),
                    LEADER,
                    F("records", RECORDS, nullable="0+"),
                    F(
                        "acquired_records",
                        Array(F("first_offset", INT64), F("last_offset", INT64), F("delivery_count", INT16)),
                    ),
                ),
            ),
        ),
    ),
    NODE_ENDPOINTS,
)

API = Api(78, "ShareFetch", REQUEST, RESPONSE, 1, 2)

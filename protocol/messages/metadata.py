"""Metadata (key 3): brokers, topics, partitions and their leaders."""

from protocol.api import Api
from protocol.schema import BOOL, INT16, INT32, NULL, STRING, UUID, Array, F, Message

REQUEST = Message(
    "MetadataRequest",
    3,
    "0-13",
    "9+",
    # v0: an empty array means all topics; v1+: null means all topics, empty means none.
    F(
        "topics",
        Array(
            F("topic_id", UUID, v="10+"),
            F("name", STRING, nullable="10+"),
        ),
        nullable="1+",
    ),
    F("allow_auto_topic_creation", BOOL, v="4+", default=True),
    F("include_cluster_authorized_operations", BOOL, v="8-10"),
    F("include_topic_authorized_operations", BOOL, v="8+"),
)

RESPONSE = Message(
    "MetadataResponse",
    3,
    "0-13",
    "9+",
    F("throttle_time_ms", INT32, v="3+"),
    F(
        "brokers",
        Array(
            F("node_id", INT32),
            F("host", STRING),
            F("port", INT32),
            F("rack", STRING, v="1+", nullable="1+", default=NULL),
        ),
    ),
    F("cluster_id", STRING, v="2+", nullable="2+", default=NULL),
    F("controller_id", INT32, v="1+", default=-1),
    F(
        "topics",
        Array(
            F("error_code", INT16),
            F("name", STRING, nullable="12+"),
            F("topic_id", UUID, v="10+"),
            F("is_internal", BOOL, v="1+", default=False),
            F(
                "partitions",
                Array(
                    F("error_code", INT16),
                    F("partition_index", INT32),
                    F("leader_id", INT32),
                    F("leader_epoch", INT32, v="7+", default=-1),
                    F("replica_nodes", Array(INT32)),
                    F("isr_nodes", Array(INT32)),
                    F("offline_replicas", Array(INT32), v="5+"),
                ),
            ),
            F("topic_authorized_operations", INT32, v="8+", default=-2147483648),
        ),
    ),
    F("cluster_authorized_operations", INT32, v="8-10", default=-2147483648),
    # v13 (Kafka 4.0, KIP-1102; after the 4.0 snapshot): top-level error, e.g. REBOOTSTRAP_REQUIRED.
    F("error_code", INT16, v="13+"),
)

API = Api(3, "Metadata", REQUEST, RESPONSE, 0, 13)

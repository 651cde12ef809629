"""DescribeCluster (key 60): cluster id, controller and brokers (the AdminClient's describeCluster)."""

from protocol.api import Api
from protocol.schema import BOOL, INT8, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "DescribeClusterRequest",
    60,
    "0-2",
    "0+",
    F("include_cluster_authorized_operations", BOOL),
    F("endpoint_type", INT8, v="1+", default=1),  # KIP-919: 1 brokers, 2 controllers
    F("include_fenced_brokers", BOOL, v="2+"),  # KIP-1073
)

RESPONSE = Message(
    "DescribeClusterResponse",
    60,
    "0-2",
    "0+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("error_message", STRING, nullable="0+", default=NULL),
    F("endpoint_type", INT8, v="1+", default=1),
    F("cluster_id", STRING),
    F("controller_id", INT32, default=-1),
    F(
        "brokers",
        Array(
            F("broker_id", INT32),
            F("host", STRING),
            F("port", INT32),
            F("rack", STRING, nullable="0+", default=NULL),
            F("is_fenced", BOOL, v="2+"),
        ),
    ),
    F("cluster_authorized_operations", INT32, default=-2147483648),
)

API = Api(60, "DescribeCluster", REQUEST, RESPONSE, 0, 2)

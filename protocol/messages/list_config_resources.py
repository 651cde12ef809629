"""ListConfigResources (key 74; v0 was ListClientMetricsResources, v1 KIP-1142): the config
resources a cluster knows, by type."""

from protocol.api import Api
from protocol.schema import INT8, INT16, INT32, STRING, Array, F, Message

REQUEST = Message(
    "ListConfigResourcesRequest",
    74,
    "0-1",
    "0+",
    F("resource_types", Array(INT8), v="1+"),  # empty: every type this broker supports
)

RESPONSE = Message(
    "ListConfigResourcesResponse",
    74,
    "0-1",
    "0+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("config_resources", Array(F("resource_name", STRING), F("resource_type", INT8, v="1+", default=16))),
)

API = Api(74, "ListConfigResources", REQUEST, RESPONSE, 0, 1)

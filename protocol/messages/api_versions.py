"""ApiVersions (key 18): which APIs and versions the broker speaks."""

from protocol.api import Api
from protocol.schema import BOOL, INT16, INT32, INT64, STRING, Array, F, Message

REQUEST = Message(
    "ApiVersionsRequest",
    18,
    "0-4",
    "3+",
    F("client_software_name", STRING, v="3+"),
    F("client_software_version", STRING, v="3+"),
)

RESPONSE = Message(
    "ApiVersionsResponse",
    18,
    "0-4",
    "3+",
    F("error_code", INT16),
    F(
        "api_keys",
        Array(
            F("api_key", INT16),
            F("min_version", INT16),
            F("max_version", INT16),
        ),
    ),
    F("throttle_time_ms", INT32, v="1+"),
    F(
        "supported_features",
        Array(
            F("name", STRING, v="3+"),
            F("min_version", INT16, v="3+"),
            F("max_version", INT16, v="3+"),
        ),
        v="3+",
        tag=0,
    ),
    F("finalized_features_epoch", INT64, v="3+", tag=1, default=-1),
    F(
        "finalized_features",
        Array(
            F("name", STRING, v="3+"),
            F("max_version_level", INT16, v="3+"),
            F("min_version_level", INT16, v="3+"),
        ),
        v="3+",
        tag=2,
    ),
    F("zk_migration_ready", BOOL, v="3+", tag=3),
)

API = Api(18, "ApiVersions", REQUEST, RESPONSE, 0, 4)

"""UpdateFeatures (key 57, KIP-584): finalize cluster-wide feature levels."""

from protocol.api import Api
from protocol.schema import BOOL, INT8, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "UpdateFeaturesRequest",
    57,
    "0-2",
    "0+",
    F("timeout_ms", INT32, default=60000),
    F(
        "feature_updates",
        Array(
            F("feature", STRING),
            F("max_version_level", INT16),
            F("allow_downgrade", BOOL, v="0"),
            F("upgrade_type", INT8, v="1+", default=1),  # 1 upgrade, 2 safe, 3 unsafe downgrade
        ),
    ),
    F("validate_only", BOOL, v="1+"),
)

RESPONSE = Message(
    "UpdateFeaturesResponse",
    57,
    "0-2",
    "0+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("error_message", STRING, nullable="0+", default=NULL),
    F(
        "results",
        Array(
            F("feature", STRING),
            F("error_code", INT16),
            F("error_message", STRING, nullable="0+", default=NULL),
        ),
        v="0-1",
    ),
)

API = Api(57, "UpdateFeatures", REQUEST, RESPONSE, 0, 2)

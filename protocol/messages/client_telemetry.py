"""Client telemetry (KIP-714): GetTelemetrySubscriptions (key 71) asks which metrics the
broker wants of this client instance and how often; PushTelemetry (key 72) delivers them, an
OpenTelemetry `MetricsData` protobuf, possibly compressed."""

from protocol.api import Api
from protocol.schema import BOOL, BYTES, INT8, INT16, INT32, STRING, UUID, Array, F, Message

GET_REQUEST = Message(
    "GetTelemetrySubscriptionsRequest",
    71,
    "0",
    "0+",
    F("client_instance_id", UUID),  # zero on the first request: the broker assigns one
)

GET_RESPONSE = Message(
    "GetTelemetrySubscriptionsResponse",
    71,
    "0",
    "0+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("client_instance_id", UUID),
    F("subscription_id", INT32),
    F("accepted_compression_types", Array(INT8)),
    F("push_interval_ms", INT32),
    F("telemetry_max_bytes", INT32),
    F("delta_temporality", BOOL),
    F("requested_metrics", Array(STRING)),  # empty: none; [""]: all
)

PUSH_REQUEST = Message(
    "PushTelemetryRequest",
    72,
    "0",
    "0+",
    F("client_instance_id", UUID),
    F("subscription_id", INT32),
    F("terminating", BOOL),
    F("compression_type", INT8),
    F("metrics", BYTES),
)

PUSH_RESPONSE = Message(
    "PushTelemetryResponse",
    72,
    "0",
    "0+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
)

GET_API = Api(71, "GetTelemetrySubscriptions", GET_REQUEST, GET_RESPONSE, 0, 0)
PUSH_API = Api(72, "PushTelemetry", PUSH_REQUEST, PUSH_RESPONSE, 0, 0)

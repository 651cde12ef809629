"""DeleteAcls (key 31): remove every ACL matching each filter, and say which went."""

from protocol.api import Api
from protocol.schema import INT8, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "DeleteAclsRequest",
    31,
    "0-3",
    "2+",
    F(
        "filters",
        Array(
            F("resource_type_filter", INT8),
            F("resource_name_filter", STRING, nullable="0+", default=NULL),
            F("pattern_type_filter", INT8, v="1+", default=3),
            F("principal_filter", STRING, nullable="0+", default=NULL),
            F("host_filter", STRING, nullable="0+", default=NULL),
            F("operation", INT8),
            F("permission_type", INT8),
        ),
    ),
)

RESPONSE = Message(
    "DeleteAclsResponse",
    31,
    "0-3",
    "2+",
    F("throttle_time_ms", INT32),
    F(
        "filter_results",
        Array(
            F("error_code", INT16),
            F("error_message", STRING, nullable="0+", default=NULL),
            F(
                "matching_acls",
                Array(
                    F("error_code", INT16),
                    F("error_message", STRING, nullable="0+", default=NULL),
                    F("resource_type", INT8),
                    F("resource_name", STRING),
                    F("pattern_type", INT8, v="1+", default=3),
                    F("principal", STRING),
                    F("host", STRING),
                    F("operation", INT8),
                    F("permission_type", INT8),
                ),
            ),
        ),
    ),
)

API = Api(31, "DeleteAcls", REQUEST, RESPONSE, 0, 3)

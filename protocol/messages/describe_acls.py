"""DescribeAcls (key 29): the ACLs matching a filter, grouped by resource pattern."""

from protocol.api import Api
from protocol.schema import INT8, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "DescribeAclsRequest",
    29,
    "0-3",
    "2+",
    F("resource_type_filter", INT8),
    F("resource_name_filter", STRING, nullable="0+", default=NULL),
    F("pattern_type_filter", INT8, v="1+", default=3),
    F("principal_filter", STRING, nullable="0+", default=NULL),
    F("host_filter", STRING, nullable="0+", default=NULL),
    F("operation", INT8),
    F("permission_type", INT8),
)

RESPONSE = Message(
    "DescribeAclsResponse",
    29,
    "0-3",
    "2+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("error_message", STRING, nullable="0+", default=NULL),
    F(
        "resources",
        Array(
            F("resource_type", INT8),
            F("resource_name", STRING),
            F("pattern_type", INT8, v="1+", default=3),
            F(
                "acls",
                Array(
                    F("principal", STRING),
                    F("host", STRING),
                    F("operation", INT8),
                    F("permission_type", INT8),
                ),
            ),
        ),
    ),
)

API = Api(29, "DescribeAcls", REQUEST, RESPONSE, 0, 3)

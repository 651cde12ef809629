"""DescribeConfigs (key 32): the configs of topics and brokers, with their sources and synonyms."""

from protocol.api import Api
from protocol.schema import BOOL, INT8, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "DescribeConfigsRequest",
    32,
    "0-4",
    "4+",
    F(
        "resources",
        Array(
            F("resource_type", INT8),
            F("resource_name", STRING),
            F("configuration_keys", Array(STRING), nullable="0+", default=NULL),  # null: every key
        ),
    ),
    F("include_synonyms", BOOL, v="1+", default=False, ignorable=False),
    F("include_documentation", BOOL, v="3+", default=False, ignorable=False),
)

RESPONSE = Message(
    "DescribeConfigsResponse",
    32,
    "0-4",
    "4+",
    F("throttle_time_ms", INT32),
    F(
        "results",
        Array(
            F("error_code", INT16),
            F("error_message", STRING, nullable="0+", default=NULL),
            F("resource_type", INT8),
            F("resource_name", STRING),
            F(
                "configs",
                Array(
                    F("name", STRING),
                    F("value", STRING, nullable="0+"),
                    F("read_only", BOOL),
                    F("is_default", BOOL, v="0"),
                    F("config_source", INT8, v="1+", default=-1),
                    F("is_sensitive", BOOL),
                    F(
                        "synonyms",
                        Array(
                            F("name", STRING, v="1+"),
                            F("value", STRING, v="1+", nullable="0+"),
                            F("source", INT8, v="1+"),
                        ),
                        v="1+",
                    ),
                    F("config_type", INT8, v="3+", default=0),
                    F("documentation", STRING, v="3+", nullable="0+", default=NULL),
                ),
            ),
        ),
    ),
)

API = Api(32, "DescribeConfigs", REQUEST, RESPONSE, 0, 4)

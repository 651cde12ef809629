"""DescribeClientQuotas (key 48, KIP-546): the quotas of the entities matching a filter."""

from protocol.api import Api
from protocol.schema import BOOL, FLOAT64, INT8, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "DescribeClientQuotasRequest",
    48,
    "0-1",
    "1+",
    F(
        "components",
        Array(
            F("entity_type", STRING),
            F("match_type", INT8),  # 0: exact name, 1: the default, 2: any specified name
            F("match", STRING, nullable="0+", default=NULL),
        ),
    ),
    F("strict", BOOL),
)

RESPONSE = Message(
    "DescribeClientQuotasResponse",
    48,
    "0-1",
    "1+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("error_message", STRING, nullable="0+", default=NULL),
    F(
        "entries",
        Array(
            F(
                "entity",
                Array(F("entity_type", STRING), F("entity_name", STRING, nullable="0+", default=NULL)),
            ),
            F("values", Array(F("key", STRING), F("value", FLOAT64))),
        ),
        nullable="0+",
    ),
)

API = Api(48, "DescribeClientQuotas", REQUEST, RESPONSE, 0, 1)

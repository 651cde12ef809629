"""AlterClientQuotas (key 49, KIP-546): set or remove quotas of users and client ids."""

from protocol.api import Api
from protocol.schema import BOOL, FLOAT64, INT16, INT32, NULL, STRING, Array, F, Message

REQUEST = Message(
    "AlterClientQuotasRequest",
    49,
    "0-1",
    "1+",
    F(
        "entries",
        Array(
            F(
                "entity",
                Array(F("entity_type", STRING), F("entity_name", STRING, nullable="0+", default=NULL)),
            ),
            F("ops", Array(F("key", STRING), F("value", FLOAT64), F("remove", BOOL))),
        ),
    ),
    F("validate_only", BOOL),
)

RESPONSE = Message(
    "AlterClientQuotasResponse",
    49,
    "0-1",
    "1+",
    F("throttle_time_ms", INT32),
    F(
        "entries",
        Array(
            F("error_code", INT16),
            F("error_message", STRING, nullable="0+", default=NULL),
            F(
                "entity",
                Array(F("entity_type", STRING), F("entity_name", STRING, nullable="0+", default=NULL)),
            ),
        ),
    ),
)

API = Api(49, "AlterClientQuotas", REQUEST, RESPONSE, 0, 1)

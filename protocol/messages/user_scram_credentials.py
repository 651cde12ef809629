"""DescribeUserScramCredentials (key 50) and AlterUserScramCredentials (key 51), KIP-554: SCRAM
users over the wire."""

from protocol.api import Api
from protocol.schema import BYTES, INT8, INT16, INT32, NULL, STRING, Array, F, Message

DESCRIBE_REQUEST = Message(
    "DescribeUserScramCredentialsRequest",
    50,
    "0",
    "0+",
    F("users", Array(F("name", STRING)), nullable="0+"),  # null: every user
)

DESCRIBE_RESPONSE = Message(
    "DescribeUserScramCredentialsResponse",
    50,
    "0",
    "0+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("error_message", STRING, nullable="0+", default=NULL),
    F(
        "results",
        Array(
            F("user", STRING),
            F("error_code", INT16),
            F("error_message", STRING, nullable="0+", default=NULL),
            F("credential_infos", Array(F("mechanism", INT8), F("iterations", INT32))),
        ),
    ),
)

ALTER_REQUEST = Message(
    "AlterUserScramCredentialsRequest",
    51,
    "0",
    "0+",
    F("deletions", Array(F("name", STRING), F("mechanism", INT8))),
    F(
        "upsertions",
        Array(
            F("name", STRING),
            F("mechanism", INT8),
            F("iterations", INT32),
            F("salt", BYTES),
            F("salted_password", BYTES),
        ),
    ),
)

ALTER_RESPONSE = Message(
    "AlterUserScramCredentialsResponse",
    51,
    "0",
    "0+",
    F("throttle_time_ms", INT32),
    F(
        "results",
        Array(
            F("user", STRING),
            F("error_code", INT16),
            F("error_message", STRING, nullable="0+", default=NULL),
        ),
    ),
)

DESCRIBE_API = Api(50, "DescribeUserScramCredentials", DESCRIBE_REQUEST, DESCRIBE_RESPONSE, 0, 0)
ALTER_API = Api(51, "AlterUserScramCredentials", ALTER_REQUEST, ALTER_RESPONSE, 0, 0)

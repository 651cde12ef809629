"""AlterReplicaLogDirs (key 34): move replicas between a broker's log dirs."""

from protocol.api import Api
from protocol.schema import INT16, INT32, STRING, Array, F, Message

REQUEST = Message(
    "AlterReplicaLogDirsRequest",
    34,
    "1-2",
    "2+",
    F(
        "dirs",
        Array(
            F("path", STRING),
            F("topics", Array(F("name", STRING), F("partitions", Array(INT32)))),
        ),
    ),
)

RESPONSE = Message(
    "AlterReplicaLogDirsResponse",
    34,
    "1-2",
    "2+",
    F("throttle_time_ms", INT32),
    F(
        "results",
        Array(
            F("topic_name", STRING),
            F("partitions", Array(F("partition_index", INT32), F("error_code", INT16))),
        ),
    ),
)

API = Api(34, "AlterReplicaLogDirs", REQUEST, RESPONSE, 1, 2)

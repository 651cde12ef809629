"""ShareAcknowledge (key 79): KIP-932's acknowledgement of acquired records outside a fetch.

Version 0 was Kafka 4.0's early access; 4.1 removed it. Version 1 is the stable one; version 2
(KIP-1222) adds IsRenewAck and the Renew type (4), and the response's AcquisitionLockTimeoutMs."""

from protocol.api import Api
from protocol.messages.share_fetch import ACKNOWLEDGEMENT_BATCHES, LEADER, NODE_ENDPOINTS
from protocol.schema import BOOL, INT16, INT32, NULL, STRING, UUID, Array, F, Message

REQUEST = Message(
    "ShareAcknowledgeRequest",
    79,
    "1-2",
    "0+",
    F("group_id", STRING, nullable="0+", default=NULL),
    F("member_id", STRING, nullable="0+"),
    F("share_session_epoch", INT32),
    F("is_renew_ack", BOOL, v="2+"),
    F(
        "topics",
        Array(
            F("topic_id", UUID),
            F("partitions", Array(F("partition_index", INT32), ACKNOWLEDGEMENT_BATCHES)),
        ),
    ),
)

RESPONSE = Message(
    "ShareAcknowledgeResponse",
    79,
    "1-2",
    "0+",
    F("throttle_time_ms", INT32),
    F("error_code", INT16),
    F("error_message", STRING, nullable="0+", default=NULL),
    F("acquisition_lock_timeout_ms", INT32, v="2+"),
    F(
        "responses",
        Array(
            F("topic_id", UUID),
            F(
                "partitions",
                Array(
                    F("partition_index", INT32),
                    F("error_code", INT16),
                    F("error_message", STRING, nullable="0+", default=NULL),
                    LEADER,
                ),
            ),
        ),
    ),
    NODE_ENDPOINTS,
)

API = Api(79, "ShareAcknowledge", REQUEST, RESPONSE, 1, 2)

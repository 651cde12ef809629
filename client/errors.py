"""The client's exceptions: Kafka error codes as exceptions, and the client's own failures.

`KafkaError.retriable` follows Kafka's `RetriableException` hierarchy: the operation may succeed
if simply retried (after a metadata refresh or coordinator rediscovery, where that applies).
"""

from __future__ import annotations

from protocol.errors import ErrorCode


class KafkaError(Exception):
    """Base of every client error. `code` is the Kafka error code, when there is one."""

    code: ErrorCode | None = None
    retriable: bool = False

    def __init__(
        self, message: str = "", *, code: ErrorCode | int | None = None, retriable: bool | None = None
    ):
        if code is not None:
            self.code = ErrorCode(code) if code in ErrorCode._value2member_map_ else code  # type: ignore[assignment]
        if retriable is not None:
            self.retriable = retriable
        name = self.code.name if isinstance(self.code, ErrorCode) else self.code
        super().__init__(f"{name}: {message}" if message and name is not None else (message or str(name)))


class BrokerResponseError(KafkaError):
    """A broker answered with a Kafka error code."""


class KafkaConnectionError(KafkaError):
    """The connection to a broker failed or was closed while a request was in flight."""

    retriable = True


class AuthenticationFailedError(KafkaError):
    """The broker refused this client's credentials (SASL) or mechanism: retrying will not help."""

    code = ErrorCode.SASL_AUTHENTICATION_FAILED


class KafkaTimeoutError(KafkaError):
    """A request or an operation did not complete in time."""

    retriable = True


class UnsupportedVersionError(KafkaError):
    """The broker speaks no version of an API that the client speaks too."""

    code = ErrorCode.UNSUPPORTED_VERSION


class NoBrokersAvailable(KafkaError):
    """None of the bootstrap servers (nor any known broker) could be reached."""

    retriable = True


class IllegalStateError(KafkaError):
    """The call does not fit the client's current state (e.g. commit without a group)."""


class CommitFailedError(KafkaError):
    """The commit cannot complete: the group rebalanced and these partitions may belong to
    another member now (Kafka's CommitFailedException)."""


class RebalanceInProgressError(KafkaError):
    """The group is rebalancing; the commit may succeed after the member rejoins."""

    code = ErrorCode.REBALANCE_IN_PROGRESS
    retriable = True


class ConsumerStoppedError(KafkaError):
    """The consumer was closed."""


class ProducerClosedError(KafkaError):
    """The producer was closed before the record could be sent."""


class RecordTooLargeError(KafkaError):
    """A record exceeds max_request_size (or the broker's message.max.bytes)."""

    code = ErrorCode.MESSAGE_TOO_LARGE


class InvalidTopicError(KafkaError):
    """A topic name Kafka refuses (empty, '.' or '..', over 249 characters, or characters other
    than ASCII alphanumerics, '.', '_' and '-'): raised by subscribe(), and from a poll when the
    broker answers INVALID_TOPIC_EXCEPTION for a topic the consumer reads, as Java's consumer does."""

    code = ErrorCode.INVALID_TOPIC_EXCEPTION


class OffsetOutOfRangeError(KafkaError):
    """The position is out of the log's range and auto_offset_reset is "none"."""

    code = ErrorCode.OFFSET_OUT_OF_RANGE


class NoOffsetForPartitionError(KafkaError):
    """No committed offset and auto_offset_reset is "none"."""


class ProducerFencedError(KafkaError):
    """Another producer with the same transactional id started (PRODUCER_FENCED or
    INVALID_PRODUCER_EPOCH): this one can do nothing more; close it."""


class TransactionAbortedError(KafkaError):
    """A record of the transaction could not be written: the transaction can only be aborted."""


class GroupFatalError(KafkaError):
    """The group membership cannot go on (e.g. FENCED_INSTANCE_ID, INCONSISTENT_GROUP_PROTOCOL)."""


# Kafka's RetriableException subclasses, by error code.
RETRIABLE_CODES = frozenset(
    {
        ErrorCode.CORRUPT_MESSAGE,
        ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        ErrorCode.LEADER_NOT_AVAILABLE,
        ErrorCode.NOT_LEADER_OR_FOLLOWER,
        ErrorCode.REQUEST_TIMED_OUT,
        ErrorCode.NETWORK_EXCEPTION,
        ErrorCode.COORDINATOR_LOAD_IN_PROGRESS,
        ErrorCode.COORDINATOR_NOT_AVAILABLE,
        ErrorCode.NOT_COORDINATOR,
        ErrorCode.NOT_ENOUGH_REPLICAS,
        ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND,
        ErrorCode.KAFKA_STORAGE_ERROR,
        ErrorCode.FETCH_SESSION_ID_NOT_FOUND,
        ErrorCode.INVALID_FETCH_SESSION_EPOCH,
        ErrorCode.FENCED_LEADER_EPOCH,
        ErrorCode.UNKNOWN_LEADER_EPOCH,
        ErrorCode.OFFSET_NOT_AVAILABLE,
        ErrorCode.PREFERRED_LEADER_NOT_AVAILABLE,
        ErrorCode.ELIGIBLE_LEADERS_NOT_AVAILABLE,
        ErrorCode.UNSTABLE_OFFSET_COMMIT,
        ErrorCode.THROTTLING_QUOTA_EXCEEDED,
        ErrorCode.UNKNOWN_TOPIC_ID,
        ErrorCode.INCONSISTENT_TOPIC_ID,
        ErrorCode.NOT_CONTROLLER,
    }
)

# Errors that mean "ask someone else": the coordinator moved or is not there yet.
COORDINATOR_ERRORS = frozenset({ErrorCode.NOT_COORDINATOR, ErrorCode.COORDINATOR_NOT_AVAILABLE})

# Errors that mean the metadata (partition leadership) is stale.
METADATA_ERRORS = frozenset(
    {
        ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        ErrorCode.LEADER_NOT_AVAILABLE,
        ErrorCode.NOT_LEADER_OR_FOLLOWER,
        ErrorCode.FENCED_LEADER_EPOCH,
        ErrorCode.UNKNOWN_LEADER_EPOCH,
        ErrorCode.KAFKA_STORAGE_ERROR,
        ErrorCode.UNKNOWN_TOPIC_ID,
        ErrorCode.INCONSISTENT_TOPIC_ID,
        ErrorCode.NOT_CONTROLLER,
    }
)


def is_retriable(code: int) -> bool:
    return code in RETRIABLE_CODES


def error_for(code: int, message: str = "") -> BrokerResponseError:
    """The exception for a (non-zero) error code in a response."""
    return BrokerResponseError(message, code=code, retriable=code in RETRIABLE_CODES)


def check(code: int, message: str = "") -> None:
    """Raise the error for `code` unless it is NONE."""
    if code:
        raise error_for(code, message)

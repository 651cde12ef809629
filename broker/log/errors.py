"""The log's failures, each with the Kafka error code a request that meets it is answered with."""

from __future__ import annotations

from protocol.errors import ErrorCode


class LogError(Exception):
    """A failure with the Kafka error code to answer it with."""

    error_code = ErrorCode.UNKNOWN_SERVER_ERROR

    def __init__(self, message: str = "", error_code: ErrorCode | None = None):
        super().__init__(message)
        if error_code is not None:
            self.error_code = error_code


class OffsetOutOfRange(LogError):
    error_code = ErrorCode.OFFSET_OUT_OF_RANGE


class LogOffline(LogError):
    """The log failed an I/O operation and takes no more appends until restart."""

    error_code = ErrorCode.KAFKA_STORAGE_ERROR


class LogDeleted(LogError):
    error_code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION

"""What goes into and comes out of the KIP-848 consumer group manager (consumer_group_manager.py):
ConsumerGroupHeartbeat and its answer, ConsumerGroupDescribe's view, the errors a request gets
(GroupError: Kafka's error code and message), the timer keys, and RE2 regexes."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import re2

from broker.group.consumer.group import ConsumerGroupMember
from protocol.consumer_group_records import Partitions
from protocol.errors import ErrorCode

E = ErrorCode
_RE2_OPTIONS = re2.Options()
_RE2_OPTIONS.log_errors = False


class TopicInfo(Protocol):
    @property
    def topic_id(self) -> uuid.UUID: ...
    @property
    def partitions(self) -> int: ...


TopicsView = Callable[[], Mapping[str, TopicInfo]]


# -- requests and answers ----------------------------------------------------------------------


@dataclass(slots=True)
class ConsumerGroupHeartbeat:
    group_id: str
    member_id: str
    member_epoch: int
    instance_id: str | None = None
    rack_id: str | None = None
    rebalance_timeout_ms: int = -1
    subscribed_topic_names: list[str] | None = None
    subscribed_topic_regex: str | None = None
    server_assignor: str | None = None
    topic_partitions: list[tuple[uuid.UUID, list[int]]] | None = None  # owned; None: unchanged
    client_id: str = ""
    client_host: str = ""
    api_version: int = 1


@dataclass(slots=True)
class HeartbeatResult:
    error: ErrorCode = E.NONE
    error_message: str | None = None
    member_id: str | None = None
    member_epoch: int = 0
    heartbeat_interval_ms: int = 0
    assignment: Partitions | None = None  # None: unchanged


@dataclass(slots=True)
class DescribedConsumerMember:
    member: ConsumerGroupMember
    target: Partitions
    subscribed_regex_topics: list[str] = field(default_factory=list)


@dataclass(slots=True)
class DescribedConsumerGroup:
    group_id: str
    error: ErrorCode = E.NONE
    error_message: str | None = None
    state: str = ""
    group_epoch: int = 0
    assignment_epoch: int = 0
    assignor: str = ""
    members: list[DescribedConsumerMember] = field(default_factory=list)


class GroupError(Exception):
    def __init__(self, error: ErrorCode, message: str):
        super().__init__(message)
        self.error = error
        self.message = message


def session_key(group_id: str, member_id: str) -> Hashable:
    return ("cg-session", group_id, member_id)


def rebalance_key(group_id: str, member_id: str) -> Hashable:
    return ("cg-rebalance", group_id, member_id)


def compile_regex(pattern: str) -> Any:
    try:
        return re2.compile(pattern, _RE2_OPTIONS)
    except re2.error as e:
        raise GroupError(
            E.INVALID_REGULAR_EXPRESSION, f"SubscribedTopicRegex {pattern!r} is invalid: {e}"
        ) from e

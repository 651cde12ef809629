"""Kafka's ConsumerProtocol: the subscription and assignment of the "consumer" protocol type.

They travel as opaque bytes in JoinGroup metadata and SyncGroup assignments (and are stored in
GroupMetadataValue members): an int16 version, then the struct, never flexible. As Kafka's
`ConsumerProtocol` does, a version newer than we know is read as the newest known one (newer
versions may only append fields), and trailing bytes are ignored.
Specs: clients/src/main/resources/common/message/ConsumerProtocol{Subscription,Assignment}.json.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from protocol.errors import ProtocolDecodeError
from protocol.schema import BYTES, INT32, NULL, STRING, Array, F, Message

PROTOCOL_TYPE = "consumer"

SUBSCRIPTION = Message(
    "ConsumerProtocolSubscription",
    -1,
    "0-3",
    "none",
    F("topics", Array(STRING)),
    F("user_data", BYTES, nullable="0+", default=NULL),
    F(
        "owned_partitions",
        Array(
            F("topic", STRING, v="1+"),
            F("partitions", Array(INT32), v="1+"),
        ),
        v="1+",
    ),
    F("generation_id", INT32, v="2+", default=-1),
    F("rack_id", STRING, v="3+", nullable="3+", default=NULL),
)

ASSIGNMENT = Message(
    "ConsumerProtocolAssignment",
    -1,
    "0-3",
    "none",
    F(
        "assigned_partitions",
        Array(
            F("topic", STRING),
            F("partitions", Array(INT32)),
        ),
    ),
    F("user_data", BYTES, nullable="0+", default=NULL),
)

SUBSCRIPTION_VERSION = 3  # the newest, which the Java consumer writes
ASSIGNMENT_VERSION = 3

_VERSION = struct.Struct(">h")


class TopicPartitions(NamedTuple):
    topic: str
    partitions: list[int]


@dataclass(slots=True)
class Subscription:
    topics: list[str]
    user_data: bytes | None = None
    owned_partitions: list[TopicPartitions] = field(default_factory=list)  # v1+
    generation_id: int = -1  # v2+
    rack_id: str | None = None  # v3+
    version: int = SUBSCRIPTION_VERSION  # as written on the wire (may exceed the newest known)


@dataclass(slots=True)
class Assignment:
    assigned_partitions: list[TopicPartitions] = field(default_factory=list)
    user_data: bytes | None = None
    version: int = ASSIGNMENT_VERSION  # as written on the wire (may exceed the newest known)

    def partitions(self) -> list[tuple[str, int]]:
        return [(t.topic, p) for t in self.assigned_partitions for p in t.partitions]


def _read_version(data: bytes | memoryview, message: Message) -> tuple[int, int, bytes]:
    data = bytes(data)
    if len(data) < 2:
        raise ProtocolDecodeError(f"{message.name} too short for its version")
    (version,) = _VERSION.unpack_from(data)
    if version < 0:
        raise ProtocolDecodeError(f"{message.name} has negative version {version}")
    return version, min(version, message.versions.high), data[2:]


def _tps(items: Iterable[Any]) -> list[TopicPartitions]:
    return [TopicPartitions(t["topic"], list(t["partitions"])) for t in items]


def _tp_dicts(items: Iterable[TopicPartitions | tuple[str, Iterable[int]]]) -> list[dict[str, Any]]:
    return [{"topic": topic, "partitions": list(partitions)} for topic, partitions in items]


def encode_subscription(sub: Subscription, version: int | None = None) -> bytes:
    """The subscription in `version` (default: `sub.version`, capped at the newest known)."""
    v = min(sub.version if version is None else version, SUBSCRIPTION.versions.high)
    return _VERSION.pack(v) + SUBSCRIPTION.encode(
        {
            "topics": list(sub.topics),
            "user_data": sub.user_data,
            "owned_partitions": _tp_dicts(sub.owned_partitions),
            "generation_id": sub.generation_id,
            "rack_id": sub.rack_id,
        },
        v,
    )


def decode_subscription(data: bytes | memoryview) -> Subscription:
    version, known, body = _read_version(data, SUBSCRIPTION)
    s = SUBSCRIPTION.read(io.BytesIO(body), known)
    return Subscription(
        list(s.topics), s.user_data, _tps(s.owned_partitions), s.generation_id, s.rack_id, version
    )


def encode_assignment(assignment: Assignment, version: int | None = None) -> bytes:
    """The assignment in `version` (default: `assignment.version`, capped at the newest known)."""
    v = min(assignment.version if version is None else version, ASSIGNMENT.versions.high)
    return _VERSION.pack(v) + ASSIGNMENT.encode(
        {
            "assigned_partitions": _tp_dicts(assignment.assigned_partitions),
            "user_data": assignment.user_data,
        },
        v,
    )


def decode_assignment(data: bytes | memoryview) -> Assignment:
    version, known, body = _read_version(data, ASSIGNMENT)
    a = ASSIGNMENT.read(io.BytesIO(body), known)
    return Assignment(_tps(a.assigned_partitions), a.user_data, version)

"""The KIP-932 share group records of `__consumer_offsets`, in Kafka's schemas.

Kafka's group-coordinator/src/main/resources/common/message/ShareGroup*{Key,Value}.json, as
Kafka 4.1/4.2 have them (KIP-932's schemas changed incompatibly while share groups were early
access): the key version is the record type (Kafka's CoordinatorRecordType): 10 a member's
subscription, 11 the group epoch and metadata hash, 12 the target assignment epoch, 13 a member's
target assignment, 14 a member's current assignment, 15 the share-partitions whose state the
share coordinator is initializing, has initialized, or is deleting. Keys are non-flexible structs
of version = type, values flexible (version 0). A null value is a tombstone.

What Kafka 4.0 wrote is read too: its type 9 (subscription metadata, dropped in 4.1 for the
metadata hash) is decoded and ignored, its group epoch value (no MetadataHash) reads as hash 0,
and its type 15 value (no InitializingTopics) reads as none initializing.
"""

from __future__ import annotations

import enum
import struct
import uuid
from dataclasses import dataclass
from typing import Any

from construct import ConstructError

from protocol.errors import ProtocolDecodeError
from protocol.schema import INT8, INT32, INT64, STRING, UUID, Array, F, Message


class ShareRecordType(enum.IntEnum):
    SHARE_GROUP_PARTITION_METADATA = 9
    SHARE_GROUP_MEMBER_METADATA = 10
    SHARE_GROUP_METADATA = 11
    SHARE_GROUP_TARGET_ASSIGNMENT_METADATA = 12
    SHARE_GROUP_TARGET_ASSIGNMENT_MEMBER = 13
    SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT = 14
    SHARE_GROUP_STATE_PARTITION_METADATA = 15


T = ShareRecordType
_PER_MEMBER = frozenset(
    {
        T.SHARE_GROUP_MEMBER_METADATA,
        T.SHARE_GROUP_TARGET_ASSIGNMENT_MEMBER,
        T.SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT,
    }
)
_NAMES = {
    T.SHARE_GROUP_PARTITION_METADATA: "ShareGroupPartitionMetadata",
    T.SHARE_GROUP_MEMBER_METADATA: "ShareGroupMemberMetadata",
    T.SHARE_GROUP_METADATA: "ShareGroupMetadata",
    T.SHARE_GROUP_TARGET_ASSIGNMENT_METADATA: "ShareGroupTargetAssignmentMetadata",
    T.SHARE_GROUP_TARGET_ASSIGNMENT_MEMBER: "ShareGroupTargetAssignmentMember",
    T.SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT: "ShareGroupCurrentMemberAssignment",
    T.SHARE_GROUP_STATE_PARTITION_METADATA: "ShareGroupStatePartitionMetadata",
}


def _key_message(t: ShareRecordType) -> Message:
    names = ("group_id", "member_id") if t in _PER_MEMBER else ("group_id",)
    return Message(_NAMES[t] + "Key", -1, str(int(t)), "none", *(F(n, STRING, v=str(int(t))) for n in names))


_TOPIC_PARTITIONS = Array(F("topic_id", UUID), F("partitions", Array(INT32)))
_TOPIC_PARTITIONS_INFO = Array(F("topic_id", UUID), F("topic_name", STRING), F("partitions", Array(INT32)))


def _value(t: ShareRecordType, *fields: F) -> Message:
    return Message(_NAMES[t] + "Value", -1, "0", "0+", *fields)


KEYS: dict[ShareRecordType, Message] = {t: _key_message(t) for t in ShareRecordType}
VALUES: dict[ShareRecordType, Message] = {
    T.SHARE_GROUP_PARTITION_METADATA: _value(
        T.SHARE_GROUP_PARTITION_METADATA,
        F(
            "topics",
            Array(
                F("topic_id", UUID),
                F("topic_name", STRING),
                F("num_partitions", INT32),
                F("partition_metadata", Array(F("partition", INT32), F("racks", Array(STRING)))),
            ),
        ),
    ),
    T.SHARE_GROUP_MEMBER_METADATA: _value(
        T.SHARE_GROUP_MEMBER_METADATA,
        F("rack_id", STRING, nullable="0+"),
        F("client_id", STRING),
        F("client_host", STRING),
        F("subscribed_topic_names", Array(STRING)),
    ),
    T.SHARE_GROUP_METADATA: _value(T.SHARE_GROUP_METADATA, F("epoch", INT32), F("metadata_hash", INT64)),
    T.SHARE_GROUP_TARGET_ASSIGNMENT_METADATA: _value(
        T.SHARE_GROUP_TARGET_ASSIGNMENT_METADATA, F("assignment_epoch", INT32)
    ),
    T.SHARE_GROUP_TARGET_ASSIGNMENT_MEMBER: _value(
        T.SHARE_GROUP_TARGET_ASSIGNMENT_MEMBER, F("topic_partitions", _TOPIC_PARTITIONS)
    ),
    T.SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT: _value(
        T.SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT,
        F("member_epoch", INT32),
        F("previous_member_epoch", INT32),
        F("state", INT8),
        F("assigned_partitions", _TOPIC_PARTITIONS),
    ),
    T.SHARE_GROUP_STATE_PARTITION_METADATA: _value(
        T.SHARE_GROUP_STATE_PARTITION_METADATA,
        F("initializing_topics", _TOPIC_PARTITIONS_INFO),
        F("initialized_topics", _TOPIC_PARTITIONS_INFO),
        F("deleting_topics", Array(F("topic_id", UUID), F("topic_name", STRING))),
    ),
}
# Kafka 4.0's layouts of two values, read only (see the module's docstring)
_KAFKA_4_0_VALUES: dict[ShareRecordType, Message] = {
    T.SHARE_GROUP_METADATA: _value(T.SHARE_GROUP_METADATA, F("epoch", INT32)),
    T.SHARE_GROUP_STATE_PARTITION_METADATA: _value(
        T.SHARE_GROUP_STATE_PARTITION_METADATA,
        F("initialized_topics", _TOPIC_PARTITIONS_INFO),
        F("deleting_topics", Array(F("topic_id", UUID), F("topic_name", STRING))),
    ),
}

SHARE_GROUP_KEY_VERSIONS = frozenset(int(t) for t in ShareRecordType)
_VERSION = struct.Struct(">h")

Partitions = dict[uuid.UUID, frozenset[int]]  # topic id -> partitions


@dataclass(frozen=True, slots=True)
class TopicMetadata:
    topic_id: uuid.UUID
    name: str
    num_partitions: int


@dataclass(frozen=True, slots=True)
class ShareSubscriptionMetadata:
    """Type 9 (Kafka 4.0): read, never written."""

    topics: tuple[TopicMetadata, ...]


@dataclass(frozen=True, slots=True)
class ShareMemberSubscription:
    rack_id: str | None
    client_id: str
    client_host: str
    subscribed_topic_names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ShareGroupEpoch:
    epoch: int
    metadata_hash: int = 0


@dataclass(frozen=True, slots=True)
class ShareTargetAssignmentEpoch:
    assignment_epoch: int


@dataclass(frozen=True, slots=True)
class ShareTargetAssignmentMember:
    partitions: Partitions


@dataclass(frozen=True, slots=True)
class ShareCurrentMemberAssignment:
    member_epoch: int
    previous_member_epoch: int
    state: int  # MemberState's byte: 0 stable (a share member has no other)
    assigned: Partitions


@dataclass(frozen=True, slots=True)
class InitializedTopic:
    """A topic's share-partitions (being) initialized: TopicPartitionsInfo."""

    topic_id: uuid.UUID
    name: str
    partitions: frozenset[int]


@dataclass(frozen=True, slots=True)
class ShareStatePartitionMetadata:
    initializing: tuple[InitializedTopic, ...]
    initialized: tuple[InitializedTopic, ...]
    deleting: tuple[tuple[uuid.UUID, str], ...]


ShareGroupValue = (
    ShareSubscriptionMetadata
    | ShareMemberSubscription
    | ShareGroupEpoch
    | ShareTargetAssignmentEpoch
    | ShareTargetAssignmentMember
    | ShareCurrentMemberAssignment
    | ShareStatePartitionMetadata
)

_TYPE_OF: dict[type, ShareRecordType] = {
    ShareSubscriptionMetadata: T.SHARE_GROUP_PARTITION_METADATA,
    ShareMemberSubscription: T.SHARE_GROUP_MEMBER_METADATA,
    ShareGroupEpoch: T.SHARE_GROUP_METADATA,
    ShareTargetAssignmentEpoch: T.SHARE_GROUP_TARGET_ASSIGNMENT_METADATA,
    ShareTargetAssignmentMember: T.SHARE_GROUP_TARGET_ASSIGNMENT_MEMBER,
    ShareCurrentMemberAssignment: T.SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT,
    ShareStatePartitionMetadata: T.SHARE_GROUP_STATE_PARTITION_METADATA,
}


@dataclass(frozen=True, slots=True)
class ShareGroupKey:
    type: ShareRecordType
    group_id: str
    member_id: str = ""  # the per-member records'

    def tuple(self) -> tuple[int, str, str]:
        return (int(self.type), self.group_id, self.member_id)


@dataclass(frozen=True, slots=True)
class ShareGroupRecord:
    key: ShareGroupKey
    value: ShareGroupValue | None  # None: tombstone

    @property
    def group(self) -> str:
        return self.key.group_id


def record_type_of(value: ShareGroupValue) -> ShareRecordType:
    return _TYPE_OF[type(value)]


def _tp_out(partitions: Partitions) -> list[dict[str, Any]]:
    return [{"topic_id": t, "partitions": sorted(ps)} for t, ps in sorted(partitions.items()) if ps]


def _tp_in(items: list[Any]) -> Partitions:
    out: dict[uuid.UUID, frozenset[int]] = {}
    for item in items:
        out[item["topic_id"]] = out.get(item["topic_id"], frozenset()) | frozenset(item["partitions"])
    return out


def _topics_info_out(topics: tuple[InitializedTopic, ...]) -> list[dict[str, Any]]:
    return [
        {"topic_id": t.topic_id, "topic_name": t.name, "partitions": sorted(t.partitions)} for t in topics
    ]


def _topics_info_in(items: list[Any]) -> tuple[InitializedTopic, ...]:
    return tuple(InitializedTopic(t["topic_id"], t["topic_name"], frozenset(t["partitions"])) for t in items)


def _value_fields(value: ShareGroupValue) -> dict[str, Any]:
    if isinstance(value, ShareGroupEpoch):
        return {"epoch": value.epoch, "metadata_hash": value.metadata_hash}
    if isinstance(value, ShareMemberSubscription):
        return {
            "rack_id": value.rack_id,
            "client_id": value.client_id,
            "client_host": value.client_host,
            "subscribed_topic_names": list(value.subscribed_topic_names),
        }
    if isinstance(value, ShareTargetAssignmentEpoch):
        return {"assignment_epoch": value.assignment_epoch}
    if isinstance(value, ShareTargetAssignmentMember):
        return {"topic_partitions": _tp_out(value.partitions)}
    if isinstance(value, ShareCurrentMemberAssignment):
        return {
            "member_epoch": value.member_epoch,
            "previous_member_epoch": value.previous_member_epoch,
            "state": value.state,
            "assigned_partitions": _tp_out(value.assigned),
        }
    if isinstance(value, ShareStatePartitionMetadata):
        return {
            "initializing_topics": _topics_info_out(value.initializing),
            "initialized_topics": _topics_info_out(value.initialized),
            "deleting_topics": [{"topic_id": tid, "topic_name": name} for tid, name in value.deleting],
        }
    return {
        "topics": [
            {
                "topic_id": t.topic_id,
                "topic_name": t.name,
                "num_partitions": t.num_partitions,
                "partition_metadata": [],
            }
            for t in value.topics
        ]
    }


def encode_key(key: ShareGroupKey) -> bytes:
    fields: dict[str, Any] = {"group_id": key.group_id}
    if key.type in _PER_MEMBER:
        fields["member_id"] = key.member_id
    out = [_VERSION.pack(int(key.type))]
    KEYS[key.type].encode_into(out, fields, int(key.type))
    return b"".join(out)


def encode_value(value: ShareGroupValue | None) -> bytes | None:
    if value is None:
        return None
    out = [_VERSION.pack(0)]
    VALUES[record_type_of(value)].encode_into(out, _value_fields(value), 0)
    return b"".join(out)


def encode(record: ShareGroupRecord) -> tuple[bytes, bytes | None]:
    return encode_key(record.key), encode_value(record.value)


def decode_key(data: bytes) -> ShareGroupKey:
    if len(data) < 2:
        raise ProtocolDecodeError("share group record key too short")
    version = _VERSION.unpack_from(data)[0]
    try:
        record_type = ShareRecordType(version)
    except ValueError:
        raise ProtocolDecodeError(f"not a share group record key: version {version}") from None
    k = KEYS[record_type].decode_from(data, 2, version)[0]
    return ShareGroupKey(record_type, k["group_id"], k.get("member_id") or "")


def decode_value(record_type: ShareRecordType, data: bytes | None) -> ShareGroupValue | None:
    if data is None:
        return None
    if len(data) < 2:
        raise ProtocolDecodeError("share group record value too short")
    version = _VERSION.unpack_from(data)[0]
    message = VALUES[record_type]
    if version not in message.versions:
        raise ProtocolDecodeError(f"unknown {message.name} version {version}")
    try:
        v = message.decode_from(data, 2, version)[0]
    except (ProtocolDecodeError, ConstructError):
        if record_type not in _KAFKA_4_0_VALUES:
            raise
        v = _KAFKA_4_0_VALUES[record_type].decode_from(data, 2, version)[0]
    if record_type is T.SHARE_GROUP_METADATA:
        return ShareGroupEpoch(v["epoch"], v.get("metadata_hash", 0))
    if record_type is T.SHARE_GROUP_MEMBER_METADATA:
        return ShareMemberSubscription(
            v["rack_id"], v["client_id"], v["client_host"], tuple(v["subscribed_topic_names"])
        )
    if record_type is T.SHARE_GROUP_TARGET_ASSIGNMENT_METADATA:
        return ShareTargetAssignmentEpoch(v["assignment_epoch"])
    if record_type is T.SHARE_GROUP_TARGET_ASSIGNMENT_MEMBER:
        return ShareTargetAssignmentMember(_tp_in(v["topic_partitions"]))
    if record_type is T.SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT:
        return ShareCurrentMemberAssignment(
            v["member_epoch"], v["previous_member_epoch"], v["state"], _tp_in(v["assigned_partitions"])
        )
    if record_type is T.SHARE_GROUP_STATE_PARTITION_METADATA:
        return ShareStatePartitionMetadata(
            _topics_info_in(v.get("initializing_topics", [])),
            _topics_info_in(v["initialized_topics"]),
            tuple((t["topic_id"], t["topic_name"]) for t in v["deleting_topics"]),
        )
    return ShareSubscriptionMetadata(
        tuple(TopicMetadata(t["topic_id"], t["topic_name"], t["num_partitions"]) for t in v["topics"])
    )


def decode(key: bytes, value: bytes | None) -> ShareGroupRecord:
    k = decode_key(bytes(key))
    return ShareGroupRecord(k, decode_value(k.type, None if value is None else bytes(value)))


def is_share_group_key(data: bytes | memoryview) -> bool:
    return len(data) >= 2 and _VERSION.unpack_from(data)[0] in SHARE_GROUP_KEY_VERSIONS


__all__ = [
    "ShareRecordType",
    "ShareGroupKey",
    "ShareGroupRecord",
    "ShareGroupValue",
    "ShareSubscriptionMetadata",
    "ShareMemberSubscription",
    "ShareGroupEpoch",
    "ShareTargetAssignmentEpoch",
    "ShareTargetAssignmentMember",
    "ShareCurrentMemberAssignment",
    "ShareStatePartitionMetadata",
    "InitializedTopic",
    "TopicMetadata",
    "Partitions",
    "encode",
    "decode",
    "encode_key",
    "encode_value",
    "decode_key",
    "decode_value",
    "is_share_group_key",
]

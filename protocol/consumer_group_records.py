"""The KIP-848 consumer group records of `__consumer_offsets`, in Kafka's schemas.

Kafka's group-coordinator/src/main/resources/common/message/ConsumerGroup*{Key,Value}.json: the
key version is the record type (3 group epoch, 4 subscription metadata, 5 member subscription,
6 target assignment epoch, 7 a member's target assignment, 8 a member's current assignment,
16 a resolved regular expression); keys are non-flexible structs, values flexible (version 0).
A null value is a tombstone. Tagged fields added after 4.0 (MetadataHash, CreationTimeMs,
AssignmentEpochs) are read when present and written at their defaults (not written), so Kafka
4.x reads what kbroker writes; ClassicMemberMetadata (a classic member of a consumer group,
KIP-848's online migration) is written when the member has it.
"""

from __future__ import annotations

import enum
import struct
import uuid
from dataclasses import dataclass
from typing import Any

from protocol.errors import ProtocolDecodeError
from protocol.schema import BYTES, INT8, INT32, INT64, NULL, STRING, UUID, Array, F, Message, Struct


class RecordType(enum.IntEnum):
    """The key version of each record type (Kafka's CoordinatorRecordType)."""

    CONSUMER_GROUP_METADATA = 3
    CONSUMER_GROUP_PARTITION_METADATA = 4
    CONSUMER_GROUP_MEMBER_METADATA = 5
    CONSUMER_GROUP_TARGET_ASSIGNMENT_METADATA = 6
    CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER = 7
    CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT = 8
    CONSUMER_GROUP_REGULAR_EXPRESSION = 16


def _key(name: str, version: int, *names: str) -> Message:
    return Message(name, -1, str(version), "none", *(F(n, STRING, v=str(version)) for n in names))


_TOPIC_PARTITIONS = Array(F("topic_id", UUID), F("partitions", Array(INT32)))

KEYS: dict[RecordType, Message] = {
    RecordType.CONSUMER_GROUP_METADATA: _key("ConsumerGroupMetadataKey", 3, "group_id"),
    RecordType.CONSUMER_GROUP_PARTITION_METADATA: _key("ConsumerGroupPartitionMetadataKey", 4, "group_id"),
    RecordType.CONSUMER_GROUP_MEMBER_METADATA: _key(
        "ConsumerGroupMemberMetadataKey", 5, "group_id", "member_id"
    ),
    RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_METADATA: _key(
        "ConsumerGroupTargetAssignmentMetadataKey", 6, "group_id"
    ),
    RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER: _key(
        "ConsumerGroupTargetAssignmentMemberKey", 7, "group_id", "member_id"
    ),
    RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT: _key(
        "ConsumerGroupCurrentMemberAssignmentKey", 8, "group_id", "member_id"
    ),
    RecordType.CONSUMER_GROUP_REGULAR_EXPRESSION: _key(
        "ConsumerGroupRegularExpressionKey", 16, "group_id", "regular_expression"
    ),
}

VALUES: dict[RecordType, Message] = {
    RecordType.CONSUMER_GROUP_METADATA: Message(
        "ConsumerGroupMetadataValue",
        -1,
        "0",
        "0+",
        F("epoch", INT32),
        F("metadata_hash", INT64, tag=0, default=0),  # 4.1 (KIP-1101)
        F("creation_time_ms", INT64, tag=1, default=-1),
    ),
    RecordType.CONSUMER_GROUP_PARTITION_METADATA: Message(
        "ConsumerGroupPartitionMetadataValue",
        -1,
        "0",
        "0+",
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
    RecordType.CONSUMER_GROUP_MEMBER_METADATA: Message(
        "ConsumerGroupMemberMetadataValue",
        -1,
        "0",
        "0+",
        F("instance_id", STRING, nullable="0+"),
        F("rack_id", STRING, nullable="0+"),
        F("client_id", STRING),
        F("client_host", STRING),
        F("subscribed_topic_names", Array(STRING)),
        F("subscribed_topic_regex", STRING, nullable="0+"),
        F("rebalance_timeout_ms", INT32, default=-1),
        F("server_assignor", STRING, nullable="0+"),
        F(
            "classic_member_metadata",
            Struct(
                F("session_timeout_ms", INT32),
                F("supported_protocols", Array(F("name", STRING), F("metadata", BYTES))),
            ),
            nullable="0+",
            tag=0,
            default=NULL,
        ),
    ),
    RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_METADATA: Message(
        "ConsumerGroupTargetAssignmentMetadataValue", -1, "0", "0+", F("assignment_epoch", INT32)
    ),
    RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER: Message(
        "ConsumerGroupTargetAssignmentMemberValue", -1, "0", "0+", F("topic_partitions", _TOPIC_PARTITIONS)
    ),
    RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT: Message(
        "ConsumerGroupCurrentMemberAssignmentValue",
        -1,
        "0",
        "0+",
        F("member_epoch", INT32),
        F("previous_member_epoch", INT32),
        F("state", INT8),
        F("assigned_partitions", _TOPIC_PARTITIONS),
        F("partitions_pending_revocation", _TOPIC_PARTITIONS),
    ),
    RecordType.CONSUMER_GROUP_REGULAR_EXPRESSION: Message(
        "ConsumerGroupRegularExpressionValue",
        -1,
        "0",
        "0+",
        F("topics", Array(STRING)),
        F("version", INT64),
        F("timestamp", INT64),
    ),
}

CONSUMER_GROUP_KEY_VERSIONS = frozenset(int(t) for t in RecordType)
_VERSION = struct.Struct(">h")

# topic id -> partitions: the shape of every assignment in these records
Partitions = dict[uuid.UUID, frozenset[int]]


@dataclass(frozen=True, slots=True)
class TopicMetadata:
    topic_id: uuid.UUID
    name: str
    num_partitions: int


@dataclass(frozen=True, slots=True)
class GroupEpoch:
    epoch: int
    metadata_hash: int = 0
    creation_time_ms: int = -1


@dataclass(frozen=True, slots=True)
class SubscriptionMetadata:
    topics: tuple[TopicMetadata, ...]


@dataclass(frozen=True, slots=True)
class ClassicMemberMetadata:
    """A member speaking the classic protocol (JoinGroup/SyncGroup/Heartbeat) in a consumer group:
    its session timeout and its JoinGroup protocols, (name, metadata) in its order of preference."""

    session_timeout_ms: int
    supported_protocols: tuple[tuple[str, bytes], ...]


@dataclass(frozen=True, slots=True)
class MemberSubscription:
    instance_id: str | None
    rack_id: str | None
    client_id: str
    client_host: str
    subscribed_topic_names: tuple[str, ...]
    subscribed_topic_regex: str | None
    rebalance_timeout_ms: int
    server_assignor: str | None
    classic: ClassicMemberMetadata | None = None  # tagged field 0: a classic protocol member


@dataclass(frozen=True, slots=True)
class TargetAssignmentEpoch:
    assignment_epoch: int


@dataclass(frozen=True, slots=True)
class TargetAssignmentMember:
    partitions: Partitions


@dataclass(frozen=True, slots=True)
class CurrentMemberAssignment:
    member_epoch: int
    previous_member_epoch: int
    state: int  # MemberState's byte
    assigned: Partitions
    pending_revocation: Partitions


@dataclass(frozen=True, slots=True)
class ResolvedRegularExpression:
    topics: tuple[str, ...]
    version: int
    timestamp: int


ConsumerGroupValue = (
    GroupEpoch
    | SubscriptionMetadata
    | MemberSubscription
    | TargetAssignmentEpoch
    | TargetAssignmentMember
    | CurrentMemberAssignment
    | ResolvedRegularExpression
)

_TYPE_OF: dict[type, RecordType] = {
    GroupEpoch: RecordType.CONSUMER_GROUP_METADATA,
    SubscriptionMetadata: RecordType.CONSUMER_GROUP_PARTITION_METADATA,
    MemberSubscription: RecordType.CONSUMER_GROUP_MEMBER_METADATA,
    TargetAssignmentEpoch: RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_METADATA,
    TargetAssignmentMember: RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER,
    CurrentMemberAssignment: RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT,
    ResolvedRegularExpression: RecordType.CONSUMER_GROUP_REGULAR_EXPRESSION,
}


@dataclass(frozen=True, slots=True)
class ConsumerGroupKey:
    """A record's key: its type, the group, and the member id (or the regex, for type 16)."""

    type: RecordType
    group_id: str
    member_id: str = ""  # per-member records; the regular expression for type 16

    def tuple(self) -> tuple[int, str, str]:
        return (int(self.type), self.group_id, self.member_id)


@dataclass(frozen=True, slots=True)
class ConsumerGroupRecord:
    key: ConsumerGroupKey
    value: ConsumerGroupValue | None  # None: tombstone

    @property
    def group(self) -> str:
        return self.key.group_id


def record_type_of(value: ConsumerGroupValue) -> RecordType:
    return _TYPE_OF[type(value)]


def _tp_out(partitions: Partitions) -> list[dict[str, Any]]:
    return [{"topic_id": t, "partitions": sorted(ps)} for t, ps in sorted(partitions.items()) if ps]


def _tp_in(items: list[Any]) -> Partitions:
    out: dict[uuid.UUID, frozenset[int]] = {}
    for item in items:
        out[item["topic_id"]] = out.get(item["topic_id"], frozenset()) | frozenset(item["partitions"])
    return out


def _value_fields(value: ConsumerGroupValue) -> dict[str, Any]:
    if isinstance(value, GroupEpoch):
        return {
            "epoch": value.epoch,
            "metadata_hash": value.metadata_hash,
            "creation_time_ms": value.creation_time_ms,
        }
    if isinstance(value, SubscriptionMetadata):
        return {
            "topics": [
                {
                    "topic_id": t.topic_id,
                    "topic_name": t.name,
                    "num_partitions": t.num_partitions,
                    "partition_metadata": [],  # no racks: kbroker's brokers carry no broker.rack
                }
                for t in value.topics
            ]
        }
    if isinstance(value, MemberSubscription):
        return {
            "instance_id": value.instance_id,
            "rack_id": value.rack_id,
            "client_id": value.client_id,
            "client_host": value.client_host,
            "subscribed_topic_names": list(value.subscribed_topic_names),
            "subscribed_topic_regex": value.subscribed_topic_regex,
            "rebalance_timeout_ms": value.rebalance_timeout_ms,
            "server_assignor": value.server_assignor,
            "classic_member_metadata": None
            if value.classic is None
            else {
                "session_timeout_ms": value.classic.session_timeout_ms,
                "supported_protocols": [
                    {"name": name, "metadata": metadata}
                    for name, metadata in value.classic.supported_protocols
                ],
            },
        }
    if isinstance(value, TargetAssignmentEpoch):
        return {"assignment_epoch": value.assignment_epoch}
    if isinstance(value, TargetAssignmentMember):
        return {"topic_partitions": _tp_out(value.partitions)}
    if isinstance(value, CurrentMemberAssignment):
        return {
            "member_epoch": value.member_epoch,
            "previous_member_epoch": value.previous_member_epoch,
            "state": value.state,
            "assigned_partitions": _tp_out(value.assigned),
            "partitions_pending_revocation": _tp_out(value.pending_revocation),
        }
    return {"topics": list(value.topics), "version": value.version, "timestamp": value.timestamp}


def encode_key(key: ConsumerGroupKey) -> bytes:
    fields: dict[str, Any] = {"group_id": key.group_id}
    if key.type is RecordType.CONSUMER_GROUP_REGULAR_EXPRESSION:
        fields["regular_expression"] = key.member_id
    elif key.type in (
        RecordType.CONSUMER_GROUP_MEMBER_METADATA,
        RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER,
        RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT,
    ):
        fields["member_id"] = key.member_id
    out = [_VERSION.pack(int(key.type))]
    KEYS[key.type].encode_into(out, fields, int(key.type))
    return b"".join(out)


def encode_value(value: ConsumerGroupValue | None) -> bytes | None:
    if value is None:
        return None
    out = [_VERSION.pack(0)]
    VALUES[record_type_of(value)].encode_into(out, _value_fields(value), 0)
    return b"".join(out)


def encode(record: ConsumerGroupRecord) -> tuple[bytes, bytes | None]:
    return encode_key(record.key), encode_value(record.value)


def decode_key(data: bytes) -> ConsumerGroupKey:
    if len(data) < 2:
        raise ProtocolDecodeError("consumer group record key too short")
    version = _VERSION.unpack_from(data)[0]
    try:
        record_type = RecordType(version)
    except ValueError:
        raise ProtocolDecodeError(f"not a consumer group record key: version {version}") from None
    k = KEYS[record_type].decode_from(data, 2, version)[0]
    second = k.get("member_id") or k.get("regular_expression") or ""
    return ConsumerGroupKey(record_type, k["group_id"], second)


def decode_value(record_type: RecordType, data: bytes | None) -> ConsumerGroupValue | None:
    if data is None:
        return None
    if len(data) < 2:
        raise ProtocolDecodeError("consumer group record value too short")
    version = _VERSION.unpack_from(data)[0]
    message = VALUES[record_type]
    if version not in message.versions:
        raise ProtocolDecodeError(f"unknown {message.name} version {version}")
    v = message.decode_from(data, 2, version)[0]
    if record_type is RecordType.CONSUMER_GROUP_METADATA:
        return GroupEpoch(v["epoch"], v["metadata_hash"], v["creation_time_ms"])
    if record_type is RecordType.CONSUMER_GROUP_PARTITION_METADATA:
        return SubscriptionMetadata(
            tuple(TopicMetadata(t["topic_id"], t["topic_name"], t["num_partitions"]) for t in v["topics"])
        )
    if record_type is RecordType.CONSUMER_GROUP_MEMBER_METADATA:
        return MemberSubscription(
            v["instance_id"],
            v["rack_id"],
            v["client_id"],
            v["client_host"],
            tuple(v["subscribed_topic_names"]),
            v["subscribed_topic_regex"],
            v["rebalance_timeout_ms"],
            v["server_assignor"],
            _classic_in(v["classic_member_metadata"]),
        )
    if record_type is RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_METADATA:
        return TargetAssignmentEpoch(v["assignment_epoch"])
    if record_type is RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER:
        return TargetAssignmentMember(_tp_in(v["topic_partitions"]))
    if record_type is RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT:
        return CurrentMemberAssignment(
            v["member_epoch"],
            v["previous_member_epoch"],
            v["state"],
            _tp_in(v["assigned_partitions"]),
            _tp_in(v["partitions_pending_revocation"]),
        )
    return ResolvedRegularExpression(tuple(v["topics"]), v["version"], v["timestamp"])


def _classic_in(v: Any) -> ClassicMemberMetadata | None:
    if v is None:
        return None
    return ClassicMemberMetadata(
        v["session_timeout_ms"],
        tuple((p["name"], bytes(p["metadata"])) for p in v["supported_protocols"]),
    )


def decode(key: bytes, value: bytes | None) -> ConsumerGroupRecord:
    k = decode_key(bytes(key))
    return ConsumerGroupRecord(k, decode_value(k.type, None if value is None else bytes(value)))


def is_consumer_group_key(data: bytes | memoryview) -> bool:
    return len(data) >= 2 and _VERSION.unpack_from(data)[0] in CONSUMER_GROUP_KEY_VERSIONS


__all__ = [
    "RecordType",
    "ConsumerGroupKey",
    "ConsumerGroupRecord",
    "ClassicMemberMetadata",
    "ConsumerGroupValue",
    "GroupEpoch",
    "SubscriptionMetadata",
    "TopicMetadata",
    "MemberSubscription",
    "TargetAssignmentEpoch",
    "TargetAssignmentMember",
    "CurrentMemberAssignment",
    "ResolvedRegularExpression",
    "Partitions",
    "encode",
    "decode",
    "encode_key",
    "encode_value",
    "decode_key",
    "decode_value",
    "is_consumer_group_key",
]

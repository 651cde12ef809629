"""The records of `__share_group_state`, the share coordinator's log, in Kafka's schemas.

Kafka's share-coordinator/src/main/resources/common/message/Share{Snapshot,Update}{Key,Value}.json
(Kafka 4.1/4.2): the key version is the record type (CoordinatorRecordType): 0 a ShareSnapshot,
the whole state of one share-partition; 1 a ShareUpdate, a change on top of the latest snapshot.
Both keys are the non-flexible struct (group id, topic id, partition); values are flexible,
version 0. A ShareSnapshot key with a null value is the tombstone of a share-partition's state.
DeliveryCompleteCount (KIP-1226, Kafka 4.2) is tagged field 0 of both values, default -1.
"""

from __future__ import annotations

import base64
import enum
import struct
import uuid
from dataclasses import dataclass
from typing import Any

from protocol.errors import ProtocolDecodeError
from protocol.schema import INT8, INT16, INT32, INT64, STRING, UUID, Array, F, Message


class ShareStateRecordType(enum.IntEnum):
    SHARE_SNAPSHOT = 0
    SHARE_UPDATE = 1


_KEY_FIELDS = (F("group_id", STRING), F("topic_id", UUID), F("partition", INT32))
_BATCHES = Array(
    F("first_offset", INT64), F("last_offset", INT64), F("delivery_state", INT8), F("delivery_count", INT16)
)
_DELIVERY_COMPLETE_COUNT = F("delivery_complete_count", INT32, tag=0, default=-1)

KEYS: dict[ShareStateRecordType, Message] = {
    ShareStateRecordType.SHARE_SNAPSHOT: Message("ShareSnapshotKey", -1, "0", "none", *_KEY_FIELDS),
    ShareStateRecordType.SHARE_UPDATE: Message("ShareUpdateKey", -1, "0", "none", *_KEY_FIELDS),
}
VALUES: dict[ShareStateRecordType, Message] = {
    ShareStateRecordType.SHARE_SNAPSHOT: Message(
        "ShareSnapshotValue",
        -1,
        "0",
        "0+",
        F("snapshot_epoch", INT32),
        F("state_epoch", INT32),
        F("leader_epoch", INT32),
        F("start_offset", INT64),
        _DELIVERY_COMPLETE_COUNT,
        F("create_timestamp", INT64),
        F("write_timestamp", INT64),
        F("state_batches", _BATCHES),
    ),
    ShareStateRecordType.SHARE_UPDATE: Message(
        "ShareUpdateValue",
        -1,
        "0",
        "0+",
        F("snapshot_epoch", INT32),
        F("leader_epoch", INT32),
        F("start_offset", INT64),  # -1: unchanged
        _DELIVERY_COMPLETE_COUNT,
        F("state_batches", _BATCHES),
    ),
}
_VERSION = struct.Struct(">h")


@dataclass(frozen=True, slots=True)
class StateKey:
    group_id: str
    topic_id: uuid.UUID
    partition: int

    def coordinator_key(self) -> str:
        """Kafka's SharePartitionKey.asCoordinatorKey: "groupId:topicId:partition", the topic id
        as Kafka prints a Uuid (URL-safe base64, no padding)."""
        return coordinator_key(self.group_id, self.topic_id, self.partition)


def kafka_uuid_string(topic_id: uuid.UUID) -> str:
    return base64.urlsafe_b64encode(topic_id.bytes).decode("ascii").rstrip("=")


def coordinator_key(group_id: str, topic_id: uuid.UUID, partition: int) -> str:
    return f"{group_id}:{kafka_uuid_string(topic_id)}:{partition}"


def parse_coordinator_key(key: str) -> StateKey:
    """A FindCoordinator(SHARE) key "groupId:topicId:partition" (Kafka's
    SharePartitionKey.getInstance: the group id trimmed); ValueError if malformed."""
    tokens = key.split(":")
    if len(tokens) != 3 or not tokens[0].strip():
        raise ValueError(f"Invalid key format: expected - groupId:topicId:partition, found - {key}")
    raw = base64.urlsafe_b64decode(tokens[1] + "==")
    if len(raw) != 16 or len(tokens[1]) != 22:
        raise ValueError(f"Invalid topic ID: {tokens[1]}")
    return StateKey(tokens[0].strip(), uuid.UUID(bytes=raw), int(tokens[2]))


@dataclass(frozen=True, slots=True)
class Batch:
    """Offsets first..last (inclusive) in one delivery state (0 available, 2 acknowledged, 4
    archived) with one delivery count."""

    first_offset: int
    last_offset: int
    delivery_state: int
    delivery_count: int


@dataclass(frozen=True, slots=True)
class ShareSnapshot:
    snapshot_epoch: int
    state_epoch: int
    leader_epoch: int
    start_offset: int
    create_timestamp: int
    write_timestamp: int
    batches: tuple[Batch, ...] = ()
    delivery_complete_count: int = -1


@dataclass(frozen=True, slots=True)
class ShareUpdate:
    snapshot_epoch: int
    leader_epoch: int
    start_offset: int  # -1: unchanged
    batches: tuple[Batch, ...] = ()
    delivery_complete_count: int = -1


@dataclass(frozen=True, slots=True)
class ShareStateRecord:
    """One record of `__share_group_state`; `value` None (a ShareSnapshot key) is a tombstone."""

    type: ShareStateRecordType
    key: StateKey
    value: ShareSnapshot | ShareUpdate | None


def _batches_out(batches: tuple[Batch, ...]) -> list[dict[str, int]]:
    return [
        {
            "first_offset": b.first_offset,
            "last_offset": b.last_offset,
            "delivery_state": b.delivery_state,
            "delivery_count": b.delivery_count,
        }
        for b in batches
    ]


def _batches_in(items: list[Any]) -> tuple[Batch, ...]:
    return tuple(
        Batch(b["first_offset"], b["last_offset"], b["delivery_state"], b["delivery_count"]) for b in items
    )


def encode_key(record_type: ShareStateRecordType, key: StateKey) -> bytes:
    out = [_VERSION.pack(int(record_type))]
    KEYS[record_type].encode_into(
        out, {"group_id": key.group_id, "topic_id": key.topic_id, "partition": key.partition}, 0
    )
    return b"".join(out)


def encode_value(value: ShareSnapshot | ShareUpdate | None) -> bytes | None:
    if value is None:
        return None
    out = [_VERSION.pack(0)]
    if isinstance(value, ShareSnapshot):
        fields: dict[str, Any] = {
            "snapshot_epoch": value.snapshot_epoch,
            "state_epoch": value.state_epoch,
            "leader_epoch": value.leader_epoch,
            "start_offset": value.start_offset,
            "delivery_complete_count": value.delivery_complete_count,
            "create_timestamp": value.create_timestamp,
            "write_timestamp": value.write_timestamp,
            "state_batches": _batches_out(value.batches),
        }
        VALUES[ShareStateRecordType.SHARE_SNAPSHOT].encode_into(out, fields, 0)
    else:
        fields = {
            "snapshot_epoch": value.snapshot_epoch,
            "leader_epoch": value.leader_epoch,
            "start_offset": value.start_offset,
            "delivery_complete_count": value.delivery_complete_count,
            "state_batches": _batches_out(value.batches),
        }
        VALUES[ShareStateRecordType.SHARE_UPDATE].encode_into(out, fields, 0)
    return b"".join(out)


def encode(record: ShareStateRecord) -> tuple[bytes, bytes | None]:
    return encode_key(record.type, record.key), encode_value(record.value)


def decode(key: bytes | memoryview, value: bytes | memoryview | None) -> ShareStateRecord:
    key = bytes(key)
    if len(key) < 2:
        raise ProtocolDecodeError("share state record key too short")
    version = _VERSION.unpack_from(key)[0]
    try:
        record_type = ShareStateRecordType(version)
    except ValueError:
        raise ProtocolDecodeError(f"not a share state record key: version {version}") from None
    k = KEYS[record_type].decode_from(key, 2, 0)[0]
    state_key = StateKey(k["group_id"], k["topic_id"], k["partition"])
    if value is None:
        return ShareStateRecord(record_type, state_key, None)
    data = bytes(value)
    if len(data) < 2:
        raise ProtocolDecodeError("share state record value too short")
    value_version = _VERSION.unpack_from(data)[0]
    message = VALUES[record_type]
    if value_version not in message.versions:
        raise ProtocolDecodeError(f"unknown {message.name} version {value_version}")
    v = message.decode_from(data, 2, value_version)[0]
    decoded: ShareSnapshot | ShareUpdate
    if record_type is ShareStateRecordType.SHARE_SNAPSHOT:
        decoded = ShareSnapshot(
            v["snapshot_epoch"],
            v["state_epoch"],
            v["leader_epoch"],
            v["start_offset"],
            v["create_timestamp"],
            v["write_timestamp"],
            _batches_in(v["state_batches"]),
            v["delivery_complete_count"],
        )
    else:
        decoded = ShareUpdate(
            v["snapshot_epoch"],
            v["leader_epoch"],
            v["start_offset"],
            _batches_in(v["state_batches"]),
            v["delivery_complete_count"],
        )
    return ShareStateRecord(record_type, state_key, decoded)


__all__ = [
    "ShareStateRecordType",
    "StateKey",
    "Batch",
    "ShareSnapshot",
    "ShareUpdate",
    "ShareStateRecord",
    "coordinator_key",
    "parse_coordinator_key",
    "kafka_uuid_string",
    "encode",
    "decode",
    "encode_key",
    "encode_value",
]

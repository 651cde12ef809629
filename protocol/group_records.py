"""The records of `__consumer_offsets`: committed offsets and classic group metadata.

On disk a record key is an int16 key version followed by the key struct, and a value is an
int16 value version followed by the value struct; a null value is a tombstone. The key
version tells the record type: 0 and 1 are offset commits, 2 is group metadata (higher ones
are the KIP-848 consumer-group and share-group records, which `decode_key` returns as
`UnknownKey`). Declarations follow Kafka's group-coordinator/src/main/resources/common/message/
{OffsetCommitKey,OffsetCommitValue,GroupMetadataKey,GroupMetadataValue}.json.
"""

from __future__ import annotations

import enum
import struct
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, overload

from protocol.errors import ProtocolDecodeError
from protocol.schema import BYTES, INT32, INT64, NULL, STRING, Array, F, Message

OFFSET_COMMIT_KEY = Message(
    "OffsetCommitKey",
    -1,
    "0-1",
    "none",
    F("group", STRING, v="0-1"),
    F("topic", STRING, v="0-1"),
    F("partition", INT32, v="0-1"),
)

OFFSET_COMMIT_VALUE = Message(
    "OffsetCommitValue",
    -1,
    "0-4",
    "4+",
    F("offset", INT64),
    F("leader_epoch", INT32, v="3+", default=-1),
    F("metadata", STRING),
    F("commit_timestamp", INT64),
    F("expire_timestamp", INT64, v="1", default=-1),
)

GROUP_METADATA_KEY = Message(
    "GroupMetadataKey",
    -1,
    "2",
    "none",
    F("group", STRING, v="2"),
)

GROUP_METADATA_VALUE = Message(
    "GroupMetadataValue",
    -1,
    "0-4",
    "4+",
    F("protocol_type", STRING),
    F("generation", INT32),
    F("protocol", STRING, nullable="0+"),
    F("leader", STRING, nullable="0+"),
    F("current_state_timestamp", INT64, v="2+", default=-1),
    F(
        "members",
        Array(
            F("member_id", STRING),
            F("group_instance_id", STRING, v="3+", nullable="3+", default=NULL),
            F("client_id", STRING),
            F("client_host", STRING),
            F("rebalance_timeout", INT32, v="1+", default=-1),
            F("session_timeout", INT32),
            F("subscription", BYTES),
            F("assignment", BYTES),
        ),
    ),
)

# The versions Kafka 2.3+ (through 4.x) writes: key 1 for offsets, 2 for groups; value 3 for
# both, or offset value 1 when the commit carries an explicit expire timestamp.
OFFSET_COMMIT_KEY_VERSION = 1
GROUP_METADATA_KEY_VERSION = 2
OFFSET_COMMIT_VALUE_VERSION = 3
OFFSET_COMMIT_VALUE_VERSION_WITH_EXPIRY = 1
GROUP_METADATA_VALUE_VERSION = 3

_VERSION = struct.Struct(">h")
_H = _VERSION
_I = struct.Struct(">i")
_Q = struct.Struct(">q")
_QQ = struct.Struct(">qq")
_V3_HEAD = struct.Struct(">hqih")  # version, offset, leader epoch, metadata length
_V1_HEAD = struct.Struct(">hqh")  # version, offset, metadata length


class KeyKind(enum.Enum):
    OFFSET_COMMIT = "offset_commit"
    GROUP_METADATA = "group_metadata"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class OffsetCommitKey:
    group: str
    topic: str
    partition: int
    version: int = OFFSET_COMMIT_KEY_VERSION

    @property
    def kind(self) -> KeyKind:
        return KeyKind.OFFSET_COMMIT


@dataclass(frozen=True, slots=True)
class GroupMetadataKey:
    group: str
    version: int = GROUP_METADATA_KEY_VERSION

    @property
    def kind(self) -> KeyKind:
        return KeyKind.GROUP_METADATA


@dataclass(frozen=True, slots=True)
class UnknownKey:
    """A key of a record type this module does not read (e.g. KIP-848 consumer groups)."""

    version: int
    data: bytes  # the key struct, after the version

    @property
    def kind(self) -> KeyKind:
        return KeyKind.UNKNOWN


@dataclass(slots=True)
class OffsetCommitValue:
    offset: int
    leader_epoch: int  # -1 when unknown (and always in versions before 3)
    metadata: str
    commit_timestamp: int
    expire_timestamp: int  # -1 unless set (version 1 only)
    version: int = OFFSET_COMMIT_VALUE_VERSION


@dataclass(slots=True)
class MemberMetadata:
    member_id: str
    group_instance_id: str | None
    client_id: str
    client_host: str
    rebalance_timeout: int
    session_timeout: int
    subscription: bytes  # the JoinGroup protocol metadata of the chosen protocol
    assignment: bytes  # the SyncGroup assignment


@dataclass(slots=True)
class GroupMetadataValue:
    protocol_type: str
    generation: int
    protocol: str | None
    leader: str | None
    current_state_timestamp: int = -1
    members: list[MemberMetadata] = field(default_factory=list)
    version: int = GROUP_METADATA_VALUE_VERSION


Key = OffsetCommitKey | GroupMetadataKey | UnknownKey
Value = OffsetCommitValue | GroupMetadataValue


def _with_version(message: Message, obj: Mapping[str, Any], version: int) -> bytes:
    out = [_VERSION.pack(version)]
    message.encode_into(out, obj, version)
    return b"".join(out)


def encode_offset_commit_key(
    group: str, topic: str, partition: int, version: int = OFFSET_COMMIT_KEY_VERSION
) -> bytes:
    if version in (0, 1):  # the commit path: both versions are two strings and an int32
        g, t = group.encode(), topic.encode()
        if len(g) <= 0x7FFF and len(t) <= 0x7FFF:
            return b"".join((_H.pack(version), _H.pack(len(g)), g, _H.pack(len(t)), t, _I.pack(partition)))
    return _with_version(OFFSET_COMMIT_KEY, {"group": group, "topic": topic, "partition": partition}, version)


def encode_offset_commit_value(
    offset: int,
    leader_epoch: int | None,
    metadata: str | None,
    commit_ts: int,
    expire_ts: int | None = None,
    version: int | None = None,
) -> bytes:
    """Version 1 if an expire timestamp is given, else 3, as Kafka 2.1+ writes them."""
    if version is None:
        version = (
            OFFSET_COMMIT_VALUE_VERSION_WITH_EXPIRY if expire_ts is not None else OFFSET_COMMIT_VALUE_VERSION
        )
    m = (metadata or "").encode()
    if version in (1, 3) and len(m) <= 0x7FFF:  # the versions kbroker writes, packed directly
        if version == 3:
            head = _V3_HEAD.pack(3, offset, -1 if leader_epoch is None else leader_epoch, len(m))
        else:
            head = _V1_HEAD.pack(1, offset, len(m))
        tail = (
            _Q.pack(commit_ts)
            if version == 3
            else _QQ.pack(commit_ts, -1 if expire_ts is None else expire_ts)
        )
        return head + m + tail
    return _with_version(
        OFFSET_COMMIT_VALUE,
        {
            "offset": offset,
            "leader_epoch": -1 if leader_epoch is None else leader_epoch,
            "metadata": metadata or "",
            "commit_timestamp": commit_ts,
            "expire_timestamp": -1 if expire_ts is None else expire_ts,
        },
        version,
    )


def encode_group_metadata_key(group: str) -> bytes:
    return _with_version(GROUP_METADATA_KEY, {"group": group}, GROUP_METADATA_KEY_VERSION)


def _member_dict(m: MemberMetadata | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(m, MemberMetadata):
        return {name: getattr(m, name) for name in MemberMetadata.__slots__}
    return m


def encode_group_metadata_value(
    protocol_type: str,
    generation: int,
    protocol: str | None,
    leader: str | None,
    members: Iterable[MemberMetadata | Mapping[str, Any]],
    current_state_timestamp: int = -1,
    version: int = GROUP_METADATA_VALUE_VERSION,
) -> bytes:
    """Group metadata, by default in version 3 as Kafka 2.3+ writes it."""
    return _with_version(
        GROUP_METADATA_VALUE,
        {
            "protocol_type": protocol_type,
            "generation": generation,
            "protocol": protocol,
            "leader": leader,
            "current_state_timestamp": current_state_timestamp,
            "members": [_member_dict(m) for m in members],
        },
        version,
    )


def encode_value(value: Value) -> bytes:
    """The bytes of a decoded value (in its own version)."""
    if isinstance(value, OffsetCommitValue):
        return encode_offset_commit_value(
            value.offset,
            value.leader_epoch,
            value.metadata,
            value.commit_timestamp,
            None if value.expire_timestamp == -1 else value.expire_timestamp,
            value.version,
        )
    return encode_group_metadata_value(
        value.protocol_type,
        value.generation,
        value.protocol,
        value.leader,
        value.members,
        value.current_state_timestamp,
        value.version,
    )


def encode_key(key: Key) -> bytes:
    if isinstance(key, OffsetCommitKey):
        return encode_offset_commit_key(key.group, key.topic, key.partition, key.version)
    if isinstance(key, GroupMetadataKey):
        return _with_version(GROUP_METADATA_KEY, {"group": key.group}, key.version)
    return _VERSION.pack(key.version) + key.data


def _split(data: bytes | memoryview) -> tuple[int, bytes]:
    """The record's version, and the record (whose struct starts at offset 2)."""
    data = bytes(data)
    if len(data) < 2:
        raise ProtocolDecodeError("__consumer_offsets record too short for its version")
    return _VERSION.unpack_from(data)[0], data


def _decode(message: Message, data: bytes, version: int) -> Any:
    # Kafka reads these with its generated readers, which ignore trailing bytes. (Callers read
    # fields by key: a Container's attribute access costs more than decoding the field.)
    return message.decode_from(data, 2, version)[0]


def decode_key(data: bytes | memoryview) -> Key:
    version, data = _split(data)
    if version in OFFSET_COMMIT_KEY.versions:
        k = _decode(OFFSET_COMMIT_KEY, data, version)
        return OffsetCommitKey(k["group"], k["topic"], k["partition"], version)
    if version in GROUP_METADATA_KEY.versions:
        return GroupMetadataKey(_decode(GROUP_METADATA_KEY, data, version)["group"], version)
    return UnknownKey(version, data[2:])


@overload
def decode_value(
    key_kind: OffsetCommitKey | Literal[KeyKind.OFFSET_COMMIT], data: bytes | memoryview | None
) -> OffsetCommitValue | None: ...
@overload
def decode_value(
    key_kind: GroupMetadataKey | Literal[KeyKind.GROUP_METADATA], data: bytes | memoryview | None
) -> GroupMetadataValue | None: ...
@overload
def decode_value(key_kind: KeyKind | Key, data: bytes | memoryview | None) -> Value | None: ...
def decode_value(key_kind: KeyKind | Key, data: bytes | memoryview | None) -> Value | None:
    """The value of a record whose key is (or is of kind) `key_kind`; None for a tombstone."""
    if data is None:
        return None
    kind = key_kind if isinstance(key_kind, KeyKind) else key_kind.kind
    version, data = _split(data)
    if kind is KeyKind.OFFSET_COMMIT:
        if version not in OFFSET_COMMIT_VALUE.versions:
            raise ProtocolDecodeError(f"unknown OffsetCommitValue version {version}")
        v = _decode(OFFSET_COMMIT_VALUE, data, version)
        return OffsetCommitValue(
            v["offset"],
            v["leader_epoch"],
            v["metadata"],
            v["commit_timestamp"],
            v["expire_timestamp"],
            version,
        )
    if kind is KeyKind.GROUP_METADATA:
        if version not in GROUP_METADATA_VALUE.versions:
            raise ProtocolDecodeError(f"unknown GroupMetadataValue version {version}")
        v = _decode(GROUP_METADATA_VALUE, data, version)
        members = [
            MemberMetadata(
                m["member_id"],
                m["group_instance_id"],
                m["client_id"],
                m["client_host"],
                m["rebalance_timeout"],
                m["session_timeout"],
                m["subscription"],
                m["assignment"],
            )
            for m in v["members"]
        ]
        return GroupMetadataValue(
            v["protocol_type"],
            v["generation"],
            v["protocol"],
            v["leader"],
            v["current_state_timestamp"],
            members,
            version,
        )
    raise ProtocolDecodeError(f"cannot decode the value of a {kind.value} record")

"""The records a group coordinator writes to its `__consumer_offsets` partition, shared by every
group kind: `OffsetRecord` (an offset commit or its tombstone), `GroupRecord` (a classic group's
metadata or its tombstone), KIP-848's `ConsumerGroupRecord` and KIP-932's `ShareGroupRecord`,
encoded with Kafka's schemas (protocol/group_records.py, protocol/consumer_group_records.py,
protocol/share_group_records.py) by `encode_record` and read back by `decode_record`.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass
from types import FunctionType

from protocol import consumer_group_records as cgr
from protocol import group_records as gr
from protocol import share_group_records as sgr
from protocol.group_records import GroupMetadataValue, MemberMetadata

__all__ = [
    "GroupMetadataValue",
    "MemberMetadata",
    "OffsetAndMetadata",
    "OffsetRecord",
    "GroupRecord",
    "ConsumerGroupRecord",
    "ShareGroupRecord",
    "Record",
    "TransactionalRecord",
    "TransactionMarker",
    "LoadedRecord",
    "NO_PRODUCER_ID",
    "RawRecord",
    "encode_record",
    "decode_record",
    "OFFSETS_TOPIC",
]

OFFSETS_TOPIC = "__consumer_offsets"


# Every commit makes one of each of these two per partition. The dataclass decorator's __init__
# is Python even where mypyc compiles the module (protocol/native.py), and a frozen one sets each
# field through object.__setattr__ (~0.8 us here): their __init__ is written in the class
# (init=False), which mypyc compiles to plain slot stores (~0.04 us), still frozen to anyone else.
# Run as Python, that __init__ would hit the frozen __setattr__: there it is replaced by one
# that sets the slots through their descriptors, at a plain __init__'s cost.
@dataclass(frozen=True, slots=True, init=False)
class OffsetAndMetadata:
    offset: int
    leader_epoch: int | None
    metadata: str
    commit_timestamp_ms: int
    expire_timestamp_ms: int | None = None

    def __init__(
        self,
        offset: int,
        leader_epoch: int | None,
        metadata: str,
        commit_timestamp_ms: int,
        expire_timestamp_ms: int | None = None,
    ) -> None:
        self.offset = offset  # type: ignore[misc]  # compiled: a slot store (see above)
        self.leader_epoch = leader_epoch  # type: ignore[misc]
        self.metadata = metadata  # type: ignore[misc]
        self.commit_timestamp_ms = commit_timestamp_ms  # type: ignore[misc]
        self.expire_timestamp_ms = expire_timestamp_ms  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class OffsetRecord:
    group: str
    topic: str
    partition: int
    value: OffsetAndMetadata | None  # None: tombstone

    def __init__(self, group: str, topic: str, partition: int, value: OffsetAndMetadata | None) -> None:
        self.group = group  # type: ignore[misc]  # compiled: a slot store (see above)
        self.topic = topic  # type: ignore[misc]
        self.partition = partition  # type: ignore[misc]
        self.value = value  # type: ignore[misc]


def _offset_and_metadata_init(
    self: OffsetAndMetadata,
    offset: int,
    leader_epoch: int | None,
    metadata: str,
    commit_timestamp_ms: int,
    expire_timestamp_ms: int | None = None,
    _set: tuple[Callable[[object, object], None], ...] = (),
) -> None:
    _set[0](self, offset)
    _set[1](self, leader_epoch)
    _set[2](self, metadata)
    _set[3](self, commit_timestamp_ms)
    _set[4](self, expire_timestamp_ms)


def _offset_record_init(
    self: OffsetRecord,
    group: str,
    topic: str,
    partition: int,
    value: OffsetAndMetadata | None,
    _set: tuple[Callable[[object, object], None], ...] = (),
) -> None:
    _set[0](self, group)
    _set[1](self, topic)
    _set[2](self, partition)
    _set[3](self, value)


def _setters(cls: type) -> tuple[Callable[[object, object], None], ...]:
    return tuple(getattr(cls, f).__set__ for f in cls.__dataclass_fields__)  # type: ignore[attr-defined]


# (the setters bound as the functions' defaults: read as fast as locals). Compiled, these
# functions are no Python functions and the classes keep their compiled __init__.
if isinstance(_offset_record_init, FunctionType):
    _offset_and_metadata_init.__defaults__ = (None, _setters(OffsetAndMetadata))
    _offset_record_init.__defaults__ = (_setters(OffsetRecord),)
    OffsetAndMetadata.__init__ = _offset_and_metadata_init  # type: ignore[method-assign]
    OffsetRecord.__init__ = _offset_record_init  # type: ignore[method-assign]


@dataclass(frozen=True, slots=True)
class GroupRecord:
    group: str
    value: GroupMetadataValue | None  # None: tombstone


ConsumerGroupRecord = cgr.ConsumerGroupRecord  # KIP-848 consumer groups (protocol/consumer_group_records.py)
ShareGroupRecord = sgr.ShareGroupRecord  # KIP-932 share groups (protocol/share_group_records.py)
Record = OffsetRecord | GroupRecord | ConsumerGroupRecord | ShareGroupRecord
RawRecord = tuple[bytes, bytes | None]  # (key, value); a None value is a tombstone
NO_PRODUCER_ID = -1  # a record written outside any transaction


@dataclass(frozen=True, slots=True)
class TransactionalRecord:
    """A record of a producer's transactional batch (a TxnOffsetCommit), as the log holds it:
    replayed, it is pending until the producer's transaction marker."""

    producer_id: int
    record: Record


@dataclass(frozen=True, slots=True)
class TransactionMarker:
    """The COMMIT (`commit`) or ABORT marker of a producer's transaction."""

    producer_id: int
    commit: bool


LoadedRecord = Record | TransactionalRecord | TransactionMarker  # what a shard loads, in log order


# A consumer commits the same partitions again and again: the key of each is encoded once, in a
# bounded memo (the commit path writes one record per partition of every commit).
_OFFSET_KEYS: dict[tuple[str, str, int], bytes] = {}
_OFFSET_KEYS_MAX = 65536


def _offset_key(group: str, topic: str, partition: int) -> bytes:
    tp = (group, topic, partition)
    key = _OFFSET_KEYS.get(tp)
    if key is None:
        if len(_OFFSET_KEYS) >= _OFFSET_KEYS_MAX:
            _OFFSET_KEYS.clear()
        key = _OFFSET_KEYS[tp] = gr.encode_offset_commit_key(group, topic, partition)
    return key


# OffsetCommitValue v3 (protocol/group_records.py's layout), packed here: this module runs
# compiled, group_records.py interpreted, and every commit writes one per partition.
_VALUE_V3 = gr.OFFSET_COMMIT_VALUE_VERSION == 3
_V3_HEAD = struct.Struct(">hqih")  # version, offset, leader epoch, metadata length
_INT64 = struct.Struct(">q")


def _offset_value(v: OffsetAndMetadata) -> bytes:
    if _VALUE_V3 and v.expire_timestamp_ms is None:
        m = (v.metadata or "").encode()
        if len(m) <= 0x7FFF:
            epoch = v.leader_epoch
            head = _V3_HEAD.pack(3, v.offset, -1 if epoch is None else epoch, len(m))
            return head + m + _INT64.pack(v.commit_timestamp_ms)
    return gr.encode_offset_commit_value(
        v.offset, v.leader_epoch, v.metadata, v.commit_timestamp_ms, v.expire_timestamp_ms
    )


def encode_record(record: Record) -> RawRecord:
    if type(record) is OffsetRecord:  # the common case first
        key = _offset_key(record.group, record.topic, record.partition)
        v = record.value
        if v is None:
            return key, None
        return key, _offset_value(v)
    if isinstance(record, ConsumerGroupRecord):
        return cgr.encode(record)
    if isinstance(record, ShareGroupRecord):
        return sgr.encode(record)
    if isinstance(record, OffsetRecord):
        key = _offset_key(record.group, record.topic, record.partition)
        v = record.value
        if v is None:
            return key, None
        return key, gr.encode_offset_commit_value(
            v.offset, v.leader_epoch, v.metadata, v.commit_timestamp_ms, v.expire_timestamp_ms
        )
    key = gr.encode_group_metadata_key(record.group)
    g = record.value
    if g is None:
        return key, None
    return key, gr.encode_group_metadata_value(
        g.protocol_type, g.generation, g.protocol, g.leader, g.members, g.current_state_timestamp
    )


def decode_record(key: bytes, value: bytes | None) -> Record | None:
    """The record, or None for a record type kbroker does not keep (e.g. streams groups)."""
    if cgr.is_consumer_group_key(key):
        return cgr.decode(key, value)
    if sgr.is_share_group_key(key):
        return sgr.decode(key, value)
    k = gr.decode_key(key)
    if isinstance(k, gr.OffsetCommitKey):
        v = gr.decode_value(k, value)
        if v is None:
            return OffsetRecord(k.group, k.topic, k.partition, None)
        return OffsetRecord(
            k.group,
            k.topic,
            k.partition,
            OffsetAndMetadata(
                v.offset,
                None if v.leader_epoch < 0 else v.leader_epoch,
                v.metadata,
                v.commit_timestamp,
                None if v.expire_timestamp < 0 else v.expire_timestamp,
            ),
        )
    if isinstance(k, gr.GroupMetadataKey):
        return GroupRecord(k.group, gr.decode_value(k, value))
    return None

"""The rows of the `kbroker-offsets` source: one per record of `__consumer_offsets`, decoded with
the project's own definitions of the bytes (protocol/group_records.py, consumer_protocol.py).

Rows are built column by column (`OffsetColumns`), which is what Arrow, and so Spark, takes
fastest. Kinds:
- `offset_commit`: a committed offset (OffsetCommitKey + OffsetCommitValue);
- `group_metadata`: a classic group's generation and members (GroupMetadataKey + Value);
- `tombstone`: a null value, deleting the key (`key_type` says which kind of key);
- `unknown`: a key version kbroker does not read (KIP-848 records), or a record whose bytes
  could not be decoded (`error` says why).
Timestamps are milliseconds since the epoch here (-1 = none: null in Spark).
"""

from __future__ import annotations

from typing import Any

from protocol import consumer_protocol as cp
from protocol import group_records as gr
from protocol.errors import ProtocolDecodeError
from protocol.records import RecordBatch

KIND_OFFSET_COMMIT = "offset_commit"
KIND_GROUP_METADATA = "group_metadata"
KIND_TOMBSTONE = "tombstone"
KIND_UNKNOWN = "unknown"

# (name, Spark SQL type): the one declaration of the row layout; datasource.py turns it into a
# StructType and the Arrow schema Spark expects.
MEMBER_TYPE = (
    "struct<member_id: string, group_instance_id: string, client_id: string, client_host: string, "
    "rebalance_timeout_ms: int, session_timeout_ms: int, subscribed_topics: array<string>, "
    "assigned_partitions: array<struct<topic: string, partition: int>>>"
)
OFFSETS_COLUMNS: tuple[tuple[str, str], ...] = (
    ("log_partition", "int"),  # the __consumer_offsets partition
    ("offset", "bigint"),  # the record's offset in it
    ("timestamp", "timestamp"),  # the record's timestamp (batch base + delta)
    ("kind", "string"),  # offset_commit | group_metadata | tombstone | unknown
    ("key_type", "string"),  # offset_commit | group_metadata | unknown
    ("key_version", "int"),
    ("value_version", "int"),  # null for a tombstone
    ("group", "string"),
    ("topic", "string"),  # offset keys only
    ("partition", "int"),  # offset keys only
    ("committed_offset", "bigint"),
    ("leader_epoch", "int"),  # -1: unknown, as Kafka answers it
    ("metadata", "string"),
    ("commit_timestamp", "timestamp"),
    ("expire_timestamp", "timestamp"),  # only OffsetCommitValue v1 carries one
    ("protocol_type", "string"),
    ("generation", "int"),
    ("protocol", "string"),
    ("leader", "string"),
    ("current_state_timestamp", "timestamp"),
    ("members", f"array<{MEMBER_TYPE}>"),
    ("error", "string"),  # why a record is `unknown`, when it could not be decoded
    # written in a producer's transaction (TxnOffsetCommit): applied only on its COMMIT marker,
    # and a row only if committed (aborted and undecided transactions are left out)
    ("transactional", "boolean"),
)
TIMESTAMP_COLUMNS = frozenset(name for name, t in OFFSETS_COLUMNS if t == "timestamp")

LOG_END_COLUMNS: tuple[tuple[str, str], ...] = (
    ("topic", "string"),
    ("partition", "int"),
    ("log_start_offset", "bigint"),  # the first segment's base offset
    ("log_end_offset", "bigint"),  # the offset after the last complete batch
    ("segments", "int"),
    ("size_bytes", "bigint"),
    ("max_timestamp", "timestamp"),  # of the last batch, null if none
    ("observed_at", "timestamp"),  # when the ends were read (a stream: its micro-batch's tick)
)

_KEY_CACHE_MAX = 200_000


def ddl(columns: tuple[tuple[str, str], ...]) -> str:
    """The columns as a Spark DDL schema string."""
    return ", ".join(f"`{name}` {sql_type}" for name, sql_type in columns)


class OffsetColumns:
    """Rows of `__consumer_offsets` records, accumulated column by column."""

    __slots__ = ("cols", "_keys", "rows", "transactional")

    def __init__(self) -> None:
        self.cols: dict[str, list[Any]] = {name: [] for name, _ in OFFSETS_COLUMNS}
        self._keys: dict[bytes, gr.Key | ProtocolDecodeError] = {}
        self.rows = 0
        self.transactional = False  # of the batch whose records are being added

    def clear(self) -> None:
        for values in self.cols.values():
            values.clear()
        self.rows = 0

    def _key(self, data: bytes) -> gr.Key | ProtocolDecodeError:
        # Keys repeat (one per group/topic/partition): decode each once.
        key = self._keys.get(data)
        if key is None:
            try:
                key = gr.decode_key(data)
            except (ProtocolDecodeError, ValueError) as e:
                key = ProtocolDecodeError(f"key: {e}")
            if len(self._keys) >= _KEY_CACHE_MAX:
                self._keys.clear()
            self._keys[data] = key
        return key

    def add_batch(self, log_partition: int, batch: RecordBatch) -> None:
        self.transactional = batch.is_transactional
        for offset, timestamp, record in batch:
            self.add_record(log_partition, offset, timestamp, record.key, record.value)

    def add_record(
        self,
        log_partition: int,
        offset: int,
        timestamp: int,
        key_data: bytes | None,
        value_data: bytes | None,
    ) -> None:
        if key_data is None:
            self._add(
                log_partition, offset, timestamp, KIND_UNKNOWN, None, None, None, None, "record without a key"
            )
            return
        key = self._key(key_data)
        if isinstance(key, ProtocolDecodeError):
            self._add(log_partition, offset, timestamp, KIND_UNKNOWN, None, None, None, None, str(key))
            return
        if key.kind is gr.KeyKind.UNKNOWN:
            self._add(log_partition, offset, timestamp, KIND_UNKNOWN, key, None, None, None, None)
            return
        if value_data is None:
            self._add(log_partition, offset, timestamp, KIND_TOMBSTONE, key, None, None, None, None)
            return
        try:
            value = gr.decode_value(key, value_data)
        except (ProtocolDecodeError, ValueError) as e:
            self._add(log_partition, offset, timestamp, KIND_UNKNOWN, key, None, None, None, f"value: {e}")
            return
        assert value is not None  # None only for a tombstone, handled above
        if isinstance(value, gr.OffsetCommitValue):
            self._add(
                log_partition, offset, timestamp, KIND_OFFSET_COMMIT, key, value.version, value, None, None
            )
        else:
            self._add(
                log_partition, offset, timestamp, KIND_GROUP_METADATA, key, value.version, None, value, None
            )

    def _add(
        self,
        log_partition: int,
        offset: int,
        timestamp: int,
        kind: str,
        key: gr.Key | None,
        value_version: int | None,
        oc: gr.OffsetCommitValue | None,
        gm: gr.GroupMetadataValue | None,
        error: str | None,
    ) -> None:
        c = self.cols
        self.rows += 1
        c["log_partition"].append(log_partition)
        c["offset"].append(offset)
        c["timestamp"].append(_ts(timestamp))
        c["kind"].append(kind)
        c["key_type"].append(None if key is None else key.kind.value)
        c["key_version"].append(None if key is None else key.version)
        c["value_version"].append(value_version)
        c["group"].append(key.group if isinstance(key, gr.OffsetCommitKey | gr.GroupMetadataKey) else None)
        c["topic"].append(key.topic if isinstance(key, gr.OffsetCommitKey) else None)
        c["partition"].append(key.partition if isinstance(key, gr.OffsetCommitKey) else None)
        if oc is not None:
            c["committed_offset"].append(oc.offset)
            c["leader_epoch"].append(oc.leader_epoch)
            c["metadata"].append(oc.metadata)
            c["commit_timestamp"].append(_ts(oc.commit_timestamp))
            c["expire_timestamp"].append(_ts(oc.expire_timestamp))
        else:
            for name in (
                "committed_offset",
                "leader_epoch",
                "metadata",
                "commit_timestamp",
                "expire_timestamp",
            ):
                c[name].append(None)
        if gm is not None:
            c["protocol_type"].append(gm.protocol_type)
            c["generation"].append(gm.generation)
            c["protocol"].append(gm.protocol)
            c["leader"].append(gm.leader)
            c["current_state_timestamp"].append(_ts(gm.current_state_timestamp))
            c["members"].append([member_row(m, gm.protocol_type) for m in gm.members])
        else:
            for name in (
                "protocol_type",
                "generation",
                "protocol",
                "leader",
                "current_state_timestamp",
                "members",
            ):
                c[name].append(None)
        c["error"].append(error)
        c["transactional"].append(self.transactional)

    def as_dicts(self) -> list[dict[str, Any]]:
        """The rows as dicts (for tests and small reads)."""
        names = list(self.cols)
        return [dict(zip(names, values, strict=True)) for values in zip(*self.cols.values(), strict=True)]


def _ts(ms: int) -> int | None:
    return None if ms is None or ms < 0 else ms


def member_row(m: gr.MemberMetadata, protocol_type: str) -> dict[str, Any]:
    """A member of a group metadata record; for the "consumer" protocol type, its subscription
    and assignment decoded (null when they do not decode)."""
    topics: list[str] | None = None
    assigned: list[dict[str, Any]] | None = None
    if protocol_type == cp.PROTOCOL_TYPE:
        try:
            topics = list(cp.decode_subscription(m.subscription).topics) if m.subscription else []
        except (ProtocolDecodeError, ValueError):
            topics = None
        try:
            assignment = cp.decode_assignment(m.assignment) if m.assignment else None
            assigned = (
                []
                if assignment is None
                else [{"topic": t, "partition": p} for t, p in assignment.partitions()]
            )
        except (ProtocolDecodeError, ValueError):
            assigned = None
    return {
        "member_id": m.member_id,
        "group_instance_id": m.group_instance_id,
        "client_id": m.client_id,
        "client_host": m.client_host,
        "rebalance_timeout_ms": m.rebalance_timeout,
        "session_timeout_ms": m.session_timeout,
        "subscribed_topics": topics,
        "assigned_partitions": assigned,
    }

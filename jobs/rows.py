"""The rows of the `kbroker-offsets` source: one per record of `__consumer_offsets`, decoded with
the project's own definitions of the bytes (protocol/group_records.py, consumer_protocol.py).

Rows are built column by column (`OffsetColumns`), which is what Arrow, and so Spark, takes
fastest. Kinds:
- `offset_commit`: a committed offset (OffsetCommitKey + OffsetCommitValue);
- `group_metadata`: a classic group's generation and members (GroupMetadataKey + Value);
- `tombstone`: a null value, deleting the key (`key_type` says which kind of key);
- `consumer_group`: a KIP-848 consumer group record (protocol/consumer_group_records.py):
  `key_type` names it (consumer_group_metadata: `group_epoch`; ..._member_metadata: the member's
  subscription; ..._target_assignment_metadata: `assignment_epoch`; ..._target_assignment_member
  and ..._current_member_assignment: `topic_partitions`, with `member_epoch`, `member_state` and
  `pending_revocation` for the latter; ..._partition_metadata; ..._regular_expression);
- `share_group`: a KIP-932 share group record (protocol/share_group_records.py, types 10-15, and
  4.0's 9): `key_type` names it (share_group_metadata: `group_epoch`; ..._member_metadata: the
  member's `subscribed_topics`; ..._target_assignment_metadata: `assignment_epoch`;
  ..._target_assignment_member and ..._current_member_assignment: `topic_partitions`, with
  `member_epoch` for the latter; ..._state_partition_metadata: the initialized share-partitions
  in `topic_partitions`); the membership history of share groups;
- `share_snapshot` / `share_update` (reading `__share_group_state`: option `topic`): KIP-932's
  share-partition state records (protocol/share_state_records.py): `group`, `topic` (the topic
  id), `partition`, `leader_epoch`, `state_epoch` (snapshots), `snapshot_epoch`, `start_offset`
  (-1 in an update: unchanged) and `state_batches`; a deleted state is a `tombstone`;
- `unknown`: a key version kbroker does not read, or a record whose bytes
  could not be decoded (`error` says why).
Timestamps are milliseconds since the epoch here (-1 = none: null in Spark).
"""

from __future__ import annotations

from typing import Any

from protocol import consumer_group_records as cgr
from protocol import consumer_protocol as cp
from protocol import group_records as gr
from protocol import share_group_records as sgr
from protocol import share_state_records as ssr
from protocol.errors import ProtocolDecodeError
from protocol.records import RecordBatch

KIND_OFFSET_COMMIT = "offset_commit"
KIND_GROUP_METADATA = "group_metadata"
KIND_TOMBSTONE = "tombstone"
KIND_UNKNOWN = "unknown"
KIND_CONSUMER_GROUP = "consumer_group"
KIND_SHARE_GROUP = "share_group"
KIND_SHARE_SNAPSHOT = "share_snapshot"
KIND_SHARE_UPDATE = "share_update"
SHARE_STATE_TOPIC = "__share_group_state"

# (name, Spark SQL type): the one declaration of the row layout; datasource.py turns it into a
# StructType and the Arrow schema Spark expects.
MEMBER_TYPE = (
    "struct<member_id: string, group_instance_id: string, client_id: string, client_host: string, "
    "rebalance_timeout_ms: int, session_timeout_ms: int, subscribed_topics: array<string>, "
    "assigned_partitions: array<struct<topic: string, partition: int>>>"
)
CG_PARTITIONS_TYPE = "struct<topic_id: string, partitions: array<int>>"
STATE_BATCH_TYPE = (
    "struct<first_offset: bigint, last_offset: bigint, delivery_state: string, delivery_count: int>"
)
OFFSETS_COLUMNS: tuple[tuple[str, str], ...] = (
    ("log_partition", "int"),  # the __consumer_offsets partition
    ("offset", "bigint"),  # the record's offset in it
    ("timestamp", "timestamp"),  # the record's timestamp (batch base + delta)
    ("kind", "string"),  # offset_commit | group_metadata | consumer_group | tombstone | unknown
    ("key_type", "string"),  # offset_commit | group_metadata | consumer_group_* | unknown
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
    ("replica", "int"),  # the broker.id of the log dir read (a cluster's dirs); null if unknown
    # KIP-848 consumer group records (kind consumer_group, or their tombstones)
    ("member_id", "string"),
    ("group_epoch", "int"),
    ("assignment_epoch", "int"),
    ("member_epoch", "int"),
    ("previous_member_epoch", "int"),
    ("member_state", "string"),  # STABLE | UNREVOKED_PARTITIONS | UNRELEASED_PARTITIONS | UNKNOWN
    ("subscribed_topics", "array<string>"),
    ("subscribed_topic_regex", "string"),
    ("server_assignor", "string"),
    ("topic_partitions", f"array<{CG_PARTITIONS_TYPE}>"),
    ("pending_revocation", f"array<{CG_PARTITIONS_TYPE}>"),
    # written in a producer's transaction (TxnOffsetCommit): applied only on its COMMIT marker,
    # and a row only if committed (aborted and undecided transactions are left out)
    ("transactional", "boolean"),
    # KIP-932 share-partition state (`__share_group_state`, kinds share_snapshot / share_update)
    ("state_epoch", "int"),
    ("snapshot_epoch", "int"),
    ("start_offset", "bigint"),
    ("state_batches", f"array<{STATE_BATCH_TYPE}>"),
)
CONSUMER_GROUP_COLUMNS = (
    "member_id",
    "group_epoch",
    "assignment_epoch",
    "member_epoch",
    "previous_member_epoch",
    "member_state",
    "subscribed_topics",
    "subscribed_topic_regex",
    "server_assignor",
    "topic_partitions",
    "pending_revocation",
)
SHARE_STATE_COLUMNS = ("state_epoch", "snapshot_epoch", "start_offset", "state_batches")
_DELIVERY_STATES = {0: "AVAILABLE", 1: "ACQUIRED", 2: "ACKNOWLEDGED", 4: "ARCHIVED"}
_MEMBER_STATES = {0: "STABLE", 1: "UNREVOKED_PARTITIONS", 2: "UNRELEASED_PARTITIONS", 127: "UNKNOWN"}
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

    __slots__ = ("cols", "_keys", "rows", "transactional", "share_state")

    def __init__(self, share_state: bool = False) -> None:
        self.share_state = share_state  # the records are `__share_group_state`'s
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
        if self.share_state:
            self._add_share_state(log_partition, offset, timestamp, key_data, value_data)
            return
        if cgr.is_consumer_group_key(key_data):
            self._add_consumer_group(log_partition, offset, timestamp, key_data, value_data)
            return
        if sgr.is_share_group_key(key_data):
            self._add_share_group(log_partition, offset, timestamp, key_data, value_data)
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
        c["replica"].append(None)  # set per range by the reader, which knows the log dir
        c["transactional"].append(self.transactional)
        for name in CONSUMER_GROUP_COLUMNS:
            c[name].append(None)
        for name in SHARE_STATE_COLUMNS:
            c[name].append(None)

    def _add_share_state(
        self, log_partition: int, offset: int, timestamp: int, key_data: bytes, value_data: bytes | None
    ) -> None:
        try:
            record = ssr.decode(key_data, value_data)
        except (ProtocolDecodeError, ValueError) as e:
            self._add(
                log_partition, offset, timestamp, KIND_UNKNOWN, None, None, None, None, f"share state: {e}"
            )
            self.cols["key_type"][-1] = KIND_UNKNOWN
            self.cols["key_version"][-1] = int.from_bytes(key_data[:2], "big", signed=True)
            return
        v = record.value
        if v is None:
            kind = KIND_TOMBSTONE
        else:
            kind = KIND_SHARE_SNAPSHOT if isinstance(v, ssr.ShareSnapshot) else KIND_SHARE_UPDATE
        self._add(log_partition, offset, timestamp, kind, None, None if v is None else 0, None, None, None)
        c = self.cols
        c["key_type"][-1] = record.type.name.lower()
        c["key_version"][-1] = int(record.type)
        c["group"][-1] = record.key.group_id
        c["topic"][-1] = str(record.key.topic_id)
        c["partition"][-1] = record.key.partition
        if v is None:
            return
        c["leader_epoch"][-1] = v.leader_epoch
        c["snapshot_epoch"][-1] = v.snapshot_epoch
        c["start_offset"][-1] = v.start_offset
        c["state_batches"][-1] = [
            {
                "first_offset": b.first_offset,
                "last_offset": b.last_offset,
                "delivery_state": _DELIVERY_STATES.get(b.delivery_state, str(b.delivery_state)),
                "delivery_count": b.delivery_count,
            }
            for b in v.batches
        ]
        if isinstance(v, ssr.ShareSnapshot):
            c["state_epoch"][-1] = v.state_epoch

    def _add_consumer_group(
        self, log_partition: int, offset: int, timestamp: int, key_data: bytes, value_data: bytes | None
    ) -> None:
        try:
            record = cgr.decode(key_data, value_data)
        except (ProtocolDecodeError, ValueError) as e:
            # unreadable: `unknown`, with the key version (the record type) it claims
            self._add(
                log_partition, offset, timestamp, KIND_UNKNOWN, None, None, None, None, f"consumer group: {e}"
            )
            self.cols["key_type"][-1] = KIND_UNKNOWN
            self.cols["key_version"][-1] = int.from_bytes(key_data[:2], "big", signed=True)
            return
        kind = KIND_TOMBSTONE if record.value is None else KIND_CONSUMER_GROUP
        self._add(
            log_partition,
            offset,
            timestamp,
            kind,
            None,
            None if record.value is None else 0,
            None,
            None,
            None,
        )
        c = self.cols
        key = record.key
        c["key_type"][-1] = key.type.name.lower()
        c["key_version"][-1] = int(key.type)
        c["group"][-1] = key.group_id
        if key.member_id:
            c[
                "member_id"
                if key.type is not cgr.RecordType.CONSUMER_GROUP_REGULAR_EXPRESSION
                else "subscribed_topic_regex"
            ][-1] = key.member_id
        v = record.value
        if isinstance(v, cgr.GroupEpoch):
            c["group_epoch"][-1] = v.epoch
        elif isinstance(v, cgr.TargetAssignmentEpoch):
            c["assignment_epoch"][-1] = v.assignment_epoch
        elif isinstance(v, cgr.MemberSubscription):
            c["subscribed_topics"][-1] = list(v.subscribed_topic_names)
            c["subscribed_topic_regex"][-1] = v.subscribed_topic_regex
            c["server_assignor"][-1] = v.server_assignor
        elif isinstance(v, cgr.TargetAssignmentMember):
            c["topic_partitions"][-1] = _cg_partitions(v.partitions)
        elif isinstance(v, cgr.CurrentMemberAssignment):
            c["member_epoch"][-1] = v.member_epoch
            c["previous_member_epoch"][-1] = v.previous_member_epoch
            c["member_state"][-1] = _MEMBER_STATES.get(v.state, str(v.state))
            c["topic_partitions"][-1] = _cg_partitions(v.assigned)
            c["pending_revocation"][-1] = _cg_partitions(v.pending_revocation)
        elif isinstance(v, cgr.SubscriptionMetadata):
            c["subscribed_topics"][-1] = [t.name for t in v.topics]
        elif isinstance(v, cgr.ResolvedRegularExpression):
            c["subscribed_topics"][-1] = list(v.topics)

    def _add_share_group(
        self, log_partition: int, offset: int, timestamp: int, key_data: bytes, value_data: bytes | None
    ) -> None:
        try:
            record = sgr.decode(key_data, value_data)
        except (ProtocolDecodeError, ValueError) as e:
            self._add(
                log_partition, offset, timestamp, KIND_UNKNOWN, None, None, None, None, f"share group: {e}"
            )
            self.cols["key_type"][-1] = KIND_UNKNOWN
            self.cols["key_version"][-1] = int.from_bytes(key_data[:2], "big", signed=True)
            return
        v = record.value
        kind = KIND_TOMBSTONE if v is None else KIND_SHARE_GROUP
        self._add(log_partition, offset, timestamp, kind, None, None if v is None else 0, None, None, None)
        c = self.cols
        c["key_type"][-1] = record.key.type.name.lower()
        c["key_version"][-1] = int(record.key.type)
        c["group"][-1] = record.key.group_id
        if record.key.member_id:
            c["member_id"][-1] = record.key.member_id
        if isinstance(v, sgr.ShareGroupEpoch):
            c["group_epoch"][-1] = v.epoch
        elif isinstance(v, sgr.ShareTargetAssignmentEpoch):
            c["assignment_epoch"][-1] = v.assignment_epoch
        elif isinstance(v, sgr.ShareMemberSubscription):
            c["subscribed_topics"][-1] = list(v.subscribed_topic_names)
        elif isinstance(v, sgr.ShareTargetAssignmentMember):
            c["topic_partitions"][-1] = _cg_partitions(v.partitions)
        elif isinstance(v, sgr.ShareCurrentMemberAssignment):
            c["member_epoch"][-1] = v.member_epoch
            c["previous_member_epoch"][-1] = v.previous_member_epoch
            c["member_state"][-1] = _MEMBER_STATES.get(v.state, str(v.state))
            c["topic_partitions"][-1] = _cg_partitions(v.assigned)
        elif isinstance(v, sgr.ShareStatePartitionMetadata):
            c["topic_partitions"][-1] = [
                {"topic_id": str(t.topic_id), "partitions": sorted(t.partitions)} for t in v.initialized
            ]
        elif isinstance(v, sgr.ShareSubscriptionMetadata):
            c["subscribed_topics"][-1] = [t.name for t in v.topics]

    def as_dicts(self) -> list[dict[str, Any]]:
        """The rows as dicts (for tests and small reads)."""
        names = list(self.cols)
        return [dict(zip(names, values, strict=True)) for values in zip(*self.cols.values(), strict=True)]


def _cg_partitions(partitions: cgr.Partitions) -> list[dict[str, Any]]:
    return [{"topic_id": str(t), "partitions": sorted(ps)} for t, ps in sorted(partitions.items())]


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

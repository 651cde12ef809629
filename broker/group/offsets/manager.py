"""Committed offsets of one shard's groups, as Kafka's OffsetMetadataManager: OffsetCommit,
TxnOffsetCommit, OffsetFetch, OffsetDelete, and the tombstones of DeleteGroups and of retention.

Each request becomes a `CoordinatorResult(records, response)`; the committed offsets change
only when the shard replays a written record (`replay`, the same call when loading and when
serving), never before. A TxnOffsetCommit's records are written as the producer's transactional
batch: replayed, they are pending (`replay_transactional`), and the transaction's marker makes
them committed (COMMIT) or drops them (ABORT): `end_transaction`. Membership checks (is this member of this generation?) are the shard's:
this component holds no group state, only the offsets and the commits still being written.
"""

from __future__ import annotations

from collections.abc import Callable

from broker.group.classic.group import ClassicGroup
from broker.group.config import Clock, GroupConfig
from broker.group.events import (
    CoordinatorResult,
    FetchedGroup,
    FetchedPartition,
    OffsetCommit,
    OffsetDelete,
    OffsetDeleteResult,
    PartitionErrors,
    append_error_to_commit_error,
)
from broker.group.offsets.retention import expired_consumer_group_offsets, expired_offsets
from broker.group.offsets.store import OffsetStore, TopicPartition
from broker.group.records import OffsetAndMetadata, OffsetRecord
from protocol.errors import ErrorCode


def _java_length(s: str) -> int:
    """String.length() in Java: UTF-16 code units."""
    if s.isascii():
        return len(s)
    return len(s) + sum(1 for c in s if ord(c) > 0xFFFF)


class OffsetMetadataManager:
    __slots__ = ("config", "clock", "store")

    def __init__(self, config: GroupConfig, clock: Clock, store: OffsetStore | None = None):
        self.config = config
        self.clock = clock
        self.store = store or OffsetStore()

    # -- replay: the only way committed offsets change ------------------------------------------

    def replay(self, record: OffsetRecord) -> None:
        self.store.apply(record)

    def replay_transactional(self, producer_id: int, record: OffsetRecord) -> None:
        """A record of the producer's transactional batch: pending until its marker."""
        self.store.add_pending(producer_id, record)

    def end_transaction(self, producer_id: int) -> list[OffsetRecord]:
        """The producer's transaction is decided: its pending records, no longer pending (the shard
        replays them as committed ones on COMMIT, drops them on ABORT)."""
        return self.store.take_pending(producer_id)

    def pending_partitions(self, group_id: str) -> set[TopicPartition]:
        """The group's partitions with a transactional offset pending (OffsetFetch's
        UNSTABLE_OFFSET_COMMIT with require_stable)."""
        return self.store.pending_partitions(group_id)

    # -- OffsetCommit -----------------------------------------------------------------------------

    def commit(self, req: OffsetCommit) -> CoordinatorResult[PartitionErrors]:
        """The records of a commit the shard has validated, and its answer once they are written.
        Unknown topics are filtered out by the caller (they are the broker's to know)."""
        wall = self.clock.wall_ms()
        expire = wall + req.retention_time_ms if req.retention_time_ms != -1 else None
        answer: PartitionErrors = []
        records: list[OffsetRecord] = []
        for topic, partitions in req.topics:
            errors: list[tuple[int, ErrorCode]] = []
            for p in partitions:
                if (
                    p.metadata is not None
                    and _java_length(p.metadata) > self.config.offset_metadata_max_bytes
                ):
                    errors.append((p.partition, ErrorCode.OFFSET_METADATA_TOO_LARGE))
                    continue
                errors.append((p.partition, ErrorCode.NONE))
                records.append(
                    OffsetRecord(
                        req.group_id,
                        topic,
                        p.partition,
                        OffsetAndMetadata(
                            p.offset,
                            None if p.leader_epoch < 0 else p.leader_epoch,
                            p.metadata or "",
                            p.commit_timestamp_ms if p.commit_timestamp_ms != -1 else wall,
                            expire,
                        ),
                    )
                )
            answer.append((topic, errors))
        return CoordinatorResult(records, answer)

    def begin(self, group_id: str, records: list[OffsetRecord]) -> list[TopicPartition]:
        """Count the commits being written: a tombstone written meanwhile must cover them, and
        retention leaves their group alone. `end` with what this returns once written (or not)."""
        tps = [(r.topic, r.partition) for r in records]
        self.store.begin(group_id, tps)
        return tps

    def end(self, group_id: str, tps: list[TopicPartition]) -> None:
        self.store.end(group_id, tps)

    def has_inflight(self, group_id: str) -> bool:
        return self.store.has_inflight(group_id)

    @staticmethod
    def failed_commit(answer: PartitionErrors, error: ErrorCode) -> PartitionErrors:
        """The answer of a commit whose write failed: the write's error, as Kafka converts it."""
        failed = append_error_to_commit_error(error)
        return [(t, [(p, failed if e == ErrorCode.NONE else e) for p, e in errs]) for t, errs in answer]

    # -- OffsetFetch ------------------------------------------------------------------------------

    def fetch(
        self, group_id: str, topics: list[tuple[str, list[int]]] | None, known: bool = True
    ) -> FetchedGroup:
        """Committed offsets (written ones only); `topics=None` for all of the group's. A group the
        shard does not know has none."""
        stored = self.store.group_offsets(group_id) if known else {}
        if topics is None:
            return FetchedGroup(
                group_id,
                ErrorCode.NONE,
                [(topic, [_fetched(p, oam) for p, oam in parts.items()]) for topic, parts in stored.items()],
            )
        return FetchedGroup(
            group_id,
            ErrorCode.NONE,
            [
                (topic, [_fetched(p, stored.get(topic, {}).get(p)) for p in partitions])
                for topic, partitions in topics
            ],
        )

    # -- OffsetDelete, DeleteGroups, retention: tombstones ---------------------------------------

    def delete(
        self, is_subscribed_to: Callable[[str], bool], req: OffsetDelete
    ) -> CoordinatorResult[OffsetDeleteResult]:
        """Tombstones for the partitions of topics the group does not subscribe to."""
        answer: PartitionErrors = []
        records: list[OffsetRecord] = []
        for topic, partitions in req.topics:
            if is_subscribed_to(topic):
                answer.append((topic, [(p, ErrorCode.GROUP_SUBSCRIBED_TO_TOPIC) for p in partitions]))
                continue
            answer.append((topic, [(p, ErrorCode.NONE) for p in partitions]))
            records.extend(
                OffsetRecord(req.group_id, topic, p, None)
                for p in partitions
                if self.store.has(req.group_id, topic, p)
            )
        return CoordinatorResult(records, OffsetDeleteResult(ErrorCode.NONE, answer))

    def delete_all(self, group_id: str) -> list[OffsetRecord]:
        """Tombstones for every offset of the group, committed or being written."""
        return [OffsetRecord(group_id, t, p, None) for t, p in sorted(self.store.known_partitions(group_id))]

    def expire(self, group: ClassicGroup, now_ms: int) -> tuple[list[OffsetRecord], int]:
        """Tombstones for the group's expired offsets (retention.py's rule), and how many offsets
        the group keeps."""
        offsets = self.store.group_offsets(group.group_id)
        expired = expired_offsets(group, offsets, now_ms, self.config.offsets_retention_ms)
        kept = sum(len(parts) for parts in offsets.values()) - len(expired)
        return [OffsetRecord(group.group_id, t, p, None) for t, p in expired], kept

    def expire_consumer_group(
        self, group_id: str, subscribed: set[str], empty_since_ms: int | None, now_ms: int
    ) -> tuple[list[OffsetRecord], int]:
        """`expire` for a KIP-848 consumer group."""
        offsets = self.store.group_offsets(group_id)
        retention = self.config.offsets_retention_ms
        expired = expired_consumer_group_offsets(offsets, now_ms, retention, subscribed, empty_since_ms)
        kept = sum(len(parts) for parts in offsets.values()) - len(expired)
        return [OffsetRecord(group_id, t, p, None) for t, p in expired], kept

    def has_offsets(self, group_id: str) -> bool:
        """Committed offsets (written ones)."""
        return bool(self.store.group_offsets(group_id))

    def count(self) -> int:
        return self.store.count()


def _fetched(partition: int, oam: OffsetAndMetadata | None) -> FetchedPartition:
    if oam is None:
        return FetchedPartition(partition)
    return FetchedPartition(
        partition, oam.offset, -1 if oam.leader_epoch is None else oam.leader_epoch, oam.metadata
    )

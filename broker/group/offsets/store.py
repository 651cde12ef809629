"""`OffsetStore`: the materialized view of one shard's committed offsets. A commit enters it only
once its record is durable; commits written but not yet durable are counted as in flight, so that
a tombstone written meanwhile (OffsetDelete, DeleteGroups) covers them too. Transactional offsets
(TxnOffsetCommit) written but whose transaction is undecided are held apart, by producer id, as
pending (Kafka's `pendingTransactionalOffsets`) until the transaction's marker is replayed."""

from __future__ import annotations

from collections.abc import Iterable

from broker.group.records import OffsetAndMetadata, OffsetRecord

TopicPartition = tuple[str, int]


class OffsetStore:
    """group -> topic -> partition -> OffsetAndMetadata, plus the commits still in flight."""

    __slots__ = ("_offsets", "_inflight", "_pending")

    def __init__(self) -> None:
        self._offsets: dict[str, dict[str, dict[int, OffsetAndMetadata]]] = {}
        self._inflight: dict[str, dict[TopicPartition, int]] = {}
        # producer id -> group -> (topic, partition) -> the newest transactional record written
        self._pending: dict[int, dict[str, dict[TopicPartition, OffsetRecord]]] = {}

    def get(self, group: str, topic: str, partition: int) -> OffsetAndMetadata | None:
        return self._offsets.get(group, {}).get(topic, {}).get(partition)

    def group_offsets(self, group: str) -> dict[str, dict[int, OffsetAndMetadata]]:
        return self._offsets.get(group, {})

    def groups(self) -> Iterable[str]:
        return self._offsets.keys()

    def has_offsets(self, group: str) -> bool:
        return bool(self._offsets.get(group)) or bool(self._inflight.get(group))

    def put(self, group: str, topic: str, partition: int, value: OffsetAndMetadata) -> None:
        self._offsets.setdefault(group, {}).setdefault(topic, {})[partition] = value

    def delete(self, group: str, topic: str, partition: int) -> None:
        topics = self._offsets.get(group)
        if topics is None:
            return
        partitions = topics.get(topic)
        if partitions is None:
            return
        partitions.pop(partition, None)
        if not partitions:
            del topics[topic]
        if not topics:
            del self._offsets[group]

    def apply(self, record: OffsetRecord) -> None:
        if record.value is None:
            self.delete(record.group, record.topic, record.partition)
        else:
            self.put(record.group, record.topic, record.partition, record.value)

    # Plain dict counting: Counter's update/subtract cost several times as much, per commit.
    def begin(self, group: str, tps: Iterable[TopicPartition]) -> None:
        counts = self._inflight.get(group)
        if counts is None:
            counts = self._inflight[group] = {}
        for tp in tps:
            counts[tp] = counts.get(tp, 0) + 1

    def end(self, group: str, tps: Iterable[TopicPartition]) -> None:
        counts = self._inflight.get(group)
        if counts is None:
            return
        for tp in tps:
            n = counts.get(tp, 0) - 1
            if n > 0:
                counts[tp] = n
            else:
                counts.pop(tp, None)
        if not counts:
            del self._inflight[group]

    def has_inflight(self, group: str) -> bool:
        return group in self._inflight

    def known_partitions(self, group: str) -> set[TopicPartition]:
        """Partitions with a committed or in-flight offset: what a tombstone must cover."""
        tps = {(t, p) for t, parts in self._offsets.get(group, {}).items() for p in parts}
        tps.update(self._inflight.get(group, ()))
        return tps

    def has(self, group: str, topic: str, partition: int) -> bool:
        return self.get(group, topic, partition) is not None or (
            (topic, partition) in self._inflight.get(group, ())
        )

    def count(self) -> int:
        return sum(len(parts) for topics in self._offsets.values() for parts in topics.values())

    # -- transactional offsets, pending until their transaction's marker ------------------------

    def add_pending(self, producer_id: int, record: OffsetRecord) -> None:
        groups = self._pending.setdefault(producer_id, {})
        groups.setdefault(record.group, {})[(record.topic, record.partition)] = record

    def take_pending(self, producer_id: int) -> list[OffsetRecord]:
        """The producer's pending records (the newest per partition), no longer pending."""
        groups = self._pending.pop(producer_id, None)
        if groups is None:
            return []
        return [record for tps in groups.values() for record in tps.values()]

    def pending_partitions(self, group: str) -> set[TopicPartition]:
        """The group's partitions with a transactional offset pending (any producer)."""
        return {tp for groups in self._pending.values() for tp in groups.get(group, ())}

    def pending_producers(self) -> list[int]:
        return list(self._pending)

"""The cluster as the client knows it: brokers, topics, partitions and their leaders. Pure state,
updated from Metadata responses; no I/O."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from client.structs import BrokerNode, PartitionMetadata, TopicPartition
from protocol.errors import ErrorCode

ZERO_UUID = uuid.UUID(int=0)


@dataclass(slots=True)
class TopicMetadata:
    name: str
    topic_id: uuid.UUID = ZERO_UUID
    is_internal: bool = False
    error_code: int = 0
    partitions: dict[int, PartitionMetadata] = field(default_factory=dict)


@dataclass(slots=True)
class ClusterMetadata:
    brokers: dict[int, BrokerNode] = field(default_factory=dict)
    topics: dict[str, TopicMetadata] = field(default_factory=dict)
    controller_id: int = -1
    cluster_id: str | None = None
    version: int = 0  # bumped by every update, so waiters can tell news from old state
    invalid_topics: set[str] = field(default_factory=set)  # answered INVALID_TOPIC_EXCEPTION last time
    _available: dict[str, tuple[int, list[int]]] = field(default_factory=dict, repr=False, compare=False)

    def update(self, response: Any, *, all_topics: bool, requested: Iterable[str] = ()) -> set[str]:
        """Apply a Metadata response; the topics whose partition count or leaders changed.

        With `all_topics` the response lists every topic, so the others are gone; otherwise
        only the requested topics are replaced (a requested topic in error is dropped).
        """
        self.brokers = {b.node_id: BrokerNode(b.node_id, b.host, b.port, b.rack) for b in response.brokers}
        self.controller_id = response.controller_id
        self.cluster_id = response.cluster_id
        changed: set[str] = set()
        seen: set[str] = set()
        for t in response.topics:
            if t.name is None:
                continue
            seen.add(t.name)
            if t.error_code == ErrorCode.INVALID_TOPIC_EXCEPTION:
                self.invalid_topics.add(t.name)
            else:
                self.invalid_topics.discard(t.name)
            if t.error_code != ErrorCode.NONE and not t.partitions:
                if self.topics.pop(t.name, None) is not None:
                    changed.add(t.name)
                continue
            topic = TopicMetadata(t.name, t.topic_id or ZERO_UUID, t.is_internal, t.error_code)
            for p in t.partitions:
                topic.partitions[p.partition_index] = PartitionMetadata(
                    t.name,
                    p.partition_index,
                    p.leader_id,
                    p.leader_epoch,
                    tuple(p.replica_nodes),
                    tuple(p.isr_nodes),
                    p.error_code,
                )
            old = self.topics.get(t.name)
            if old is None or _leaders(old) != _leaders(topic):
                changed.add(t.name)
            self.topics[t.name] = topic
        gone = (set(self.topics) - seen) if all_topics else (set(requested) - seen)
        for name in gone:
            if self.topics.pop(name, None) is not None:
                changed.add(name)
        self.version += 1
        return changed

    def partitions_for(self, topic: str) -> list[int] | None:
        t = self.topics.get(topic)
        return None if t is None else sorted(t.partitions)

    def partition_count(self, topic: str) -> int:
        t = self.topics.get(topic)
        return 0 if t is None else len(t.partitions)

    def available_partitions(self, topic: str) -> list[int]:
        """Partitions that have a leader right now (a list kept until the next update: the
        producer asks for every record)."""
        cached = self._available.get(topic)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        t = self.topics.get(topic)
        available = [] if t is None else sorted(p for p, m in t.partitions.items() if m.leader >= 0)
        self._available[topic] = (self.version, available)
        return available

    def leader_for(self, tp: TopicPartition) -> int:
        t = self.topics.get(tp.topic)
        if t is None:
            return -1
        p = t.partitions.get(tp.partition)
        return -1 if p is None or p.leader not in self.brokers else p.leader

    def leader_epoch(self, tp: TopicPartition) -> int:
        t = self.topics.get(tp.topic)
        p = None if t is None else t.partitions.get(tp.partition)
        return -1 if p is None else p.leader_epoch

    def topic_id(self, topic: str) -> uuid.UUID:
        t = self.topics.get(topic)
        return ZERO_UUID if t is None else t.topic_id

    def topic_name(self, topic_id: uuid.UUID) -> str | None:
        for t in self.topics.values():
            if t.topic_id == topic_id:
                return t.name
        return None

    def partition_counts(self, topics: Iterable[str] | None = None) -> dict[str, int]:
        names = self.topics if topics is None else topics
        return {t: n for t in names if (n := self.partition_count(t)) > 0}


def _leaders(topic: TopicMetadata) -> dict[int, int]:
    return {p: m.leader for p, m in topic.partitions.items()}

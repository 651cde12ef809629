"""Value types the client hands out and takes: partitions, records, offsets, metadata."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, NamedTuple


class TopicPartition(NamedTuple):
    topic: str
    partition: int

    def __str__(self) -> str:
        return f"{self.topic}-{self.partition}"


class OffsetAndMetadata(NamedTuple):
    """A committed offset: the offset of the next record to read, and free-form metadata."""

    offset: int
    metadata: str = ""
    leader_epoch: int = -1


class ConsumerRecord(NamedTuple):
    """A record read by the consumer (immutable, as kafka-python's)."""

    topic: str
    partition: int
    offset: int
    timestamp: int
    timestamp_type: int  # 0 CreateTime, 1 LogAppendTime
    key: Any
    value: Any
    headers: tuple[tuple[str, bytes | None], ...] = ()
    leader_epoch: int = -1

    @property
    def topic_partition(self) -> TopicPartition:
        return TopicPartition(self.topic, self.partition)


class RecordMetadata(NamedTuple):
    """Where a produced record landed. offset is -1 with acks=0. (A NamedTuple, as aiokafka's
    and ConsumerRecord: the producer makes one per record, and a tuple is made 10x faster
    than a frozen dataclass.)"""

    topic: str
    partition: int
    offset: int
    timestamp: int
    log_append_time: int = -1

    @property
    def topic_partition(self) -> TopicPartition:
        return TopicPartition(self.topic, self.partition)


@dataclass(frozen=True, slots=True)
class BrokerNode:
    node_id: int
    host: str
    port: int
    rack: str | None = None


@dataclass(frozen=True, slots=True)
class PartitionMetadata:
    topic: str
    partition: int
    leader: int  # -1: no leader right now
    leader_epoch: int = -1
    replicas: tuple[int, ...] = ()
    isr: tuple[int, ...] = ()
    error_code: int = 0


class OffsetSpec:
    """What AsyncAdmin.list_offsets and seek-by-time look up (Kafka's ListOffsets timestamps)."""

    LATEST = -1
    EARLIEST = -2
    MAX_TIMESTAMP = -3


DeliveryFuture = asyncio.Future  # resolves to RecordMetadata

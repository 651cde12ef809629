"""The boundary between a share-partition (on the partition's leader) and the durable copy of its
state (the share coordinator, on `__share_group_state`): Kafka's `Persister`.

A share-partition reads its state once when it is first used on this leader, then writes every
change that must survive a restart (acknowledgements, released and expired locks, a moved
start offset) before it answers the client. Acquisitions are not written: after a restart or a
leader move, an acquired record becomes AVAILABLE again with its delivery count kept.

The calls are per partition; an implementation may batch them (Kafka's DefaultPersister sends
one request per share coordinator).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Protocol

from protocol.errors import ErrorCode


class DeliveryState(enum.IntEnum):
    """Kafka's RecordState ids, as ShareSnapshot/ShareUpdate store them."""

    AVAILABLE = 0
    ACQUIRED = 1
    ACKNOWLEDGED = 2
    ARCHIVED = 4


@dataclass(frozen=True, slots=True)
class StateBatch:
    """Offsets first..last (inclusive) share one state and delivery count."""

    first_offset: int
    last_offset: int
    delivery_state: DeliveryState
    delivery_count: int


@dataclass(frozen=True, slots=True)
class PartitionKey:
    group_id: str
    topic_id: bytes  # the 16-byte topic id
    partition: int


@dataclass(frozen=True, slots=True)
class ShareState:
    """What ReadShareGroupState answers for one partition: the start offset (SPSO) and the
    batches past it whose state is not plain AVAILABLE with delivery count 0."""

    state_epoch: int
    start_offset: int  # -1: never initialized with an offset (the leader applies auto.offset.reset)
    leader_epoch: int = -1
    batches: tuple[StateBatch, ...] = ()


@dataclass(frozen=True, slots=True)
class StateSummary:
    state_epoch: int
    start_offset: int
    leader_epoch: int = -1


class PersisterError(Exception):
    """A persister call answered with Kafka's error code (e.g. FENCED_STATE_EPOCH,
    FENCED_LEADER_EPOCH, COORDINATOR_NOT_AVAILABLE, UNKNOWN_TOPIC_OR_PARTITION when the state
    was never initialized)."""

    def __init__(self, error: ErrorCode, message: str | None = None):
        super().__init__(message or error.name)
        self.error = error
        self.message = message


class Persister(Protocol):
    async def initialize(self, key: PartitionKey, state_epoch: int, start_offset: int) -> None:
        """InitializeShareGroupState: (re)start the partition's state at start_offset."""

    async def read(self, key: PartitionKey, leader_epoch: int) -> ShareState:
        """ReadShareGroupState; raises PersisterError(UNKNOWN_TOPIC_OR_PARTITION) if never
        initialized, FENCED_LEADER_EPOCH if a newer leader already read it."""

    async def write(
        self,
        key: PartitionKey,
        state_epoch: int,
        leader_epoch: int,
        start_offset: int,
        batches: tuple[StateBatch, ...],
    ) -> None:
        """WriteShareGroupState: returns once durable. start_offset -1 keeps the stored one;
        batches overwrite the stored ones where they overlap."""

    async def read_summary(self, key: PartitionKey, leader_epoch: int) -> StateSummary:
        """ReadShareGroupStateSummary (for DescribeShareGroupOffsets)."""

    async def delete(self, key: PartitionKey) -> None:
        """DeleteShareGroupState (DeleteShareGroupOffsets, DeleteGroups)."""


@dataclass
class InMemoryPersister:
    """The reference semantics, for pure tests of share-partitions (nothing survives a restart)."""

    states: dict[PartitionKey, ShareState] = field(default_factory=dict)

    async def initialize(self, key: PartitionKey, state_epoch: int, start_offset: int) -> None:
        self.states[key] = ShareState(state_epoch, start_offset)

    async def read(self, key: PartitionKey, leader_epoch: int) -> ShareState:
        state = self.states.get(key)
        if state is None:
            raise PersisterError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "share state not initialized")
        if leader_epoch < state.leader_epoch:
            raise PersisterError(ErrorCode.FENCED_LEADER_EPOCH)
        state = ShareState(state.state_epoch, state.start_offset, leader_epoch, state.batches)
        self.states[key] = state
        return state

    async def write(
        self,
        key: PartitionKey,
        state_epoch: int,
        leader_epoch: int,
        start_offset: int,
        batches: tuple[StateBatch, ...],
    ) -> None:
        state = self.states.get(key)
        if state is None:
            raise PersisterError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "share state not initialized")
        if state_epoch < state.state_epoch:
            raise PersisterError(ErrorCode.FENCED_STATE_EPOCH)
        if leader_epoch < state.leader_epoch:
            raise PersisterError(ErrorCode.FENCED_LEADER_EPOCH)
        start = state.start_offset if start_offset < 0 else start_offset
        self.states[key] = ShareState(
            state_epoch, start, leader_epoch, merge_batches(state.batches, batches, start)
        )

    async def read_summary(self, key: PartitionKey, leader_epoch: int) -> StateSummary:
        state = self.states.get(key)
        if state is None:
            raise PersisterError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "share state not initialized")
        return StateSummary(state.state_epoch, state.start_offset, state.leader_epoch)

    async def delete(self, key: PartitionKey) -> None:
        self.states.pop(key, None)


def merge_batches(
    old: tuple[StateBatch, ...], new: tuple[StateBatch, ...], start_offset: int
) -> tuple[StateBatch, ...]:
    """The stored batches after a write: `new` wins where ranges overlap, and nothing below the
    start offset is kept (as Kafka's share coordinator combines a snapshot with its updates)."""
    per_offset: dict[int, tuple[DeliveryState, int]] = {}
    for batch in (*old, *new):
        for offset in range(max(batch.first_offset, start_offset), batch.last_offset + 1):
            per_offset[offset] = (batch.delivery_state, batch.delivery_count)
    merged: list[StateBatch] = []
    for offset in sorted(per_offset):
        state, count = per_offset[offset]
        last = merged[-1] if merged else None
        if (
            last
            and last.last_offset + 1 == offset
            and (last.delivery_state, last.delivery_count) == (state, count)
        ):
            merged[-1] = StateBatch(last.first_offset, offset, state, count)
        else:
            merged.append(StateBatch(offset, offset, state, count))
    return tuple(merged)

"""What a consumer reads: its subscription (topics or a pattern) or manual assignment, and per
assigned partition the position, pause flag and pending offset reset. Pure state; no I/O."""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from client.errors import IllegalStateError
from client.structs import OffsetAndMetadata, TopicPartition

_LEGAL_TOPIC = re.compile(r"[a-zA-Z0-9._-]+")
MAX_TOPIC_NAME = 249


def topic_name_error(name: str) -> str | None:
    """Why Kafka refuses a topic name (its `Topic.validate`), or None if it is legal."""
    if not name:
        return "Topic name is illegal, it can't be empty"
    if name in (".", ".."):
        return 'Topic name cannot be "." or ".."'
    if len(name) > MAX_TOPIC_NAME:
        return (
            f"Topic name is illegal, it can't be longer than {MAX_TOPIC_NAME} characters, topic name: {name}"
        )
    if not _LEGAL_TOPIC.fullmatch(name):
        return (
            f'Topic name "{name}" is illegal, it contains a character other than '
            "ASCII alphanumerics, '.', '_' and '-'"
        )
    return None


class SubscriptionType(enum.Enum):
    NONE = "none"
    TOPICS = "topics"
    PATTERN = "pattern"
    USER_ASSIGNED = "user_assigned"


class ResetStrategy(enum.Enum):
    EARLIEST = "earliest"
    LATEST = "latest"
    NONE = "none"


@dataclass(slots=True)
class PartitionState:
    position: int | None = None  # the offset of the next record to hand out
    leader_epoch: int = -1
    paused: bool = False
    reset: ResetStrategy | None = None  # a pending reset (ListOffsets) of the position
    highwater: int | None = None
    last_stable: int | None = None
    log_start: int | None = None
    pending_revocation: bool = False

    @property
    def fetchable(self) -> bool:
        return self.position is not None and not self.paused and not self.pending_revocation

    @property
    def needs_position(self) -> bool:
        return self.position is None and not self.pending_revocation


class SubscriptionState:
    def __init__(self, default_reset: ResetStrategy | str = ResetStrategy.LATEST):
        self.default_reset = ResetStrategy(default_reset)
        self.type = SubscriptionType.NONE
        self.pattern: re.Pattern[str] | None = None
        self.subscription: set[str] = set()  # topics subscribed to (or matched by the pattern)
        self.group_subscription: set[str] = set()  # the leader's view: every member's topics
        self.assignment: dict[TopicPartition, PartitionState] = {}
        self.version = 0  # bumped whenever the assignment changes
        # partition -> offset of the first record fetched but not yet handed to the application
        self.unconsumed: Callable[[], dict[TopicPartition, int]] | None = None

    # --- subscribing -------------------------------------------------------------------------

    def _set_type(self, kind: SubscriptionType) -> None:
        if self.type not in (SubscriptionType.NONE, kind):
            raise IllegalStateError("subscribe() and assign() cannot be mixed; unsubscribe() first")
        self.type = kind

    def subscribe(self, topics: Iterable[str]) -> bool:
        """Subscribe to exactly these topics; whether the subscription changed."""
        self._set_type(SubscriptionType.TOPICS)
        return self._change_subscription(set(topics))

    def subscribe_pattern(self, pattern: str | re.Pattern[str]) -> None:
        self._set_type(SubscriptionType.PATTERN)
        self.pattern = re.compile(pattern) if isinstance(pattern, str) else pattern

    def match_topics(self, topics: Iterable[str]) -> bool:
        """With a pattern subscription, subscribe to the `topics` it matches; whether that changed."""
        if self.type is not SubscriptionType.PATTERN or self.pattern is None:
            return False
        return self._change_subscription({t for t in topics if self.pattern.fullmatch(t)})

    def _change_subscription(self, topics: set[str]) -> bool:
        if topics == self.subscription:
            return False
        self.subscription = topics
        self.group_subscription |= topics
        return True

    def assign_from_user(self, partitions: Iterable[TopicPartition]) -> None:
        self._set_type(SubscriptionType.USER_ASSIGNED)
        self._replace_assignment(set(partitions))
        self.subscription = {tp.topic for tp in self.assignment}

    def unsubscribe(self) -> None:
        self.type = SubscriptionType.NONE
        self.pattern = None
        self.subscription = set()
        self.group_subscription = set()
        self._replace_assignment(set())

    @property
    def group_managed(self) -> bool:
        return self.type in (SubscriptionType.TOPICS, SubscriptionType.PATTERN)

    # --- assignment --------------------------------------------------------------------------

    def assign_from_subscribed(self, partitions: Iterable[TopicPartition]) -> None:
        """The group gave us these partitions; keep the state of those we already had."""
        self._replace_assignment(set(partitions))

    def _replace_assignment(self, partitions: set[TopicPartition]) -> None:
        if partitions == set(self.assignment):
            return
        self.assignment = {tp: self.assignment.get(tp) or PartitionState() for tp in sorted(partitions)}
        self.version += 1

    def mark_pending_revocation(self, partitions: Iterable[TopicPartition]) -> None:
        """Stop handing out records of these partitions (their revocation is under way)."""
        for tp in partitions:
            state = self.assignment.get(tp)
            if state is not None:
                state.pending_revocation = True
        self.version += 1

    def assigned(self) -> set[TopicPartition]:
        return set(self.assignment)

    def is_assigned(self, tp: TopicPartition) -> bool:
        return tp in self.assignment

    def _state(self, tp: TopicPartition) -> PartitionState:
        state = self.assignment.get(tp)
        if state is None:
            raise IllegalStateError(f"partition {tp} is not assigned to this consumer")
        return state

    # --- positions ---------------------------------------------------------------------------

    def seek(self, tp: TopicPartition, offset: int, leader_epoch: int = -1) -> None:
        if offset < 0:
            raise ValueError(f"cannot seek {tp} to negative offset {offset}")
        state = self._state(tp)
        state.position, state.leader_epoch, state.reset = offset, leader_epoch, None
        self.version += 1

    def request_reset(self, tp: TopicPartition, strategy: ResetStrategy | None = None) -> None:
        state = self._state(tp)
        state.position, state.reset = None, strategy or self.default_reset
        self.version += 1

    def position(self, tp: TopicPartition) -> int | None:
        return self._state(tp).position

    def advance(self, tp: TopicPartition, offset: int) -> None:
        """The next offset to hand out is now `offset` (records before it were handed out)."""
        state = self.assignment.get(tp)
        if state is not None and state.position is not None and offset > state.position:
            state.position = offset

    def pause(self, tps: Iterable[TopicPartition]) -> None:
        for tp in tps:
            self._state(tp).paused = True
        self.version += 1

    def resume(self, tps: Iterable[TopicPartition]) -> None:
        for tp in tps:
            self._state(tp).paused = False
        self.version += 1

    def paused(self) -> set[TopicPartition]:
        return {tp for tp, s in self.assignment.items() if s.paused}

    def fetchable(self) -> list[TopicPartition]:
        return [tp for tp, s in self.assignment.items() if s.fetchable]

    def missing_positions(self) -> list[TopicPartition]:
        return [tp for tp, s in self.assignment.items() if s.needs_position]

    def all_consumed(self) -> dict[TopicPartition, OffsetAndMetadata]:
        """Offsets to commit: the position of every assigned partition that has one, or, where
        the application holds records it has not been given yet (the consumer's iterator), the
        offset of the first of those."""
        held = self.unconsumed() if self.unconsumed is not None else {}
        return {
            tp: OffsetAndMetadata(held.get(tp, s.position), "", s.leader_epoch)
            for tp, s in self.assignment.items()
            if s.position is not None
        }

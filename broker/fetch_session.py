"""Fetch sessions (KIP-227): a consumer or follower that fetches many partitions sends, after a
first full Fetch, only what changed (new fetch offsets, added or forgotten partitions), and the
broker answers only the partitions with something new (records, a moved high watermark or log
start offset, an error). Pure logic, no I/O: the Fetch handler (broker/apis/fetch.py) asks
`FetchSessionCache.context` what to read, reads it, then asks the context which partitions the
answer carries.

Kafka's rules (FetchSession.scala, FetchManager.newContext):
- session_epoch -1 (FINAL): a full, sessionless fetch; a session_id given is closed first.
- session_epoch 0 (INITIAL): a full fetch that opens a new session (closing the one named, if
  any) when the cache has a slot (`max.incremental.fetch.session.cache.slots`, default 1000), or
  can evict a session idle for `min.incremental.fetch.session.eviction.ms`; else session id 0.
- session_epoch > 0: incremental. An unknown session id is FETCH_SESSION_ID_NOT_FOUND, a wrong
  epoch INVALID_FETCH_SESSION_EPOCH, a switch between topic names and topic ids
  FETCH_SESSION_TOPIC_ID_ERROR; otherwise the request's partitions are added or updated, the
  forgotten ones removed, and the session expects epoch + 1 next.
"""

from __future__ import annotations

import enum
import itertools
import random
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field

from protocol.errors import ErrorCode
from protocol.typed import FetchRequestTopicPartition

FINAL_EPOCH = -1
INITIAL_EPOCH = 0
INVALID_SESSION_ID = 0

TopicKey = Hashable  # the topic name (Fetch v7-12) or its id (v13+)


def _now_ms() -> int:
    return int(time.monotonic() * 1000)


@dataclass(slots=True)
class SessionPartition:
    """One partition of a session: what the consumer last asked for, and what it was last told
    (so that an unchanged partition is left out of the next answer). Carries the same names as
    a decoded request partition, so the handler reads either alike."""

    topic: str  # the name, "" if requested by an id this broker does not know
    topic_id: uuid.UUID | None  # None before v13 (topics by name)
    partition: int
    fetch_offset: int
    partition_max_bytes: int
    current_leader_epoch: int = -1
    log_start_offset: int = -1
    last_fetched_epoch: int = -1
    sent_high_watermark: int | None = None  # None: never answered (always included)
    sent_log_start_offset: int | None = None

    def update(self, p: FetchRequestTopicPartition | SessionPartition) -> None:
        self.fetch_offset = p.fetch_offset
        self.partition_max_bytes = p.partition_max_bytes
        self.current_leader_epoch = getattr(p, "current_leader_epoch", -1)
        self.log_start_offset = getattr(p, "log_start_offset", -1)
        self.last_fetched_epoch = getattr(p, "last_fetched_epoch", -1)


@dataclass(slots=True)
class FetchSession:
    session_id: int
    uses_topic_ids: bool
    epoch: int  # the epoch the next incremental request must carry
    partitions: OrderedDict[tuple[TopicKey, int], SessionPartition]
    last_used_ms: int
    created_ms: int


class Kind(enum.Enum):
    SESSIONLESS = "sessionless"  # epoch -1: full fetch, no session
    FULL = "full"  # epoch 0: full fetch, opening a session if a slot is free
    INCREMENTAL = "incremental"


@dataclass(slots=True)
class SessionTopic:
    """A topic of what to fetch, as the handler reads request topics."""

    topic: str
    topic_id: uuid.UUID | None
    partitions: list[FetchRequestTopicPartition | SessionPartition] = field(default_factory=list)


@dataclass(slots=True)
class FetchContext:
    kind: Kind
    topics: list[SessionTopic]  # what to fetch, grouped by topic, in session order
    session: FetchSession | None = None
    new_session_id: int = INVALID_SESSION_ID  # for FULL: the session to open with the answer
    cache: FetchSessionCache | None = None

    @property
    def session_id(self) -> int:
        if self.kind is Kind.INCREMENTAL and self.session is not None:
            return self.session.session_id
        return self.new_session_id

    def must_answer(
        self, part: SessionPartition, records: int, high_watermark: int, log_start: int, error: int
    ) -> bool:
        """Whether an incremental answer carries this partition (Kafka's
        CachedPartition.maybeUpdateResponseData), remembering what it is told."""
        include = records > 0 or error != ErrorCode.NONE
        if part.sent_high_watermark != high_watermark:
            include = True
        if part.sent_log_start_offset != log_start:
            include = True
        # After an error, -1 makes the partition come back once the error is gone.
        part.sent_high_watermark = -1 if error != ErrorCode.NONE else high_watermark
        part.sent_log_start_offset = log_start
        return include


class FetchSessionCache:
    """The broker's fetch sessions, least recently used first."""

    def __init__(
        self,
        max_slots: int = 1000,
        eviction_ms: int = 120_000,
        clock: Callable[[], int] = _now_ms,
        rng: random.Random | None = None,
    ):
        self.max_slots = max_slots
        self.eviction_ms = eviction_ms
        self.clock = clock
        self._rng = rng or random.Random()
        self.sessions: OrderedDict[int, FetchSession] = OrderedDict()
        self.evictions = 0
        self.incremental_fetches = 0  # served (for tests and metrics)

    def __len__(self) -> int:
        return len(self.sessions)

    def _new_id(self) -> int:
        for _ in itertools.count():
            sid = self._rng.randint(1, 0x7FFFFFFF)
            if sid not in self.sessions:
                return sid
        raise AssertionError("unreachable")

    def remove(self, session_id: int) -> None:
        self.sessions.pop(session_id, None)

    def context(
        self,
        session_id: int,
        epoch: int,
        uses_topic_ids: bool,
        topics: Iterable[tuple[str, uuid.UUID | None, list[FetchRequestTopicPartition]]],
        forgotten: Iterable[tuple[TopicKey, Iterable[int]]],
    ) -> FetchContext | ErrorCode:
        """What a Fetch request asks, given its session fields: its `topics` as (name, id,
        request partitions) and `forgotten` as (topic key, partitions). An ErrorCode answers
        the whole request (with session id 0 and no partitions)."""
        if epoch in (FINAL_EPOCH, INITIAL_EPOCH):
            if session_id != INVALID_SESSION_ID:
                self.remove(session_id)
            grouped = [SessionTopic(name, tid, list(parts)) for name, tid, parts in topics]
            if epoch == FINAL_EPOCH:
                return FetchContext(Kind.SESSIONLESS, grouped)
            return FetchContext(Kind.FULL, grouped, cache=self)
        if epoch < FINAL_EPOCH:
            return ErrorCode.INVALID_FETCH_SESSION_EPOCH
        session = self.sessions.get(session_id)
        if session is None:
            return ErrorCode.FETCH_SESSION_ID_NOT_FOUND
        if session.epoch != epoch:
            return ErrorCode.INVALID_FETCH_SESSION_EPOCH
        if session.uses_topic_ids != uses_topic_ids:
            return ErrorCode.FETCH_SESSION_TOPIC_ID_ERROR
        parts = session.partitions
        for name, tid, request_parts in topics:
            key = tid if uses_topic_ids else name
            for p in request_parts:
                held = parts.get((key, p.partition))
                if held is None:
                    held = parts[(key, p.partition)] = SessionPartition(name, tid, p.partition, 0, 0)
                held.update(p)
        for gone, partitions in forgotten:
            for index in partitions:
                parts.pop((gone, index), None)
        session.epoch = epoch + 1 if epoch < 0x7FFFFFFF else 1
        session.last_used_ms = self.clock()
        self.sessions.move_to_end(session_id)
        self.incremental_fetches += 1
        return FetchContext(Kind.INCREMENTAL, _grouped(parts.values()), session, cache=self)

    def open(self, uses_topic_ids: bool, topics: list[SessionTopic]) -> FetchSession | None:
        """A new session over a full fetch's partitions (None when no slot is free), which
        expects epoch 1 next."""
        now = self.clock()
        if self.max_slots <= 0:
            return None
        if len(self.sessions) >= self.max_slots:
            oldest_id, oldest = next(iter(self.sessions.items()))
            if now - oldest.last_used_ms < self.eviction_ms:
                return None
            del self.sessions[oldest_id]
            self.evictions += 1
        parts: OrderedDict[tuple[TopicKey, int], SessionPartition] = OrderedDict()
        for t in topics:
            key = t.topic_id if uses_topic_ids else t.topic
            for p in t.partitions:
                held = SessionPartition(t.topic, t.topic_id, p.partition, 0, 0)
                held.update(p)
                parts[(key, p.partition)] = held
        session = FetchSession(self._new_id(), uses_topic_ids, 1, parts, now, now)
        self.sessions[session.session_id] = session
        return session


def _grouped(parts: Iterable[SessionPartition]) -> list[SessionTopic]:
    """Session partitions as topics, each topic where its first partition is (Kafka's order)."""
    topics: dict[tuple[str, uuid.UUID | None], SessionTopic] = {}
    for p in parts:
        key = (p.topic, p.topic_id)
        t = topics.get(key)
        if t is None:
            t = topics[key] = SessionTopic(p.topic, p.topic_id)
        t.partitions.append(p)
    return list(topics.values())

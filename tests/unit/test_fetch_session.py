"""Fetch sessions (KIP-227) without sockets: the cache's answers to each epoch, what an
incremental request fetches, and which partitions its answer carries."""

from __future__ import annotations

from dataclasses import dataclass

from broker.fetch_session import FetchContext, FetchSessionCache, Kind, SessionPartition
from protocol.errors import ErrorCode


@dataclass
class P:
    partition: int
    fetch_offset: int = 0
    partition_max_bytes: int = 1 << 20
    current_leader_epoch: int = -1
    log_start_offset: int = -1


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000

    def __call__(self) -> int:
        return self.now


def full(cache: FetchSessionCache, partitions: list[int], topic: str = "t") -> FetchContext:
    ctx = cache.context(0, 0, False, [(topic, None, [P(i) for i in partitions])], [])
    assert isinstance(ctx, FetchContext) and ctx.kind is Kind.FULL
    session = cache.open(False, ctx.topics)
    if session is not None:
        ctx.new_session_id = session.session_id
    return ctx


def test_epoch_minus_one_is_sessionless_and_closes_a_named_session() -> None:
    cache = FetchSessionCache()
    sid = full(cache, [0, 1]).session_id
    assert sid != 0 and len(cache) == 1
    ctx = cache.context(sid, -1, False, [("t", None, [P(0)])], [])
    assert isinstance(ctx, FetchContext) and ctx.kind is Kind.SESSIONLESS and ctx.session_id == 0
    assert len(cache) == 0


def test_incremental_errors_as_kafka_answers_them() -> None:
    cache = FetchSessionCache()
    sid = full(cache, [0]).session_id
    assert cache.context(sid + 1, 1, False, [], []) == ErrorCode.FETCH_SESSION_ID_NOT_FOUND
    assert cache.context(sid, 2, False, [], []) == ErrorCode.INVALID_FETCH_SESSION_EPOCH
    assert cache.context(sid, 1, True, [], []) == ErrorCode.FETCH_SESSION_TOPIC_ID_ERROR
    ok = cache.context(sid, 1, False, [], [])
    assert isinstance(ok, FetchContext) and ok.kind is Kind.INCREMENTAL and ok.session_id == sid
    assert cache.context(sid, 1, False, [], []) == ErrorCode.INVALID_FETCH_SESSION_EPOCH  # 2 is next
    assert isinstance(cache.context(sid, 2, False, [], []), FetchContext)


def test_incremental_updates_adds_and_forgets_partitions() -> None:
    cache = FetchSessionCache()
    sid = full(cache, [0, 1, 2]).session_id
    ctx = cache.context(
        sid, 1, False, [("t", None, [P(1, fetch_offset=50)]), ("u", None, [P(0)])], [("t", [2])]
    )
    assert isinstance(ctx, FetchContext)
    fetched = [(t.topic, p.partition, p.fetch_offset) for t in ctx.topics for p in t.partitions]
    assert fetched == [("t", 0, 0), ("t", 1, 50), ("u", 0, 0)]


def test_answers_carry_only_changed_partitions() -> None:
    cache = FetchSessionCache()
    sid = full(cache, [0, 1]).session_id
    session = cache.sessions[sid]
    p0, p1 = session.partitions[("t", 0)], session.partitions[("t", 1)]
    ctx = cache.context(sid, 1, False, [], [])
    assert isinstance(ctx, FetchContext)
    # Never answered yet: both go out once.
    assert ctx.must_answer(p0, 0, 10, 0, 0) and ctx.must_answer(p1, 0, 10, 0, 0)
    assert not ctx.must_answer(p0, 0, 10, 0, 0)  # nothing new
    assert ctx.must_answer(p0, 100, 10, 0, 0)  # records
    assert ctx.must_answer(p1, 0, 11, 0, 0)  # the high watermark moved
    assert ctx.must_answer(p1, 0, 11, 5, 0)  # the log start moved
    assert ctx.must_answer(p1, 0, 11, 5, ErrorCode.NOT_LEADER_OR_FOLLOWER)  # an error
    assert ctx.must_answer(p1, 0, 11, 5, 0)  # and again once the error is gone
    assert not ctx.must_answer(p1, 0, 11, 5, 0)


def test_slots_and_eviction_of_idle_sessions() -> None:
    clock = Clock()
    cache = FetchSessionCache(max_slots=2, eviction_ms=1000, clock=clock)
    first = full(cache, [0]).session_id
    second = full(cache, [0]).session_id
    assert first and second and len(cache) == 2
    assert full(cache, [0]).session_id == 0  # full, and nobody idle long enough: no session
    clock.now += 500
    assert isinstance(cache.context(second, 1, False, [], []), FetchContext)  # second stays fresh
    clock.now += 600  # first has been idle 1,100 ms
    third = full(cache, [0]).session_id
    assert third != 0 and first not in cache.sessions and second in cache.sessions
    assert cache.evictions == 1


def test_zero_slots_means_no_sessions() -> None:
    cache = FetchSessionCache(max_slots=0)
    assert full(cache, [0]).session_id == 0


def test_session_partition_reads_like_a_request_partition() -> None:
    sp = SessionPartition("t", None, 3, 0, 0)
    sp.update(P(3, fetch_offset=7, partition_max_bytes=100, current_leader_epoch=2))
    assert (sp.partition, sp.fetch_offset, sp.partition_max_bytes, sp.current_leader_epoch) == (3, 7, 100, 2)

"""The producer's batching decisions, without I/O: linger, batch size, muting, retries, expiry."""

from __future__ import annotations

import asyncio

from client.accumulator import BATCH_OVERHEAD, ProducerBatch, RecordAccumulator, record_size
from client.structs import TopicPartition
from protocol.records import decode_batches

T0, T1 = TopicPartition("t", 0), TopicPartition("t", 1)
LEADERS = {T0: 1, T1: 2}


def leader_of(tp: TopicPartition) -> int:
    return LEADERS.get(tp, -1)


def add(acc: RecordAccumulator, tp: TopicPartition, value: bytes, now: float, ts: int = 1000):
    return acc.append(tp, None, value, [], ts, object(), now)


def test_records_share_a_batch_until_it_is_full() -> None:
    acc = RecordAccumulator(batch_size=BATCH_OVERHEAD + 3 * record_size(None, b"x" * 10, []), linger_ms=1000)
    batches = [add(acc, T0, b"x" * 10, 0.0) for _ in range(4)]
    assert [created for _, created in batches] == [True, False, False, True]
    assert batches[0][0].full and batches[0][0].count == 3
    assert len(acc.batches[T0]) == 2


def test_a_batch_waits_for_linger_unless_full() -> None:
    acc = RecordAccumulator(batch_size=16384, linger_ms=50)
    add(acc, T0, b"a", now=10.0)
    r = acc.ready(10.01, leader_of)
    assert r.nodes == set() and abs(r.next_check - 0.04) < 1e-9
    assert acc.ready(10.05, leader_of).nodes == {1}


def test_flush_and_close_send_at_once() -> None:
    acc = RecordAccumulator(linger_ms=1000)
    add(acc, T0, b"a", now=0.0)
    acc.flushing = True
    assert acc.ready(0.0, leader_of).nodes == {1}


def test_drain_takes_one_batch_per_partition_and_mutes_it() -> None:
    acc = RecordAccumulator(batch_size=100, linger_ms=0)
    for _ in range(3):
        add(acc, T0, b"x" * 60, 0.0)  # each fills a batch
    add(acc, T1, b"y", 0.0)
    drained = acc.drain({1, 2}, leader_of, 1_000_000, 0.0)
    assert [len(b) for b in (drained[1], drained[2])] == [1, 1]
    assert acc.muted == {T0, T1}
    # muted partitions are neither ready nor drained again
    assert acc.ready(1.0, leader_of).nodes == set()
    assert acc.drain({1, 2}, leader_of, 1_000_000, 1.0) == {}
    acc.complete(drained[1][0])
    assert acc.ready(1.0, leader_of).nodes == {1}


def test_drain_respects_max_request_size_but_sends_at_least_one_batch() -> None:
    acc = RecordAccumulator(batch_size=10_000, linger_ms=0)
    for tp in (T0, TopicPartition("u", 0)):
        LEADERS[tp] = 1
        add(acc, tp, b"z" * 5000, 0.0)
    drained = acc.drain({1}, leader_of, 6000, 0.0)
    assert len(drained[1]) == 1
    del LEADERS[TopicPartition("u", 0)]


def test_retry_goes_to_the_head_after_the_backoff() -> None:
    acc = RecordAccumulator(linger_ms=0, retry_backoff_ms=100)
    add(acc, T0, b"first", 0.0)
    (batch,) = acc.drain({1}, leader_of, 1_000_000, 0.0)[1]
    add(acc, T0, b"second", 0.01)
    acc.reenqueue(batch, now=0.02)
    assert acc.batches[T0][0] is batch and batch.attempts == 1
    r = acc.ready(0.05, leader_of)
    assert r.nodes == set() and abs(r.next_check - 0.07) < 1e-9
    assert acc.ready(0.13, leader_of).nodes == {1}
    assert acc.drain({1}, leader_of, 1_000_000, 0.13)[1] == [batch]  # order kept: first before second


def test_unknown_leader_is_reported() -> None:
    acc = RecordAccumulator(linger_ms=0)
    add(acc, TopicPartition("nowhere", 0), b"x", 0.0)
    r = acc.ready(1.0, leader_of)
    assert r.nodes == set() and r.unknown_leaders == {"nowhere"}


def test_expired_batches_are_removed() -> None:
    acc = RecordAccumulator(linger_ms=10_000)
    add(acc, T0, b"old", 0.0)
    add(acc, T1, b"new", 5.0)
    expired = acc.expired(6.0, delivery_timeout=3.0)
    assert [b.tp for b in expired] == [T0]
    assert acc.pending() == 1


def test_batch_builds_a_valid_record_batch_with_timestamps() -> None:
    acc = RecordAccumulator(linger_ms=0)
    acc.append(T0, b"k", b"v1", [("h", b"1")], 5000, object(), 0.0)
    acc.append(T0, None, b"v2", [], 5007, object(), 0.0)
    (batch,) = acc.drain({1}, leader_of, 1_000_000, 0.0)[1]
    (decoded,) = decode_batches(batch.build(0))
    assert [(ts, r.key, r.value, r.headers) for _, ts, r in decoded] == [
        (5000, b"k", b"v1", [("h", b"1")]),
        (5007, None, b"v2", []),
    ]


async def test_a_batch_completion_asked_after_it_finished_is_resolved() -> None:
    # flush() asks for the completion of the batches of requests still listed in flight, whose
    # batches may have finished already (the task's done callback has not run yet).
    loop = asyncio.get_running_loop()
    batch = ProducerBatch(TopicPartition("t", 0), 0.0, 0)
    batch.finish()
    assert batch.completion(loop).done()
    other = ProducerBatch(TopicPartition("t", 0), 0.0, 0)
    waiting = other.completion(loop)
    assert not waiting.done()
    other.finish()
    assert waiting.done()

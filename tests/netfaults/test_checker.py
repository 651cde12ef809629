"""The fault tests' checker on synthetic histories: a history of a correct system passes whatever
its shape, and each kind of damage done to one is found, with a window that shows it."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.netfaults.checker import (
    Commit,
    Fault,
    History,
    Kind,
    OffsetRead,
    Outcome,
    Produce,
    Read,
    Txn,
    check,
)

TOPIC, TXN_TOPIC = "data", "txn"


@st.composite
def correct_histories(draw: Any) -> History:
    """A run of a system that keeps its promises: acknowledged records stay where they were
    acknowledged, commits move forward, transactions are all or nothing."""
    h = History()
    clock = iter(range(1, 10**9))
    logs: dict[int, list[bytes]] = {p: [] for p in range(draw(st.integers(1, 3)))}
    clients = [(f"c{i}", draw(st.booleans())) for i in range(draw(st.integers(1, 3)))]
    seqs = dict.fromkeys((c for c, _ in clients), 0)
    for n in range(draw(st.integers(0, 40))):
        if draw(st.integers(0, 9)) == 0:
            h.ops.append(Fault(draw(st.sampled_from(["cut b1", "heal"])), next(clock)))
        client, idempotent = draw(st.sampled_from(clients))
        p = draw(st.sampled_from(sorted(logs)))
        value = f"{client}-{n}".encode()
        sent = next(clock)
        fate = draw(st.sampled_from(["acked", "failed-absent", "failed-written", "retried-twice"]))
        if fate == "retried-twice" and idempotent:
            fate = "acked"
        offset = None
        if fate != "failed-absent":
            offset = len(logs[p])
            logs[p].append(value)
        if fate == "retried-twice":
            logs[p].append(value)  # a retry of a write whose answer was lost: allowed without idempotence
        acked = fate in ("acked", "retried-twice")
        where = (p, offset) if acked else (None, None)
        h.ops.append(Produce(client, idempotent, TOPIC, value, seqs[client], sent, next(clock), *where))
        seqs[client] += 1
        if offset is not None and draw(st.booleans()):
            h.ops.append(Read("reader", TOPIC, p, offset, value, next(clock)))
    h.final_log = {(TOPIC, p): list(enumerate(values)) for p, values in logs.items()}
    for g in range(draw(st.integers(0, 3))):
        stored = -1
        offset = 0
        for _ in range(draw(st.integers(0, 8))):
            offset += draw(st.integers(1, 5))
            sent = next(clock)
            fate = draw(st.sampled_from(["ok", "failed-absent", "failed-applied"]))
            if fate != "failed-absent":
                stored = offset
            h.ops.append(Commit(f"g{g}", TOPIC, 0, offset, sent, next(clock), fate == "ok"))
            if draw(st.booleans()):
                sent = next(clock)
                h.ops.append(OffsetRead(f"g{g}", TOPIC, 0, stored, sent, next(clock)))
        h.final_offsets[(f"g{g}", TOPIC, 0)] = stored
    visible: list[bytes] = []
    for t in range(draw(st.integers(0, 6))):
        values = tuple(f"t{t}-{i}".encode() for i in range(draw(st.integers(1, 3))))
        outcome = draw(st.sampled_from(list(Outcome)))
        if outcome is Outcome.COMMITTED or (outcome is Outcome.UNKNOWN and draw(st.booleans())):
            visible.extend(values)
        h.ops.append(Txn("tx", TXN_TOPIC, values, next(clock), next(clock), outcome))
    h.final_committed = {(TXN_TOPIC, 0): list(enumerate(visible))}
    h.end = next(clock)
    return h


@settings(max_examples=200, deadline=None)
@given(correct_histories())
def test_a_correct_history_passes(h: History) -> None:
    report = check(h)
    assert report.ok, report.explain()
    assert report.acknowledged + report.unacknowledged == sum(isinstance(op, Produce) for op in h.ops)


def _acked(h: History) -> list[Produce]:
    return [op for op in h.ops if isinstance(op, Produce) and op.offset is not None]


@settings(max_examples=100, deadline=None)
@given(correct_histories(), st.data())
def test_a_lost_record_is_found(h: History, data: Any) -> None:
    acked = _acked(h)
    if not acked:
        return
    victim = data.draw(st.sampled_from(acked))
    tp = (victim.topic, victim.partition)
    # truncated from the victim on, as an unclean election would
    h.final_log[tp] = [(o, v) for o, v in h.final_log[tp] if o < (victim.offset or 0)]
    report = check(h)
    lost = [a for a in report.anomalies if a.kind is Kind.LOST]
    assert any(victim in a.window for a in lost)


@settings(max_examples=100, deadline=None)
@given(correct_histories(), st.data())
def test_a_duplicate_of_an_idempotent_producer_is_found(h: History, data: Any) -> None:
    acked = [op for op in _acked(h) if op.idempotent]
    if not acked:
        return
    victim = data.draw(st.sampled_from(acked))
    tp = (victim.topic, victim.partition)
    records = h.final_log[tp]
    records.append((records[-1][0] + 1, victim.value))
    assert check(h).count(Kind.DUPLICATED) >= 1


@settings(max_examples=100, deadline=None)
@given(correct_histories(), st.data())
def test_a_read_of_a_truncated_record_is_found(h: History, data: Any) -> None:
    reads = [op for op in h.ops if isinstance(op, Read)]
    if not reads:
        return
    victim = data.draw(st.sampled_from(reads))
    tp = (victim.topic, victim.partition)
    h.final_log[tp] = [(o, v if o != victim.offset else b"other") for o, v in h.final_log[tp]]
    report = check(h)
    assert report.count(Kind.TRUNCATED_READ) >= 1


def test_a_gap_and_a_reordering_are_found() -> None:
    h = History(end=10)
    h.ops = [
        Produce("c", True, TOPIC, b"a", 0, 1, 2, 0, 1),
        Produce("c", True, TOPIC, b"b", 1, 3, 4, 0, 0),
    ]
    h.final_log = {(TOPIC, 0): [(0, b"b"), (1, b"a"), (3, b"c")]}
    report = check(h)
    assert report.count(Kind.GAP) == 1
    assert report.count(Kind.REORDERED) == 1
    assert report.count(Kind.LOST) == 0


@settings(max_examples=100, deadline=None)
@given(correct_histories(), st.data())
def test_a_commit_moved_back_or_lost_is_found(h: History, data: Any) -> None:
    commits = [op for op in h.ops if isinstance(op, Commit) and op.ok]
    if not commits:
        return
    victim = data.draw(st.sampled_from(commits))
    key = (victim.group, victim.topic, victim.partition)
    h.final_offsets[key] = victim.offset - 1  # the end reads less than was acknowledged
    report = check(h)
    assert report.count(Kind.COMMIT_LOST) >= 1
    lost = next(a for a in report.anomalies if a.kind is Kind.COMMIT_LOST)
    assert any(isinstance(op, Commit) for op in lost.window)


def test_a_read_below_an_earlier_read_is_a_move_back() -> None:
    h = History(end=10)
    h.ops = [
        Commit("g", TOPIC, 0, 5, 1, 2, ok=False),  # applied, though its answer was lost
        OffsetRead("g", TOPIC, 0, 5, 3, 4),
        OffsetRead("g", TOPIC, 0, 3, 5, 6),
    ]
    report = check(h)
    assert report.count(Kind.COMMIT_MOVED_BACK) == 1
    assert report.count(Kind.COMMIT_LOST) == 0


@settings(max_examples=100, deadline=None)
@given(correct_histories(), st.data())
def test_transaction_anomalies_are_found(h: History, data: Any) -> None:
    txns = [op for op in h.ops if isinstance(op, Txn)]
    if not txns:
        return
    victim = data.draw(st.sampled_from(txns))
    records = h.final_committed[(TXN_TOPIC, 0)]
    values = [v for _, v in records]
    if victim.outcome is Outcome.COMMITTED:
        values = [v for v in values if v != victim.values[0]]
        expected = Kind.COMMITTED_MISSED
    elif victim.outcome is Outcome.ABORTED:
        values.append(victim.values[0])
        expected = Kind.ABORTED_READ
    else:
        if len(victim.values) < 2:
            return
        values = [v for v in values if v not in victim.values] + [victim.values[0]]
        expected = Kind.TXN_PARTIAL
    h.final_committed[(TXN_TOPIC, 0)] = list(enumerate(values))
    report = check(h)
    assert report.count(expected) == 1, report.explain()


def test_the_window_holds_the_fault_in_force() -> None:
    produce = Produce("c", True, TOPIC, b"a", 0, 5, 6, 0, 0)
    h = History(ops=[Fault("cut b1", 1), produce, Fault("heal", 8), Fault("cut b2", 20)], end=10)
    h.final_log = {(TOPIC, 0): []}
    report = check(h)
    (lost,) = report.anomalies
    assert lost.window == (Fault("cut b1", 1), produce, Fault("heal", 8))
    assert "lost: 1" in report.summary()
    assert dataclasses.astuple(lost.window[1]) == dataclasses.astuple(produce)

"""What a history of a fault test must satisfy, checked after the run (pure: no sockets, no clock).

A history is every operation the clients sent, its answer and its times (`sent`, `done`, seconds
on one monotonic clock), the faults put in and healed, and what was read at the end once the
network healed (`final_log`: every record of every data partition; `final_committed`: the
transactional topic read with read_committed; `final_offsets`: every group's committed offsets).

The properties, after Jepsen's Kafka checker where they overlap:
- produce (acks=all): every acknowledged record is in the final log at the offset it was
  acknowledged with (none lost); a record of an idempotent producer is there once (none
  duplicated); each partition's offsets are contiguous; an idempotent producer's acknowledged
  records of a partition have offsets in the order it sent them; every record a consumer read
  during the run is still at that offset at the end (none read and later truncated);
- groups: a committed offset read after another read never moved back, nor below a commit
  acknowledged before the read was sent (no acknowledged commit lost);
- transactions: read_committed returns no record of an aborted transaction and every record of a
  committed one, and a transaction whose outcome the client did not learn is all there or absent.

Each anomaly comes with the smallest window of history that shows it: the operations on the same
key (partition, group partition, transaction) from the first that the anomaly rests on to the
evidence against it, and the faults in force in between."""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from enum import Enum

TP = tuple[str, int]  # topic, partition


@dataclass(frozen=True, slots=True)
class Produce:
    client: str
    idempotent: bool
    topic: str
    value: bytes
    seq: int  # the client's send order
    sent: float
    done: float
    partition: int | None = None  # None: not acknowledged (an error, or no answer)
    offset: int | None = None


@dataclass(frozen=True, slots=True)
class Read:
    """A record a consumer read during the run (read_uncommitted, below the high watermark)."""

    client: str
    topic: str
    partition: int
    offset: int
    value: bytes
    done: float


@dataclass(frozen=True, slots=True)
class Commit:
    group: str
    topic: str
    partition: int
    offset: int
    sent: float
    done: float
    ok: bool


@dataclass(frozen=True, slots=True)
class OffsetRead:
    """A group's committed offset as OffsetFetch answered it (-1: none yet)."""

    group: str
    topic: str
    partition: int
    offset: int
    sent: float
    done: float


class Outcome(Enum):
    COMMITTED = "committed"
    ABORTED = "aborted"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Txn:
    client: str
    topic: str
    values: tuple[bytes, ...]
    sent: float
    done: float
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class Fault:
    what: str  # "heal" for the end of every fault
    at: float


Op = Produce | Read | Commit | OffsetRead | Txn | Fault


@dataclass(slots=True)
class History:
    ops: list[Op] = field(default_factory=list)
    final_log: dict[TP, list[tuple[int, bytes]]] = field(default_factory=dict)
    final_committed: dict[TP, list[tuple[int, bytes]]] = field(default_factory=dict)
    final_offsets: dict[tuple[str, str, int], int] = field(default_factory=dict)
    end: float = 0.0


class Kind(Enum):
    LOST = "lost"
    DUPLICATED = "duplicated"
    GAP = "offset gap"
    REORDERED = "out of acknowledged order"
    TRUNCATED_READ = "read, then truncated"
    COMMIT_MOVED_BACK = "committed offset moved back"
    COMMIT_LOST = "acknowledged commit lost"
    ABORTED_READ = "read_committed returned an aborted record"
    COMMITTED_MISSED = "read_committed missed a committed record"
    TXN_PARTIAL = "transaction partly visible"


@dataclass(frozen=True, slots=True)
class Anomaly:
    kind: Kind
    detail: str
    window: tuple[Op, ...]  # the smallest window of history that shows it


@dataclass(slots=True)
class Report:
    acknowledged: int = 0
    unacknowledged: int = 0
    commits_acknowledged: int = 0
    offset_reads: int = 0
    reads: int = 0
    txns: Counter[str] = field(default_factory=Counter)
    anomalies: list[Anomaly] = field(default_factory=list)

    def count(self, kind: Kind) -> int:
        return sum(1 for a in self.anomalies if a.kind is kind)

    @property
    def ok(self) -> bool:
        return not self.anomalies

    def summary(self) -> str:
        counts = ", ".join(f"{k.value}: {self.count(k)}" for k in Kind)
        return (
            f"{self.acknowledged} records acknowledged ({self.unacknowledged} not), {self.reads} read "
            f"during the run, {self.commits_acknowledged} commits acknowledged, {self.offset_reads} "
            f"offset reads, transactions {dict(self.txns)}; {counts}"
        )

    def explain(self, limit: int = 5) -> str:
        parts = [self.summary()]
        for a in self.anomalies[:limit]:
            parts.append(f"- {a.kind.value}: {a.detail}")
            parts.extend(f"    {op!r}" for op in a.window)
        return "\n".join(parts)


def check(history: History) -> Report:
    report = Report()
    _check_produce(history, report)
    _check_commits(history, report)
    _check_transactions(history, report)
    return report


def _span(op: Op) -> tuple[float, float]:
    if isinstance(op, Fault):
        return op.at, op.at
    if isinstance(op, Read):
        return op.done, op.done
    return op.sent, op.done


def _window(history: History, anchors: list[Op], start: float, end: float) -> tuple[Op, ...]:
    """The anchors, and the faults put in or healed between the first's start and `end`."""
    faults = [op for op in history.ops if isinstance(op, Fault) and start <= op.at <= end]
    # the fault in force when the window opens, if any
    before = [op for op in history.ops if isinstance(op, Fault) and op.at < start]
    if before and before[-1].what != "heal":
        faults.insert(0, before[-1])
    return tuple(sorted([*anchors, *faults], key=lambda op: _span(op)[0]))


def _check_produce(history: History, report: Report) -> None:
    produced = [op for op in history.ops if isinstance(op, Produce)]
    at: dict[TP, dict[int, bytes]] = {tp: dict(records) for tp, records in history.final_log.items()}
    where: dict[bytes, list[tuple[TP, int]]] = defaultdict(list)
    for tp, records in history.final_log.items():
        for offset, value in records:
            where[value].append((tp, offset))
        offsets = [o for o, _ in records]
        expected = list(range(offsets[0], offsets[0] + len(offsets))) if offsets else []
        if offsets != expected:
            gap = next(i for i, (o, e) in enumerate(zip(offsets, expected, strict=True)) if o != e)
            report.anomalies.append(
                Anomaly(Kind.GAP, f"{tp}: offset {offsets[gap]} follows {offsets[gap - 1]}", ())
            )
    for op in produced:
        if op.partition is None or op.offset is None:
            report.unacknowledged += 1
            continue
        report.acknowledged += 1
        tp = (op.topic, op.partition)
        if at.get(tp, {}).get(op.offset) != op.value:
            found = where.get(op.value, [])
            report.anomalies.append(
                Anomaly(
                    Kind.LOST,
                    f"{op.value!r} acknowledged at {tp}@{op.offset}, at the end {found or 'nowhere'}",
                    _window(history, [op], op.sent, history.end),
                )
            )
        if op.idempotent and len(where.get(op.value, [])) > 1:
            report.anomalies.append(
                Anomaly(
                    Kind.DUPLICATED,
                    f"{op.value!r} of idempotent {op.client} at {where[op.value]}",
                    _window(history, [op], op.sent, history.end),
                )
            )
    by_client: dict[tuple[str, TP], list[Produce]] = defaultdict(list)
    for op in produced:
        if op.idempotent and op.partition is not None and op.offset is not None:
            by_client[(op.client, (op.topic, op.partition))].append(op)
    for (client, tp), ops in by_client.items():
        ops.sort(key=lambda o: o.seq)
        for a, b in itertools.pairwise(ops):
            assert a.offset is not None and b.offset is not None
            if b.offset <= a.offset:
                report.anomalies.append(
                    Anomaly(
                        Kind.REORDERED,
                        f"{client} sent {a.value!r} before {b.value!r} to {tp}; offsets {a.offset}, {b.offset}",
                        _window(history, [a, b], a.sent, b.done),
                    )
                )
    for read in history.ops:
        if not isinstance(read, Read):
            continue
        report.reads += 1
        tp = (read.topic, read.partition)
        now = at.get(tp, {}).get(read.offset)
        if now != read.value:
            report.anomalies.append(
                Anomaly(
                    Kind.TRUNCATED_READ,
                    f"{read.client} read {read.value!r} at {tp}@{read.offset}; at the end {now!r} is there",
                    _window(history, [read], read.done, history.end),
                )
            )


def _check_commits(history: History, report: Report) -> None:
    by_key: dict[tuple[str, str, int], list[Commit | OffsetRead]] = defaultdict(list)
    for op in history.ops:
        if isinstance(op, Commit | OffsetRead):
            by_key[(op.group, op.topic, op.partition)].append(op)
    for key, final in history.final_offsets.items():
        by_key[key].append(OffsetRead(*key, final, history.end, history.end))
    for key, ops in by_key.items():
        commits = sorted((op for op in ops if isinstance(op, Commit) and op.ok), key=lambda c: c.done)
        reads = sorted((op for op in ops if isinstance(op, OffsetRead)), key=lambda r: r.sent)
        report.commits_acknowledged += len(commits)
        report.offset_reads += len(reads)
        # A read must see at least the largest commit acknowledged before it was sent...
        best: Commit | None = None
        i = 0
        for r in reads:
            while i < len(commits) and commits[i].done < r.sent:
                if best is None or commits[i].offset > best.offset:
                    best = commits[i]
                i += 1
            if best is not None and r.offset < best.offset:
                report.anomalies.append(
                    Anomaly(
                        Kind.COMMIT_LOST,
                        f"{key}: commit of {best.offset} acknowledged, then {r.offset} read",
                        _window(history, [best, r], best.sent, r.done),
                    )
                )
        # ...and never less than a read that finished before it was sent.
        highest: OffsetRead | None = None
        for r in reads:
            if highest is not None and highest.done < r.sent and r.offset < highest.offset:
                report.anomalies.append(
                    Anomaly(
                        Kind.COMMIT_MOVED_BACK,
                        f"{key}: {highest.offset} read, then {r.offset}",
                        _window(history, [highest, r], highest.sent, r.done),
                    )
                )
            if highest is None or (r.offset > highest.offset):
                highest = r


def _check_transactions(history: History, report: Report) -> None:
    visible: Counter[bytes] = Counter(v for records in history.final_committed.values() for _, v in records)
    for op in history.ops:
        if not isinstance(op, Txn):
            continue
        report.txns[op.outcome.value] += 1
        seen = [v for v in op.values if visible[v]]
        window = _window(history, [op], op.sent, history.end)
        if op.outcome is Outcome.ABORTED and seen:
            report.anomalies.append(
                Anomaly(Kind.ABORTED_READ, f"{op.client}: aborted, yet {seen!r} read committed", window)
            )
        elif op.outcome is Outcome.COMMITTED and len(seen) < len(op.values):
            missed = [v for v in op.values if not visible[v]]
            report.anomalies.append(
                Anomaly(Kind.COMMITTED_MISSED, f"{op.client}: committed, {missed!r} not read", window)
            )
        elif op.outcome is Outcome.UNKNOWN and 0 < len(seen) < len(op.values):
            report.anomalies.append(
                Anomaly(Kind.TXN_PARTIAL, f"{op.client}: {len(seen)} of {len(op.values)} read", window)
            )
        twice = [v for v in op.values if visible[v] > 1]
        if twice:
            report.anomalies.append(
                Anomaly(Kind.DUPLICATED, f"{op.client}: {twice!r} read committed twice", window)
            )

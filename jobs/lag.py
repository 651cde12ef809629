"""Consumer lag evaluation with Burrow's rules, as a pure object: commits, log ends, group
generations and the clock in; status changes out. No Spark, no I/O (jobs/monitor.py feeds it
from the streams and writes what it returns).

Per group and topic partition it keeps the last `window` commits (offset, time, and the lag at
that time: the log end offset last seen minus the committed offset). At each evaluation, with
`lag` the current lag (the newest log end minus the newest commit):

- OK when `lag` is 0;
- STOP when the newest commit is older than the time the window spans (now - last > last -
  first, and at least `min_stop_ms`): the consumer stopped committing while there is lag;
- OK when any commit in the window had lag 0 (it caught up recently);
- REWIND when a commit in the window is lower than the one before it;
- STALL when the window is full and every commit in it is the same offset: the consumer
  commits but does not move while there is lag;
- WARNING when the window is full and the lag grew from every commit to the next;
- else OK.
The checks run in that order (a stopped consumer is STOP whatever its window says). A group's
status is the worst of its partitions: ERROR if any is STOP, STALL or REWIND, WARNING if any is
WARNING, else OK. A group that has not committed for `expire_ms` is forgotten (Burrow's
expire-group).

Rebalance storms: a group whose generation advanced more than `storm_generations` times within
`storm_window_ms` is flagged STORM (and back to CALM when it settles), with the members that
joined and left over that window.
"""

from __future__ import annotations

import enum
from collections import deque
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any


class Status(enum.Enum):
    OK = "OK"
    WARNING = "WARNING"
    STOP = "STOP"
    STALL = "STALL"
    REWIND = "REWIND"
    ERROR = "ERROR"  # groups only
    STORM = "STORM"  # rebalance storm (group flag)
    CALM = "CALM"


_ERRORS = frozenset({Status.STOP, Status.STALL, Status.REWIND})


@dataclass(slots=True)
class Commit:
    offset: int
    timestamp_ms: int
    lag: int | None  # None when the partition's log end is not known yet


@dataclass(slots=True)
class PartitionLag:
    window: deque[Commit]
    status: Status = Status.OK
    lag: int | None = None


@dataclass(slots=True)
class GroupState:
    partitions: dict[tuple[str, int], PartitionLag] = field(default_factory=dict)
    status: Status = Status.OK
    last_commit_ms: int = 0
    generations: deque[tuple[int, int, frozenset[str]]] = field(default_factory=deque)  # (time, gen, members)
    storm: bool = False


@dataclass(frozen=True, slots=True)
class Change:
    """A status change: of a partition (topic and partition set) or of a group (both None)."""

    time_ms: int
    group: str
    topic: str | None
    partition: int | None
    status: str
    previous: str
    lag: int | None
    committed_offset: int | None
    log_end_offset: int | None
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self.__slots__}


@dataclass
class LagEvaluator:
    window: int = 10
    min_stop_ms: int = 0
    expire_ms: int = 7 * 24 * 3600 * 1000
    storm_generations: int = 5
    storm_window_ms: int = 5 * 60 * 1000
    groups: dict[str, GroupState] = field(default_factory=dict)
    log_ends: dict[tuple[str, int], int] = field(default_factory=dict)

    # --- events --------------------------------------------------------------------------------

    def log_end(self, topic: str, partition: int, end: int) -> None:
        self.log_ends[(topic, partition)] = end

    def commit(self, group: str, topic: str, partition: int, offset: int, timestamp_ms: int) -> None:
        g = self.groups.setdefault(group, GroupState())
        p = g.partitions.get((topic, partition))
        if p is None:
            p = g.partitions[(topic, partition)] = PartitionLag(deque(maxlen=self.window))
        end = self.log_ends.get((topic, partition))
        p.window.append(Commit(offset, timestamp_ms, None if end is None else max(end - offset, 0)))
        g.last_commit_ms = max(g.last_commit_ms, timestamp_ms)

    def offset_deleted(self, group: str, topic: str, partition: int) -> None:
        g = self.groups.get(group)
        if g is not None:
            g.partitions.pop((topic, partition), None)

    def group_deleted(self, group: str) -> None:
        self.groups.pop(group, None)

    def generation(self, group: str, generation: int, timestamp_ms: int, members: frozenset[str]) -> None:
        g = self.groups.setdefault(group, GroupState())
        if g.generations and g.generations[-1][1] == generation:
            return  # the same generation written again (its assignment stored)
        g.generations.append((timestamp_ms, generation, members))

    # --- evaluation ----------------------------------------------------------------------------

    def partition_status(self, p: PartitionLag, lag: int | None, now_ms: int) -> tuple[Status, str]:
        w = list(p.window)
        if not w or lag is None:
            return Status.OK, "no log end known" if w else "no commits"
        if lag == 0:
            return Status.OK, "no lag"
        first, last = w[0], w[-1]
        idle = now_ms - last.timestamp_ms
        if idle > max(last.timestamp_ms - first.timestamp_ms, self.min_stop_ms):
            return Status.STOP, f"no commit for {idle} ms while lag is {lag}"
        if any(c.lag == 0 for c in w):
            return Status.OK, "lag was zero within the window"
        if any(b.offset < a.offset for a, b in pairwise(w)):
            return Status.REWIND, "a committed offset went back"
        if len(w) == self.window and all(c.offset == last.offset for c in w):
            return Status.STALL, f"offset {last.offset} committed {len(w)} times while lag is {lag}"
        lags = [c.lag for c in w if c.lag is not None]
        if len(w) == self.window and len(lags) == len(w) and all(b > a for a, b in pairwise(lags)):
            return Status.WARNING, f"lag grew at each of the last {len(w)} commits"
        return Status.OK, "consuming"

    def evaluate(self, now_ms: int) -> list[Change]:
        changes: list[Change] = []
        for name in [
            n
            for n, g in self.groups.items()
            if g.last_commit_ms and now_ms - g.last_commit_ms > self.expire_ms
        ]:
            del self.groups[name]
        for name, g in sorted(self.groups.items()):
            worst = Status.OK
            for (topic, partition), p in sorted(g.partitions.items()):
                last = p.window[-1] if p.window else None
                end = self.log_ends.get((topic, partition))
                lag = None if last is None or end is None else max(end - last.offset, 0)
                p.lag = lag
                status, reason = self.partition_status(p, lag, now_ms)
                if status is not p.status:
                    changes.append(
                        Change(
                            now_ms,
                            name,
                            topic,
                            partition,
                            status.value,
                            p.status.value,
                            lag,
                            last.offset if last else None,
                            end,
                            reason,
                        )
                    )
                    p.status = status
                if status in _ERRORS:
                    worst = Status.ERROR
                elif status is Status.WARNING and worst is Status.OK:
                    worst = Status.WARNING
            if worst is not g.status:
                bad = [
                    f"{t}-{q}: {p.status.value}"
                    for (t, q), p in sorted(g.partitions.items())
                    if p.status is not Status.OK
                ]
                changes.append(
                    Change(
                        now_ms,
                        name,
                        None,
                        None,
                        worst.value,
                        g.status.value,
                        self.group_lag(g),
                        None,
                        None,
                        ", ".join(bad) or "every partition OK",
                    )
                )
                g.status = worst
            changes.extend(self._storm(name, g, now_ms))
        return changes

    def _storm(self, name: str, g: GroupState, now_ms: int) -> list[Change]:
        while g.generations and now_ms - g.generations[0][0] > self.storm_window_ms:
            g.generations.popleft()
        advances = max(len(g.generations) - 1, 0)
        storm = advances > self.storm_generations
        if storm == g.storm:
            return []
        g.storm = storm
        if storm:
            seen: list[frozenset[str]] = [m for _t, _g, m in g.generations]
            joined = sorted(set().union(*seen[1:]) - seen[0]) if len(seen) > 1 else []
            left = sorted(seen[0] - seen[-1]) if len(seen) > 1 else []
            changing = sorted({m for a, b in pairwise(seen) for m in a ^ b})
            reason = (
                f"{advances} generations in {self.storm_window_ms // 1000} s; members that came and went: "
                f"{', '.join(changing) or 'none'} (joined {', '.join(joined) or 'none'}, left {', '.join(left) or 'none'})"
            )
            return [
                Change(
                    now_ms, name, None, None, Status.STORM.value, Status.CALM.value, None, None, None, reason
                )
            ]
        return [
            Change(
                now_ms,
                name,
                None,
                None,
                Status.CALM.value,
                Status.STORM.value,
                None,
                None,
                None,
                f"{advances} generations in the last {self.storm_window_ms // 1000} s",
            )
        ]

    # --- views ---------------------------------------------------------------------------------

    @staticmethod
    def group_lag(g: GroupState) -> int | None:
        lags = [p.lag for p in g.partitions.values() if p.lag is not None]
        return sum(lags) if lags else None

    def snapshot(self) -> list[dict[str, Any]]:
        """Per group: status, total lag, partitions and their statuses (for the page)."""
        out = []
        for name, g in sorted(self.groups.items()):
            out.append(
                {
                    "group": name,
                    "status": g.status.value,
                    "storm": g.storm,
                    "lag": self.group_lag(g),
                    "last_commit_ms": g.last_commit_ms,
                    "partitions": [
                        {
                            "topic": t,
                            "partition": p,
                            "status": s.status.value,
                            "lag": s.lag,
                            "offset": s.window[-1].offset if s.window else None,
                        }
                        for (t, p), s in sorted(g.partitions.items())
                    ],
                }
            )
        return out

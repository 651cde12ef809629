"""Burrow's rules in jobs/lag.py, event by event (no Spark)."""

from __future__ import annotations

from jobs.lag import LagEvaluator, Status

T = 1_700_000_000_000


def statuses(ev: LagEvaluator, now: int) -> dict[tuple[str, str | None, int | None], str]:
    ev.evaluate(now)
    out = {}
    for name, g in ev.groups.items():
        out[(name, None, None)] = g.status.value
        for (t, p), s in g.partitions.items():
            out[(name, t, p)] = s.status.value
    return out


def test_ok_stop_stall_rewind_warning() -> None:
    ev = LagEvaluator(window=4, min_stop_ms=1000)
    now = T
    for i in range(4):  # every group keeps up: lag 0
        now += 100
        ev.log_end("t", 0, 10 * (i + 1))
        for g in ("steady", "stuck", "rewinder", "slow"):
            ev.commit(g, "t", 0, 10 * (i + 1), now)
    assert set(statuses(ev, now).values()) == {"OK"}

    # the log grows; steady keeps up, stuck stops, rewinder goes forward then back, slow falls behind
    changes = []
    for i in range(4):
        now += 100
        end = 40 + 20 * (i + 1)
        ev.log_end("t", 0, end)
        ev.commit("steady", "t", 0, end, now)
        ev.commit("rewinder", "t", 0, 40 + i if i < 3 else 30, now)
        ev.commit("slow", "t", 0, 41 + i, now)
        changes += ev.evaluate(now)
    s = statuses(ev, now)
    assert s[("steady", "t", 0)] == "OK" and s[("steady", None, None)] == "OK"
    assert s[("rewinder", "t", 0)] == "REWIND" and s[("rewinder", None, None)] == "ERROR"
    assert s[("slow", "t", 0)] == "WARNING" and s[("slow", None, None)] == "WARNING"
    assert s[("stuck", "t", 0)] == "OK"  # not yet: its last commit is recent enough
    assert not [c for c in changes if c.group == "steady"]

    now += 1500  # stuck has not committed for 1.5 s + 0.4 s > its window's span and min_stop_ms
    change = {(c.group, c.topic): c for c in ev.evaluate(now)}
    assert change[("stuck", "t")].status == "STOP" and change[("stuck", "t")].previous == "OK"
    assert change[("stuck", None)].status == "ERROR"
    for _ in range(4):  # it comes back committing the same offset while the log grows
        now += 100
        ev.log_end("t", 0, ev.log_ends[("t", 0)] + 5)
        ev.commit("stuck", "t", 0, 40, now)
    change = {(c.group, c.topic): c for c in ev.evaluate(now)}
    assert change[("stuck", "t")].status == "STALL" and change[("stuck", "t")].previous == "STOP"
    assert ("stuck", None) not in change  # still ERROR


def test_unknown_log_end_and_deletions() -> None:
    ev = LagEvaluator(window=3)
    ev.commit("g", "t", 0, 5, T)
    assert ev.evaluate(T + 10_000) == []  # no log end known: nothing to say
    ev.log_end("t", 0, 9)
    assert [c.status for c in ev.evaluate(T + 10_000)] == ["STOP", "ERROR"]
    ev.offset_deleted("g", "t", 0)
    assert [(c.status, c.previous) for c in ev.evaluate(T + 10_000)] == [("OK", "ERROR")]
    ev.group_deleted("g")
    assert ev.groups == {}


def test_rebalance_storm_names_the_members() -> None:
    ev = LagEvaluator(storm_generations=3, storm_window_ms=60_000)
    members = [
        frozenset({"a", "b"}),
        frozenset({"a"}),
        frozenset({"a", "c"}),
        frozenset({"a"}),
        frozenset({"a", "d"}),
    ]
    for gen, m in enumerate(members, start=1):
        ev.generation("g", gen, T + gen * 1000, m)
        ev.generation("g", gen, T + gen * 1000 + 1, m)  # the same generation again: not an advance
    (change,) = ev.evaluate(T + 6000)
    assert change.status == "STORM" and "4 generations" in change.reason
    assert "b, c, d" in change.reason
    (calm,) = ev.evaluate(T + 200_000)
    assert calm.status == "CALM"


def test_window_is_bounded() -> None:
    ev = LagEvaluator(window=10)
    for i in range(50):
        ev.commit("g", "t", 1, i, T + i)
    assert len(ev.groups["g"].partitions[("t", 1)].window) == 10
    assert Status.ERROR.value == "ERROR"

"""Rebalance storms in the report (jobs.analysis.rebalance_storms): a group whose generation
advances more than K times within M minutes is flagged, with the members that came and went; a
group that rebalances as often but slowly, or rarely, is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from jobs import analysis as A
from jobs import segments as S
from jobs import synthetic as syn

pytestmark = pytest.mark.slow

T0 = 1_700_000_000_000


def test_storm_flagged_with_the_members_that_came_and_went(spark, tmp_path: Path) -> None:
    with syn.PartitionWriter(tmp_path, S.OFFSETS_TOPIC, 0) as w:
        # stormy: 8 generations 10 s apart; "a" stays, b..e come and go
        members = [["a", "b"], ["a"], ["a", "c"], ["a", "c", "d"], ["a"], ["a", "e"], ["a"], ["a", "b"]]
        for gen, ms in enumerate(members, start=1):
            w.append(
                [syn.group_metadata("stormy", gen, [(m, ["t"], []) for m in ms], T0 + gen * 10_000)],
                T0 + gen * 10_000,
            )
        # slow: as many generations, 2 minutes apart; calm: two
        for gen in range(1, 9):
            w.append(
                [syn.group_metadata("slow", gen, [(f"s{gen}", ["t"], [])], T0 + gen * 120_000)],
                T0 + gen * 120_000,
            )
        for gen in (1, 2):
            w.append([syn.group_metadata("calm", gen, [("x", ["t"], [])], T0 + gen * 1000)], T0 + gen * 1000)
    history = A.rebalance_history(spark.read.format("kbroker-offsets").load(str(tmp_path)))
    storms = {r["group"]: r.asDict() for r in A.rebalance_storms(history, generations=5, minutes=5).collect()}
    assert set(storms) == {"stormy"}
    s = storms["stormy"]
    assert s["generations"] == 8 and s["max_advances_in_window"] == 7
    assert s["members_came_and_went"] == ["b", "c", "d", "e"]
    # the slow group advances twice in any 5 minutes: a storm only for a threshold below that
    assert {r["group"] for r in A.rebalance_storms(history, generations=2, minutes=5).collect()} == {"stormy"}
    assert {r["group"] for r in A.rebalance_storms(history, generations=1, minutes=5).collect()} == {
        "stormy",
        "slow",
    }

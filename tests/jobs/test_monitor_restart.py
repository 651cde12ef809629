"""The monitor's state across a restart: a new Monitor on the same output dir goes on from the
saved evaluator, skips a micro-batch it already applied (Spark runs an unfinished batch again
after a crash), and applies the next one."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from jobs.lag import LagEvaluator
from jobs.monitor import EVENTS_DDL, Monitor

pytestmark = pytest.mark.slow

T = 1_700_000_000_000


def ts(ms: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC)


def end(topic: str, partition: int, offset: int, at: int) -> dict:
    return {
        "event": "end",
        "group": None,
        "topic": topic,
        "partition": partition,
        "value": offset,
        "ts": ts(at),
        "log_partition": None,
        "offset": None,
        "members": None,
    }


def commit(group: str, offset: int, at: int, log_offset: int) -> dict:
    return {
        "event": "commit",
        "group": group,
        "topic": "t",
        "partition": 0,
        "value": offset,
        "ts": ts(at),
        "log_partition": 0,
        "offset": log_offset,
        "members": None,
    }


def test_restart_resumes_and_skips_an_applied_batch(spark, tmp_path: Path) -> None:
    def Batch(rows: list[dict]):  # what foreachBatch hands the monitor
        return spark.createDataFrame(rows, EVENTS_DDL)

    out = tmp_path / "monitor"
    first = Monitor(spark, out, LagEvaluator(window=2))
    first.on_batch(Batch([end("t", 0, 100, T), commit("g", 10, T - 1000, 0)]), 0)
    assert first.state.evaluator.groups["g"].status.value == "ERROR"  # STOP: lag 90, no commit for 1 s

    again = Monitor(spark, out, LagEvaluator(window=2))  # a restart
    assert again.state.batch_id == 0 and again.state.evaluator.groups["g"].status.value == "ERROR"
    again.on_batch(Batch([end("t", 0, 100, T), commit("g", 10, T - 1000, 0)]), 0)  # run again: skipped
    again.on_batch(Batch([end("t", 0, 100, T + 1000), commit("g", 100, T + 500, 1)]), 1)
    assert again.state.batch_id == 1 and again.state.evaluator.groups["g"].status.value == "OK"

    # only the last `window` commits of a partition reach the evaluator: the same answer
    ev = Monitor(spark, tmp_path / "other", LagEvaluator(window=2))
    ev.on_batch(Batch([end("t", 0, 100, T)] + [commit("g", i, T - 5000 + i, i) for i in range(50)]), 0)
    assert [c.offset for c in ev.state.evaluator.groups["g"].partitions[("t", 0)].window] == [48, 49]

    rows = sorted(
        (r["batch"], r["topic"] or "", r["previous"], r["status"])
        for r in spark.read.parquet(str(out / "status_changes")).collect()
    )
    assert rows == [
        (0, "", "OK", "ERROR"),
        (0, "t", "OK", "STOP"),
        (1, "", "ERROR", "OK"),
        (1, "t", "STOP", "OK"),
    ]
    page = (out / "monitor.html").read_text()
    assert 'data-group="g"' in page and "micro-batch 1" in page

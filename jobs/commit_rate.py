"""Job: commit rate over time per group: offset records (one per partition committed) and
commits (OffsetCommit requests) per time window.

    spark-submit jobs/commit_rate.py --data ./data --out ./reports [--window SECONDS]
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a file, e.g. by spark-submit
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyspark import StorageLevel
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from jobs import analysis, report
from jobs.runner import Context, main

NAME = "commit_rate"
TITLE = "Commit rate"
PLOTTED_GROUPS = 8


def window_seconds(ctx: Context, commits: DataFrame) -> int:
    if ctx.window != "auto":
        return max(1, int(ctx.window))
    span = analysis.only_row(
        commits.agg((F.unix_millis(F.max("timestamp")) - F.unix_millis(F.min("timestamp"))).alias("ms"))
    )
    return analysis.auto_window_seconds((span["ms"] or 0) / 1000)


def run(ctx: Context) -> report.Section:
    # read three times (the span, the windows, the totals): keep just what they need
    commits = (
        analysis.commit_records(ctx.offsets(("kind", "group", "timestamp", "commit_timestamp")))
        .select("kind", "group", "timestamp", "commit_timestamp")
        .persist(StorageLevel.MEMORY_AND_DISK)
    )
    try:
        return _report(ctx, commits)
    finally:
        commits.unpersist()


def _report(ctx: Context, commits: DataFrame) -> report.Section:
    seconds = window_seconds(ctx, commits)
    rate = ctx.write(NAME, analysis.commit_rate(commits, seconds))
    totals = ctx.write(NAME + "_by_group", analysis.commit_totals(commits))
    busiest = [r["group"] for r in totals.orderBy(F.desc("commits"), "group").limit(PLOTTED_GROUPS).collect()]
    total = (
        rate.groupBy("window_start")
        .agg(F.sum("commits").alias("commits"))
        .select(F.unix_millis("window_start").alias("t"), "commits")
        .orderBy("t")
        .collect()
    )
    counts = {r["t"]: r["commits"] for r in total}
    windows = list(range(min(counts), max(counts) + 1, seconds * 1000)) if counts else []
    points = (
        rate.where(F.col("group").isin(busiest))
        .select("group", F.unix_millis("window_start").alias("t"), "commits")
        .collect()
    )
    per_group: dict[str, dict[int, int]] = {g: {} for g in busiest}
    for r in points:
        per_group[r["group"]][r["t"]] = r["commits"]
    # a window without commits is a zero, not a gap to draw a line across
    series = {g: (windows, [per_group[g].get(t, 0) / seconds for t in windows]) for g in busiest}
    overview = ("all groups", (windows, [counts.get(t, 0) / seconds for t in windows]))
    figure = report.time_series(
        ctx.figure("commit_rate"),
        series,
        marker=".",
        overview=overview,
        title=f"Commits per second ({seconds} s windows): all groups, then the {PLOTTED_GROUPS} busiest",
        ylabel="commits / s",
    )
    overall = analysis.only_row(
        totals.agg(F.sum("records").alias("records"), F.sum("commits").alias("commits"))
    )
    section = report.Section(
        "commit-rate",
        TITLE,
        intro=f"How often groups commit, in windows of {seconds} s. A <i>commit</i> is one OffsetCommit request "
        "(its records share a commit timestamp); a <i>record</i> is one committed partition.",
        facts=[
            ("commits", overall["commits"]),
            ("offset records", overall["records"]),
            ("groups", totals.count()),
            ("window", f"{seconds} s"),
        ],
        parquet=[str(ctx.out / NAME), str(ctx.out / (NAME + "_by_group"))],
    )
    section.blocks.append(report.Figure(figure, "Commits per second over time"))
    section.blocks.append(
        ctx.table(
            totals.orderBy(F.desc("commits"), "group"),
            ["group", "commits", "records", "commits_per_s", "first_commit", "last_commit"],
            caption="Per group, the busiest first",
        )
    )
    section.blocks.append(
        ctx.table(
            rate.orderBy(F.desc("commits"), "window_start", "group"),
            ["group", "window_start", "commits", "records", "commits_per_s", "records_per_s"],
            caption="The busiest windows",
        )
    )
    return section


if __name__ == "__main__":
    sys.exit(main([sys.modules[__name__]]))

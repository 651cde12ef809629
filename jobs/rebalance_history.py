"""Job: rebalance history: every group's generations over time, member counts, chosen protocol,
leader, and how long it was rebalancing.

    spark-submit jobs/rebalance_history.py --data ./data --out ./reports
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a file, e.g. by spark-submit
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyspark.sql import functions as F

from jobs import analysis, report
from jobs.runner import Context, main

NAME = "rebalance_history"
TITLE = "Rebalance history"
PLOTTED_GROUPS = 10


def run(ctx: Context) -> report.Section:
    history = ctx.write(NAME, analysis.rebalance_history(ctx.offsets()))
    summary = ctx.write(NAME + "_by_group", analysis.rebalance_summary(history))
    storms = ctx.write(
        NAME + "_storms", analysis.rebalance_storms(history, ctx.storm_generations, ctx.storm_minutes)
    )
    most = [
        r["group"] for r in summary.orderBy(F.desc("rebalances"), "group").limit(PLOTTED_GROUPS).collect()
    ]
    points = (
        history.where(F.col("group").isin(most))
        .select(
            "group",
            F.unix_millis("timestamp").alias("t"),
            "generation",
            "members_count",
            "event",
            "log_partition",
            "offset",
        )
        .orderBy("group", "log_partition", "offset")
        .collect()
    )
    generations: dict[str, tuple[list[int], list[float]]] = {g: ([], []) for g in most}
    members: dict[str, tuple[list[int], list[float]]] = {g: ([], []) for g in most}
    for r in points:
        gx, gy = generations[r["group"]]
        mx, my = members[r["group"]]
        if r["event"] != "deleted":
            gx.append(r["t"])
            gy.append(r["generation"])
        mx.append(r["t"])
        my.append(r["members_count"])
    gen_fig = report.time_series(
        ctx.figure("generations"),
        {g: v for g, v in generations.items() if v[0]},
        title=f"Generation (consumer groups: group epoch) over time (the {PLOTTED_GROUPS} groups that rebalanced most)",
        ylabel="generation",
        step=True,
        marker="o",
        integer_y=True,
    )
    mem_fig = report.time_series(
        ctx.figure("members"),
        members,
        step=True,
        title="Members over time (0: empty or deleted)",
        ylabel="members",
        integer_y=True,
    )
    slow = (
        summary.where(F.col("time_rebalancing_ms") > 0)
        .orderBy(F.desc("time_rebalancing_ms"), "group")
        .limit(25)
        .collect()
    )
    time_fig = report.bar_chart(
        ctx.figure("time_rebalancing"),
        [r["group"] for r in slow],
        [r["time_rebalancing_ms"] for r in slow],
        title="Time spent completing rebalances, per group (the 25 longest)",
        xlabel="milliseconds",
        value_format=report.fmt_duration_ms,
    )
    totals = analysis.only_row(
        summary.agg(
            F.sum("rebalances").alias("rebalances"),
            F.sum("deletions").alias("deletions"),
            F.sum(F.when(F.col("state") == "stable", 1).otherwise(0)).alias("stable"),
            F.sum(F.when(F.col("state") == "empty", 1).otherwise(0)).alias("empty"),
        )
    )
    section = report.Section(
        "rebalance-history",
        TITLE,
        intro="From the group metadata records the coordinator writes when a generation's assignment is stored "
        "(<i>stable</i>), when the group loses its last member (<i>empty</i>, the generation bumped) and when "
        "it is deleted (a tombstone). <i>Time rebalancing</i> is what the log records of each rebalance: from "
        "the end of its join phase (the generation's state timestamp) until the leader's assignment was "
        "stored; the join phase's start is not in the log. A deleted group that comes back starts a new "
        "<i>incarnation</i> at generation 1. KIP-848 consumer groups (<i>group type</i> consumer) are shown "
        "by their group epoch, from their ConsumerGroupMetadata records, with the members their member records "
        "hold at each epoch; the coordinator computes their assignment, so there is no join phase to time.",
        facts=[
            ("groups", summary.count()),
            ("rebalances", totals["rebalances"]),
            ("stable now", totals["stable"]),
            ("empty now", totals["empty"]),
            ("deletions", totals["deletions"]),
            ("rebalance storms", storms.count()),
        ],
        parquet=[str(ctx.out / NAME), str(ctx.out / (NAME + "_by_group")), str(ctx.out / (NAME + "_storms"))],
    )
    section.blocks.append(
        ctx.table(
            storms.orderBy(F.desc("max_advances_in_window"), "group"),
            [
                "group",
                "storm_start",
                "storm_end",
                "generations",
                "max_advances_in_window",
                "members_came_and_went",
            ],
            caption=f"Rebalance storms: groups whose generation advanced more than {ctx.storm_generations} times "
            f"within {ctx.storm_minutes:g} minutes, and the members that came and went meanwhile",
        )
    )
    section.blocks += [
        report.Figure(gen_fig, "Generations over time"),
        report.Figure(mem_fig, "Members over time"),
        report.Figure(time_fig, "Time spent rebalancing"),
    ]
    section.blocks.append(
        ctx.table(
            summary.orderBy(F.desc("rebalances"), "group"),
            [
                "group",
                "group_type",
                "state",
                "generation",
                "members",
                "protocol",
                "leader",
                "rebalances",
                "deletions",
                "time_rebalancing_ms",
                "max_rebalance_ms",
                "last_change",
            ],
            caption="Per group: where it stands, and its rebalances",
        )
    )
    section.blocks.append(
        ctx.table(
            history.orderBy(F.desc("timestamp"), F.desc("offset")),
            [
                "timestamp",
                "group",
                "group_type",
                "incarnation",
                "generation",
                "event",
                "members_count",
                "protocol",
                "leader",
                "completing_rebalance_ms",
                "since_previous_ms",
            ],
            caption="The latest events",
        )
    )
    return section


if __name__ == "__main__":
    sys.exit(main([sys.modules[__name__]]))

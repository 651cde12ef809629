"""Job: consumer lag per group, topic and partition (log end offset minus committed offset), and
per group.

    spark-submit jobs/consumer_lag.py --data ./data --out ./reports
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a file, e.g. by spark-submit
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyspark.sql import functions as F

from jobs import analysis, report
from jobs.runner import Context, main

NAME = "consumer_lag"
TITLE = "Consumer lag"


def run(ctx: Context) -> report.Section:
    latest = analysis.latest_offsets(ctx.offsets(analysis.LATEST_OFFSETS_COLUMNS, newest_per_key=True))
    plag = ctx.write(NAME, analysis.partition_lag(latest, ctx.log_end()))
    glag = ctx.write(NAME + "_by_group", analysis.group_lag(plag))
    top = glag.orderBy(F.desc_nulls_last("total_lag"), "group").limit(25).collect()
    figure = report.bar_chart(
        ctx.figure("lag_by_group"),
        [r["group"] for r in top],
        [r["total_lag"] or 0 for r in top],
        title="Total lag per group (the 25 largest)",
        xlabel="messages behind the log end",
    )
    totals = analysis.only_row(glag.agg(F.sum("total_lag").alias("lag"), F.max("max_lag").alias("max")))
    section = report.Section(
        "consumer-lag",
        TITLE,
        intro="How far each group is behind: for every committed partition, the partition's log end offset "
        "(read from its segments by <code>kbroker-log-end</code>) minus the committed offset. A partition "
        "whose topic has no log in the data dir (e.g. deleted) has no lag.",
        facts=[
            ("total lag", totals["lag"]),
            ("largest partition lag", totals["max"]),
            ("groups", glag.count()),
            ("partitions", plag.count()),
        ],
        parquet=[str(ctx.out / NAME), str(ctx.out / (NAME + "_by_group"))],
    )
    section.blocks.append(report.Figure(figure, "Total lag per group"))
    section.blocks.append(
        ctx.table(
            glag.orderBy(F.desc_nulls_last("total_lag"), "group"),
            [
                "group",
                "total_lag",
                "max_lag",
                "partitions",
                "topics",
                "partitions_without_log",
                "last_commit",
            ],
            caption="Per group, the most behind first",
        )
    )
    section.blocks.append(
        ctx.table(
            plag.orderBy(F.desc_nulls_last("lag"), "group", "topic", "partition"),
            ["group", "topic", "partition", "committed_offset", "log_end_offset", "lag", "commit_timestamp"],
            caption="Per partition, the most behind first",
        )
    )
    return section


if __name__ == "__main__":
    sys.exit(main([sys.modules[__name__]]))

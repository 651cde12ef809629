"""Job: every group's latest committed offset per topic partition (compaction semantics: the
newest record per key wins, tombstones delete).

    spark-submit jobs/latest_offsets.py --data ./data --out ./reports
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a file, e.g. by spark-submit
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyspark.sql import functions as F

from jobs import analysis, report
from jobs.runner import Context, main

NAME = "latest_offsets"
TITLE = "Latest committed offsets"


def run(ctx: Context) -> report.Section:
    latest = ctx.write(
        NAME, analysis.latest_offsets(ctx.offsets(analysis.LATEST_OFFSETS_COLUMNS, newest_per_key=True))
    )
    by_group = (
        latest.groupBy("group")
        .agg(
            F.countDistinct("topic").alias("topics"),
            F.count(F.lit(1)).alias("partitions"),
            F.max("commit_timestamp").alias("last_commit"),
            F.min("commit_timestamp").alias("oldest_commit"),
        )
        .orderBy("group")
    )
    groups = by_group.count()
    section = report.Section(
        "latest-offsets",
        TITLE,
        intro="What each group would resume from: the newest committed offset of every group, topic and "
        "partition still in the log (a tombstone, written by OffsetDelete, DeleteGroups or offset "
        "expiry, removes it), as the broker's OffsetFetch answers.",
        facts=[("groups with offsets", groups), ("committed partitions", latest.count())],
        parquet=[str(ctx.out / NAME)],
    )
    section.blocks.append(
        ctx.table(
            by_group, ["group", "topics", "partitions", "last_commit", "oldest_commit"], caption="Per group"
        )
    )
    section.blocks.append(
        ctx.table(
            latest.orderBy("group", "topic", "partition"),
            [
                "group",
                "topic",
                "partition",
                "committed_offset",
                "leader_epoch",
                "metadata",
                "commit_timestamp",
                "expire_timestamp",
            ],
            caption="Per partition",
            limit=ctx.top * 4,
        )
    )
    return section


if __name__ == "__main__":
    sys.exit(main([sys.modules[__name__]]))

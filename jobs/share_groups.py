"""Job: share groups (KIP-932): each share-partition's throughput (how fast its start offset
moved over the records) and its redeliveries, from the share coordinator's `__share_group_state`
log; each share group's membership history, from its records in `__consumer_offsets`.

    spark-submit jobs/share_groups.py --data ./data --out ./reports
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a file, e.g. by spark-submit
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyspark.sql import DataFrame, Window
from pyspark.sql import functions as F

from jobs import analysis, report
from jobs.datasource import OFFSETS_FORMAT
from jobs.rows import KIND_SHARE_GROUP, KIND_SHARE_SNAPSHOT, KIND_SHARE_UPDATE, SHARE_STATE_TOPIC
from jobs.runner import Context, main

NAME = "share_groups"
TITLE = "Share groups"
PLOTTED = 10
SHARE_PARTITION = ("group", "topic", "partition")


def share_state(ctx: Context) -> DataFrame:
    return ctx.spark.read.format(OFFSETS_FORMAT).option("topic", SHARE_STATE_TOPIC).load(ctx.data)


def start_offsets(state: DataFrame) -> DataFrame:
    """One row per share state record: the share-partition's start offset after it (an update's
    -1 means unchanged: the last one known carries over)."""
    w = (
        Window.partitionBy(*SHARE_PARTITION)
        .orderBy("log_partition", "offset")
        .rowsBetween(Window.unboundedPreceding, 0)
    )
    return (
        state.where(F.col("kind").isin(KIND_SHARE_SNAPSHOT, KIND_SHARE_UPDATE))
        .withColumn("known", F.when(F.col("start_offset") >= 0, F.col("start_offset")))
        .withColumn("spso", F.last("known", ignorenulls=True).over(w))
        .select(*SHARE_PARTITION, "timestamp", "log_partition", "offset", "kind", "spso", "state_batches")
    )


def transitions(state: DataFrame) -> DataFrame:
    """The records' state changes the share-partition leaders wrote (updates only: a snapshot
    repeats what is in flight), one row per (share-partition, state, delivery count)."""
    batches = state.where(F.col("kind") == KIND_SHARE_UPDATE).select(
        *SHARE_PARTITION, "timestamp", F.explode("state_batches").alias("b")
    )
    return batches.select(
        *SHARE_PARTITION,
        "timestamp",
        F.col("b.delivery_state").alias("delivery_state"),
        F.col("b.delivery_count").alias("delivery_count"),
        (F.col("b.last_offset") - F.col("b.first_offset") + 1).alias("records"),
    )


def partition_summary(spso: DataFrame, moves: DataFrame) -> DataFrame:
    """Per share-partition: how far the start offset moved and how fast (records done: accepted
    or archived), and what went back. A record that is done as the start offset passes it is not
    written (the start offset says it), so accepted records are counted by the start offset only;
    `archived` counts those archived above it (rejected, or at the delivery limit)."""
    progress = spso.groupBy(*SHARE_PARTITION).agg(
        F.min("timestamp").alias("first_write"),
        F.max("timestamp").alias("last_write"),
        F.min("spso").alias("first_start_offset"),
        F.max("spso").alias("start_offset"),
        F.count("*").alias("state_records"),
    )
    counts = moves.groupBy(*SHARE_PARTITION).agg(
        F.sum(F.when(F.col("delivery_state") == "AVAILABLE", F.col("records")).otherwise(0)).alias(
            "redeliveries"
        ),
        F.sum(F.when(F.col("delivery_state") == "ARCHIVED", F.col("records")).otherwise(0)).alias("archived"),
        F.max("delivery_count").alias("max_delivery_count"),
    )
    seconds = (F.unix_millis("last_write") - F.unix_millis("first_write")) / 1000
    return (
        progress.join(counts, list(SHARE_PARTITION), "left")
        .na.fill(0, ["redeliveries", "archived", "max_delivery_count"])
        .withColumn("records_done", F.col("start_offset") - F.col("first_start_offset"))
        .withColumn(
            "records_per_s", F.when(seconds > 0, F.round(F.col("records_done") / seconds, 1)).otherwise(None)
        )
    )


def membership(offsets: DataFrame) -> DataFrame:
    """Per share group, from its records in `__consumer_offsets`: its epochs and members."""
    records = offsets.where(
        (F.col("kind") == KIND_SHARE_GROUP)
        | ((F.col("kind") == "tombstone") & F.col("key_type").startswith("share_group"))
    )
    member = F.col("key_type") == "share_group_member_metadata"
    return records.groupBy("group").agg(
        F.max("group_epoch").alias("group_epoch"),
        F.countDistinct(F.when(member, F.col("member_id"))).alias("members_seen"),
        F.sum(F.when(member & (F.col("kind") == KIND_SHARE_GROUP), 1).otherwise(0)).alias("member_writes"),
        F.sum(F.when(member & (F.col("kind") == "tombstone"), 1).otherwise(0)).alias("members_left"),
        F.min("timestamp").alias("first_record"),
        F.max("timestamp").alias("last_record"),
    )


def run(ctx: Context) -> report.Section:
    state = share_state(ctx)
    spso = start_offsets(state)
    summary = ctx.write(NAME, partition_summary(spso, transitions(state)))
    groups = ctx.write(NAME + "_membership", membership(ctx.offsets()))
    top = summary.orderBy(F.desc("records_done"), *SHARE_PARTITION).limit(PLOTTED).collect()
    chosen = {f"{r['group']}/{r['topic']}/{r['partition']}": r for r in top}
    series: dict[str, tuple[list[int], list[float]]] = {k: ([], []) for k in chosen}
    points = (
        spso.withColumn("key", F.concat_ws("/", "group", "topic", F.col("partition").cast("string")))
        .where(F.col("key").isin(list(chosen)))
        .select("key", F.unix_millis("timestamp").alias("t"), "spso", "log_partition", "offset")
        .orderBy("log_partition", "offset")
        .collect()
    )
    for r in points:
        xs, ys = series[r["key"]]
        xs.append(r["t"])
        ys.append(r["spso"])
    fig = report.time_series(
        ctx.figure("share_start_offsets"),
        {
            f"{chosen[k]['group']} {chosen[k]['topic'][:8]}-{chosen[k]['partition']}": v
            for k, v in series.items()
            if v[0]
        },
        title=f"Share-partition start offset over time (the {PLOTTED} that moved most)",
        ylabel="start offset",
        step=True,
    )
    totals = analysis.only_row(
        summary.agg(
            F.sum("records_done").alias("done"),
            F.sum("redeliveries").alias("redeliveries"),
            F.sum("archived").alias("archived"),
        )
    )
    section = report.Section(
        "share-groups",
        TITLE,
        intro="From the share coordinator's log (<code>__share_group_state</code>): the start offset of each "
        "share-partition moves over the records that are done (accepted, or archived: rejected, or "
        "delivered too many times), so its advance over time is the share group's throughput on that "
        "partition. A record written back AVAILABLE was released or its lock expired: it is delivered "
        "again (a <i>redelivery</i>, with its delivery count). The counts are of the leaders' updates; a "
        "write the coordinator stored as a snapshot is in the start offset, not in the counts. Membership is "
        "from the group's records in <code>__consumer_offsets</code> (types 10 to 15).",
        facts=[
            ("share-partitions", summary.count()),
            ("share groups", groups.count()),
            ("records done", totals["done"] or 0),
            ("redeliveries", totals["redeliveries"] or 0),
            ("archived", totals["archived"] or 0),
        ],
        parquet=[str(ctx.out / NAME), str(ctx.out / (NAME + "_membership"))],
    )
    section.blocks.append(report.Figure(fig, "Start offsets over time"))
    section.blocks.append(
        ctx.table(
            summary.orderBy(F.desc("records_done"), *SHARE_PARTITION),
            [
                "group",
                "topic",
                "partition",
                "start_offset",
                "records_done",
                "records_per_s",
                "redeliveries",
                "archived",
                "max_delivery_count",
                "first_write",
                "last_write",
            ],
            caption="Per share-partition: throughput and redeliveries",
        )
    )
    section.blocks.append(
        ctx.table(
            groups.orderBy(F.desc("members_seen"), "group"),
            [
                "group",
                "group_epoch",
                "members_seen",
                "member_writes",
                "members_left",
                "first_record",
                "last_record",
            ],
            caption="Per share group: its membership history",
        )
    )
    return section


if __name__ == "__main__":
    sys.exit(main([sys.modules[__name__]]))

"""The questions the reports answer, as DataFrame -> DataFrame functions over the sources.

`offsets` is `spark.read.format("kbroker-offsets").load(...)`, `log_end` is
`spark.read.format("kbroker-log-end").load(...)`. Nothing here reads files or writes output.
"""

from __future__ import annotations

from pyspark.sql import Column, DataFrame, Row, Window
from pyspark.sql import functions as F

from jobs.rows import KIND_GROUP_METADATA, KIND_OFFSET_COMMIT, KIND_TOMBSTONE

_LOG_ORDER = ("log_partition", "offset")
# the columns latest_offsets reads: a source read with only these (option `columns`) decodes
# nothing else (no group metadata, no errors)
LATEST_OFFSETS_COLUMNS = (
    "log_partition",
    "offset",
    "timestamp",
    "kind",
    "key_type",
    "group",
    "topic",
    "partition",
    "committed_offset",
    "leader_epoch",
    "metadata",
    "commit_timestamp",
    "expire_timestamp",
)


def only_row(aggregate: DataFrame) -> Row:
    """The row of a global aggregate (`df.agg(...)`), which always has exactly one."""
    row = aggregate.first()
    if row is None:
        raise ValueError("a global aggregate without a row")
    return row


# --- latest committed offsets ---------------------------------------------------------------------


def latest_offsets(offsets: DataFrame) -> DataFrame:
    """Every group's committed offset per topic partition, with compaction semantics: the newest
    record of each key (in its `__consumer_offsets` partition) wins, and a tombstone deletes it."""
    keyed = offsets.where(F.col("key_type") == KIND_OFFSET_COMMIT)
    fields = [
        "kind",
        "offset",
        "timestamp",
        "committed_offset",
        "leader_epoch",
        "metadata",
        "commit_timestamp",
        "expire_timestamp",
    ]
    newest = keyed.groupBy("log_partition", "group", "topic", "partition").agg(
        F.max_by(F.struct(*fields), F.col("offset")).alias("r")
    )
    return newest.where(F.col("r.kind") == KIND_OFFSET_COMMIT).select(
        "group",
        "topic",
        "partition",
        "r.committed_offset",
        "r.leader_epoch",
        "r.metadata",
        "r.commit_timestamp",
        "r.expire_timestamp",
        "log_partition",
        F.col("r.offset").alias("record_offset"),
        F.col("r.timestamp").alias("record_timestamp"),
    )


# --- consumer lag -------------------------------------------------------------------------------


def partition_lag(latest: DataFrame, log_end: DataFrame) -> DataFrame:
    """Lag per group and topic partition: log end offset minus committed offset (null when the
    topic partition has no log in the data dir, e.g. a deleted topic)."""
    ends = log_end.select("topic", "partition", "log_start_offset", "log_end_offset")
    return latest.join(ends, ["topic", "partition"], "left").select(
        "group",
        "topic",
        "partition",
        "committed_offset",
        "log_start_offset",
        "log_end_offset",
        (F.col("log_end_offset") - F.col("committed_offset")).alias("lag"),
        "commit_timestamp",
    )


def group_lag(plag: DataFrame) -> DataFrame:
    """Lag per group: the sum and the largest over its partitions."""
    return plag.groupBy("group").agg(
        F.sum("lag").alias("total_lag"),
        F.max("lag").alias("max_lag"),
        F.count(F.lit(1)).alias("partitions"),
        F.countDistinct("topic").alias("topics"),
        F.sum(F.when(F.col("lag").isNull(), 1).otherwise(0)).alias("partitions_without_log"),
        F.max("commit_timestamp").alias("last_commit"),
    )


# --- commit rate --------------------------------------------------------------------------------

_NICE_WINDOWS_S = (
    1,
    5,
    10,
    30,
    60,
    300,
    600,
    900,
    1800,
    3600,
    3 * 3600,
    6 * 3600,
    12 * 3600,
    86400,
    7 * 86400,
)


def auto_window_seconds(span_seconds: float, buckets: int = 120) -> int:
    """A round window length giving about `buckets` windows over the span."""
    for w in _NICE_WINDOWS_S:
        if span_seconds / w <= buckets:
            return w
    return _NICE_WINDOWS_S[-1]


def commit_records(offsets: DataFrame) -> DataFrame:
    return offsets.where(F.col("kind") == KIND_OFFSET_COMMIT)


def commit_rate(offsets: DataFrame, window_seconds: int) -> DataFrame:
    """Per group and time window: offset records written (one per partition committed) and
    commits (OffsetCommit requests: distinct commit timestamps), and their rates per second."""
    w = F.window("timestamp", f"{window_seconds} seconds")
    return (
        commit_records(offsets)
        .groupBy("group", w.alias("w"))
        .agg(F.count(F.lit(1)).alias("records"), F.countDistinct("commit_timestamp").alias("commits"))
        .select(
            "group",
            F.col("w.start").alias("window_start"),
            F.col("w.end").alias("window_end"),
            "records",
            "commits",
            (F.col("records") / window_seconds).alias("records_per_s"),
            (F.col("commits") / window_seconds).alias("commits_per_s"),
        )
    )


def commit_totals(offsets: DataFrame) -> DataFrame:
    """Per group: records and commits in all, first and last, and the mean commits per second."""
    span = F.col("last_commit").cast("double") - F.col("first_commit").cast("double")
    return (
        commit_records(offsets)
        .groupBy("group")
        .agg(
            F.count(F.lit(1)).alias("records"),
            F.countDistinct("commit_timestamp").alias("commits"),
            F.min("timestamp").alias("first_commit"),
            F.max("timestamp").alias("last_commit"),
        )
        .withColumn("commits_per_s", F.when(span > 0, F.col("commits") / span))
    )


# --- rebalance history --------------------------------------------------------------------------


def rebalance_history(offsets: DataFrame) -> DataFrame:
    """Classic groups' generations (`classic_rebalance_history`) and KIP-848 consumer groups'
    epochs (`consumer_group_epochs`) side by side, told apart by `group_type`."""
    classic = classic_rebalance_history(offsets)
    consumer = consumer_group_epochs(offsets)
    for field in classic.schema.fields:
        if field.name not in consumer.columns:
            consumer = consumer.withColumn(field.name, F.lit(None).cast(field.dataType))
    consumer = consumer.select(*(F.col(f.name).cast(f.dataType) for f in classic.schema.fields), "group_type")
    return classic.withColumn("group_type", F.lit("classic")).unionByName(consumer)


def consumer_group_epochs(offsets: DataFrame) -> DataFrame:
    """One row per KIP-848 group epoch record (ConsumerGroupMetadata, or its tombstone), in log
    order per group: `generation` is the group epoch, `members_count` the members the log holds
    at that point (member subscription records minus their tombstones), `event` stable (members),
    empty or deleted, as for classic groups."""
    cg = offsets.where(F.col("key_type").startswith("consumer_group_"))
    by_member = Window.partitionBy("group", "member_id").orderBy(*_LOG_ORDER)
    members = cg.where(F.col("key_type") == "consumer_group_member_metadata")
    prev_kind = F.lag("kind").over(by_member)
    is_tomb = F.col("kind") == KIND_TOMBSTONE
    members = members.select(
        "group",
        "log_partition",
        "offset",
        "timestamp",
        "kind",
        F.lit(None).cast("int").alias("group_epoch"),
        F.when(is_tomb & prev_kind.isNotNull() & (prev_kind != KIND_TOMBSTONE), -1)
        .when(~is_tomb & (prev_kind.isNull() | (prev_kind == KIND_TOMBSTONE)), 1)
        .otherwise(0)
        .alias("delta"),
        F.lit(False).alias("is_epoch"),
    )
    epochs = cg.where(F.col("key_type") == "consumer_group_metadata").select(
        "group",
        "log_partition",
        "offset",
        "timestamp",
        "kind",
        "group_epoch",
        F.lit(0).alias("delta"),
        F.lit(True).alias("is_epoch"),
    )
    by_log = Window.partitionBy("group").orderBy(*_LOG_ORDER)
    rows = members.unionByName(epochs).withColumn(
        "members_count", F.sum("delta").over(by_log.rowsBetween(Window.unboundedPreceding, 0))
    )
    rows = rows.where(F.col("is_epoch"))
    tomb = F.when(F.col("kind") == KIND_TOMBSTONE, 1).otherwise(0)
    rows = rows.withColumn(
        "incarnation",
        F.coalesce(F.sum(tomb).over(by_log.rowsBetween(Window.unboundedPreceding, -1)), F.lit(0)),
    )
    prev = Window.partitionBy("group", "incarnation").orderBy(*_LOG_ORDER)
    rows = rows.withColumn(
        "event",
        F.when(F.col("kind") == KIND_TOMBSTONE, F.lit("deleted"))
        .when(F.col("members_count") > 0, F.lit("stable"))
        .otherwise(F.lit("empty")),
    )
    prev_epoch = F.lag("group_epoch").over(prev)
    rows = rows.withColumn(
        "new_generation",
        (F.col("kind") != KIND_TOMBSTONE) & (prev_epoch.isNull() | (prev_epoch != F.col("group_epoch"))),
    )
    return rows.select(
        "group",
        "incarnation",
        F.col("group_epoch").alias("generation"),
        "event",
        "new_generation",
        "timestamp",
        F.lit(None).cast("timestamp").alias("state_since"),
        F.lit(None).cast("bigint").alias("completing_rebalance_ms"),
        (_millis("timestamp") - _millis(F.lag("timestamp").over(prev))).alias("since_previous_ms"),
        F.col("members_count").cast("int").alias("members_count"),
        F.lit("consumer").alias("protocol_type"),
        "log_partition",
        "offset",
        F.lit("consumer").alias("group_type"),
    )


def classic_rebalance_history(offsets: DataFrame) -> DataFrame:
    """One row per group metadata record (and group tombstone), in log order per group.

    `incarnation` counts the group's deletions before the row (a deleted group that comes back
    starts again at generation 1). `event` is `stable` (a generation with members, written when
    its assignment was stored), `empty` (the group lost its last member) or `deleted`.
    `new_generation` is true for the first record of a generation. `completing_rebalance_ms` is
    the part of the rebalance the log holds: from the end of the join phase (the generation's
    current_state_timestamp) to the assignment being stored (the record); the join phase's
    start is not written to the log (by Kafka either). `since_previous_ms` is the time since
    the previous generation's record.
    """
    rows = offsets.where(F.col("key_type") == KIND_GROUP_METADATA).select(
        "group",
        "log_partition",
        "offset",
        "timestamp",
        "kind",
        "generation",
        "protocol_type",
        "protocol",
        "leader",
        "current_state_timestamp",
        "members",
    )
    by_log = Window.partitionBy("group").orderBy(*_LOG_ORDER)
    tomb = F.when(F.col("kind") == KIND_TOMBSTONE, 1).otherwise(0)
    rows = rows.withColumn(
        "incarnation",
        F.coalesce(F.sum(tomb).over(by_log.rowsBetween(Window.unboundedPreceding, -1)), F.lit(0)),
    )
    rows = rows.withColumn(
        "event",
        F.when(F.col("kind") == KIND_TOMBSTONE, F.lit("deleted"))
        .when(F.size("members") > 0, F.lit("stable"))
        .otherwise(F.lit("empty")),
    )
    prev = Window.partitionBy("group", "incarnation").orderBy(*_LOG_ORDER)
    prev_gen = F.lag("generation").over(prev)
    rows = rows.withColumn(
        "new_generation",
        (F.col("kind") == KIND_GROUP_METADATA) & (prev_gen.isNull() | (prev_gen != F.col("generation"))),
    )
    ms = _millis
    rows = rows.withColumn(
        "completing_rebalance_ms",
        F.when(
            F.col("new_generation")
            & (F.col("event") == "stable")
            & F.col("current_state_timestamp").isNotNull(),
            F.greatest(ms("timestamp") - ms("current_state_timestamp"), F.lit(0)),
        ),
    )
    rows = rows.withColumn("since_previous_ms", ms("timestamp") - ms(F.lag("timestamp").over(prev)))
    return rows.select(
        "group",
        "incarnation",
        "generation",
        "event",
        "new_generation",
        "timestamp",
        F.col("current_state_timestamp").alias("state_since"),
        "completing_rebalance_ms",
        "since_previous_ms",
        F.coalesce(F.size("members"), F.lit(0)).alias("members_count"),
        F.transform("members", lambda m: m["member_id"]).alias("member_ids"),
        "protocol_type",
        "protocol",
        "leader",
        "members",
        "log_partition",
        "offset",
    )


def _millis(c: str | Column) -> Column:
    col = F.col(c) if isinstance(c, str) else c
    return F.unix_millis(col)


def rebalance_summary(history: DataFrame) -> DataFrame:
    """Per group: where it stands (its last record: generation, state, members, protocol,
    leader; `deleted` if that record is a tombstone) and its rebalances over the whole log."""
    last = history.groupBy("group").agg(
        F.max_by(
            F.struct(
                "incarnation",
                "generation",
                "event",
                "members_count",
                "member_ids",
                "protocol",
                "leader",
                "timestamp",
            ),
            F.struct(*_LOG_ORDER),
        ).alias("last")
    )
    # the generation of a deleted group is the last one it had before the tombstone
    last_live = (
        history.where(F.col("event") != "deleted")
        .groupBy("group")
        .agg(F.max_by("generation", F.struct(*_LOG_ORDER)).alias("last_generation"))
    )
    stats = history.groupBy("group").agg(
        F.sum(F.when(F.col("new_generation") & (F.col("event") == "stable"), 1).otherwise(0)).alias(
            "rebalances"
        ),
        F.sum(F.when(F.col("new_generation"), 1).otherwise(0)).alias("generations"),
        F.sum(F.when(F.col("event") == "deleted", 1).otherwise(0)).alias("deletions"),
        F.sum("completing_rebalance_ms").alias("time_rebalancing_ms"),
        F.max("completing_rebalance_ms").alias("max_rebalance_ms"),
        F.max("members_count").alias("max_members"),
        F.min("timestamp").alias("first_seen"),
        F.max("group_type").alias("group_type"),
    )
    return (
        last.join(stats, "group")
        .join(last_live, "group", "left")
        .select(
            "group",
            F.col("last.event").alias("state"),
            F.when(F.col("last.event") == "deleted", F.col("last_generation"))
            .otherwise(F.col("last.generation"))
            .alias("generation"),
            F.col("last.incarnation").alias("incarnation"),
            F.col("last.members_count").alias("members"),
            F.col("last.member_ids").alias("member_ids"),
            F.col("last.protocol").alias("protocol"),
            F.col("last.leader").alias("leader"),
            F.col("last.timestamp").alias("last_change"),
            "first_seen",
            "rebalances",
            "generations",
            "deletions",
            "time_rebalancing_ms",
            "max_rebalance_ms",
            "max_members",
            "group_type",
        )
    )


# --- rebalance storms ---------------------------------------------------------------------------


def rebalance_storms(history: DataFrame, generations: int = 5, minutes: float = 5.0) -> DataFrame:
    """Groups whose generation advanced more than `generations` times within `minutes` (a
    rebalance storm): when (the first and last generation of the stormy stretch), how many
    advances at most in one such window, and the members that came and went meanwhile (those in
    some of its generations but not all)."""
    window_ms = int(minutes * 60_000)
    gens = history.where(F.col("new_generation")).select(
        "group", "incarnation", "generation", "timestamp", "member_ids", F.unix_millis("timestamp").alias("t")
    )
    w = Window.partitionBy("group", "incarnation").orderBy("t").rangeBetween(-window_ms, 0)
    counted = gens.withColumn("advances", F.count(F.lit(1)).over(w) - 1)
    ends = (
        counted.where(F.col("advances") > generations)
        .groupBy("group", "incarnation")
        .agg(
            F.min("t").alias("first_end"), F.max("t").alias("last_t"), F.max("advances").alias("max_advances")
        )
    )
    stretch = gens.join(ends, ["group", "incarnation"]).where(
        (F.col("t") >= F.col("first_end") - window_ms) & (F.col("t") <= F.col("last_t"))
    )
    per_member = (
        stretch.select("group", "incarnation", "generation", F.explode_outer("member_ids").alias("member"))
        .groupBy("group", "incarnation", "member")
        .agg(F.countDistinct("generation").alias("in_gens"))
    )
    totals = stretch.groupBy("group", "incarnation").agg(
        F.countDistinct("generation").alias("generations"),
        F.min("timestamp").alias("storm_start"),
        F.max("timestamp").alias("storm_end"),
        F.max("max_advances").alias("max_advances_in_window"),
    )
    churn = (
        per_member.join(totals, ["group", "incarnation"])
        .where(F.col("member").isNotNull() & (F.col("in_gens") < F.col("generations")))
        .groupBy("group", "incarnation")
        .agg(F.sort_array(F.collect_list("member")).alias("members_came_and_went"))
    )
    return (
        totals.join(churn, ["group", "incarnation"], "left")
        .select(
            "group",
            "incarnation",
            "storm_start",
            "storm_end",
            "generations",
            "max_advances_in_window",
            F.coalesce("members_came_and_went", F.array().cast("array<string>")).alias(
                "members_came_and_went"
            ),
        )
        .orderBy("group", "storm_start")
    )

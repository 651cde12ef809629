"""Filters Spark pushes down to `kbroker-offsets` (`.option("pushFilters", "true")`: equality and
IN on log_partition, kind, key_type, group, topic) give the same rows as Spark filtering them
itself, and a log_partition filter reads only that partition."""

from __future__ import annotations

from pathlib import Path

import pytest

from jobs import synthetic as syn

pytestmark = pytest.mark.slow

CONF = "spark.sql.python.filterPushdown.enabled"


def test_pushed_filters_give_the_same_rows(spark, tmp_path: Path) -> None:
    syn.write_commit_workload(tmp_path, records=6000, log_partitions=3, groups=8, rebalance_every=300)
    queries = [
        "`group` = 'group-0003'",
        "kind IN ('group_metadata', 'tombstone')",
        "log_partition = 1",
        "key_type = 'offset_commit' AND topic = 'topic-2' AND offset > 100",
        "log_partition IN (0, 2) AND `group` IN ('group-0001', 'group-0005', 'nobody')",
    ]
    try:
        for q in queries:
            got = {}
            for pushdown in ("true", "false"):
                spark.conf.set(CONF, pushdown)
                df = (
                    spark.read.format("kbroker-offsets")
                    .option("pushFilters", pushdown)
                    .option("columns", "log_partition,offset,kind,key_type,group,topic")
                    .load(str(tmp_path))
                    .where(q)
                )
                got[pushdown] = sorted(tuple(r) for r in df.collect())
                if q == "log_partition = 1":
                    assert df.rdd.getNumPartitions() == (1 if pushdown == "true" else 3)
            assert got["true"] == got["false"], q
            assert got["true"], q
    finally:
        spark.conf.set(CONF, "true")

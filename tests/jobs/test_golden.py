"""Golden test: the rows decoded from a small fixture segment equal the expected values, field by
field, read directly (jobs.segments + jobs.rows) and through Spark (`kbroker-offsets`)."""

from __future__ import annotations

import pytest

from jobs import rows as R
from jobs import segments as S
from tests.jobs.golden import FIXTURE_DIR, expected_rows


def test_fixture_rows_read_directly() -> None:
    stats = S.ReadStats()
    cols = R.OffsetColumns()
    for pdir in S.partition_dirs(FIXTURE_DIR):
        for rng in S.plan_ranges(pdir):
            for batch in S.read_range(rng, stats=stats):
                cols.add_batch(rng.partition, batch)
    got = cols.as_dicts()
    want = expected_rows()
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        for name in w:
            assert g[name] == w[name], f"offset {w['offset']}: {name}"
    assert stats.torn_bytes == 40  # the torn batch at the end is skipped, not an error
    assert stats.invalid_batches == 0


@pytest.mark.slow
def test_fixture_rows_through_spark(spark) -> None:
    from pyspark.sql import functions as F

    df = spark.read.format("kbroker-offsets").load(str(FIXTURE_DIR))
    types = dict(df.dtypes)
    assert [name for name, _ in R.OFFSETS_COLUMNS] == df.columns
    assert types["timestamp"] == "timestamp" and types["offset"] == "bigint"
    cols = [F.unix_millis(c).alias(c) if types[c] == "timestamp" else F.col(c) for c in df.columns]
    got = [r.asDict(recursive=True) for r in df.select(*cols).orderBy("offset").collect()]
    want = expected_rows()
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        for name in w:
            assert g[name] == w[name], f"offset {w['offset']}: {name}"
    assert df.rdd.getNumPartitions() == 1  # one log partition, one input partition

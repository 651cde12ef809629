"""PySpark over the broker's `__consumer_offsets` log: two data sources and the reports.

    import jobs
    spark = jobs.build_session()            # or any SparkSession, then jobs.register(spark)
    offsets = spark.read.format("kbroker-offsets").load("./data")
    ends = spark.read.format("kbroker-log-end").load("./data")

Both read the log dirs, or the brokers with `.option("bootstrap", "host:port")`, in batch
(`spark.read`) or as streams (`spark.readStream`, jobs/stream.py); `kbroker-alerts` writes rows
to a topic (jobs/alerts.py).

The jobs (`python -m jobs`, `make jobs`, or each module with spark-submit): latest_offsets,
consumer_lag, commit_rate, rebalance_history; the live lag monitor: `python -m jobs.monitor`
(`make monitor`). See README.md, "Spark jobs".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from jobs.datasource import LOG_END_FORMAT, OFFSETS_FORMAT, LogEndDataSource, OffsetsDataSource, register

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

__all__ = [
    "register",
    "build_session",
    "OffsetsDataSource",
    "LogEndDataSource",
    "OFFSETS_FORMAT",
    "LOG_END_FORMAT",
]


def build_session(*args: Any, **kwargs: Any) -> SparkSession:
    """See jobs.session.build_session."""
    from jobs.session import build_session as build

    return build(*args, **kwargs)

"""What every job shares: arguments, the session, the sources, Parquet output and the page.

A job module defines `NAME`, `TITLE` and `run(ctx) -> report.Section`, and ends with
`if __name__ == "__main__": main([module])`, so it runs alone with spark-submit;
jobs/run_all.py runs them all in one session (the offsets log decoded once, cached).
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from pyspark import StorageLevel
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from jobs import report
from jobs.datasource import LOG_END_FORMAT, OFFSETS_FORMAT
from jobs.segments import split_log_dirs


@dataclass
class Context:
    spark: SparkSession
    data: str
    out: Path
    window: str = "auto"  # commit rate window: "auto" or seconds
    top: int = 50  # rows in each report table
    cache: bool = True  # keep the decoded log for the next jobs (worth it when several jobs run)
    storm_generations: int = 5  # a rebalance storm: more generations than this ...
    storm_minutes: float = 5.0  # ... within this many minutes
    timings: dict[str, float] = field(default_factory=dict)
    _offsets: DataFrame | None = None
    _log_end: DataFrame | None = None

    def offsets(self, columns: Sequence[str] | None = None, *, newest_per_key: bool = False) -> DataFrame:
        """The decoded offsets log; with `cache`, read once (every column) and kept for the jobs
        of this run; without, only `columns` when given (the others are never decoded), and
        with `newest_per_key` only the newest record of each key (the source's `compact`: for
        a job that keeps only those, it gives the same answer from far fewer rows)."""
        if columns and not self.cache:
            reader = self.spark.read.format(OFFSETS_FORMAT).option("columns", ",".join(columns))
            if newest_per_key:
                reader = reader.option("compact", "true")
            return reader.load(self.data)
        if self._offsets is None:
            self._offsets = self.spark.read.format(OFFSETS_FORMAT).load(self.data)
            if self.cache:
                self._offsets = self._offsets.persist(StorageLevel.MEMORY_AND_DISK)
        return self._offsets

    def log_end(self) -> DataFrame:
        if self._log_end is None:
            self._log_end = self.spark.read.format(LOG_END_FORMAT).load(self.data).cache()
        return self._log_end

    def write(self, name: str, df: DataFrame) -> DataFrame:
        """Write `df` as Parquet under the output dir; the written result, read back."""
        path = str(self.out / name)
        df.write.mode("overwrite").parquet(path)
        return self.spark.read.parquet(path)

    def figure(self, name: str) -> Path:
        return self.out / "img" / f"{name}.png"

    def table(
        self,
        df: DataFrame,
        columns: Sequence[str],
        *,
        caption: str = "",
        limit: int | None = None,
        total: bool = True,
    ) -> report.Table:
        """The first rows of `df` (already ordered) as a report table; timestamps as UTC text."""
        limit = self.top if limit is None else limit
        types = dict(df.dtypes)
        cols = [
            F.date_format(c, "yyyy-MM-dd HH:mm:ss.SSS").alias(c) if types.get(c) == "timestamp" else F.col(c)
            for c in columns
        ]
        rows = [tuple(r) for r in df.select(*cols).limit(limit).collect()]
        return report.Table(list(columns), rows, caption, df.count() if total else None)

    def close(self) -> None:
        for df in (self._offsets, self._log_end):
            if df is not None and df.storageLevel.useMemory:
                df.unpersist()


def parse_args(argv: Sequence[str] | None, description: str) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=description)
    p.add_argument(
        "--data", default="./data", help="the broker's log dir(s), comma-separated (default ./data)"
    )
    p.add_argument("--out", default="./reports", help="where Parquet results and the HTML report go")
    p.add_argument("--master", default=None, help="Spark master (default: spark-submit's, else local[*])")
    p.add_argument("--window", default="auto", help="commit rate window in seconds, or auto (default)")
    p.add_argument("--top", type=int, default=50, help="rows shown in each report table (default 50)")
    p.add_argument("--quiet", action="store_true", help="no Spark console progress bar")
    p.add_argument(
        "--storm-generations",
        type=int,
        default=5,
        help="flag a rebalance storm when a group's generation advances more than this many times ...",
    )
    p.add_argument(
        "--storm-minutes", type=float, default=5.0, help="... within this many minutes (default 5)"
    )
    return p.parse_args(argv)


def run_jobs(ctx: Context, jobs: Sequence[ModuleType], page: str) -> Path:
    sections: list[report.Section] = []
    for job in jobs:
        started = time.perf_counter()
        sections.append(job.run(ctx))
        ctx.timings[job.NAME] = time.perf_counter() - started
        print(f"kbroker jobs: {job.NAME} done in {ctx.timings[job.NAME]:.1f} s", file=sys.stderr)
    now = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    timings = ", ".join(f"{name} {secs:.1f} s" for name, secs in ctx.timings.items())
    return report.write_page(
        ctx.out / page,
        sections,
        title="kbroker: consumer groups from the __consumer_offsets log",
        subtitle=f"log dirs {ctx.data} · generated {now}",
        footer=f"Read by Spark {ctx.spark.version} ({ctx.spark.sparkContext.master}) with the kbroker-offsets and "
        f"kbroker-log-end data sources. Job times: {timings}.",
    )


def main(jobs: Sequence[ModuleType], argv: Sequence[str] | None = None, *, page: str | None = None) -> int:
    from jobs.session import build_session

    description = "; ".join(j.TITLE for j in jobs)
    args = parse_args(argv, description)
    missing = [d for d in split_log_dirs(args.data) if not Path(d).is_dir()]
    if missing:
        print(
            f"kbroker jobs: no such log dir: {', '.join(missing)} (give the broker's log.dirs with --data)",
            file=sys.stderr,
        )
        return 2
    spark = build_session(
        f"kbroker {jobs[0].NAME if len(jobs) == 1 else 'jobs'}", args.master, progress=not args.quiet
    )
    ctx = Context(
        spark,
        args.data,
        Path(args.out),
        window=args.window,
        top=args.top,
        cache=len(jobs) > 1,
        storm_generations=args.storm_generations,
        storm_minutes=args.storm_minutes,
    )
    try:
        path = run_jobs(ctx, jobs, page or (f"{jobs[0].NAME}.html" if len(jobs) == 1 else "index.html"))
        print(f"kbroker jobs: report {path.resolve()}", file=sys.stderr)
    finally:
        ctx.close()
        spark.stop()
    return 0

"""Benchmark of the Spark jobs: rows/s read by the `kbroker-offsets` data source over >= 5 million
offset-commit records generated on disk in Kafka's layout (local[2]), and the time of each job.

    .venv/bin/python bench/bench_jobs.py [--records N] [--data DIR] [--standalone]

The records are written with the project's encoders (jobs/synthetic.py) into a temporary log
dir (or `--data DIR`, kept and reused when it already holds the same workload). Figures:
- generation time and size on disk;
- the decoding alone in one Python process (no Spark): the row-at-a-time decoder (jobs/rows.py,
  the source's only path before issue 20) and the columnar one (jobs/columnar.py), rows/s;
- `latest_offsets` through Spark, rows/s of the log: before (decoder=rows, every column),
  after with every column (the full-row query) and after with only the columns it uses
  (column-pruned: option `columns`), and column-pruned and compacted in the reader (option
  `compact`: only the newest record of each key becomes a row, as the latest_offsets job reads);
  and a full read (`count()`) of every column both ways;
- the jobs as `make jobs` runs them: the log decoded once and cached, then each job on it;
- with `--standalone`, each job again in a session of its own, reading the log from disk.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jobs import synthetic  # noqa: E402
from jobs.columnar import ColumnarDecoder, arrow_schema  # noqa: E402
from jobs.rows import OFFSETS_COLUMNS, OffsetColumns  # noqa: E402
from jobs.segments import OFFSETS_TOPIC, partition_dirs, plan_ranges, range_batches, read_range  # noqa: E402

MASTER = "local[2]"
SPARK_CONF = {
    "spark.ui.enabled": "false",
    "spark.sql.shuffle.partitions": "8",
    "spark.driver.memory": "4g",
}


def generate(data: Path, records: int) -> dict:
    marker = data / "bench-workload.json"
    params = {"records": records, "log_partitions": 10, "groups": 200, "version": 1}
    if marker.exists() and json.loads(marker.read_text()).get("params") == params:
        info = json.loads(marker.read_text())
        info["reused"] = True
        return info
    shutil.rmtree(data, ignore_errors=True)
    data.mkdir(parents=True)
    started = time.perf_counter()
    w = synthetic.write_commit_workload(
        data, records=records, log_partitions=10, groups=200, topics=10, partitions=8, rebalance_every=20_000
    )
    for t in range(10):
        for p in range(8):
            synthetic.write_data_topic(data, f"topic-{t}", p, 20_000 + 1000 * p, batch=500)
    info = {
        "params": params,
        "records": w.records,
        "bytes": w.bytes,
        "seconds": time.perf_counter() - started,
        "reused": False,
    }
    marker.write_text(json.dumps(info))
    return info


def python_decode_rate(data: Path) -> tuple[int, float]:
    """Rows/s decoding one offsets partition in this process (no Spark, one core), row by row."""
    pdir = partition_dirs(data, OFFSETS_TOPIC)[0]
    cols = OffsetColumns()
    rows = 0
    started = time.perf_counter()
    for rng in plan_ranges(pdir):
        for batch in read_range(rng):
            cols.add_batch(rng.partition, batch)
            if cols.rows >= 65_536:
                rows += cols.rows
                cols.clear()
    rows += cols.rows
    return rows, time.perf_counter() - started


def columnar_decode_rate(data: Path, columns: list[str]) -> tuple[int, float]:
    """Rows/s decoding one offsets partition into Arrow columns (jobs/columnar.py), one core."""
    pdir = partition_dirs(data, OFFSETS_TOPIC)[0]
    decoder = ColumnarDecoder(columns, arrow_schema(columns))
    rows = 0
    started = time.perf_counter()
    for rng in plan_ranges(pdir):
        pending, count = [], 0
        for raw in range_batches(rng):
            pending.append(raw)
            count += raw.header.records_count
            if count >= 65_536:
                rows += decoder.decode(rng.partition, pending).num_rows
                pending, count = [], 0
        if pending:
            rows += decoder.decode(rng.partition, pending).num_rows
    return rows, time.perf_counter() - started


def spark_figures(spark, data: Path, records: int, skip_before: bool) -> None:
    from jobs import analysis

    def timed(what: str, run) -> None:
        started = time.perf_counter()
        run()
        secs = time.perf_counter() - started
        print(f"  {what}: {secs:.1f} s = {records / secs:,.0f} rows/s")

    def source(decoder: str, columns=None, compact: bool = False):
        r = spark.read.format("kbroker-offsets").option("decoder", decoder)
        if columns:
            r = r.option("columns", ",".join(columns))
        if compact:
            r = r.option("compact", "true")
        return r.load(str(data))

    print(f"latest_offsets over the whole log ({MASTER}), rows of the log per second:")
    if not skip_before:
        timed(
            "before: row-at-a-time decoder, every column",
            lambda: analysis.latest_offsets(source("rows")).write.format("noop").mode("overwrite").save(),
        )
    timed(
        "after: columnar decoder, every column (full-row query)",
        lambda: analysis.latest_offsets(source("columnar")).write.format("noop").mode("overwrite").save(),
    )
    timed(
        f"after: columnar decoder, column-pruned ({len(analysis.LATEST_OFFSETS_COLUMNS)} of "
        f"{len(OFFSETS_COLUMNS)} columns)",
        lambda: (
            analysis.latest_offsets(source("columnar", analysis.LATEST_OFFSETS_COLUMNS))
            .write.format("noop")
            .mode("overwrite")
            .save()
        ),
    )
    timed(
        "after: columnar decoder, column-pruned, compacted in the reader (newest record per key)",
        lambda: (
            analysis.latest_offsets(source("columnar", analysis.LATEST_OFFSETS_COLUMNS, compact=True))
            .write.format("noop")
            .mode("overwrite")
            .save()
        ),
    )
    full = analysis.latest_offsets(source("columnar", analysis.LATEST_OFFSETS_COLUMNS))
    compacted = analysis.latest_offsets(source("columnar", analysis.LATEST_OFFSETS_COLUMNS, compact=True))
    same = sorted(map(tuple, full.collect())) == sorted(map(tuple, compacted.collect()))
    print(f"  the same latest offsets read compacted and not: {same}")
    print(f"a full read, count() ({MASTER}):")
    if not skip_before:
        timed("before: row-at-a-time decoder", lambda: source("rows").count())
    timed("after: columnar decoder", lambda: source("columnar").count())
    timed(
        "after: columnar, group + committed_offset only",
        lambda: source("columnar", ["group", "committed_offset"]).count(),
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--records", type=int, default=5_000_000)
    ap.add_argument("--data", type=Path, default=None, help="generate into (and reuse) this dir")
    ap.add_argument("--standalone", action="store_true", help="also time each job in a session of its own")
    ap.add_argument(
        "--no-before", action="store_true", help="skip the row-at-a-time decoder's figures (slow)"
    )
    ap.add_argument("--no-jobs", action="store_true", help="skip timing the jobs")
    args = ap.parse_args()

    tmp = None
    if args.data is None:
        tmp = Path(tempfile.mkdtemp(prefix="kbroker-bench-jobs-"))
        data = tmp / "data"
    else:
        data = args.data
    try:
        info = generate(data, args.records)
        how = "reused" if info["reused"] else f"generated in {info['seconds']:.1f} s"
        print(
            f"workload: {info['records']:,} offset-commit records, {info['bytes'] / 2**20:.0f} MiB of segments "
            f"in 10 __consumer_offsets partitions ({how}); 80 data partitions for the log ends"
        )

        rows, secs = python_decode_rate(data)
        print(
            f"decode alone, one Python process, no Spark: before (jobs/rows.py, row at a time): "
            f"{rows / secs:,.0f} rows/s ({rows:,} rows in {secs:.1f} s)"
        )
        from jobs import columnar

        print(f"record scan: {'C (jobs/_cscan.c)' if columnar._cscan is not None else 'Python (not built)'}")
        all_columns = [name for name, _ in OFFSETS_COLUMNS]
        rows, secs = columnar_decode_rate(data, all_columns)
        print(
            f"decode alone, one Python process, no Spark: after (jobs/columnar.py, every column): "
            f"{rows / secs:,.0f} rows/s ({rows:,} rows in {secs:.1f} s)"
        )

        from jobs import build_session, run_all
        from jobs.runner import Context

        spark = build_session("kbroker bench", MASTER, progress=False, conf=SPARK_CONF)
        spark.sparkContext.setLogLevel("ERROR")
        try:
            spark.read.format("kbroker-offsets").load(
                str(ROOT / "tests" / "fixtures" / "offsets")
            ).count()  # warm up
            spark_figures(spark, data, info["records"], args.no_before)
            started = time.perf_counter()
            m = spark.read.format("kbroker-log-end").load(str(data)).count()
            print(f"kbroker-log-end data source: {m} partitions in {time.perf_counter() - started:.2f} s")
            if args.no_jobs:
                return 0

            out = Path(tempfile.mkdtemp(prefix="kbroker-bench-reports-"))
            ctx = Context(spark, str(data), out, top=50, cache=True)
            try:
                started = time.perf_counter()
                ctx.offsets().count()  # decode once, cache (as make jobs does)
                ctx.log_end().count()
                print(f"make jobs: decode and cache the log: {time.perf_counter() - started:.1f} s")
                for job in run_all.ALL:
                    started = time.perf_counter()
                    job.run(ctx)
                    print(
                        f"make jobs: {job.NAME}: {time.perf_counter() - started:.1f} s "
                        f"(Parquet + report section, on the cached log)"
                    )
            finally:
                ctx.close()
                shutil.rmtree(out, ignore_errors=True)

            if args.standalone:
                for job in run_all.ALL:
                    out = Path(tempfile.mkdtemp(prefix="kbroker-bench-reports-"))
                    ctx = Context(spark, str(data), out, top=50, cache=False)
                    try:
                        started = time.perf_counter()
                        job.run(ctx)
                        print(
                            f"standalone: {job.NAME}: {time.perf_counter() - started:.1f} s (reading the log from disk)"
                        )
                    finally:
                        ctx.close()
                        shutil.rmtree(out, ignore_errors=True)
        finally:
            spark.stop()
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

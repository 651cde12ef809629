"""Benchmark of the Spark jobs: rows/s read by the `kbroker-offsets` data source over >= 5 million
offset-commit records generated on disk in Kafka's layout (local[2]), and the time of each job.

    .venv/bin/python bench/bench_jobs.py [--records N] [--data DIR] [--standalone]

The records are written with the project's encoders (jobs/synthetic.py) into a temporary log
dir (or `--data DIR`, kept and reused when it already holds the same workload). Figures:
- generation time and size on disk;
- the data source alone: one full read (`count()`), rows/s; and the decoding alone in one
  Python process (no Spark), for comparison;
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
from jobs.rows import OffsetColumns  # noqa: E402
from jobs.segments import OFFSETS_TOPIC, partition_dirs, plan_ranges, read_range  # noqa: E402

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
    w = synthetic.write_commit_workload(data, records=records, log_partitions=10, groups=200, topics=10,
                                        partitions=8, rebalance_every=20_000)
    for t in range(10):
        for p in range(8):
            synthetic.write_data_topic(data, f"topic-{t}", p, 20_000 + 1000 * p, batch=500)
    info = {"params": params, "records": w.records, "bytes": w.bytes, "seconds": time.perf_counter() - started,
            "reused": False}
    marker.write_text(json.dumps(info))
    return info


def python_decode_rate(data: Path) -> tuple[int, float]:
    """Rows/s decoding one offsets partition in this process (no Spark, one core)."""
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--records", type=int, default=5_000_000)
    ap.add_argument("--data", type=Path, default=None, help="generate into (and reuse) this dir")
    ap.add_argument("--standalone", action="store_true", help="also time each job in a session of its own")
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
        print(f"workload: {info['records']:,} offset-commit records, {info['bytes'] / 2**20:.0f} MiB of segments "
              f"in 10 __consumer_offsets partitions ({how}); 80 data partitions for the log ends")

        rows, secs = python_decode_rate(data)
        print(f"decode alone (jobs.segments + jobs.rows, one Python process, no Spark): "
              f"{rows / secs:,.0f} rows/s ({rows:,} rows in {secs:.1f} s)")

        from jobs import build_session, run_all
        from jobs.runner import Context

        spark = build_session("kbroker bench", MASTER, progress=False, conf=SPARK_CONF)
        spark.sparkContext.setLogLevel("ERROR")
        try:
            spark.read.format("kbroker-offsets").load(str(ROOT / "tests" / "fixtures" / "offsets")).count()  # warm up
            started = time.perf_counter()
            n = spark.read.format("kbroker-offsets").load(str(data)).count()
            secs = time.perf_counter() - started
            print(f"kbroker-offsets data source ({MASTER}): {n:,} rows in {secs:.1f} s = {n / secs:,.0f} rows/s")
            started = time.perf_counter()
            m = spark.read.format("kbroker-log-end").load(str(data)).count()
            print(f"kbroker-log-end data source: {m} partitions in {time.perf_counter() - started:.2f} s")

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
                    print(f"make jobs: {job.NAME}: {time.perf_counter() - started:.1f} s "
                          f"(Parquet + report section, on the cached log)")
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
                        print(f"standalone: {job.NAME}: {time.perf_counter() - started:.1f} s (reading the log from disk)")
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

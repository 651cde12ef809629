"""The live lag monitor: a Spark Structured Streaming job over the broker's log.

    python -m jobs.monitor --data ./data --out ./monitor --bootstrap 127.0.0.1:9092
    make monitor

Two streams, unioned into one query: `kbroker-offsets` (commits, offset and group deletions,
group generations, as they are appended) and `kbroker-log-end` (every partition's log end, at
each trigger). Each micro-batch feeds jobs/lag.py's evaluator (Burrow's rules, see there and the
README), then writes what changed:
- `<out>/status_changes/` Parquet, one directory per micro-batch (`batch=<id>`: a batch run
  again after a crash overwrites its own rows), columns of jobs.lag.Change;
- `<out>/monitor.html`, a page that refreshes itself: status per group, lag sparkline per group,
  the latest changes;
- the changes as alerts on a kbroker topic (`--alerts-topic`, default `__lag_alerts`) through the
  `kbroker-alerts` data source writer (our AsyncProducer), when `--bootstrap` is given.
The evaluator's state is saved after each batch (`<out>/monitor-state.pickle`) with the id of
the batch it includes: a restart on the same `--out` (the checkpoint lives under it by default)
goes on where it stopped and skips a batch it already applied.
"""

from __future__ import annotations

import argparse
import datetime as dt
import html
import os
import pickle
import sys
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jobs.lag import Change, LagEvaluator

if TYPE_CHECKING:
    from pyspark.sql import DataFrame, Row, SparkSession
    from pyspark.sql.streaming.query import StreamingQuery
    from pyspark.sql.streaming.readwriter import DataStreamReader

STATE_FILE = "monitor-state.pickle"
PAGE = "monitor.html"
SPARK_POINTS = 60
OFFSET_COLUMNS = (
    "log_partition",
    "offset",
    "timestamp",
    "kind",
    "key_type",
    "group",
    "topic",
    "partition",
    "committed_offset",
    "commit_timestamp",
    "generation",
    "members",
)
CHANGE_DDL = (
    "time_ms bigint, group string, topic string, partition int, status string, previous string, "
    "lag bigint, committed_offset bigint, log_end_offset bigint, reason string"
)


@dataclass
class MonitorState:
    evaluator: LagEvaluator
    batch_id: int = -1
    history: dict[str, deque[tuple[int, int]]] = field(default_factory=dict)  # group -> (time, total lag)
    changes: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=200))

    @classmethod
    def load(cls, out: Path, evaluator: LagEvaluator) -> MonitorState:
        path = out / STATE_FILE
        if path.exists():
            with open(path, "rb") as f:
                state = pickle.load(f)
            if isinstance(state, MonitorState):
                return state
        return cls(evaluator)

    def save(self, out: Path) -> None:
        tmp = out / (STATE_FILE + ".tmp")
        with open(tmp, "wb") as f:
            pickle.dump(self, f)
        os.replace(tmp, out / STATE_FILE)


def events(
    spark: SparkSession, data: str, starting: str = "earliest", bootstrap_read: str | None = None
) -> DataFrame:
    """The union of the two streams in one schema: (event, group, topic, partition, value, ts,
    log_partition, offset, members)."""
    from pyspark.sql import functions as F

    def source(fmt: str) -> DataStreamReader:
        r = spark.readStream.format(fmt)
        if bootstrap_read:
            r = r.option("bootstrap", bootstrap_read)
        return r

    path = [] if bootstrap_read else [data]
    offsets = (
        source("kbroker-offsets")
        .option("columns", ",".join(OFFSET_COLUMNS))
        .option("startingOffsets", starting)
        .load(*path)
    )
    kind, key_type = F.col("kind"), F.col("key_type")
    event = (
        F.when(kind == "offset_commit", "commit")
        .when((kind == "tombstone") & (key_type == "offset_commit"), "offset_deleted")
        .when((kind == "tombstone") & (key_type == "group_metadata"), "group_deleted")
        .when(kind == "group_metadata", "generation")
    )
    o = offsets.select(
        event.alias("event"),
        "group",
        "topic",
        "partition",
        F.coalesce(F.col("committed_offset"), F.col("generation").cast("bigint")).alias("value"),
        F.coalesce(F.col("commit_timestamp"), F.col("timestamp")).alias("ts"),
        "log_partition",
        "offset",
        F.transform("members", lambda m: m["member_id"]).alias("members"),
    ).where(F.col("event").isNotNull())
    ends = source("kbroker-log-end").load(*path)
    e = ends.select(
        F.lit("end").alias("event"),
        F.lit(None).cast("string").alias("group"),
        "topic",
        "partition",
        F.col("log_end_offset").alias("value"),
        F.col("observed_at").alias("ts"),
        F.lit(None).cast("int").alias("log_partition"),
        F.lit(None).cast("bigint").alias("offset"),
        F.lit(None).cast("array<string>").alias("members"),
    )
    return o.unionByName(e)


EVENTS_DDL = (
    "event string, group string, topic string, partition int, value bigint, ts timestamp, "
    "log_partition int, offset bigint, members array<string>"
)


def reduce_events(df: DataFrame, window: int) -> DataFrame:
    """What of a micro-batch the evaluator can use, reduced in Spark before it reaches the
    driver (the first batch of a monitor started on a big log holds all of its history): the
    last `window` commits of each group and partition, the newest log end of each partition,
    and every deletion and generation."""
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    newest_first = Window.partitionBy("event", "group", "topic", "partition").orderBy(
        F.desc("ts"), F.desc("log_partition"), F.desc("offset"), F.desc("value")
    )
    rank = F.col("_rank")
    keep = (
        ((F.col("event") == "commit") & (rank <= window))
        | ((F.col("event") == "end") & (rank == 1))
        | ~F.col("event").isin("commit", "end")
    )
    return df.withColumn("_rank", F.row_number().over(newest_first)).where(keep).drop("_rank")


def apply_rows(ev: LagEvaluator, rows: Sequence[Row]) -> None:
    """Feed one micro-batch: log ends first (the newest per partition), then the records of the
    offsets log in time order."""
    ends: dict[tuple[str, int], int] = {}
    for r in rows:
        if r["event"] == "end" and r["value"] is not None:
            ends[(r["topic"], r["partition"])] = max(r["value"], ends.get((r["topic"], r["partition"]), -1))
    for (t, p), end in ends.items():
        ev.log_end(t, p, end)

    def ms(ts: dt.datetime | None) -> int:
        return int(ts.timestamp() * 1000) if ts is not None else 0

    records = sorted(
        (r for r in rows if r["event"] != "end"), key=lambda r: (ms(r["ts"]), r["log_partition"], r["offset"])
    )
    for r in records:
        kind = r["event"]
        if kind == "commit":
            ev.commit(r["group"], r["topic"], r["partition"], r["value"], ms(r["ts"]))
        elif kind == "offset_deleted":
            ev.offset_deleted(r["group"], r["topic"], r["partition"])
        elif kind == "group_deleted":
            ev.group_deleted(r["group"])
        elif kind == "generation":
            ev.generation(r["group"], int(r["value"]), ms(r["ts"]), frozenset(r["members"] or ()))


class Monitor:
    def __init__(
        self,
        spark: SparkSession,
        out: Path,
        evaluator: LagEvaluator,
        *,
        bootstrap: str | None = None,
        alerts_topic: str = "__lag_alerts",
        refresh_s: float = 5.0,
    ):
        self.spark = spark
        self.out = out
        self.bootstrap = bootstrap
        self.alerts_topic = alerts_topic
        self.refresh_s = refresh_s
        out.mkdir(parents=True, exist_ok=True)
        self.state = MonitorState.load(out, evaluator)

    def on_batch(self, df: DataFrame, batch_id: int) -> None:
        if batch_id <= self.state.batch_id:
            return  # applied before a restart
        ev = self.state.evaluator
        rows = reduce_events(df, ev.window).collect()
        apply_rows(ev, rows)
        # "now" is when the batch was planned (its log-end tick), not when it is evaluated: a
        # slow batch must not make a consumer look stopped
        ticks = [r["ts"] for r in rows if r["event"] == "end" and r["ts"] is not None]
        now = int(max(ticks).timestamp() * 1000) if ticks else int(time.time() * 1000)
        changes = ev.evaluate(now)
        for g in ev.groups:
            h = self.state.history.setdefault(g, deque(maxlen=SPARK_POINTS))
            lag = ev.group_lag(ev.groups[g])
            if lag is not None:
                h.append((now, lag))
        for g in [g for g in self.state.history if g not in ev.groups]:
            del self.state.history[g]
        if changes:
            self.write_changes(changes, batch_id)
        self.state.changes.extend(c.as_dict() for c in changes)
        self.state.batch_id = batch_id
        self.write_page(now)
        self.state.save(self.out)

    def write_changes(self, changes: list[Change], batch_id: int) -> None:
        for c in changes:
            where = f"{c.topic}-{c.partition}" if c.topic is not None else "group"
            print(
                f"kbroker monitor: {c.group} {where}: {c.previous} -> {c.status} ({c.reason})",
                file=sys.stderr,
            )
        df = self.spark.createDataFrame([c.as_dict() for c in changes], CHANGE_DDL)
        df.write.mode("overwrite").parquet(str(self.out / "status_changes" / f"batch={batch_id}"))
        if self.bootstrap:
            df.write.format("kbroker-alerts").option("bootstrap", self.bootstrap).option(
                "topic", self.alerts_topic
            ).mode("append").save()

    def write_page(self, now: int) -> Path:
        path = self.out / PAGE
        tmp = self.out / (PAGE + ".tmp")
        tmp.write_text(render_page(self.state, now, self.refresh_s))
        os.replace(tmp, path)
        return path


_COLORS = {
    "OK": "#38a169",
    "WARNING": "#d69e2e",
    "ERROR": "#c53030",
    "STOP": "#c53030",
    "STALL": "#c53030",
    "REWIND": "#c53030",
    "STORM": "#805ad5",
    "CALM": "#38a169",
}


def sparkline(points: Sequence[tuple[int, int]], width: int = 180, height: int = 36) -> str:
    """An inline SVG line of the lag over time (a flat line at the bottom when it is all 0)."""
    if not points:
        return f'<svg class="spark" width="{width}" height="{height}"></svg>'
    ts = [t for t, _ in points]
    vs = [v for _, v in points]
    t0, t1 = min(ts), max(ts)
    top = max(vs) or 1
    coords = []
    for t, v in points:
        x = 2 + (width - 4) * ((t - t0) / (t1 - t0) if t1 > t0 else 1.0)
        y = height - 3 - (height - 6) * v / top
        coords.append(f"{x:.1f},{y:.1f}")
    if len(coords) == 1:
        coords.insert(0, f"2,{coords[0].split(',')[1]}")
    return (
        f'<svg class="spark" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
        f'<rect width="{width}" height="{height}" fill="#f7fafc"/>'
        f'<polyline fill="none" stroke="#2b6cb0" stroke-width="2" points="{" ".join(coords)}"/></svg>'
    )


def _utc(ms: int | None) -> str:
    if not ms:
        return "—"
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC).strftime("%Y-%m-%d %H:%M:%S")


def render_page(state: MonitorState, now: int, refresh_s: float) -> str:
    ev = state.evaluator
    esc = html.escape
    rows = []
    for g in ev.snapshot():
        bad = ", ".join(
            f"{p['topic']}-{p['partition']} {p['status']}" for p in g["partitions"] if p["status"] != "OK"
        )
        status = g["status"] + (" · STORM" if g["storm"] else "")
        lag = "—" if g["lag"] is None else f"{g['lag']:,}"
        color = _COLORS.get(g["status"], "#718096")
        name = esc(g["group"])
        rows.append(
            f'<tr class="group" data-group="{name}"><td>{name}</td>'
            f'<td><span class="badge" style="background:{color}">{esc(status)}</span></td>'
            f'<td class="num">{lag}</td><td class="num">{len(g["partitions"])}</td>'
            f"<td>{esc(bad) or '—'}</td><td>{_utc(g['last_commit_ms'])}</td>"
            f"<td>{sparkline(state.history.get(g['group'], ()))}</td></tr>"
        )
    changes = []
    for c in reversed(state.changes):
        where = "group" if c["topic"] is None else f"{c['topic']}-{c['partition']}"
        lag = "—" if c["lag"] is None else c["lag"]
        color = _COLORS.get(c["status"], "#000")
        changes.append(
            f"<tr><td>{_utc(c['time_ms'])}</td><td>{esc(c['group'])}</td><td>{esc(where)}</td>"
            f'<td>{esc(c["previous"])} → <b style="color:{color}">{esc(c["status"])}</b></td>'
            f'<td class="num">{lag}</td><td>{esc(c["reason"])}</td></tr>'
        )
    refresh = max(int(refresh_s), 1)
    return f"""<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="{refresh}">
<title>kbroker lag monitor</title>
<style>
body {{ font: 14px system-ui, sans-serif; margin: 24px; color: #1a202c; }}
table {{ border-collapse: collapse; margin: 8px 0 24px; }}
th, td {{ padding: 4px 10px; border-bottom: 1px solid #e2e8f0; text-align: left; vertical-align: middle; }}
td.num {{ text-align: right; font-variant-numeric: tabular-nums; }}
.badge {{ color: white; padding: 2px 8px; border-radius: 4px; font-weight: 600; }}
</style></head><body>
<h1>kbroker lag monitor</h1>
<p>Evaluated {_utc(now)} UTC (micro-batch {state.batch_id}) · {len(ev.groups)} groups · Burrow's rules over the
last {ev.window} commits per partition · this page refreshes every {refresh} s.</p>
<h2>Groups</h2>
<table id="groups"><tr><th>group</th><th>status</th><th>lag</th><th>partitions</th><th>not OK</th>
<th>last commit (UTC)</th><th>lag over time</th></tr>
{"".join(rows)}
</table>
<h2>Latest changes</h2>
<table id="changes"><tr><th>time (UTC)</th><th>group</th><th>partition</th><th>change</th><th>lag</th><th>why</th></tr>
{"".join(changes)}
</table>
</body></html>
"""


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description="Live consumer lag evaluation (Burrow's rules) over the offsets log"
    )
    p.add_argument(
        "--data", default="./data", help="the broker's log dir(s), comma-separated (default ./data)"
    )
    p.add_argument("--out", default="./monitor", help="status changes (Parquet), the page, the state")
    p.add_argument("--checkpoint", default=None, help="Spark checkpoint dir (default <out>/checkpoint)")
    p.add_argument("--bootstrap", default=None, help="broker(s) to write alerts to (none: no alerts)")
    p.add_argument("--alerts-topic", default="__lag_alerts")
    p.add_argument("--trigger", type=float, default=5.0, help="seconds between micro-batches (default 5)")
    p.add_argument("--window", type=int, default=10, help="commits kept per partition (Burrow's window, 10)")
    p.add_argument(
        "--min-stop-ms",
        type=int,
        default=0,
        help="a partition is STOP only after this long without commits, even if its window is short",
    )
    p.add_argument("--storm-generations", type=int, default=5, help="more generations than this ...")
    p.add_argument("--storm-minutes", type=float, default=5.0, help="... within this many minutes: a storm")
    p.add_argument(
        "--starting",
        choices=("earliest", "latest"),
        default="earliest",
        help="read the offsets log from its start (default) or only what comes next",
    )
    p.add_argument(
        "--over-network",
        action="store_true",
        help="read the offsets log and log ends from the brokers at --bootstrap, not from --data",
    )
    p.add_argument("--master", default=None)
    p.add_argument("--quiet", action="store_true")
    return p.parse_args(argv)


def start(spark: SparkSession, args: argparse.Namespace) -> tuple[StreamingQuery, Monitor]:
    """The running query and its Monitor."""
    out = Path(args.out)
    evaluator = LagEvaluator(
        window=args.window,
        min_stop_ms=args.min_stop_ms,
        storm_generations=args.storm_generations,
        storm_window_ms=int(args.storm_minutes * 60_000),
    )
    monitor = Monitor(
        spark,
        out,
        evaluator,
        bootstrap=args.bootstrap,
        alerts_topic=args.alerts_topic,
        refresh_s=args.trigger,
    )
    query = (
        events(spark, args.data, args.starting, args.bootstrap if args.over_network else None)
        .writeStream.foreachBatch(monitor.on_batch)
        .option("checkpointLocation", args.checkpoint or str(out / "checkpoint"))
        .trigger(processingTime=f"{args.trigger} seconds")
        .queryName("kbroker-monitor")
        .start()
    )
    return query, monitor


def main(argv: Sequence[str] | None = None) -> int:
    from jobs.session import build_session

    args = parse_args(argv)
    if args.over_network and not args.bootstrap:
        print("kbroker monitor: --over-network reads from --bootstrap: give it", file=sys.stderr)
        return 2
    missing = [] if args.over_network else [d for d in args.data.split(",") if not Path(d).is_dir()]
    if missing:
        print(f"kbroker monitor: no such log dir: {', '.join(missing)}", file=sys.stderr)
        return 2
    spark = build_session("kbroker monitor", args.master, progress=not args.quiet)
    spark.sparkContext.setLogLevel("WARN")
    query, _monitor = start(spark, args)
    print(f"kbroker monitor: page {(Path(args.out) / PAGE).resolve()}", file=sys.stderr)
    try:
        query.awaitTermination()
    except KeyboardInterrupt:
        query.stop()
    finally:
        spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

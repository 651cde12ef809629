"""Streaming readers (`spark.readStream`) for `kbroker-offsets` and `kbroker-log-end`.

    spark.readStream.format("kbroker-offsets").load("./data")      # records as they are appended
    spark.readStream.format("kbroker-log-end").load("./data")      # every partition's end, per trigger

**kbroker-offsets.** The stream's position is, per `__consumer_offsets` partition, the next
record offset to read: `{"0": 1042, "7": 88, ...}`. A micro-batch reads the offsets
[start, end) of each partition, where `end` is the log end offset (after the last complete,
valid batch) seen when the batch was planned. Record offsets, not byte positions, because they
are what survives everything that happens under the reader:
- a segment roll only adds a file: offsets go on;
- the cleaner rewrites segments (`.cleaned` -> `.swap` -> `.log`) keeping each surviving record
  at its offset; the range is read by offset from whatever files hold those offsets when it is
  read (jobs/segments.py finds a segment swapped away mid-read again), so a record kept by the
  cleaner is read once whichever file it is in, and a record it removed was superseded by a newer
  record of the same key, at a higher offset, that this batch or a later one reads;
- deleted segments (retention) hold offsets below the log start: nothing left to read;
- a restart from a checkpoint replans the unfinished batch from the offsets Spark wrote in its
  offset log before running it: the same [start, end) ranges, so the same records.
Ranges of successive batches are contiguous and disjoint, hence each record exactly once.
A partition directory that disappears keeps its position (a warning is logged) and the stream
goes on with the others; a new one is read from offset 0.

**kbroker-log-end.** One row per topic partition per micro-batch: its log start and end offsets,
observed at the batch's `observed_at`. The position is the observation (a tick in ms and the end
offsets), so every trigger is a batch: a lag monitor needs to see time pass even when nothing is
written (a consumer that stopped is noticed by the clock).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyspark.sql.datasource import DataSourceStreamReader, InputPartition
from pyspark.sql.types import StructType

from jobs import rows, segments

if TYPE_CHECKING:
    import pyarrow as pa
    from pyspark.sql.streaming.datasource import ReadLimit

log = logging.getLogger("kbroker.jobs")


def _ends(
    log_dirs: list[str], topic: str | None, bootstrap: str | None = None
) -> dict[str, tuple[object, int, int]]:
    """Per partition key (`<p>` for the offsets topic, else `<topic>-<p>`): dir (None over the
    network), start, end."""
    out: dict[str, tuple[object, int, int]] = {}
    if bootstrap:
        from jobs import network

        for e in network.log_ends(bootstrap, topic):
            out[str(e.partition) if topic else f"{e.topic}-{e.partition}"] = (
                None,
                e.log_start_offset,
                e.log_end_offset,
            )
        return out
    for pdir in segments.partition_dirs(log_dirs, topic):
        try:
            b = segments.log_bounds(pdir)
        except OSError as e:  # e.g. removed while listed: keep going with the others
            log.warning("partition %s: cannot read its log end: %s", pdir.path, e)
            continue
        key = str(pdir.partition) if topic else f"{pdir.topic}-{pdir.partition}"
        out[key] = (pdir, b.log_start_offset, b.log_end_offset)
    return out


@dataclass
class StreamRange(InputPartition):
    range: segments.OffsetRange


class OffsetsStreamReader(DataSourceStreamReader):
    """Micro-batches of new `__consumer_offsets` records (columns as the batch source)."""

    def __init__(self, options: Mapping[str, str], schema: StructType, log_dirs: list[str]):
        self.log_dirs = log_dirs
        self.bootstrap = options.get("bootstrap")
        self.topic = options.get("topic", segments.OFFSETS_TOPIC)
        self.starting = options.get("startingOffsets", "earliest")
        if self.starting not in ("earliest", "latest"):
            raise ValueError(f"startingOffsets must be earliest or latest, not {self.starting!r}")
        self.check_crc = options.get("checkCrc", "true").lower() != "false"
        self.schema = schema
        self.missing: set[str] = set()

    def initialOffset(self) -> dict[str, Any]:
        if self.starting == "latest":
            return {p: end for p, (_d, _s, end) in _ends(self.log_dirs, self.topic, self.bootstrap).items()}
        return {}

    def latestOffset(
        self, start: dict[str, Any] | None = None, limit: ReadLimit | None = None
    ) -> dict[str, Any]:
        start = dict(start or {})
        ends = _ends(self.log_dirs, self.topic, self.bootstrap)
        gone = set(start) - set(ends)
        for p in gone - self.missing:
            log.warning(
                "%s partition %s: its directory is gone; keeping its position %s", self.topic, p, start[p]
            )
        self.missing = gone
        out = dict(start)
        for p, (_d, _s, end) in ends.items():
            # never backwards: what was read stays read (a log end only goes back when a tail that
            # was never acknowledged is truncated; the file reader counts complete, valid batches)
            out[p] = max(end, start.get(p, 0))
        return out

    def partitions(self, start: dict[str, Any], end: dict[str, Any]) -> Sequence[InputPartition]:
        if self.bootstrap:
            from jobs.datasource import NetRange

            return [
                NetRange(self.bootstrap, self.topic, int(p), (start or {}).get(p, 0), stop)
                for p, stop in sorted(end.items(), key=lambda kv: int(kv[0]))
                if stop > (start or {}).get(p, 0)
            ]
        dirs = {str(d.partition): d for d in segments.partition_dirs(self.log_dirs, self.topic)}
        out: list[InputPartition] = []
        for p, stop in sorted(end.items(), key=lambda kv: int(kv[0])):
            first = start.get(p, 0) if start else 0
            if stop > first and p in dirs:
                d = dirs[p]
                out.append(
                    StreamRange(segments.OffsetRange(d.topic, d.partition, d.path, first, stop, 0, d.replica))
                )
        return out

    def read(self, partition: InputPartition) -> Iterator[pa.RecordBatch]:
        from jobs.datasource import NetRange, read_columnar, read_network

        if isinstance(partition, NetRange):
            yield from read_network(partition, self.schema)
            return
        assert isinstance(partition, StreamRange)
        yield from read_columnar(partition.range, self.schema, check_crc=self.check_crc)

    def commit(self, end: dict[str, Any]) -> None:
        pass


LOG_END_STREAM_COLUMNS = rows.LOG_END_COLUMNS


@dataclass
class EndsPartition(InputPartition):
    tick: int
    ends: dict[str, int]


class LogEndStreamReader(DataSourceStreamReader):
    """Every partition's log end, once per micro-batch (columns: LOG_END_STREAM_COLUMNS)."""

    def __init__(self, options: Mapping[str, str], schema: StructType, log_dirs: list[str]):
        self.log_dirs = log_dirs
        self.bootstrap = options.get("bootstrap")
        self.schema = schema

    def initialOffset(self) -> dict[str, Any]:
        return {"tick": 0, "ends": {}}

    def latestOffset(
        self, start: dict[str, Any] | None = None, limit: ReadLimit | None = None
    ) -> dict[str, Any]:
        ends = {k: end for k, (_d, _s, end) in _ends(self.log_dirs, None, self.bootstrap).items()}
        return {"tick": int(time.time() * 1000), "ends": ends}

    def partitions(self, start: dict[str, Any], end: dict[str, Any]) -> Sequence[InputPartition]:
        if not end.get("ends") or end.get("tick") == (start or {}).get("tick"):
            return []
        return [EndsPartition(end["tick"], end["ends"])]

    def read(self, partition: InputPartition) -> Iterator[pa.RecordBatch]:
        from jobs.datasource import _arrow_schema, _to_arrow

        assert isinstance(partition, EndsPartition)
        if self.bootstrap:
            from jobs.datasource import network_log_end_rows

            yield network_log_end_rows(self.bootstrap, self.schema, partition.tick, partition.ends)
            return
        cols: dict[str, list[Any]] = {name: [] for name, _ in LOG_END_STREAM_COLUMNS}
        dirs = {f"{d.topic}-{d.partition}": d for d in segments.partition_dirs(self.log_dirs)}
        for key, end in sorted(partition.ends.items()):
            d = dirs.get(key)
            segs = segments.list_segments(d.path) if d else []
            topic, _, p = key.rpartition("-")
            cols["topic"].append(topic)
            cols["partition"].append(int(p))
            cols["log_start_offset"].append(segs[0].base_offset if segs else None)
            cols["log_end_offset"].append(end)  # as planned: the batch reads the same on a replay
            cols["segments"].append(len(segs))
            cols["size_bytes"].append(sum(s.size for s in segs))
            cols["max_timestamp"].append(None)  # (reading it costs a segment read per partition per batch)
            cols["observed_at"].append(partition.tick)
        yield _to_arrow(cols, self.schema, _arrow_schema(self.schema))

    def commit(self, end: dict[str, Any]) -> None:
        pass

"""Two PySpark Python Data Sources (Spark 4's `pyspark.sql.datasource`) over a broker's log dirs.

    import jobs
    jobs.register(spark)
    offsets = spark.read.format("kbroker-offsets").load("./data")     # one row per record
    ends = spark.read.format("kbroker-log-end").load("./data")        # one row per topic partition

`kbroker-offsets` reads the `__consumer_offsets-*` segments: one input partition per log
partition, or per run of segments of about `splitBytes` (default 128 MiB) for large ones. Its
rows are described in jobs/rows.py. `kbroker-log-end` gives every topic partition's log start
and end offsets, read from its segments (the last one from its offset index on).

Options: `path` (what `load` is given: a log dir, or several separated by commas, as
`log.dirs` is written), `splitBytes`, `checkCrc` ("true"), `batchRows` (rows per Arrow batch,
default 65536), `topic` (kbroker-offsets: the topic to read, default `__consumer_offsets`).
Reading a live directory is safe; see jobs/segments.py.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyspark.sql.datasource import DataSource, DataSourceReader, InputPartition
from pyspark.sql.types import StructType

if TYPE_CHECKING:
    import pyarrow as pa
    from pyspark.sql import SparkSession

from jobs import rows, segments

OFFSETS_FORMAT = "kbroker-offsets"
LOG_END_FORMAT = "kbroker-log-end"
DEFAULT_SPLIT_BYTES = 128 << 20
DEFAULT_BATCH_ROWS = 1 << 16
_DIRS_PER_PARTITION = 256  # topic partitions per kbroker-log-end input partition


def _truthy(value: str | None, default: bool) -> bool:
    if value is None:
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def _log_dirs(options: Mapping[str, str]) -> list[str]:
    path = options.get("path") or options.get("paths")
    if not path:
        raise ValueError("give the broker's log dir: spark.read.format(...).load('<log.dirs>')")
    if path.startswith("["):  # load([...]) hands a JSON list
        import json

        return segments.split_log_dirs(json.loads(path))
    return segments.split_log_dirs(path)


def _arrow_schema(schema: StructType) -> pa.Schema:
    from pyspark.sql.pandas.types import to_arrow_schema

    try:
        return to_arrow_schema(schema, timezone="UTC")
    except TypeError:  # older signatures
        return to_arrow_schema(schema)


_TIME_SCALE = {"s": None, "ms": 1, "us": 1000, "ns": 1_000_000}


def _to_arrow(cols: dict[str, list[Any]], schema: StructType, arrow_schema: pa.Schema) -> pa.RecordBatch:
    """An Arrow RecordBatch of the columns, in the exact types Spark expects (timestamps are
    given in milliseconds since the epoch)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    arrays = []
    for f, af in zip(schema.fields, arrow_schema, strict=True):
        values = cols[f.name]
        n = len(values)
        if values.count(None) == n:
            arrays.append(pa.nulls(n, af.type))
        elif pa.types.is_timestamp(af.type):
            ms = pa.array(values, type=pa.int64())
            scale = _TIME_SCALE[af.type.unit]
            arrays.append((pc.multiply(ms, scale) if scale and scale != 1 else ms).cast(af.type))
        else:
            arrays.append(pa.array(values, type=af.type))
    return pa.RecordBatch.from_arrays(arrays, schema=arrow_schema)


# --- kbroker-offsets ----------------------------------------------------------------------------


@dataclass
class RangePartition(InputPartition):
    """Offsets [start, end) of one `__consumer_offsets` partition (None: nothing to read)."""

    range: segments.OffsetRange | None


class OffsetsReader(DataSourceReader):
    def __init__(self, options: Mapping[str, str], schema: StructType):
        self.log_dirs = _log_dirs(options)
        self.topic = options.get("topic", segments.OFFSETS_TOPIC)
        self.split_bytes = int(options.get("splitBytes", DEFAULT_SPLIT_BYTES))
        self.check_crc = _truthy(options.get("checkCrc"), True)
        self.batch_rows = int(options.get("batchRows", DEFAULT_BATCH_ROWS))
        self.schema = schema

    def partitions(self) -> Sequence[InputPartition]:
        ranges = [r for p in segments.partition_dirs(self.log_dirs, self.topic)
                  for r in segments.plan_ranges(p, self.split_bytes)]
        # the biggest first, so that the slowest tasks start first
        ranges.sort(key=lambda r: -r.size)
        return [RangePartition(r) for r in ranges] or [RangePartition(None)]

    def read(self, partition: InputPartition) -> Iterator[Any]:
        assert isinstance(partition, RangePartition)
        if partition.range is None:
            return
        schema = self.schema
        arrow_schema = _arrow_schema(schema)
        out = rows.OffsetColumns()
        rng = partition.range
        stats = segments.ReadStats()
        for batch in segments.read_range(rng, check_crc=self.check_crc, stats=stats):
            out.add_batch(rng.partition, batch)
            if out.rows >= self.batch_rows:
                yield _to_arrow(out.cols, schema, arrow_schema)
                out.clear()
        if out.rows:
            yield _to_arrow(out.cols, schema, arrow_schema)


class OffsetsDataSource(DataSource):
    """`spark.read.format("kbroker-offsets").load("<log.dirs>")`: the records of
    `__consumer_offsets`, decoded (columns: jobs/rows.py OFFSETS_COLUMNS)."""

    @classmethod
    def name(cls) -> str:
        return OFFSETS_FORMAT

    def schema(self) -> str:
        return rows.ddl(rows.OFFSETS_COLUMNS)

    def reader(self, schema: StructType) -> DataSourceReader:
        return OffsetsReader(self.options, schema)


# --- kbroker-log-end ----------------------------------------------------------------------------


@dataclass
class DirsPartition(InputPartition):
    dirs: list[segments.PartitionDir]


class LogEndReader(DataSourceReader):
    def __init__(self, options: Mapping[str, str], schema: StructType):
        self.log_dirs = _log_dirs(options)
        self.check_crc = _truthy(options.get("checkCrc"), True)
        self.schema = schema

    def partitions(self) -> Sequence[InputPartition]:
        dirs = segments.partition_dirs(self.log_dirs)
        chunks = [dirs[i:i + _DIRS_PER_PARTITION] for i in range(0, len(dirs), _DIRS_PER_PARTITION)]
        return [DirsPartition(c) for c in chunks] or [DirsPartition([])]

    def read(self, partition: InputPartition) -> Iterator[Any]:
        assert isinstance(partition, DirsPartition)
        if not partition.dirs:
            return
        cols: dict[str, list[Any]] = {name: [] for name, _ in rows.LOG_END_COLUMNS}
        for d in partition.dirs:
            b = segments.log_bounds(d, check_crc=self.check_crc)
            cols["topic"].append(b.topic)
            cols["partition"].append(b.partition)
            cols["log_start_offset"].append(b.log_start_offset)
            cols["log_end_offset"].append(b.log_end_offset)
            cols["segments"].append(b.segments)
            cols["size_bytes"].append(b.size_bytes)
            cols["max_timestamp"].append(None if b.max_timestamp < 0 else b.max_timestamp)
        yield _to_arrow(cols, self.schema, _arrow_schema(self.schema))


class LogEndDataSource(DataSource):
    """`spark.read.format("kbroker-log-end").load("<log.dirs>")`: each topic partition's log
    start and end offsets (columns: jobs/rows.py LOG_END_COLUMNS)."""

    @classmethod
    def name(cls) -> str:
        return LOG_END_FORMAT

    def schema(self) -> str:
        return rows.ddl(rows.LOG_END_COLUMNS)

    def reader(self, schema: StructType) -> DataSourceReader:
        return LogEndReader(self.options, schema)


def register(spark: SparkSession) -> None:
    """Make `kbroker-offsets` and `kbroker-log-end` known to the session."""
    spark.dataSource.register(OffsetsDataSource)
    spark.dataSource.register(LogEndDataSource)

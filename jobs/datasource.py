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
default 65536), `topic` (kbroker-offsets: the topic to read, default `__consumer_offsets`;
`__share_group_state` gives KIP-932's share-partition state records, from log dirs),
`compact` ("false"; kbroker-offsets, batch reads with the columnar decoder: only the newest
record of each key in each input partition, as Kafka's log cleaner would keep it, and every
record without a key. A query on the newest record per key, `latest_offsets`, gets the same
answer from far fewer rows: most records are never built into rows nor sent to Spark).
Reading a live directory is safe; see jobs/segments.py.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyspark.sql.datasource import DataSource, DataSourceReader, DataSourceStreamReader, InputPartition
from pyspark.sql.types import StructType

if TYPE_CHECKING:
    import numpy as np
    import pyarrow as pa
    from pyspark.sql import SparkSession
    from pyspark.sql.datasource import Filter

    from jobs.columnar import ColumnarDecoder

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
        raise ValueError(
            "give the broker's log dir: spark.read.format(...).load('<log.dirs>'), "
            "or its address: .option('bootstrap', 'host:port')"
        )
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


def to_arrow_columns(
    cols: dict[str, list[Any]], names: Sequence[str], arrow_schema: pa.Schema
) -> pa.RecordBatch:
    """An Arrow RecordBatch of the columns `names` (Python lists), in the exact types Spark
    expects (timestamps are given in milliseconds since the epoch)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    arrays = []
    for name, af in zip(names, arrow_schema, strict=True):
        values = cols[name]
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


def _to_arrow(cols: dict[str, list[Any]], schema: StructType, arrow_schema: pa.Schema) -> pa.RecordBatch:
    return to_arrow_columns(cols, schema.fieldNames(), arrow_schema)


# --- kbroker-offsets ----------------------------------------------------------------------------


@dataclass
class RangePartition(InputPartition):
    """Offsets [start, end) of one `__consumer_offsets` partition (None: nothing to read)."""

    range: segments.OffsetRange | None


def offsets_columns(options: Mapping[str, str]) -> list[str]:
    """The columns asked for with the `columns` option (all when absent), checked."""
    wanted = options.get("columns")
    known = [name for name, _ in rows.OFFSETS_COLUMNS]
    if not wanted:
        return known
    names = [c.strip() for c in wanted.split(",") if c.strip()]
    unknown = [c for c in names if c not in known]
    if unknown:
        raise ValueError(f"kbroker-offsets has no column {', '.join(unknown)} (columns: {', '.join(known)})")
    return names


def _check_schema(schema: StructType) -> None:
    """A schema given with `.schema(...)` must be columns of the source, in its types."""
    types = dict(rows.OFFSETS_COLUMNS)
    for f in schema.fields:
        if f.name not in types:
            raise ValueError(f"kbroker-offsets has no column {f.name!r} (columns: {', '.join(types)})")
        # (no Spark context here to parse DDL: compare Spark's own spelling of the type)
        if f.dataType.simpleString() != types[f.name].replace(" ", ""):
            raise ValueError(
                f"kbroker-offsets column {f.name!r} is {types[f.name]}, not {f.dataType.simpleString()}"
            )


def _leaders(options: Mapping[str, str], topic: str) -> dict[tuple[str, int], int]:
    """The `leaders` option, `partition:broker` pairs separated by commas: which broker's copy
    of a partition to read when several brokers' log dirs are given."""
    out: dict[tuple[str, int], int] = {}
    for pair in (options.get("leaders") or "").split(","):
        if not pair.strip():
            continue
        partition, sep, broker = pair.partition(":")
        if not sep or not partition.strip().isdigit() or not broker.strip().lstrip("-").isdigit():
            raise ValueError(f"leaders: {pair.strip()!r} is not partition:broker (e.g. leaders='0:1,1:3')")
        out[(topic, int(partition))] = int(broker)
    return out


def with_replica(batch: pa.RecordBatch, replica: int | None) -> pa.RecordBatch:
    """The batch with its `replica` column saying whose copy of the partition it was read from."""
    import numpy as np
    import pyarrow as pa

    i = batch.schema.get_field_index("replica")
    if i < 0 or replica is None or batch.num_rows == 0:
        return batch
    column = pa.array(np.full(batch.num_rows, replica, np.int32))
    arrays = [column if j == i else batch.column(j) for j in range(batch.num_columns)]
    return pa.RecordBatch.from_arrays(arrays, schema=batch.schema)


class OffsetsReader(DataSourceReader):
    """Reads only the columns of its schema: the source's, narrowed by the `columns` option or
    by a schema given with `.schema(...)` (Python data sources are not told which columns a
    query uses, so the narrowing is asked for this way; see README, column pruning)."""

    def __init__(self, options: Mapping[str, str], schema: StructType):
        self.bootstrap = options.get("bootstrap")
        self.log_dirs = [] if self.bootstrap else _log_dirs(options)
        self.topic = options.get("topic", segments.OFFSETS_TOPIC)
        if self.bootstrap and self.topic == rows.SHARE_STATE_TOPIC:
            raise ValueError(f"{rows.SHARE_STATE_TOPIC} is read from log dirs only (load('<log.dirs>'))")
        self.leaders = _leaders(options, self.topic)
        self.split_bytes = int(options.get("splitBytes", DEFAULT_SPLIT_BYTES))
        self.check_crc = _truthy(options.get("checkCrc"), True)
        self.batch_rows = int(options.get("batchRows", DEFAULT_BATCH_ROWS))
        self.filters: dict[str, set[Any]] = {}  # pushed down by Spark (pushFilters)
        self.decoder = options.get("decoder", "columnar")
        if self.decoder not in ("columnar", "rows"):
            raise ValueError(f"decoder must be columnar or rows, not {self.decoder!r}")
        self.compact = _truthy(options.get("compact"), False)
        if self.compact and (self.decoder == "rows" or self.topic == rows.SHARE_STATE_TOPIC):
            raise ValueError("compact reads the offsets topic with the columnar decoder only")
        self.schema = schema

    def _wanted_partition(self, partition: int) -> bool:
        return "log_partition" not in self.filters or partition in self.filters["log_partition"]

    def partitions(self) -> Sequence[InputPartition]:
        if self.bootstrap:
            from jobs import network

            return [
                NetRange(self.bootstrap, e.topic, e.partition, e.log_start_offset, e.log_end_offset)
                for e in network.log_ends(self.bootstrap, self.topic)
                if e.log_end_offset > e.log_start_offset and self._wanted_partition(e.partition)
            ] or [RangePartition(None)]
        ranges = [
            r
            for p in segments.partition_dirs(self.log_dirs, self.topic, self.leaders)
            if self._wanted_partition(p.partition)
            for r in segments.plan_ranges(p, self.split_bytes)
        ]
        # the biggest first, so that the slowest tasks start first
        ranges.sort(key=lambda r: -r.size)
        return [RangePartition(r) for r in ranges] or [RangePartition(None)]

    def read(self, partition: InputPartition) -> Iterator[pa.RecordBatch]:
        if isinstance(partition, NetRange):
            out = read_network(partition, self.schema, self.batch_rows, compact=self.compact)
        else:
            assert isinstance(partition, RangePartition)
            if partition.range is None:
                return
            if self.decoder == "rows" or self.topic == rows.SHARE_STATE_TOPIC:
                out = self._read_rows(partition.range)
            else:
                out = read_columnar(
                    partition.range,
                    self.schema,
                    check_crc=self.check_crc,
                    batch_rows=self.batch_rows,
                    compact=self.compact,
                )
            replica = partition.range.replica
            out = (with_replica(b, replica) for b in out)
        yield from apply_filters(out, self.filters)

    def _read_rows(self, rng: segments.OffsetRange) -> Iterator[pa.RecordBatch]:
        """The row-at-a-time decoder (jobs/rows.py), kept for comparison (`decoder=rows`)."""
        schema = self.schema
        arrow_schema = _arrow_schema(schema)
        out = rows.OffsetColumns(share_state=self.topic == rows.SHARE_STATE_TOPIC)
        stats = segments.ReadStats()
        for batch in segments.read_range(rng, check_crc=self.check_crc, stats=stats):
            out.add_batch(rng.partition, batch)
            if out.rows >= self.batch_rows:
                yield _to_arrow(out.cols, schema, arrow_schema)
                out.clear()
        if out.rows:
            yield _to_arrow(out.cols, schema, arrow_schema)


PUSHABLE_COLUMNS = frozenset({"log_partition", "kind", "key_type", "group", "topic"})


def apply_filters(
    batches: Iterator[pa.RecordBatch], filters: dict[str, set[Any]]
) -> Iterator[pa.RecordBatch]:
    """The rows of each Arrow batch whose columns hold one of the values `filters` allows."""
    if not filters:
        yield from batches
        return
    import pyarrow as pa
    import pyarrow.compute as pc

    for b in batches:
        mask = None
        for name, values in filters.items():
            col = b.column(name)
            m = pc.fill_null(pc.is_in(col, value_set=pa.array(list(values), type=col.type)), False)
            mask = m if mask is None else pc.and_(mask, m)
        out = b.filter(mask)
        if out.num_rows:
            yield out


class PushdownOffsetsReader(OffsetsReader):
    """OffsetsReader taking filters from Spark (`.option("pushFilters", "true")`; Spark then
    requires `spark.sql.python.filterPushdown.enabled=true`, which jobs.build_session sets: a
    reader that implements pushFilters fails in a session without it, hence the option)."""

    def pushFilters(self, filters: list[Filter]) -> Iterator[Filter]:
        """Takes `col = v` and `col IN (...)` on log_partition, kind, key_type, group and topic:
        applied to each Arrow batch before it goes to Spark (fewer rows to carry), and a
        log_partition filter also drops whole input partitions. Spark applies the others."""
        from pyspark.sql.datasource import EqualTo, In

        names = set(self.schema.fieldNames())
        for f in filters:
            if isinstance(f, EqualTo | In):
                name = f.attribute[0] if len(f.attribute) == 1 else None
                if name is not None and name in PUSHABLE_COLUMNS and name in names:
                    values = {f.value} if isinstance(f, EqualTo) else set(f.value)
                    self.filters[name] = self.filters[name] & values if name in self.filters else values
                    continue
            yield f


def read_columnar(
    rng: segments.OffsetRange,
    schema: StructType,
    *,
    check_crc: bool = True,
    batch_rows: int = DEFAULT_BATCH_ROWS,
    stats: segments.ReadStats | None = None,
    compact: bool = False,
) -> Iterator[pa.RecordBatch]:
    """Arrow record batches of about `batch_rows` rows of the range, columns of `schema` only
    (with `compact`, the newest record of each key only)."""
    stats = stats if stats is not None else segments.ReadStats()
    from jobs.transactions import committed_batches

    raw = committed_batches(rng, check_crc=check_crc, stats=stats)  # aborted transactions left out
    yield from decode_batches(raw, rng.partition, schema, batch_rows=batch_rows, stats=stats, compact=compact)
    if stats.notes:
        yield error_rows(rng.partition, stats.notes, schema)


def error_rows(log_partition: int, notes: list[str], schema: StructType) -> pa.RecordBatch:
    """One `unknown` row per batch that cut a segment short, its `error` saying which file, which
    byte and why the rest of that segment was not read: the reader goes on with the next segments
    and partitions, and the gap is in the answer, not only in an executor's log."""
    names = schema.fieldNames()
    cols: dict[str, list[Any]] = {name: [None] * len(notes) for name in names}
    if "log_partition" in cols:
        cols["log_partition"] = [log_partition] * len(notes)
    if "kind" in cols:
        cols["kind"] = [rows.KIND_UNKNOWN] * len(notes)
    if "error" in cols:
        cols["error"] = [f"corrupt batch, the rest of the segment is not read: {n}" for n in notes]
    return to_arrow_columns(cols, names, _arrow_schema(schema))


def decode_batches(
    raw: Iterator[segments.RawBatch],
    log_partition: int,
    schema: StructType,
    *,
    batch_rows: int = DEFAULT_BATCH_ROWS,
    stats: segments.ReadStats | None = None,
    compact: bool = False,
) -> Iterator[pa.RecordBatch]:
    """Arrow record batches of the rows of undecoded batches (from files or Fetch answers);
    with `compact`, only the newest record of each key of them all, after the last batch."""
    from jobs.columnar import ColumnarDecoder

    decoder = ColumnarDecoder(schema.fieldNames(), _arrow_schema(schema), stats, compact=compact)
    kept = _Compacted() if compact else None
    pending: list[segments.RawBatch] = []
    count = 0
    for b in raw:
        pending.append(b)
        count += b.header.records_count
        if count >= batch_rows:
            out = decoder.decode(log_partition, pending)
            if out is not None and out.num_rows:
                if kept is None:
                    yield out
                else:
                    kept.add(out, decoder)
            pending, count = [], 0
    if pending:
        out = decoder.decode(log_partition, pending)
        if out is not None and out.num_rows:
            if kept is None:
                yield out
            else:
                kept.add(out, decoder)
    if kept is not None:
        yield from kept.batches(batch_rows)


class _Compacted:
    """The newest record of each key over several decodes of one ColumnarDecoder."""

    def __init__(self) -> None:
        self.tables: list[pa.RecordBatch] = []
        self.keys: list[np.ndarray] = []
        self.offsets: list[np.ndarray] = []

    def add(self, batch: pa.RecordBatch, decoder: ColumnarDecoder) -> None:
        self.tables.append(batch)
        self.keys.append(decoder.row_keys)
        self.offsets.append(decoder.row_offsets)

    def batches(self, batch_rows: int) -> Iterator[pa.RecordBatch]:
        import numpy as np
        import pyarrow as pa

        from jobs.columnar import newest_per_key

        if not self.tables:
            return
        table = pa.Table.from_batches(self.tables)
        keep = newest_per_key(np.concatenate(self.keys), np.concatenate(self.offsets))
        if len(keep) < table.num_rows:
            table = table.take(pa.array(keep))
        yield from table.combine_chunks().to_batches(max_chunksize=batch_rows)


@dataclass
class NetRange(InputPartition):
    """Offsets [start, end) of one partition, fetched from its leader at `bootstrap`."""

    bootstrap: str
    topic: str
    partition: int
    start: int
    end: int


def read_network(
    part: NetRange, schema: StructType, batch_rows: int = DEFAULT_BATCH_ROWS, *, compact: bool = False
) -> Iterator[pa.RecordBatch]:
    from jobs import network

    stats = segments.ReadStats()
    raw = network.fetch_batches(part.bootstrap, part.topic, part.partition, part.start, part.end, stats)
    for batch in decode_batches(raw, part.partition, schema, batch_rows=batch_rows, compact=compact):
        yield with_replica(batch, stats.replica)  # the leader it was fetched from


class OffsetsDataSource(DataSource):
    """`spark.read.format("kbroker-offsets").load("<log.dirs>")`: the records of
    `__consumer_offsets`, decoded (columns: jobs/rows.py OFFSETS_COLUMNS)."""

    @classmethod
    def name(cls) -> str:
        return OFFSETS_FORMAT

    def schema(self) -> str:
        types = dict(rows.OFFSETS_COLUMNS)
        return rows.ddl(tuple((c, types[c]) for c in offsets_columns(self.options)))

    def reader(self, schema: StructType) -> DataSourceReader:
        _check_schema(schema)
        if _truthy(self.options.get("pushFilters"), False):
            return PushdownOffsetsReader(self.options, schema)
        return OffsetsReader(self.options, schema)

    def streamReader(self, schema: StructType) -> DataSourceStreamReader:
        _check_schema(schema)
        from jobs.stream import OffsetsStreamReader

        return OffsetsStreamReader(
            self.options, schema, [] if self.options.get("bootstrap") else _log_dirs(self.options)
        )


# --- kbroker-log-end ----------------------------------------------------------------------------


@dataclass
class DirsPartition(InputPartition):
    dirs: list[segments.PartitionDir]


class LogEndReader(DataSourceReader):
    def __init__(self, options: Mapping[str, str], schema: StructType):
        self.bootstrap = options.get("bootstrap")
        self.log_dirs = [] if self.bootstrap else _log_dirs(options)
        self.check_crc = _truthy(options.get("checkCrc"), True)
        self.schema = schema

    def partitions(self) -> Sequence[InputPartition]:
        if self.bootstrap:
            return [DirsPartition([])]  # one task asks the brokers
        dirs = segments.partition_dirs(self.log_dirs)
        chunks = [dirs[i : i + _DIRS_PER_PARTITION] for i in range(0, len(dirs), _DIRS_PER_PARTITION)]
        return [DirsPartition(c) for c in chunks] or [DirsPartition([])]

    def read(self, partition: InputPartition) -> Iterator[pa.RecordBatch]:
        assert isinstance(partition, DirsPartition)
        if self.bootstrap:
            yield network_log_end_rows(self.bootstrap, self.schema, int(time.time() * 1000))
            return
        if not partition.dirs:
            return
        cols: dict[str, list[Any]] = {name: [] for name, _ in rows.LOG_END_COLUMNS}
        now = int(time.time() * 1000)
        for d in partition.dirs:
            b = segments.log_bounds(d, check_crc=self.check_crc)
            cols["topic"].append(b.topic)
            cols["partition"].append(b.partition)
            cols["log_start_offset"].append(b.log_start_offset)
            cols["log_end_offset"].append(b.log_end_offset)
            cols["segments"].append(b.segments)
            cols["size_bytes"].append(b.size_bytes)
            cols["max_timestamp"].append(None if b.max_timestamp < 0 else b.max_timestamp)
            cols["observed_at"].append(now)
        yield _to_arrow(cols, self.schema, _arrow_schema(self.schema))


def network_log_end_rows(
    bootstrap: str, schema: StructType, observed_ms: int, ends: dict[str, int] | None = None
) -> pa.RecordBatch:
    """The log-end rows from ListOffsets (segments, size and max timestamp are not known there:
    null). With `ends` (a stream's planned positions), those end offsets are reported."""
    from jobs import network

    cols: dict[str, list[Any]] = {name: [] for name, _ in rows.LOG_END_COLUMNS}
    for e in network.log_ends(bootstrap):
        key = f"{e.topic}-{e.partition}"
        if ends is not None and key not in ends:
            continue
        cols["topic"].append(e.topic)
        cols["partition"].append(e.partition)
        cols["log_start_offset"].append(e.log_start_offset)
        cols["log_end_offset"].append(e.log_end_offset if ends is None else ends[key])
        for name in ("segments", "size_bytes", "max_timestamp"):
            cols[name].append(None)
        cols["observed_at"].append(observed_ms)
    return _to_arrow(cols, schema, _arrow_schema(schema))


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

    def streamReader(self, schema: StructType) -> DataSourceStreamReader:
        from jobs.stream import LogEndStreamReader

        return LogEndStreamReader(
            self.options, schema, [] if self.options.get("bootstrap") else _log_dirs(self.options)
        )


def register(spark: SparkSession) -> None:
    """Make `kbroker-offsets`, `kbroker-log-end` and `kbroker-alerts` known to the session."""
    from jobs.alerts import AlertsDataSource

    spark.dataSource.register(OffsetsDataSource)
    spark.dataSource.register(LogEndDataSource)
    spark.dataSource.register(AlertsDataSource)

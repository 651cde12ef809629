"""Bad input gives a clear error or an error row, never a silent wrong answer, and reading goes
on elsewhere: a dir that is not a broker's log dir, a corrupt batch in the middle of a segment,
a partition directory that disappears under a stream (no Spark: the readers called directly)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pyspark.sql.types import IntegerType, LongType, StringType, StructField, StructType

from jobs import segments as S
from jobs import synthetic as syn
from jobs.datasource import read_columnar
from jobs.stream import OffsetsStreamReader

SCHEMA = StructType(
    [
        StructField("log_partition", IntegerType()),
        StructField("offset", LongType()),
        StructField("kind", StringType()),
        StructField("group", StringType()),
        StructField("error", StringType()),
    ]
)
T0 = 1_700_000_000_000


def write(log_dir: Path, partition: int, batches: int = 30) -> S.PartitionDir:
    with syn.PartitionWriter(log_dir, S.OFFSETS_TOPIC, partition, segment_bytes=2_000) as w:
        for b in range(batches):
            w.append([syn.offset_commit("g", "t", i, b, T0 + b) for i in range(3)], T0 + b)
    return next(d for d in S.partition_dirs(log_dir, S.OFFSETS_TOPIC) if d.partition == partition)


def read(pdir: S.PartitionDir, start: int = 0, end: int | None = None) -> list[dict]:
    rng = S.OffsetRange(pdir.topic, pdir.partition, pdir.path, start, end, 0)
    return [r for b in read_columnar(rng, SCHEMA) for r in b.to_pylist()]


def test_a_dir_that_is_not_a_log_dir(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / "photos").mkdir()
    with pytest.raises(ValueError, match="is not a broker's log dir"):
        S.partition_dirs(tmp_path)
    assert S.partition_dirs(tmp_path / "photos") == []  # empty: a log dir with no partitions yet
    (tmp_path / "meta.properties").write_text("broker.id=0\n")
    assert S.partition_dirs(tmp_path) == []


def test_a_corrupt_batch_gives_an_error_row_and_the_rest_is_read(tmp_path: Path) -> None:
    pdir = write(tmp_path, 4)
    segs = S.list_segments(pdir.path)
    assert len(segs) >= 3
    whole = read(pdir)
    victim = segs[1]
    data = bytearray(Path(victim.path).read_bytes())
    data[100] ^= 0xFF  # inside the first batch's records: its CRC no longer matches
    Path(victim.path).write_bytes(bytes(data))
    got = read(pdir)
    errors = [r for r in got if r["error"]]
    assert len(errors) == 1 and errors[0]["kind"] == "unknown" and errors[0]["log_partition"] == 4
    assert victim.path in errors[0]["error"] and "CRC" in errors[0]["error"]
    offsets = [r["offset"] for r in got if not r["error"]]
    lost = [r["offset"] for r in whole if segs[1].base_offset <= r["offset"] < segs[2].base_offset]
    assert offsets == [r["offset"] for r in whole if r["offset"] not in lost]  # the other segments are read


def test_a_stream_goes_on_when_a_partition_directory_disappears(tmp_path: Path) -> None:
    p0 = write(tmp_path, 0, 5)
    with syn.PartitionWriter(tmp_path, S.OFFSETS_TOPIC, 1) as w1:
        w1.append([syn.offset_commit("g", "t", i, 1, T0) for i in range(15)], T0)
        w1.flush()
        reader = OffsetsStreamReader({}, SCHEMA, [str(tmp_path)])
        first = reader.latestOffset(reader.initialOffset(), None)
        assert first == {"0": 15, "1": 15}
        shutil.rmtree(p0.path)
        w1.append([syn.offset_commit("g", "t", 0, 99, T0)], T0)
    second = reader.latestOffset(first, None)
    assert second == {"0": 15, "1": 16}  # partition 0 keeps its position, 1 goes on
    (part,) = reader.partitions(first, second)
    assert [r["offset"] for b in reader.read(part) for r in b.to_pylist()] == [15]

"""The columnar decoder (jobs/columnar.py) against the row-at-a-time one (jobs/rows.py): the same
rows, value for value, for every kind of record, compressed batches, ranges that cut batches,
column subsets and a corrupt batch in the middle of a segment (no Spark)."""

from __future__ import annotations

import struct
from pathlib import Path

import pyarrow as pa
import pytest

from jobs import rows as R
from jobs import segments as S
from jobs import synthetic as syn
from jobs.columnar import ColumnarDecoder, arrow_schema
from jobs.datasource import to_arrow_columns
from protocol.compression import Compression
from protocol.records import CRC_OFFSET, HEADER_SIZE, compute_crc, iter_batches
from tests.jobs.golden import FIXTURE_DIR

ALL = [name for name, _ in R.OFFSETS_COLUMNS]
T0 = 1_700_000_000_000


def slow_rows(rng: S.OffsetRange, columns: list[str]) -> list[dict]:
    cols = R.OffsetColumns()
    for batch in S.read_range(rng):
        cols.add_batch(rng.partition, batch)
    return to_arrow_columns(cols.cols, columns, arrow_schema(columns)).to_pylist() if cols.rows else []


def fast_rows(
    rng: S.OffsetRange, columns: list[str], chunk: int = 1000, stats: S.ReadStats | None = None
) -> list[dict]:
    decoder = ColumnarDecoder(columns, arrow_schema(columns), stats)
    out: list[pa.RecordBatch] = []
    pending, count = [], 0
    for raw in S.range_batches(rng, stats=stats):
        pending.append(raw)
        count += raw.header.records_count
        if count >= chunk:
            out.append(decoder.decode(rng.partition, pending))
            pending, count = [], 0
    if pending:
        out.append(decoder.decode(rng.partition, pending))
    return [r for b in out if b is not None for r in b.to_pylist()]


def mixed_partition(log_dir: Path, compression: Compression = Compression.NONE) -> S.PartitionDir:
    """Every kind of record: commits of each value version with and without metadata (unicode
    too), offset and group tombstones, group metadata, a KIP-848 key, a record without a key,
    an undecodable value, an OffsetCommitValue v4 (flexible)."""
    import protocol.group_records as gr

    with syn.PartitionWriter(log_dir, S.OFFSETS_TOPIC, 5, segment_bytes=4_000) as w:
        for b in range(30):
            recs: list[tuple[bytes | None, bytes | None]] = [
                syn.offset_commit("g1", "t", b % 3, 100 + b, T0 + b),
                syn.offset_commit(
                    "g2", "topic-ü", b % 2, 5 * b, T0 + b, leader_epoch=b, metadata="m" * (b % 4)
                ),
                syn.offset_commit("g1", "t", 9, b, T0 + b, expire_ms=T0 + 99_999),  # value v1
            ]
            if b % 5 == 0:
                recs.append(
                    syn.group_metadata("g1", b // 5 + 1, [("m-1", ["t"], [("t", 0), ("t", 1)])], T0 + b)
                )
                recs.append(syn.offset_tombstone("g2", "topic-ü", 0))
            if b % 7 == 0:
                recs.append(syn.group_tombstone("g3"))
                recs.append((struct.pack(">h", 5) + b"\x00\x02zz", b"\x00\x00whatever"))  # a KIP-848 key
                recs.append((None, b"no key"))
                recs.append((gr.encode_offset_commit_key("g4", "t", 0), b"\x00\x03\x00"))  # truncated value
                v0 = struct.pack(">hqh", 0, 77, 2) + b"hi" + struct.pack(">q", T0)
                recs.append((gr.encode_offset_commit_key("g5", "t", 1), v0))
                v4 = struct.pack(">hqi", 4, 78, 3) + b"\x03ab" + struct.pack(">q", T0) + b"\x00"
                recs.append((gr.encode_offset_commit_key("g5", "t", 2), v4))
            w.append(recs, T0 + b, compression=compression)
    return S.partition_dirs(log_dir)[0]


@pytest.mark.parametrize("compression", [Compression.NONE, Compression.LZ4, Compression.ZSTD])
def test_every_kind_of_record_as_the_row_decoder_gives_it(tmp_path: Path, compression: Compression) -> None:
    pdir = mixed_partition(tmp_path, compression)
    rng = S.plan_ranges(pdir)[0]
    want = slow_rows(rng, ALL)
    assert {r["kind"] for r in want} == {"offset_commit", "group_metadata", "tombstone", "unknown"}
    for chunk in (1, 7, 10_000):
        assert fast_rows(rng, ALL, chunk) == want


def test_ranges_cutting_batches_and_column_subsets(tmp_path: Path) -> None:
    pdir = mixed_partition(tmp_path)
    whole = slow_rows(S.plan_ranges(pdir)[0], ALL)
    offsets = [r["offset"] for r in whole]
    for start, end in [(3, 50), (offsets[10] + 1, offsets[-5]), (0, 1), (offsets[-1], None)]:
        rng = S.OffsetRange(pdir.topic, pdir.partition, pdir.path, start, end, 0)
        for columns in (ALL, ["group", "committed_offset"], ["kind", "error", "members"], ["offset"]):
            want = [
                {c: r[c] for c in columns}
                for r in whole
                if start <= r["offset"] and (end is None or r["offset"] < end)
            ]
            assert fast_rows(rng, columns, chunk=13) == want, (start, end, columns)


def test_fixture_and_workload(tmp_path: Path) -> None:
    for pdir in S.partition_dirs(FIXTURE_DIR):
        rng = S.plan_ranges(pdir)[0]
        assert fast_rows(rng, ALL) == slow_rows(rng, ALL)
    syn.write_commit_workload(tmp_path, records=20_000, log_partitions=2, groups=20, rebalance_every=500)
    for pdir in S.partition_dirs(tmp_path, S.OFFSETS_TOPIC):
        rng = S.plan_ranges(pdir)[0]
        assert fast_rows(rng, ALL, chunk=4096) == slow_rows(rng, ALL)


def test_a_corrupt_batch_cuts_its_segment_as_the_row_decoder_does(tmp_path: Path) -> None:
    pdir = mixed_partition(tmp_path)
    seg = S.list_segments(pdir.path)[0]
    data = bytearray(Path(seg.path).read_bytes())
    positions = [at for at, _h in iter_batches(bytes(data))]
    # a record length that runs past its batch, with the CRC fixed so that only decoding fails
    at = positions[2]
    data[at + HEADER_SIZE] = 0x7E  # zigzag 63: longer than the first record
    data[at + CRC_OFFSET : at + CRC_OFFSET + 4] = struct.pack(
        ">I", compute_crc(bytes(data), at, positions[3] - at)
    )
    Path(seg.path).write_bytes(bytes(data))
    rng = S.plan_ranges(pdir)[0]
    want = slow_rows(rng, ALL)
    stats = S.ReadStats()
    got = fast_rows(rng, ALL, chunk=1, stats=stats)
    assert got == want
    assert stats.invalid_batches == 1 and "stop reading" not in stats.notes[0]
    # the records after the corrupt batch in that segment are not read; the next segments are
    assert max(r["offset"] for r in got) > S.list_segments(pdir.path)[1].base_offset

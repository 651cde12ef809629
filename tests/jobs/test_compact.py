"""The `compact` read (jobs/columnar.py `newest_per_key`, jobs/datasource.py `decode_batches`):
the newest record of each key, as Kafka's log cleaner keeps it, and every record without a key;
checked against the full decode, record for record, for every kind of record, compressed
batches, ranges cutting batches and decodes of any size (no Spark)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyspark.sql.pandas.types import from_arrow_schema

from jobs import segments as S
from jobs import synthetic as syn
from jobs.columnar import arrow_schema, newest_per_key
from jobs.datasource import decode_batches
from protocol.compression import Compression
from protocol.records import decode_batch
from tests.jobs.test_columnar import ALL, fast_rows, mixed_partition


@settings(deadline=None)  # a loaded machine's first call
@given(st.lists(st.integers(0, 6), max_size=60), st.randoms(use_true_random=False))
def test_newest_per_key_is_the_highest_offset_of_each_key(keys: list[int], rnd) -> None:
    offsets = list(range(100, 100 + len(keys)))
    rnd.shuffle(offsets)  # a committed transaction's batches come after newer records
    newest: dict[int, int] = {}
    for i, (k, o) in enumerate(zip(keys, offsets, strict=True)):
        if k and (k not in newest or o > offsets[newest[k]]):
            newest[k] = i
    want = sorted([*newest.values(), *(i for i, k in enumerate(keys) if k == 0)])
    got = newest_per_key(np.array(keys, np.int64), np.array(offsets, np.int64))
    assert got.tolist() == want


def newest_offsets(rng: S.OffsetRange) -> set[int]:
    """The offsets of the records the cleaner would keep in the range, from the raw keys."""
    newest: dict[bytes, int] = {}
    keyless: set[int] = set()
    for raw in S.range_batches(rng):
        batch = decode_batch(raw.view, raw.at, check_crc=False)
        for offset, _ts, record in batch:
            if offset < raw.lo or (raw.hi is not None and offset >= raw.hi):
                continue
            if record.key is None:
                keyless.add(offset)
            else:
                newest[bytes(record.key)] = max(offset, newest.get(bytes(record.key), -1))
    return set(newest.values()) | keyless


def compact_rows(rng: S.OffsetRange, columns: list[str], chunk: int) -> list[dict]:
    schema = from_arrow_schema(arrow_schema(columns))
    out = decode_batches(S.range_batches(rng), rng.partition, schema, batch_rows=chunk, compact=True)
    return [r for b in out for r in b.to_pylist()]


@pytest.mark.parametrize("compression", [Compression.NONE, Compression.ZSTD])
def test_compact_keeps_the_newest_record_of_each_key(tmp_path: Path, compression: Compression) -> None:
    pdir = mixed_partition(tmp_path, compression)
    whole = fast_rows(S.plan_ranges(pdir)[0], ALL)
    offsets = [r["offset"] for r in whole]
    for start, end in [(0, None), (3, 50), (offsets[10] + 1, offsets[-5])]:
        rng = S.OffsetRange(pdir.topic, pdir.partition, pdir.path, start, end, 0)
        keep = newest_offsets(rng)
        want = [r for r in whole if r["offset"] in keep]
        assert {r["kind"] for r in want} == {"offset_commit", "group_metadata", "tombstone", "unknown"}
        assert len(want) < len(
            [r for r in whole if start <= r["offset"] and (end is None or r["offset"] < end)]
        )
        for chunk in (1, 7, 10_000):
            assert compact_rows(rng, ALL, chunk) == want, (start, end, chunk)
        columns = ["offset", "group", "committed_offset"]
        assert compact_rows(rng, columns, 13) == [{c: r[c] for c in columns} for r in want]


def test_compact_workload(tmp_path: Path) -> None:
    syn.write_commit_workload(tmp_path, records=20_000, log_partitions=2, groups=20, rebalance_every=500)
    for pdir in S.partition_dirs(tmp_path, S.OFFSETS_TOPIC):
        rng = S.plan_ranges(pdir)[0]
        keep = newest_offsets(rng)
        want = [r for r in fast_rows(rng, ALL, chunk=4096) if r["offset"] in keep]
        assert 0 < len(want) < 2_000
        assert compact_rows(rng, ALL, 4096) == want


def test_compact_is_refused_where_it_is_not_done(tmp_path: Path) -> None:
    from jobs.datasource import OffsetsReader

    schema = from_arrow_schema(arrow_schema(["offset"]))
    for options in ({"decoder": "rows"}, {"topic": "__share_group_state"}):
        with pytest.raises(ValueError, match="compact"):
            OffsetsReader({"path": str(tmp_path), "compact": "true", **options}, schema)
    assert OffsetsReader({"path": str(tmp_path), "compact": "true"}, schema).compact

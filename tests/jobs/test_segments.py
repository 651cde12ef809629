"""Reading Kafka-layout segments from disk (no Spark): ranges, torn tails, invalid batches, the
cleaner swapping segments during a read, and log start/end offsets."""

from __future__ import annotations

import os
import struct
from pathlib import Path

import pytest

from jobs import segments as S
from jobs import synthetic as syn
from protocol import group_records as gr
from protocol.records import Record, build_batch, iter_batches

T0 = 1_700_000_000_000


def write_partition(
    log_dir: Path, batches: int = 40, per_batch: int = 5, segment_bytes: int = 2_000, keys: int = 7
) -> S.PartitionDir:
    with syn.PartitionWriter(
        log_dir, S.OFFSETS_TOPIC, 3, segment_bytes=segment_bytes, index_interval=300
    ) as w:
        n = 0
        for b in range(batches):
            recs = []
            for _ in range(per_batch):
                recs.append(syn.offset_commit("g", "t", n % keys, n, T0 + n))
                n += 1
            w.append(recs, T0 + b)
    return S.partition_dirs(log_dir)[0]


def read_all(rngs, **kw) -> list[tuple[int, bytes | None, bytes | None]]:
    out = []
    for rng in rngs:
        for batch in S.read_range(rng, **kw):
            out.extend((off, r.key, r.value) for off, _ts, r in batch)
    return out


def log_files(pdir: S.PartitionDir) -> list[Path]:
    return sorted(Path(pdir.path).glob("*.log"))


def test_partition_dirs_finds_partitions_and_skips_others(tmp_path: Path) -> None:
    for name in [
        "__consumer_offsets-0",
        "__consumer_offsets-12",
        "orders-3",
        "orders-3.abc-delete",
        "junk",
        "x-y-future",
    ]:
        (tmp_path / name).mkdir()
    (tmp_path / "recovery-point-offset-checkpoint").write_text("0\n0\n")
    assert [(d.topic, d.partition) for d in S.partition_dirs(tmp_path)] == [
        ("__consumer_offsets", 0),
        ("__consumer_offsets", 12),
        ("orders", 3),
    ]
    assert [d.partition for d in S.partition_dirs(str(tmp_path), S.OFFSETS_TOPIC)] == [0, 12]
    with pytest.raises(FileNotFoundError, match="no such log dir"):
        S.partition_dirs(tmp_path / "missing")


def test_split_ranges_read_every_record_once_in_order(tmp_path: Path) -> None:
    pdir = write_partition(tmp_path)
    assert len(log_files(pdir)) > 4
    whole = S.plan_ranges(pdir)
    assert len(whole) == 1 and whole[0].start == 0 and whole[0].end is None
    split = S.plan_ranges(pdir, split_bytes=3_000)
    assert len(split) > 2
    assert [r.end for r in split[:-1]] == [r.start for r in split[1:]]
    records = read_all(whole)
    assert [off for off, _, _ in records] == list(range(200))
    assert read_all(split) == records


def test_empty_partition_gets_no_range(tmp_path: Path) -> None:
    d = tmp_path / "__consumer_offsets-0"
    d.mkdir()
    (d / syn.segment_name(0)).write_bytes(b"")
    assert S.plan_ranges(S.partition_dirs(tmp_path)[0]) == []


def test_torn_tail_at_every_byte_is_skipped(tmp_path: Path) -> None:
    pdir = write_partition(tmp_path, batches=4, segment_bytes=1 << 20)
    path = log_files(pdir)[0]
    data = path.read_bytes()
    positions = [at for at, _ in iter_batches(data)]
    last = positions[-1]
    for cut in range(last, len(data)):
        path.write_bytes(data[:cut])
        stats = S.ReadStats()
        got = read_all(S.plan_ranges(pdir), stats=stats)
        assert [off for off, _, _ in got] == list(range(15)), cut
        assert stats.torn_bytes == cut - last and stats.invalid_batches == 0
    path.write_bytes(data + b"\x00" * 300)  # a preallocated, zero-filled tail
    stats = S.ReadStats()
    assert len(read_all(S.plan_ranges(pdir), stats=stats)) == 20
    assert stats.invalid_batches == 1


def test_invalid_batch_ends_its_segment_not_the_read(tmp_path: Path) -> None:
    pdir = write_partition(tmp_path)
    first = log_files(pdir)[0]
    data = bytearray(first.read_bytes())
    positions = [(at, h) for at, h in iter_batches(data)]
    at, h = positions[1]
    data[at + h.size - 3] ^= 0xFF  # flip a payload byte: the CRC no longer matches
    first.write_bytes(bytes(data))
    stats = S.ReadStats()
    got = [off for off, _, _ in read_all(S.plan_ranges(pdir), stats=stats)]
    broken = set(range(positions[1][1].base_offset, positions[-1][1].next_offset))
    assert got == [o for o in range(200) if o not in broken]
    assert stats.invalid_batches == 1 and "CRC" in stats.notes[0]


# --- the cleaner swapping segments under a reader ----------------------------------------------


def clean(directory: str, bases: list[int]) -> None:
    """Kafka's cleaner in miniature: merge the segments at `bases` into one at the first base,
    keeping the newest record per key, through `.cleaned` -> `.swap`, the old segments renamed
    `.deleted` and removed, then `.swap` -> `.log`."""
    newest: dict[bytes, tuple[int, int, bytes | None]] = {}
    for base in bases:
        data = (Path(directory) / syn.segment_name(base)).read_bytes()
        for at, _h in iter_batches(data):
            from protocol.records import decode_batch

            batch = decode_batch(data, at)
            for off, ts, r in batch:
                newest[r.key] = (off, ts, r.value)
    kept = sorted((off, ts, k, v) for k, (off, ts, v) in newest.items())
    cleaned = Path(directory) / (syn.segment_name(bases[0]) + ".cleaned")
    with open(cleaned, "wb") as f:
        for off, ts, k, v in kept:
            f.write(build_batch([Record(0, 0, k, v)], base_offset=off, base_timestamp=ts))
    swap = Path(directory) / (syn.segment_name(bases[0]) + ".swap")
    cleaned.rename(swap)
    for base in bases:
        for suffix in (".log", ".index", ".timeindex"):
            p = Path(directory) / syn.segment_name(base, suffix)
            if p.exists():
                p.rename(str(p) + ".deleted")
    swap.rename(Path(directory) / syn.segment_name(bases[0]))
    for base in bases:
        for suffix in (".log", ".index", ".timeindex"):
            Path(directory, syn.segment_name(base, suffix) + ".deleted").unlink(missing_ok=True)


def latest(records) -> dict[bytes, bytes | None]:
    out: dict[bytes, bytes | None] = {}
    for _off, k, v in records:
        out[k] = v
    return out


@pytest.mark.parametrize("swap_after_batches", [0, 1, 5, 12, 30])
def test_cleaner_swap_during_a_read(tmp_path: Path, swap_after_batches: int) -> None:
    pdir = write_partition(tmp_path)
    original = read_all(S.plan_ranges(pdir))
    bases = [int(p.name[:20]) for p in log_files(pdir)]
    stats = S.ReadStats()
    got = []
    it = S.read_range(S.plan_ranges(pdir)[0], stats=stats)
    for i, batch in enumerate(it):
        if i == swap_after_batches:
            clean(pdir.path, bases[:4])  # merge the first four segments
        got.extend((off, r.key, r.value) for off, _ts, r in batch)
    offsets = [off for off, _, _ in got]
    assert offsets == sorted(set(offsets))  # in order, each once
    by_offset = {off: (k, v) for off, k, v in original}
    assert all(by_offset[off] == (k, v) for off, k, v in got)  # nothing invented
    assert set(read_all(S.plan_ranges(pdir))) <= set(got)  # nothing the cleaner kept is missed
    assert latest(got) == latest(original)  # the same answer as before cleaning


def test_segment_vanishing_between_listing_and_opening(tmp_path: Path, monkeypatch) -> None:
    pdir = write_partition(tmp_path)
    original = read_all(S.plan_ranges(pdir))
    bases = [int(p.name[:20]) for p in log_files(pdir)]
    ranges = S.plan_ranges(pdir, split_bytes=3_000)
    second = ranges[1].start  # a segment that the cleaner merges into the first one
    merged = bases[: bases.index(second) + 2]
    real_list = S.list_segments
    calls = {"n": 0}

    def listing_then_clean(directory: str):
        listed = real_list(directory)
        calls["n"] += 1
        if calls["n"] == 1:  # the listed segment vanishes before it is opened
            clean(directory, merged)
        return listed

    monkeypatch.setattr(S, "list_segments", listing_then_clean)
    stats = S.ReadStats()
    got = [rec for rng in ranges[1:] + ranges[:1] for rec in read_all([rng], stats=stats)]
    got.sort()
    offsets = [off for off, _, _ in got]
    assert offsets == sorted(set(offsets))
    assert set(read_all(S.plan_ranges(pdir))) <= set(got)
    assert latest(got) == latest(original)
    assert stats.reopened == 1


def test_index_that_does_not_match_its_log_is_not_trusted(tmp_path: Path) -> None:
    pdir = write_partition(tmp_path)
    ranges = S.plan_ranges(pdir, split_bytes=3_000)
    original = read_all(ranges)
    bases = [int(p.name[:20]) for p in log_files(pdir)]
    clean(pdir.path, bases[:4])  # later ranges now start inside the merged segment
    index = Path(pdir.path) / syn.segment_name(0, ".index")
    index.write_bytes(
        b"".join(struct.pack(">ii", 3 * i + 1, 50 * i + 7) for i in range(1, 60))
    )  # plausible, wrong
    assert read_all(ranges) == read_all(S.plan_ranges(pdir))  # the split read misses nothing
    assert latest(read_all(ranges)) == latest(original)


# --- log start and end offsets -------------------------------------------------------------------


def test_log_bounds(tmp_path: Path) -> None:
    pdir = write_partition(tmp_path)
    b = S.log_bounds(pdir)
    assert (b.log_start_offset, b.log_end_offset) == (0, 200)
    assert b.segments == len(log_files(pdir)) and b.max_timestamp == T0 + 39
    last = log_files(pdir)[-1]
    data = last.read_bytes()
    last.write_bytes(data + data[:50])  # a torn batch
    assert S.log_bounds(pdir).log_end_offset == 200
    index = last.with_suffix(".index")
    index.write_bytes(os.urandom(64))  # an index that does not check out
    assert S.log_bounds(pdir).log_end_offset == 200
    first = log_files(pdir)[0]
    first.rename(str(first) + ".deleted")  # retention removed the first segment
    b = S.log_bounds(pdir)
    assert b.log_start_offset > 0 and b.log_end_offset == 200


def test_log_bounds_of_an_empty_active_segment(tmp_path: Path) -> None:
    with syn.PartitionWriter(tmp_path, "t", 0) as w:
        w.append([(None, b"x")] * 10, T0)
        w.roll()
    b = S.log_bounds(S.partition_dirs(tmp_path)[0])
    assert (b.log_start_offset, b.log_end_offset, b.segments) == (0, 10, 2)


def test_undecodable_records_become_unknown_rows(tmp_path: Path) -> None:
    from jobs.rows import OffsetColumns

    with syn.PartitionWriter(tmp_path, S.OFFSETS_TOPIC, 0) as w:
        w.append(
            [
                (b"\x00\x01\x00", b"x"),  # a truncated offset key
                (gr.encode_offset_commit_key("g", "t", 0), b"\x00\x03\x00"),  # a truncated value
                (None, b"v"),
            ],
            T0,
        )
    cols = OffsetColumns()
    for rng in S.plan_ranges(S.partition_dirs(tmp_path)[0]):
        for batch in S.read_range(rng):
            cols.add_batch(0, batch)
    rows = cols.as_dicts()
    assert [r["kind"] for r in rows] == ["unknown"] * 3
    assert all(r["error"] for r in rows)
    assert rows[1]["group"] == "g" and rows[1]["key_type"] == "offset_commit"


def test_a_cluster_s_log_dirs_give_one_copy_of_each_partition(tmp_path: Path) -> None:
    """Three brokers' log dirs each hold a replica of the same partition: it is read once, from
    the leader when the caller names it, else from the copy that ends furthest."""
    lengths = {1: 30, 2: 40, 3: 35}  # batches each replica holds: broker 2's copy is the longest
    dirs = []
    for broker, batches in lengths.items():
        d = tmp_path / f"broker-{broker}"
        d.mkdir()
        (d / "meta.properties").write_text(f"version=0\nbroker.id={broker}\ncluster.id=c\n")
        write_partition(d, batches=batches)
        (d / f"{S.OFFSETS_TOPIC}-3" / "leader-epoch-checkpoint").write_text("0\n1\n4 0\n")
        dirs.append(d)
    chosen = S.partition_dirs(dirs)
    assert [(p.partition, p.replica) for p in chosen] == [(3, 2)]
    assert S.log_bounds(chosen[0]).log_end_offset == 40 * 5
    assert [p.replica for p in S.partition_dirs(dirs, leaders={(S.OFFSETS_TOPIC, 3): 3})] == [3]
    # equal lengths: the newest leader epoch wins, then the lowest broker id
    twin = tmp_path / "broker-4"
    twin.mkdir()
    (twin / "meta.properties").write_text("version=0\nbroker.id=4\ncluster.id=c\n")
    write_partition(twin, batches=30)
    (twin / f"{S.OFFSETS_TOPIC}-3" / "leader-epoch-checkpoint").write_text("0\n2\n4 0\n9 100\n")
    assert [p.replica for p in S.partition_dirs([dirs[0], twin])] == [4]
    (twin / f"{S.OFFSETS_TOPIC}-3" / "leader-epoch-checkpoint").write_text("0\n1\n4 0\n")
    assert [p.replica for p in S.partition_dirs([twin, dirs[0]])] == [1]
    assert S.broker_id(str(tmp_path)) is None
    assert S.latest_leader_epoch(str(tmp_path)) == -1
    ranges = S.plan_ranges(chosen[0])
    assert {r.replica for r in ranges} == {2}

"""The cleaner's pure merge (broker/log/compaction.py), without files: for random keyed records
and tombstones in random batches, what survives is the newest record per key minus tombstones
past delete.retention.ms, with offsets kept (increasing, gaps allowed) and whole batches kept
byte for byte."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from broker.log.compaction import FilterStats, RetentionRule, compact, filter_batch
from protocol.records import (
    BatchHeader,
    Compression,
    Record,
    TimestampType,
    build_batch,
    decode_batch,
    verify_crc,
)

RETENTION = 1000
KEYS = [b"a", b"b", b"c", b"d", b"e", b"f"]


@dataclass(frozen=True)
class Rec:
    offset: int
    key: bytes | None
    value: bytes | None
    timestamp: int  # as a reader sees it (the batch's max timestamp under LogAppendTime)


record_spec = st.tuples(
    st.one_of(st.sampled_from(KEYS), st.sampled_from(KEYS), st.none()),  # keyless: discarded
    st.one_of(st.none(), st.binary(min_size=0, max_size=8)),  # None: a tombstone
    st.integers(0, 3000),  # timestamp
    st.integers(1, 3),  # offset step to the next record (>1: a gap left by an earlier clean)
)
batch_spec = st.tuples(
    st.lists(record_spec, min_size=1, max_size=6),
    st.sampled_from([Compression.NONE, Compression.GZIP, Compression.LZ4]),
    st.booleans(),  # LogAppendTime
)


def make_batches(specs, start: int = 0) -> tuple[list[tuple[BatchHeader, bytes]], list[Rec], int]:
    """Stored batches (with offsets and gaps) and the records they hold, as a reader sees them."""
    batches, recs = [], []
    offset = start
    for records, codec, append_time in specs:
        base = offset
        base_ts = min(ts for _, _, ts, _ in records)
        rs = []
        for key, value, ts, step in records:
            rs.append(Record(offset_delta=offset - base, timestamp_delta=ts - base_ts, key=key, value=value))
            offset += step
        data = build_batch(
            rs,
            base_offset=base,
            compression=codec,
            base_timestamp=base_ts,
            timestamp_type=TimestampType.LOG_APPEND_TIME if append_time else TimestampType.CREATE_TIME,
        )
        h = BatchHeader.parse(data)
        for r in rs:
            ts = h.max_timestamp if append_time else base_ts + r.timestamp_delta
            recs.append(Rec(base + r.offset_delta, r.key, r.value, ts))
        batches.append((h, data))
        offset += 1  # and a gap between batches, as a cleaned log has
    return batches, recs, offset


def expected(recs: list[Rec], rule: RetentionRule) -> list[Rec]:
    """The model: the newest record per key, minus tombstones past retention, by offset."""
    newest: dict[bytes, Rec] = {}
    for r in recs:
        if r.key is not None:
            newest[r.key] = r
    keep = [r for r in newest.values() if not (r.value is None and rule.tombstone_expired(r.timestamp))]
    return sorted(keep, key=lambda r: r.offset)


def read_back(batches: list) -> list[Rec]:
    out = []
    for data in batches:
        assert verify_crc(data)
        b = decode_batch(data)
        for offset, ts, r in b:
            out.append(Rec(offset, r.key, r.value, ts))
    return out


def check(out: list, recs_in: list[Rec], rule: RetentionRule, originals: dict[int, bytes]) -> list[Rec]:
    got = read_back(out)
    offsets = [r.offset for r in got]
    assert offsets == sorted(set(offsets)), "offsets must increase"
    assert got == expected(recs_in, rule)
    for data in out:
        h = BatchHeader.parse(data)
        original = originals[h.base_offset]
        oh = BatchHeader.parse(original)
        assert h.compression == oh.compression
        assert (h.producer_id, h.producer_epoch, h.base_sequence) == (
            oh.producer_id,
            oh.producer_epoch,
            oh.base_sequence,
        )
        if h.records_count == oh.records_count:
            assert bytes(data) == bytes(original), "a batch that survives whole keeps its bytes"
    return got


@settings(max_examples=300, deadline=None)
@given(specs=st.lists(batch_spec, min_size=1, max_size=12), now=st.integers(0, 5000))
def test_cleaned_log_is_newest_value_per_key_minus_expired_tombstones(specs, now):
    batches, recs, _ = make_batches(specs)
    rule = RetentionRule(now, RETENTION)
    out = compact(batches, rule)
    check(out, recs, rule, {h.base_offset: d for h, d in batches})
    # Cleaning again changes nothing (the cleaned log is a fixed point at the same time).
    again = compact([(BatchHeader.parse(d), d) for d in out], rule)
    assert [bytes(d) for d in again] == [bytes(d) for d in out]


@settings(max_examples=200, deadline=None)
@given(
    first=st.lists(batch_spec, min_size=1, max_size=8),
    second=st.lists(batch_spec, min_size=1, max_size=8),
    now1=st.integers(0, 4000),
    later=st.integers(0, 2000),
)
def test_incremental_clean_with_an_offset_map_of_the_dirty_part_only(first, second, now1, later):
    """Kafka's way: a first clean, then more records, then a clean whose offset map covers only
    the new (dirty) records. The result is as if the whole history had been cleaned at once."""
    batches1, recs1, end1 = make_batches(first)
    rule1 = RetentionRule(now1, RETENTION)
    cleaned1 = compact(batches1, rule1)
    batches2, recs2, _ = make_batches(second, start=end1)
    log = [(BatchHeader.parse(d), d) for d in cleaned1] + batches2
    rule2 = RetentionRule(now1 + later, RETENTION)
    out = compact(log, rule2, dirty_from=end1)
    originals = {h.base_offset: d for h, d in log}
    check(out, recs1 + recs2, rule2, originals)


def test_tombstone_is_kept_until_retention_passes():
    data = build_batch([Record(0, 0, b"k", b"v"), Record(1, 0, b"k", None)], base_timestamp=100)
    h = BatchHeader.parse(data)
    kept = compact([(h, data)], RetentionRule(now_ms=100 + RETENTION - 1, delete_retention_ms=RETENTION))
    assert [(o, r.key, r.value) for o, _, r in decode_batch(kept[0])] == [(1, b"k", None)]
    gone = compact([(h, data)], RetentionRule(now_ms=100 + RETENTION, delete_retention_ms=RETENTION))
    assert gone == []


def test_partly_kept_batch_keeps_base_offset_deltas_and_codec():
    rs = [Record(0, 0, b"x", b"1"), Record(1, 5, b"y", b"2"), Record(2, 9, b"x", b"3")]
    data = build_batch(
        rs,
        base_offset=40,
        compression=Compression.GZIP,
        base_timestamp=1000,
        producer_id=7,
        producer_epoch=1,
        base_sequence=3,
    )
    h = BatchHeader.parse(data)
    stats = FilterStats()
    out = filter_batch(data, h, {b"x": 42, b"y": 41}, RetentionRule(0, RETENTION), stats)
    b = decode_batch(out)
    assert b.base_offset == 40 and b.compression == Compression.GZIP
    assert [(r.offset_delta, r.timestamp_delta, r.key) for r in b.records] == [(1, 5, b"y"), (2, 9, b"x")]
    assert b.last_offset_delta == 2 and b.max_timestamp == 1009
    assert (b.producer_id, b.producer_epoch, b.base_sequence) == (7, 1, 3)
    assert stats.batches_rewritten == 1 and stats.records_kept == 2


def test_keyless_records_are_discarded_and_control_batches_kept():
    data = build_batch([Record(0, 0, None, b"v"), Record(1, 0, b"k", b"v")])
    control = build_batch(
        [Record(0, 0, b"\x00\x00\x00\x01", b"\x00\x00\x00\x00\x00\x00")],
        base_offset=2,
        control=True,
        producer_id=1,
        producer_epoch=0,
    )
    out = compact(
        [(BatchHeader.parse(data), data), (BatchHeader.parse(control), control)], RetentionRule(0, 1)
    )
    assert [r.key for o, _, r in decode_batch(out[0])] == [b"k"]
    assert bytes(out[1]) == control

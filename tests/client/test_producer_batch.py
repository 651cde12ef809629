"""The producer's batches (records encoded as they are appended, framed at send) are the same
bytes as `build_batch` of the equivalent Records, for any records, compression and producer ids."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from client.accumulator import ProducerBatch
from client.structs import TopicPartition
from protocol.compression import Compression
from protocol.records import Record, build_batch, decode_batch

maybe_bytes = st.one_of(st.none(), st.binary(max_size=300))
record_st = st.tuples(
    maybe_bytes,
    maybe_bytes,
    st.lists(st.tuples(st.text(max_size=10), maybe_bytes), max_size=3),
    st.integers(-(1 << 40), 1 << 40),  # the timestamp's distance from the first record's
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(record_st, min_size=1, max_size=20),
    st.integers(0, 1 << 50),
    st.sampled_from([Compression.NONE, Compression.GZIP, Compression.LZ4]),
    st.sampled_from([(-1, -1, -1, False), (4000, 3, 17, True)]),
)
def test_a_producer_batch_is_build_batch(
    records: list[tuple[bytes | None, bytes | None, list[tuple[str, bytes | None]], int]],
    base_ts: int,
    compression: Compression,
    ids: tuple[int, int, int, bool],
) -> None:
    pid, epoch, sequence, transactional = ids
    batch = ProducerBatch(TopicPartition("t", 0), 0.0, base_ts, base_sequence=sequence)
    for key, value, headers, delta in records:
        delta = 0 if batch.count == 0 else delta
        assert batch.try_append(key, value, headers, base_ts + delta, 10, None, 1 << 30)
    data = batch.build(compression, pid, epoch, transactional)
    expected = [
        Record(i, 0 if i == 0 else delta, key, value, headers)
        for i, (key, value, headers, delta) in enumerate(records)
    ]
    assert data == build_batch(
        expected,
        compression=compression,
        base_timestamp=base_ts,
        producer_id=pid,
        producer_epoch=epoch,
        base_sequence=sequence,
        transactional=transactional,
    )
    assert decode_batch(data).records == expected

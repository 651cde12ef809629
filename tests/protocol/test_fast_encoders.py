"""The commit path's direct encoders give the same bytes as the declared schemas."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from protocol import group_records as gr
from protocol.group_records import OFFSET_COMMIT_KEY, OFFSET_COMMIT_VALUE, _with_version
from protocol.records import Record, build_batch, build_kv_batch, decode_batch

maybe_bytes = st.one_of(st.none(), st.binary(max_size=300))


@given(st.lists(st.tuples(maybe_bytes, maybe_bytes), max_size=20), st.integers(0, 1 << 50))
def test_build_kv_batch_is_build_batch(records: list[tuple[bytes | None, bytes | None]], ts: int) -> None:
    expected = build_batch(
        [Record(offset_delta=i, key=k, value=v) for i, (k, v) in enumerate(records)], base_timestamp=ts
    )
    data = bytes(build_kv_batch(records, ts))
    assert data == expected
    assert [(r.key, r.value) for r in decode_batch(data).records] == records


@given(
    st.text(max_size=40),
    st.text(max_size=40),
    st.integers(-(1 << 31), (1 << 31) - 1),
    st.sampled_from([0, 1]),
)
def test_offset_commit_key(group: str, topic: str, partition: int, version: int) -> None:
    expected = _with_version(
        OFFSET_COMMIT_KEY, {"group": group, "topic": topic, "partition": partition}, version
    )
    assert gr.encode_offset_commit_key(group, topic, partition, version) == expected


@given(
    st.integers(-1, (1 << 63) - 1),
    st.one_of(st.none(), st.integers(0, (1 << 31) - 1)),
    st.one_of(st.none(), st.text(max_size=50)),
    st.integers(0, 1 << 50),
    st.one_of(st.none(), st.integers(0, 1 << 50)),
    st.sampled_from([None, 1, 3]),
)
def test_offset_commit_value(
    offset: int, epoch: int | None, metadata: str | None, ts: int, expire: int | None, version: int | None
) -> None:
    v = version if version is not None else (1 if expire is not None else 3)
    expected = _with_version(
        OFFSET_COMMIT_VALUE,
        {
            "offset": offset,
            "leader_epoch": -1 if epoch is None else epoch,
            "metadata": metadata or "",
            "commit_timestamp": ts,
            "expire_timestamp": -1 if expire is None else expire,
        },
        v,
    )
    assert gr.encode_offset_commit_value(offset, epoch, metadata, ts, expire, version) == expected

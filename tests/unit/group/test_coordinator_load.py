"""A coordinator's load keeps only the newest record per key and replays the survivors in the
order of their last occurrence; whatever the chunking, it ends where replaying every record
in log order ends (hypothesis)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from broker.group.config import GroupConfig
from broker.group.records import (
    GroupRecord,
    OffsetAndMetadata,
    OffsetRecord,
    RawRecord,
    Record,
    decode_record,
    encode_record,
)
from broker.group.runtime import CoordinatorRuntime
from broker.group.shard import GroupCoordinatorShard
from protocol.group_records import GroupMetadataValue

GROUPS, TOPICS = ["g0", "g1", "g2"], ["a", "b"]


class ChunkedLog:
    """An OffsetsLog whose read hands the records over in the chunk sizes given."""

    def __init__(self, raw: list[RawRecord], cuts: list[int]):
        self.raw, self.cuts = raw, cuts

    async def append(self, partition: int, records: Sequence[RawRecord]) -> None:
        raise AssertionError("a load writes nothing")

    async def read(self, partition: int) -> AsyncIterator[Sequence[RawRecord]]:
        at = 0
        for cut in sorted(set(self.cuts)):
            if at < cut <= len(self.raw):
                yield self.raw[at:cut]
                at = cut
        yield self.raw[at:]


def records() -> st.SearchStrategy[Record]:
    offset = st.builds(
        OffsetRecord,
        st.sampled_from(GROUPS),
        st.sampled_from(TOPICS),
        st.integers(0, 2),
        st.one_of(
            st.none(),
            st.builds(
                OffsetAndMetadata, st.integers(0, 10**6), st.none(), st.just(""), st.just(1_700_000_000_000)
            ),
        ),
    )
    group = st.builds(
        GroupRecord,
        st.sampled_from(GROUPS),
        st.one_of(
            st.none(),
            st.builds(
                GroupMetadataValue,
                st.just("consumer"),
                st.integers(1, 5),
                st.just("range"),
                st.just(None),
                st.just(1_700_000_000_000),
                st.just([]),
            ),
        ),
    )
    return st.one_of(offset, offset, group)


def state(shard: GroupCoordinatorShard) -> tuple[dict, list[tuple[str, int]]]:
    """Committed offsets, and the groups with their generations but for empty simple groups whose
    offsets a tombstone removed (replaying everything leaves them in memory; a compacted log
    does not hold them)."""
    store = shard.offsets.store
    offsets = {g: store.group_offsets(g) for g in sorted(store.groups()) if store.has_offsets(g)}
    groups = sorted(
        (name, g.generation_id)
        for name, g in shard.groups.items()
        if store.has_offsets(name) or g.generation_id > 0
    )
    return offsets, groups


@settings(max_examples=150, deadline=None)
@given(st.lists(records(), max_size=60), st.lists(st.integers(0, 60), max_size=6))
def test_load_ends_where_replaying_every_record_ends(written: list[Record], cuts: list[int]) -> None:
    for i, r in enumerate(written):  # a group's generations only grow along its log
        if isinstance(r, GroupRecord) and r.value is not None:
            r.value.generation = i + 1
    raw = [encode_record(r) for r in written]
    expected = GroupCoordinatorShard(0, GroupConfig())
    for k, v in raw:
        record = decode_record(k, v)
        if record is not None:
            expected.replay(record)

    runtime = CoordinatorRuntime(GroupCoordinatorShard(0, GroupConfig()), ChunkedLog(raw, cuts))  # type: ignore[arg-type]

    async def load() -> tuple[dict, list[tuple[str, int]]]:  # (before stop, which unloads the shard)
        await runtime.load()
        try:
            return state(runtime.shard)
        finally:
            await runtime.stop()

    assert asyncio.run(load()) == state(expected)

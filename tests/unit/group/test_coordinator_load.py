"""A coordinator's load keeps only the newest record per key and replays the survivors in the
order of their last occurrence; whatever the chunking, it ends where replaying every record
in log order ends (hypothesis), with transactional records and markers among them too."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from broker.group.config import GroupConfig
from broker.group.partition_log import Chunk, TransactionalBatch
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


def records(groups: list[str] = GROUPS, partitions: int = 3) -> st.SearchStrategy[Record]:
    offset = st.builds(
        OffsetRecord,
        st.sampled_from(groups),
        st.sampled_from(TOPICS),
        st.integers(0, partitions - 1),
        st.one_of(
            st.none(),
            st.builds(
                OffsetAndMetadata, st.integers(0, 10**6), st.none(), st.just(""), st.just(1_700_000_000_000)
            ),
        ),
    )
    group = st.builds(
        GroupRecord,
        st.sampled_from(groups),
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


class TransactionalLog:
    """An OffsetsLog whose read hands over plain chunks, transactional batches and markers."""

    def __init__(self, chunks: list[Chunk]):
        self.chunks = chunks

    async def read(self, partition: int) -> AsyncIterator[Chunk]:
        for chunk in self.chunks:
            yield chunk


def steps() -> st.SearchStrategy[tuple[str, int, Record | bool]]:
    """("plain", _, record), ("txn", producer, offset record) or ("marker", producer, commit)."""
    few = records(GROUPS[:2], partitions=1)  # few keys: transactions and plain records meet
    offset_commit = few.filter(lambda r: isinstance(r, OffsetRecord) and r.value is not None)
    txn = st.tuples(st.just("txn"), st.integers(1, 2), offset_commit)
    return st.one_of(
        st.tuples(st.just("plain"), st.just(-1), few),
        txn,
        txn,
        st.tuples(st.just("marker"), st.integers(1, 2), st.booleans()),
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(steps(), min_size=3, max_size=40))
def test_load_with_transactions_ends_where_replaying_every_record_ends(
    written: list[tuple[str, int, Record | bool]],
) -> None:
    """Transactional records and markers among plain ones: the load (newest plain record per
    key, every transactional record and marker in its place) ends where replaying everything in
    log order ends, pending offsets included."""
    for i, (_, _, r) in enumerate(written):
        if isinstance(r, GroupRecord) and r.value is not None:
            r.value.generation = i + 1
    expected = GroupCoordinatorShard(0, GroupConfig())
    chunks: list[Chunk] = []
    plain: list[RawRecord] = []
    for kind, producer, item in written:
        if kind == "plain":
            assert not isinstance(item, bool)
            expected.replay(item)
            plain.append(encode_record(item))
            continue
        if plain:
            chunks.append(plain)
            plain = []
        if isinstance(item, bool):
            expected.replay_end_transaction(producer, item)
            chunks.append(TransactionalBatch(producer, (), item))
        else:
            expected.replay(item, producer)
            chunks.append(TransactionalBatch(producer, [encode_record(item)]))
    chunks.append(plain)
    runtime = CoordinatorRuntime(GroupCoordinatorShard(0, GroupConfig()), TransactionalLog(chunks))  # type: ignore[arg-type]

    def pending(shard: GroupCoordinatorShard) -> dict[str, set[tuple[str, int]]]:
        return {g: shard.pending_partitions(g) for g in GROUPS}

    async def load() -> tuple[object, ...]:
        await runtime.load()
        try:
            return state(runtime.shard), pending(runtime.shard)
        finally:
            await runtime.stop()

    assert asyncio.run(load()) == (state(expected), pending(expected))

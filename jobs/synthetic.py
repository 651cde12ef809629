"""Kafka-layout logs written directly, for tests and benchmarks: a partition directory of
segments (`<base offset>.log`, `.index`, `.timeindex`) holding record batches built with the
project's encoders (protocol/records.py, protocol/group_records.py), as the broker writes them.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from protocol import consumer_protocol as cp
from protocol import group_records as gr
from protocol.compression import Compression
from protocol.log_files import INDEX_SUFFIX, LOG_SUFFIX, OFFSET_ENTRY, TIME_ENTRY, TIMEINDEX_SUFFIX, file_name
from protocol.records import Record, build_batch


def segment_name(base_offset: int, suffix: str = LOG_SUFFIX) -> str:
    return file_name(base_offset, suffix)


class PartitionWriter:
    """Appends batches to `<log_dir>/<topic>-<partition>/`, rolling segments at `segment_bytes`
    and adding an offset index entry every `index_interval` bytes, as Kafka does."""

    def __init__(
        self,
        log_dir: str | Path,
        topic: str,
        partition: int,
        *,
        segment_bytes: int = 100 << 20,
        index_interval: int = 4096,
    ):
        self.dir = Path(log_dir) / f"{topic}-{partition}"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.segment_bytes = segment_bytes
        self.index_interval = index_interval
        self.next_offset = 0
        self._files: tuple[BinaryIO, BinaryIO, BinaryIO] | None = None  # .log, .index, .timeindex
        self._roll(0)

    def _roll(self, base: int) -> None:
        self.close()
        self.base = base
        # closed in close()
        log_file = open(self.dir / segment_name(base), "ab")  # noqa: SIM115
        index_file = open(self.dir / segment_name(base, INDEX_SUFFIX), "ab")  # noqa: SIM115
        time_file = open(self.dir / segment_name(base, TIMEINDEX_SUFFIX), "ab")  # noqa: SIM115
        self._files = (log_file, index_file, time_file)
        self._size = 0
        self._since_index = 0
        self._max_ts = -1

    def append(
        self,
        records: Sequence[tuple[bytes | None, bytes | None]],
        timestamp_ms: int,
        *,
        timestamp_deltas: Sequence[int] | None = None,
        compression: Compression | int = Compression.NONE,
    ) -> int:
        """One batch of (key, value) records at the log end; returns its base offset."""
        if self._size and self._size >= self.segment_bytes:
            self._roll(self.next_offset)
        base = self.next_offset
        recs = [
            Record(
                offset_delta=i, timestamp_delta=timestamp_deltas[i] if timestamp_deltas else 0, key=k, value=v
            )
            for i, (k, v) in enumerate(records)
        ]
        data = build_batch(recs, base_offset=base, compression=compression, base_timestamp=timestamp_ms)
        position = self._size
        assert self._files is not None, "closed"
        log_file, index_file, timeindex_file = self._files
        log_file.write(data)
        self._size += len(data)
        self.next_offset += len(recs)
        last = self.next_offset - 1
        self._since_index += len(data)
        if self._since_index > self.index_interval:
            index_file.write(OFFSET_ENTRY.pack(last - self.base, position))
            self._since_index = 0
        max_ts = timestamp_ms + max(timestamp_deltas or [0])
        if max_ts > self._max_ts:
            timeindex_file.write(TIME_ENTRY.pack(max_ts, last - self.base))
            self._max_ts = max_ts
        return base

    def roll(self) -> None:
        """Start a new segment at the log end."""
        self._roll(self.next_offset)

    def flush(self) -> None:
        """Make what was appended visible to readers of the files (a live log, for tests)."""
        if self._files is not None:
            for f in self._files:
                f.flush()

    def close(self) -> None:
        if self._files is not None:
            for f in self._files:
                f.close()
            self._files = None

    def __enter__(self) -> PartitionWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def offset_commit(
    group: str,
    topic: str,
    partition: int,
    offset: int,
    commit_ms: int,
    *,
    leader_epoch: int | None = None,
    metadata: str = "",
    expire_ms: int | None = None,
) -> tuple[bytes, bytes]:
    return (
        gr.encode_offset_commit_key(group, topic, partition),
        gr.encode_offset_commit_value(offset, leader_epoch, metadata, commit_ms, expire_ms),
    )


def offset_tombstone(group: str, topic: str, partition: int) -> tuple[bytes, None]:
    return gr.encode_offset_commit_key(group, topic, partition), None


def group_metadata(
    group: str,
    generation: int,
    members: Iterable[tuple[str, list[str], list[tuple[str, int]]]],
    state_ms: int,
    *,
    protocol: str | None = "range",
    leader: str | None = None,
    client_id: str = "client",
    host: str = "/127.0.0.1",
) -> tuple[bytes, bytes]:
    """A consumer group's metadata: members as (member id, subscribed topics, assigned (topic,
    partition)s); the leader defaults to the first member. No members: an empty group."""
    metas = []
    for member_id, topics, assigned in members:
        by_topic: dict[str, list[int]] = {}
        for t, p in assigned:
            by_topic.setdefault(t, []).append(p)
        metas.append(
            gr.MemberMetadata(
                member_id,
                None,
                client_id,
                host,
                60_000,
                10_000,
                cp.encode_subscription(cp.Subscription(topics)),
                cp.encode_assignment(
                    cp.Assignment([cp.TopicPartitions(t, ps) for t, ps in by_topic.items()])
                ),
            )
        )
    if not metas:
        protocol = None
    if leader is None and metas:
        leader = metas[0].member_id
    return (
        gr.encode_group_metadata_key(group),
        gr.encode_group_metadata_value("consumer", generation, protocol, leader, metas, state_ms),
    )


def group_tombstone(group: str) -> tuple[bytes, None]:
    return gr.encode_group_metadata_key(group), None


def write_data_topic(
    log_dir: str | Path,
    topic: str,
    partition: int,
    records: int,
    *,
    batch: int = 100,
    timestamp_ms: int = 1_700_000_000_000,
) -> int:
    """A data topic partition holding `records` small records; returns its log end offset."""
    with PartitionWriter(log_dir, topic, partition) as w:
        left = records
        while left > 0:
            n = min(batch, left)
            w.append([(None, b"v%d" % i) for i in range(n)], timestamp_ms)
            left -= n
        return w.next_offset


@dataclass
class CommitWorkload:
    """What `write_commit_workload` wrote."""

    records: int
    bytes: int
    groups: int
    log_partitions: int


def write_commit_workload(
    log_dir: str | Path,
    *,
    records: int,
    log_partitions: int = 10,
    groups: int = 100,
    topics: int = 10,
    partitions: int = 8,
    batch: int = 50,
    rebalance_every: int = 20_000,
    start_ms: int = 1_700_000_000_000,
    segment_bytes: int = 100 << 20,
    seed: int = 1,
) -> CommitWorkload:
    """Offset commits (and, every `rebalance_every` records, a group metadata record) spread
    over `log_partitions` partitions of __consumer_offsets, about one batch per commit."""
    rng = random.Random(seed)
    group_names = [f"group-{g:04d}" for g in range(groups)]
    writers = [
        PartitionWriter(log_dir, "__consumer_offsets", p, segment_bytes=segment_bytes)
        for p in range(log_partitions)
    ]
    positions: dict[tuple[str, str, int], int] = {}
    generations = dict.fromkeys(group_names, 0)
    written = 0
    now = start_ms
    since_rebalance = 0
    try:
        while written < records:
            g = rng.randrange(groups)
            group = group_names[g]
            w = writers[g % log_partitions]
            topic = f"topic-{g % topics}"
            n = min(batch, records - written)
            recs = []
            for i in range(n):
                p = i % partitions
                key = (group, topic, p)
                positions[key] = positions.get(key, 0) + rng.randrange(1, 100)
                recs.append(offset_commit(group, topic, p, positions[key], now))
            w.append(recs, now)
            written += n
            since_rebalance += n
            now += rng.randrange(1, 20)
            if since_rebalance >= rebalance_every:
                since_rebalance = 0
                generations[group] += 1
                members = [
                    (f"{group}-m{m}", [topic], [(topic, p) for p in range(m, partitions, 2)])
                    for m in range(2)
                ]
                w.append([group_metadata(group, generations[group], members, now - 30)], now)
    finally:
        for w in writers:
            w.close()
    size = sum(
        os.path.getsize(os.path.join(d, f))
        for d, _, fs in os.walk(log_dir)
        for f in fs
        if f.endswith(LOG_SUFFIX)
    )
    return CommitWorkload(written, size, groups, log_partitions)

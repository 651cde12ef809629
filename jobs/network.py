"""Reading `__consumer_offsets` and log ends through the Kafka protocol, with our own client, for
Spark clusters whose executors cannot see the brokers' log dirs (`.option("bootstrap", ...)`).

The same undecoded record batches a segment file holds come back in Fetch answers (Kafka
serves the log's bytes as they are), so they go through the same decoder (jobs/columnar.py) as
the files': the same rows either way. Each input partition fetches its offsets partition from
that partition's leader, from `start` to `end` (the high watermark when planned: what is
replicated, as a consumer sees it). Log ends are ListOffsets' answers (earliest, latest).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass

from client.admin import AsyncAdmin
from client.metadata import ZERO_UUID
from client.structs import OffsetSpec, TopicPartition
from client.versions import TOPIC_ID_VERSIONS
from jobs.segments import RawBatch, ReadStats
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.records import CorruptRecordError, iter_batches

FETCH_MAX_BYTES = 8 << 20
CHUNK_BYTES = 64 << 20  # fetched before they are decoded


@dataclass(frozen=True, slots=True)
class PartitionEnds:
    topic: str
    partition: int
    log_start_offset: int
    log_end_offset: int


async def _ends(bootstrap: str, topic: str | None) -> list[PartitionEnds]:
    async with AsyncAdmin(bootstrap, client_id="kbroker-jobs") as admin:
        topics = await admin.list_topics(internal=True)
        tps = [
            TopicPartition(t, p) for t, n in topics.items() if topic is None or t == topic for p in range(n)
        ]
        if not tps:
            return []
        first = await admin.list_offsets({tp: OffsetSpec.EARLIEST for tp in tps})
        last = await admin.list_offsets({tp: OffsetSpec.LATEST for tp in tps})
    return [PartitionEnds(tp.topic, tp.partition, first[tp][0], last[tp][0]) for tp in sorted(tps)]


def log_ends(bootstrap: str, topic: str | None = None) -> list[PartitionEnds]:
    """Every topic partition's (of `topic` only, if given) log start and end offsets."""
    return asyncio.run(_ends(bootstrap, topic))


async def _fetch(
    bootstrap: str,
    topic: str,
    partition: int,
    start: int,
    end: int,
    out: list[RawBatch],
    stats: ReadStats,
    budget: int,
) -> int:
    """Appends batches to `out` until `end` or about `budget` bytes; the offset to go on from."""
    tp = TopicPartition(topic, partition)
    source = f"{bootstrap} {topic}-{partition}"
    async with AsyncAdmin(bootstrap, client_id="kbroker-jobs") as admin:
        client = admin.client
        client.add_topics([topic])
        await client.refresh_metadata([topic])
        offset = start
        fetched = 0
        while offset < end and fetched < budget:
            await client.wait_for(
                lambda: client.cluster.leader_for(tp) >= 0, admin.timeout, f"the leader of {tp}"
            )
            topic_id = client.cluster.topic_id(topic)
            max_version = None if topic_id != ZERO_UUID else TOPIC_ID_VERSIONS[ApiKey.FETCH] - 1
            body = {
                "replica_id": -1,
                "max_wait_ms": 0,
                "min_bytes": 1,
                "max_bytes": FETCH_MAX_BYTES,
                "isolation_level": 0,
                "session_id": 0,
                "session_epoch": -1,
                "topics": [
                    {
                        "topic": topic,
                        "topic_id": topic_id,
                        "partitions": [
                            {
                                "partition": partition,
                                "current_leader_epoch": -1,
                                "fetch_offset": offset,
                                "last_fetched_epoch": -1,
                                "log_start_offset": -1,
                                "partition_max_bytes": FETCH_MAX_BYTES,
                            }
                        ],
                    }
                ],
                "forgotten_topics_data": [],
                "rack_id": "",
            }
            leader = client.cluster.leader_for(tp)
            _version, r = await client.send_versioned(leader, ApiKey.FETCH, body, max_version=max_version)
            p = r.responses[0].partitions[0]
            if p.error_code == ErrorCode.OFFSET_OUT_OF_RANGE and offset < p.log_start_offset:
                offset = p.log_start_offset  # below the log start: deleted, nothing to read there
                continue
            if p.error_code in (
                ErrorCode.NOT_LEADER_OR_FOLLOWER,
                ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
                ErrorCode.LEADER_NOT_AVAILABLE,
                ErrorCode.FENCED_LEADER_EPOCH,
            ):
                await client.refresh_metadata([topic])
                continue
            if p.error_code:
                raise OSError(f"Fetch {tp} at {offset}: {ErrorCode(p.error_code).name}")
            data = bytes(p.records or b"")
            fetched += len(data)
            stats.replica = leader
            view = memoryview(data)
            before = offset
            try:
                for at, h in iter_batches(view, check_crc=True):
                    if h.base_offset >= end:
                        break
                    if h.base_offset + h.last_offset_delta >= offset:
                        if not h.is_control:
                            out.append(RawBatch(view, at, h, offset, end, source))
                            stats.batches += 1
                        offset = h.base_offset + h.last_offset_delta + 1
            except CorruptRecordError as e:
                raise OSError(f"Fetch {tp} at {offset}: {e}") from e
            if offset == before:
                if p.high_watermark <= offset:
                    return end  # nothing more below the high watermark (end was planned higher: a truncation)
                raise OSError(f"Fetch {tp} at {offset}: no complete batch in {FETCH_MAX_BYTES} bytes")
        return offset


def fetch_batches(
    bootstrap: str, topic: str, partition: int, start: int, end: int, stats: ReadStats | None = None
) -> Iterator[RawBatch]:
    """The undecoded batches holding offsets [start, end) of the partition, fetched from its leader
    (about `CHUNK_BYTES` at a time)."""
    stats = stats if stats is not None else ReadStats()
    offset = start
    while offset < end:
        out: list[RawBatch] = []
        offset = asyncio.run(_fetch(bootstrap, topic, partition, offset, end, out, stats, CHUNK_BYTES))
        yield from out

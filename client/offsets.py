"""OffsetCommit, OffsetFetch and ListOffsets bodies and answers, for every version (pure).

Request bodies are dicts carrying the fields of every version at once (the encoder writes those
the version has); answers are read according to the version they came in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from client.structs import OffsetAndMetadata, TopicPartition


def by_topic(tps: Iterable[TopicPartition]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for tp in sorted(tps):
        out.setdefault(tp.topic, []).append(tp.partition)
    return out


def offset_commit_body(
    group_id: str,
    offsets: Mapping[TopicPartition, OffsetAndMetadata],
    *,
    generation_id: int = -1,
    member_id: str = "",
    group_instance_id: str | None = None,
) -> dict[str, Any]:
    topics: dict[str, list[dict[str, Any]]] = {}
    for tp, om in sorted(offsets.items()):
        topics.setdefault(tp.topic, []).append(
            {
                "partition_index": tp.partition,
                "committed_offset": om.offset,
                "committed_leader_epoch": om.leader_epoch,
                "commit_timestamp": -1,
                "committed_metadata": om.metadata,
            }
        )
    return {
        "group_id": group_id,
        "generation_id_or_member_epoch": generation_id,
        "member_id": member_id,
        "group_instance_id": group_instance_id,
        "retention_time_ms": -1,
        "topics": [{"name": t, "partitions": ps} for t, ps in topics.items()],
    }


def offset_commit_errors(response: Any) -> dict[TopicPartition, int]:
    """The error code of each partition of an OffsetCommit answer (0 when committed)."""
    return {
        TopicPartition(t.name, p.partition_index): p.error_code for t in response.topics for p in t.partitions
    }


def offset_fetch_body(group_id: str, partitions: Iterable[TopicPartition] | None) -> dict[str, Any]:
    """OffsetFetch for these partitions (None: all the group has offsets for; v2+)."""
    topics = (
        None
        if partitions is None
        else [{"name": t, "partition_indexes": ps} for t, ps in by_topic(partitions).items()]
    )
    return {
        "group_id": group_id,
        "topics": topics,
        "groups": [{"group_id": group_id, "member_id": None, "member_epoch": -1, "topics": topics}],
        "require_stable": False,
    }


def offset_fetch_result(
    response: Any,
    version: int,
    group_id: str,
) -> tuple[int, dict[TopicPartition, tuple[OffsetAndMetadata | None, int]]]:
    """(group error code, {partition: (committed offset or None, partition error code)})."""
    if version >= 8:
        group = next((g for g in response.groups if g.group_id == group_id), None)
        if group is None:
            return 0, {}
        error, topics = group.error_code, group.topics
    else:
        error, topics = response.error_code, response.topics
    out: dict[TopicPartition, tuple[OffsetAndMetadata | None, int]] = {}
    for t in topics:
        for p in t.partitions:
            committed = (
                None
                if p.committed_offset < 0
                else OffsetAndMetadata(p.committed_offset, p.metadata or "", p.committed_leader_epoch)
            )
            out[TopicPartition(t.name, p.partition_index)] = (committed, p.error_code)
    return error, out


def list_offsets_body(
    timestamps: Mapping[TopicPartition, int], *, isolation_level: int = 0, timeout_ms: int = 30_000
) -> dict[str, Any]:
    topics: dict[str, list[dict[str, Any]]] = {}
    for tp, ts in sorted(timestamps.items()):
        topics.setdefault(tp.topic, []).append(
            {
                "partition_index": tp.partition,
                "current_leader_epoch": -1,
                "timestamp": ts,
                "max_num_offsets": 1,
            }
        )
    return {
        "replica_id": -1,
        "isolation_level": isolation_level,
        "topics": [{"name": t, "partitions": ps} for t, ps in topics.items()],
        "timeout_ms": timeout_ms,
    }


def list_offsets_result(response: Any) -> dict[TopicPartition, tuple[int, int, int]]:
    """{partition: (error code, offset, timestamp)}; offset -1 when there is none."""
    out = {}
    for t in response.topics:
        for p in t.partitions:
            offset = p.offset
            if p.old_style_offsets:
                offset = p.old_style_offsets[0]
            out[TopicPartition(t.name, p.partition_index)] = (p.error_code, offset, p.timestamp)
    return out

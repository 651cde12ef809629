"""The share-partition events (broker/share/watch.py) built from the pure SharePartition's
transitions: acquired, acknowledged, redelivered with its count, lock expired, archived."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from broker.group.watch import GroupWatch
from broker.share import watch as share_watch
from broker.share.partition import (
    AcknowledgementBatch,
    AcknowledgeType,
    FetchedBatch,
    SharePartition,
    SharePartitionConfig,
)
from broker.share.persister import PartitionKey


@dataclass
class Entry:
    key: PartitionKey
    topic: str
    share: SharePartition


def _setup(limit: int = 5) -> tuple[GroupWatch, Entry, list[dict[str, Any]]]:
    watch, seen = GroupWatch(), list[dict[str, Any]]()
    watch.subscribe(seen.append)
    share = SharePartition(0, SharePartitionConfig(lock_duration_ms=1000, delivery_count_limit=limit))
    return watch, Entry(PartitionKey("g", b"\0" * 16, 3), "t", share), seen


def test_release_then_redelivery_with_its_delivery_count() -> None:
    watch, entry, seen = _setup()
    got, _ = entry.share.acquire("m1", [FetchedBatch(0, 2)], 10, now_ms=0)
    share_watch.acquired(watch, entry, "m1", got)
    acks = [AcknowledgementBatch(0, 1, (AcknowledgeType.ACCEPT,)), AcknowledgementBatch(2, 2, (2,))]
    _, update = entry.share.acknowledge("m1", acks, now_ms=1)
    share_watch.acknowledged(watch, entry, "m1", acks, update)
    entry.share.settle(update)  # the release is durable: the record may be acquired again
    got, _ = entry.share.acquire("m2", [FetchedBatch(2, 2)], 10, now_ms=2)
    share_watch.acquired(watch, entry, "m2", got)
    assert [e["kind"] for e in seen] == [
        "share-acquired",
        "share-acknowledged",
        "share-acquired",
        "share-redelivered",
    ]
    first, ack, _, again = seen
    assert (first["group"], first["topic"], first["partition"], first["member"]) == ("g", "t", 3, "m1")
    assert first["records"] == [[0, 2, 1]]
    assert (first["in_flight"], first["locked"]) == (3, 3)
    assert ack["acks"] == [[0, 1, "ACCEPT"], [2, 2, "RELEASE"]]
    assert (ack["start_offset"], ack["end_offset"], ack["in_flight"], ack["locked"]) == (2, 3, 1, 0)
    assert (again["member"], again["records"], again["delivery_count"]) == ("m2", [[2, 2]], 2)


def test_expired_lock_at_the_limit_is_archived() -> None:
    watch, entry, seen = _setup(limit=1)
    entry.share.acquire("m1", [FetchedBatch(0, 1)], 10, now_ms=0)
    update = entry.share.expire(now_ms=5000)
    share_watch.expired(watch, entry, update)
    assert [e["kind"] for e in seen] == ["share-lock-expired", "share-archived"]
    assert seen[0]["records"] == [[0, 1]] and "member" not in seen[0]
    assert seen[1]["records"] == [[0, 1]] and seen[1]["in_flight"] == 0


def test_a_closed_session_releases_its_locks() -> None:
    watch, entry, seen = _setup()
    entry.share.acquire("m1", [FetchedBatch(0, 0), FetchedBatch(4, 4)], 10, now_ms=0)
    share_watch.released(watch, entry, "m1", entry.share.release_member("m1"))
    assert [(e["kind"], e["member"], e["records"]) for e in seen] == [
        ("share-released", "m1", [[0, 0], [4, 4]])
    ]

"""Offset retention (KIP-211), as Kafka's GroupMetadata.removeExpiredOffsets and
GroupMetadataManager.cleanupGroupMetadata decide it.

Every `offsets.retention.check.interval.ms` a shard expires, per group:
- an Empty group (one that has a protocol type, i.e. used group management): all its offsets,
  once `offsets.retention.minutes` have passed since the group became Empty (its state
  timestamp; the commit timestamp if it has none);
- a Stable consumer group that knows its members' subscriptions: the offsets of topics no member
  subscribes to, once the retention has passed since their commit;
- a simple group (offsets only, no protocol type): each offset once the retention has passed
  since its commit;
- any other group (rebalancing, or a non-consumer protocol with members): nothing.
An offset committed with an explicit retention (OffsetCommit v2-v4, stored as an expire
timestamp) expires at that timestamp instead. Offsets with a commit in flight never expire.
Expired offsets get tombstones in the log; a group left Empty without offsets is removed (Dead)
and, if it ever had group metadata written (generation > 0, as Kafka checks), gets a group
tombstone in the same write.

`expired_offsets` is the pure rule; `expire_offsets` applies it to a shard (records out through
the shard's `_append`); `schedule_offset_expiry` arms the periodic check on the shard's timers.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING

from broker import logs
from broker.group.state import ClassicGroup, GroupState
from broker.offsets import GroupRecord, OffsetAndMetadata, OffsetRecord, Record
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from broker.group.coordinator import GroupCoordinator

log = logs.get("kbroker.group")

EXPIRY_KEY: Hashable = ("offsets-expiry",)


def expired_offsets(group: ClassicGroup, offsets: Mapping[str, Mapping[int, OffsetAndMetadata]], now_ms: int,
                    retention_ms: int) -> list[tuple[str, int]]:
    """The (topic, partition)s of `group` whose committed offsets have expired at `now_ms`."""
    if group.protocol_type is not None and group.is_in(GroupState.EMPTY):
        state_ts = group.state_timestamp_ms if group.state_timestamp_ms >= 0 else None
        return _expired(offsets, now_ms, retention_ms, lambda oam: oam.commit_timestamp_ms if state_ts is None
                        else state_ts, set())
    if group.protocol_type is None:
        if group.members:
            return []
        return _expired(offsets, now_ms, retention_ms, lambda oam: oam.commit_timestamp_ms, set())
    if group.uses_consumer_protocol() and group.is_in(GroupState.STABLE):
        subscribed = group.subscribed_topics()
        if subscribed is None:
            return []
        return _expired(offsets, now_ms, retention_ms, lambda oam: oam.commit_timestamp_ms, subscribed)
    return []


def _expired(offsets: Mapping[str, Mapping[int, OffsetAndMetadata]], now_ms: int, retention_ms: int,
             base, subscribed: set[str]) -> list[tuple[str, int]]:
    out = []
    for topic, partitions in offsets.items():
        if topic in subscribed:
            continue
        for partition, oam in partitions.items():
            if oam.expire_timestamp_ms is not None:
                if now_ms >= oam.expire_timestamp_ms:
                    out.append((topic, partition))
            elif now_ms - base(oam) >= retention_ms:
                out.append((topic, partition))
    return sorted(out)


def expire_offsets(core: GroupCoordinator, retention_ms: int) -> tuple[int, int]:
    """One retention pass over a shard: writes the tombstones; returns (offsets expired, groups
    removed)."""
    now = core.clock.wall_ms()
    records: list[Record] = []
    expired_offsets_count = 0
    removed: list[str] = []
    for group_id, group in list(core.groups.items()):
        if group.is_in(GroupState.DEAD) or core.offsets.has_inflight(group_id):
            continue
        offsets = core.offsets.group_offsets(group_id)
        expired = expired_offsets(group, offsets, now, retention_ms)
        records.extend(OffsetRecord(group_id, t, p, None) for t, p in expired)
        expired_offsets_count += len(expired)
        remaining = sum(len(parts) for parts in offsets.values()) - len(expired)
        if group.is_in(GroupState.EMPTY) and not group.members and remaining == 0 and not group.pending_members:
            core._transition(group, GroupState.DEAD, "offsets expired")
            del core.groups[group_id]
            if group.generation_id > 0:  # as Kafka: a group that never had metadata written gets none
                records.append(GroupRecord(group_id, None))
            removed.append(group_id)
    if not records:
        if removed:
            log.info("remove groups", partition=core.partition, groups=removed, reason="empty, no offsets")
        return 0, len(removed)
    offset_tombstones = [r for r in records if isinstance(r, OffsetRecord)]

    def stored(error: ErrorCode) -> None:
        if error != ErrorCode.NONE:
            log.warning("fail to expire offsets", partition=core.partition, error=error.name)
            return
        for record in offset_tombstones:
            core.offsets.apply(record)
        log.info("expire offsets", partition=core.partition, offsets=len(offset_tombstones), groups_removed=removed)

    core._append(records, stored)
    return expired_offsets_count, len(removed)


def schedule_offset_expiry(core: GroupCoordinator) -> None:
    """Arm the periodic retention check on the shard's timers (re-armed by each pass)."""
    interval = core.config.offsets_retention_check_interval_ms
    retention = core.config.offsets_retention_ms

    def tick() -> None:
        try:
            expire_offsets(core, retention)
        finally:
            core._schedule(EXPIRY_KEY, interval, tick)

    core._schedule(EXPIRY_KEY, interval, tick)

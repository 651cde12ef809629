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
- any other group (rebalancing, or a non-consumer protocol with members): nothing;
- a KIP-848 consumer group (`expired_consumer_group_offsets`): the offsets of topics its members
  do not subscribe to (by name or resolved regex) once the retention has passed since their
  commit (Kafka 4's ConsumerGroup.offsetExpirationCondition) and, while the group is Empty, also
  since it became Empty: the KIP-211 rule classic groups have, which Kafka 4 does not apply to
  consumer groups (an idle partition's old commit would expire as soon as the group empties). An
  Empty consumer group left without offsets gets its group tombstones, as Kafka's.
An offset committed with an explicit retention (OffsetCommit v2-v4, stored as an expire
timestamp) expires at that timestamp instead. Offsets with a commit in flight never expire.
Expired offsets get tombstones in the log; a group left Empty without offsets is removed (Dead)
and, if it ever had group metadata written (generation > 0, as Kafka checks), gets a group
tombstone in the same write.

`expired_offsets` is the pure rule. The shard (shard.py, `_expire_offsets`) runs the periodic
check: it writes the tombstones and changes nothing until they are written (replaying them removes
the offsets and the tombstoned groups); a failed write leaves everything for the next check.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from broker.group.classic.group import ClassicGroup, GroupState
from broker.group.records import OffsetAndMetadata


def expired_offsets(
    group: ClassicGroup,
    offsets: Mapping[str, Mapping[int, OffsetAndMetadata]],
    now_ms: int,
    retention_ms: int,
) -> list[tuple[str, int]]:
    """The (topic, partition)s of `group` whose committed offsets have expired at `now_ms`."""
    if group.protocol_type is not None and group.is_in(GroupState.EMPTY):
        state_ts = group.state_timestamp_ms if group.state_timestamp_ms >= 0 else None
        return _expired(
            offsets,
            now_ms,
            retention_ms,
            lambda oam: oam.commit_timestamp_ms if state_ts is None else state_ts,
            set(),
        )
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


def _expired(
    offsets: Mapping[str, Mapping[int, OffsetAndMetadata]],
    now_ms: int,
    retention_ms: int,
    base: Callable[[OffsetAndMetadata], int],
    subscribed: set[str],
) -> list[tuple[str, int]]:
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


def expired_consumer_group_offsets(
    offsets: Mapping[str, Mapping[int, OffsetAndMetadata]],
    now_ms: int,
    retention_ms: int,
    subscribed: set[str],
    empty_since_ms: int | None,
) -> list[tuple[str, int]]:
    """A KIP-848 consumer group's expired offsets (`empty_since_ms`: None while it has members)."""

    def base(oam: OffsetAndMetadata) -> int:
        if empty_since_ms is None:
            return oam.commit_timestamp_ms
        return max(oam.commit_timestamp_ms, empty_since_ms)

    return _expired(offsets, now_ms, retention_ms, base, subscribed)


def is_removable(group: ClassicGroup) -> bool:
    """Kafka's `group.isEmpty` for cleanup: Empty, nobody in it nor about to join. Such a group
    with no offsets left is removed (Dead)."""
    return group.is_in(GroupState.EMPTY) and not group.members and not group.pending_members

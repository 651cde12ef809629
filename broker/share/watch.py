"""What a share-partition tells those who watch its share group (the broker's GroupWatch, on the
metrics endpoint's `/group-events`): records acquired by a member, a redelivery (acquired again,
with its delivery count), acknowledgements (ACCEPT, RELEASE, REJECT, RENEW), locks expired, a
member's locks released with its session, records archived.

The manager calls one of these behind `if watch.listeners:`, so with nobody listening nothing
here runs. Each event carries the share-partition's in-flight window (`start_offset`,
`end_offset`, `in_flight`, `locked`), so a viewer needs no other state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from broker.group.watch import GroupWatch
from broker.share.partition import (
    AcknowledgementBatch,
    AcknowledgeType,
    AcquiredRecords,
    SharePartition,
    Update,
)
from broker.share.persister import DeliveryState


class Watched(Protocol):
    """What these functions read of the manager's entry for one share-partition."""

    @property
    def topic(self) -> str: ...
    @property
    def share(self) -> SharePartition: ...
    @property
    def key(self) -> Any: ...  # PartitionKey: group_id, partition


def _window(share: SharePartition) -> dict[str, int]:
    locked = sum(1 for r in share.records.values() if r.state == DeliveryState.ACQUIRED)
    return {
        "start_offset": share.start_offset,
        "end_offset": share.end_offset,
        "in_flight": share.end_offset - share.start_offset,
        "locked": locked,
    }


def _ranges(offsets: Iterable[int]) -> list[list[int]]:
    """Sorted offsets as [first, last] ranges."""
    out: list[list[int]] = []
    for o in sorted(offsets):
        if out and out[-1][1] + 1 == o:
            out[-1][1] = o
        else:
            out.append([o, o])
    return out


def _publish(watch: GroupWatch, kind: str, entry: Watched, **fields: Any) -> None:
    watch.publish(
        kind,
        entry.key.group_id,
        topic=entry.topic,
        partition=entry.key.partition,
        **fields,
        **_window(entry.share),
    )


def _archived(watch: GroupWatch, entry: Watched, update: Update, reason: str, member: str | None) -> None:
    archived = [o for o, (state, _) in update.changed.items() if state == DeliveryState.ARCHIVED]
    if archived:
        _publish(watch, "share-archived", entry, member=member, records=_ranges(archived), reason=reason)


def acquired(watch: GroupWatch, entry: Watched, member_id: str, records: Sequence[AcquiredRecords]) -> None:
    _publish(
        watch,
        "share-acquired",
        entry,
        member=member_id,
        records=[[a.first_offset, a.last_offset, a.delivery_count] for a in records],
    )
    for a in records:
        if a.delivery_count > 1:
            _publish(
                watch,
                "share-redelivered",
                entry,
                member=member_id,
                records=[[a.first_offset, a.last_offset]],
                delivery_count=a.delivery_count,
            )


def acknowledged(
    watch: GroupWatch, entry: Watched, member_id: str, batches: Sequence[AcknowledgementBatch], update: Update
) -> None:
    acks: list[list[Any]] = []  # [first, last, type], per run of one type
    for b in batches:
        for i, offset in enumerate(range(b.first_offset, b.last_offset + 1)):
            kind = AcknowledgeType(b.types[0] if len(b.types) == 1 else b.types[i]).name
            if acks and acks[-1][2] == kind and acks[-1][1] + 1 == offset:
                acks[-1][1] = offset
            else:
                acks.append([offset, offset, kind])
    _publish(watch, "share-acknowledged", entry, member=member_id, acks=acks)
    _archived(watch, entry, update, "rejected or at the delivery count limit", member_id)


def expired(watch: GroupWatch, entry: Watched, update: Update) -> None:
    _publish(watch, "share-lock-expired", entry, records=_ranges(update.changed))
    _archived(watch, entry, update, "lock expired at the delivery count limit", None)


def released(watch: GroupWatch, entry: Watched, member_id: str, update: Update) -> None:
    _publish(watch, "share-released", entry, member=member_id, records=_ranges(update.changed))
    _archived(watch, entry, update, "released at the delivery count limit", member_id)

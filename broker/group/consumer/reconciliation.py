"""Moving one member's current assignment toward its target (Kafka's CurrentAssignmentBuilder).

A pure function of the member, the target (epoch and partitions), who else still holds each
partition, and what the member says it owns. The rules:
- revoke first: partitions the member holds but is no longer targeted are put pending
  revocation, at its current epoch, and nothing new is given until it stops owning them;
- a partition targeted to the member but still held by another member (its previous owner has
  not revoked it yet) is UNRELEASED: the member gets the target epoch and the rest, and gets
  that partition on a later heartbeat, once it is free;
- never two owners: a partition is handed out only when no other member holds it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from dataclasses import replace

from broker.group.consumer.group import ConsumerGroupMember, MemberState
from protocol.consumer_group_records import Partitions

# (topic id, partition) -> the member id holding it, None when free
OwnerOf = Callable[[uuid.UUID, int], str | None]
Owned = Iterable[tuple[uuid.UUID, Iterable[int]]]


class FencedMember(Exception):
    """The member is in an unknown state and owns partitions: it must rejoin (FENCED_MEMBER_EPOCH)."""


def _owns_any(owned: Owned | None, partitions: Partitions) -> bool:
    if owned is None:  # not told: assume it still owns them
        return True
    return any(p in partitions.get(topic_id, ()) for topic_id, ps in owned for p in ps)


def reconcile(
    member: ConsumerGroupMember,
    target_epoch: int,
    target: Partitions,
    owner_of: OwnerOf,
    owned: Owned | None,
) -> ConsumerGroupMember:
    """The member's next current assignment (the same object when nothing moves)."""
    if member.state is MemberState.STABLE:
        if member.member_epoch == target_epoch:
            return member
        return _next(member, member.member_epoch, target_epoch, target, owner_of, owned)
    if member.state is MemberState.UNREVOKED_PARTITIONS:
        if _owns_any(owned, member.pending_revocation):
            return member
        # Revoked: the member moves on to the next epoch (its partitions kept).
        return _next(member, member.member_epoch + 1, target_epoch, target, owner_of, owned)
    if member.state is MemberState.UNRELEASED_PARTITIONS:
        return _next(member, member.member_epoch, target_epoch, target, owner_of, owned)
    if owned is None or any(True for _, ps in owned for _ in ps):
        raise FencedMember("the member is in an unknown state; it must abandon its partitions and rejoin")
    return _next(member, target_epoch, target_epoch, target, owner_of, owned)


def _next(
    member: ConsumerGroupMember,
    epoch: int,
    target_epoch: int,
    target: Partitions,
    owner_of: OwnerOf,
    owned: Owned | None,
) -> ConsumerGroupMember:
    kept: dict[uuid.UUID, frozenset[int]] = {}
    revoking: dict[uuid.UUID, frozenset[int]] = {}
    adding: dict[uuid.UUID, frozenset[int]] = {}
    unreleased = False
    for topic_id in set(target) | set(member.assigned):
        wanted = target.get(topic_id, frozenset())
        current = member.assigned.get(topic_id, frozenset())
        keep = current & wanted
        if keep:
            kept[topic_id] = keep
        if current - keep:
            revoking[topic_id] = current - keep
        new = set()
        for p in wanted - keep:
            holder = owner_of(topic_id, p)
            if holder is None or holder == member.member_id:
                new.add(p)
            else:
                unreleased = True
        if new:
            adding[topic_id] = frozenset(new)

    def moved(
        state: MemberState, new_epoch: int, assigned: Partitions, pending: Partitions
    ) -> ConsumerGroupMember:
        return replace(  # as Kafka's updateMemberEpoch: the previous epoch is the one it had
            member,
            state=state,
            member_epoch=new_epoch,
            previous_member_epoch=member.member_epoch,
            assigned=assigned,
            pending_revocation=pending,
        )

    if revoking and _owns_any(owned, revoking):
        return moved(MemberState.UNREVOKED_PARTITIONS, epoch, kept, revoking)
    assigned = dict(kept)
    for topic_id, ps in adding.items():
        assigned[topic_id] = assigned.get(topic_id, frozenset()) | ps
    state = MemberState.UNRELEASED_PARTITIONS if unreleased else MemberState.STABLE
    return moved(state, target_epoch, assigned, {})

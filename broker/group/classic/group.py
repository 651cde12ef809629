"""A classic group's state: its members, generation, leader and protocol, and the legal transitions.

This is data plus invariants, in the shape of Kafka's `ClassicGroup` / `ClassicGroupMember`:
which member leads, which protocol the members vote for, who is still expected to rejoin or to
sync. Every state change goes through `ClassicGroup.transition_to`, which checks it against
`VALID_PREVIOUS` — the one table of legal transitions. What to *do* on a request (and so which
transition to take) lives in `shard.py`.

A member's pending JoinGroup or SyncGroup answer is held as an opaque `waiter`: the driver
passes one in with the request and gets it back in a `Reply` output; this module never looks
inside it.
"""

from __future__ import annotations

import enum
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

CONSUMER_PROTOCOL_TYPE = "consumer"


class GroupState(enum.Enum):
    """The classic group states, valued as Kafka names them on the wire (DescribeGroups, ListGroups)."""

    EMPTY = "Empty"
    PREPARING_REBALANCE = "PreparingRebalance"
    COMPLETING_REBALANCE = "CompletingRebalance"
    STABLE = "Stable"
    DEAD = "Dead"

    def __str__(self) -> str:
        return self.value


# The legal transitions, as the set of states each state may be entered from.
#   PreparingRebalance: a member joins, leaves, fails or changes its metadata; or a new generation starts
#   CompletingRebalance: every expected member rejoined (or the rebalance timed out); awaiting the leader
#   Stable: the leader's assignment is durably stored and handed out
#   Empty: a rebalance ended with no member left (also: a group that only holds offsets)
#   Dead: the group is deleted (DeleteGroups, or all its offsets gone) or unloaded
_EMPTY, _PREPARING, _COMPLETING, _STABLE, _DEAD = (
    GroupState.EMPTY,
    GroupState.PREPARING_REBALANCE,
    GroupState.COMPLETING_REBALANCE,
    GroupState.STABLE,
    GroupState.DEAD,
)
VALID_PREVIOUS: dict[GroupState, frozenset[GroupState]] = {
    _PREPARING: frozenset({_STABLE, _COMPLETING, _EMPTY}),
    _COMPLETING: frozenset({_PREPARING}),
    _STABLE: frozenset({_COMPLETING}),
    _EMPTY: frozenset({_PREPARING}),
    _DEAD: frozenset({_STABLE, _PREPARING, _COMPLETING, _EMPTY, _DEAD}),
}


class IllegalTransition(RuntimeError):
    pass


Protocols = list[tuple[str, bytes]]  # (name, metadata) in the member's order of preference


@dataclass(slots=True, eq=False)
class Member:
    member_id: str
    group_instance_id: str | None
    client_id: str
    client_host: str
    rebalance_timeout_ms: int
    session_timeout_ms: int
    protocol_type: str
    protocols: Protocols
    assignment: bytes = b""
    join_waiter: Any = None  # set while the member's JoinGroup is parked
    sync_waiter: Any = None  # set while the member's SyncGroup is parked
    is_new: bool = False  # joined in the current rebalance and not yet answered

    @property
    def is_static(self) -> bool:
        return self.group_instance_id is not None

    @property
    def awaiting_join(self) -> bool:
        return self.join_waiter is not None

    @property
    def awaiting_sync(self) -> bool:
        return self.sync_waiter is not None

    def has_satisfied_heartbeat(self) -> bool:
        """A parked JoinGroup or SyncGroup counts as liveness, except for a member still new."""
        if self.is_new:
            return False
        return self.awaiting_join or self.awaiting_sync

    def metadata(self, protocol: str) -> bytes:
        for name, meta in self.protocols:
            if name == protocol:
                return meta
        raise KeyError(f"member {self.member_id} does not support protocol {protocol}")

    def matches(self, protocols: Protocols) -> bool:
        return list(self.protocols) == list(protocols)

    def vote(self, candidates: set[str]) -> str:
        for name, _ in self.protocols:
            if name in candidates:
                return name
        raise ValueError(f"member {self.member_id} supports none of {sorted(candidates)}")


def new_member_id(client_id: str, group_instance_id: str | None) -> str:
    """`clientId-<uuid>` (Kafka uses the instance id as prefix for static members)."""
    prefix = group_instance_id if group_instance_id is not None else client_id
    return f"{prefix}-{uuid.uuid4()}"


@dataclass(slots=True, eq=False)
class ClassicGroup:
    group_id: str
    state: GroupState = GroupState.EMPTY
    previous_state: GroupState | None = None
    state_timestamp_ms: int = -1  # wall clock of the last transition (GroupMetadataValue's)
    generation_id: int = 0
    protocol_type: str | None = None
    protocol_name: str | None = None
    leader_id: str | None = None
    members: dict[str, Member] = field(default_factory=dict)  # in join order
    static_members: dict[str, str] = field(default_factory=dict)  # group.instance.id -> member id
    pending_members: set[str] = field(default_factory=set)  # MEMBER_ID_REQUIRED given, not yet rejoined
    pending_sync: set[str] = field(default_factory=set)  # joined this generation, SyncGroup not seen yet
    num_awaiting_join: int = 0
    supported: Counter[str] = field(default_factory=Counter)  # protocol name -> members supporting it
    new_member_added: bool = False  # extends the initial rebalance delay

    # -- state ----------------------------------------------------------------------------------

    def is_in(self, *states: GroupState) -> bool:
        return self.state in states

    def can_rebalance(self) -> bool:
        return self.state in VALID_PREVIOUS[_PREPARING]

    def transition_to(self, target: GroupState, wall_ms: int) -> None:
        if self.state not in VALID_PREVIOUS[target]:
            raise IllegalTransition(
                f"group {self.group_id}: {self.state} -> {target} is not a legal transition"
            )
        self.previous_state = self.state
        self.state = target
        self.state_timestamp_ms = wall_ms

    # -- membership -----------------------------------------------------------------------------

    @property
    def size(self) -> int:
        return len(self.members)

    def is_leader(self, member_id: str) -> bool:
        return self.leader_id == member_id

    def add(self, member: Member, join_waiter: Any = None) -> None:
        if member.group_instance_id is not None:
            if member.group_instance_id in self.static_members:
                raise ValueError(f"static member {member.group_instance_id} is already in {self.group_id}")
            self.static_members[member.group_instance_id] = member.member_id
        if not self.members:
            self.protocol_type = member.protocol_type
        if self.leader_id is None:
            self.leader_id = member.member_id
        self.members[member.member_id] = member
        self.supported.update(name for name, _ in member.protocols)
        member.join_waiter = join_waiter
        if member.awaiting_join:
            self.num_awaiting_join += 1
        self.pending_members.discard(member.member_id)

    def remove(self, member_id: str) -> Member | None:
        member = self.members.pop(member_id, None)
        if member is not None:
            self.supported.subtract(name for name, _ in member.protocols)
            if member.awaiting_join:
                self.num_awaiting_join -= 1
            if member.group_instance_id is not None:
                self.static_members.pop(member.group_instance_id, None)
        if self.leader_id == member_id:
            self.leader_id = next(iter(self.members), None)
        self.pending_members.discard(member_id)
        self.pending_sync.discard(member_id)
        return member

    def update_member(
        self,
        member: Member,
        protocols: Protocols,
        rebalance_timeout_ms: int,
        session_timeout_ms: int,
        join_waiter: Any,
    ) -> None:
        self.supported.subtract(name for name, _ in member.protocols)
        member.protocols = list(protocols)
        self.supported.update(name for name, _ in member.protocols)
        member.rebalance_timeout_ms = rebalance_timeout_ms
        member.session_timeout_ms = session_timeout_ms
        self.set_join_waiter(member, join_waiter)

    def set_join_waiter(self, member: Member, waiter: Any) -> None:
        if waiter is not None and not member.awaiting_join:
            self.num_awaiting_join += 1
        elif waiter is None and member.awaiting_join:
            self.num_awaiting_join -= 1
        member.join_waiter = waiter

    def take_join_waiter(self, member: Member) -> Any:
        """The member's parked JoinGroup, now to be answered (None if there is none)."""
        waiter = member.join_waiter
        if waiter is not None:
            self.set_join_waiter(member, None)
        return waiter

    @staticmethod
    def take_sync_waiter(member: Member) -> Any:
        waiter, member.sync_waiter = member.sync_waiter, None
        return waiter

    def replace_static_member(self, instance_id: str, old_id: str, new_id: str) -> tuple[Member, Member]:
        """Give a static member a new member id; returns (old member, new member). The caller
        fences the old member's parked requests."""
        old = self.members.pop(old_id)
        new = Member(
            new_id,
            old.group_instance_id,
            old.client_id,
            old.client_host,
            old.rebalance_timeout_ms,
            old.session_timeout_ms,
            old.protocol_type,
            list(old.protocols),
            old.assignment,
        )
        if old.awaiting_join:
            self.num_awaiting_join -= 1
        self.members[new_id] = new
        if self.leader_id == old_id:
            self.leader_id = new_id
        if old_id in self.pending_sync:
            self.pending_sync.discard(old_id)
            self.pending_sync.add(new_id)
        self.static_members[instance_id] = new_id
        return old, new

    def has_all_members_joined(self) -> bool:
        return len(self.members) == self.num_awaiting_join and not self.pending_members

    def not_yet_rejoined(self) -> list[Member]:
        return [m for m in self.members.values() if not m.awaiting_join]

    def maybe_elect_new_joined_leader(self) -> bool:
        """Keep the leader if it rejoined, else pick any member that did. False if nobody did."""
        if self.leader_id is None:
            return False
        if self.members[self.leader_id].awaiting_join:
            return True
        for member in self.members.values():
            if member.awaiting_join:
                self.leader_id = member.member_id
                return True
        return False

    def rebalance_timeout_ms(self) -> int:
        return max((m.rebalance_timeout_ms for m in self.members.values()), default=0)

    # -- protocols --------------------------------------------------------------------------------

    def supports_protocols(self, protocol_type: str, names: set[str]) -> bool:
        """Could a member with these protocols join? (Empty group: any non-empty type and list.)"""
        if self.state is GroupState.EMPTY:
            return bool(protocol_type) and bool(names)
        n = len(self.members)
        return self.protocol_type == protocol_type and any(self.supported[name] == n for name in names)

    def candidate_protocols(self) -> set[str]:
        n = len(self.members)
        return {name for name, count in self.supported.items() if count == n and n > 0}

    def select_protocol(self, member_id: str | None = None, protocols: Protocols | None = None) -> str | None:
        """Each member votes for its first protocol every member supports; most votes wins
        (a tie goes to the protocol that got its first vote earliest, in join order). With
        `member_id` and `protocols`: the vote were that member to list those protocols instead
        (None if no protocol would be common to all)."""
        if not self.members:
            raise ValueError(f"cannot select a protocol for empty group {self.group_id}")
        if member_id is None or protocols is None:
            candidates = self.candidate_protocols()
            votes: Counter[str] = Counter(m.vote(candidates) for m in self.members.values())
        else:
            supported = self.supported.copy()
            supported.subtract(name for name, _ in self.members[member_id].protocols)
            supported.update(name for name, _ in protocols)
            candidates = {name for name, count in supported.items() if count == len(self.members)}
            if not candidates:
                return None
            votes = Counter(
                next(name for name, _ in protocols if name in candidates)
                if m.member_id == member_id
                else m.vote(candidates)
                for m in self.members.values()
            )
        return max(votes, key=lambda name: votes[name])  # Counter keeps first-vote order; max keeps the first

    def init_next_generation(self, wall_ms: int) -> None:
        self.generation_id += 1
        if self.members:
            self.protocol_name = self.select_protocol()
            self.transition_to(GroupState.COMPLETING_REBALANCE, wall_ms)
        else:
            self.protocol_name = None
            self.transition_to(GroupState.EMPTY, wall_ms)
        self.pending_sync.clear()

    def current_member_metadata(self) -> list[tuple[str, str | None, bytes]]:
        """(member id, group instance id, metadata of the chosen protocol) for the leader's JoinGroup."""
        assert self.protocol_name is not None
        return [
            (m.member_id, m.group_instance_id, m.metadata(self.protocol_name)) for m in self.members.values()
        ]

    def assignments(self) -> dict[str, bytes]:
        return {mid: m.assignment for mid, m in self.members.items()}

    def uses_consumer_protocol(self) -> bool:
        return self.protocol_type == CONSUMER_PROTOCOL_TYPE

    def subscribed_topics(self) -> set[str] | None:
        """Topics the members subscribe to (consumer protocol only); None when unknown."""
        if self.protocol_type != CONSUMER_PROTOCOL_TYPE:
            return None
        if not self.members:
            return set()
        if self.protocol_name is None:
            return None
        from protocol.consumer_protocol import decode_subscription

        topics: set[str] = set()
        try:
            for m in self.members.values():
                topics.update(decode_subscription(m.metadata(self.protocol_name)).topics)
        except Exception:  # noqa: BLE001 - unparseable metadata: Kafka treats the topics as unknown
            return None
        return topics

    def is_subscribed_to(self, topic: str) -> bool:
        topics = self.subscribed_topics()
        return self.uses_consumer_protocol() if topics is None else topic in topics

"""What goes into and comes out of the share group manager (manager.py): ShareGroupHeartbeat and
its answer, ShareGroupDescribe's view, and the session timer key."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from broker.group.share.group import ShareGroupMember
from protocol.errors import ErrorCode
from protocol.share_group_records import Partitions

E = ErrorCode


@dataclass(slots=True)
class ShareGroupHeartbeat:
    group_id: str
    member_id: str
    member_epoch: int
    rack_id: str | None = None  # None: unchanged
    subscribed_topic_names: list[str] | None = None  # None: unchanged
    client_id: str = ""
    client_host: str = ""


@dataclass(slots=True)
class ShareHeartbeatResult:
    error: ErrorCode = E.NONE
    error_message: str | None = None
    member_id: str | None = None
    member_epoch: int = 0
    heartbeat_interval_ms: int = 0
    assignment: Partitions | None = None  # None: not provided (unchanged)


@dataclass(slots=True)
class DescribedShareGroup:
    group_id: str
    error: ErrorCode = E.NONE
    error_message: str | None = None
    state: str = ""
    group_epoch: int = 0
    assignment_epoch: int = 0
    assignor: str = ""
    members: list[ShareGroupMember] = field(default_factory=list)


def share_session_key(group_id: str, member_id: str) -> Hashable:
    return ("share-session", group_id, member_id)

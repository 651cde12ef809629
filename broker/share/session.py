"""Share sessions (KIP-932; Kafka's ShareSessionCache): which partitions a member's ShareFetch
requests are about, and the epoch that orders them.

A member opens its session with epoch 0 (listing its partitions), then sends epochs 1, 2, ...
(each adding partitions, or forgetting some) and closes it with -1. One session per member and
group on this broker; at most `max_sessions` of them (group.share.max.share.sessions), else
SHARE_SESSION_LIMIT_REACHED. A session is dropped when it is closed, when its connection closes,
or when its member is found gone from the group.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field

from protocol.errors import ErrorCode

INITIAL_EPOCH = 0
FINAL_EPOCH = -1
TopicPartition = tuple[uuid.UUID, int]  # (topic id, partition)


def next_epoch(epoch: int) -> int:
    return 1 if epoch >= 0x7FFFFFFF else epoch + 1


@dataclass(slots=True)
class ShareSession:
    group_id: str
    member_id: str
    connection: str  # the connection that opened it (its peer address)
    epoch: int = 1  # the epoch the next request must carry
    partitions: dict[TopicPartition, None] = field(default_factory=dict)  # ordered set


class ShareSessionError(Exception):
    def __init__(self, error: ErrorCode):
        super().__init__(error.name)
        self.error = error


class ShareSessionCache:
    def __init__(self, max_sessions: int = 2000) -> None:
        self.max_sessions = max_sessions
        self.sessions: dict[tuple[str, str], ShareSession] = {}

    def get(self, group_id: str, member_id: str) -> ShareSession | None:
        return self.sessions.get((group_id, member_id))

    def for_fetch(
        self,
        group_id: str,
        member_id: str,
        epoch: int,
        connection: str,
        partitions: Iterable[TopicPartition],
        forgotten: Iterable[TopicPartition],
        acknowledging: bool,
    ) -> ShareSession:
        """The session a ShareFetch is served in (Kafka's newContext); raises ShareSessionError.
        The request's epoch is checked and the session moved to the next one. A FINAL_EPOCH
        request gets the session it closes (the caller removes it once its acknowledgements are
        done)."""
        key = (group_id, member_id)
        if epoch == FINAL_EPOCH:
            session = self.sessions.get(key)
            if session is None:
                raise ShareSessionError(ErrorCode.SHARE_SESSION_NOT_FOUND)
            return session
        if epoch == INITIAL_EPOCH:
            if acknowledging:  # nothing can be acquired before a session exists
                raise ShareSessionError(ErrorCode.INVALID_REQUEST)
            old = self.sessions.pop(key, None)
            if old is None and len(self.sessions) >= self.max_sessions:
                raise ShareSessionError(ErrorCode.SHARE_SESSION_LIMIT_REACHED)
            session = ShareSession(group_id, member_id, connection)
            session.partitions.update(dict.fromkeys(partitions))
            self.sessions[key] = session
            return session
        session = self.sessions.get(key)
        if session is None:
            raise ShareSessionError(ErrorCode.SHARE_SESSION_NOT_FOUND)
        if session.epoch != epoch:
            raise ShareSessionError(ErrorCode.INVALID_SHARE_SESSION_EPOCH)
        session.partitions.update(dict.fromkeys(partitions))
        for tp in forgotten:
            session.partitions.pop(tp, None)
        session.epoch = next_epoch(session.epoch)
        session.connection = connection
        return session

    def for_acknowledge(self, group_id: str, member_id: str, epoch: int) -> ShareSession:
        """The session a ShareAcknowledge is served in (Kafka's acknowledgeSessionUpdate)."""
        if epoch == INITIAL_EPOCH:
            raise ShareSessionError(ErrorCode.INVALID_SHARE_SESSION_EPOCH)
        session = self.sessions.get((group_id, member_id))
        if session is None:
            raise ShareSessionError(ErrorCode.SHARE_SESSION_NOT_FOUND)
        if epoch == FINAL_EPOCH:
            return session
        if session.epoch != epoch:
            raise ShareSessionError(ErrorCode.INVALID_SHARE_SESSION_EPOCH)
        session.epoch = next_epoch(session.epoch)
        return session

    def remove(self, group_id: str, member_id: str) -> ShareSession | None:
        return self.sessions.pop((group_id, member_id), None)

    def of_connection(self, connection: str) -> list[ShareSession]:
        return [s for s in self.sessions.values() if s.connection == connection]

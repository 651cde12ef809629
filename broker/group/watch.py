"""What a group coordinator tells those who watch it: one event per step of the group protocol
(a member joined, left or expired, a state transition, a generation or epoch bump, the leader
chosen, an assignment stored, a heartbeat answered REBALANCE_IN_PROGRESS).

The managers call `watch.publish(...)` behind `if watch.listeners:`, so with nobody listening
an event costs one attribute test and builds nothing. Listeners (the metrics endpoint's
`/group-events` stream, tests) are plain callables run in the event loop's thread; each must
return at once (queue the event, never await).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from protocol.consumer_protocol import decode_assignment
from protocol.errors import ProtocolDecodeError

Event = dict[str, Any]
Listener = Callable[[Event], None]


class GroupWatch:
    """The broker's one fan-out point for group-coordinator events (shared by its shards)."""

    __slots__ = ("listeners",)

    def __init__(self) -> None:
        self.listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Add a listener; the returned function removes it."""
        self.listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self.listeners:
                self.listeners.remove(listener)

        return unsubscribe

    def publish(self, kind: str, group: str, **fields: Any) -> None:
        if not self.listeners:
            return
        event: Event = {"ts": int(time.time() * 1000), "kind": kind, "group": group}
        event.update((k, v) for k, v in fields.items() if v is not None)
        for listener in list(self.listeners):
            listener(event)


def partitions_of(assignment: bytes) -> list[str]:
    """A consumer-protocol assignment as `topic-partition` strings ([] if not one)."""
    if not assignment:
        return []
    try:
        return [f"{t}-{p}" for t, p in decode_assignment(assignment).partitions()]
    except ProtocolDecodeError:
        return []


def topic_partitions(assignment: Iterable[tuple[str, Iterable[int]]]) -> list[str]:
    return [f"{t}-{p}" for t, ps in assignment for p in sorted(ps)]

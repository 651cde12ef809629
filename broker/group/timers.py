"""One timer structure per coordinator shard: a heap of keyed deadlines, no task per member.

A key (e.g. `("hb", group, member)`) has at most one live deadline and action; scheduling it
again replaces both. Pushing back a deadline — what every heartbeat does — only updates a dict:
the heap keeps the earlier entry, and when that entry comes due it is re-queued at the key's
current deadline instead of firing. So a member costs one heap entry however often it
heartbeats, and 100,000 members cost 100,000 small tuples. Cancelling just forgets the key.

Pure: the owner asks `next_deadline()` to arm one real timer, and calls `pop_due(now)`.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Hashable

Action = Callable[[], None]


# The keys of a coordinator shard's timers: a member's session, a group's join and sync phases.
def heartbeat_key(group_id: str, member_id: str) -> Hashable:
    return ("hb", group_id, member_id)


def join_key(group_id: str) -> Hashable:
    return ("join", group_id)


def sync_key(group_id: str) -> Hashable:
    return ("sync", group_id)


class Timers:
    __slots__ = ("_heap", "_live", "_queued", "_seq", "pushes")

    def __init__(self) -> None:
        self._heap: list[tuple[int, int, Hashable]] = []
        self._live: dict[Hashable, tuple[int, Action]] = {}  # key -> (deadline, action)
        self._queued: dict[Hashable, int] = {}  # key -> deadline of its earliest heap entry
        self._seq = itertools.count()
        self.pushes = 0  # heap entries added: the owner re-arms its timer only when this moved

    def __len__(self) -> int:
        return len(self._live)

    def schedule(self, key: Hashable, deadline: int, action: Action) -> None:
        self._live[key] = (deadline, action)
        queued = self._queued.get(key)
        if queued is None or deadline < queued:
            self._queued[key] = deadline
            heapq.heappush(self._heap, (deadline, next(self._seq), key))
            self.pushes += 1
            if len(self._heap) > len(self._queued) + max(1024, len(self._queued) // 2):
                self._compact()

    def postpone(self, key: Hashable, deadline: int) -> bool:
        """Push a live key's deadline back, keeping its action (what a heartbeat does: no new
        action object per heartbeat). False when the key is not live or the deadline is earlier
        than its queued one: then `schedule` it."""
        entry = self._live.get(key)
        if entry is None or deadline < self._queued.get(key, deadline + 1):
            return False
        self._live[key] = (deadline, entry[1])
        return True

    def _compact(self) -> None:
        """Drop superseded entries (a deadline brought forward leaves its old one behind)."""
        queued = self._queued
        self._heap = [e for e in self._heap if queued.get(e[2]) == e[0]]
        heapq.heapify(self._heap)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._live

    def cancel(self, key: Hashable) -> None:
        self._live.pop(key, None)

    def next_deadline(self) -> int | None:
        """The earliest heap entry (it may turn out stale: then `pop_due` fires nothing)."""
        heap = self._heap
        while heap:
            deadline, _, key = heap[0]
            if self._queued.get(key) != deadline or key not in self._live:
                heapq.heappop(heap)  # superseded or cancelled
                if self._queued.get(key) == deadline:
                    del self._queued[key]
                continue
            return deadline
        return None

    def pop_due(self, now: int) -> list[Action]:
        """Remove and return the actions of every key whose deadline is <= now, earliest first."""
        due: list[Action] = []
        heap, live, queued = self._heap, self._live, self._queued
        while heap and heap[0][0] <= now:
            deadline, _, key = heapq.heappop(heap)
            if queued.get(key) != deadline:
                continue  # a stale duplicate: the key was re-queued earlier
            del queued[key]
            entry = live.get(key)
            if entry is None:
                continue  # cancelled
            if entry[0] > now:  # pushed back since this entry was queued
                queued[key] = entry[0]
                heapq.heappush(heap, (entry[0], next(self._seq), key))
                continue
            del live[key]
            due.append(entry[1])
        return due

    def clear(self) -> None:
        self._heap.clear()
        self._live.clear()
        self._queued.clear()

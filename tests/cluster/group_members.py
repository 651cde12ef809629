"""Group members that commit after every batch and the ledger of what each group was told, shared
by the coordinator chaos and the leader rebalance tests."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

IDLE_COMMIT = 0.5  # with nothing new to commit, a member commits its positions again this often


@dataclass
class Ledger:
    """What one group was told: the highest offset acknowledged per partition, and when."""

    group: str
    client: str
    acked: dict[int, int] = field(default_factory=dict)
    acked_at: list[float] = field(default_factory=list)
    in_flight: int = 0
    failures: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def begin(self) -> None:
        with self.lock:
            self.in_flight += 1

    def end(self, offsets: dict[int, int] | None) -> None:
        """A commit answered: `offsets` if acknowledged, None if it failed."""
        now = time.monotonic()
        with self.lock:
            self.in_flight -= 1
            if offsets is None:
                self.failures += 1
                return
            for p, o in offsets.items():
                self.acked[p] = max(self.acked.get(p, -1), o)
            self.acked_at.append(now)

    def committed_since(self, t: float) -> float | None:
        with self.lock:
            return next((a - t for a in self.acked_at if a > t), None)


class Pacer:
    """Commit after every batch that moved a position, and at least every IDLE_COMMIT seconds."""

    def __init__(self) -> None:
        self.positions: dict[int, int] = {}
        self.dirty = False
        self.last = 0.0

    def consumed(self, partition: int, offset: int) -> None:
        self.positions[partition] = offset + 1
        self.dirty = True

    def due(self) -> dict[int, int] | None:
        if not self.positions or not (self.dirty or time.monotonic() - self.last >= IDLE_COMMIT):
            return None
        self.dirty, self.last = False, time.monotonic()
        return dict(self.positions)


async def consume_and_commit(
    consumer: Any,
    tp: Callable[..., Any],
    topic: str,
    ledger: Ledger,
    stop: asyncio.Event,
    polled: Callable[[], None] | None = None,
) -> None:
    """The loop of an asyncio client (aiokafka's and ours share getmany/commit); `polled` runs
    after every poll that answered (to sample the member's state)."""
    pacer = Pacer()
    while not stop.is_set():
        try:
            batches = await consumer.getmany(timeout_ms=200)
        except Exception:  # noqa: BLE001 - a broker killed under it: the member polls again
            await asyncio.sleep(0.1)
            continue
        if polled is not None:
            polled()
        for partition, records in batches.items():
            pacer.consumed(partition.partition, records[-1].offset)
        offsets = pacer.due()
        if offsets is None:
            continue
        ledger.begin()
        try:
            await consumer.commit({tp(topic, p): o for p, o in offsets.items()})
        except Exception:  # noqa: BLE001 - any failed commit is counted as failed, and retried
            ledger.end(None)
            pacer.dirty = True
            await asyncio.sleep(0.1)
        else:
            ledger.end(offsets)

"""Bounds on what clients may make the broker hold, shared by every listener (Kafka's
ConnectionQuotas and the request MemoryPool): pure, with an injected clock.

- `max.connections`, `max.connections.per.ip` (and `.overrides`): a connection past either is
  closed as soon as it is accepted (Kafka closes a per-IP excess; its broker-wide limit blocks the
  acceptor instead, which an asyncio server cannot do without refusing every listener).
- `max.connection.creation.rate`: new connections per second, over Kafka's sampled rate; one past
  it is closed at once.
- `queued.max.request.bytes`: the requests read from clients and not yet handled, over all
  connections, each counted whole as soon as its size is read (Kafka's memory pool allocates it
  then): a connection whose next request does not fit is not read until handling frees room, and
  frames still arriving cannot hold all of it (each one reserved completes). What the broker holds
  is then at most the bound plus one read (256 KiB) per connection waiting for room.
- `connections.max.idle.ms`: the server closes connections that sent nothing for that long.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from broker.quotas import Rate

UNBOUNDED = 2147483647


@dataclass(slots=True)
class ConnectionQuotas:
    max_connections: int = UNBOUNDED
    max_per_ip: int = UNBOUNDED
    per_ip_overrides: Mapping[str, int] = field(default_factory=dict)
    max_creation_rate: int = UNBOUNDED
    samples: int = 11
    window_s: float = 1.0
    clock: Callable[[], float] = time.monotonic
    total: int = 0
    per_ip: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)  # by reason (metrics)
    _rate: Rate | None = None

    def admit(self, ip: str) -> str | None:
        """Count a new connection from `ip`, or answer why it is refused (then nothing is counted)."""
        if self.total >= self.max_connections:
            return self._refuse("max.connections")
        if self.per_ip[ip] >= self.per_ip_overrides.get(ip, self.max_per_ip):
            return self._refuse("max.connections.per.ip")
        if self.max_creation_rate < UNBOUNDED:
            now = self.clock()
            if self._rate is None:
                self._rate = Rate(self.samples, self.window_s, now)
            self._rate.record(1, now)
            if self._rate.measure(now) > self.max_creation_rate:
                self._rate.record(-1, now)  # refused: not a connection made
                return self._refuse("max.connection.creation.rate")
        self.total += 1
        self.per_ip[ip] += 1
        return None

    def release(self, ip: str) -> None:
        self.total -= 1
        n = self.per_ip[ip] - 1
        if n > 0:
            self.per_ip[ip] = n
        else:
            del self.per_ip[ip]

    def _refuse(self, reason: str) -> str:
        self.refused[reason] += 1
        return reason


@dataclass(slots=True)
class RequestMemory:
    """queued.max.request.bytes: the bytes read and not yet handled, over all connections.
    `limit` <= 0: no bound (Kafka's default -1); then nothing is counted."""

    limit: int = -1
    used: int = 0
    peak: int = 0
    waiting: list[Callable[[], None]] = field(default_factory=list)  # connections to read again

    @property
    def bounded(self) -> bool:
        return self.limit > 0

    @property
    def full(self) -> bool:
        return self.used >= self.limit

    def take(self, n: int) -> None:
        self.used += n
        if self.used > self.peak:
            self.peak = self.used

    def give(self, n: int) -> None:
        self.used -= n
        if self.waiting and self.used < self.limit:
            waiting, self.waiting = self.waiting, []
            for resume in waiting:  # each takes what it needs, or waits again
                resume()

"""Replication throttles (KIP-73), as Kafka applies them during a reassignment: a broker's
`follower.replication.throttled.rate` (bytes/s, a dynamic broker config) bounds what its
replica fetchers copy for the replicas a topic lists in `follower.replication.throttled.replicas`
("partition:broker,..." or "*"), and its `leader.replication.throttled.rate` what it serves, as
leader, to followers of the partitions listed for it in `leader.replication.throttled.replicas`;
both only while the replica is behind (out of the ISR): an in-sync replica is never held back,
so a throttle cannot push it out of the ISR.

The quota is a token bucket holding at most one second's worth: bytes copied take tokens, and a
throttled replica fetches only while the bucket is not empty (Kafka keeps a rate over a sliding
window of samples; the bound on the long-run rate is the same).
"""

from __future__ import annotations

import time
from collections.abc import Callable

UNLIMITED = 2**63 - 1  # Kafka's default rate: Long.MAX_VALUE, no throttle
LEADER_THROTTLED = "leader.replication.throttled.replicas"
FOLLOWER_THROTTLED = "follower.replication.throttled.replicas"


def throttled_replicas(value: str, broker_id: int) -> set[int] | None:
    """The partitions a topic's `*.replication.throttled.replicas` value throttles on `broker_id`;
    None means every partition ("*")."""
    text = value.strip()
    if text == "*":
        return None
    out: set[int] = set()
    for entry in text.split(","):
        p, sep, b = entry.strip().partition(":")
        if sep and p.strip().isdigit() and b.strip().lstrip("-").isdigit() and int(b) == broker_id:
            out.add(int(p))
    return out


def is_throttled(value: str | None, partition: int, broker_id: int) -> bool:
    if not value:
        return False
    listed = throttled_replicas(value, broker_id)
    return listed is None or partition in listed


class ReplicationQuota:
    def __init__(self, rate: Callable[[], int], clock: Callable[[], float] = time.monotonic):
        self._rate = rate  # read at every use: a dynamic config changes it in place
        self._clock = clock
        self._tokens = 0.0
        self._at = clock()
        self.recorded = 0  # bytes copied under this quota (what tests and metrics read)

    @property
    def rate(self) -> int:
        return self._rate()

    def _refill(self) -> float:
        now = self._clock()
        rate = self.rate
        self._tokens = min(float(rate), self._tokens + (now - self._at) * rate)
        self._at = now
        return self._tokens

    def exceeded(self) -> bool:
        if self.rate >= UNLIMITED:
            return False
        return self._refill() <= 0

    def wait_s(self) -> float:
        """How long until a throttled replica may fetch again."""
        rate = self.rate
        if rate >= UNLIMITED or rate <= 0:
            return 0.1 if rate <= 0 else 0.0
        return max(0.0, -self._refill() / rate) + 0.001

    def record(self, n: int) -> None:
        self.recorded += n
        if self.rate < UNLIMITED:
            self._refill()
            self._tokens -= n

"""What a share-group chaos test keeps about its consumers, and the guarantees it checks
(tests/integration/test_share_chaos.py, tests/cluster/test_share_chaos_cluster.py).

A consumer acknowledges (explicit mode, ACCEPT) every record it gets and sends the
acknowledgements at once with ShareAcknowledge (`commit()`), so the ledger knows which
acknowledgements the broker answered: those records must never be delivered again, by any
broker, after any crash. An acknowledgement still unanswered when a broker died (or failed on the
connection) is ambiguous: it may or may not have been made durable. Delivery counts of a record
never go back, and a record whose RELEASE was answered comes back with a higher count.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field

from client import AcknowledgeType, AsyncAdmin, AsyncShareConsumer, TopicPartition
from client.errors import KafkaError
from client.share_admin import SharePartitionOffset

RELEASE_EVERY = 16  # a record at such an offset is released at its first delivery


@dataclass
class Delivery:
    offset: int
    count: int
    life: int  # which broker lifetime (or cluster epoch of the test) it was seen in


@dataclass
class Ledger:
    n: int  # records 0 .. n-1 on partition 0
    life: int = 0
    deliveries: dict[int, list[Delivery]] = field(default_factory=dict)
    answered: set[int] = field(default_factory=set)  # ACCEPT answered without error
    released: dict[int, int] = field(default_factory=dict)  # RELEASE answered: the count then
    ambiguous: set[int] = field(default_factory=set)  # ACCEPT sent, never answered
    violations: list[str] = field(default_factory=list)
    in_flight: int = 0  # acknowledgements sent and not answered yet, across consumers
    kills_with_acks_in_flight: int = 0
    kills: int = 0

    def delivered(self, offset: int, count: int) -> None:
        if offset in self.answered:
            self.violations.append(
                f"offset {offset} delivered again (count {count}) after its ACCEPT was answered"
            )
        if count <= self.released.get(offset, 0):
            self.violations.append(
                f"offset {offset}: delivered with count {count} after its release at {self.released[offset]}"
            )
        seen = self.deliveries.setdefault(offset, [])
        if seen and count < seen[-1].count:
            self.violations.append(f"offset {offset}: delivery count went back {seen[-1].count} -> {count}")
        seen.append(Delivery(offset, count, self.life))

    def killed(self) -> None:
        """The broker (or a broker that mattered) was just killed."""
        self.kills += 1
        if self.in_flight:
            self.kills_with_acks_in_flight += 1
        self.life += 1

    def unresolved(self) -> set[int]:
        return set(range(self.n)) - self.answered - self.ambiguous

    def redelivered(self) -> int:
        return sum(1 for d in self.deliveries.values() if len(d) > 1)


async def consume(
    c: AsyncShareConsumer, tp: TopicPartition, ledger: Ledger, stop: asyncio.Event, pause: float = 0.0
) -> None:
    """Take records, ACCEPT each, send at once; keep in the ledger what the broker answered.
    `pause`: the time a batch takes to handle, so that a run outlasts its kills."""
    while not stop.is_set():
        try:
            got = await c.getmany(timeout_ms=300, max_records=50)
        except KafkaError:
            await asyncio.sleep(0.1)
            continue
        records = got.get(tp, [])  # (possibly fetched from a broker since killed)
        if not records:
            continue
        offsets, releases = [], {}
        for r in records:
            ledger.delivered(r.offset, r.delivery_count)
            if r.offset % RELEASE_EVERY == 0 and r.delivery_count == 1:
                c.acknowledge(r, AcknowledgeType.RELEASE)
                releases[r.offset] = r.delivery_count
            else:
                c.acknowledge(r, AcknowledgeType.ACCEPT)
                offsets.append(r.offset)
        await asyncio.sleep(pause)
        ledger.in_flight += 1
        try:
            answer = await c.commit()
        except KafkaError:
            answer = {tp: KafkaError("commit failed")}
        finally:
            ledger.in_flight -= 1
        error = answer.get(tp, KafkaError("no answer for the partition"))
        if error is None:
            ledger.answered.update(offsets)
            ledger.released.update(releases)
            ledger.ambiguous.difference_update(offsets)
        else:
            # Unanswered, or refused: a refusal changes nothing, but an answer lost with its
            # connection, or a write that landed as the coordinator moved, may have been applied.
            ledger.ambiguous.update(offsets)


async def start_offset(bootstrap: str, group: str, tp: TopicPartition) -> int | None:
    with contextlib.suppress(KafkaError, OSError):
        async with AsyncAdmin(bootstrap) as admin:
            found = (await admin.describe_share_group_offsets(group, [tp])).get(tp)
            if isinstance(found, SharePartitionOffset):
                return found.start_offset
    return None

"""Consumers driven like applications in the client's group tests: a task that keeps polling,
what each member was assigned, and waiting (with a deadline) for the group to settle."""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from typing import Any

from client import AsyncConsumer, RebalanceListener, TopicPartition
from client.membership import MemberState


class Recorder(RebalanceListener):
    def __init__(self) -> None:
        self.calls: list[tuple[str, set[TopicPartition]]] = []
        self.first: dict[int, int] = {}  # partition -> first offset read since it was last assigned

    def on_partitions_revoked(self, revoked: set[TopicPartition]) -> None:
        self.calls.append(("revoked", set(revoked)))

    def on_partitions_assigned(self, assigned: set[TopicPartition]) -> None:
        self.calls.append(("assigned", set(assigned)))
        for tp in assigned:
            self.first.pop(tp.partition, None)

    def on_partitions_lost(self, lost: set[TopicPartition]) -> None:
        self.calls.append(("lost", set(lost)))


class Member:
    def __init__(
        self,
        name: str,
        bootstrap: str,
        group: str,
        topic: str,
        *,
        session_ms: int = 3000,
        heartbeat_ms: int = 300,
        **kwargs: Any,
    ):
        self.name, self.topic = name, topic
        self.listener = Recorder()
        options: dict[str, Any] = {
            "auto_offset_reset": "earliest",
            "enable_auto_commit": False,
            "session_timeout_ms": session_ms,
            "heartbeat_interval_ms": heartbeat_ms,
            "max_poll_interval_ms": max(10_000, 3 * session_ms),
            "metadata_max_age_ms": 2000,
            "partition_assignment_strategy": ("range",),
            "retry_backoff_ms": 50,
        }
        options.update(kwargs)
        self.consumer = AsyncConsumer(
            topic,
            bootstrap_servers=bootstrap,
            group_id=group,
            client_id=name,
            listener=self.listener,
            **options,
        )
        self.received: dict[int, list[int]] = defaultdict(list)  # partition -> offsets read
        self.error: BaseException | None = None
        self._task: asyncio.Task | None = None

    def __repr__(self) -> str:
        return f"Member({self.name}, {sorted(self.partitions)})"

    async def start(self) -> Member:
        await self.consumer.start()
        self._task = asyncio.create_task(self._poll())
        return self

    async def _poll(self) -> None:
        try:
            while True:
                for tp, records in (await self.consumer.getmany(timeout_ms=100)).items():
                    self.received[tp.partition].extend(r.offset for r in records)
                    self.listener.first.setdefault(tp.partition, records[0].offset)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # the test asserts on it
            self.error = e

    async def _stop_polling(self) -> None:
        if self._task is not None:
            self._task.cancel()
            # asyncio.wait: the loop's CancelledError is not raised here, and a cancellation of
            # the caller (the test's timeout) is not swallowed along with it
            done, _ = await asyncio.wait([self._task], timeout=10)
            assert done, f"{self.name}: the poll loop did not end when cancelled"

    async def close(self) -> None:
        await self._stop_polling()
        await self.consumer.close()

    async def crash(self) -> None:
        await self._stop_polling()
        await self.consumer.abort()

    @property
    def coordinator(self):
        assert self.consumer.coordinator is not None
        return self.consumer.coordinator

    @property
    def partitions(self) -> set[int]:
        return {tp.partition for tp in self.consumer.assignment()}

    @property
    def generation(self) -> int:
        return self.coordinator.generation.generation_id

    @property
    def stable(self) -> bool:
        c = self.coordinator
        return c.state is MemberState.STABLE and not c.rejoin_needed and not c.rebalancing


def balanced(members: list[Member], partitions: int) -> bool:
    if not all(m.stable for m in members) or len({m.generation for m in members}) != 1:
        return False
    seen: list[int] = [p for m in members for p in m.partitions]
    return sorted(seen) == list(range(partitions))


async def wait_balanced(members: list[Member], partitions: int, timeout: float = 30.0) -> float:
    """Seconds until every member is stable in one generation and the partitions are split among
    them exactly once."""
    start = time.monotonic()
    while not balanced(members, partitions):
        for m in members:
            if m.error is not None:
                raise AssertionError(f"{m.name} failed: {m.error!r}")
        if time.monotonic() - start > timeout:
            raise TimeoutError(
                f"not balanced after {timeout}s: {members} "
                f"{[(m.name, m.coordinator.state, m.generation) for m in members]}"
            )
        await asyncio.sleep(0.02)
    return time.monotonic() - start


async def produce(bootstrap: str, topic: str, partitions: int, per_partition: int) -> None:
    from client import AsyncProducer

    async with AsyncProducer(bootstrap, linger_ms=2) as producer:
        futures = [
            await producer.send(topic, b"m%d" % i, partition=i % partitions)
            for i in range(partitions * per_partition)
        ]
        await asyncio.gather(*futures)

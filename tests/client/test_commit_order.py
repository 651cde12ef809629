"""A commit retried after its coordinator moved never sets a partition back to an older offset
that a newer, acknowledged commit has replaced (sockets-free: a scripted coordinator)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from client.group_offsets import GroupOffsets
from client.membership import Action, Generation, GroupConfig, MemberState
from client.structs import OffsetAndMetadata, TopicPartition
from client.subscription import SubscriptionState
from protocol.errors import ErrorCode

A, B = TopicPartition("t", 0), TopicPartition("t", 1)


class ScriptedCoordinator:
    """Answers OffsetCommit from a script; records what each request carried and what stands."""

    def __init__(self) -> None:
        self.generation = Generation(1, "m")
        self.state = MemberState.STABLE
        self.rebalancing = False
        self.sent: list[dict[TopicPartition, int]] = []
        self.committed: dict[TopicPartition, int] = {}
        self.gates: list[asyncio.Event | None] = []  # per request: answer once set (None: at once)
        self.codes: list[int] = []  # per request: its answer's error code

    async def send(self, api_key: int, body: Any, timeout: float | None = None) -> tuple[int, Any]:
        i = len(self.sent)
        offsets = {
            TopicPartition(t["name"], p["partition_index"]): p["committed_offset"]
            for t in body["topics"]
            for p in t["partitions"]
        }
        self.sent.append(offsets)
        gate = self.gates[i] if i < len(self.gates) else None
        if gate is not None:
            await gate.wait()
        code = self.codes[i] if i < len(self.codes) else 0
        if code == 0:
            self.committed.update(offsets)
        topics = [
            SimpleNamespace(
                name="t", partitions=[SimpleNamespace(partition_index=tp.partition, error_code=code)]
            )
            for tp in offsets
        ]
        return 8, SimpleNamespace(topics=topics)

    def mark_coordinator_dead(self, reason: str) -> None:
        pass

    def request_rejoin(self, reason: str) -> None:
        pass

    def lose_generation(self, generation: Generation, action: Action, reason: str) -> None:
        pass


def offsets_component(coordinator: ScriptedCoordinator) -> GroupOffsets:
    client = SimpleNamespace(
        config=SimpleNamespace(request_timeout_ms=5_000, retry_backoff_ms=1, retry_backoff_max_ms=5)
    )
    subs = SubscriptionState()
    subs.subscribe(["t"])
    return GroupOffsets(client, GroupConfig("g"), subs, coordinator)  # type: ignore[arg-type]


async def test_a_retried_commit_does_not_undo_a_newer_acknowledged_one() -> None:
    coordinator = ScriptedCoordinator()
    offsets = offsets_component(coordinator)
    held = asyncio.Event()
    # The first commit's answer is NOT_COORDINATOR (its coordinator moved), delivered only after a
    # second, newer commit of the same partition was acknowledged.
    coordinator.gates = [held, None]
    coordinator.codes = [ErrorCode.NOT_COORDINATOR, 0]
    first = asyncio.create_task(offsets.commit({A: OffsetAndMetadata(10), B: OffsetAndMetadata(7)}))
    while not coordinator.sent:
        await asyncio.sleep(0)
    await offsets.commit({A: OffsetAndMetadata(20)})
    held.set()
    await first
    # the retry carries B only: A's 10 would have replaced the acknowledged 20
    assert coordinator.sent == [{A: 10, B: 7}, {A: 20}, {B: 7}]
    assert coordinator.committed == {A: 20, B: 7}


async def test_a_commit_whose_partitions_were_all_superseded_is_not_sent_again() -> None:
    coordinator = ScriptedCoordinator()
    offsets = offsets_component(coordinator)
    held = asyncio.Event()
    coordinator.gates = [held, None]
    coordinator.codes = [ErrorCode.COORDINATOR_LOAD_IN_PROGRESS, 0]
    first = asyncio.create_task(offsets.commit({A: OffsetAndMetadata(10)}))
    while not coordinator.sent:
        await asyncio.sleep(0)
    await offsets.commit({A: OffsetAndMetadata(20)})
    held.set()
    await first
    assert coordinator.sent == [{A: 10}, {A: 20}]
    assert coordinator.committed == {A: 20}


async def test_an_older_commit_acknowledged_after_a_newer_one_is_what_the_coordinator_holds() -> None:
    """Both acknowledged, in the order the coordinator answered: nothing for the client to redo."""
    coordinator = ScriptedCoordinator()
    offsets = offsets_component(coordinator)
    await offsets.commit({A: OffsetAndMetadata(5)})
    await offsets.commit({A: OffsetAndMetadata(6)})
    assert coordinator.sent == [{A: 5}, {A: 6}]

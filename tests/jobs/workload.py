"""A generated consumer-group workload against a real broker process, and the broker's own answers.

Real clients drive it: aiokafka consumers join, rebalance, commit and leave; raw requests
(tests.helpers.RawConnection) commit for simple groups (with a leader epoch, or an explicit
retention), delete groups and offsets, and read back the broker's answers: OffsetFetch,
DescribeGroups, ListOffsets. The consumers' heartbeats need a running event loop while the test
runs Spark, so the whole asyncio side lives in a `LoopThread`.

Steps that depend on issue 6 are conditional: a compaction pass in the middle when the broker
has a cleaner (`broker/log/cleaner.py`), and offset expiry, observed (an explicitly retained
commit that the broker drops) rather than assumed. `Workload.features` says what happened.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import random
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import KafkaError
from aiokafka.structs import OffsetAndMetadata

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import BrokerProcess, RawConnection

T = TypeVar("T")

TOPICS = {"orders": 4, "payments": 3, "clicks": 2}
SESSION_MS = 10_000  # generous: Spark shares the 2 cores with the broker and the consumers
HEARTBEAT_MS = 150


def compaction_available() -> bool:
    """Issue 6: the log cleaner."""
    return importlib.util.find_spec("broker.log.cleaner") is not None


def broker_properties() -> dict[str, str]:
    props = {
        "offsets.topic.num.partitions": "6",
        "offsets.topic.segment.bytes": "6000",  # many segments per offsets partition
        "offsets.retention.check.interval.ms": "200",
        "log.segment.bytes": "4000",  # and per data partition
        "num.partitions": "1",
    }
    if compaction_available():
        props.update(
            {
                "log.cleaner.backoff.ms": "200",
                "log.cleaner.min.cleanable.ratio": "0.01",
                "log.cleaner.min.compaction.lag.ms": "0",
            }
        )
    return props


class LoopThread:
    """An asyncio loop in a thread: `run(coro)` from the test's thread waits for the result."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="workload-loop", daemon=True)
        self.thread.start()

    def run(self, coro: Awaitable[T], timeout: float = 180) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


@dataclass
class Answers:
    """What the broker answers, as a client sees it."""

    offsets: dict[
        str, dict[tuple[str, int], tuple[int, int, str]]
    ]  # OffsetFetch: offset, leader epoch, metadata
    described: dict[
        str, tuple[int, str, str, frozenset[str]]
    ]  # DescribeGroups: error, state, protocol, members
    generations: dict[str, int]  # what the live members of each stable group were told
    log_end: dict[tuple[str, int], int]  # ListOffsets latest


@dataclass
class Workload:
    broker: BrokerProcess
    groups: set[str] = field(default_factory=set)
    deleted: set[str] = field(default_factory=set)
    consumers: dict[str, list[AIOKafkaConsumer]] = field(default_factory=dict)
    features: dict[str, str] = field(default_factory=dict)
    noise_commits: dict[tuple[str, int], list[int]] = field(default_factory=dict)
    commits: int = 0
    rebalances: int = 0
    _pollers: dict[AIOKafkaConsumer, asyncio.Task] = field(default_factory=dict)
    _noise: asyncio.Task | None = None
    _noise_stop: asyncio.Event | None = None
    _rng: random.Random = field(default_factory=lambda: random.Random(8))

    @property
    def bootstrap(self) -> str:
        return self.broker.bootstrap

    # --- raw requests ------------------------------------------------------------------------

    async def request(self, api: ApiKey, version: int, body: dict) -> Any:
        conn = await RawConnection.open(self.broker.port)
        try:
            return await conn.request(api, version, body)
        finally:
            await conn.close()

    async def raw_commit(
        self,
        group: str,
        offsets: dict[tuple[str, int], int],
        *,
        version: int = 8,
        retention_ms: int = -1,
        leader_epoch: int = -1,
        metadata: str = "",
    ) -> None:
        by_topic: dict[str, list[dict]] = {}
        for (topic, p), off in sorted(offsets.items()):
            by_topic.setdefault(topic, []).append(
                {
                    "partition_index": p,
                    "committed_offset": off,
                    "committed_leader_epoch": leader_epoch,
                    "committed_metadata": metadata,
                }
            )
        r = await self.request(
            ApiKey.OFFSET_COMMIT,
            version,
            {
                "group_id": group,
                "generation_id_or_member_epoch": -1,
                "member_id": "",
                "group_instance_id": None,
                "retention_time_ms": retention_ms,
                "topics": [{"name": t, "partitions": ps} for t, ps in by_topic.items()],
            },
        )
        errors = {p.error_code for t in r.topics for p in t.partitions}
        assert errors == {ErrorCode.NONE}, (group, errors)
        self.groups.add(group)
        self.commits += 1

    async def delete_groups(self, *groups: str) -> None:
        r = await self.request(ApiKey.DELETE_GROUPS, 2, {"groups_names": list(groups)})
        assert {x.error_code for x in r.results} == {ErrorCode.NONE}, r
        self.deleted.update(groups)

    async def offset_fetch(self, group: str) -> dict[tuple[str, int], tuple[int, int, str]]:
        r = await self.request(
            ApiKey.OFFSET_FETCH, 7, {"group_id": group, "topics": None, "require_stable": False}
        )
        assert r.error_code == ErrorCode.NONE, (group, r.error_code)
        out = {}
        for t in r.topics:
            for p in t.partitions:
                assert p.error_code == ErrorCode.NONE
                if p.committed_offset >= 0:
                    out[(t.name, p.partition_index)] = (
                        p.committed_offset,
                        p.committed_leader_epoch,
                        p.metadata or "",
                    )
        return out

    async def describe(self, groups: list[str]) -> dict[str, tuple[int, str, str, frozenset[str]]]:
        r = await self.request(
            ApiKey.DESCRIBE_GROUPS, 5, {"groups": groups, "include_authorized_operations": False}
        )
        return {
            g.group_id: (
                g.error_code,
                g.group_state,
                g.protocol_data,
                frozenset(m.member_id for m in g.members),
            )
            for g in r.groups
        }

    async def list_offsets(self) -> dict[tuple[str, int], int]:
        topics = [
            {
                "name": t,
                "partitions": [
                    {"partition_index": p, "current_leader_epoch": -1, "timestamp": -1} for p in range(n)
                ],
            }
            for t, n in TOPICS.items()
        ]
        r = await self.request(
            ApiKey.LIST_OFFSETS, 4, {"replica_id": -1, "isolation_level": 0, "topics": topics}
        )
        return {(t.name, p.partition_index): p.offset for t in r.topics for p in t.partitions}

    # --- consumers ---------------------------------------------------------------------------

    async def consumer(self, group: str, topics: list[str]) -> AIOKafkaConsumer:
        c = AIOKafkaConsumer(
            *topics,
            bootstrap_servers=self.bootstrap,
            group_id=group,
            enable_auto_commit=False,
            session_timeout_ms=SESSION_MS,
            heartbeat_interval_ms=HEARTBEAT_MS,
            auto_offset_reset="earliest",
            client_id=f"wl-{group}",
            fetch_max_wait_ms=50,
        )
        await c.start()
        self.groups.add(group)
        self.consumers.setdefault(group, []).append(c)
        self._pollers[c] = asyncio.create_task(self._poll(c))
        return c

    async def _poll(self, c: AIOKafkaConsumer) -> None:
        with contextlib.suppress(asyncio.CancelledError, KafkaError):
            while True:
                await c.getmany(timeout_ms=100, max_records=10)

    async def stop_consumer(self, group: str, c: AIOKafkaConsumer) -> None:
        task = self._pollers.pop(c)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await c.stop()
        self.consumers[group].remove(c)

    async def settle(self, group: str, timeout: float = 30) -> int:
        """Wait until the group's live consumers share one generation and own every partition."""
        members = self.consumers[group]
        deadline = time.monotonic() + timeout
        while True:
            gens = {c._coordinator.generation for c in members}
            owned = [tp for c in members for tp in c.assignment()]
            wanted = {TopicPartition(t, p) for t in members[0].subscription() for p in range(TOPICS[t])}
            if len(gens) == 1 and min(gens) > 0 and len(owned) == len(set(owned)) and set(owned) == wanted:
                return gens.pop()
            if time.monotonic() > deadline:
                raise TimeoutError(f"{group} did not settle: generations {gens}, owned {owned}")
            await asyncio.sleep(0.05)

    async def commit_round(self, group: str, rounds: int = 3) -> None:
        """Every live member commits offsets (growing, below the log end) for its partitions."""
        for _ in range(rounds):
            for c in list(self.consumers[group]):
                offsets = {
                    tp: OffsetAndMetadata(self._rng.randrange(1, 60), f"r{self.commits}")
                    for tp in c.assignment()
                }
                for attempt in range(20):
                    try:
                        await c.commit(offsets)
                        break
                    except KafkaError:  # a rebalance in between: settle and retry
                        if attempt == 19:
                            raise
                        await self.settle(group)
                        offsets = {tp: o for tp, o in offsets.items() if tp in c.assignment()}
                self.commits += 1
            await asyncio.sleep(0.02)

    # --- the scenario ------------------------------------------------------------------------

    async def setup(self) -> None:
        admin = AIOKafkaAdminClient(bootstrap_servers=self.bootstrap)
        await admin.start()
        try:
            await admin.create_topics([NewTopic(t, n, 1) for t, n in TOPICS.items()])
        finally:
            await admin.close()
        producer = AIOKafkaProducer(bootstrap_servers=self.bootstrap, linger_ms=5)
        await producer.start()
        try:
            for t, n in TOPICS.items():
                for p in range(n):
                    for i in range(60 + 17 * p):
                        await producer.send(t, b"m%d" % i, partition=p)
            await producer.flush()
        finally:
            await producer.stop()

    async def group_lifecycle(self, group: str, topics: list[str], sizes: list[int]) -> None:
        """Members come and go following `sizes` (e.g. [1, 3, 2]); commits at each step."""
        for size in sizes:
            members = self.consumers.get(group, [])
            while len(members) < size:
                await self.consumer(group, topics)
                members = self.consumers[group]
            while len(members) > size:
                await self.stop_consumer(group, members[-1])
            if size:
                await self.settle(group)
                self.rebalances += 1
                await self.commit_round(group)

    async def run_scenarios(self) -> None:
        await self.setup()
        expiring = "simple-expiring"
        await self.raw_commit(expiring, {("clicks", 0): 5}, version=2, retention_ms=1500)
        await asyncio.gather(
            *(self.group_lifecycle(f"steady-{i}", ["orders"], [1]) for i in range(3)),
            *(self.group_lifecycle(f"grow-{i}", ["orders", "payments"], [1, 2, 3]) for i in range(3)),
            *(self.group_lifecycle(f"shrink-{i}", ["payments"], [3, 1]) for i in range(2)),
            *(self.group_lifecycle(f"empty-{i}", ["clicks", "orders"], [2, 0]) for i in range(2)),
            *(self.group_lifecycle(f"deleted-{i}", ["orders"], [1, 2, 0]) for i in range(2)),
            self.group_lifecycle("reborn", ["payments"], [2, 0]),
            self.group_lifecycle("offdel", ["orders", "clicks"], [1, 0]),
            self.simple_commits(),
        )
        await self.delete_groups("deleted-0", "deleted-1", "reborn")
        r = await self.request(
            ApiKey.OFFSET_DELETE,
            0,
            {
                "group_id": "offdel",
                "topics": [
                    {"name": "clicks", "partitions": [{"partition_index": 0}, {"partition_index": 1}]}
                ],
            },
        )
        assert r.error_code == ErrorCode.NONE, r
        await self.maybe_compact()
        # the deleted group comes back: a new incarnation, generations from 1 again
        await self.group_lifecycle("reborn", ["payments", "clicks"], [1, 2])
        await self.commit_round("steady-0", rounds=2)
        # offset expiry (issue 6): the offset committed with a 1.5 s retention goes, if the broker
        # expires offsets (its tombstone is then in the log); given 5 s more at most
        deadline = time.monotonic() + 5
        while await self.offset_fetch(expiring) and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        self.features["offset expiry"] = (
            "observed: the broker expired an offset committed with a 1.5 s retention"
            if not await self.offset_fetch(expiring)
            else "not observed: the broker still holds an offset committed with a 1.5 s retention"
        )

    async def simple_commits(self) -> None:
        """Groups without members (assign() consumers, admin tools): commits with generation -1."""
        for i in range(8):
            await self.raw_commit(
                "simple-epochs",
                {("orders", p): 10 * i + p for p in range(4)},
                leader_epoch=i,
                metadata=f"batch {i}",
            )
            await self.raw_commit(
                "simple-old", {("payments", i % 3): 3 + i}, version=2, retention_ms=86_400_000
            )  # Kafka writes value v1: an expire timestamp
            await asyncio.sleep(0.01)

    async def maybe_compact(self) -> None:
        """Issue 6: wait for a cleaner pass over __consumer_offsets, when the broker has a cleaner."""
        if not compaction_available():
            self.features["compaction"] = "skipped (no broker/log/cleaner.py: issue 6 not built)"
            return
        checkpoint = self.broker.data_dir / "cleaner-offset-checkpoint"
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if checkpoint.exists() and "__consumer_offsets" in checkpoint.read_text(errors="replace"):
                self.features["compaction"] = "a cleaner pass ran mid-workload"
                return
            await asyncio.sleep(0.2)
        self.features["compaction"] = "cleaner present, no pass seen within 20 s"

    # --- writes during a copy or a live read --------------------------------------------------

    async def start_noise(self) -> None:
        """Commit continuously (a simple group on clicks) until `stop_noise`."""
        self._noise_stop = asyncio.Event()

        async def noise() -> None:
            n = 0
            while not self._noise_stop.is_set():
                n += 1
                offsets = {("clicks", p): n for p in range(2)}
                await self.raw_commit("noise", offsets)
                for tp, off in offsets.items():
                    self.noise_commits.setdefault(tp, []).append(off)
                await asyncio.sleep(0.002)

        self._noise = asyncio.create_task(noise())
        while not self.noise_commits:
            await asyncio.sleep(0.01)

    async def stop_noise(self) -> None:
        assert self._noise is not None and self._noise_stop is not None
        self._noise_stop.set()
        await self._noise

    # --- the broker's answers ----------------------------------------------------------------

    async def generations(self) -> dict[str, int]:
        return {g: await self.settle(g) for g, members in self.consumers.items() if members}

    async def answers(self) -> Answers:
        """The broker's answers once every group with members is settled (Stable, the members'
        generation unchanged across the questions): a member dropped under load (the test
        shares 2 cores with Spark) makes its group rebalance; then ask again."""
        groups = sorted(self.groups)
        for _ in range(10):
            before = await self.generations()
            offsets = {g: await self.offset_fetch(g) for g in groups}
            described = await self.describe(groups)
            log_end = await self.list_offsets()
            if await self.generations() == before and all(described[g][1] == "Stable" for g in before):
                return Answers(offsets, described, before, log_end)
            await asyncio.sleep(0.5)
        raise AssertionError(f"groups do not stay settled: {described}")

    async def close(self) -> None:
        for g, members in self.consumers.items():
            for c in list(members):
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self.stop_consumer(g, c), 10)


def run_workload(
    loop: LoopThread, data_dir: Path, during_noise: Callable[[Workload], Any]
) -> tuple[Workload, Answers, Any]:
    """Start a broker, run the scenarios, call `during_noise(workload)` while the noise group
    commits, then collect the broker's answers. The broker is left running: stop it."""
    broker = BrokerProcess(data_dir, extra=broker_properties()).start()
    wl = Workload(broker)
    try:
        loop.run(wl.run_scenarios())
        loop.run(wl.start_noise())
        try:
            during = during_noise(wl)
        finally:
            loop.run(wl.stop_noise())
        answers = loop.run(wl.answers())
    except BaseException:
        print(broker.log()[-5000:])
        broker.kill()
        raise
    return wl, answers, during

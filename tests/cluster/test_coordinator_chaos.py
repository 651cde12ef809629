"""Group coordinators under kill -9: 30 groups of four different clients (aiokafka, confluent-kafka,
kafka-python and ours) consume a topic of three replicas and commit after every batch, while a
broker (the controller every other round, coordinators and offsets leaders always, since every
broker leads some offsets partitions) is killed and restarted, ten rounds.

After each round and at the end no acknowledged commit is lost and no committed offset moved
back, read with OffsetFetch (and at the end with the Spark data source over the three brokers'
data dirs); every group is Stable with every partition assigned; and after each kill every group
committed again within its session timeout + 5 s (the distribution is printed). `Chaos` runs the
same scenario on a SASL_SSL-only cluster (test_secure_cluster_chaos.py)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import statistics
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from aiokafka import AIOKafkaConsumer
from aiokafka import TopicPartition as AioTP

from broker.group.placement import coordinator_partition
from broker.group.records import OFFSETS_TOPIC
from client import AsyncConsumer, TopicPartition
from protocol.apis import ApiKey
from protocol.consumer_protocol import decode_assignment
from protocol.errors import ErrorCode
from tests.cluster.group_members import Ledger, Pacer, consume_and_commit
from tests.cluster.harness import OFFSETS_PARTITIONS, Cluster, eventually, find_coordinator, metadata, request
from tests.cluster.test_cluster import settled
from tests.cluster.test_replication import create
from tools.producers import acks_all_producer

pytestmark = [pytest.mark.cluster, pytest.mark.interop, pytest.mark.slow, pytest.mark.timeout(900)]

TOPIC, PARTITIONS, ROUNDS = "work", 3, 10
CLIENTS = {"aiokafka": 8, "kbroker": 8, "confluent-kafka": 7, "kafka-python": 7}  # 30 groups
SESSION_MS, HEARTBEAT_MS = 10_000, 1_000
RESUME_BOUND = SESSION_MS / 1000 + 5
ASYNC_MEMBER: dict[str, Any] = {  # aiokafka's and our consumer's settings, named alike
    "enable_auto_commit": False,
    "auto_offset_reset": "earliest",
    "session_timeout_ms": SESSION_MS,
    "heartbeat_interval_ms": HEARTBEAT_MS,
    "metadata_max_age_ms": 2000,
    "request_timeout_ms": 8000,
}


async def aiokafka_member(client: dict[str, Any], ledger: Ledger, stop: asyncio.Event) -> None:
    consumer = AIOKafkaConsumer(TOPIC, group_id=ledger.group, retry_backoff_ms=100, **ASYNC_MEMBER, **client)
    await consumer.start()
    try:
        await consume_and_commit(consumer, AioTP, TOPIC, ledger, stop)
    finally:
        await consumer.stop()


async def kbroker_member(client: dict[str, Any], ledger: Ledger, stop: asyncio.Event) -> None:
    consumer = AsyncConsumer(TOPIC, group_id=ledger.group, **ASYNC_MEMBER, **client)
    await consumer.start()
    try:
        await consume_and_commit(consumer, TopicPartition, TOPIC, ledger, stop)
    finally:
        await consumer.close()


def confluent_member(client: dict[str, Any], ledger: Ledger, stop: threading.Event) -> None:
    from confluent_kafka import Consumer, KafkaException
    from confluent_kafka import TopicPartition as CTP

    consumer = Consumer(
        {
            **client,
            "group.id": ledger.group,
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
            "session.timeout.ms": SESSION_MS,
            "heartbeat.interval.ms": HEARTBEAT_MS,
            "topic.metadata.refresh.interval.ms": 2000,
            "log_level": 2,
        }
    )
    consumer.subscribe([TOPIC])
    pacer = Pacer()
    try:
        while not stop.is_set():
            for msg in consumer.consume(500, 0.2):
                if msg.error() is None:
                    pacer.consumed(msg.partition(), msg.offset())
            offsets = pacer.due()
            if offsets is None:
                continue
            ledger.begin()
            try:
                answered = consumer.commit(
                    offsets=[CTP(TOPIC, p, o) for p, o in offsets.items()], asynchronous=False
                )
            except KafkaException:
                ledger.end(None)
                pacer.dirty = True
                continue
            ok = answered is not None and all(tp.error is None for tp in answered)
            ledger.end(offsets if ok else None)
    finally:
        consumer.close()


def kafka_python_member(client: dict[str, Any], ledger: Ledger, stop: threading.Event) -> None:
    from kafka import KafkaConsumer
    from kafka import TopicPartition as KTP
    from kafka.structs import OffsetAndMetadata as KOAM

    consumer = KafkaConsumer(
        TOPIC,
        **client,
        group_id=ledger.group,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        session_timeout_ms=SESSION_MS,
        heartbeat_interval_ms=HEARTBEAT_MS,
        metadata_max_age_ms=2000,
        request_timeout_ms=12000,
    )
    # kafka-python 3.0.12 loses a rebalance when its first JoinGroup goes out before any metadata
    # for the subscription (README, "What works today"): one metadata round trip first, as
    # tests/interop/group_agent.py does.
    deadline = time.monotonic() + 30
    while TOPIC not in consumer.topics() and time.monotonic() < deadline:
        stop.wait(0.05)
    pacer = Pacer()
    try:
        while not stop.is_set():
            try:
                batches = consumer.poll(timeout_ms=200)
            except Exception:
                continue
            for tp, records in batches.items():
                pacer.consumed(tp.partition, records[-1].offset)
            offsets = pacer.due()
            if offsets is None:
                continue
            ledger.begin()
            try:
                consumer.commit({KTP(TOPIC, p): _kafka_python_offset(KOAM, o) for p, o in offsets.items()})
            except Exception:
                ledger.end(None)
                pacer.dirty = True
            else:
                ledger.end(offsets)
    finally:
        consumer.close(autocommit=False)


def _kafka_python_offset(cls: Callable[..., Any], offset: int) -> Any:
    try:  # kafka-python 2.1 added the leader epoch field
        return cls(offset, "", -1)
    except TypeError:
        return cls(offset, "")


async def writer(client: dict[str, Any], stop: asyncio.Event, written: list[int]) -> None:
    producer = acks_all_producer(**client)
    await producer.start()
    try:
        n = 0
        while not stop.is_set():
            futures = [await producer.send(TOPIC, f"m-{n + i}".encode()) for i in range(20)]
            n += 20
            try:
                await asyncio.gather(*futures)
                written[0] += len(futures)
            except Exception:
                await asyncio.sleep(0.2)
            await asyncio.sleep(0.05)
    finally:
        await producer.stop()


async def in_sync(cluster: Cluster) -> bool:
    """Every partition of the topic and of __consumer_offsets led, with all three replicas in sync."""
    md = await metadata(cluster.brokers[cluster.alive()[0]].port, [TOPIC, OFFSETS_TOPIC])
    parts = [p for t in md.topics for p in t.partitions]
    return len(parts) == PARTITIONS + OFFSETS_PARTITIONS and all(
        p.leader_id != -1 and len(p.isr_nodes) == 3 for p in parts
    )


async def roles(cluster: Cluster, ledgers: list[Ledger]) -> tuple[int, dict[int, int], dict[int, int]]:
    """The controller, how many offsets partitions each broker leads, and how many of our groups
    each coordinates."""
    md = await metadata(cluster.brokers[cluster.alive()[0]].port, [OFFSETS_TOPIC])
    leads = {b: 0 for b in cluster.brokers}
    led_by = {}
    for p in md.topics[0].partitions:
        led_by[p.partition_index] = p.leader_id
        if p.leader_id in leads:
            leads[p.leader_id] += 1
    groups = {b: 0 for b in cluster.brokers}
    for ledger in ledgers:
        b = led_by.get(coordinator_partition(ledger.group, OFFSETS_PARTITIONS), -1)
        if b in groups:
            groups[b] += 1
    return md.controller_id, leads, groups


async def describe(cluster: Cluster, group: str) -> Any:
    async def answer():
        c = await find_coordinator(cluster.brokers[cluster.alive()[0]].port, group)
        if c.error_code != ErrorCode.NONE:
            return None
        r = await request(
            c.port, ApiKey.DESCRIBE_GROUPS, 3, {"groups": [group], "include_authorized_operations": False}
        )
        return r.groups[0] if r.groups[0].error_code == ErrorCode.NONE else None

    return await eventually(answer, 30, f"{group} described")


async def committed(cluster: Cluster, group: str) -> dict[int, int]:
    async def answer():
        c = await find_coordinator(cluster.brokers[cluster.alive()[0]].port, group)
        if c.error_code != ErrorCode.NONE:
            return None
        r = await request(
            c.port,
            ApiKey.OFFSET_FETCH,
            7,
            {
                "group_id": group,
                "topics": [{"name": TOPIC, "partition_indexes": list(range(PARTITIONS))}],
                "require_stable": True,
            },
        )
        if r.error_code != ErrorCode.NONE:
            return None
        return {p.partition_index: p.committed_offset for p in r.topics[0].partitions}

    return await eventually(answer, 30, f"{group}'s committed offsets")


async def spread_groups(cluster: Cluster, clients: dict[str, int]) -> list[Ledger]:
    """The groups, named so that each broker is the preferred coordinator (first replica of the
    offsets partition) of as many of them: whichever broker restarts last, a preferred-leader
    election moves some of our groups back to it."""
    md = await metadata(cluster.brokers[cluster.alive()[0]].port, [OFFSETS_TOPIC])
    preferred = {p.partition_index: p.replica_nodes[0] for p in md.topics[0].partitions}
    brokers, ledgers, j = sorted(cluster.brokers), [], 0
    for k, client in enumerate(c for c, n in clients.items() for _ in range(n)):
        target = brokers[k % len(brokers)]
        while preferred[coordinator_partition(f"chaos-{client}-{j}", OFFSETS_PARTITIONS)] != target:
            j += 1
        ledgers.append(Ledger(f"chaos-{client}-{j}", client))
        j += 1
    return ledgers


class Chaos:
    """Groups of four clients committing after every batch and an acks=all writer, on any cluster
    (its `client` settings say how to reach it); `round` kills a broker -9 and restarts it;
    `read_back` checks what the coordinators answer against what each group was told."""

    def __init__(self, cluster: Cluster, clients: dict[str, int]) -> None:
        self.cluster, self.clients = cluster, clients
        self.ledgers: list[Ledger] = []
        self.stop_async, self.stop_threads = asyncio.Event(), threading.Event()
        self.written = [0]
        self.thread_errors: list[BaseException] = []
        self.tasks: list[asyncio.Task[Any]] = []
        self.threads: list[threading.Thread] = []
        self.rng = random.Random()
        self.resumes: list[float] = []  # seconds from a kill to each group's next acknowledged commit
        self.late: list[tuple[int, str, float | None]] = []
        self.landed: list[int] = []  # commits in flight at each kill
        self.victims: list[str] = []
        self.seen: dict[tuple[str, int], int] = {}  # the highest committed offset read back
        self.lost: list[tuple[str, int, int, int]] = []  # group, partition, acknowledged, read
        self.moved_back: list[tuple[str, int, int, int]] = []  # group, partition, read before, now

    async def start(self) -> None:
        cluster = self.cluster
        await settled(cluster)
        await create(cluster, TOPIC, PARTITIONS)
        await eventually(lambda: in_sync(cluster), 30, "every replica in sync")

        async def known_everywhere() -> bool:  # a client may bootstrap at any of them
            for b in cluster.alive():
                md = await metadata(cluster.brokers[b].port, [TOPIC])
                if md.topics[0].error_code != ErrorCode.NONE or len(md.topics[0].partitions) != PARTITIONS:
                    return False
            return True

        await eventually(known_everywhere, 30, f"every broker to know {TOPIC}")
        self.ledgers = await spread_groups(cluster, self.clients)
        self.tasks.append(
            asyncio.create_task(writer(cluster.client("aiokafka"), self.stop_async, self.written))
        )
        for ledger in self.ledgers:
            if ledger.client == "aiokafka":
                member = aiokafka_member(cluster.client("aiokafka"), ledger, self.stop_async)
                self.tasks.append(asyncio.create_task(member))
            elif ledger.client == "kbroker":
                member = kbroker_member(cluster.client("aiokafka"), ledger, self.stop_async)
                self.tasks.append(asyncio.create_task(member))
            else:
                target = confluent_member if ledger.client == "confluent-kafka" else kafka_python_member
                args = (cluster.client(ledger.client), ledger, self.stop_threads)
                self.threads.append(threading.Thread(target=self._guarded(target), args=args, daemon=True))
        for t in self.threads:
            t.start()
        try:
            await eventually(
                lambda: asyncio.sleep(
                    0, self.healthy() and all(len(x.acked) == PARTITIONS for x in self.ledgers)
                ),
                90,
                "every group consuming and committing every partition",
            )
        except TimeoutError as e:
            behind = {x.group: (x.acked, x.failures) for x in self.ledgers if len(x.acked) < PARTITIONS}
            raise AssertionError(f"groups not committing every partition (acked, failures): {behind}") from e

    def _guarded(self, target: Callable[..., None]) -> Callable[..., None]:
        def run(*args: Any) -> None:
            try:
                target(*args)
            except BaseException as e:
                self.thread_errors.append(e)
                raise

        return run

    def healthy(self) -> bool:
        crashed = [t for t in self.tasks if t.done()] + self.thread_errors
        assert not crashed, f"a member stopped: {crashed[:3]}"
        return True

    async def resumed(self, since: float) -> bool:
        """Every group has had a commit acknowledged since `since`."""
        return self.healthy() and all(x.committed_since(since) is not None for x in self.ledgers)

    async def round(self, r: int, rounds: int) -> None:
        """Kill -9 the controller, or the broker coordinating the most of our groups (a restarted
        broker leads nothing until leadership moves to it again; the last round kills the latter),
        at a random point of the commits; restart it once every group committed again."""
        cluster = self.cluster
        controller, leads, coordinates = await roles(cluster, self.ledgers)
        others = [b for b in cluster.brokers if b != controller]
        busiest = max(others, key=lambda b: (coordinates[b], self.rng.random()))
        victim = busiest if (rounds - 1 - r) % 2 == 0 else controller
        await asyncio.sleep(self.rng.uniform(0.1, 1.5))
        self.landed.append(sum(x.in_flight for x in self.ledgers))
        killed_at = time.monotonic()
        cluster.brokers[victim].kill()
        self.victims.append(
            f"{victim}{' (controller)' if victim == controller else ''}: leads {leads[victim]} "
            f"offsets partitions, coordinates {coordinates[victim]} groups"
        )
        with contextlib.suppress(TimeoutError):  # reported by check(): which groups, how late
            await eventually(
                lambda: self.resumed(killed_at), RESUME_BOUND + 30, f"every group after round {r}"
            )
        for x in self.ledgers:
            took = x.committed_since(killed_at)
            if took is not None:
                self.resumes.append(took)
            if took is None or took > RESUME_BOUND:
                self.late.append((r, x.group, took))
        cluster.brokers[victim].start()
        await eventually(lambda: in_sync(cluster), 60, f"broker {victim} back in every ISR")
        await self.read_back()

    async def read_back(self) -> None:
        """OffsetFetch every group: no offset acknowledged before the read is missing, and no
        committed offset is below one read earlier."""
        for x in self.ledgers:
            with x.lock:
                acked = dict(x.acked)
            got = await committed(self.cluster, x.group)
            for p, o in got.items():
                if o < acked.get(p, -1):
                    self.lost.append((x.group, p, acked[p], o))
                before = self.seen.get((x.group, p), -1)
                if o < before:
                    self.moved_back.append((x.group, p, before, o))
                self.seen[(x.group, p)] = max(before, o)

    async def all_stable(self) -> None:
        """Every group Stable, its one member holding every partition."""
        for x in self.ledgers:

            async def stable(x: Ledger = x) -> Any:
                g = await describe(self.cluster, x.group)
                if g.group_state != "Stable" or len(g.members) != 1:
                    return None
                assigned = decode_assignment(g.members[0].member_assignment).partitions()
                return sorted(assigned) == [(TOPIC, p) for p in range(PARTITIONS)]

            assert await eventually(stable, 30, f"{x.group} Stable with every partition assigned")

    async def stop(self) -> None:
        self.stop_async.set()
        self.stop_threads.set()
        results = await asyncio.gather(*self.tasks, return_exceptions=True)
        for t in self.threads:
            await asyncio.to_thread(t.join, 60)
        crashed = [r for r in results if isinstance(r, BaseException)]
        assert not crashed, f"members failed: {crashed[:3]}"

    def report(self) -> str:
        resumes = sorted(self.resumes)
        return (
            f"{len(self.victims)} kills: {'; '.join(self.victims)}\n"
            f"commits in flight at each kill: {self.landed}; records written: {self.written[0]}\n"
            f"acknowledged commits: {sum(len(x.acked_at) for x in self.ledgers)}, failed: "
            f"{sum(x.failures for x in self.ledgers)}\n"
            f"resume after a kill (s), {len(resumes)} group-rounds: median {statistics.median(resumes):.2f}, "
            f"p90 {resumes[int(len(resumes) * 0.9)]:.2f}, max {resumes[-1]:.2f} (bound {RESUME_BOUND:.0f})"
        )

    def check(self) -> None:
        """After stop(): every group resumed in time, the kills hit commits in flight, a controller
        died, and nothing acknowledged was lost or moved back, read back once more."""
        rounds = len(self.victims)
        assert not self.late, f"groups that did not resume within {RESUME_BOUND} s: {self.late[:10]}"
        assert sum(1 for n in self.landed if n > 0) >= rounds // 2, (
            f"the kills missed the commits: {self.landed}"
        )
        assert any("(controller)" in v for v in self.victims)
        assert not self.lost, f"acknowledged commits lost (group, partition, acknowledged, read): {self.lost}"
        assert not self.moved_back, f"commits moved back (group, partition, before, now): {self.moved_back}"


async def test_thirty_groups_of_four_clients_lose_no_commit_when_brokers_die(make_cluster, spark):
    cluster = make_cluster(3, replica_lag_time_max_ms="3000")
    chaos = Chaos(cluster, CLIENTS)
    try:
        await chaos.start()
        for r in range(ROUNDS):
            await chaos.round(r, ROUNDS)
        await chaos.all_stable()
    finally:
        await chaos.stop()
    print(f"\n{chaos.report()}")
    await chaos.read_back()  # 0 acknowledged commits lost, as the coordinators answer it ...
    chaos.check()

    # ... and as the Spark data source reads the three brokers' data dirs, one copy per partition.
    cluster.stop()
    from jobs import analysis

    dirs = [str(b.data_dir) for b in cluster.brokers.values()]
    df = spark.read.format("kbroker-offsets").load(",".join(dirs))
    replicas = {
        (r["log_partition"], r["replica"]) for r in df.select("log_partition", "replica").distinct().collect()
    }
    assert len(replicas) == len({p for p, _ in replicas}), f"a partition read from two replicas: {replicas}"
    assert {b for _, b in replicas} <= set(cluster.brokers)
    latest = {
        (r["group"], r["partition"]): r["committed_offset"]
        for r in analysis.latest_offsets(df).where(f"topic = '{TOPIC}'").collect()
    }
    for x in chaos.ledgers:
        lost = {
            p: (o, latest.get((x.group, p))) for p, o in x.acked.items() if latest.get((x.group, p), -1) < o
        }
        assert not lost, f"Spark: {x.group} lost acknowledged commits: {lost}"

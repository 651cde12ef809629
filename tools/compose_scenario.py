"""The client scenario of `make compose-test`, run on the host against docker-compose.yml's cluster.

    python tools/compose_scenario.py --compose docker-compose --project P wait-healthy
    python tools/compose_scenario.py --compose docker-compose --project P scenario

1. aiokafka and confluent-kafka bootstrap at 127.0.0.1:19092,19093,19094: aiokafka creates a
   topic, both produce (acks=all, every acknowledgement recorded), a group of three members (two
   aiokafka, one confluent-kafka) consumes everything and commits.
2. `docker kill` broker-2. Every partition has three replicas (min.insync.replicas=2), so what
   it led gets a new leader from its in-sync replicas, `__consumer_offsets` included: nothing
   becomes unavailable. Every acknowledged message is still there, acks=all writes go on with two
   brokers, the group's committed offsets read back unchanged and the group carries on from them.
   Then `docker-compose start broker-2`: it rejoins as a follower of everything it held, catches up
   (back in every ISR), and every acknowledged message and commit is still there.
3. A fourth broker: `docker-compose --profile scale up -d broker-4` (docker-compose.yml's `scale`
   profile, not started by `up -d`). Under acks=all produce load and a consuming group,
   kbroker-reassign-partitions --generate, then --execute with a replication throttle moves half
   the partitions of a pre-filled topic onto it (each losing its preferred leader to broker 4),
   --verify until it reports completion. Checked: the moves are done (replicas and leaders), the
   copy onto broker 4 (its log sizes, sampled with DescribeLogDirs) stayed within the throttle,
   every acknowledged record is read back, the group saw every offset of every partition, none
   skipped, and --verify cleared the throttles.
Every wait is bounded by a deadline; a failed check raises with what was seen.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, ConsumerRebalanceListener, TopicPartition  # noqa: E402
from aiokafka.admin import AIOKafkaAdminClient, NewTopic  # noqa: E402
from confluent_kafka import Consumer, KafkaException, Producer  # noqa: E402

from broker.group.records import OFFSETS_TOPIC  # noqa: E402
from broker.healthcheck import request  # noqa: E402
from protocol.apis import ApiKey  # noqa: E402
from tools.producers import acks_all_producer, prefill_partitions  # noqa: E402

PORTS = {1: 19092, 2: 19093, 3: 19094}  # each broker's EXTERNAL listener on this host
BOOTSTRAP = ",".join(f"127.0.0.1:{p}" for p in PORTS.values())
SERVICES = ("zookeeper", "broker-1", "broker-2", "broker-3")
TOPIC, PARTITIONS, GROUP = "compose-events", 6, "compose-group"
PER_CLIENT = 1000  # messages each producer (aiokafka, confluent-kafka) writes in step 1
VICTIM = 2  # the broker step 2 kills
# Step 3: broker-4 (the `scale` profile) and the topic whose half moves onto it.
NEW, NEW_PORT = 4, 19095
MOVING, MOVING_PARTITIONS, MOVED = "compose-moving", 6, (0, 1, 2)
MOVING_GROUP = "compose-moving-group"
PREFILL, VALUE = 500, 1000  # records of VALUE bytes in each moved partition before the move
THROTTLE = 100_000  # bytes/s, kbroker-reassign-partitions --throttle: the bulk takes ~13 s

T = TypeVar("T")
Record = tuple[int, int, bytes]  # partition, offset, value


START = time.monotonic()


def log(msg: str) -> None:
    print(f"compose-test: [{time.monotonic() - START:5.1f}s]   {msg}", flush=True)


class Compose:
    def __init__(self, command: str, project: str):
        # The `scale` profile too, so that broker-4 can be named; `up -d` (compose_test.sh) leaves it out.
        self.base = [
            *shlex.split(command),
            "-p",
            project,
            "-f",
            str(ROOT / "docker-compose.yml"),
            "--profile",
            "scale",
        ]

    def run(self, *args: str) -> str:
        r = subprocess.run([*self.base, *args], capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            raise RuntimeError(f"{' '.join(args)}: {r.stderr.strip()}")
        return r.stdout

    def container(self, service: str) -> str:
        cid = self.created(service)
        if not cid:
            raise RuntimeError(f"no container for {service}")
        return cid

    def created(self, service: str) -> str:
        """The service's container id, "" when there is none."""
        return self.run("ps", "-q", service).strip()

    def state(self, service: str) -> str:
        """`running healthy`, `running starting`, `exited`, ... as docker inspect says."""
        r = subprocess.run(
            [
                "docker",
                "inspect",
                "-f",
                "{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}}",
                self.container(service),
            ],
            capture_output=True,
            text=True,
            timeout=30,
        )
        return r.stdout.strip()


async def until(
    what: str, check: Callable[[], Awaitable[T | None]], timeout: float, interval: float = 0.5
) -> T:
    """Poll `check` until it returns something truthy, with a deadline; its errors are retried."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while True:
        try:
            last = await check()
            if last:
                return last
        except Exception as e:  # retried until the deadline, then reported
            last = repr(e)
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout:.0f}s waiting for {what}; last seen: {last}")
        await asyncio.sleep(interval)


def ask(broker: int, api_key: ApiKey, version: int, body: dict) -> Any:
    return request("127.0.0.1", {**PORTS, NEW: NEW_PORT}[broker], api_key, version, body)


def metadata(broker: int, topics: list[str]) -> Any:
    return ask(
        broker,
        ApiKey.METADATA,
        12,
        {"topics": [{"name": t} for t in topics], "allow_auto_topic_creation": False},
    )


def leaders(md: Any, topic: str) -> dict[int, tuple[int, int]]:
    """partition -> (leader, error code)"""
    for t in md.topics:
        if t.name == topic:
            return {p.partition_index: (p.leader_id, p.error_code) for p in t.partitions}
    return {}


def coordinator(broker: int, group: str) -> tuple[int, int]:
    r = ask(broker, ApiKey.FIND_COORDINATOR, 3, {"key": group, "key_type": 0})
    return r.error_code, r.node_id


# --- clients ------------------------------------------------------------------------------------


async def produce_aiokafka(n: int, partitions: list[int], tag: str) -> list[Record]:
    producer = AIOKafkaProducer(bootstrap_servers=BOOTSTRAP, acks="all")
    await producer.start()
    try:
        futures = []
        for i in range(n):
            value = f"{tag}-{i}".encode()
            futures.append(
                (value, await producer.send(TOPIC, value, partition=partitions[i % len(partitions)]))
            )
        return [(md.partition, md.offset, value) for value, fut in futures for md in [await fut]]
    finally:
        await producer.stop()


def produce_confluent(
    n: int, partitions: list[int], tag: str, timeout_ms: int = 30000
) -> tuple[list[Record], list[str]]:
    """Acknowledged records and the errors of those that were not."""
    acked: list[Record] = []
    errors: list[str] = []

    def done(err: Any, msg: Any) -> None:
        if err is None:
            acked.append((msg.partition(), msg.offset(), msg.value()))
        else:
            errors.append(err.name())

    p = Producer(
        {"bootstrap.servers": BOOTSTRAP, "acks": "all", "message.timeout.ms": timeout_ms, "log_level": 2}
    )
    for i in range(n):
        p.produce(TOPIC, f"{tag}-{i}".encode(), partition=partitions[i % len(partitions)], on_delivery=done)
        p.poll(0)
    p.flush(timeout_ms / 1000 + 10)
    return acked, errors


async def read_all(partitions: list[int], expected: int, topic: str = TOPIC) -> list[Record]:
    """Every record of the given partitions from offset 0, read without a group, until `expected`."""
    consumer = AIOKafkaConsumer(
        bootstrap_servers=BOOTSTRAP, auto_offset_reset="earliest", enable_auto_commit=False
    )
    await consumer.start()
    try:
        consumer.assign([TopicPartition(topic, p) for p in partitions])
        got: list[Record] = []
        deadline = time.monotonic() + 60
        while len(got) < expected and time.monotonic() < deadline:
            for tp, records in (await consumer.getmany(timeout_ms=1000)).items():
                got += [(tp.partition, r.offset, r.value) for r in records]
        return got
    finally:
        await consumer.stop()


async def cancelled(task: asyncio.Task[None] | None) -> None:
    """Cancel a member's reading task and wait for it to end."""
    if task is not None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task


async def commit_quietly(consumer: AIOKafkaConsumer) -> None:
    with contextlib.suppress(Exception):  # a rebalance: the next owner commits
        await consumer.commit()


class AioMember:
    def __init__(self, name: str):
        self.name = name
        self.seen: list[Record] = []
        self.consumer = AIOKafkaConsumer(
            TOPIC,
            bootstrap_servers=BOOTSTRAP,
            group_id=GROUP,
            client_id=name,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            session_timeout_ms=10000,
            heartbeat_interval_ms=1000,
        )
        self.task: asyncio.Task | None = None

    def assigned(self) -> set[int]:
        return {tp.partition for tp in self.consumer.assignment()}

    async def start(self) -> None:
        await self.consumer.start()
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while True:
            batch = await self.consumer.getmany(timeout_ms=500)
            for tp, records in batch.items():
                self.seen += [(tp.partition, r.offset, r.value) for r in records]
            if batch:
                await commit_quietly(self.consumer)

    async def stop(self) -> None:
        await cancelled(self.task)
        await commit_quietly(self.consumer)
        await self.consumer.stop()


class RdMember:
    """A confluent-kafka member, polled in its own thread (its API blocks)."""

    def __init__(self, name: str):
        self.name = name
        self.seen: list[Record] = []
        self._assigned: set[int] = set()
        self._stop = threading.Event()
        self.error: str | None = None
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)

    def assigned(self) -> set[int]:
        return set(self._assigned)

    async def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        c = Consumer(
            {
                "bootstrap.servers": BOOTSTRAP,
                "group.id": GROUP,
                "client.id": self.name,
                "enable.auto.commit": False,
                "auto.offset.reset": "earliest",
                "session.timeout.ms": 10000,
                "heartbeat.interval.ms": 1000,
                "log_level": 2,
            }
        )
        c.subscribe([TOPIC])
        try:
            uncommitted = False
            while not self._stop.is_set():
                msg = c.poll(0.2)
                self._assigned = {tp.partition for tp in c.assignment()}
                if msg is not None and msg.error() is None:
                    self.seen.append((msg.partition(), msg.offset(), msg.value()))
                    uncommitted = True
                elif uncommitted:
                    with contextlib.suppress(KafkaException):
                        c.commit(asynchronous=False)
                        uncommitted = False
            with contextlib.suppress(KafkaException):
                c.commit(asynchronous=False)
        except Exception as e:  # reported by the scenario
            self.error = repr(e)
        finally:
            c.close()

    async def stop(self) -> None:
        self._stop.set()
        await asyncio.to_thread(self.thread.join, 30)


async def committed_offsets() -> dict[int, int]:
    admin = AIOKafkaAdminClient(bootstrap_servers=BOOTSTRAP)
    await admin.start()
    try:
        offsets = await admin.list_consumer_group_offsets(GROUP)
        return {tp.partition: om.offset for tp, om in offsets.items() if tp.topic == TOPIC}
    finally:
        await admin.close()


async def end_offsets(topic: str = TOPIC, partitions: int = PARTITIONS) -> dict[int, int]:
    consumer = AIOKafkaConsumer(bootstrap_servers=BOOTSTRAP)
    await consumer.start()
    try:
        ends = await consumer.end_offsets([TopicPartition(topic, p) for p in range(partitions)])
        return {tp.partition: o for tp, o in ends.items()}
    finally:
        await consumer.stop()


async def run_group(
    expected: set[Record], what: str, produce: Callable[[], Awaitable[set[Record]]] | None = None
) -> dict[str, int]:
    """Three members (aiokafka, aiokafka, confluent-kafka) form the group, then (once it has formed,
    so that all three have partitions to read) `produce` writes, and they consume until `expected`
    and what was produced has been seen, and commit; returns how many records each member consumed."""
    members: list[AioMember | RdMember] = [
        AioMember("aiokafka-1"),
        AioMember("aiokafka-2"),
        RdMember("confluent-1"),
    ]
    for m in members:
        await m.start()
    try:

        async def formed() -> bool:
            owned = [m.assigned() for m in members]
            return all(owned) and sorted(p for o in owned for p in o) == list(range(PARTITIONS))

        await until(f"the 3-member group ({what}) to form", formed, 90)
        log(f"group {GROUP}: 3 members, partitions {[sorted(m.assigned()) for m in members]}")
        if produce is not None:
            expected = expected | await produce()

        async def consumed() -> bool:
            return expected <= {r for m in members for r in m.seen}

        await until(f"the group to consume every acknowledged record ({what})", consumed, 90)
        ends = await end_offsets()

        async def all_committed() -> bool:
            return await committed_offsets() == ends

        await until(f"the group's commits to reach the end offsets {ends}", all_committed, 60)
        counts = {m.name: len(m.seen) for m in members}
        log(f"group {GROUP} consumed {len(expected)} records ({counts}) and committed {ends}")
        return counts
    finally:
        for m in members:
            await m.stop()
        errors = [m.error for m in members if isinstance(m, RdMember) and m.error]
        if errors:
            raise RuntimeError(f"confluent-kafka member failed: {errors}")


# --- the scenario --------------------------------------------------------------------------------


async def wait_healthy(compose: Compose) -> None:
    async def healthy() -> bool:
        states = {s: compose.state(s) for s in SERVICES}
        bad = {s: st for s, st in states.items() if not st.startswith(("running", "restarting", "created"))}
        if bad:
            raise RuntimeError(f"containers not running: {bad}")
        return all(st == "running healthy" for st in states.values())

    await until("every container to be healthy", healthy, 180, 1.0)
    log("zookeeper, broker-1, broker-2, broker-3: healthy")


async def step1() -> tuple[list[Record], dict[int, int]]:
    admin = AIOKafkaAdminClient(bootstrap_servers=BOOTSTRAP)
    await admin.start()
    try:
        await admin.create_topics(
            [NewTopic(TOPIC, PARTITIONS, 3, topic_configs={"min.insync.replicas": "2"})]
        )
    finally:
        await admin.close()

    async def led() -> dict[int, tuple[int, int]] | None:
        lead = leaders(metadata(1, [TOPIC]), TOPIC)
        return lead if len(lead) == PARTITIONS and all(e == 0 for _, e in lead.values()) else None

    lead = await until("the topic's leaders", led, 30)
    log(
        f"created {TOPIC} ({PARTITIONS} partitions) with aiokafka; leaders {dict(sorted((p, b) for p, (b, _) in lead.items()))}"
    )
    acked: list[Record] = []

    async def produce() -> set[Record]:
        everything = list(range(PARTITIONS))
        acked.extend(await produce_aiokafka(PER_CLIENT, everything, "aiokafka"))
        rd_acked, errors = await asyncio.to_thread(produce_confluent, PER_CLIENT, everything, "confluent")
        assert not errors and len(rd_acked) == PER_CLIENT, (len(rd_acked), errors[:5])
        acked.extend(rd_acked)
        assert len(set(acked)) == 2 * PER_CLIENT
        log(
            f"produced {len(acked)} records, every one acknowledged (acks=all): {PER_CLIENT} with aiokafka, "
            f"{PER_CLIENT} with confluent-kafka"
        )
        return set(acked)

    counts = await run_group(set(), "step 1", produce)
    assert all(n > 0 for n in counts.values()), f"a member consumed nothing: {counts}"
    return acked, {p: b for p, (b, _) in lead.items()}


async def step2(compose: Compose, acked: list[Record], lead: dict[int, int]) -> None:
    offsets_lead = {p: b for p, (b, _) in leaders(metadata(1, [OFFSETS_TOPIC]), OFFSETS_TOPIC).items()}
    code, group_coordinator = coordinator(1, GROUP)
    assert code == 0, code
    committed_before = await committed_offsets()
    victim_partitions = sorted(p for p, b in lead.items() if b == VICTIM)
    victim_offsets = sorted(p for p, b in offsets_lead.items() if b == VICTIM)
    assert victim_partitions, lead

    t0 = time.monotonic()
    cid = compose.container(f"broker-{VICTIM}")
    subprocess.run(["docker", "kill", cid], check=True, capture_output=True, timeout=60)
    log(
        f"docker kill broker-{VICTIM} (SIGKILL; it led {TOPIC} partitions {victim_partitions}, "
        f"{len(victim_offsets)} of {len(offsets_lead)} {OFFSETS_TOPIC} partitions, and is "
        f"{'the' if group_coordinator == VICTIM else 'not the'} coordinator of {GROUP})"
    )

    # Its ZooKeeper session expires (zookeeper.session.timeout.ms); the controller gives every
    # partition it led a new leader from the ISR, and takes it out of every ISR.
    async def moved() -> Any:
        md = metadata(1, [TOPIC, OFFSETS_TOPIC])
        everything = {
            **{(TOPIC, p): v for p, v in leaders(md, TOPIC).items()},
            **{(OFFSETS_TOPIC, p): v for p, v in leaders(md, OFFSETS_TOPIC).items()},
        }
        ok = {b.node_id for b in md.brokers} == set(PORTS) - {VICTIM} and all(
            leader not in (-1, VICTIM) and e == 0 for leader, e in everything.values()
        )
        return md if ok else None

    md = await until(f"new leaders for everything broker-{VICTIM} led", moved, 60)
    log(
        f"after {time.monotonic() - t0:.1f}s every partition broker-{VICTIM} led has a new leader: {TOPIC} "
        f"{dict(sorted((p, b) for p, (b, _) in leaders(md, TOPIC).items()))}; none of the {len(offsets_lead)} "
        f"{OFFSETS_TOPIC} partitions is offline"
    )

    # Nothing is unavailable: acks=all writes to every partition, every acknowledged record readable.
    everything_partitions = list(range(PARTITIONS))
    outage, errors = await asyncio.to_thread(
        produce_confluent, 50 * PARTITIONS, everything_partitions, "outage"
    )
    assert not errors and len(outage) == 50 * PARTITIONS, (len(outage), errors[:5])
    log(
        f"{len(outage)} more records produced to all {PARTITIONS} partitions with two brokers, every one "
        "acknowledged (acks=all, min.insync.replicas=2)"
    )
    expected = set(acked + outage)
    got = await read_all(everything_partitions, len(expected))
    assert set(got) == expected and len(got) == len(expected), (len(got), len(expected))
    log(f"every acknowledged record read back from offset 0: {len(got)}")
    code, node = coordinator(1, GROUP)
    assert code == 0 and node != VICTIM, (code, node)
    assert await committed_offsets() == committed_before
    log(
        f"group {GROUP}: coordinator broker-{node} (it was broker-{group_coordinator}); its committed "
        "offsets read back unchanged"
    )
    # The group carries on from its commits: it consumes exactly what was produced meanwhile.
    await run_group(set(outage), "with broker-2 down")
    committed_after = await committed_offsets()
    assert compose.state(f"broker-{VICTIM}").startswith("exited"), compose.state(f"broker-{VICTIM}")

    # docker-compose start: it rejoins as a follower of everything it held and catches up.
    t0 = time.monotonic()
    compose.run("start", f"broker-{VICTIM}")

    async def back() -> bool:
        if compose.state(f"broker-{VICTIM}") != "running healthy":
            return False
        md = metadata(VICTIM, [TOPIC, OFFSETS_TOPIC])
        replicated = [p for t in md.topics for p in t.partitions if VICTIM in p.replica_nodes]
        return {b.node_id for b in md.brokers} == set(PORTS) and all(
            VICTIM in p.isr_nodes for p in replicated
        )

    await until(f"broker-{VICTIM} to rejoin every ISR", back, 120)
    log(
        f"docker-compose start broker-{VICTIM}: healthy and back in the ISR of all its partitions after "
        f"{time.monotonic() - t0:.1f}s"
    )
    got = await read_all(everything_partitions, len(expected))
    assert set(got) == expected and len(got) == len(expected), (len(got), len(expected))
    log(f"every acknowledged record is there: {len(got)} (all partitions, from offset 0)")
    assert await committed_offsets() == committed_after
    log("the group's commits read back unchanged")


# --- step 3: a fourth broker, half a topic moved onto it ------------------------------------------


async def moving_writer(stop: asyncio.Event, acked: set[Record]) -> None:
    """acks=all to every partition of MOVING, a few records every 0.1 s, until `stop`; what is
    acknowledged goes into `acked` (a leader moving away costs retries, never a record)."""
    producer = acks_all_producer(bootstrap_servers=BOOTSTRAP)
    await producer.start()
    try:
        n = 0
        while not stop.is_set():
            values = [(p, f"live-{n + p}".encode()) for p in range(MOVING_PARTITIONS)]
            n += MOVING_PARTITIONS
            futures = [await producer.send(MOVING, v, partition=p) for p, v in values]
            results = await asyncio.gather(*futures, return_exceptions=True)
            for (_, v), md in zip(values, results, strict=True):
                if not isinstance(md, BaseException):
                    acked.add((md.partition, md.offset, v))
            await asyncio.sleep(0.1)
    finally:
        await producer.stop()


class GapWatcher(ConsumerRebalanceListener):  # type: ignore[misc]
    """A member of MOVING_GROUP that records what it reads and every offset it skips: within a
    partition, from one record to the next it reads, the offset must go up by exactly one (an
    assignment change starts a partition afresh)."""

    def __init__(self, name: str):
        self.name = name
        self.seen: list[Record] = []
        self.gaps: list[str] = []
        self.last: dict[int, int] = {}
        self.consumer = AIOKafkaConsumer(
            bootstrap_servers=BOOTSTRAP,
            group_id=MOVING_GROUP,
            client_id=name,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            session_timeout_ms=10000,
            heartbeat_interval_ms=1000,
            metadata_max_age_ms=2000,
            request_timeout_ms=8000,
        )
        self.task: asyncio.Task[None] | None = None

    async def on_partitions_revoked(self, revoked: Any) -> None:
        for tp in revoked:
            self.last.pop(tp.partition, None)

    async def on_partitions_assigned(self, assigned: Any) -> None:
        pass

    async def start(self) -> None:
        await self.consumer.start()
        self.consumer.subscribe([MOVING], listener=self)
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while True:
            try:
                batch = await self.consumer.getmany(timeout_ms=300)
            except Exception:  # a leader moving: the consumer retries
                await asyncio.sleep(0.1)
                continue
            for tp, records in batch.items():
                for r in records:
                    last = self.last.get(tp.partition)
                    if last is not None and r.offset != last + 1:
                        self.gaps.append(f"{self.name} {MOVING}-{tp.partition}: {last} -> {r.offset}")
                    self.last[tp.partition] = r.offset
                    self.seen.append((tp.partition, r.offset, r.value))
            if batch:
                await commit_quietly(self.consumer)

    async def stop(self) -> None:
        await cancelled(self.task)
        await self.consumer.stop()


def reassign(*args: str) -> tuple[int, str]:
    """kbroker-reassign-partitions (this checkout's: `python -m client.cli.reassign_partitions`)."""
    r = subprocess.run(
        [sys.executable, "-m", "client.cli.reassign_partitions", "--bootstrap-server", BOOTSTRAP, *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    return r.returncode, r.stdout + r.stderr


def log_sizes(broker: int, partitions: tuple[int, ...]) -> dict[int, int]:
    """partition -> bytes of MOVING's log on `broker`, as its DescribeLogDirs says."""
    r = ask(
        broker,
        ApiKey.DESCRIBE_LOG_DIRS,
        1,
        {"topics": [{"topic": MOVING, "partitions": list(partitions)}]},
    )
    return {
        p.partition_index: p.partition_size
        for d in r.results
        for t in d.topics
        if t.name == MOVING
        for p in t.partitions
    }


async def prefill(acked: set[Record]) -> None:
    for v, md in await prefill_partitions(BOOTSTRAP, MOVING, MOVED, PREFILL, VALUE):
        acked.add((md.partition, md.offset, v))


async def step3(compose: Compose, work: Path) -> None:
    assert not compose.created(f"broker-{NEW}"), (
        f"`up -d` started broker-{NEW}: its profile should keep it out"
    )
    # Three replicas on the three brokers, placed explicitly: broker 4 may register meanwhile.
    brokers = sorted(PORTS)
    assignment = {p: [brokers[(p + i) % 3] for i in range(3)] for p in range(MOVING_PARTITIONS)}
    admin = AIOKafkaAdminClient(bootstrap_servers=BOOTSTRAP)
    await admin.start()
    try:
        await admin.create_topics([NewTopic(MOVING, -1, -1, replica_assignments=assignment)])
    finally:
        await admin.close()
    t0 = time.monotonic()
    up = asyncio.create_task(asyncio.to_thread(compose.run, "up", "-d", f"broker-{NEW}"))
    acked: set[Record] = set()
    await prefill(acked)
    log(
        f"created {MOVING} ({MOVING_PARTITIONS} partitions, replicas {assignment}); "
        f"{len(acked)} records of {VALUE} bytes in partitions {list(MOVED)} (acks=all)"
    )
    await up

    async def joined() -> bool:
        if compose.state(f"broker-{NEW}") != "running healthy":
            return False
        return {b.node_id for b in metadata(1, []).brokers} == {*PORTS, NEW}

    await until(f"broker-{NEW} to be healthy and registered", joined, 120, 1.0)
    log(
        f"docker-compose --profile scale up -d broker-{NEW}: healthy and registered after {time.monotonic() - t0:.1f}s"
    )

    stop = asyncio.Event()
    members = [GapWatcher("moving-1"), GapWatcher("moving-2")]
    for m in members:
        await m.start()
    writer = asyncio.create_task(moving_writer(stop, acked))
    samples: list[tuple[float, int]] = []

    async def sample() -> None:
        while True:
            with contextlib.suppress(OSError, RuntimeError):
                sizes = await asyncio.to_thread(log_sizes, NEW, MOVED)
                samples.append((time.monotonic(), sum(sizes.values())))
            await asyncio.sleep(0.2)

    sampler: asyncio.Task[None] | None = None
    try:
        topics_file, plan = work / "topics.json", work / "plan.json"
        topics_file.write_text(json.dumps({"version": 1, "topics": [{"topic": MOVING}]}))
        code, out = await asyncio.to_thread(
            reassign, "--generate", "--topics-to-move-json-file", str(topics_file), "--broker-list", "1,2,3,4"
        )
        assert code == 0 and "Proposed partition reassignment configuration" in out, out
        proposed = json.loads(out.strip().splitlines()[-1])
        assert NEW in {b for e in proposed["partitions"] for b in e["replicas"]}, proposed
        # Not the proposal (it spreads every partition anew): half the topic, broker 4 taking each
        # moved partition's preferred leader's place, so that leadership moves as well as data.
        target = {p: [NEW, *assignment[p][1:]] for p in MOVED}
        plan.write_text(
            json.dumps(
                {
                    "version": 1,
                    "partitions": [
                        {"topic": MOVING, "partition": p, "replicas": r, "log_dirs": ["any"] * len(r)}
                        for p, r in target.items()
                    ],
                }
            )
        )
        log(
            f"kbroker-reassign-partitions --generate proposed {len(proposed['partitions'])} moves; moving {target}"
        )

        async def loaded() -> bool:
            owned = [{tp.partition for tp in m.consumer.assignment()} for m in members]
            return all(owned) and len(acked) > len(MOVED) * PREFILL + 100

        await until("the produce load to run and the group to form", loaded, 60)
        bulk = sum(log_sizes(1, MOVED).values())
        sampler = asyncio.create_task(sample())
        code, out = await asyncio.to_thread(
            reassign, "--execute", "--reassignment-json-file", str(plan), "--throttle", str(THROTTLE)
        )
        assert code == 0 and "Successfully started partition reassignment" in out, out
        started = time.monotonic()
        log(f"--execute --throttle {THROTTLE} started the moves ({bulk} bytes in the moved partitions)")
        verified = ""
        while time.monotonic() - started < 120:
            code, verified = await asyncio.to_thread(
                reassign, "--verify", "--reassignment-json-file", str(plan)
            )
            if code == 0:
                break
            assert not writer.done(), writer
            await asyncio.sleep(0.5)
        took = time.monotonic() - started
        assert code == 0, f"--verify after {took:.0f}s: {verified}"
        assert "is completed" in verified and "Clearing broker-level throttles" in verified, verified
        sampler.cancel()
        md = metadata(NEW, [MOVING])
        after = {
            p.partition_index: (list(p.replica_nodes), p.leader_id) for t in md.topics for p in t.partitions
        }
        for p in range(MOVING_PARTITIONS):
            want = target.get(p, assignment[p])
            assert after[p][0] == want and after[p][1] in want, (p, after[p], want)
        log(
            f"--verify: every move completed {took:.1f}s after --execute, throttles cleared; replicas "
            f"(leader) {', '.join(f'{p}: {r} ({lead})' for p, (r, lead) in sorted(after.items()))}"
        )
        await asyncio.sleep(1)  # load goes on over the finished moves
        stop.set()
        await writer

        async def consumed() -> bool:
            return acked <= {r for m in members for r in m.seen}

        await until("the group to read every acknowledged record", consumed, 90)
    finally:
        if sampler is not None:
            sampler.cancel()
        stop.set()
        with contextlib.suppress(Exception):
            await writer
        for m in members:
            await m.stop()

    # The throttle, from broker 4's copies up to 90% of the pre-filled bulk (the tail is the live
    # load, which is never throttled once in sync). Overall: from the last sample before any byte
    # arrived (so the rate is, if anything, overstated). A throttled follower fetches at most a
    # second's worth per partition whenever its bucket is not empty, so the copy comes in steps
    # of up to one second's worth per partition; the slope from the first step on is measured too.
    start = max(((t, b) for t, b in samples if b == 0), default=None)
    first = next(((t, b) for t, b in samples if b > 0), None)
    done = next(((t, b) for t, b in samples if b >= 0.9 * bulk), None)
    assert start is not None and first is not None and done is not None, (bulk, samples[:3], samples[-3:])
    overall = done[1] / (done[0] - start[0])
    slope = (done[1] - first[1]) / max(done[0] - first[0], 1e-3)
    log(
        f"throttle {THROTTLE / 1000:.0f} kB/s held: broker {NEW}'s copies reached {done[1]} bytes "
        f"(90% of the {bulk} moved) {done[0] - start[0]:.1f}s after its last empty sample, "
        f"{overall / 1000:.0f} kB/s; {slope / 1000:.0f} kB/s from the first step ({first[1]} bytes) on "
        f"({len(samples)} DescribeLogDirs samples, every 0.2s)"
    )
    assert overall < 2 * THROTTLE, f"copied at {overall:.0f} B/s under a {THROTTLE} B/s throttle"
    assert slope < 1.5 * THROTTLE, f"copied at {slope:.0f} B/s under a {THROTTLE} B/s throttle"

    gaps = [g for m in members for g in m.gaps]
    seen = {r for m in members for r in m.seen}
    by_partition: dict[int, set[int]] = {}
    for p, o, _ in seen:
        by_partition.setdefault(p, set()).add(o)
    holes = {p: len(set(range(max(os) + 1)) - os) for p, os in by_partition.items() if len(os) != max(os) + 1}
    assert not gaps and not holes, (gaps[:5], holes)
    ends = await end_offsets(MOVING, MOVING_PARTITIONS)
    got = await read_all(list(range(MOVING_PARTITIONS)), sum(ends.values()), MOVING)
    assert {(p, o) for p, o, _ in got} == {(p, o) for p, end in ends.items() for o in range(end)}, (
        len(got),
        ends,
    )
    lost = acked - set(got)
    assert not lost, f"{len(lost)} acknowledged records lost, e.g. {sorted(lost)[:3]}"
    log(
        f"{len(acked)} records acknowledged, 0 lost (all read back from offset 0); the group "
        f"({', '.join(f'{m.name}: {len(m.seen)}' for m in members)}) saw every offset of all "
        f"{MOVING_PARTITIONS} partitions, none skipped"
    )


async def scenario(compose: Compose) -> None:
    t0 = time.monotonic()
    acked, lead = await step1()
    log(f"step 1 done in {time.monotonic() - t0:.1f}s")
    t1 = time.monotonic()
    await step2(compose, acked, lead)
    log(f"step 2 done in {time.monotonic() - t1:.1f}s")
    t2 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="kbroker-reassign-") as work:
        await step3(compose, Path(work))
    log(f"step 3 done in {time.monotonic() - t2:.1f}s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compose", default="docker-compose", help="the compose command")
    parser.add_argument("--project", required=True)
    parser.add_argument("what", choices=("wait-healthy", "scenario"))
    args = parser.parse_args()
    compose = Compose(args.compose, args.project)
    try:
        asyncio.run(wait_healthy(compose) if args.what == "wait-healthy" else scenario(compose))
    except (AssertionError, TimeoutError, RuntimeError, OSError) as e:
        print(f"compose-test: {args.what} failed: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

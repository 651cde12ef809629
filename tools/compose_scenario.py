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
Every wait is bounded by a deadline; a failed check raises with what was seen.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition  # noqa: E402
from aiokafka.admin import AIOKafkaAdminClient, NewTopic  # noqa: E402
from confluent_kafka import Consumer, KafkaException, Producer  # noqa: E402

from broker.group.records import OFFSETS_TOPIC  # noqa: E402
from broker.healthcheck import request  # noqa: E402
from protocol.apis import ApiKey  # noqa: E402

PORTS = {1: 19092, 2: 19093, 3: 19094}  # each broker's EXTERNAL listener on this host
BOOTSTRAP = ",".join(f"127.0.0.1:{p}" for p in PORTS.values())
SERVICES = ("zookeeper", "broker-1", "broker-2", "broker-3")
TOPIC, PARTITIONS, GROUP = "compose-events", 6, "compose-group"
PER_CLIENT = 1000  # messages each producer (aiokafka, confluent-kafka) writes in step 1
VICTIM = 2  # the broker step 2 kills

T = TypeVar("T")
Record = tuple[int, int, bytes]  # partition, offset, value


START = time.monotonic()


def log(msg: str) -> None:
    print(f"compose-test: [{time.monotonic() - START:5.1f}s]   {msg}", flush=True)


class Compose:
    def __init__(self, command: str, project: str):
        self.base = [*shlex.split(command), "-p", project, "-f", str(ROOT / "docker-compose.yml")]

    def run(self, *args: str) -> str:
        r = subprocess.run([*self.base, *args], capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            raise RuntimeError(f"{' '.join(args)}: {r.stderr.strip()}")
        return r.stdout

    def container(self, service: str) -> str:
        cid = self.run("ps", "-q", service).strip()
        if not cid:
            raise RuntimeError(f"no container for {service}")
        return cid

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
    return request("127.0.0.1", PORTS[broker], api_key, version, body)


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


async def read_all(partitions: list[int], expected: int) -> list[Record]:
    """Every record of the given partitions from offset 0, read without a group, until `expected`."""
    consumer = AIOKafkaConsumer(
        bootstrap_servers=BOOTSTRAP, auto_offset_reset="earliest", enable_auto_commit=False
    )
    await consumer.start()
    try:
        consumer.assign([TopicPartition(TOPIC, p) for p in partitions])
        got: list[Record] = []
        deadline = time.monotonic() + 60
        while len(got) < expected and time.monotonic() < deadline:
            for tp, records in (await consumer.getmany(timeout_ms=1000)).items():
                got += [(tp.partition, r.offset, r.value) for r in records]
        return got
    finally:
        await consumer.stop()


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
                with contextlib.suppress(Exception):  # a rebalance: the next owner commits
                    await self.consumer.commit()

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        with contextlib.suppress(Exception):
            await self.consumer.commit()
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


async def end_offsets() -> dict[int, int]:
    consumer = AIOKafkaConsumer(bootstrap_servers=BOOTSTRAP)
    await consumer.start()
    try:
        ends = await consumer.end_offsets([TopicPartition(TOPIC, p) for p in range(PARTITIONS)])
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


async def scenario(compose: Compose) -> None:
    t0 = time.monotonic()
    acked, lead = await step1()
    log(f"step 1 done in {time.monotonic() - t0:.1f}s")
    t1 = time.monotonic()
    await step2(compose, acked, lead)
    log(f"step 2 done in {time.monotonic() - t1:.1f}s")


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

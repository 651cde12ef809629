"""ZooKeeper and three brokers, each in its own network namespace (tests/netfaults/network.py),
the clients in the test process; the workloads that write to them while faults come and go, each
operation recorded in a `History` for tests/netfaults/checker.py to read afterwards."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka import TopicPartition as AioTP
from aiokafka.errors import KafkaError as AioKafkaError
from confluent_kafka import KafkaError as CKError
from confluent_kafka import KafkaException, Producer
from confluent_kafka.admin import AdminClient, NewTopic
from kazoo.client import KazooClient
from kazoo.exceptions import KazooException

from broker.cluster import znodes
from broker.cluster.zk_server import ZooKeeperServer
from client.cluster import KafkaClient
from client.errors import KafkaError
from protocol.apis import ApiKey
from tests.helpers import BrokerProcess
from tests.netfaults.checker import Commit, Fault, History, OffsetRead, Outcome, Produce, Read, Txn
from tests.netfaults.network import Network

BROKER_PORT, ZK_PORT = 9092, 2181
DATA, TXN = "nf", "nftx"
DATA_PARTITIONS, TXN_PARTITIONS = 3, 2
OFFSETS_PARTITIONS = 6

# Short enough that a fault held 5-8 s crosses each bound: the ZooKeeper session expires, a cut
# follower leaves the ISR, a fetch sent into a dead link gives up.
PROPERTIES = {
    "zookeeper.session.timeout.ms": "4000",
    "replica.lag.time.max.ms": "3000",
    "offsets.topic.num.partitions": str(OFFSETS_PARTITIONS),
    "offsets.topic.replication.factor": "3",
    "transaction.state.log.num.partitions": "3",
    "transaction.state.log.replication.factor": "3",
    "transaction.state.log.min.isr": "2",
    "min.insync.replicas": "2",
    "num.partitions": "3",
}


def now() -> float:
    return time.monotonic()


class NetCluster:
    """ZooKeeper + brokers 1..size, each in its own namespace; `net` puts faults between them."""

    def __init__(self, tmp: Path, size: int = 3, extra: dict[str, str] | None = None):
        self.tmp = tmp
        self.net = Network.create(["zk", *(f"b{i}" for i in range(1, size + 1))])
        zk_node = self.net.nodes["zk"]
        self.zk = ZooKeeperServer(
            tmp / "zookeeper", ZK_PORT, host=zk_node.address, prefix=zk_node.exec_prefix
        )
        self.chroot = "/kbroker-netfaults"
        props = {**PROPERTIES, "zookeeper.connect": f"{self.zk.connect}{self.chroot}", **(extra or {})}
        self.brokers = {
            i: BrokerProcess(
                tmp / f"broker-{i}" / "data",
                BROKER_PORT,
                extra={**props, "broker.id": str(i)},
                host=self.net.nodes[f"b{i}"].address,
                prefix=self.net.nodes[f"b{i}"].exec_prefix,
            )
            for i in range(1, size + 1)
        }
        self._zk_client: KazooClient | None = None

    def start(self) -> NetCluster:
        (self.tmp / "zookeeper").mkdir(parents=True, exist_ok=True)
        self.zk.start()
        for b in self.brokers.values():
            b.start()
        self._zk_client = KazooClient(hosts=self.zk.connect + self.chroot, timeout=10)
        self._zk_client.start(timeout=10)
        return self

    def stop(self) -> None:
        if self._zk_client is not None:
            with contextlib.suppress(Exception):
                self._zk_client.stop()
                self._zk_client.close()
        for b in self.brokers.values():
            b.stop()
        self.zk.stop()
        self.net.close()

    @property
    def bootstrap(self) -> str:
        return ",".join(b.bootstrap for b in self.brokers.values())

    def node(self, broker_id: int) -> str:
        return f"b{broker_id}"

    # --- what ZooKeeper says (the test reaches it whatever the fault: it is never cut from the clients)

    def registered(self) -> int:
        assert self._zk_client is not None
        try:
            return len(self._zk_client.get_children(znodes.BROKER_IDS))
        except KazooException:
            return 0

    def controller(self) -> int:
        assert self._zk_client is not None
        try:
            raw, _ = self._zk_client.get(znodes.CONTROLLER)
        except KazooException:
            return -1
        return znodes.decode_controller(raw)

    def partition_state(self, topic: str, partition: int) -> znodes.PartitionState | None:
        assert self._zk_client is not None
        try:
            raw, _ = self._zk_client.get(znodes.state_path(topic, partition))
        except KazooException:
            return None
        return znodes.PartitionState.decode(raw)

    def states(self, topic: str, partitions: int) -> dict[int, znodes.PartitionState | None]:
        return {p: self.partition_state(topic, p) for p in range(partitions)}

    def leaders(self, topic: str, partitions: int) -> dict[int, int]:
        return {p: s.leader if s else -1 for p, s in self.states(topic, partitions).items()}

    def full_isr(self, size: int = 3) -> bool:
        """Every partition of the data, offsets and transaction topics led and fully in sync."""
        topics = [
            (DATA, DATA_PARTITIONS),
            (TXN, TXN_PARTITIONS),
            ("__consumer_offsets", OFFSETS_PARTITIONS),
            ("__transaction_state", 3),
        ]
        for topic, n in topics:
            for s in self.states(topic, n).values():
                if s is None and topic == "__transaction_state":
                    continue  # made at the first transactional producer's FindCoordinator
                if s is None or s.leader < 0 or len(s.isr) != size:
                    return False
        return True

    def logs(self) -> str:
        return "\n".join(f"--- broker {i}\n{b.log()[-4000:]}" for i, b in self.brokers.items())


def create_topics(bootstrap: str) -> None:
    """Both topics at RF 3; asked again while the broker asked has not yet seen every broker
    registered (INVALID_REPLICATION_FACTOR), as registrations reach each broker's view in turn."""
    admin = AdminClient({"bootstrap.servers": bootstrap})
    wanted = {
        DATA: NewTopic(DATA, DATA_PARTITIONS, 3, config={"min.insync.replicas": "2"}),
        TXN: NewTopic(TXN, TXN_PARTITIONS, 3, config={"min.insync.replicas": "2"}),
    }
    deadline = time.monotonic() + 60
    while wanted:
        futures = admin.create_topics(list(wanted.values()), operation_timeout=20)
        for name, f in futures.items():
            try:
                f.result(30)
            except KafkaException as e:
                code = e.args[0].code()
                if code == CKError.TOPIC_ALREADY_EXISTS:
                    pass
                elif code != CKError.INVALID_REPLICATION_FACTOR or time.monotonic() > deadline:
                    raise
                else:
                    continue
            del wanted[name]
        if wanted:
            time.sleep(0.2)


@dataclass
class Recorder:
    """The history, appended to from the event loop and from the confluent-kafka threads."""

    history: History = field(default_factory=History)
    lock: threading.Lock = field(default_factory=threading.Lock)
    in_flight: int = 0

    def add(self, op: Any) -> None:
        with self.lock:
            self.history.ops.append(op)

    def sending(self) -> None:
        with self.lock:
            self.in_flight += 1

    def answered(self, op: Produce) -> None:
        with self.lock:
            self.in_flight -= 1
            self.history.ops.append(op)

    def fault(self, what: str) -> None:
        self.add(Fault(what, now()))


async def aiokafka_writer(
    bootstrap: str, rec: Recorder, stop: asyncio.Event, name: str, idempotent: bool
) -> None:
    producer = AIOKafkaProducer(
        bootstrap_servers=bootstrap,
        acks="all",
        enable_idempotence=idempotent,
        linger_ms=5,
        request_timeout_ms=8000,
        retry_backoff_ms=200,
        metadata_max_age_ms=2000,
    )
    await producer.start()
    window = asyncio.Semaphore(32)
    seq = 0

    def done(value: bytes, n: int, sent: float, fut: asyncio.Future[Any]) -> None:
        window.release()
        if fut.cancelled() or fut.exception() is not None:
            rec.answered(Produce(name, idempotent, DATA, value, n, sent, now()))
        else:
            md = fut.result()
            rec.answered(Produce(name, idempotent, DATA, value, n, sent, now(), md.partition, md.offset))

    try:
        while not stop.is_set():
            await window.acquire()
            value = f"{name}-{seq}".encode()
            sent = now()
            rec.sending()
            try:
                fut = await producer.send(DATA, value, key=value)
            except AioKafkaError:
                window.release()
                rec.answered(Produce(name, idempotent, DATA, value, seq, sent, now()))
                seq += 1
                await asyncio.sleep(0.2)
                continue
            fut.add_done_callback(lambda f, v=value, n=seq, s=sent: done(v, n, s, f))
            seq += 1
            await asyncio.sleep(0.005)
        with contextlib.suppress(Exception):
            async with asyncio.timeout(30):
                await producer.flush()
    finally:
        await producer.stop()


def confluent_writer(bootstrap: str, rec: Recorder, stop: threading.Event, name: str) -> None:
    producer = Producer(
        {
            "bootstrap.servers": bootstrap,
            "enable.idempotence": True,
            "acks": "all",
            "linger.ms": 5,
            "message.timeout.ms": 60000,
            "log_level": 2,
            "topic.metadata.refresh.interval.ms": 2000,
        }
    )
    seq = 0
    sent_at: dict[bytes, tuple[int, float]] = {}

    def delivered(err: Any, msg: Any) -> None:
        n, sent = sent_at.pop(msg.value())
        if err is None and msg.offset() is not None and msg.offset() >= 0:
            rec.answered(
                Produce(name, True, DATA, msg.value(), n, sent, now(), msg.partition(), msg.offset())
            )
        else:
            rec.answered(Produce(name, True, DATA, msg.value(), n, sent, now()))

    while not stop.is_set():
        if len(sent_at) >= 64:
            producer.poll(0.01)
            continue
        value = f"{name}-{seq}".encode()
        sent_at[value] = (seq, now())
        rec.sending()
        producer.produce(DATA, value=value, key=value, on_delivery=delivered)
        seq += 1
        producer.poll(0.005)
    deadline = now() + 90
    while sent_at and now() < deadline:
        producer.flush(1)


def transactional_writer(bootstrap: str, rec: Recorder, stop: threading.Event, name: str, seed: int) -> None:
    """Transactions of three records, each committed or aborted by a coin; the outcome as far as
    the client learned it (an error it could not resolve leaves it unknown)."""
    rng = random.Random(seed)

    def make() -> Producer:
        p = Producer(
            {
                "bootstrap.servers": bootstrap,
                "transactional.id": name,
                "transaction.timeout.ms": 20000,
                "message.timeout.ms": 15000,
                "log_level": 2,
                "topic.metadata.refresh.interval.ms": 2000,
            }
        )
        p.init_transactions(30)
        return p

    producer: Producer | None = None
    n = 0
    while not stop.is_set():
        try:
            if producer is None:
                producer = make()
        except KafkaException:
            producer = None
            time.sleep(0.5)
            continue
        values = tuple(f"{name}-{n}-{i}".encode() for i in range(3))
        n += 1
        commit = rng.random() < 0.7
        sent = now()
        outcome = Outcome.UNKNOWN
        try:
            producer.begin_transaction()
            for i, v in enumerate(values):
                producer.produce(TXN, value=v, key=v, partition=i % TXN_PARTITIONS)
            if commit:
                producer.commit_transaction(15)
                outcome = Outcome.COMMITTED
            else:
                producer.abort_transaction(15)
                outcome = Outcome.ABORTED
        except KafkaException as e:
            error = e.args[0]
            if error.txn_requires_abort():
                with contextlib.suppress(KafkaException):
                    producer.abort_transaction(15)
                    outcome = Outcome.ABORTED
            if outcome is Outcome.UNKNOWN:
                producer = None  # fenced, fatal or in doubt: a new one with the same id fences it
        rec.add(Txn(name, TXN, values, sent, now(), outcome))
    if producer is not None:
        producer.flush(10)


GROUPS = 30


async def committer(bootstrap: str, rec: Recorder, stop: asyncio.Event, groups: int = GROUPS) -> None:
    """`groups` groups, each committing a growing offset for one partition of the data topic
    (standalone commits: generation -1) and reading it back now and then."""
    client = KafkaClient(bootstrap_servers=bootstrap, request_timeout_ms=8000, client_id="nf-committer")
    await client.start()
    offsets = dict.fromkeys(range(groups), 0)
    coordinators: dict[int, int] = {}
    try:
        while not stop.is_set():
            for g in range(groups):
                if stop.is_set():
                    break
                group, partition = f"nf-group-{g}", g % DATA_PARTITIONS
                offsets[g] += 1
                try:
                    if g not in coordinators:
                        coordinators[g] = (await client.find_coordinator(group)).node_id
                    await _commit(client, rec, coordinators[g], group, partition, offsets[g])
                    if g % 3 == 0:
                        await _fetch_offset(client, rec, coordinators[g], group, partition)
                except (KafkaError, RuntimeError, OSError, TimeoutError, IndexError):
                    coordinators.pop(g, None)
            await asyncio.sleep(0.05)
    finally:
        await client.close()


async def _commit(
    client: KafkaClient,
    rec: Recorder,
    node: int,
    group: str,
    partition: int,
    offset: int,
    topic: str = DATA,
    metadata: str = "",
) -> None:
    body = {
        "group_id": group,
        "generation_id_or_member_epoch": -1,
        "member_id": "",
        "group_instance_id": None,
        "topics": [
            {
                "name": topic,
                "partitions": [
                    {
                        "partition_index": partition,
                        "committed_offset": offset,
                        "committed_leader_epoch": -1,
                        "committed_metadata": metadata,
                    }
                ],
            }
        ],
    }
    sent = now()
    ok = False
    try:
        r = await client.send(node, ApiKey.OFFSET_COMMIT, body, max_version=7, timeout=8)
        ok = r.topics[0].partitions[0].error_code == 0
    finally:
        rec.add(Commit(group, topic, partition, offset, sent, now(), ok))
    if not ok:
        raise RuntimeError("commit refused")


async def _fetch_offset(client: KafkaClient, rec: Recorder, node: int, group: str, partition: int) -> None:
    body = {
        "group_id": group,
        "topics": [{"name": DATA, "partition_indexes": [partition]}],
        "require_stable": True,
    }
    sent = now()
    r = await client.send(node, ApiKey.OFFSET_FETCH, body, max_version=7, timeout=8)
    p = r.topics[0].partitions[0]
    if r.error_code == 0 and p.error_code == 0:
        rec.add(OffsetRead(group, DATA, partition, p.committed_offset, sent, now()))


async def reader(bootstrap: str, rec: Recorder, stop: asyncio.Event) -> None:
    """Reads the data topic as it grows: what it is handed must never be truncated later."""
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        request_timeout_ms=8000,
        metadata_max_age_ms=2000,
    )
    await consumer.start()
    try:
        consumer.assign([AioTP(DATA, p) for p in range(DATA_PARTITIONS)])
        while not stop.is_set():
            batches = await consumer.getmany(timeout_ms=200, max_records=500)
            t = now()
            for tp, msgs in batches.items():
                for m in msgs:
                    rec.add(Read("reader", DATA, tp.partition, m.offset, m.value, t))
    finally:
        await consumer.stop()


async def read_all(
    bootstrap: str, topic: str, partitions: int, committed: bool
) -> dict[tuple[str, int], list[tuple[int, bytes]]]:
    """Every record of the topic up to its end (the last stable offset under read_committed)."""
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        isolation_level="read_committed" if committed else "read_uncommitted",
        request_timeout_ms=10000,
    )
    await consumer.start()
    try:
        tps = [AioTP(topic, p) for p in range(partitions)]
        consumer.assign(tps)
        await consumer.seek_to_beginning(*tps)
        ends = await consumer.end_offsets(tps)
        out: dict[tuple[str, int], list[tuple[int, bytes]]] = {(topic, p): [] for p in range(partitions)}
        deadline = now() + 90
        while [tp for tp in tps if await consumer.position(tp) < ends[tp]]:
            assert now() < deadline, f"final read of {topic} stuck before {ends}"
            batches = await consumer.getmany(timeout_ms=500, max_records=5000)
            for tp, msgs in batches.items():
                out[(topic, tp.partition)].extend((m.offset, m.value) for m in msgs)
        return out
    finally:
        await consumer.stop()


async def final_offsets(bootstrap: str, groups: int = GROUPS) -> dict[tuple[str, str, int], int]:
    client = KafkaClient(bootstrap_servers=bootstrap, request_timeout_ms=20000, client_id="nf-final")
    await client.start()
    out: dict[tuple[str, str, int], int] = {}
    try:
        for g in range(groups):
            group, partition = f"nf-group-{g}", g % DATA_PARTITIONS
            node = (await client.find_coordinator(group)).node_id
            body = {
                "group_id": group,
                "topics": [{"name": DATA, "partition_indexes": [partition]}],
                "require_stable": True,
            }
            r = await client.send(node, ApiKey.OFFSET_FETCH, body, max_version=7, timeout=10)
            out[(group, DATA, partition)] = r.topics[0].partitions[0].committed_offset
    finally:
        await client.close()
    return out

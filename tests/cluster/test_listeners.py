"""Three brokers with two named listeners each (INTERNAL for brokers, EXTERNAL for clients, as in
docker-compose.yml): whoever asks on a listener is answered that listener's addresses of every
broker, and a broker that does not advertise the listener is left out, as Kafka does."""

from __future__ import annotations

import asyncio

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewTopic

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.cluster.harness import CLUSTER_PROPERTIES, Cluster, eventually, find_coordinator, metadata, request
from tests.cluster.test_cluster import settled
from tests.helpers import BrokerProcess, free_port

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(180)]

HOSTS = {"INTERNAL": "127.0.0.1", "EXTERNAL": "localhost"}  # two names for this machine, told apart
TOPIC = "events"


def _brokers(
    tmp, zk_connect: str, internal_only: tuple[int, ...] = ()
) -> tuple[dict[int, BrokerProcess], dict[int, dict[str, int]]]:
    ports = {i: {"INTERNAL": free_port(), "EXTERNAL": free_port()} for i in (1, 2, 3)}
    brokers = {}
    for i, p in ports.items():
        extra = {
            **CLUSTER_PROPERTIES,
            "zookeeper.connect": zk_connect,
            "broker.id": str(i),
            "listeners": ",".join(f"{n}://127.0.0.1:{port}" for n, port in p.items()),
            "advertised.listeners": ",".join(
                f"{n}://{HOSTS[n]}:{port}"
                for n, port in p.items()
                if i not in internal_only or n == "INTERNAL"
            ),
            "listener.security.protocol.map": "INTERNAL:PLAINTEXT,EXTERNAL:PLAINTEXT",
            "inter.broker.listener.name": "INTERNAL",
        }
        brokers[i] = BrokerProcess(tmp / f"broker-{i}", port=p["INTERNAL"], extra=extra)
    return brokers, ports


@pytest.fixture
def two_listener_cluster(zookeeper, tmp_path, request):
    """Three brokers with INTERNAL and EXTERNAL listeners (those named in the indirect parameter
    advertise INTERNAL only, binding both)."""
    cluster = Cluster(tmp_path, f"{zookeeper.connect}/kbroker-listeners-{request.node.name}")
    cluster.brokers, cluster.ports = _brokers(tmp_path, cluster.zk_connect, getattr(request, "param", ()))
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


def _seen(md) -> set[tuple[int, str, int]]:
    return {(b.node_id, b.host, b.port) for b in md.brokers}


async def _rdkafka_brokers(bootstrap: str) -> dict[int, tuple[str, int]]:
    from confluent_kafka.admin import AdminClient

    def ask() -> dict[int, tuple[str, int]]:
        md = AdminClient({"bootstrap.servers": bootstrap, "log_level": 3}).list_topics(timeout=10)
        return {b.id: (b.host, b.port) for b in md.brokers.values()}

    return await asyncio.to_thread(ask)


@pytest.mark.interop
async def test_each_listener_sees_its_own_addresses(two_listener_cluster):
    cluster, ports = two_listener_cluster, two_listener_cluster.ports
    await settled(cluster)
    expected = {n: {(i, h, ports[i][n]) for i in (1, 2, 3)} for n, h in HOSTS.items()}
    # Raw requests on every broker's every listener.
    groups = [f"g-{k}" for k in range(12)]
    coordinators = {g: (await find_coordinator(ports[1]["INTERNAL"], g)).node_id for g in groups}
    assert set(coordinators.values()) == {1, 2, 3}
    for i in (1, 2, 3):
        for name, host in HOSTS.items():
            assert _seen(await metadata(ports[i][name])) == expected[name], (i, name)
            for g in groups:
                r = await find_coordinator(ports[i][name], g)
                c = coordinators[g]
                assert (r.error_code, r.node_id, r.host, r.port) == (0, c, host, ports[c][name]), (i, name, g)

    # Real clients: aiokafka on EXTERNAL (admin, producer, a group), confluent-kafka on INTERNAL.
    external = ",".join(f"localhost:{ports[i]['EXTERNAL']}" for i in (1, 2))
    admin = AIOKafkaAdminClient(bootstrap_servers=external)
    await admin.start()
    try:
        await admin.create_topics([NewTopic(TOPIC, 6, 1)])
    finally:
        await admin.close()
    producer = AIOKafkaProducer(bootstrap_servers=external, acks="all")
    await producer.start()
    try:
        for p in range(6):
            await producer.send_and_wait(TOPIC, b"x", partition=p)
        assert {(b.nodeId, b.host, b.port) for b in producer.client.cluster.brokers()} == expected["EXTERNAL"]
    finally:
        await producer.stop()
    consumer = AIOKafkaConsumer(
        TOPIC,
        bootstrap_servers=external,
        group_id="external-group",
        auto_offset_reset="earliest",
        enable_auto_commit=False,
    )
    await consumer.start()
    try:
        got = 0
        for _ in range(20):
            got += sum(len(v) for v in (await consumer.getmany(timeout_ms=1000)).values())
            if got == 6:
                break
        assert got == 6
        await consumer.commit()
    finally:
        await consumer.stop()
    internal = f"127.0.0.1:{ports[3]['INTERNAL']}"
    seen = await _rdkafka_brokers(internal)
    assert {(i, h, p) for i, (h, p) in seen.items()} == expected["INTERNAL"]


@pytest.mark.parametrize("two_listener_cluster", [(3,)], indirect=True)
async def test_a_broker_without_the_listener_is_left_out(two_listener_cluster):
    # Broker 3 advertises INTERNAL only (it still binds both).
    cluster, ports = two_listener_cluster, two_listener_cluster.ports
    await settled(cluster)
    await request(
        ports[1]["INTERNAL"],
        ApiKey.CREATE_TOPICS,
        7,
        {"topics": [{"name": TOPIC, "num_partitions": 6, "replication_factor": 1}], "timeout_ms": 5000},
    )
    md = await settled(cluster)
    led_by_3 = {p[0] for p in md["topics"][TOPIC] if p[2] == 3}
    assert led_by_3, md["topics"][TOPIC]

    external = await metadata(ports[1]["EXTERNAL"], [TOPIC])
    assert _seen(external) == {(i, "localhost", ports[i]["EXTERNAL"]) for i in (1, 2)}
    parts = {p.partition_index: (p.error_code, p.leader_id) for p in external.topics[0].partitions}
    assert {p for p, (code, _) in parts.items() if code == ErrorCode.LISTENER_NOT_FOUND} == led_by_3
    assert all(leader == -1 for p, (_, leader) in parts.items() if p in led_by_3)
    internal = await metadata(ports[1]["INTERNAL"], [TOPIC])
    assert {b.node_id for b in internal.brokers} == {1, 2, 3}
    assert all(p.error_code == 0 for p in internal.topics[0].partitions)

    async def group_on_3() -> str | None:
        for k in range(100):
            if (await find_coordinator(ports[1]["INTERNAL"], f"g-{k}")).node_id == 3:
                return f"g-{k}"
        return None

    group = await eventually(group_on_3, 10, "a group coordinated by broker 3")
    r = await find_coordinator(ports[1]["EXTERNAL"], group)
    assert (r.error_code, r.node_id) == (ErrorCode.COORDINATOR_NOT_AVAILABLE, -1)
    r = await find_coordinator(ports[3]["EXTERNAL"], group)  # even asking broker 3 itself on EXTERNAL
    assert r.error_code == ErrorCode.COORDINATOR_NOT_AVAILABLE
    r = await find_coordinator(ports[2]["INTERNAL"], group)
    assert (r.error_code, r.node_id, r.host, r.port) == (0, 3, "127.0.0.1", ports[3]["INTERNAL"])

"""Issue 32 #4 (reduced): a 3-broker cluster whose only listeners are SASL_SSL, brokers
included, with ACLs on (the brokers super users), replicates and elects (acks=all produce, the leader killed, everything consumed); a
broker with wrong inter-broker credentials does not replicate, and says why in its log."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from broker.security.credentials import add_user
from tests.cluster.harness import CLUSTER_PROPERTIES
from tests.helpers import BrokerProcess, free_port, wait_until
from tools.make_certs import make_certs

pytestmark = [pytest.mark.cluster, pytest.mark.interop, pytest.mark.timeout(300)]

BROKER_PW, ADMIN_PW = "broker-secret-pw", "admin-secret-pw"
JAAS = 'org.apache.kafka.common.security.plain.PlainLoginModule required username="broker" password="{}";'


def secure_broker(tmp: Path, zk: str, broker_id: int, certs, users: Path, password: str) -> BrokerProcess:
    port = free_port()
    settings = {
        **CLUSTER_PROPERTIES,
        "zookeeper.connect": zk,
        "broker.id": str(broker_id),
        "listeners": f"SASL_SSL://127.0.0.1:{port}",
        "inter.broker.listener.name": "SASL_SSL",
        "sasl.mechanism.inter.broker.protocol": "PLAIN",
        "listener.name.sasl_ssl.plain.sasl.jaas.config": JAAS.format(password),
        "sasl.enabled.mechanisms": "PLAIN",
        "sasl.credentials.file": str(users),
        "ssl.keystore.location": str(certs.broker),
        "ssl.truststore.location": str(certs.ca),
        "ssl.client.auth": "required",  # the SSL listeners' only (KIP-684): none here
        # ACLs on: the brokers may replicate and elect as super users (CLUSTER_ACTION).
        "authorizer.class.name": "kafka.security.authorizer.AclAuthorizer",
        "super.users": "User:broker;User:admin",
    }
    return BrokerProcess(tmp / f"broker-{broker_id}", port=port, extra=settings)


def client_settings(certs, brokers: list[BrokerProcess]) -> dict[str, str]:
    return {
        "bootstrap.servers": ",".join(b.bootstrap for b in brokers),
        "security.protocol": "SASL_SSL",
        "sasl.mechanism": "PLAIN",
        "sasl.username": "admin",
        "sasl.password": ADMIN_PW,
        "ssl.ca.location": str(certs.ca),
    }


def test_sasl_ssl_only_cluster_replicates_and_elects(zookeeper, tmp_path):
    from confluent_kafka import Consumer, KafkaError, KafkaException, Producer
    from confluent_kafka.admin import AdminClient, NewTopic

    certs = make_certs(tmp_path / "certs")
    users = tmp_path / "users.json"
    add_user(users, "broker", BROKER_PW, ["SCRAM-SHA-256"])
    add_user(users, "admin", ADMIN_PW, ["SCRAM-SHA-256"])
    zk = f"{zookeeper.connect}/kbroker-secure-{time.monotonic_ns()}"
    brokers = {i: secure_broker(tmp_path, zk, i, certs, users, BROKER_PW) for i in (1, 2, 3)}
    rogue = secure_broker(tmp_path, zk, 4, certs, users, "not-the-broker-password")
    try:
        for b in brokers.values():
            b.start()
        settings = client_settings(certs, list(brokers.values()))
        admin = AdminClient(settings)
        wait_until(lambda: len(admin.list_topics(timeout=5).brokers) == 3, 60, what="3 brokers")
        topic = NewTopic("secure", 1, 3, config={"min.insync.replicas": "2"})

        def created() -> bool:  # the controller may not see all three registered yet
            try:
                admin.create_topics([topic])["secure"].result(30)
            except KafkaException as e:
                if e.args[0].code() == KafkaError.TOPIC_ALREADY_EXISTS:
                    return True
                if e.args[0].code() != KafkaError.INVALID_REPLICATION_FACTOR:
                    raise
                return False
            return True

        wait_until(created, 60, interval=0.5, what="the topic created on 3 brokers")

        def isr_of_three() -> bool:
            p = admin.list_topics("secure", timeout=5).topics["secure"].partitions[0]
            return len(p.isrs) == 3

        wait_until(isr_of_three, 60, what="every replica in sync over SASL_SSL")
        producer = Producer({**settings, "acks": "all", "enable.idempotence": True})
        errors: list = []

        def sent(err, _msg) -> None:
            if err is not None:
                errors.append(err)

        for i in range(200):
            producer.produce("secure", b"v%d" % i, callback=sent)
        assert producer.flush(60) == 0 and not errors, errors

        leader = admin.list_topics("secure", timeout=5).topics["secure"].partitions[0].leader
        brokers[leader].kill()
        for i in range(200, 300):
            producer.produce("secure", b"v%d" % i, callback=sent)
        assert producer.flush(90) == 0 and not errors, errors
        new_leader = admin.list_topics("secure", timeout=5).topics["secure"].partitions[0].leader
        assert new_leader not in (leader, -1)

        consumer = Consumer({**settings, "group.id": "readers", "auto.offset.reset": "earliest"})
        consumer.subscribe(["secure"])
        got: set[bytes] = set()
        deadline = time.monotonic() + 60
        while len(got) < 300 and time.monotonic() < deadline:
            msg = consumer.poll(0.5)
            if msg is not None and msg.error() is None:
                got.add(msg.value())
        consumer.close()
        assert got == {b"v%d" % i for i in range(300)}

        # A broker with the wrong inter-broker password: registered, but it cannot fetch.
        rogue.start()
        alive = [i for i in brokers if i != leader]
        from kafka.admin import KafkaAdminClient
        from kafka.admin import NewTopic as KNewTopic

        k = KafkaAdminClient(
            bootstrap_servers=settings["bootstrap.servers"].split(","),
            security_protocol="SASL_SSL",
            sasl_mechanism="PLAIN",
            sasl_plain_username="admin",
            sasl_plain_password=ADMIN_PW,
            ssl_cafile=str(certs.ca),
        )
        try:
            k.create_topics([KNewTopic("lonely", -1, -1, replica_assignments={0: [alive[0], 4]})])
        finally:
            k.close()
        one = Producer({**settings, "acks": "1"})
        one.produce("lonely", b"never-replicated", callback=sent)
        assert one.flush(30) == 0 and not errors, errors
        leader_log = tmp_path / f"broker-{alive[0]}" / "lonely-0" / "00000000000000000000.log"
        assert leader_log.stat().st_size > 0

        def refusals() -> list[str]:
            return [
                line
                for line in rogue.log().splitlines()
                if "fail replica fetch" in line and "SASL_AUTHENTICATION_FAILED" in line.upper()
            ]

        # Two refusals after the record was written: the follower tried since, and has nothing.
        wait_until(lambda: len(refusals()) >= 2, 60, what="the rogue broker's authentication failures")
        count = len(refusals())
        wait_until(lambda: len(refusals()) > count, 60, what="another refused fetch")
        rogue_log = tmp_path / "broker-4" / "lonely-0" / "00000000000000000000.log"
        assert not rogue_log.exists() or rogue_log.stat().st_size == 0
        for b in [*brokers.values(), rogue]:
            assert BROKER_PW not in b.log() and "not-the-broker-password" not in b.log()
    finally:
        for b in [*brokers.values(), rogue]:
            b.stop()

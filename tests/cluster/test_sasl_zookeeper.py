"""Cluster mode: SASL users in ZooKeeper's /config/users/<name> (Kafka 2.x's layout), written by
the credentials tool as kafka-configs writes them, picked up by a running broker through its
watches (a new user, a changed password) without a restart."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest
from kazoo.client import KazooClient

from tests.helpers import ROOT, BrokerProcess, free_port, wait_until

pytestmark = pytest.mark.cluster


def _add_user(zk_connect: str, user: str, password: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "broker.security.credentials", "--zookeeper", zk_connect, "add", user],
        input=password + "\n",
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )


async def _login(port: int, user: str, password: str) -> bool:
    from aiokafka import AIOKafkaProducer

    p = AIOKafkaProducer(
        bootstrap_servers=f"127.0.0.1:{port}",
        security_protocol="SASL_PLAINTEXT",
        sasl_mechanism="SCRAM-SHA-512",
        sasl_plain_username=user,
        sasl_plain_password=password,
        request_timeout_ms=5000,
    )
    try:
        await p.start()
        await p.send_and_wait("zk-sasl", b"x")
        return True
    except Exception:
        return False
    finally:
        await p.stop()


def test_users_in_zookeeper(zookeeper, tmp_path):
    connect = f"{zookeeper.connect}/kbroker-sasl"
    plain, sasl = free_port(), free_port()
    broker = BrokerProcess(
        tmp_path / "data",
        port=plain,
        extra={
            "zookeeper.connect": connect,
            "zookeeper.session.timeout.ms": "3000",
            "offsets.topic.replication.factor": "1",
            "listeners": f"PLAINTEXT://127.0.0.1:{plain},SASL_PLAINTEXT://127.0.0.1:{sasl}",
            "inter.broker.listener.name": "PLAINTEXT",
            "sasl.enabled.mechanisms": "SCRAM-SHA-512",
        },
    ).start()
    try:
        wait_until(lambda: "start broker" in broker.log(), 30)
        assert not asyncio.run(_login(sasl, "carol", "first-pw"))  # no such user yet
        _add_user(connect, "carol", "first-pw")
        zk = KazooClient(hosts=connect)
        zk.start(timeout=15)
        try:
            doc = json.loads(zk.get("/config/users/carol")[0])
            assert doc["version"] == 1 and doc["config"]["SCRAM-SHA-512"].startswith("salt=")
            assert "first-pw" not in zk.get("/config/users/carol")[0].decode()
            assert any(c.startswith("config_change_") for c in zk.get_children("/config/changes"))
        finally:
            zk.stop()
            zk.close()
        wait_until(
            lambda: asyncio.run(_login(sasl, "carol", "first-pw")), 20, interval=0.2, what="the new user"
        )
        _add_user(connect, "carol", "second-pw")
        wait_until(
            lambda: asyncio.run(_login(sasl, "carol", "second-pw")), 20, interval=0.2, what="the new password"
        )
        assert not asyncio.run(_login(sasl, "carol", "first-pw"))
    finally:
        broker.stop()
    assert "first-pw" not in broker.log() and "second-pw" not in broker.log()


def _visible_topics(port: int) -> set[str]:
    from protocol.apis import ApiKey
    from tests.helpers import RawConnection

    async def ask() -> set[str]:
        c = await RawConnection.open(port)
        try:
            r = await c.request(ApiKey.METADATA, 1, {"topics": None})
            return {t.name for t in r.topics}
        finally:
            await c.close()

    return asyncio.run(ask())


def test_acls_in_zookeeper_apply_on_every_broker(zookeeper, tmp_path):
    """ACLs created through one broker are Kafka's znodes, and the other broker enforces them."""
    from confluent_kafka.admin import (
        AclBinding,
        AclBindingFilter,
        AclOperation,
        AclPermissionType,
        AdminClient,
        NewTopic,
        ResourcePatternType,
        ResourceType,
    )

    connect = f"{zookeeper.connect}/kbroker-acl"
    _add_user(connect, "admin", "admin-pw")
    brokers = []
    for i in (1, 2):
        plain, sasl = free_port(), free_port()
        b = BrokerProcess(
            tmp_path / f"b{i}",
            port=plain,
            extra={
                "broker.id": str(i),
                "zookeeper.connect": connect,
                "zookeeper.session.timeout.ms": "3000",
                "offsets.topic.replication.factor": "1",
                "listeners": f"PLAINTEXT://127.0.0.1:{plain},SASL_PLAINTEXT://127.0.0.1:{sasl}",
                "inter.broker.listener.name": "PLAINTEXT",
                "authorizer.class.name": "kafka.security.authorizer.AclAuthorizer",
                "super.users": "User:admin",
            },
        )
        b.sasl_port = sasl
        brokers.append(b.start())
    try:
        for b in brokers:
            wait_until(lambda b=b: "start broker" in b.log(), 30)

        def admin(b):
            return AdminClient(
                {
                    "bootstrap.servers": f"127.0.0.1:{b.sasl_port}",
                    "security.protocol": "SASL_PLAINTEXT",
                    "sasl.mechanism": "SCRAM-SHA-512",
                    "sasl.username": "admin",
                    "sasl.password": "admin-pw",
                }
            )

        a1 = admin(brokers[0])
        for f in a1.create_topics([NewTopic("shared", 1, 1)]).values():
            f.result(20)
        assert "shared" not in _visible_topics(brokers[1].port)  # ANONYMOUS may see nothing yet
        acl = AclBinding(
            ResourceType.TOPIC,
            "shared",
            ResourcePatternType.LITERAL,
            "User:ANONYMOUS",
            "*",
            AclOperation.DESCRIBE,
            AclPermissionType.ALLOW,
        )
        for f in a1.create_acls([acl]).values():
            f.result(20)
        wait_until(
            lambda: "shared" in _visible_topics(brokers[1].port),
            20,
            interval=0.2,
            what="broker 2 to apply it",
        )
        zk = KazooClient(hosts=connect)
        zk.start(timeout=15)
        try:
            doc = json.loads(zk.get("/kafka-acl/Topic/shared")[0])
            assert doc == {
                "version": 1,
                "acls": [
                    {
                        "principal": "User:ANONYMOUS",
                        "permissionType": "Allow",
                        "operation": "Describe",
                        "host": "*",
                    }
                ],
            }
            assert zk.get_children("/kafka-acl-changes")
        finally:
            zk.stop()
            zk.close()
        a2 = admin(brokers[1])
        any_topic = AclBindingFilter(
            ResourceType.TOPIC,
            None,
            ResourcePatternType.ANY,
            None,
            None,
            AclOperation.ANY,
            AclPermissionType.ANY,
        )
        for f in a2.delete_acls([any_topic]).values():
            assert len(f.result(20)) == 1
        wait_until(
            lambda: "shared" not in _visible_topics(brokers[0].port),
            20,
            interval=0.2,
            what="broker 1 to drop it",
        )
    finally:
        for b in brokers:
            b.stop()

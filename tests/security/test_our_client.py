"""kbroker's own client over TLS and SASL (aiokafka's parameter names) on producer, consumer and
admin; the admin's ACL calls; the CLI tools' --command-config; a wrong password is an
AuthenticationFailedError naming why."""

from __future__ import annotations

import asyncio
import sys

import pytest

from broker.security.credentials import add_user
from client import AsyncAdmin, AsyncConsumer, AsyncProducer, TopicPartition
from client.acls import AclBinding, AclBindingFilter, Operation, PatternType, Permission, ResourceType
from client.errors import AuthenticationFailedError, KafkaError, NoBrokersAvailable
from tests.helpers import ROOT, start_broker
from tests.security.support import client_ssl_context
from tools.make_certs import make_certs


@pytest.fixture
async def secured(tmp_path):
    certs = make_certs(tmp_path / "certs")
    add_user(tmp_path / "users.json", "admin", "admin-pw", ["SCRAM-SHA-256", "SCRAM-SHA-512"])
    add_user(tmp_path / "users.json", "alice", "alice-pw", ["SCRAM-SHA-256", "SCRAM-SHA-512"])
    b = await start_broker(
        tmp_path / "data",
        listeners="SSL://127.0.0.1:0,SASL_SSL://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0",
        security_inter_broker_protocol="SSL",
        **{
            "ssl.keystore.location": str(certs.broker),
            "ssl.truststore.location": str(certs.ca),
            "ssl.client.auth": "requested",
            "sasl.credentials.file": str(tmp_path / "users.json"),
            "authorizer.class.name": "kbroker.AclAuthorizer",
            # the client certificate's subject is a principal like any other
            "super.users": f"User:admin;User:{certs.client_subject}",
        },
    )
    try:
        yield b, certs, tmp_path
    finally:
        await b.stop()


def _modes(b, certs):
    ctx = client_ssl_context(certs)
    return {
        "SSL": dict(
            bootstrap_servers=f"127.0.0.1:{b.bound_ports['SSL']}", security_protocol="SSL", ssl_context=ctx
        ),
        "SASL_PLAINTEXT": dict(
            bootstrap_servers=f"127.0.0.1:{b.bound_ports['SASL_PLAINTEXT']}",
            security_protocol="SASL_PLAINTEXT",
            sasl_mechanism="SCRAM-SHA-512",
            sasl_plain_username="admin",
            sasl_plain_password="admin-pw",
        ),
        "SASL_SSL": dict(
            bootstrap_servers=f"127.0.0.1:{b.bound_ports['SASL_SSL']}",
            security_protocol="SASL_SSL",
            ssl_context=ctx,
            sasl_mechanism="PLAIN",
            sasl_plain_username="admin",
            sasl_plain_password="admin-pw",
        ),
    }


async def test_producer_consumer_admin_over_each_protocol(secured):
    b, certs, _ = secured
    for name, settings in _modes(b, certs).items():
        topic = f"t-{name}"
        async with AsyncProducer(**settings) as producer:
            for i in range(3):
                await producer.send_and_wait(topic, b"m%d" % i, partition=0)
        consumer = AsyncConsumer(
            topic, group_id=f"g-{name}", auto_offset_reset="earliest", enable_auto_commit=False, **settings
        )
        await consumer.start()
        try:
            got: list[bytes] = []
            async with asyncio.timeout(20):
                while len(got) < 3:
                    for batch in (await consumer.getmany(timeout_ms=200)).values():
                        got += [r.value for r in batch]
            await consumer.commit()
            assert got == [b"m0", b"m1", b"m2"]
            assert await consumer.committed(TopicPartition(topic, 0)) == 3
        finally:
            await consumer.close()


async def test_admin_acl_calls(secured):
    b, certs, _ = secured
    settings = _modes(b, certs)["SASL_SSL"]
    read_a = AclBinding(
        ResourceType.TOPIC, "a", PatternType.LITERAL, "User:alice", "*", Operation.READ, Permission.ALLOW
    )
    write_p = AclBinding(
        ResourceType.TOPIC, "p-", PatternType.PREFIXED, "User:alice", "*", Operation.WRITE, Permission.ALLOW
    )
    async with AsyncAdmin(**settings) as admin:
        assert await admin.create_acls([read_a, write_p]) == [None, None]
        assert sorted(await admin.describe_acls(), key=str) == sorted([read_a, write_p], key=str)
        assert await admin.describe_acls(AclBindingFilter(ResourceType.TOPIC, "p-x", PatternType.MATCH)) == [
            write_p
        ]
        assert await admin.delete_acls([AclBindingFilter(pattern_type=PatternType.PREFIXED)]) == [[write_p]]
        assert await admin.describe_acls() == [read_a]
    alice = {**settings, "sasl_plain_username": "alice", "sasl_plain_password": "alice-pw"}
    async with AsyncAdmin(**alice) as admin:
        with pytest.raises(KafkaError, match="CLUSTER_AUTHORIZATION_FAILED"):
            await admin.describe_acls()


async def test_wrong_password_is_an_authentication_error(secured):
    b, certs, _ = secured
    settings = {**_modes(b, certs)["SASL_PLAINTEXT"], "sasl_plain_password": "nope"}
    admin = AsyncAdmin(**settings, request_timeout_ms=3000)
    with pytest.raises((AuthenticationFailedError, NoBrokersAvailable)) as e:
        await admin.start()
    await admin.close()
    assert "invalid credentials with SASL mechanism SCRAM-SHA-512" in str(e.value) or isinstance(
        e.value.__cause__, AuthenticationFailedError
    )


async def test_cli_command_config(secured):
    b, certs, tmp = secured
    props = tmp / "admin.properties"
    props.write_text(
        "security.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-256\n"
        'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="admin" password="admin-pw";\n'
        f"ssl.ca.location={certs.ca}\n"
    )
    bootstrap = f"127.0.0.1:{b.bound_ports['SASL_SSL']}"
    args = ["-m", "client.cli.topics", "--bootstrap-server", bootstrap, "--command-config", str(props)]
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        *args,
        "--create",
        "--topic",
        "from-cli",
        "--partitions",
        "2",
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, err.decode()
    assert b.topics.get("from-cli").partitions == 2
    # Without the settings the tool cannot get in, and says so in one line.
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        *args[:4],
        "--timeout",
        "3000",
        "--list",
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 1 and err.decode().splitlines()[-1].startswith("Error:"), err.decode()

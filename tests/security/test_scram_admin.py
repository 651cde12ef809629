"""SCRAM users over the wire (KIP-554): AlterUserScramCredentials adds a user who can then log
in over SASL/SCRAM, Describe lists it, a deletion locks it out; Kafka's refusals per user."""

from __future__ import annotations

import pytest
from aiokafka import AIOKafkaProducer
from aiokafka.errors import KafkaError
from confluent_kafka import KafkaException
from confluent_kafka.admin import (
    AdminClient,
    ScramCredentialInfo,
    ScramMechanism,
    UserScramCredentialDeletion,
    UserScramCredentialUpsertion,
)

from broker.security.scram import make_credential, verify_password
from broker.security.scram_admin import Deletion, Upsertion, alter, credential, describe
from protocol.errors import ErrorCode
from tests.helpers import BrokerProcess, free_port, wait_until

TIMEOUT = 15


def test_refusals_per_user_change_nothing_for_that_user():
    salted = b"s" * 64
    current = {"dora": {"SCRAM-SHA-256": make_credential("SCRAM-SHA-256", "pw")}}
    results, writes = alter(
        current,
        [Deletion("dora", 2), Deletion("erin", 1)],  # dora has no SHA-512; erin does not exist
        [
            Upsertion("", 1, 4096, b"salt", salted),
            Upsertion("fay", 1, 100, b"salt", salted),
            Upsertion("gus", 9, 4096, b"salt", salted),
            Upsertion("hal", 1, 4096, b"salt", salted),
            Upsertion("hal", 1, 8192, b"salt", salted),
            Upsertion("ivy", 2, 8192, b"salt", salted),
        ],
    )
    assert {u: code for u, (code, _) in results.items()} == {
        "dora": ErrorCode.RESOURCE_NOT_FOUND,
        "erin": ErrorCode.RESOURCE_NOT_FOUND,
        "": ErrorCode.UNACCEPTABLE_CREDENTIAL,
        "fay": ErrorCode.UNACCEPTABLE_CREDENTIAL,
        "gus": ErrorCode.UNSUPPORTED_SASL_MECHANISM,
        "hal": ErrorCode.DUPLICATE_RESOURCE,
        "ivy": ErrorCode.NONE,
    }
    assert list(writes) == ["ivy"]
    assert writes["ivy"]["SCRAM-SHA-512"] == credential("SCRAM-SHA-512", b"salt", salted, 8192)
    assert [(u, c) for u, c, _, _ in describe(current, ["dora", "nobody", "dora"])] == [
        ("dora", ErrorCode.DUPLICATE_RESOURCE),
        ("nobody", ErrorCode.RESOURCE_NOT_FOUND),
    ]
    assert describe(current, []) == describe(current, None) == [("dora", ErrorCode.NONE, None, [(1, 4096)])]


def test_a_salted_password_from_the_client_verifies_like_one_made_here():
    made = make_credential("SCRAM-SHA-512", "secret", 4096, salt=b"0123456789")
    import hashlib

    salted = hashlib.pbkdf2_hmac("sha512", b"secret", b"0123456789", 4096)
    assert credential("SCRAM-SHA-512", b"0123456789", salted, 4096) == made
    assert verify_password("SCRAM-SHA-512", made, "secret")


@pytest.fixture
def sasl_broker(tmp_path):
    ports = {"PLAINTEXT": free_port(), "SASL_PLAINTEXT": free_port()}
    bp = BrokerProcess(
        tmp_path / "data",
        port=ports["PLAINTEXT"],
        extra={"listeners": ",".join(f"{n}://127.0.0.1:{p}" for n, p in ports.items())},
    ).start()
    wait_until(lambda: "start broker" in bp.log(), 30, what="the broker to finish starting")
    try:
        yield bp, ports
    finally:
        bp.stop()


async def _login(port: int, user: str, password: str) -> bool:
    """Produce over SASL/SCRAM-SHA-512 as `user` (aiokafka: a refused login fails its start)."""
    producer = AIOKafkaProducer(
        bootstrap_servers=f"127.0.0.1:{port}",
        security_protocol="SASL_PLAINTEXT",
        sasl_mechanism="SCRAM-SHA-512",
        sasl_plain_username=user,
        sasl_plain_password=password,
        request_timeout_ms=5000,
    )
    try:
        await producer.start()
        await producer.send_and_wait("logins", b"x")
    except KafkaError:
        return False
    finally:
        await producer.stop()
    return True


@pytest.mark.interop
async def test_a_user_added_over_the_wire_logs_in_and_a_deleted_one_cannot(sasl_broker):
    bp, ports = sasl_broker
    admin = AdminClient({"bootstrap.servers": bp.bootstrap})
    info = ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 8192)
    (f,) = admin.alter_user_scram_credentials(
        [UserScramCredentialUpsertion("carol", info, b"carol-pw")]
    ).values()
    assert f.result(TIMEOUT) is None
    assert await _login(ports["SASL_PLAINTEXT"], "carol", "carol-pw")
    assert not await _login(ports["SASL_PLAINTEXT"], "carol", "wrong")
    described = admin.describe_user_scram_credentials().result(TIMEOUT)
    assert [(i.mechanism, i.iterations) for i in described["carol"].scram_credential_infos] == [
        (ScramMechanism.SCRAM_SHA_512, 8192)
    ]
    bp.stop()
    bp.start()  # durable
    assert await _login(ports["SASL_PLAINTEXT"], "carol", "carol-pw")
    admin = AdminClient({"bootstrap.servers": bp.bootstrap})
    deletion = UserScramCredentialDeletion("carol", ScramMechanism.SCRAM_SHA_512)
    (f,) = admin.alter_user_scram_credentials([deletion]).values()
    assert f.result(TIMEOUT) is None
    assert not await _login(ports["SASL_PLAINTEXT"], "carol", "carol-pw")
    (f,) = admin.alter_user_scram_credentials([deletion]).values()
    with pytest.raises(KafkaException) as e:
        f.result(TIMEOUT)
    assert e.value.args[0].name() == "RESOURCE_NOT_FOUND"

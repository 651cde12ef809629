"""Must-show 2: a wrong password, an unknown user, a client certificate from another CA under
ssl.client.auth=required, and a plaintext client on a TLS port each fail cleanly, for aiokafka,
kafka-python and confluent-kafka: the client gets the error that says why, the broker logs one
line per failed connection (peer, listener, mechanism or TLS reason; never a password), and
a connection opened before, and new good clients, keep working."""

from __future__ import annotations

import asyncio
import logging
import re
import socket
import time

import pytest

from protocol.apis import ApiKey
from protocol.frames import RequestHeader, decode_response, encode_request
from tests.helpers import wait_until
from tests.security.support import (
    USERS,
    Mode,
    aiokafka_settings,
    client_ssl_context,
    confluent_settings,
    kafka_python_settings,
    start_secure_broker,
)

pytestmark = pytest.mark.interop

CLIENTS = ["aiokafka", "kafka-python", "confluent"]
WRONG = "not-the-password-9f2c"


@pytest.fixture(scope="module")
def secure(tmp_path_factory):
    sb = start_secure_broker(tmp_path_factory.mktemp("secure-required"), client_auth="required")
    try:
        yield sb
    finally:
        sb.process.stop()
        log = sb.log()
        for secret in [WRONG, *USERS.values()]:
            assert secret not in log, "a password reached the broker's log"


def _aiokafka_fails(settings: dict, caplog) -> str:
    from aiokafka import AIOKafkaProducer

    async def run() -> str:
        producer = AIOKafkaProducer(request_timeout_ms=5000, **settings)
        try:
            with pytest.raises(Exception) as e:
                await producer.start()
        finally:
            await producer.stop()
        return str(e.value) + "\n" + caplog.text

    return asyncio.run(run())


def _kafka_python_fails(settings: dict, caplog) -> str:
    from kafka import KafkaAdminClient

    with pytest.raises(Exception) as e:
        KafkaAdminClient(bootstrap_timeout_ms=3000, **settings)
    return str(e.value) + "\n" + caplog.text


def _confluent_fails(settings: dict, caplog) -> str:
    from confluent_kafka import Producer

    errors = []
    p = Producer({**settings, "error_cb": errors.append, "reconnect.backoff.ms": 2000})
    deadline = time.monotonic() + 15
    while not errors and time.monotonic() < deadline:
        p.poll(0.1)
    del p
    assert errors, "confluent-kafka reported no error"
    return "\n".join(f"{e.name()}: {e.str()}" for e in errors)


FAIL = {"aiokafka": _aiokafka_fails, "kafka-python": _kafka_python_fails, "confluent": _confluent_fails}
SETTINGS = {
    "aiokafka": aiokafka_settings,
    "kafka-python": kafka_python_settings,
    "confluent": confluent_settings,
}


def _new_lines(sb, before: int, event: str) -> list[str]:
    return [line for line in sb.log().splitlines()[before:] if f'event="{event}"' in line]


def _one_line_per_connection(lines: list[str]) -> None:
    peers = [re.search(r"peer=(\S+)", line)[1] for line in lines]
    assert peers and len(peers) == len(set(peers)), lines


def _held_connection_answers(sock: socket.socket, correlation_id: int) -> None:
    frame = encode_request(RequestHeader(ApiKey.METADATA, 1, correlation_id, "held"), {"topics": None})
    sock.sendall(len(frame).to_bytes(4, "big") + frame)
    size = int.from_bytes(_read(sock, 4), "big")
    got_id, body = decode_response(_read(sock, size), ApiKey.METADATA, 1)
    assert got_id == correlation_id and body.brokers


def _read(sock: socket.socket, n: int) -> bytes:
    out = b""
    while len(out) < n:
        chunk = sock.recv(n - len(out))
        assert chunk, "the held connection was closed"
        out += chunk
    return out


async def _new_client_works(sb) -> None:
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

    mode = Mode("SASL_SSL", "SCRAM-SHA-512")
    producer = AIOKafkaProducer(**aiokafka_settings(sb, mode))
    await producer.start()
    try:
        md = await producer.send_and_wait("alive", b"still-serving")
    finally:
        await producer.stop()
    consumer = AIOKafkaConsumer(auto_offset_reset="earliest", **aiokafka_settings(sb, mode))
    await consumer.start()
    try:
        from aiokafka import TopicPartition

        tp = TopicPartition("alive", 0)
        consumer.assign([tp])
        consumer.seek(tp, md.offset)
        msg = await asyncio.wait_for(consumer.getone(), 10)
        assert msg.value == b"still-serving"
    finally:
        await consumer.stop()


def _check(sb, client: str, settings: dict, caplog, event: str, client_says: list[str], line_says: list[str]):
    caplog.set_level(logging.INFO)
    held = socket.create_connection(("127.0.0.1", sb.ports["PLAINTEXT"]), timeout=10)
    _held_connection_answers(held, 1)
    before = len(sb.log().splitlines())
    said = FAIL[client](settings, caplog)
    for words in client_says:
        assert re.search(words, said, re.IGNORECASE), said
    wait_until(lambda: _new_lines(sb, before, event), 10, what=f"the broker's {event!r} line")
    lines = _new_lines(sb, before, event)
    _one_line_per_connection(lines)
    for line in lines:
        for words in line_says:
            assert re.search(words, line), line
    # A connection opened before the failures still answers, and a new client works.
    _held_connection_answers(held, 2)
    held.close()
    asyncio.run(_new_client_works(sb))


@pytest.mark.parametrize("client", CLIENTS)
def test_wrong_password(secure, client, caplog):
    mode = Mode("SASL_PLAINTEXT", "SCRAM-SHA-512")
    _check(
        secure,
        client,
        SETTINGS[client](secure, mode, password=WRONG),
        caplog,
        "fail authentication",
        client_says=[r"authentication", r"invalid credentials with SASL mechanism SCRAM-SHA-512"],
        line_says=[r"listener=SASL_PLAINTEXT", r"mechanism=SCRAM-SHA-512", r"peer=127\.0\.0\.1:\d+"],
    )


@pytest.mark.parametrize("client", CLIENTS)
def test_unknown_user(secure, client, caplog):
    mode = Mode("SASL_SSL", "PLAIN", user="mallory")
    _check(
        secure,
        client,
        SETTINGS[client](secure, mode, password=WRONG),
        caplog,
        "fail authentication",
        client_says=[r"authentication", r"Invalid username or password"],
        line_says=[r"listener=SASL_SSL", r"mechanism=PLAIN", r"peer=127\.0\.0\.1:\d+"],
    )


def _rogue_settings(sb, client: str) -> dict:
    c = sb.certs
    if client == "aiokafka":
        return {
            "bootstrap_servers": sb.bootstrap("SSL"),
            "security_protocol": "SSL",
            "ssl_context": client_ssl_context(c, rogue=True),
        }
    if client == "kafka-python":
        return {
            "bootstrap_servers": sb.bootstrap("SSL"),
            "security_protocol": "SSL",
            "ssl_cafile": str(c.ca),
            "ssl_certfile": str(c.rogue_cert),
            "ssl_keyfile": str(c.rogue_key),
        }
    return {
        "bootstrap.servers": sb.bootstrap("SSL"),
        "security.protocol": "SSL",
        "ssl.ca.location": str(c.ca),
        "ssl.certificate.location": str(c.rogue_cert),
        "ssl.key.location": str(c.rogue_key),
    }


@pytest.mark.parametrize("client", CLIENTS)
def test_client_certificate_from_another_ca(secure, client, caplog):
    _check(
        secure,
        client,
        _rogue_settings(secure, client),
        caplog,
        "fail tls handshake",
        # TLS 1.3: the client learns of the refusal as an alert or a closed connection.
        client_says=[r"(alert|certificate|closed|reset|disconnect|down|unable|ssl|eof)"],
        line_says=[r"listener=SSL", r"reason=CERTIFICATE_VERIFY_FAILED"],
    )


@pytest.mark.parametrize("client", CLIENTS)
def test_plaintext_client_on_a_tls_port(secure, client, caplog):
    if client == "confluent":
        settings = {"bootstrap.servers": secure.bootstrap("SSL")}
    else:
        settings = {"bootstrap_servers": secure.bootstrap("SSL")}
    _check(
        secure,
        client,
        settings,
        caplog,
        "fail tls handshake",
        client_says=[r"(closed|reset|disconnect|down|unable|timed out|timeout)"],
        line_says=[r"listener=SSL", r"reason=(WRONG_VERSION_NUMBER|HTTP_REQUEST|UNKNOWN_PROTOCOL|\w+)"],
    )


def test_sasl_ssl_client_needs_no_certificate_under_required(secure):
    """KIP-684: ssl.client.auth=required is the SSL listener's; a SASL_SSL client that shows no
    certificate logs in with SASL (while on the SSL listener the same client is refused)."""
    from confluent_kafka import KafkaException
    from confluent_kafka.admin import AdminClient

    settings = confluent_settings(secure, Mode("SASL_SSL", "SCRAM-SHA-256"))
    del settings["ssl.certificate.location"], settings["ssl.key.location"]
    md = AdminClient(settings).list_topics(timeout=15)
    assert md.brokers, "the SASL_SSL client without a certificate got no metadata"
    no_cert = {"bootstrap.servers": secure.bootstrap("SSL"), "security.protocol": "SSL"}
    no_cert["ssl.ca.location"] = settings["ssl.ca.location"]
    with pytest.raises(KafkaException):
        AdminClient(no_cert).list_topics(timeout=5)

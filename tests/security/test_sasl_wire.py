"""The SASL exchange on the wire, with raw frames: handshake v0 (bare tokens) and v1
(SaslAuthenticate), what is allowed before authentication, and SaslHandshake elsewhere."""

from __future__ import annotations

import struct

import pytest

from broker.security.credentials import add_user
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import RawConnection, start_broker


@pytest.fixture
async def sasl_broker(tmp_path):
    add_user(tmp_path / "users.json", "alice", "alice-pw", ["SCRAM-SHA-256", "SCRAM-SHA-512"])
    b = await start_broker(
        tmp_path / "data",
        listeners="PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0",
        **{
            "sasl.credentials.file": str(tmp_path / "users.json"),
            "sasl.enabled.mechanisms": "PLAIN,SCRAM-SHA-512",
        },
    )
    try:
        yield b
    finally:
        await b.stop()


async def test_handshake_v0_then_bare_plain_token(sasl_broker):
    c = await RawConnection.open(sasl_broker.bound_ports["SASL_PLAINTEXT"])
    try:
        r = await c.request(ApiKey.SASL_HANDSHAKE, 0, {"mechanism": "PLAIN"})
        assert (r.error_code, list(r.mechanisms)) == (ErrorCode.NONE, ["PLAIN", "SCRAM-SHA-512"])
        await c.send_frame(b"\0alice\0alice-pw")
        assert await c.read_frame() == b""  # PLAIN's (empty) answer, as a bare frame
        r = await c.request(ApiKey.METADATA, 1, {"topics": None})
        assert [b.port for b in r.brokers] == [sasl_broker.bound_ports["SASL_PLAINTEXT"]]
    finally:
        await c.close()


async def test_handshake_v0_wrong_password_closes(sasl_broker):
    c = await RawConnection.open(sasl_broker.bound_ports["SASL_PLAINTEXT"])
    try:
        await c.request(ApiKey.SASL_HANDSHAKE, 0, {"mechanism": "PLAIN"})
        await c.send_frame(b"\0alice\0wrong")
        assert await c.closed_by_peer()
    finally:
        await c.close()


async def test_handshake_v1_authenticate_then_serve(sasl_broker):
    c = await RawConnection.open(sasl_broker.bound_ports["SASL_PLAINTEXT"])
    try:
        r = await c.request(
            ApiKey.API_VERSIONS, 3, {"client_software_name": "t", "client_software_version": "1"}
        )
        assert {k.api_key for k in r.api_keys} >= {17, 36, 29, 30, 31}
        r = await c.request(ApiKey.SASL_HANDSHAKE, 1, {"mechanism": "PLAIN"})
        assert r.error_code == ErrorCode.NONE
        r = await c.request(ApiKey.SASL_AUTHENTICATE, 2, {"auth_bytes": b"\0alice\0alice-pw"})
        assert (r.error_code, r.error_message, r.auth_bytes) == (ErrorCode.NONE, None, b"")
        r = await c.request(ApiKey.SASL_HANDSHAKE, 1, {"mechanism": "PLAIN"})
        assert r.error_code == ErrorCode.ILLEGAL_SASL_STATE  # once authenticated (no re-authentication)
    finally:
        await c.close()


async def test_failed_authenticate_answers_then_closes(sasl_broker):
    c = await RawConnection.open(sasl_broker.bound_ports["SASL_PLAINTEXT"])
    try:
        await c.request(ApiKey.SASL_HANDSHAKE, 1, {"mechanism": "PLAIN"})
        r = await c.request(ApiKey.SASL_AUTHENTICATE, 1, {"auth_bytes": b"\0alice\0nope"})
        assert r.error_code == ErrorCode.SASL_AUTHENTICATION_FAILED
        assert r.error_message == "Authentication failed: Invalid username or password"
        assert await c.closed_by_peer()
    finally:
        await c.close()


async def test_unsupported_mechanism_answers_then_closes(sasl_broker):
    c = await RawConnection.open(sasl_broker.bound_ports["SASL_PLAINTEXT"])
    try:
        r = await c.request(ApiKey.SASL_HANDSHAKE, 1, {"mechanism": "SCRAM-SHA-256"})
        assert (r.error_code, list(r.mechanisms)) == (
            ErrorCode.UNSUPPORTED_SASL_MECHANISM,
            ["PLAIN", "SCRAM-SHA-512"],
        )
        assert await c.closed_by_peer()
    finally:
        await c.close()


@pytest.mark.parametrize(
    ("api_key", "version", "body"),
    [
        (ApiKey.METADATA, 1, {"topics": None}),
        (ApiKey.SASL_AUTHENTICATE, 1, {"auth_bytes": b"\0alice\0alice-pw"}),
    ],
)
async def test_request_before_authentication_closes(sasl_broker, api_key, version, body):
    c = await RawConnection.open(sasl_broker.bound_ports["SASL_PLAINTEXT"])
    try:
        header = struct.pack(">hhih", api_key, version, 7, 1) + b"t"
        from protocol.frames import RequestHeader, encode_request

        frame = encode_request(RequestHeader(api_key, version, 7, "t"), body)
        assert frame[: len(header)] == header
        await c.send_frame(frame)
        assert await c.closed_by_peer()
    finally:
        await c.close()


async def test_sasl_apis_on_a_plaintext_listener_are_illegal_state(sasl_broker):
    c = await RawConnection.open(sasl_broker.bound_ports["PLAINTEXT"])
    try:
        r = await c.request(ApiKey.SASL_HANDSHAKE, 1, {"mechanism": "PLAIN"})
        assert r.error_code == ErrorCode.ILLEGAL_SASL_STATE
        r = await c.request(ApiKey.SASL_AUTHENTICATE, 0, {"auth_bytes": b"x"})
        assert r.error_code == ErrorCode.ILLEGAL_SASL_STATE
        r = await c.request(ApiKey.METADATA, 1, {"topics": None})  # and the connection goes on
        assert r.brokers
    finally:
        await c.close()


async def test_secure_properties_and_run_secure_material_start_a_broker(tmp_path):
    """`make run-secure`'s pieces: config/secure.properties with the material tools/run_secure.py
    writes, on ephemeral ports, starts; the super user's settings file authenticates."""
    from broker.config import Config, read_properties
    from tests.helpers import ROOT
    from tools.run_secure import prepare

    prepare(tmp_path / "secure")
    props = read_properties((ROOT / "config" / "secure.properties").read_text())
    for key in ("ssl.keystore.location", "ssl.truststore.location", "sasl.credentials.file"):
        props[key] = props[key].replace("./secure", str(tmp_path / "secure"))
    props["listeners"] = "SSL://127.0.0.1:0,SASL_SSL://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0"
    props["log.dirs"] = str(tmp_path / "data")
    from broker.broker import Broker

    b = Broker(Config(props))
    await b.start()
    try:
        admin = read_properties((tmp_path / "secure" / "admin.properties").read_text())
        c = await RawConnection.open(b.bound_ports["SASL_PLAINTEXT"])
        try:
            await c.request(ApiKey.SASL_HANDSHAKE, 1, {"mechanism": "PLAIN"})
            token = f"\0{admin['sasl.username']}\0{admin['sasl.password']}".encode()
            r = await c.request(ApiKey.SASL_AUTHENTICATE, 2, {"auth_bytes": token})
            assert r.error_code == ErrorCode.NONE
            r = await c.request(
                ApiKey.DESCRIBE_ACLS,
                3,
                {"resource_type_filter": 1, "pattern_type_filter": 1, "operation": 1, "permission_type": 1},
            )
            assert (r.error_code, list(r.resources)) == (ErrorCode.NONE, [])  # the super user may
        finally:
            await c.close()
    finally:
        await b.stop()

"""SASL without sockets: SCRAM against RFC 7677's test vector and an RFC 5802 client written here,
PLAIN against salted credentials, the session's states, credentials files, TLS principal names."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from broker.security.credentials import CredentialStore, FileCredentialStore, add_user, parse_users
from broker.security.sasl import PlainServer, SaslConfig, SaslState
from broker.security.scram import (
    AuthenticationFailed,
    ScramCredential,
    ScramServer,
    make_credential,
    verify_password,
)
from broker.security.tls import rfc2253_name
from protocol.errors import ErrorCode


def test_rfc7677_test_vector():
    """RFC 7677 section 3: user "user", password "pencil"; the exchange byte for byte."""
    salt = base64.b64decode("W22ZaJ0SNY7soEsUEjb6gQ==")
    cred = make_credential("SCRAM-SHA-256", "pencil", 4096, salt)
    server = ScramServer("SCRAM-SHA-256", {"user": cred}.get, nonce=lambda: "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0")
    first = server.step(b"n,,n=user,r=rOprNGfwEbeRWgbNEkqO")
    assert first == b"r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"
    final = server.step(
        b"c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
        b"p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ="
    )
    assert final == b"v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="
    assert server.complete and server.username == "user"


def scram_client(mechanism: str, user: str, password: str, server: ScramServer) -> bytes:
    """RFC 5802's client side, to drive the server."""
    digest = {"SCRAM-SHA-256": hashlib.sha256, "SCRAM-SHA-512": hashlib.sha512}[mechanism]
    cnonce = "fyko+d2lbbFgONRv9qkxdawL"
    bare = f"n={user.replace('=', '=3D').replace(',', '=2C')},r={cnonce}"
    server_first = server.step(f"n,,{bare}".encode()).decode()
    attrs = dict(part.split("=", 1) for part in server_first.split(","))
    salted = hashlib.pbkdf2_hmac(
        digest().name, password.encode(), base64.b64decode(attrs["s"]), int(attrs["i"])
    )
    client_key = hmac.new(salted, b"Client Key", digest).digest()
    without_proof = f"c=biws,r={attrs['r']}"
    auth = f"{bare},{server_first},{without_proof}".encode()
    signature = hmac.new(digest(client_key).digest(), auth, digest).digest()
    proof = bytes(a ^ b for a, b in zip(client_key, signature, strict=True))
    final = server.step(f"{without_proof},p={base64.b64encode(proof).decode()}".encode())
    server_key = hmac.new(salted, b"Server Key", digest).digest()
    assert final == b"v=" + base64.b64encode(hmac.new(server_key, auth, digest).digest())
    return final


@pytest.mark.parametrize("mechanism", ["SCRAM-SHA-256", "SCRAM-SHA-512"])
def test_scram_exchange_and_wrong_password(mechanism):
    store = {"al,ice=": make_credential(mechanism, "s3cret")}
    server = ScramServer(mechanism, store.get)
    scram_client(mechanism, "al,ice=", "s3cret", server)
    assert server.complete and server.username == "al,ice="
    with pytest.raises(AuthenticationFailed, match=f"invalid credentials with SASL mechanism {mechanism}"):
        scram_client(mechanism, "al,ice=", "wrong", ScramServer(mechanism, store.get))
    with pytest.raises(AuthenticationFailed, match="invalid credentials"):
        scram_client(mechanism, "nobody", "s3cret", ScramServer(mechanism, store.get))


@pytest.mark.parametrize(
    "first",
    [b"", b"p=tls-unique,,n=a,r=x", b"n,,r=x,n=a", b"n,,n=a", b"n,,n=a=ZZ,r=x", b"\xff\xfe", b"n,x,n=a,r=b"],
)
def test_scram_refuses_malformed_client_first(first):
    with pytest.raises(AuthenticationFailed):
        ScramServer("SCRAM-SHA-256", {"a": make_credential("SCRAM-SHA-256", "p")}.get).step(first)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.binary(max_size=200), min_size=1, max_size=4))
def test_scram_server_fails_only_with_authentication_failed(tokens):
    server = ScramServer("SCRAM-SHA-512", {"a": make_credential("SCRAM-SHA-512", "p", 4096, b"s" * 16)}.get)
    try:
        for t in tokens:
            server.step(t)
    except AuthenticationFailed:
        return
    assert not server.complete  # random bytes never authenticate


def test_credential_text_round_trips_in_kafkas_format():
    cred = make_credential("SCRAM-SHA-512", "pw", 8192)
    text = cred.to_text()
    assert text.startswith("salt=") and ",stored_key=" in text and text.endswith(",iterations=8192")
    assert ScramCredential.from_text(text) == cred
    assert verify_password("SCRAM-SHA-512", cred, "pw") and not verify_password("SCRAM-SHA-512", cred, "pW")
    with pytest.raises(ValueError):
        ScramCredential.from_text("salt=xx")


def test_plain_checks_the_salted_credential():
    store = CredentialStore()
    store.set("alice", "SCRAM-SHA-256", make_credential("SCRAM-SHA-256", "pw"))
    assert PlainServer(store).step(b"\0alice\0pw") == b""
    assert PlainServer(store).step(b"alice\0alice\0pw") == b""
    for token, says in [
        (b"\0alice\0nope", "Invalid username or password"),
        (b"\0bob\0pw", "Invalid username or password"),
        (b"carol\0alice\0pw", "authorization id"),
        (b"\0alice", "expected 3 tokens"),
        (b"\0\0pw", "username not specified"),
    ]:
        with pytest.raises(AuthenticationFailed, match=says):
            PlainServer(store).step(token)


def test_session_states():
    store = CredentialStore()
    store.set("alice", "SCRAM-SHA-512", make_credential("SCRAM-SHA-512", "pw"))
    config = SaslConfig(("PLAIN", "SCRAM-SHA-512"), store)
    s = config.session()
    assert s.handshake("GSSAPI", 1) == (ErrorCode.UNSUPPORTED_SASL_MECHANISM, ["PLAIN", "SCRAM-SHA-512"])
    assert s.state is SaslState.FAILED
    s = config.session()
    assert s.handshake("PLAIN", 0) == (ErrorCode.NONE, ["PLAIN", "SCRAM-SHA-512"]) and s.raw_tokens
    assert s.handshake("PLAIN", 1)[0] == ErrorCode.ILLEGAL_SASL_STATE
    s = config.session()
    with pytest.raises(AuthenticationFailed):
        s.authenticate(b"\0alice\0pw")  # no handshake yet
    s = config.session()
    s.handshake("PLAIN", 1)
    s.authenticate(b"\0alice\0pw")
    assert s.complete and s.principal == "User:alice"


def test_credentials_file_is_salted_reloaded_and_private(tmp_path):
    path = tmp_path / "users.json"
    add_user(path, "alice", "first-pw", ["SCRAM-SHA-512"])
    assert path.stat().st_mode & 0o077 == 0
    assert "first-pw" not in path.read_text()
    store = FileCredentialStore(path)
    assert verify_password("SCRAM-SHA-512", store.get("alice", "SCRAM-SHA-512"), "first-pw")
    add_user(path, "bob", "bob-pw", ["SCRAM-SHA-256"])
    assert store.get("bob", "SCRAM-SHA-256") is not None  # picked up without a restart
    with pytest.raises(ValueError):
        parse_users({"users": {"x": {"MD5": "salt=..."}}})
    with pytest.raises(ValueError):
        parse_users(json.loads('{"nope": 1}'))


def test_rfc2253_names_match_cryptographys(tmp_path):
    import ssl

    from cryptography import x509

    from tools.make_certs import make_certs

    certs = make_certs(tmp_path)
    cert = x509.load_pem_x509_certificate(certs.client_cert.read_bytes())
    decoded = ssl._ssl._test_decode_cert(str(certs.client_cert))  # what getpeercert() returns
    assert rfc2253_name(decoded["subject"]) == cert.subject.rfc4514_string() == "CN=client,O=kbroker test"
    subject = ((("countryName", "FR"),), (("organizationName", "A, B+C"),), (("commonName", " x"),))
    assert rfc2253_name(subject) == "CN=\\ x,O=A\\, B\\+C,C=FR"

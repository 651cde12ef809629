"""The broker's TLS layer without sockets: a client SSLObject and a TlsTransport over a fake raw
transport exchange a handshake, application bytes both ways and close_notify; garbage and an
untrusted client certificate end in TlsFailure with OpenSSL's reason."""

from __future__ import annotations

import contextlib
import ssl

import pytest

from broker.security.tls import principal_of
from broker.security.tls_transport import TlsFailure, TlsTransport
from tools.make_certs import make_certs


class FakeRaw:
    def __init__(self) -> None:
        self.sent = bytearray()
        self.closed = False

    def write(self, data: bytes) -> None:
        self.sent += data

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str, default=None):
        return default


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    return make_certs(tmp_path_factory.mktemp("certs"))


def _server(certs, verify=ssl.CERT_REQUIRED):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(str(certs.broker))
    ctx.load_verify_locations(str(certs.ca))
    ctx.verify_mode = verify
    raw = FakeRaw()
    return TlsTransport(raw, ctx), raw  # type: ignore[arg-type]


def _client(certs, rogue=False):
    ctx = ssl.create_default_context(cafile=str(certs.ca))
    if rogue:
        ctx.load_cert_chain(str(certs.rogue_cert), str(certs.rogue_key))
    else:
        ctx.load_cert_chain(str(certs.client_cert), str(certs.client_key))
    inc, out = ssl.MemoryBIO(), ssl.MemoryBIO()
    return ctx.wrap_bio(inc, out, server_hostname="localhost"), inc, out


def _pump(client, c_in, c_out, server, raw, rounds=6):
    """Shuttle bytes until neither side has anything to say; the server's plaintext."""
    plain = b""
    for _ in range(rounds):
        with contextlib.suppress(ssl.SSLWantReadError):
            client.do_handshake()
        if c_out.pending:
            plain += server.feed(c_out.read())
        if raw.sent:
            c_in.write(bytes(raw.sent))
            raw.sent.clear()
    return plain


def test_handshake_bytes_both_ways_and_close_notify(certs):
    server, raw = _server(certs)
    client, c_in, c_out = _client(certs)
    _pump(client, c_in, c_out, server, raw)
    assert server.handshaken and principal_of(server.ssl_object) == "User:CN=client,O=kbroker test"
    client.write(b"\x00\x00\x00\x04ping")
    assert server.feed(c_out.read()) == b"\x00\x00\x00\x04ping"
    server.writelines([b"po", b"ng"])
    c_in.write(bytes(raw.sent))
    raw.sent.clear()
    got = b""
    with contextlib.suppress(ssl.SSLWantReadError):
        while len(got) < 4:
            got += client.read(100)
    assert got == b"pong"
    with contextlib.suppress(ssl.SSLWantReadError):
        client.unwrap()
    assert server.feed(c_out.read()) == b"" and server.peer_closed
    server.close()
    assert raw.closed


def test_garbage_is_a_failure_with_a_reason(certs):
    server, _ = _server(certs)
    with pytest.raises(TlsFailure) as e:
        server.feed(b"\x00\x00\x00\x1a\x00\x12\x00\x03" + b"x" * 30)  # a Kafka request in clear
    assert e.value.reason
    assert not server.handshaken


def test_untrusted_client_certificate_fails_the_handshake(certs):
    server, raw = _server(certs)
    client, c_in, c_out = _client(certs, rogue=True)
    with pytest.raises(TlsFailure) as e:
        _pump(client, c_in, c_out, server, raw)
    assert e.value.reason == "CERTIFICATE_VERIFY_FAILED"

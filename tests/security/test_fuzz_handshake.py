"""Must-show 4: fuzzing the handshake. Random and truncated SaslHandshake / SaslAuthenticate frames
(v0 bare tokens too, SCRAM exchanges cut or mangled, PLAIN tokens carrying the real password
in the wrong places) on the SASL listeners, and TLS garbage (random bytes, mutated and truncated
ClientHellos) on the TLS listeners. The broker process stays up, connections authenticated before
keep being served, a new client works after, and no password reaches the broker's log."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import random
import ssl
import struct

import pytest

from protocol.apis import ApiKey
from protocol.frames import RequestHeader, decode_response, encode_request
from tests.security.support import USERS, Mode, aiokafka_settings, client_ssl_context, start_secure_broker

pytestmark = pytest.mark.interop

SEED = 22
CASES = 80  # rounds; each round throws four kinds of garbage at once, a connection each
PASSWORD = USERS["alice"]


def _frame(api_key: int, version: int, body: dict, cid: int = 1) -> bytes:
    payload = encode_request(RequestHeader(api_key, version, cid, "fuzz"), body)
    return struct.pack(">i", len(payload)) + payload


def _mangle(rng: random.Random, data: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        choice = rng.random()
        if choice < 0.4 and data:
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif choice < 0.7:
            data = data[: rng.randrange(len(data) + 1)]
        else:
            data[rng.randrange(len(data) + 1) : 0] = rng.randbytes(rng.randint(1, 16))
    return bytes(data)


def _sasl_garbage(rng: random.Random) -> bytes:
    """One connection's worth of bytes for a SASL listener."""
    mechanism = rng.choice(["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "GSSAPI", "", "P" * 300])
    kind = rng.randrange(9)
    plain_token = rng.choice(
        [
            f"\0alice\0{PASSWORD}".encode(),
            f"{PASSWORD}\0alice\0x".encode(),
            f"\0{PASSWORD}\0{PASSWORD}".encode(),
            f"\0alice\0{PASSWORD}\0extra".encode(),
        ]
    )
    if kind == 0:
        return rng.randbytes(rng.randint(0, 200))
    if kind == 1:  # a plausible size and garbage
        return struct.pack(">i", rng.choice([0, 1, 3, 7, 100, 524289, 2**31 - 1, -5])) + rng.randbytes(
            rng.randint(0, 64)
        )
    if kind == 2:  # any version, even one that does not exist, then mangled
        frame = bytearray(_frame(ApiKey.SASL_HANDSHAKE, 1, {"mechanism": mechanism}))
        frame[6:8] = struct.pack(">h", rng.choice([0, 1, 2, 9, -1]))
        return _mangle(rng, bytes(frame))
    if kind == 3:  # handshake v0 then bare tokens, mangled or not
        return _frame(ApiKey.SASL_HANDSHAKE, 0, {"mechanism": "PLAIN"}) + _mangle(
            rng, struct.pack(">i", len(plain_token)) + plain_token
        )
    if kind == 4:  # handshake v1 then a mangled SaslAuthenticate
        return _frame(ApiKey.SASL_HANDSHAKE, 1, {"mechanism": "PLAIN"}) + _mangle(
            rng, _frame(ApiKey.SASL_AUTHENTICATE, rng.choice([0, 1, 2]), {"auth_bytes": plain_token}, 2)
        )
    if kind == 5:  # SCRAM: a client-first, then a client-final that cannot be right
        first = b"n,,n=alice,r=" + base64.b64encode(rng.randbytes(12))
        final = (
            b"c=biws,r=" + base64.b64encode(rng.randbytes(30)) + b",p=" + base64.b64encode(rng.randbytes(64))
        )
        return (
            _frame(ApiKey.SASL_HANDSHAKE, 1, {"mechanism": "SCRAM-SHA-512"})
            + _frame(ApiKey.SASL_AUTHENTICATE, 1, {"auth_bytes": first}, 2)
            + _frame(ApiKey.SASL_AUTHENTICATE, 1, {"auth_bytes": _mangle(rng, final)}, 3)
        )
    if kind == 6:  # random auth bytes of any length
        return _frame(ApiKey.SASL_HANDSHAKE, 1, {"mechanism": mechanism}) + _frame(
            ApiKey.SASL_AUTHENTICATE, 2, {"auth_bytes": rng.randbytes(rng.randint(0, 3000))}, 2
        )
    if kind == 7:  # a request before authentication, carrying the password
        return _frame(ApiKey.METADATA, 1, {"topics": [{"name": PASSWORD}]})
    whole = _frame(ApiKey.SASL_HANDSHAKE, 1, {"mechanism": "PLAIN"}) + _frame(
        ApiKey.SASL_AUTHENTICATE, 1, {"auth_bytes": plain_token}, 2
    )
    return whole[: rng.randrange(len(whole))]  # truncated anywhere


def _client_hello(certs) -> bytes:
    ctx = client_ssl_context(certs)
    bio_in, bio_out = ssl.MemoryBIO(), ssl.MemoryBIO()
    obj = ctx.wrap_bio(bio_in, bio_out, server_hostname="localhost")
    with contextlib.suppress(ssl.SSLWantReadError):
        obj.do_handshake()
    return bio_out.read()


def _tls_garbage(rng: random.Random, hello: bytes) -> bytes:
    kind = rng.randrange(4)
    if kind == 0:
        return rng.randbytes(rng.randint(1, 400))
    if kind == 1:
        return hello[: rng.randrange(1, len(hello))]
    if kind == 2:
        return _mangle(rng, hello)
    return b"\x16\x03\x01" + struct.pack(">H", rng.randrange(65536)) + rng.randbytes(rng.randint(0, 100))


async def _throw(port: int, data: bytes, tls: ssl.SSLContext | None = None) -> None:
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, ssl=tls), 10)
    except (OSError, ssl.SSLError, TimeoutError):
        return
    try:
        writer.write(data)
        await writer.drain()
        # Read whatever comes back until the broker closes, or give up after a moment: both fine.
        with contextlib.suppress(OSError, TimeoutError, ssl.SSLError, asyncio.IncompleteReadError):
            async with asyncio.timeout(0.25):
                while await reader.read(65536):
                    pass
    except (OSError, ssl.SSLError):
        pass
    finally:
        writer.close()
        with contextlib.suppress(OSError, ssl.SSLError, TimeoutError):
            await asyncio.wait_for(writer.wait_closed(), 2)


class _Held:
    """An authenticated SASL_SSL connection, opened before the fuzzing and used after it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer, self.cid = reader, writer, 0

    async def ask(self, api_key: int, version: int, body: dict):
        self.cid += 1
        self.writer.write(_frame(api_key, version, body, self.cid))
        size = struct.unpack(">i", await self.reader.readexactly(4))[0]
        cid, answer = decode_response(await self.reader.readexactly(size), api_key, version)
        assert cid == self.cid
        return answer


async def _held(sb) -> _Held:
    r, w = await asyncio.open_connection("127.0.0.1", sb.ports["SASL_SSL"], ssl=client_ssl_context(sb.certs))
    h = _Held(r, w)
    assert (await h.ask(ApiKey.SASL_HANDSHAKE, 1, {"mechanism": "PLAIN"})).error_code == 0
    answer = await h.ask(ApiKey.SASL_AUTHENTICATE, 2, {"auth_bytes": f"\0alice\0{PASSWORD}".encode()})
    assert answer.error_code == 0
    return h


@pytest.fixture(scope="module")
def secure(tmp_path_factory):
    sb = start_secure_broker(tmp_path_factory.mktemp("fuzz"))
    try:
        yield sb
    finally:
        sb.process.stop()


def test_fuzzing_the_handshake(secure):
    sb = secure
    rng = random.Random(SEED)
    hello = _client_hello(sb.certs)
    tls_ok = client_ssl_context(sb.certs)

    async def run() -> None:
        held = await _held(sb)
        before = await held.ask(ApiKey.METADATA, 1, {"topics": None})
        for i in range(CASES):
            await asyncio.gather(
                _throw(sb.ports["SASL_PLAINTEXT"], _sasl_garbage(rng)),
                _throw(sb.ports["SASL_SSL"], _sasl_garbage(rng), tls_ok),  # garbage inside good TLS
                _throw(sb.ports["SSL"], _tls_garbage(rng, hello)),
                _throw(sb.ports["SASL_SSL"], _tls_garbage(rng, hello)),
            )
            if i % 20 == 0:  # the held connection is served all along
                assert (await held.ask(ApiKey.METADATA, 1, {"topics": None})).brokers == before.brokers
            assert sb.process.proc.poll() is None, "the broker died"
        assert (await held.ask(ApiKey.METADATA, 1, {"topics": None})).brokers == before.brokers
        held.writer.close()
        # A new client, after all that.
        from aiokafka import AIOKafkaProducer

        producer = AIOKafkaProducer(**aiokafka_settings(sb, Mode("SASL_SSL", "SCRAM-SHA-512")))
        await producer.start()
        try:
            md = await producer.send_and_wait("after-fuzz", b"ok")
            assert md.offset == 0
        finally:
            await producer.stop()

    asyncio.run(run())
    assert sb.process.proc.poll() is None
    log = sb.log()
    assert "Traceback" not in log and "fail connection" not in log, "an input reached an unhandled error"
    assert sb.lines("fail authentication") and sb.lines("fail tls handshake")
    for password in USERS.values():
        for form in (password, password.encode().hex(), base64.b64encode(password.encode()).decode()):
            assert form not in log, "a credential reached the broker's log"

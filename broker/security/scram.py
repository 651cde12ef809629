"""SCRAM-SHA-256/512 (RFC 5802, RFC 7677) on the server side, sans I/O, with Kafka's credential format.

A credential keeps the salt, StoredKey and ServerKey, never the password: Kafka stores
`salt=<b64>,stored_key=<b64>,server_key=<b64>,iterations=<n>` per mechanism (ZooKeeper's
/config/users/<name>), and so do we. PLAIN passwords are checked against the same credential
(salt the password offered, compare StoredKeys), so no password is kept in clear anywhere.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

HASHES: dict[str, Callable[..., Any]] = {"SCRAM-SHA-256": hashlib.sha256, "SCRAM-SHA-512": hashlib.sha512}
MIN_ITERATIONS = 4096  # Kafka's minimum for both mechanisms (ScramMechanism.minIterations)
MAX_ITERATIONS = 16384


class AuthenticationFailed(Exception):
    """The exchange cannot succeed; the message is what the client is told (never a secret)."""


@dataclass(frozen=True, slots=True)
class ScramCredential:
    salt: bytes
    stored_key: bytes
    server_key: bytes
    iterations: int

    def to_text(self) -> str:
        b64 = base64.b64encode
        return (
            f"salt={b64(self.salt).decode()},stored_key={b64(self.stored_key).decode()},"
            f"server_key={b64(self.server_key).decode()},iterations={self.iterations}"
        )

    @classmethod
    def from_text(cls, text: str) -> ScramCredential:
        fields = dict(part.split("=", 1) for part in text.split(",") if "=" in part)
        try:
            return cls(
                base64.b64decode(fields["salt"], validate=True),
                base64.b64decode(fields["stored_key"], validate=True),
                base64.b64decode(fields["server_key"], validate=True),
                int(fields["iterations"]),
            )
        except (KeyError, ValueError) as e:
            raise ValueError(f"not a SCRAM credential ({e})") from None


def _hmac(digest: Callable[..., Any], key: bytes, msg: bytes) -> bytes:
    return hmac.new(key, msg, digest).digest()


def _salted(mechanism: str, password: str, salt: bytes, iterations: int) -> bytes:
    name = HASHES[mechanism]().name
    return hashlib.pbkdf2_hmac(name, password.encode(), salt, iterations)


def make_credential(
    mechanism: str, password: str, iterations: int = MIN_ITERATIONS, salt: bytes | None = None
) -> ScramCredential:
    """What kafka-configs --add-config 'SCRAM-SHA-512=[password=...]' stores."""
    digest = HASHES[mechanism]
    salt = salt if salt is not None else os.urandom(32)
    salted = _salted(mechanism, password, salt, iterations)
    client_key = _hmac(digest, salted, b"Client Key")
    return ScramCredential(
        salt, digest(client_key).digest(), _hmac(digest, salted, b"Server Key"), iterations
    )


def verify_password(mechanism: str, credential: ScramCredential, password: str) -> bool:
    """PLAIN's check: the password offered, salted as the credential was, gives its StoredKey."""
    digest = HASHES[mechanism]
    salted = _salted(mechanism, password, credential.salt, credential.iterations)
    stored = digest(_hmac(digest, salted, b"Client Key")).digest()
    return hmac.compare_digest(stored, credential.stored_key)


def _unescape_name(name: str) -> str:
    # RFC 5802: ',' and '=' in a user name travel as =2C and =3D; any other '=' is malformed.
    out, i = [], 0
    while i < len(name):
        if name[i] == "=":
            code = name[i : i + 3]
            if code not in ("=2C", "=3D"):
                raise AuthenticationFailed("Invalid user name encoding")
            out.append("," if code == "=2C" else "=")
            i += 3
        else:
            out.append(name[i])
            i += 1
    return "".join(out)


def _attributes(message: str) -> list[tuple[str, str]]:
    out = []
    for part in message.split(","):
        if len(part) < 2 or part[1] != "=":
            raise AuthenticationFailed("Invalid SCRAM message")
        out.append((part[0], part[2:]))
    return out


class ScramServer:
    """One SCRAM exchange: client-first -> server-first, client-final -> server-final.

    `lookup(user)` returns the user's credential for this mechanism, or None. Every failure is an
    AuthenticationFailed; after one, the exchange is over (the connection is closed by the caller).
    """

    def __init__(
        self,
        mechanism: str,
        lookup: Callable[[str], ScramCredential | None],
        nonce: Callable[[], str] = lambda: secrets.token_urlsafe(24),
    ):
        self.mechanism = mechanism
        self._new_nonce = nonce  # the server's part of the nonce (RFC 7677's test vector fixes it)
        self.digest = HASHES[mechanism]
        self.lookup = lookup
        self.username: str | None = None  # known after client-first
        self.complete = False
        self._step = 0
        self._credential: ScramCredential | None = None
        self._nonce = ""
        self._gs2_header = ""
        self._client_first_bare = ""
        self._server_first = ""

    def step(self, token: bytes) -> bytes:
        if self._step == 0:
            self._step = 1
            return self._client_first(token)
        if self._step == 1:
            self._step = 2
            return self._client_final(token)
        raise AuthenticationFailed("Unexpected SASL token after SCRAM completed")

    def _fail(self) -> AuthenticationFailed:
        # Kafka's own words; no hint whether the user or the password was wrong.
        return AuthenticationFailed(
            f"Authentication failed during authentication due to invalid credentials "
            f"with SASL mechanism {self.mechanism}"
        )

    def _client_first(self, token: bytes) -> bytes:
        try:
            text = token.decode("utf-8")
        except UnicodeDecodeError:
            raise AuthenticationFailed("Invalid SCRAM client first message") from None
        # gs2-header: "n,," / "y,," (no channel binding) with an optional "a=authzid".
        parts = text.split(",", 2)
        if len(parts) != 3 or parts[0] not in ("n", "y"):
            raise AuthenticationFailed("Invalid SCRAM client first message (channel binding not supported)")
        authzid = parts[1]
        if authzid and not authzid.startswith("a="):
            raise AuthenticationFailed("Invalid SCRAM client first message")
        self._gs2_header = f"{parts[0]},{authzid},"
        self._client_first_bare = parts[2]
        attrs = _attributes(parts[2])
        if len(attrs) < 2 or attrs[0][0] != "n" or attrs[1][0] != "r" or not attrs[1][1]:
            raise AuthenticationFailed("Invalid SCRAM client first message")
        username = _unescape_name(attrs[0][1])
        if authzid and _unescape_name(authzid[2:]) != username:
            raise AuthenticationFailed("Authentication failed: Invalid user credentials")
        self.username = username
        credential = self.lookup(username)
        if credential is None:
            raise self._fail()
        self._credential = credential
        self._nonce = attrs[1][1] + self._new_nonce()
        salt = base64.b64encode(credential.salt).decode()
        self._server_first = f"r={self._nonce},s={salt},i={credential.iterations}"
        return self._server_first.encode()

    def _client_final(self, token: bytes) -> bytes:
        try:
            text = token.decode("utf-8")
        except UnicodeDecodeError:
            raise AuthenticationFailed("Invalid SCRAM client final message") from None
        without_proof, sep, proof_b64 = text.rpartition(",p=")
        if not sep:
            raise AuthenticationFailed("Invalid SCRAM client final message")
        attrs = dict(_attributes(without_proof))
        expected_binding = base64.b64encode(self._gs2_header.encode()).decode()
        if attrs.get("c") != expected_binding or attrs.get("r") != self._nonce:
            raise AuthenticationFailed("Invalid SCRAM client final message")
        try:
            proof = base64.b64decode(proof_b64, validate=True)
        except ValueError:
            raise AuthenticationFailed("Invalid SCRAM client final message") from None
        credential = self._credential
        assert credential is not None  # set by the first step
        auth_message = f"{self._client_first_bare},{self._server_first},{without_proof}".encode()
        signature = _hmac(self.digest, credential.stored_key, auth_message)
        if len(proof) != len(signature):
            raise self._fail()
        client_key = bytes(a ^ b for a, b in zip(proof, signature, strict=True))
        if not hmac.compare_digest(self.digest(client_key).digest(), credential.stored_key):
            raise self._fail()
        self.complete = True
        server_signature = _hmac(self.digest, credential.server_key, auth_message)
        return b"v=" + base64.b64encode(server_signature)

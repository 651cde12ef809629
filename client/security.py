"""The client's side of security, with aiokafka's parameter names: `security_protocol`,
`ssl_context`, `sasl_mechanism`, `sasl_plain_username`, `sasl_plain_password`; the SASL exchange
(PLAIN, SCRAM-SHA-256/512 per RFC 5802) as pure objects; Kafka client properties (a
`--command-config` file) turned into those parameters."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import ssl
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

PROTOCOLS = ("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL")
MECHANISMS = ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512")
_HASHES: dict[str, Any] = {"SCRAM-SHA-256": hashlib.sha256, "SCRAM-SHA-512": hashlib.sha512}


@dataclass(frozen=True, slots=True)
class SecurityConfig:
    security_protocol: str = "PLAINTEXT"
    ssl_context: ssl.SSLContext | None = None
    sasl_mechanism: str = "PLAIN"
    sasl_plain_username: str | None = None
    sasl_plain_password: str | None = None

    def __post_init__(self) -> None:
        if self.security_protocol not in PROTOCOLS:
            raise ValueError(f"security_protocol must be one of {', '.join(PROTOCOLS)}")
        if self.sasl and self.sasl_mechanism not in MECHANISMS:
            raise ValueError(f"sasl_mechanism must be one of {', '.join(MECHANISMS)}")
        if self.sasl and (not self.sasl_plain_username or self.sasl_plain_password is None):
            raise ValueError("SASL needs sasl_plain_username and sasl_plain_password")

    def __repr__(self) -> str:  # never the password
        return f"SecurityConfig({self.security_protocol}, mechanism={self.sasl_mechanism}, user={self.sasl_plain_username})"

    @property
    def tls(self) -> bool:
        return self.security_protocol in ("SSL", "SASL_SSL")

    @property
    def sasl(self) -> bool:
        return self.security_protocol in ("SASL_PLAINTEXT", "SASL_SSL")

    def context(self) -> ssl.SSLContext:
        """The TLS context to use: the one given, else the system's default trust."""
        return self.ssl_context or ssl.create_default_context()

    def mechanism(self) -> SaslClient:
        assert self.sasl_plain_username is not None and self.sasl_plain_password is not None
        if self.sasl_mechanism == "PLAIN":
            return PlainClient(self.sasl_plain_username, self.sasl_plain_password)
        return ScramClient(self.sasl_mechanism, self.sasl_plain_username, self.sasl_plain_password)


class SaslClient:
    """One SASL exchange: `first()`, then `step(server_token)` until `done`."""

    done = False

    def first(self) -> bytes:
        raise NotImplementedError

    def step(self, token: bytes) -> bytes | None:
        raise NotImplementedError


class PlainClient(SaslClient):
    def __init__(self, user: str, password: str):
        self.user, self.password = user, password

    def first(self) -> bytes:
        self.done = True
        return f"\0{self.user}\0{self.password}".encode()

    def step(self, token: bytes) -> bytes | None:
        return None


class ScramClient(SaslClient):
    def __init__(self, mechanism: str, user: str, password: str, nonce: str | None = None):
        self.digest = _HASHES[mechanism]
        self.user, self.password = user, password
        self.nonce = nonce or secrets.token_urlsafe(18)
        name = user.replace("=", "=3D").replace(",", "=2C")
        self.bare = f"n={name},r={self.nonce}"
        self._server_signature = b""

    def first(self) -> bytes:
        return f"n,,{self.bare}".encode()

    def step(self, token: bytes) -> bytes | None:
        text = token.decode()
        if self._server_signature:  # server-final: check the broker knows the password too
            if text != "v=" + base64.b64encode(self._server_signature).decode():
                raise ValueError("the broker's SCRAM signature is wrong: it does not know the credential")
            self.done = True
            return None
        attrs = dict(part.split("=", 1) for part in text.split(","))
        if not attrs.get("r", "").startswith(self.nonce):
            raise ValueError("the broker's SCRAM nonce does not extend ours")
        salted = hashlib.pbkdf2_hmac(
            self.digest().name, self.password.encode(), base64.b64decode(attrs["s"]), int(attrs["i"])
        )
        client_key = hmac.new(salted, b"Client Key", self.digest).digest()
        without_proof = f"c=biws,r={attrs['r']}"
        auth = f"{self.bare},{text},{without_proof}".encode()
        signature = hmac.new(self.digest(client_key).digest(), auth, self.digest).digest()
        proof = bytes(a ^ b for a, b in zip(client_key, signature, strict=True))
        server_key = hmac.new(salted, b"Server Key", self.digest).digest()
        self._server_signature = hmac.new(server_key, auth, self.digest).digest()
        return f"{without_proof},p={base64.b64encode(proof).decode()}".encode()


def from_properties(props: Mapping[str, str]) -> dict[str, Any]:
    """Kafka client properties (`security.protocol`, `sasl.mechanism`, `sasl.username` /
    `sasl.password` (librdkafka's) or `sasl.jaas.config` (Java's PlainLoginModule /
    ScramLoginModule), `ssl.ca.location` / `ssl.truststore.location`, `ssl.certificate.location`
    + `ssl.key.location` / `ssl.keystore.location` (PEM)) as the client's keyword arguments."""
    out: dict[str, Any] = {}
    protocol = props.get("security.protocol", "PLAINTEXT").strip().upper()
    out["security_protocol"] = protocol
    if "sasl.mechanism" in props:
        out["sasl_mechanism"] = props["sasl.mechanism"].strip().upper()
    user, password = props.get("sasl.username"), props.get("sasl.password")
    jaas = props.get("sasl.jaas.config")
    if jaas and user is None:
        fields = dict(_jaas_options(jaas))
        user, password = fields.get("username"), fields.get("password")
    if user is not None:
        out["sasl_plain_username"], out["sasl_plain_password"] = user, password
    if protocol in ("SSL", "SASL_SSL"):
        ca = props.get("ssl.ca.location") or props.get("ssl.truststore.location")
        ctx = ssl.create_default_context(cafile=ca)
        cert = props.get("ssl.certificate.location") or props.get("ssl.keystore.location")
        if cert:
            key = props.get("ssl.key.location")
            ctx.load_cert_chain(cert, key, password=props.get("ssl.key.password"))
        if props.get("ssl.endpoint.identification.algorithm", "https").strip() == "":
            ctx.check_hostname = False
        out["ssl_context"] = ctx
    return out


def load_properties(path: str) -> dict[str, str]:
    """A Java .properties file's `key=value` lines (# and ! comments), as Kafka's tools read
    --command-config."""
    out: dict[str, str] = {}
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if not line or line[0] in "#!":
                continue
            key, sep, value = line.partition("=")
            if not sep:
                key, _, value = line.partition(":")
            out[key.strip()] = value.strip()
    return out


def _jaas_options(text: str) -> list[tuple[str, str]]:
    # `org.apache...PlainLoginModule required username="alice" password="secret";`
    import shlex

    out = []
    for word in shlex.split(text.rstrip().rstrip(";")):
        key, sep, value = word.partition("=")
        if sep:
            out.append((key, value))
    return out

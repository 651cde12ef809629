"""A connection's SASL authentication on a SASL_PLAINTEXT / SASL_SSL listener, sans I/O.

Kafka's SaslServerAuthenticator, as states: the client may ask ApiVersions, then must send
SaslHandshake naming an enabled mechanism; then the mechanism's tokens follow, inside
SaslAuthenticate requests (handshake v1) or as bare size-prefixed frames (handshake v0).
Anything else before authentication completes closes the connection (server.py does that).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from broker.security.credentials import CredentialStore
from broker.security.scram import HASHES, AuthenticationFailed, ScramCredential, ScramServer, verify_password
from protocol.errors import ErrorCode

MECHANISMS = ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512")


class SaslState(enum.Enum):
    HANDSHAKE = "handshake"  # waiting for SaslHandshake (ApiVersions allowed)
    AUTHENTICATE = "authenticate"  # tokens of the chosen mechanism
    COMPLETE = "complete"
    FAILED = "failed"


class PlainServer:
    """RFC 4616: one token `authzid NUL authcid NUL password`; the password is checked against the
    user's salted SCRAM credential (SHA-512 first), as no clear password is stored."""

    mechanism = "PLAIN"

    def __init__(self, credentials: CredentialStore):
        self.credentials = credentials
        self.username: str | None = None
        self.complete = False

    def step(self, token: bytes) -> bytes:
        if self.complete:
            raise AuthenticationFailed("Unexpected SASL token after PLAIN completed")
        parts = token.split(b"\0")
        if len(parts) != 3:
            raise AuthenticationFailed("Invalid SASL/PLAIN response: expected 3 tokens")
        try:
            authzid, user, password = (p.decode("utf-8") for p in parts)
        except UnicodeDecodeError:
            raise AuthenticationFailed("Invalid SASL/PLAIN response: not UTF-8") from None
        if not user:
            raise AuthenticationFailed("Authentication failed: username not specified")
        if not password:
            raise AuthenticationFailed("Authentication failed: password not specified")
        self.username = user
        if authzid and authzid != user:
            raise AuthenticationFailed(
                "Authentication failed: Client requested an authorization id that is different from username"
            )
        for mechanism in ("SCRAM-SHA-512", "SCRAM-SHA-256"):
            credential = self.credentials.get(user, mechanism)
            if credential is not None:
                if verify_password(mechanism, credential, password):
                    self.complete = True
                    return b""
                break
        raise AuthenticationFailed("Authentication failed: Invalid username or password")


Mechanism = PlainServer | ScramServer


@dataclass(frozen=True, slots=True)
class SaslConfig:
    """What a SASL listener's connections share: the enabled mechanisms and the user credentials."""

    enabled_mechanisms: tuple[str, ...]
    credentials: CredentialStore
    # connection.failed.authentication.delay.ms (KIP-306): the failure answer is sent at once, the
    # connection closed this much later, so that clients read the answer before the close.
    failed_close_delay_s: float = 0.1

    def session(self) -> SaslSession:
        return SaslSession(self)


class SaslSession:
    def __init__(self, config: SaslConfig):
        self.config = config
        self.state = SaslState.HANDSHAKE
        self.raw_tokens = False  # handshake v0: tokens come as bare frames
        self.mechanism: str | None = None
        self.server: Mechanism | None = None
        self.principal: str | None = None  # "User:<name>" once complete

    @property
    def complete(self) -> bool:
        return self.state is SaslState.COMPLETE

    @property
    def username(self) -> str | None:
        return self.server.username if self.server is not None else None

    def handshake(self, mechanism: str, version: int) -> tuple[ErrorCode, list[str]]:
        enabled = list(self.config.enabled_mechanisms)
        if self.state is not SaslState.HANDSHAKE:
            self.state = SaslState.FAILED
            return ErrorCode.ILLEGAL_SASL_STATE, enabled
        if mechanism not in enabled:
            self.state = SaslState.FAILED
            return ErrorCode.UNSUPPORTED_SASL_MECHANISM, enabled
        self.mechanism = mechanism
        credentials = self.config.credentials
        if mechanism == "PLAIN":
            self.server = PlainServer(credentials)
        else:

            def lookup(user: str) -> ScramCredential | None:
                return credentials.get(user, mechanism)

            self.server = ScramServer(mechanism, lookup)
        self.raw_tokens = version == 0
        self.state = SaslState.AUTHENTICATE
        return ErrorCode.NONE, enabled

    def authenticate(self, token: bytes) -> bytes:
        """The server's answer to one token; AuthenticationFailed ends the session."""
        if self.state is not SaslState.AUTHENTICATE or self.server is None:
            self.state = SaslState.FAILED
            raise AuthenticationFailed("Unexpected SASL token: no handshake, or authentication over")
        try:
            answer = self.server.step(token)
        except AuthenticationFailed:
            self.state = SaslState.FAILED
            raise
        if self.server.complete:
            self.state = SaslState.COMPLETE
            self.principal = f"User:{self.server.username}"
        return answer


def check_mechanisms(mechanisms: list[str]) -> str | None:
    bad = [m for m in mechanisms if m not in MECHANISMS]
    if bad:
        return f"{bad[0]} is not served (kbroker serves {', '.join(MECHANISMS)})"
    return None


assert set(MECHANISMS) == {"PLAIN", *HASHES}

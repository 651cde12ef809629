"""A broker with every security protocol on one process, throwaway certificates and users, and
each real client's settings for each protocol (aiokafka, kafka-python, confluent-kafka)."""

from __future__ import annotations

import re
import ssl
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from broker.security.credentials import add_user
from tests.helpers import BrokerProcess, free_port, wait_until
from tools.make_certs import Certs, make_certs

# Throwaway test users, made for each run (their salted credentials go in a temp file).
USERS = {"alice": "alice-secret-pw", "bob": "bob-secret-pw", "admin": "admin-secret-pw"}
SECURE = ("SSL", "SASL_PLAINTEXT", "SASL_SSL")


@dataclass
class SecureBroker:
    process: BrokerProcess
    certs: Certs
    ports: dict[str, int]  # listener name (= security protocol) -> port

    def bootstrap(self, protocol: str = "PLAINTEXT") -> str:
        return f"127.0.0.1:{self.ports[protocol]}"

    def log(self) -> str:
        return self.process.log()

    def lines(self, event: str) -> list[str]:
        pattern = re.compile(rf'event=(?:"{re.escape(event)}"|{re.escape(event)}(?:\s|$))')
        return [line for line in self.log().splitlines() if pattern.search(line)]


def start_secure_broker(
    tmp: Path,
    client_auth: str = "requested",
    extra: dict[str, str] | None = None,
    truststore_per_listener: bool = False,
) -> SecureBroker:
    """`truststore_per_listener`: the CA is each TLS listener's own truststore
    (`listener.name.<listener>.ssl.truststore.location`), and there is no broker-wide one."""
    certs = make_certs(tmp / "certs")
    truststore = (
        {f"listener.name.{p.lower()}.ssl.truststore.location": str(certs.ca) for p in ("SSL", "SASL_SSL")}
        if truststore_per_listener
        else {"ssl.truststore.location": str(certs.ca)}
    )
    for user, password in USERS.items():
        add_user(tmp / "users.json", user, password, ["SCRAM-SHA-256", "SCRAM-SHA-512"])
    ports = {"PLAINTEXT": free_port(), **{p: free_port() for p in SECURE}}
    settings = {
        "listeners": ",".join(f"{name}://127.0.0.1:{port}" for name, port in ports.items()),
        "ssl.keystore.location": str(certs.broker),
        **truststore,
        "ssl.client.auth": client_auth,
        "sasl.credentials.file": str(tmp / "users.json"),
        **(extra or {}),
    }
    process = BrokerProcess(tmp / "data", port=ports["PLAINTEXT"], extra=settings).start()
    # Listening on the first port is not started: it advertises once every listener is bound.
    wait_until(lambda: "start broker" in process.log(), 30, what="the broker to finish starting")
    return SecureBroker(process, certs, ports)


def client_ssl_context(certs: Certs, with_cert: bool = True, rogue: bool = False) -> ssl.SSLContext:
    ctx = ssl.create_default_context(cafile=str(certs.ca))
    if rogue:
        ctx.load_cert_chain(str(certs.rogue_cert), str(certs.rogue_key))
    elif with_cert:
        ctx.load_cert_chain(str(certs.client_cert), str(certs.client_key))
    return ctx


@dataclass(frozen=True)
class Mode:
    protocol: str
    mechanism: str | None = None
    user: str = "alice"

    @property
    def id(self) -> str:
        return f"{self.protocol}-{self.mechanism}" if self.mechanism else self.protocol

    def password(self, given: str | None = None) -> str:
        """The password a client offers: `given`, else its user's (any, for an unknown user)."""
        return given if given is not None else USERS.get(self.user, "x")


def aiokafka_settings(sb: SecureBroker, mode: Mode, password: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "bootstrap_servers": sb.bootstrap(mode.protocol),
        "security_protocol": mode.protocol,
    }
    if "SSL" in mode.protocol:
        out["ssl_context"] = client_ssl_context(sb.certs)
    if mode.mechanism:
        out |= {
            "sasl_mechanism": mode.mechanism,
            "sasl_plain_username": mode.user,
            "sasl_plain_password": mode.password(password),
        }
    return out


def kafka_python_settings(sb: SecureBroker, mode: Mode, password: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "bootstrap_servers": sb.bootstrap(mode.protocol),
        "security_protocol": mode.protocol,
    }
    if "SSL" in mode.protocol:
        out |= {
            "ssl_cafile": str(sb.certs.ca),
            "ssl_certfile": str(sb.certs.client_cert),
            "ssl_keyfile": str(sb.certs.client_key),
        }
    if mode.mechanism:
        out |= {
            "sasl_mechanism": mode.mechanism,
            "sasl_plain_username": mode.user,
            "sasl_plain_password": mode.password(password),
        }
    return out


def confluent_settings(sb: SecureBroker, mode: Mode, password: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "bootstrap.servers": sb.bootstrap(mode.protocol),
        "security.protocol": mode.protocol,
    }
    if "SSL" in mode.protocol:
        out |= {
            "ssl.ca.location": str(sb.certs.ca),
            "ssl.certificate.location": str(sb.certs.client_cert),
            "ssl.key.location": str(sb.certs.client_key),
        }
    if mode.mechanism:
        out |= {
            "sasl.mechanism": mode.mechanism,
            "sasl.username": mode.user,
            "sasl.password": mode.password(password),
        }
    return out

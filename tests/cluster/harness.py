"""Three brokers as processes on one ZooKeeper, and what the cluster tests ask them; on PLAINTEXT
listeners, or on SASL_SSL only (`Secured`), brokers included."""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from broker.security.credentials import add_user
from client.security import SecurityConfig
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import BrokerProcess, RawConnection, free_port
from tools.make_certs import Certs, make_certs

OFFSETS_PARTITIONS = 15
CLUSTER_PROPERTIES = {
    "zookeeper.session.timeout.ms": "3000",
    "offsets.topic.num.partitions": str(OFFSETS_PARTITIONS),
    "offsets.topic.replication.factor": "3",
    "num.partitions": "6",
}


LOGIN_MODULES = {
    "PLAIN": "org.apache.kafka.common.security.plain.PlainLoginModule",
    "SCRAM-SHA-256": "org.apache.kafka.common.security.scram.ScramLoginModule",
    "SCRAM-SHA-512": "org.apache.kafka.common.security.scram.ScramLoginModule",
}


@dataclass(frozen=True)
class Secured:
    """A cluster whose only listener is SASL_SSL, inter-broker too: certificates from a throwaway
    CA (tools/make_certs.py), brokers log in as `broker` and clients as `admin` with `mechanism`;
    ACLs on, both super users (the brokers need CLUSTER_ACTION to replicate and elect)."""

    certs: Certs
    users: Path
    mechanism: str
    passwords: dict[str, str]

    @classmethod
    def make(cls, tmp: Path, mechanism: str = "SCRAM-SHA-256") -> Secured:
        passwords = {"broker": "broker-secret-pw", "admin": "admin-secret-pw"}
        users = tmp / "users.json"
        for user, password in passwords.items():
            add_user(users, user, password, ["SCRAM-SHA-256", "SCRAM-SHA-512"])
        return cls(make_certs(tmp / "certs"), users, mechanism, passwords)

    def broker_settings(self, port: int, password: str | None = None) -> dict[str, str]:
        """A broker's listener and security; `password`: log in to the others with that instead."""
        jaas_key = f"listener.name.sasl_ssl.{self.mechanism.lower()}.sasl.jaas.config"
        return {
            "listeners": f"SASL_SSL://127.0.0.1:{port}",
            "inter.broker.listener.name": "SASL_SSL",
            "sasl.mechanism.inter.broker.protocol": self.mechanism,
            jaas_key: f'{LOGIN_MODULES[self.mechanism]} required username="broker" '
            f'password="{password or self.passwords["broker"]}";',
            "sasl.enabled.mechanisms": self.mechanism,
            "sasl.credentials.file": str(self.users),
            "ssl.keystore.location": str(self.certs.broker),
            "ssl.truststore.location": str(self.certs.ca),
            "authorizer.class.name": "kafka.security.authorizer.AclAuthorizer",
            "super.users": "User:broker;User:admin",
        }

    def ssl_context(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.certs.ca))

    def security(self) -> SecurityConfig:
        return SecurityConfig(
            "SASL_SSL", self.ssl_context(), self.mechanism, "admin", self.passwords["admin"]
        )

    def properties(self) -> dict[str, str]:
        """Kafka client properties (librdkafka's names; a tool's --command-config)."""
        return {
            "security.protocol": "SASL_SSL",
            "ssl.ca.location": str(self.certs.ca),
            "sasl.mechanism": self.mechanism,
            "sasl.username": "admin",
            "sasl.password": self.passwords["admin"],
        }


# How to reach each secured broker's port: the requests below log in where this names the port.
_SECURED: dict[int, Secured] = {}


class Cluster:
    def __init__(
        self,
        tmp: Path,
        zk_connect: str,
        size: int = 3,
        extra: dict[str, str] | None = None,
        secured: Secured | None = None,
    ):
        self.zk_connect, self.secured = zk_connect, secured
        # The offsets topic is created once offsets.topic.replication.factor brokers registered.
        props = {
            **CLUSTER_PROPERTIES,
            "offsets.topic.replication.factor": str(min(size, 3)),
            "zookeeper.connect": zk_connect,
            **(extra or {}),
        }
        self.tmp, self.props = tmp, props
        self.brokers = {i: self._broker(i) for i in range(1, size + 1)}

    def _broker(self, i: int, password: str | None = None) -> BrokerProcess:
        port = free_port()
        extra = {**self.props, "broker.id": str(i)}
        if self.secured is not None:
            extra |= self.secured.broker_settings(port, password)
            _SECURED[port] = self.secured
        return BrokerProcess(self.tmp / f"broker-{i}", port=port, extra=extra)

    def add_broker(self, password: str | None = None) -> int:
        """Start one more broker (the next id) on the same ZooKeeper; its id. `password`: its
        inter-broker login's, when not the cluster's."""
        i = max(self.brokers) + 1
        self.brokers[i] = self._broker(i, password)
        self.brokers[i].start()
        return i

    def start(self) -> None:
        for b in self.brokers.values():
            b.start()

    def stop(self) -> None:
        for b in self.brokers.values():
            b.stop()

    def release(self) -> None:
        """Stopped for good: its ports may serve another test's PLAINTEXT brokers."""
        self.stop()
        for b in self.brokers.values():
            _SECURED.pop(b.port, None)

    def bootstrap(self, *ids: int) -> str:
        return ",".join(self.brokers[i].bootstrap for i in (ids or self.brokers))

    def client(self, library: str) -> dict[str, Any]:
        """The bootstrap servers and security of a client library, in its own names:
        "aiokafka" (our client takes the same), "kafka-python" or "confluent-kafka"."""
        servers, sec = self.bootstrap(), self.secured
        if library == "confluent-kafka":
            return {"bootstrap.servers": servers, **(sec.properties() if sec else {})}
        out: dict[str, Any] = {"bootstrap_servers": servers}
        if sec is not None:
            out |= {
                "security_protocol": "SASL_SSL",
                "sasl_mechanism": sec.mechanism,
                "sasl_plain_username": "admin",
                "sasl_plain_password": sec.passwords["admin"],
            }
            if library == "kafka-python":
                out["ssl_cafile"] = str(sec.certs.ca)
            else:
                out["ssl_context"] = sec.ssl_context()
        return out

    def alive(self) -> list[int]:
        return [i for i, b in self.brokers.items() if b.proc is not None and b.proc.poll() is None]

    def logs(self) -> str:
        return "\n".join(f"--- broker {i}\n{b.log()[-3000:]}" for i, b in self.brokers.items())


async def connect(port: int) -> RawConnection:
    """A connection to a broker's port; on a secured one, over TLS and logged in."""
    secured = _SECURED.get(port)
    if secured is None:
        return await RawConnection.open(port)
    conn = await RawConnection.open(port, secured.ssl_context())
    try:
        login = secured.security().mechanism()
        r = await conn.request(ApiKey.SASL_HANDSHAKE, 1, {"mechanism": secured.mechanism})
        token: bytes | None = login.first()
        while r.error_code == ErrorCode.NONE and token is not None:
            r = await conn.request(ApiKey.SASL_AUTHENTICATE, 2, {"auth_bytes": token})
            if r.error_code != ErrorCode.NONE or login.done:
                break
            token = login.step(bytes(r.auth_bytes))
        if r.error_code != ErrorCode.NONE:
            raise ConnectionError(f"login refused on port {port}: {ErrorCode(r.error_code).name}")
    except BaseException:
        await conn.close()
        raise
    return conn


async def request(port: int, api_key: ApiKey, version: int, body: dict) -> Any:
    conn = await connect(port)
    try:
        return await conn.request(api_key, version, body)
    finally:
        await conn.close()


async def metadata(port: int, topics: list[str] | None = None) -> Any:
    body = {
        "topics": None if topics is None else [{"name": t} for t in topics],
        "allow_auto_topic_creation": False,
    }
    return await request(port, ApiKey.METADATA, 12, body)


def summary(md: Any) -> dict[str, Any]:
    """What must be the same from every broker: brokers, controller, topics, leaders, epochs."""
    return {
        "brokers": sorted((b.node_id, b.host, b.port) for b in md.brokers),
        "controller": md.controller_id,
        "cluster_id": md.cluster_id,
        "topics": {
            t.name: sorted(
                (p.partition_index, p.error_code, p.leader_id, p.leader_epoch, tuple(p.replica_nodes))
                for p in t.partitions
            )
            for t in md.topics
        },
    }


def leaders(md: Any, topic: str) -> dict[int, int]:
    for t in md.topics:
        if t.name == topic:
            return {p.partition_index: p.leader_id for p in t.partitions}
    return {}


async def find_coordinator(port: int, group: str) -> Any:
    return await request(port, ApiKey.FIND_COORDINATOR, 3, {"key": group, "key_type": 0})


async def eventually(predicate, timeout: float = 20.0, what: str = "", interval: float = 0.1) -> Any:
    deadline = time.monotonic() + timeout
    last: Any = None
    while True:
        with contextlib.suppress(OSError, asyncio.TimeoutError, ConnectionError):
            last = await predicate()
            if last:
                return last
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout}s waiting for {what}; last: {last!r}")
        await asyncio.sleep(interval)

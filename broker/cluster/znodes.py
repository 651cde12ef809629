"""Kafka 2.x's znode layout (kafka.zk.ZkData) and the JSON each znode holds.

/cluster/id                                  {"version": "1", "id": <cluster id>}
/controller                (ephemeral)       {"version": 1, "brokerid": 2, "timestamp": "..."}
/controller_epoch                            "7"
/brokers/ids/<id>          (ephemeral)       {"version": 5, "host", "port", "endpoints", ...}
/brokers/topics/<topic>                      {"version": 3, "partitions": {"0": [2]}, "topic_id", ...}
/brokers/topics/<topic>/partitions/<p>/state {"controller_epoch", "leader", "leader_epoch", "isr", ...}
/config/topics/<topic>                       {"version": 1, "config": {...}}
/config/brokers/<id>, /config/brokers/<default> {"version": 1, "config": {...}} (dynamic broker configs)
/admin/delete_topics/<topic>                 a deletion request the controller carries out
/latest_producer_id_block                    {"version": 1, "broker": 2, "block_start": "1000", "block_end": "1999"}
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from broker.log.log import uuid_from_kafka, uuid_to_kafka
from broker.log.producer_ids import ProducerIdBlock

CLUSTER_ID = "/cluster/id"
CONTROLLER = "/controller"
CONTROLLER_EPOCH = "/controller_epoch"
BROKER_IDS = "/brokers/ids"
TOPICS = "/brokers/topics"
CONFIG_TOPICS = "/config/topics"
DELETE_TOPICS = "/admin/delete_topics"
CONFIG_CHANGES = "/config/changes"
CONFIG_BROKERS = "/config/brokers"
CONFIG_GROUPS = "/config/groups"
CONFIG_CLIENT_METRICS = "/config/client-metrics"  # KIP-714 subscriptions (Kafka 4: its metadata)
FEATURE = "/feature"  # Kafka 2.7+'s finalized features (KIP-584)
LATEST_PRODUCER_ID_BLOCK = "/latest_producer_id_block"
PERSISTENT_PATHS = (
    "/cluster",
    BROKER_IDS,
    TOPICS,
    CONFIG_TOPICS,
    DELETE_TOPICS,
    CONFIG_CHANGES,
    CONFIG_BROKERS,
    CONFIG_GROUPS,
    LATEST_PRODUCER_ID_BLOCK,
)
NO_LEADER = -1


def broker_path(broker_id: int) -> str:
    return f"{BROKER_IDS}/{broker_id}"


def topic_path(topic: str) -> str:
    return f"{TOPICS}/{topic}"


def partitions_path(topic: str) -> str:
    return f"{TOPICS}/{topic}/partitions"


def partition_path(topic: str, partition: int) -> str:
    return f"{TOPICS}/{topic}/partitions/{partition}"


def state_path(topic: str, partition: int) -> str:
    return f"{TOPICS}/{topic}/partitions/{partition}/state"


def config_path(topic: str) -> str:
    return f"{CONFIG_TOPICS}/{topic}"


def config_change_prefix() -> str:
    """Kafka 2.x's config change notifications: persistent sequential `config_change_<seq>`."""
    return f"{CONFIG_CHANGES}/config_change_"


def encode_config_change(topic: str, entity_type: str = "topics") -> bytes:
    return _dump({"version": 2, "entity_path": f"{entity_type}/{topic}"})


def group_config_path(group: str) -> str:
    """/config/groups/<group>: a group's config overrides (Kafka 4 keeps them in its metadata)."""
    return f"{CONFIG_GROUPS}/{group}"


def client_metrics_path(name: str) -> str:
    """/config/client-metrics/<name>: a client-metrics subscription's configs."""
    return f"{CONFIG_CLIENT_METRICS}/{name}"


def broker_config_path(entity: str) -> str:
    """/config/brokers/<id>, or /config/brokers/<default> for the cluster-wide default."""
    return f"{CONFIG_BROKERS}/{entity}"


def delete_path(topic: str) -> str:
    return f"{DELETE_TOPICS}/{topic}"


def _now() -> str:
    return str(int(time.time() * 1000))


def _dump(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True).encode()


@dataclass(frozen=True, slots=True)
class EndPoint:
    """One advertised listener of a broker: its name, address and security protocol."""

    listener: str
    host: str
    port: int
    security_protocol: str = "PLAINTEXT"

    @property
    def connection_string(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.listener}://{host}:{self.port}"

    @classmethod
    def parse(cls, text: str, protocols: dict[str, str]) -> EndPoint:
        """`NAME://host:port`; the protocol from the broker's map, else the name (registrations
        before Kafka 0.10.2 named their listeners after their protocol)."""
        listener, _, rest = text.partition("://")
        host, _, port = rest.rpartition(":")
        listener = listener.upper()
        return cls(listener, host.strip("[]"), int(port), protocols.get(listener, listener))


@dataclass(frozen=True, slots=True)
class BrokerInfo:
    """A registered broker: its id, every advertised endpoint (one per listener) and its rack."""

    broker_id: int
    endpoints: tuple[EndPoint, ...]
    rack: str | None = None

    def endpoint(self, listener: str) -> EndPoint | None:
        """This broker's address on a listener (None if it has no such listener): what a client
        that came in on that listener is sent to, and, for inter.broker.listener.name, where
        other brokers reach it."""
        for e in self.endpoints:
            if e.listener == listener:
                return e
        return None

    @property
    def _plaintext(self) -> EndPoint | None:
        return next((e for e in self.endpoints if e.security_protocol == "PLAINTEXT"), None)

    @property
    def host(self) -> str:
        """The registration's legacy host field: the first PLAINTEXT endpoint's, as Kafka writes it."""
        e = self._plaintext
        return e.host if e is not None else ""

    @property
    def port(self) -> int:
        e = self._plaintext
        return e.port if e is not None else -1

    def encode(self) -> bytes:
        """Kafka 2.x's BrokerIdZNode (version 5): host/port for old clients (the first PLAINTEXT
        endpoint, or null/-1), then every endpoint and each listener's security protocol."""
        plaintext = self._plaintext
        data: dict[str, Any] = {
            "version": 5,
            "host": plaintext.host if plaintext else None,
            "port": plaintext.port if plaintext else -1,
            "jmx_port": -1,
            "timestamp": _now(),
            "endpoints": [e.connection_string for e in self.endpoints],
            "listener_security_protocol_map": {e.listener: e.security_protocol for e in self.endpoints},
            "features": {},
        }
        if self.rack is not None:
            data["rack"] = self.rack
        return _dump(data)

    @classmethod
    def decode(cls, broker_id: int, raw: bytes) -> BrokerInfo:
        data = json.loads(raw)
        protocols = {k.upper(): v for k, v in (data.get("listener_security_protocol_map") or {}).items()}
        endpoints = tuple(EndPoint.parse(e, protocols) for e in data.get("endpoints") or [])
        if not endpoints and data.get("host"):  # version 1: host and port only
            endpoints = (EndPoint("PLAINTEXT", data["host"], int(data["port"])),)
        return cls(broker_id, endpoints, data.get("rack"))


@dataclass(frozen=True, slots=True)
class TopicAssignment:
    """/brokers/topics/<topic>: the replicas of each partition (the first is the preferred leader)."""

    name: str
    topic_id: uuid.UUID
    replicas: dict[int, list[int]]
    # A reassignment in progress (KIP-455): `replicas` holds the original and the target replicas
    # together; these are the ones being added and removed, by partition (only those moving).
    adding: dict[int, list[int]] = field(default_factory=dict)
    removing: dict[int, list[int]] = field(default_factory=dict)

    @property
    def partitions(self) -> int:
        return len(self.replicas)

    def encode(self) -> bytes:
        return _dump(
            {
                "version": 3,
                "topic_id": uuid_to_kafka(self.topic_id),
                "partitions": {str(p): r for p, r in sorted(self.replicas.items())},
                "adding_replicas": {str(p): r for p, r in sorted(self.adding.items()) if r},
                "removing_replicas": {str(p): r for p, r in sorted(self.removing.items()) if r},
            }
        )

    @classmethod
    def decode(cls, name: str, raw: bytes) -> TopicAssignment:
        data = json.loads(raw)
        topic_id = data.get("topic_id")

        def by_partition(key: str) -> dict[int, list[int]]:
            return {int(p): [int(b) for b in r] for p, r in (data.get(key) or {}).items()}

        return cls(
            name,
            uuid_from_kafka(topic_id) if topic_id else uuid.UUID(int=0),
            by_partition("partitions"),
            by_partition("adding_replicas"),
            by_partition("removing_replicas"),
        )


@dataclass(frozen=True, slots=True)
class PartitionState:
    """/brokers/topics/<t>/partitions/<p>/state: the leader and its epoch, written by the controller."""

    leader: int
    leader_epoch: int
    isr: list[int] = field(default_factory=list)
    controller_epoch: int = 0

    def encode(self) -> bytes:
        return _dump(
            {
                "version": 1,
                "leader": self.leader,
                "leader_epoch": self.leader_epoch,
                "isr": self.isr,
                "controller_epoch": self.controller_epoch,
            }
        )

    @classmethod
    def decode(cls, raw: bytes) -> PartitionState:
        data = json.loads(raw)
        return cls(
            int(data["leader"]),
            int(data["leader_epoch"]),
            [int(b) for b in data.get("isr", [])],
            int(data.get("controller_epoch", 0)),
        )


def encode_controller(broker_id: int) -> bytes:
    return _dump({"version": 1, "brokerid": broker_id, "timestamp": _now()})


def decode_controller(raw: bytes) -> int:
    return int(json.loads(raw)["brokerid"])


def encode_topic_config(configs: dict[str, str]) -> bytes:
    return _dump({"version": 1, "config": configs})


def decode_topic_config(raw: bytes) -> dict[str, str]:
    return dict(json.loads(raw).get("config") or {}) if raw else {}


def encode_cluster_id(cluster_id: str) -> bytes:
    return _dump({"version": "1", "id": cluster_id})


def decode_cluster_id(raw: bytes) -> str:
    cluster_id: str = json.loads(raw)["id"]
    return cluster_id


def encode_producer_id_block(block: ProducerIdBlock) -> bytes:
    """Kafka's ProducerIdBlockZNode: both ends included, written as strings."""
    return _dump(
        {
            "version": 1,
            "broker": block.broker_id,
            "block_start": str(block.first),
            "block_end": str(block.last),
        }
    )


def decode_producer_id_block(raw: bytes | None) -> ProducerIdBlock | None:
    """The last block claimed; None while the znode is empty (no broker has claimed one yet)."""
    if not raw:
        return None
    data = json.loads(raw)
    return ProducerIdBlock(int(data["broker"]), int(data["block_start"]), int(data["block_end"]))


def encode_features(levels: dict[str, int]) -> bytes:
    return _dump(
        {
            "version": 2,
            "status": 1,
            "features": {n: {"min_version_level": v, "max_version_level": v} for n, v in levels.items()},
        }
    )


def decode_features(raw: bytes) -> dict[str, int]:
    doc = json.loads(raw) if raw else {}
    return {n: int(r["max_version_level"]) for n, r in (doc.get("features") or {}).items()}

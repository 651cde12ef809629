"""Kafka 2.x's znode layout (kafka.zk.ZkData) and the JSON each znode holds.

    /cluster/id                                  {"version": "1", "id": <cluster id>}
    /controller                (ephemeral)       {"version": 1, "brokerid": 2, "timestamp": "..."}
    /controller_epoch                            "7"
    /brokers/ids/<id>          (ephemeral)       {"version": 5, "host", "port", "endpoints", ...}
    /brokers/topics/<topic>                      {"version": 3, "partitions": {"0": [2]}, "topic_id", ...}
    /brokers/topics/<topic>/partitions/<p>/state {"controller_epoch", "leader", "leader_epoch", "isr", ...}
    /config/topics/<topic>                       {"version": 1, "config": {...}}
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
LATEST_PRODUCER_ID_BLOCK = "/latest_producer_id_block"
PERSISTENT_PATHS = ("/cluster", BROKER_IDS, TOPICS, CONFIG_TOPICS, DELETE_TOPICS, CONFIG_CHANGES,
                    LATEST_PRODUCER_ID_BLOCK)
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


def encode_config_change(topic: str) -> bytes:
    return _dump({"version": 2, "entity_path": f"topics/{topic}"})


def delete_path(topic: str) -> str:
    return f"{DELETE_TOPICS}/{topic}"


def _now() -> str:
    return str(int(time.time() * 1000))


def _dump(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True).encode()


@dataclass(frozen=True, slots=True)
class BrokerInfo:
    """A registered broker: its id and first endpoint (the one clients are sent to)."""

    broker_id: int
    host: str
    port: int
    rack: str | None = None
    listener: str = "PLAINTEXT"

    def encode(self) -> bytes:
        data: dict[str, Any] = {
            "version": 5, "host": self.host, "port": self.port, "jmx_port": -1, "timestamp": _now(),
            "endpoints": [f"{self.listener}://{self.host}:{self.port}"],
            "listener_security_protocol_map": {self.listener: "PLAINTEXT"}, "features": {},
        }
        if self.rack is not None:
            data["rack"] = self.rack
        return _dump(data)

    @classmethod
    def decode(cls, broker_id: int, raw: bytes) -> BrokerInfo:
        data = json.loads(raw)
        host, port, listener = data.get("host"), data.get("port", -1), "PLAINTEXT"
        endpoints = data.get("endpoints") or []
        if endpoints:  # NAME://host:port; the first one, as the brokers' first listener
            listener, _, rest = endpoints[0].partition("://")
            host, _, port_text = rest.rpartition(":")
            host, port = host.strip("[]"), int(port_text)
        return cls(broker_id, host or "", int(port), data.get("rack"), listener)


@dataclass(frozen=True, slots=True)
class TopicAssignment:
    """/brokers/topics/<topic>: the replicas of each partition (the first is the preferred leader)."""

    name: str
    topic_id: uuid.UUID
    replicas: dict[int, list[int]]

    @property
    def partitions(self) -> int:
        return len(self.replicas)

    def encode(self) -> bytes:
        return _dump({"version": 3, "topic_id": uuid_to_kafka(self.topic_id),
                      "partitions": {str(p): r for p, r in sorted(self.replicas.items())},
                      "adding_replicas": {}, "removing_replicas": {}})

    @classmethod
    def decode(cls, name: str, raw: bytes) -> TopicAssignment:
        data = json.loads(raw)
        topic_id = data.get("topic_id")
        return cls(name, uuid_from_kafka(topic_id) if topic_id else uuid.UUID(int=0),
                   {int(p): [int(b) for b in r] for p, r in data.get("partitions", {}).items()})


@dataclass(frozen=True, slots=True)
class PartitionState:
    """/brokers/topics/<t>/partitions/<p>/state: the leader and its epoch, written by the controller."""

    leader: int
    leader_epoch: int
    isr: list[int] = field(default_factory=list)
    controller_epoch: int = 0

    def encode(self) -> bytes:
        return _dump({"version": 1, "leader": self.leader, "leader_epoch": self.leader_epoch,
                      "isr": self.isr, "controller_epoch": self.controller_epoch})

    @classmethod
    def decode(cls, raw: bytes) -> PartitionState:
        data = json.loads(raw)
        return cls(int(data["leader"]), int(data["leader_epoch"]), [int(b) for b in data.get("isr", [])],
                   int(data.get("controller_epoch", 0)))


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
    return _dump({"version": 1, "broker": block.broker_id,
                  "block_start": str(block.first), "block_end": str(block.last)})


def decode_producer_id_block(raw: bytes | None) -> ProducerIdBlock | None:
    """The last block claimed; None while the znode is empty (no broker has claimed one yet)."""
    if not raw:
        return None
    data = json.loads(raw)
    return ProducerIdBlock(int(data["broker"]), int(data["block_start"]), int(data["block_end"]))

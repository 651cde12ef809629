"""The broker: configuration, identity, listeners and the components handlers call."""

from __future__ import annotations

import asyncio
import base64
import socket
import uuid
from dataclasses import dataclass
from pathlib import Path

from broker import logs
from broker.apis import bind_handlers, unsupported_version_answer
from broker.config import Config, ConfigError
from broker.server import Server
from protocol.errors import ErrorCode

log = logs.get("kbroker.broker")


@dataclass(frozen=True, slots=True)
class Node:
    node_id: int
    host: str
    port: int
    rack: str | None = None


def new_cluster_id() -> str:
    """Kafka's cluster ids are a random UUID in URL-safe base64 without padding (22 chars)."""
    return base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")


def load_meta_properties(log_dir: Path, broker_id: int) -> str:
    """The cluster id stored in log_dir/meta.properties, as Kafka keeps it; created on first start."""
    path = log_dir / "meta.properties"
    if path.exists():
        props = dict(
            line.split("=", 1) for line in path.read_text().splitlines() if "=" in line and not line.startswith("#")
        )
        stored = props.get("broker.id") or props.get("node.id")
        if stored is not None and int(stored) != broker_id:
            raise ConfigError(
                f"configuration key 'broker.id' is {broker_id} but {path} belongs to broker {stored}"
            )
        if props.get("cluster.id"):
            return props["cluster.id"]
    cluster_id = new_cluster_id()
    tmp = path.with_suffix(".tmp")
    tmp.write_text(f"#kbroker\nversion=0\nbroker.id={broker_id}\ncluster.id={cluster_id}\n")
    tmp.replace(path)
    return cluster_id


class Broker:
    def __init__(self, config: Config):
        self.config = config
        self.node_id = config.broker_id
        self.cluster_id = ""
        self.servers: list[Server] = []
        self.node: Node | None = None  # this broker's advertised endpoint (first listener)
        self.stopped = asyncio.Event()

    @property
    def num_offsets_partitions(self) -> int:
        return self.config["offsets.topic.num.partitions"]

    async def start(self) -> None:
        for d in self.config.log_dirs:
            d.mkdir(parents=True, exist_ok=True)
        self.cluster_id = load_meta_properties(self.config.log_dirs[0], self.node_id)
        handlers = bind_handlers(self)
        advertised = {a.name: a for a in (self.config["advertised.listeners"] or [])}
        for listener in self.config.listeners:
            server = Server(
                handlers,
                self.config["socket.request.max.bytes"],
                listener.name,
                on_unsupported_version=unsupported_version_answer,
            )
            port = await server.start(listener.host, listener.port)
            self.servers.append(server)
            adv = advertised.get(listener.name)
            host = adv.host if adv else listener.host
            if host in ("", "0.0.0.0", "::"):
                host = socket.getfqdn()
            adv_port = adv.port if adv and adv.port else port
            if self.node is None:
                self.node = Node(self.node_id, host, adv_port, self.config["broker.rack"])
            log.info("listen", listener=listener.name, host=listener.host, port=port, advertised=f"{host}:{adv_port}")
        log.info("start broker", broker_id=self.node_id, cluster_id=self.cluster_id,
                 log_dirs=[str(d) for d in self.config.log_dirs])

    async def stop(self) -> None:
        log.info("stop broker", broker_id=self.node_id)
        await asyncio.gather(*(s.stop() for s in self.servers))
        self.stopped.set()
        log.info("stopped broker", broker_id=self.node_id)

    @property
    def controller_id(self) -> int:
        return self.node_id

    def coordinator_node(self, offsets_partition: int) -> Node | None:
        """The leader of an offsets partition: this broker, while there is one broker."""
        return self.node

    async def topic_metadata(self, names: list | None, auto_create: bool) -> list[dict]:
        """Metadata's topic entries. No topics are held yet: each one named is unknown."""
        if names is None:
            return []
        return [
            {"error_code": ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "name": t.name, "topic_id": t.topic_id,
             "is_internal": False, "partitions": []}
            for t in names
        ]

    @property
    def bound_port(self) -> int:
        assert self.node is not None
        return self.node.port

"""Three brokers as processes on one ZooKeeper, and what the cluster tests ask them."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path
from typing import Any

from protocol.apis import ApiKey
from tests.helpers import BrokerProcess, RawConnection

OFFSETS_PARTITIONS = 15
CLUSTER_PROPERTIES = {
    "zookeeper.session.timeout.ms": "3000",
    "offsets.topic.num.partitions": str(OFFSETS_PARTITIONS),
    "offsets.topic.replication.factor": "3",
    "num.partitions": "6",
}


class Cluster:
    def __init__(self, tmp: Path, zk_connect: str, size: int = 3, extra: dict[str, str] | None = None):
        self.zk_connect = zk_connect
        # The offsets topic is created once offsets.topic.replication.factor brokers registered.
        props = {
            **CLUSTER_PROPERTIES,
            "offsets.topic.replication.factor": str(min(size, 3)),
            "zookeeper.connect": zk_connect,
            **(extra or {}),
        }
        self.tmp, self.props = tmp, props
        self.brokers = {
            i: BrokerProcess(tmp / f"broker-{i}", extra={**props, "broker.id": str(i)})
            for i in range(1, size + 1)
        }

    def add_broker(self) -> int:
        """Start one more broker (the next id) on the same ZooKeeper; its id."""
        i = max(self.brokers) + 1
        self.brokers[i] = BrokerProcess(self.tmp / f"broker-{i}", extra={**self.props, "broker.id": str(i)})
        self.brokers[i].start()
        return i

    def start(self) -> None:
        for b in self.brokers.values():
            b.start()

    def stop(self) -> None:
        for b in self.brokers.values():
            b.stop()

    def bootstrap(self, *ids: int) -> str:
        return ",".join(self.brokers[i].bootstrap for i in (ids or self.brokers))

    def alive(self) -> list[int]:
        return [i for i, b in self.brokers.items() if b.proc is not None and b.proc.poll() is None]

    def logs(self) -> str:
        return "\n".join(f"--- broker {i}\n{b.log()[-3000:]}" for i, b in self.brokers.items())


async def request(port: int, api_key: ApiKey, version: int, body: dict) -> Any:
    conn = await RawConnection.open(port)
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

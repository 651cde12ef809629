"""`EmbeddedCluster`: ZooKeeper and N kbroker processes (cluster mode), for tests that need
replication, leader moves or several brokers. Needs kazoo (`pip install kbroker[cluster]`), Java
and ZooKeeper's jar (Debian's zookeeper package): `EmbeddedCluster.unavailable()` says what is
missing, if anything.

    with EmbeddedCluster(brokers=3) as c:
        c.bootstrap_servers      # "127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3"
        c.stop_broker(2); c.start_broker(2)
"""

from __future__ import annotations

import asyncio
import importlib.util
import itertools
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from broker.cluster import zk_server
from client import AsyncAdmin
from client.errors import KafkaError
from kbroker.testing import PropertyValue, broker_properties

__all__ = ["EmbeddedCluster"]

_chroots = itertools.count(1)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


class _BrokerProcess:
    def __init__(self, broker_id: int, data_dir: Path, properties: dict[str, str]) -> None:
        self.broker_id = broker_id
        self.data_dir = data_dir
        self.port = _free_port()
        self.properties = properties
        self.proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    def start(self, timeout: float) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        props = {
            **self.properties,
            "broker.id": str(self.broker_id),
            "listeners": f"PLAINTEXT://127.0.0.1:{self.port}",
            "log.dirs": str(self.data_dir / "data"),
        }
        args = [sys.executable, "-m", "broker"]
        for k, v in props.items():
            args += ["--override", f"{k}={v}"]
        self._log = open(self.data_dir / "broker.log", "ab")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            args, stdout=self._log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"}
        )
        deadline = time.monotonic() + timeout
        while not _accepts(self.port):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                log = (self.data_dir / "broker.log").read_text(errors="replace")[-2000:]
                raise RuntimeError(f"broker {self.broker_id} did not start: {log}")
            time.sleep(0.05)

    def stop(self, timeout: float = 20.0) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None
        if self._log is not None:
            self._log.close()
            self._log = None


class EmbeddedCluster:
    """ZooKeeper on a free port and `brokers` broker processes on it (`python -m broker`), in a
    temporary directory removed at exit."""

    def __init__(
        self,
        brokers: int = 3,
        properties: Mapping[str, PropertyValue] | None = None,
        *,
        start_timeout: float = 60.0,
        **overrides: PropertyValue,
    ) -> None:
        props = broker_properties(properties, **overrides)
        explicit = set(properties or {}) | {k.replace("_", ".") for k in overrides}
        replicas = str(min(brokers, 3))  # internal topics on every broker (up to 3), unless asked
        cluster_defaults = {
            "offsets.topic.replication.factor": replicas,
            "transaction.state.log.replication.factor": replicas,
            "zookeeper.session.timeout.ms": "3000",
        }
        props.update({k: v for k, v in cluster_defaults.items() if k not in explicit})
        self.properties = props
        self.size = brokers
        self.start_timeout = start_timeout
        self._tmp: Path | None = None
        self.zookeeper: zk_server.ZooKeeperServer | None = None
        self.brokers: dict[int, _BrokerProcess] = {}

    @staticmethod
    def unavailable() -> str | None:
        """None if a cluster can start here, else what is missing."""
        if importlib.util.find_spec("kazoo") is None:
            return "kazoo is not installed (pip install kbroker[cluster])"
        return zk_server.available()

    @property
    def bootstrap_servers(self) -> str:
        return ",".join(f"127.0.0.1:{b.port}" for b in self.brokers.values())

    @property
    def zookeeper_connect(self) -> str:
        if self.zookeeper is None:
            raise RuntimeError("the cluster is not started")
        return self.zookeeper.connect

    def start(self) -> EmbeddedCluster:
        why = self.unavailable()
        if why:
            raise RuntimeError(f"a cluster cannot start here: {why}")
        self._tmp = Path(tempfile.mkdtemp(prefix="kbroker-cluster-"))
        try:
            self.zookeeper = zk_server.ZooKeeperServer(self._tmp / "zookeeper", _free_port()).start()
            props = {
                **self.properties,
                "zookeeper.connect": f"{self.zookeeper.connect}/kbroker-{os.getpid()}-{next(_chroots)}",
            }
            for i in range(1, self.size + 1):
                self.brokers[i] = _BrokerProcess(i, self._tmp / f"broker-{i}", props)
                self.brokers[i].start(self.start_timeout)
            self._wait_until_formed(time.monotonic() + self.start_timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_until_formed(self, deadline: float) -> None:
        """Listening is not joined: wait until every broker's Metadata names all of them and a
        controller (their registrations reach the others through ZooKeeper watches)."""
        pending = dict(self.brokers)
        while pending:
            for broker_id, b in list(pending.items()):
                if self._sees_whole_cluster(b.port):
                    del pending[broker_id]
            if pending and time.monotonic() > deadline:
                raise RuntimeError(f"brokers {sorted(pending)} do not see all {self.size} brokers")
            if pending:
                time.sleep(0.1)  # the next poll: registrations arrive by watches, not by a signal

    def _sees_whole_cluster(self, port: int) -> bool:
        async def describe() -> dict[str, Any]:
            async with AsyncAdmin(f"127.0.0.1:{port}") as admin:
                return await admin.describe_cluster()

        try:
            cluster = asyncio.run(describe())
        except (KafkaError, OSError, TimeoutError):  # not answering yet: polled again till the deadline
            return False
        return len(cluster["brokers"]) == self.size and cluster["controller_id"] >= 0

    def stop_broker(self, broker_id: int) -> None:
        """SIGTERM one broker (a clean stop); `start_broker` brings it back on the same port."""
        self.brokers[broker_id].stop()

    def start_broker(self, broker_id: int) -> None:
        self.brokers[broker_id].start(self.start_timeout)

    def stop(self) -> None:
        for b in self.brokers.values():
            b.stop()
        if self.zookeeper is not None:
            self.zookeeper.stop()
            self.zookeeper = None
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def __enter__(self) -> EmbeddedCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

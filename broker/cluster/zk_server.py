"""A standalone ZooKeeper server for tests and `make cluster`: Debian's `zookeeper` package
(installed by tools/install_system_deps.sh) run as `java ... QuorumPeerMain <cfg>` with a data dir
and client port of our choosing, the admin server off."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

ZK_JAR = Path("/usr/share/java/zookeeper.jar")
ZK_CONF = Path("/etc/zookeeper/conf")  # log4j settings of the package
MAIN = "org.apache.zookeeper.server.quorum.QuorumPeerMain"


def available() -> str | None:
    """None when a ZooKeeper server can be started here, else why not."""
    if not ZK_JAR.exists():
        return f"{ZK_JAR} is missing: install Debian's zookeeper package (make install does)"
    if shutil.which("java") is None:
        return "java is not on PATH"
    return None


def ruok(host: str, port: int, timeout: float = 0.5) -> bool:
    """Whether ZooKeeper answers on host:port (a session handshake is not needed: a TCP accept
    plus the `srvr` four-letter word, which is whitelisted by default)."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as s:
            s.sendall(b"srvr")
            return b"Zookeeper version" in s.recv(1024)
    except OSError:
        return False


class ZooKeeperServer:
    def __init__(
        self,
        data_dir: Path,
        port: int,
        host: str = "127.0.0.1",
        tick_ms: int = 500,
        prefix: Sequence[str] = (),
    ):
        self.data_dir = Path(data_dir)
        self.port = port
        self.host = host
        self.prefix = list(prefix)  # e.g. `ip netns exec NS`: the network-fault tests' ZooKeeper
        self.tick_ms = tick_ms
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = self.data_dir / "zookeeper.log"

    @property
    def connect(self) -> str:
        return f"{self.host}:{self.port}"

    def write_config(self) -> Path:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        cfg = self.data_dir / "zoo.cfg"
        cfg.write_text(
            f"tickTime={self.tick_ms}\n"
            f"dataDir={self.data_dir / 'data'}\n"
            f"clientPort={self.port}\n"
            f"clientPortAddress={self.host}\n"
            "maxClientCnxns=0\n"
            "admin.enableServer=false\n"
            "4lw.commands.whitelist=srvr,ruok,stat\n"
            # sessions as short as 2 ticks: tests use a short zookeeper.session.timeout.ms
            f"minSessionTimeout={2 * self.tick_ms}\n"
        )
        return cfg

    def start(self, timeout: float = 30.0) -> ZooKeeperServer:
        why = available()
        if why:
            raise RuntimeError(why)
        cfg = self.write_config()
        cp = f"{ZK_CONF}:{ZK_JAR}" if ZK_CONF.exists() else str(ZK_JAR)
        args = [
            *self.prefix,
            "java",
            "-Xmx256m",
            "-XX:+UseSerialGC",
            "-Dzookeeper.root.logger=INFO,CONSOLE",
            "-Dzookeeper.console.threshold=INFO",
            f"-Dzookeeper.log.dir={self.data_dir}",
            "-Dzookeeper.admin.enableServer=false",
            "-cp",
            cp,
            MAIN,
            str(cfg),
        ]
        self._log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            args,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            env={**os.environ, "ZOO_LOG_DIR": str(self.data_dir)},
        )
        deadline = time.monotonic() + timeout
        while not ruok(self.host, self.port):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                out = self.log_path.read_text(errors="replace")[-2000:]
                self.stop()
                raise RuntimeError(f"ZooKeeper did not start on {self.connect}: {out}")
            time.sleep(0.1)
        return self

    def stop(self, timeout: float = 10.0) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        log = getattr(self, "_log", None)
        if log is not None and not log.closed:
            log.close()

    def __enter__(self) -> ZooKeeperServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

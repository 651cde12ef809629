"""`make cluster`: ZooKeeper and the three brokers of config/cluster/ as local processes, the
same topology as docker-compose.yml. Ctrl-C stops the brokers (SIGTERM, so each leaves the
cluster cleanly) and then ZooKeeper.

    python tools/cluster.py [--config-dir config/cluster]
"""

from __future__ import annotations

import argparse
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from broker.cluster.zk_server import ZooKeeperServer, available, ruok  # noqa: E402
from broker.config import Config, read_properties  # noqa: E402


def brokers(config_dir: Path) -> list[tuple[Path, Config]]:
    files = sorted(config_dir.glob("broker-*.properties"))
    return [(f, Config.load(f)) for f in files]


def accepts(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.3):
            return True
    except OSError:
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config-dir", type=Path, default=ROOT / "config" / "cluster")
    args = parser.parse_args()
    zk_props = read_properties((args.config_dir / "zookeeper.properties").read_text())
    port = int(zk_props["clientPort"])
    why = available()
    if why:
        print(f"make cluster: {why}", file=sys.stderr)
        return 1
    if ruok("127.0.0.1", port):
        print(f"make cluster: a ZooKeeper already answers on 127.0.0.1:{port}; using it")
        zk = None
    else:
        zk = ZooKeeperServer((ROOT / zk_props["dataDir"]).resolve(), port).start()
        print(f"zookeeper    127.0.0.1:{port}  (data in {zk.data_dir}, log {zk.log_path})")
    procs: list[subprocess.Popen] = []
    stopping = False

    def stop(*_: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    try:
        for path, config in brokers(args.config_dir):
            lst = config.listeners[0]
            procs.append(
                subprocess.Popen(
                    [sys.executable, "-m", "broker", str(path)], cwd=ROOT, start_new_session=True
                )
            )
            deadline = time.monotonic() + 30
            while (
                not accepts(lst.host, lst.port) and procs[-1].poll() is None and time.monotonic() < deadline
            ):
                time.sleep(0.1)
            if procs[-1].poll() is not None or not accepts(lst.host, lst.port):
                print(f"make cluster: broker {config.broker_id} did not start", file=sys.stderr)
                return 1
            print(f"broker {config.broker_id}     {lst.host}:{lst.port}  ({path.relative_to(ROOT)})")
        bootstrap = ",".join(
            f"{c.listeners[0].host}:{c.listeners[0].port}" for _, c in brokers(args.config_dir)
        )
        print(f"\ncluster up: clients bootstrap at {bootstrap}   (Ctrl-C stops it)")
        while not stopping and all(p.poll() is None for p in procs):
            time.sleep(0.2)
        return 0 if stopping else 1
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()
        if zk is not None:
            zk.stop()
        print("cluster stopped")


if __name__ == "__main__":
    sys.exit(main())

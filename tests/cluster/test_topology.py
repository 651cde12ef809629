"""docker-compose.yml and `make cluster` (config/cluster/) declare the same cluster."""

from __future__ import annotations

import shutil
import subprocess

import pytest
import yaml

from broker.config import Config, read_properties
from tests.helpers import ROOT

pytestmark = pytest.mark.cluster

CONFIG = ROOT / "config" / "cluster"
# What a container may override, and nothing else: where it binds, where ZooKeeper is, its data dir.
CONTAINER_KEYS = {"listeners", "zookeeper.connect", "log.dirs"}


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_declares_the_brokers_of_make_cluster():
    services = compose()["services"]
    zk_port = read_properties((CONFIG / "zookeeper.properties").read_text())["clientPort"]
    assert f"{zk_port}:2181" in services["zookeeper"]["ports"]
    files = sorted(CONFIG.glob("broker-*.properties"))
    brokers = {name: s for name, s in services.items() if name.startswith("broker-")}
    assert sorted(brokers) == [f.stem for f in files] and len(files) == 3
    ids = set()
    for f in files:
        service = brokers[f.stem]
        local = Config.load(f)
        command = service["command"]
        assert command[:2] == ["kbroker", f"config/cluster/{f.name}"]
        overrides = dict(item.split("=", 1) for item in command[3::2])
        assert command[2::2] == ["--override"] * len(overrides)
        assert set(overrides) <= CONTAINER_KEYS, overrides
        container = Config.load(f, command[3::2])
        for key in set(read_properties(f.read_text())) - CONTAINER_KEYS:
            assert container[key] == local[key], key  # the same properties
        port = local.listeners[0].port
        assert container.listeners[0].port == port and container.listeners[0].host == "0.0.0.0"
        assert f"{port}:{port}" in service["ports"]
        assert container["zookeeper.connect"] == local["zookeeper.connect"].replace("127.0.0.1", "zookeeper")
        ids.add(container.broker_id)
    assert ids == {1, 2, 3}


def _has_compose() -> bool:
    if shutil.which("docker") is None:
        return False
    return subprocess.run(["docker", "compose", "version"], capture_output=True, timeout=30).returncode == 0


@pytest.mark.skipif(not _has_compose(), reason="no docker compose here (the YAML is checked above)")
def test_docker_compose_config_parses():
    r = subprocess.run(["docker", "compose", "-f", str(ROOT / "docker-compose.yml"), "config", "--quiet"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr

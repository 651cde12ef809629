"""docker-compose.yml and `make cluster` (config/cluster/) declare the same cluster; the fourth
broker of the `scale` profile (config/cluster/scale/) is declared the same way and only started
when named."""

from __future__ import annotations

import shutil
import subprocess

import pytest
import yaml

from broker.config import Config, read_properties
from tests.helpers import ROOT

pytestmark = pytest.mark.cluster

CONFIG = ROOT / "config" / "cluster"
# What a container may override, and nothing else: where it binds and what it advertises (the
# INTERNAL listener by service name), where ZooKeeper is, its data dir.
CONTAINER_KEYS = {"listeners", "advertised.listeners", "zookeeper.connect", "log.dirs"}


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_declares_the_brokers_of_make_cluster():
    services = compose()["services"]
    zk_port = read_properties((CONFIG / "zookeeper.properties").read_text())["clientPort"]
    assert "ports" not in services["zookeeper"]  # reachable by the brokers only, inside the network
    files = sorted(CONFIG.glob("broker-*.properties"))
    scale = sorted((CONFIG / "scale").glob("broker-*.properties"))
    brokers = {name: s for name, s in services.items() if name.startswith("broker-")}
    default = {name for name, s in brokers.items() if "profiles" not in s}
    assert sorted(default) == [f.stem for f in files] and len(files) == 3
    # The fourth broker: in the `scale` profile only, so `up -d` leaves it out and `make cluster`
    # (which globs config/cluster/broker-*.properties) still starts three.
    assert [f.stem for f in scale] == ["broker-4"]
    assert {name: brokers[name].get("profiles") for name in set(brokers) - default} == {"broker-4": ["scale"]}
    assert "broker-4" in compose()["volumes"]
    ids = set()
    for f in files + scale:
        service = brokers[f.stem]
        local = Config.load(f)
        command = service["command"]
        assert command[:2] == ["kbroker", f.relative_to(ROOT).as_posix()]
        overrides = dict(item.split("=", 1) for item in command[3::2])
        assert command[2::2] == ["--override"] * len(overrides)
        assert set(overrides) <= CONTAINER_KEYS, overrides
        container = Config.load(f, command[3::2])
        for key in set(read_properties(f.read_text())) - CONTAINER_KEYS:
            assert container[key] == local[key], key  # the same properties
        assert local.inter_broker_listener_name == container.inter_broker_listener_name == "INTERNAL"
        assert all(lst.host == "0.0.0.0" for lst in container.listeners)
        advertised = {a.name: a for a in container.advertised_listeners}
        # Clients on the host: EXTERNAL, the same address as make cluster's, published on that port.
        external = {a.name: a for a in local.advertised_listeners}["EXTERNAL"]
        assert advertised["EXTERNAL"] == external and external.host == "127.0.0.1"
        assert f"{external.port}:{external.port}" in service["ports"] and len(service["ports"]) == 1
        # Brokers reach each other by service name; the health check asks there for this broker.
        internal = advertised["INTERNAL"]
        assert internal.host == f.stem
        assert service["healthcheck"]["test"][-3:] == [
            f"127.0.0.1:{internal.port}",
            "--broker-id",
            str(container.broker_id),
        ]
        assert container["zookeeper.connect"] == local["zookeeper.connect"].replace(
            f"127.0.0.1:{zk_port}", f"zookeeper:{zk_port}"
        )
        assert service["depends_on"] == {"zookeeper": {"condition": "service_healthy"}}
        assert service["volumes"] == [f"{f.stem}:/data"] and container["log.dirs"] == ["/data"]
        ids.add(container.broker_id)
    assert ids == {1, 2, 3, 4}


def _compose_command() -> list[str] | None:
    """`docker compose` (v2) or Debian's docker-compose (1.29), whichever is here."""
    if (
        shutil.which("docker")
        and subprocess.run(["docker", "compose", "version"], capture_output=True, timeout=30).returncode == 0
    ):
        return ["docker", "compose"]
    return ["docker-compose"] if shutil.which("docker-compose") else None


@pytest.mark.skipif(_compose_command() is None, reason="no docker compose here (the YAML is checked above)")
def test_docker_compose_config_parses():
    r = subprocess.run(
        [*_compose_command(), "-f", str(ROOT / "docker-compose.yml"), "config", "--quiet"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr

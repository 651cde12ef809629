"""Cluster tests: one ZooKeeper server per module (Debian's package, started here on a free port),
each test its own chroot and three broker processes."""

from __future__ import annotations

import itertools

import pytest

from broker.cluster import zk_server
from tests.cluster.harness import Cluster
from tests.helpers import free_port

_chroots = itertools.count(1)


@pytest.fixture(scope="module")
def zookeeper(tmp_path_factory):
    why = zk_server.available()
    if why:
        pytest.skip(f"ZooKeeper cannot run here ({why}); `make install` installs it")
    server = zk_server.ZooKeeperServer(tmp_path_factory.mktemp("zookeeper"), free_port()).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def cluster(zookeeper, tmp_path):
    c = Cluster(tmp_path, f"{zookeeper.connect}/kbroker-test-{next(_chroots)}")
    try:
        c.start()
        yield c
    finally:
        c.stop()

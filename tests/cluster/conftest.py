"""Cluster tests: one ZooKeeper server per test session (per xdist worker; Debian's package, started
here on a free port), each test its own chroot and three broker processes. Tests share nothing
but the server: a chroot is never reused, so no test sees another's znodes."""

from __future__ import annotations

import itertools

import pytest

from broker.cluster import zk_server
from tests.cluster.harness import Cluster, Secured
from tests.helpers import free_port

_chroots = itertools.count(1)


@pytest.fixture(scope="session")
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
def make_cluster(zookeeper, tmp_path):
    """Clusters of a given size (each its own chroot and data dirs), all stopped at the end."""
    made: list[Cluster] = []

    def make(size: int = 3, secured: Secured | None = None, **extra: str) -> Cluster:
        c = Cluster(
            tmp_path / f"cluster-{len(made)}",
            f"{zookeeper.connect}/kbroker-test-{next(_chroots)}",
            size,
            {k.replace("_", "."): v for k, v in extra.items()},
            secured,
        )
        made.append(c)
        c.start()
        return c

    try:
        yield make
    finally:
        for c in made:
            c.release()


@pytest.fixture
def cluster(make_cluster):
    return make_cluster()

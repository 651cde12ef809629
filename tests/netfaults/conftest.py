"""The network-fault tests need root (network namespaces, nftables) and ZooKeeper; without
either they skip and say why."""

from __future__ import annotations

import pytest

from broker.cluster import zk_server
from tests.netfaults.harness import NetCluster
from tests.netfaults.network import why_not


@pytest.fixture
def make_netcluster(tmp_path):
    why = why_not() or zk_server.available()
    if why:
        pytest.skip(f"no network-fault cluster here: {why}")
    made: list[NetCluster] = []

    def make(**extra: str) -> NetCluster:
        c = NetCluster(
            tmp_path / f"netcluster-{len(made)}", extra={k.replace("_", "."): v for k, v in extra.items()}
        )
        made.append(c)
        try:
            c.start()
        except BaseException:
            c.stop()
            raise
        return c

    try:
        yield make
    finally:
        for c in made:
            c.stop()

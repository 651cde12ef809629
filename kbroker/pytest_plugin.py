"""kbroker's pytest fixtures, registered by `pip install kbroker` (the pytest11 entry point):

kafka_broker           an EmbeddedBroker of the test's own, on its own thread (sync or async
                       tests alike); `@pytest.mark.kafka_broker(manual_clock=True, **properties)`
                       passes its arguments to EmbeddedBroker.
kafka_broker_session   one EmbeddedBroker for the whole session, seen through a namespace per test:
                       `kafka_broker_session.topic("orders")` is a name no other test uses.
kafka_cluster          ZooKeeper and 3 broker processes for the session (kbroker.cluster); skipped
                       with the reason when kazoo, Java or ZooKeeper is missing.

The brokers run on threads of their own, so a fixture works the same in a sync test and in an
async one (pytest-asyncio, strict or auto mode: the fixtures themselves are sync). In an async
test, await the helpers under `.aio` (`await kafka_broker.aio.wait_for_group("g")`): the blocking
ones would stall the test's loop, and the clients running in it, while they wait.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:  # imported by the fixtures that use them: a pytest run that uses none pays nothing
    from kbroker.cluster import EmbeddedCluster
    from kbroker.testing import BrokerNamespace, EmbeddedBroker

__all__ = ["kafka_broker", "kafka_broker_session", "kafka_cluster"]

_namespaces = itertools.count(1)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "kafka_broker(properties=None, *, manual_clock=False, **overrides): the arguments of the "
        "kafka_broker fixture's EmbeddedBroker (kbroker.testing)",
    )


@pytest.fixture
def kafka_broker(request: pytest.FixtureRequest) -> Iterator[EmbeddedBroker]:
    """A broker of this test's own (kbroker.testing.EmbeddedBroker), stopped after it."""
    from kbroker.testing import EmbeddedBroker

    marker = request.node.get_closest_marker("kafka_broker")
    args = dict(marker.kwargs) if marker is not None else {}
    if marker is not None and marker.args:
        args["properties"] = marker.args[0]
    with EmbeddedBroker(**args) as b:
        yield b


@pytest.fixture(scope="session")
def kafka_broker_session_broker() -> Iterator[EmbeddedBroker]:
    """The session's shared broker (kafka_broker_session gives each test a namespace of it)."""
    from kbroker.testing import EmbeddedBroker

    with EmbeddedBroker() as b:
        yield b


@pytest.fixture
def kafka_broker_session(
    kafka_broker_session_broker: EmbeddedBroker, request: pytest.FixtureRequest
) -> BrokerNamespace:
    """The session's broker, with topic and group names of this test's own (`.topic("orders")`)."""
    from kbroker.testing import BrokerNamespace

    name = re.sub(r"[^A-Za-z0-9_-]+", "-", request.node.name)[:80].strip("-")
    return BrokerNamespace(kafka_broker_session_broker, f"t{next(_namespaces)}-{name}")


@pytest.fixture(scope="session")
def kafka_cluster() -> Iterator[EmbeddedCluster]:
    """ZooKeeper and 3 broker processes (kbroker.cluster.EmbeddedCluster) for the session."""
    from kbroker.cluster import EmbeddedCluster

    why = EmbeddedCluster.unavailable()
    if why:
        pytest.skip(f"kafka_cluster cannot run here: {why}")
    with EmbeddedCluster(brokers=3) as cluster:
        yield cluster

"""The racks the group coordinator assigns by (broker.partition_racks): a single broker's
`broker.rack` for every partition, none without it; in a cluster, the racks of its replicas' brokers."""

from __future__ import annotations

from tests.helpers import create_topic, start_broker


async def test_partition_racks_of_a_single_broker(tmp_path) -> None:
    broker = await start_broker(tmp_path / "a", **{"broker.rack": "rack-a"})
    try:
        await create_topic(broker.bound_port, "t", 3)
        assert broker.partition_racks("t") == [frozenset({"rack-a"})] * 3
        assert broker.partition_racks("missing") == []
    finally:
        await broker.stop()
    broker = await start_broker(tmp_path / "b")
    try:
        await create_topic(broker.bound_port, "t", 2)
        assert broker.partition_racks("t") == [frozenset()] * 2
    finally:
        await broker.stop()


def test_partition_racks_in_a_cluster_are_the_replica_brokers_racks(tmp_path) -> None:
    """Cluster mode reads the cluster view: each partition's replicas, each registered broker's
    rack (a broker with none, or not registered, adds none)."""
    import uuid
    from types import SimpleNamespace

    from broker.broker import Broker
    from broker.cluster.znodes import BrokerInfo, TopicAssignment
    from tests.helpers import broker_config

    broker = Broker(broker_config(tmp_path / "c"))
    view = SimpleNamespace(
        topics={"t": TopicAssignment("t", uuid.uuid4(), {0: [1, 2], 1: [2, 3], 2: [3, 4]})},
        brokers={1: BrokerInfo(1, (), "r1"), 2: BrokerInfo(2, (), "r2"), 3: BrokerInfo(3, (), None)},
    )
    broker.cluster = SimpleNamespace(view=view)  # type: ignore[assignment]
    assert broker.partition_racks("t") == [frozenset({"r1", "r2"}), frozenset({"r2"}), frozenset()]
    assert broker.partition_racks("missing") == []

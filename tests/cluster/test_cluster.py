"""A ZooKeeper + three-broker cluster: registration, controller, placement, redirects."""

from __future__ import annotations

import pytest

from broker.group.records import OFFSETS_TOPIC
from tests.cluster.harness import OFFSETS_PARTITIONS, eventually, find_coordinator, leaders, metadata, summary

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(120)]


async def settled(cluster, n: int = 3) -> dict:
    """Wait until every live broker answers the same Metadata, with n brokers, a controller and
    a leader for every offsets partition; that answer."""

    async def same():
        answers = [summary(await metadata(cluster.brokers[i].port)) for i in cluster.alive()]
        first = answers[0]
        ok = (
            all(a == first for a in answers)
            and len(first["brokers"]) == n
            and first["controller"] != -1
            and len(first["topics"].get(OFFSETS_TOPIC, [])) == OFFSETS_PARTITIONS
            and all(p[2] != -1 for p in first["topics"][OFFSETS_TOPIC])
        )
        return first if ok else None

    return await eventually(same, 30, "identical metadata from every broker")


async def test_metadata_is_identical_and_offsets_leaders_spread(cluster):
    md = await settled(cluster)
    assert [b[0] for b in md["brokers"]] == [1, 2, 3]
    offsets_leaders = [p[2] for p in md["topics"][OFFSETS_TOPIC]]
    counts = {b: offsets_leaders.count(b) for b in (1, 2, 3)}
    assert counts == {1: 5, 2: 5, 3: 5}, counts
    raw = await metadata(cluster.brokers[1].port, [OFFSETS_TOPIC])
    assert set(leaders(raw, OFFSETS_TOPIC).values()) == {1, 2, 3}
    # FindCoordinator from any broker names the leader of the group's offsets partition.
    for group in ("g-a", "g-b", "g-c", "g-d"):
        answers = {(await find_coordinator(cluster.brokers[i].port, group)).node_id for i in (1, 2, 3)}
        assert len(answers) == 1 and answers.pop() in (1, 2, 3)


async def test_duplicate_broker_id_refuses_to_start(cluster, tmp_path):
    from tests.cluster.harness import CLUSTER_PROPERTIES
    from tests.helpers import BrokerProcess

    await settled(cluster)
    twin = BrokerProcess(
        tmp_path / "twin",
        extra={**CLUSTER_PROPERTIES, "broker.id": "2", "zookeeper.connect": cluster.zk_connect},
    )
    with pytest.raises(RuntimeError, match="broker.id 2 is already registered"):
        twin.start()
    assert twin.proc.returncode == 2
    twin.stop()
    assert len((await metadata(cluster.brokers[2].port)).brokers) == 3

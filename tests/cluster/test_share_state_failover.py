"""The share coordinator on a replicated `__share_group_state` (RF 3): FindCoordinator(SHARE)
names the leader of the key's partition, the other brokers answer NOT_COORDINATOR, and when the
coordinator's broker dies (kill -9) the state is read back unchanged from the new leader of the
partition, which loaded it from its replica."""

from __future__ import annotations

import base64
import uuid
from typing import Any

import pytest

from broker.share.coordinator.service import SHARE_STATE_TOPIC, share_coordinator_partition
from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from tests.cluster.harness import Cluster, eventually, metadata, request
from tests.cluster.test_cluster import settled
from tests.cluster.test_replication import create

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(180)]
GROUP = "share-failover"
PARTITIONS = 6


def key_of(topic: uuid.UUID, partition: int) -> str:
    return f"{GROUP}:{base64.urlsafe_b64encode(topic.bytes).decode().rstrip('=')}:{partition}"


async def share_coordinator(cluster: Cluster, key: str, not_on: int | None = None) -> int:
    async def found() -> int | None:
        r = await request(
            cluster.brokers[cluster.alive()[0]].port,
            ApiKey.FIND_COORDINATOR,
            6,
            {"key_type": 2, "coordinator_keys": [key]},
        )
        c = r.coordinators[0]
        ok = c.error_code == E.NONE and c.node_id in cluster.alive() and c.node_id != not_on
        return c.node_id if ok else None

    return await eventually(found, 40, f"{key}'s share coordinator")


async def call(
    cluster: Cluster, broker: int, api: ApiKey, topic: uuid.UUID, partition: dict[str, Any]
) -> Any:
    r = await request(
        cluster.brokers[broker].port,
        api,
        0,
        {"group_id": GROUP, "topics": [{"topic_id": topic, "partitions": [partition]}]},
    )
    return r.results[0].partitions[0]


async def state_of(cluster: Cluster, broker: int, topic: uuid.UUID) -> tuple[Any, ...] | None:
    a = await call(cluster, broker, ApiKey.READ_SHARE_GROUP_STATE, topic, {"partition": 0, "leader_epoch": 4})
    if a.error_code != E.NONE:
        return None
    batches = tuple(
        (b.first_offset, b.last_offset, b.delivery_state, b.delivery_count) for b in a.state_batches
    )
    return (a.state_epoch, a.start_offset, batches)


async def test_share_state_survives_its_coordinators_death(make_cluster: Any) -> None:
    cluster = make_cluster(
        group_share_enable="true",
        share_coordinator_state_topic_num_partitions=str(PARTITIONS),
        share_coordinator_snapshot_update_records_per_snapshot="2",
    )
    await settled(cluster)
    await create(cluster, "t", 1, 3)
    md = await metadata(cluster.brokers[1].port, ["t"])
    topic = md.topics[0].topic_id
    key = key_of(topic, 0)
    first = await share_coordinator(cluster, key)
    # __share_group_state at RF 3 (three live brokers), its partition led by the coordinator
    md = await metadata(cluster.brokers[1].port, [SHARE_STATE_TOPIC])
    p = share_coordinator_partition(GROUP, topic, 0, PARTITIONS)
    part = next(x for x in md.topics[0].partitions if x.partition_index == p)
    assert len(part.replica_nodes) == 3 and part.leader_id == first

    other = next(i for i in cluster.alive() if i != first)
    refused = await call(
        cluster, other, ApiKey.READ_SHARE_GROUP_STATE, topic, {"partition": 0, "leader_epoch": 0}
    )
    assert refused.error_code == E.NOT_COORDINATOR

    async def initialized() -> bool:
        a = await call(
            cluster,
            first,
            ApiKey.INITIALIZE_SHARE_GROUP_STATE,
            topic,
            {"partition": 0, "state_epoch": 1, "start_offset": 100},
        )
        return a.error_code == E.NONE

    await eventually(initialized, 30, "initialized")
    assert await state_of(cluster, first, topic) is not None  # leader epoch 4 claims it
    for i in range(5):
        w = await call(
            cluster,
            first,
            ApiKey.WRITE_SHARE_GROUP_STATE,
            topic,
            {
                "partition": 0,
                "state_epoch": 1,
                "leader_epoch": 4,
                "start_offset": 100 + i,
                "state_batches": [
                    {
                        "first_offset": 100 + 2 * i,
                        "last_offset": 101 + 2 * i,
                        "delivery_state": 2,
                        "delivery_count": i,
                    }
                ],
            },
        )
        assert w.error_code == E.NONE
    before = await state_of(cluster, first, topic)
    assert before is not None and before[1] == 104 and before[2]

    cluster.brokers[first].kill()  # SIGKILL: the state's partition moves to an in-sync replica
    second = await share_coordinator(cluster, key, not_on=first)
    after = await eventually(lambda: state_of(cluster, second, topic), 40, "the state on the new coordinator")
    assert after == before
    fenced = await call(
        cluster, second, ApiKey.READ_SHARE_GROUP_STATE, topic, {"partition": 0, "leader_epoch": 3}
    )
    assert fenced.error_code == E.FENCED_LEADER_EPOCH

"""Group coordinators on a replicated `__consumer_offsets`: commits are answered only once every
in-sync replica has them, and a coordinator's death moves its groups without a rebalance."""

from __future__ import annotations

import time

import pytest

from broker.group.placement import coordinator_partition
from broker.group.records import OFFSETS_TOPIC
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.cluster.harness import OFFSETS_PARTITIONS, Cluster, eventually, find_coordinator, metadata, request
from tests.cluster.test_cluster import settled
from tests.cluster.test_replication import create

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(180)]


async def coordinator(cluster: Cluster, group: str) -> int:
    async def found():
        c = await find_coordinator(cluster.brokers[cluster.alive()[0]].port, group)
        return c.node_id if c.error_code == ErrorCode.NONE and c.node_id in cluster.alive() else None

    return await eventually(found, 30, f"{group}'s coordinator")


async def offsets_replicas(cluster: Cluster, group: str) -> list[int]:
    md = await metadata(cluster.brokers[cluster.alive()[0]].port, [OFFSETS_TOPIC])
    p = coordinator_partition(group, OFFSETS_PARTITIONS)
    return list(next(x for x in md.topics[0].partitions if x.partition_index == p).replica_nodes)


async def commit(cluster: Cluster, broker: int, group: str, offset: int) -> int:
    r = await request(
        cluster.brokers[broker].port,
        ApiKey.OFFSET_COMMIT,
        8,
        {
            "group_id": group,
            "generation_id_or_member_epoch": -1,
            "member_id": "",
            "group_instance_id": None,
            "topics": [
                {
                    "name": "events",
                    "partitions": [
                        {
                            "partition_index": 0,
                            "committed_offset": offset,
                            "committed_leader_epoch": -1,
                            "committed_metadata": "",
                        }
                    ],
                }
            ],
        },
    )
    return r.topics[0].partitions[0].error_code


async def fetch_committed(cluster: Cluster, broker: int, group: str) -> int:
    r = await request(
        cluster.brokers[broker].port,
        ApiKey.OFFSET_FETCH,
        7,
        {
            "group_id": group,
            "topics": [{"name": "events", "partition_indexes": [0]}],
            "require_stable": False,
        },
    )
    return r.topics[0].partitions[0].committed_offset


async def test_a_commit_is_answered_only_once_the_isr_has_it(make_cluster):
    # Followers that stop fetching stay in the ISR (a long lag bound): the commit cannot be
    # acknowledged until they have it, and offsets.commit.timeout.ms ends the wait.
    cluster = make_cluster(
        3,
        replica_lag_time_max_ms="60000",
        zookeeper_session_timeout_ms="30000",
        offsets_commit_timeout_ms="2000",
    )
    await settled(cluster)
    await create(cluster, "events")
    group = "replicated-commits"
    leader = await coordinator(cluster, group)
    followers = [b for b in await offsets_replicas(cluster, group) if b != leader]
    assert await commit(cluster, leader, group, 5) == ErrorCode.NONE
    for f in followers:
        cluster.brokers[f].pause()
    try:
        started = time.monotonic()
        # Kafka answers a commit whose replication timed out with COORDINATOR_NOT_AVAILABLE.
        assert await commit(cluster, leader, group, 9) == ErrorCode.COORDINATOR_NOT_AVAILABLE
        assert time.monotonic() - started >= 1.9
        assert await fetch_committed(cluster, leader, group) == 5  # not applied: not acknowledged
    finally:
        for f in followers:
            cluster.brokers[f].resume()
    assert await commit(cluster, leader, group, 12) == ErrorCode.NONE
    assert await fetch_committed(cluster, leader, group) == 12


async def test_a_coordinator_move_keeps_the_group_without_a_rebalance(make_cluster):
    cluster = make_cluster(3)
    await settled(cluster)
    await create(cluster, "events")
    group = "stays"
    old = await coordinator(cluster, group)
    port = cluster.brokers[old].port

    async def joined():
        # A broker's metadata may name it coordinator a moment before its shard is loaded: a
        # client retries NOT_COORDINATOR / COORDINATOR_LOAD_IN_PROGRESS, so does this one.
        r = await request(
            port,
            ApiKey.JOIN_GROUP,
            3,
            {
                "group_id": group,
                "session_timeout_ms": 20000,
                "rebalance_timeout_ms": 20000,
                "member_id": "",
                "protocol_type": "consumer",
                "protocols": [{"name": "range", "metadata": b"subscription"}],
            },
        )
        retriable = (ErrorCode.NOT_COORDINATOR, ErrorCode.COORDINATOR_LOAD_IN_PROGRESS)
        return None if r.error_code in retriable else r

    join = await eventually(joined, 20, "a join")
    assert join.error_code == ErrorCode.NONE
    member, generation = join.member_id, join.generation_id
    sync = await request(
        port,
        ApiKey.SYNC_GROUP,
        3,
        {
            "group_id": group,
            "generation_id": generation,
            "member_id": member,
            "assignments": [{"member_id": member, "assignment": b"all of it"}],
        },
    )
    assert (sync.error_code, sync.assignment) == (ErrorCode.NONE, b"all of it")
    # The coordinator dies; a replica of its offsets partition takes the group over, loaded
    # from the log: same generation, same member, same assignment; heartbeats just go on.
    cluster.brokers[old].kill()

    async def moved():
        c = await find_coordinator(cluster.brokers[cluster.alive()[0]].port, group)
        return c.node_id if c.error_code == ErrorCode.NONE and c.node_id not in (old, -1) else None

    new = await eventually(moved, 30, "a new coordinator")

    async def heartbeat():
        r = await request(
            cluster.brokers[new].port,
            ApiKey.HEARTBEAT,
            3,
            {"group_id": group, "generation_id": generation, "member_id": member, "group_instance_id": None},
        )
        if r.error_code == ErrorCode.COORDINATOR_LOAD_IN_PROGRESS:
            return None
        return r.error_code == ErrorCode.NONE or r.error_code

    assert await eventually(heartbeat, 20, "a heartbeat to the new coordinator") is True
    described = await request(
        cluster.brokers[new].port,
        ApiKey.DESCRIBE_GROUPS,
        3,
        {"groups": [group], "include_authorized_operations": False},
    )
    g = described.groups[0]
    assert (g.error_code, g.group_state, g.protocol_data) == (ErrorCode.NONE, "Stable", "range")
    assert [(m.member_id, m.member_assignment) for m in g.members] == [(member, b"all of it")]


async def test_an_isolated_coordinator_acknowledges_nothing_and_gives_way(make_cluster):
    """A coordinator paused (SIGSTOP) long enough for its ZooKeeper session to expire: a replica
    of its offsets partition takes its groups over; resumed, it acknowledges no commit (the ISR
    moved on without it) and answers NOT_COORDINATOR once it has caught up with the cluster."""
    cluster = make_cluster(3, zookeeper_session_timeout_ms="4000", offsets_commit_timeout_ms="3000")
    await settled(cluster)
    await create(cluster, "events")
    group = "isolated"
    old = await coordinator(cluster, group)
    assert await commit(cluster, old, group, 3) == ErrorCode.NONE
    cluster.brokers[old].pause()
    try:

        async def moved():
            c = await find_coordinator(
                cluster.brokers[next(b for b in cluster.alive() if b != old)].port, group
            )
            return c.node_id if c.error_code == ErrorCode.NONE and c.node_id != old else None

        new = await eventually(moved, 30, "a new coordinator")
        assert (
            await eventually(lambda: fetch_committed(cluster, new, group), 20, "the offsets on the new one")
            == 3
        )
        assert await commit(cluster, new, group, 7) == ErrorCode.NONE
    finally:
        cluster.brokers[old].resume()
    # Resumed, it may not yet know it lost the partition: whatever it answers, not an acknowledgement.
    assert await commit(cluster, old, group, 99) != ErrorCode.NONE

    async def gave_way():
        return await commit(cluster, old, group, 100) == ErrorCode.NOT_COORDINATOR

    await eventually(gave_way, 30, "the old coordinator to answer NOT_COORDINATOR")
    assert await fetch_committed(cluster, new, group) == 7

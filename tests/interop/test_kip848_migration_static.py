"""KIP-848's online migration with static members (group.instance.id), real clients, a producer
writing all along: two aiokafka consumers with instance ids form a classic group; each instance
is then restarted, one at a time, as a different client, and the new process takes the old one's
place (broker/group/consumer/classic_members.py, manager.py, migration.py):

1. instance-0 comes back as confluent-kafka with `group.protocol=consumer`: the classic group is
   upgraded and the consumer member replaces the classic one (Kafka's static member
   replacement in consumerGroupHeartbeat);
2. instance-1 comes back as aiokafka: a classic member rejoining the consumer group under a new
   member id, which takes its predecessor's place;
3. instance-0 comes back as aiokafka: it replaces the last consumer protocol member and the
   group is downgraded in the same append.

The sessions are longer than any wait of the test, so a static member that was not replaced
would stay in the group and it would never settle with one member per live process. Checked too:
each instance's member id changes at its restart and only then, the group's kind after each
step, no partition owned twice by the members' own account, no record consumed twice and every
one consumed.
"""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from broker.broker import Broker
from tests.helpers import async_wait_until, broker_config, free_port
from tests.interop.agents import Agent
from tests.interop.test_kip848 import kip848_config
from tests.interop.test_kip848_migration import (
    Workload,
    kind_of,
    member_types,
    settled,
    spawn,
)

pytestmark = pytest.mark.interop
SESSION_MS = 30_000  # both protocols' sessions: longer than any wait below


def instances(broker: Broker, group: str) -> dict[str, str]:
    """instance id -> member id, in whichever kind of group the coordinator holds."""
    shard = broker.groups.runtime_for(group).shard
    consumer = shard.consumer_groups.groups.get(group)
    if consumer is not None:
        return {m.instance_id: mid for mid, m in consumer.members.items() if m.instance_id is not None}
    classic = shard.groups[group]
    return {m.group_instance_id: mid for mid, m in classic.members.items() if m.group_instance_id is not None}


async def test_static_members_restarted_across_the_upgrade_and_the_downgrade(tmp_path: Path) -> None:
    broker_port = free_port()
    props = kip848_config()
    props["group_consumer_session_timeout_ms"] = str(SESSION_MS)
    broker = Broker(
        broker_config(
            tmp_path / "data", broker_port, group_consumer_migration_policy="bidirectional", **props
        )
    )
    await broker.start()
    work = Workload()
    own = work.own
    try:
        bootstrap = f"127.0.0.1:{broker_port}"
        topic, group = f"mst-{uuid.uuid4().hex[:6]}", f"g-{uuid.uuid4().hex[:6]}"
        await work.start(bootstrap, topic)

        def static(i: int) -> tuple[str, ...]:
            return ("--instance-id", f"instance-{i}", "--session-timeout-ms", str(SESSION_MS))

        live: list[Agent] = []
        for i in range(2):
            live.append(await spawn("aiokafka", bootstrap, group, topic, f"aiokafka-{i}", *static(i)))
        own.agents += live
        await async_wait_until(lambda: settled(broker, group, live), 30, what="a static classic group")
        assert kind_of(broker, group) == "classic"

        async def restart(i: int, client: str, name: str) -> dict[str, str]:
            """Close instance-i's process (a static member: it does not leave for good) and start
            `client` with the same instance id; the group settles with it in the old one's place."""
            before = instances(broker, group)
            old = live[i]
            await old.close()
            new = await spawn(client, bootstrap, group, topic, name, *static(i))
            own.agents.append(new)
            live[i] = new
            await async_wait_until(lambda: settled(broker, group, live), 30, what=f"{name} in place")
            after = instances(broker, group)
            assert set(after) == {"instance-0", "instance-1"}
            assert after[f"instance-{i}"] != before[f"instance-{i}"]
            other = f"instance-{1 - i}"
            assert after[other] == before[other], "the other instance kept its member id"
            return after

        # (3) the consumer protocol member replaces the classic one: the group is upgraded.
        ids = await restart(0, "confluent", "confluent-0")
        assert kind_of(broker, group) == "consumer"
        types = await member_types(broker_port, group)
        assert types == {ids["instance-0"]: 1, ids["instance-1"]: 0}, types
        # (2) a classic member rejoins the consumer group under a new member id.
        ids = await restart(1, "aiokafka", "aiokafka-1b")
        assert kind_of(broker, group) == "consumer"
        assert (await member_types(broker_port, group))[ids["instance-1"]] == 0
        # (1) a classic member replaces the last consumer protocol member: downgraded.
        await restart(0, "aiokafka", "aiokafka-0b")
        assert kind_of(broker, group) == "classic"

        await work.finish()
        assert own.check_never_two_owners() > 6
    finally:
        await work.close()
        await broker.stop()

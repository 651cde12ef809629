"""KIP-848's online upgrade and downgrade with real clients, while a producer keeps writing: a
classic group of three aiokafka consumers (JoinGroup/SyncGroup/Heartbeat) is upgraded member by
member to confluent-kafka consumers with `group.protocol=consumer` (the first one turns the
classic group into a consumer group, broker/group/consumer/migration.py), then downgraded back
the same way (the last consumer-protocol member to leave turns it into a classic group again).

Every member is a process of its own, reached through the recording proxy of the wire test
(test_kip848_wire.py), extended to the classic group requests. Checked: the group converts both
ways; no partition is ever owned by two members, neither on the wire (an eager classic member
holds nothing from its JoinGroup until its SyncGroup answer; a consumer-protocol member what it
was given and what it says it owns) nor as the members report it; and no record is consumed
twice, every produced one consumed once.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import pytest

from broker.broker import Broker
from broker.group.classic.group import GroupState
from broker.group.consumer.group import ConsumerGroupState
from protocol.apis import ApiKey
from protocol.consumer_protocol import decode_assignment
from protocol.frames import decode_request, decode_response
from tests.helpers import RawConnection, async_wait_until, free_port
from tests.interop.agents import Agent
from tests.interop.test_groups import make_topic
from tests.interop.test_kip848 import Ownership, spawn_agent
from tests.interop.test_kip848_wire import HB, HeartbeatRecorder, proxied_broker

pytestmark = pytest.mark.interop
PARTITIONS = 6
MEMBERS = 3
JOIN, SYNC, LEAVE = ApiKey.JOIN_GROUP, ApiKey.SYNC_GROUP, ApiKey.LEAVE_GROUP


class GroupWireRecorder(HeartbeatRecorder):
    """The wire test's proxy, recording the classic group requests too; partitions by number
    (one topic)."""

    def on_request(self, frame: bytes, sent: dict) -> None:
        api = int.from_bytes(frame[:2], "big")
        if api not in (HB, JOIN, SYNC, LEAVE):
            return
        header, body = decode_request(frame)
        now = time.monotonic()
        if api == HB:
            sent[header.correlation_id] = (api, header.api_version, body.member_id)
            owned = body.topic_partitions
            self.events.append(
                {
                    "t": now,
                    "dir": "request",
                    "member": body.member_id,
                    "epoch": body.member_epoch,
                    "owned": None if owned is None else {p for tp in owned for p in tp.partitions},
                }
            )
        elif api == JOIN:
            self.events.append({"t": now, "dir": "join", "member": body.member_id})
        elif api == SYNC:
            sent[header.correlation_id] = (api, header.api_version, body.member_id)
        else:
            members = [m.member_id for m in body.members] if header.api_version >= 3 else [body.member_id]
            self.events.append({"t": now, "dir": "leave", "members": members})

    def on_response(self, frame: bytes, request: tuple[int, int, str]) -> None:
        api, version, member = request
        _, body = decode_response(frame, api, version)
        now = time.monotonic()
        if api == SYNC:
            given = (
                {p for _, p in decode_assignment(body.assignment).partitions()} if body.assignment else set()
            )
            self.events.append(
                {"t": now, "dir": "sync", "member": member, "error": body.error_code, "given": given}
            )
            return
        a = body.assignment
        self.events.append(
            {
                "t": now,
                "dir": "response",
                "member": body.member_id or member,
                "error": body.error_code,
                "epoch": body.member_epoch,
                "given": None if a is None else {p for tp in a.topic_partitions for p in tp.partitions},
            }
        )


def replay_never_two_holders(events: list[dict[str, Any]]) -> int:
    """Replays the wire: a consumer-protocol member holds what it was last given plus what it
    last said it owns (nothing once it leaves); an eager classic member nothing from its JoinGroup
    (it revoked everything first) until its SyncGroup answer. Asserts disjointness after every
    event; returns how many events changed a holding."""
    given: dict[str, set[int]] = {}
    reported: dict[str, set[int]] = {}
    changes = 0
    for i, e in enumerate(events):
        kind = e["dir"]
        if kind == "request":
            m = e["member"]
            if e["epoch"] in (-1, -2):
                given[m], reported[m] = set(), set()
            elif e["owned"] is not None:
                reported[m] = e["owned"]
        elif kind == "response":
            if e["error"] == 0 and e["given"] is not None:
                given[e["member"]] = e["given"]
        elif kind == "join":
            given[e["member"]], reported[e["member"]] = set(), set()
        elif kind == "sync":
            if e["error"] == 0:
                given[e["member"]] = e["given"]
        else:
            for m in e["members"]:
                given[m], reported[m] = set(), set()
        changes += 1
        seen: dict[int, str] = {}
        for member in set(given) | set(reported):
            for p in given.get(member, set()) | reported.get(member, set()):
                assert p not in seen, f"event {i} ({kind}): partition {p} held by {seen[p]} and {member}"
                seen[p] = member
    return changes


async def spawn(client: str, bootstrap: str, group: str, topic: str, name: str, *static: str) -> Agent:
    """`static`: the agent's extra arguments (--instance-id ID --session-timeout-ms MS)."""
    args = (client, bootstrap, group, topic, "--client-id", name, *static)
    return await spawn_agent("tests.interop.migration_agent", name, *args)


def kind_of(broker: Broker, group: str) -> str | None:
    """ "consumer" or "classic": what the coordinator holds the group as (None: neither, settled)."""
    shard = broker.groups.runtime_for(group).shard
    if group in shard.consumer_groups.groups:
        return "consumer"
    return "classic" if group in shard.groups else None


def settled(broker: Broker, group: str, agents: list[Agent]) -> bool:
    """The group is at rest with exactly these members, and they own every partition once."""
    shard = broker.groups.runtime_for(group).shard
    consumer = shard.consumer_groups.groups.get(group)
    if consumer is not None:
        if consumer.state is not ConsumerGroupState.STABLE or len(consumer.members) != len(agents):
            return False
        if any(m.member_epoch != consumer.group_epoch for m in consumer.members.values()):
            return False
    else:
        classic = shard.groups.get(group)
        if classic is None or not classic.is_in(GroupState.STABLE) or len(classic.members) != len(agents):
            return False
    mine = [p for a in agents for p in (a.assignment or [])]
    return sorted(mine) == list(range(PARTITIONS)) and all(a.assignment for a in agents)


async def member_types(port: int, group: str) -> dict[str, int]:
    """Each member's MemberType (0 classic, 1 consumer) as ConsumerGroupDescribe v1 has it."""
    conn = await RawConnection.open(port)
    try:
        r = await conn.request(ApiKey.CONSUMER_GROUP_DESCRIBE, 1, {"group_ids": [group]})
    finally:
        await conn.close()
    return {m.member_id: m.member_type for m in r.groups[0].members}


def consumed(agents: list[Agent]) -> list[tuple[int, int]]:
    return [(p, o) for a in agents for e in a.events if e["event"] == "consumed" for p, o in e["items"]]


async def produce(bootstrap: str, topic: str, produced: list[tuple[int, int]], stop: asyncio.Event) -> None:
    from aiokafka import AIOKafkaProducer

    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=0)
    await producer.start()
    try:
        i = 0
        while not stop.is_set():
            meta = await producer.send_and_wait(topic, f"r{i}".encode(), partition=i % PARTITIONS)
            produced.append((meta.partition, meta.offset))
            i += 1
            await asyncio.sleep(0.01)
    finally:
        await producer.stop()


@dataclass
class Workload:
    """The members of a migrating group (`own`) and a producer writing to its topic meanwhile."""

    own: Ownership = field(default_factory=Ownership)
    produced: list[tuple[int, int]] = field(default_factory=list)
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    producer: asyncio.Task[None] | None = None

    async def start(self, bootstrap: str, topic: str) -> None:
        await make_topic(bootstrap, topic, PARTITIONS, 5)
        self.producer = asyncio.create_task(produce(bootstrap, topic, self.produced, self.stop))

    async def finish(self) -> None:
        """Stop producing, then check what the members consumed."""
        assert self.producer is not None, "never started"
        self.stop.set()
        await self.producer
        await check_every_record_consumed_once(self.own, self.produced)

    async def close(self) -> None:
        self.stop.set()
        if self.producer is not None:
            await asyncio.gather(self.producer, return_exceptions=True)
        for a in self.own.agents:
            await a.reap()


async def check_every_record_consumed_once(own: Ownership, produced: list[tuple[int, int]]) -> None:
    """Every produced record consumed (make_topic's five a partition too), none twice, and no
    member's commit refused."""
    await async_wait_until(
        lambda: len(set(consumed(own.agents))) >= len(produced) + PARTITIONS * 5,
        30,
        what="every produced record consumed",
    )
    records = consumed(own.agents)
    doubles = {r for r in records if records.count(r) > 1}
    assert not doubles, f"records consumed twice: {sorted(doubles)[:10]}"
    assert set(produced) <= set(records)
    assert not [e for a in own.agents for e in a.events if e["event"] == "commit-failed"]


async def test_classic_group_upgraded_to_consumer_protocol_and_back_while_consuming(tmp_path) -> None:
    broker_port, proxy_port = free_port(), free_port()
    broker = proxied_broker(
        tmp_path, broker_port, proxy_port, group_consumer_migration_policy="bidirectional"
    )
    await broker.start()
    proxy = GroupWireRecorder(broker_port)
    await proxy.start(proxy_port)
    work = Workload()
    own = work.own
    try:
        bootstrap = f"127.0.0.1:{proxy_port}"
        topic, group = f"mig-{uuid.uuid4().hex[:6]}", f"g-{uuid.uuid4().hex[:6]}"
        await work.start(bootstrap, topic)

        async def wait_settled(live: list[Agent], what: str) -> None:
            await async_wait_until(lambda: settled(broker, group, live), 30, what=what)

        live = [await spawn("aiokafka", bootstrap, group, topic, f"aiokafka-{i}") for i in range(MEMBERS)]
        own.agents += live
        await wait_settled(live, "a classic group of aiokafka consumers")
        assert kind_of(broker, group) == "classic"

        kinds = []
        for step, (old, new) in enumerate([("aiokafka", "confluent"), ("confluent", "aiokafka")]):
            for i in range(MEMBERS):
                joining = await spawn(new, bootstrap, group, topic, f"{new}{step}-{i}")
                own.agents.append(joining)
                live.append(joining)
                await wait_settled(live, f"{joining.name} joined")
                kinds.append(kind_of(broker, group))
                if step == 0 and i == 0:  # the upgraded group: ConsumerGroupDescribe v1's MemberType
                    types = await member_types(broker_port, group)
                    assert sorted(types.values()) == [0] * MEMBERS + [1], types
                leaving = next(a for a in live if a.name.startswith(old))
                await leaving.close()
                live.remove(leaving)
                await wait_settled(live, f"{leaving.name} left")
                kinds.append(kind_of(broker, group))
        # Upgraded by the first confluent member, downgraded as the last one left.
        assert kinds[:6] == ["consumer"] * 6
        assert kinds[6:11] == ["consumer"] * 5 and kinds[11] == "classic"

        await work.finish()
        assert own.check_never_two_owners() > 4 * MEMBERS
        assert replay_never_two_holders(list(proxy.events)) > 50
        assert {e["dir"] for e in proxy.events} >= {"request", "response", "join", "sync", "leave"}
    finally:
        await work.close()
        await proxy.stop()
        await broker.stop()

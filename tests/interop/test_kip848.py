"""KIP-848 consumer groups with real clients: confluent-kafka (librdkafka, `group.protocol=consumer`),
our AsyncConsumer (`group_protocol="consumer"`) and a mixed group of both, each member a process
of its own, against an in-process broker.

Three members form a group, a fourth joins, one leaves, one is killed: after each step every
partition is assigned exactly once (the broker's view and the members' own), and over the whole
run no partition is ever owned by two members at once (every member's owned set is recorded at
each change, incremental callbacks included). All messages are consumed; commits read back.
"""

from __future__ import annotations

import asyncio
import sys
import time
import uuid
from typing import Any

import pytest

from broker.group.consumer.group import ConsumerGroupState
from tests.helpers import ROOT, async_wait_until, start_broker
from tests.interop.agents import Agent
from tests.interop.test_groups import make_topic

pytestmark = pytest.mark.interop

PARTITIONS = 6
PER_PARTITION = 10
KIP848_PROPERTIES = {
    "group.consumer.min.session.timeout.ms": "1000",
    "group.consumer.session.timeout.ms": "3000",
    "group.consumer.min.heartbeat.interval.ms": "100",
    "group.consumer.heartbeat.interval.ms": "250",
}


def kip848_config() -> dict[str, str]:
    """KIP848_PROPERTIES as broker_config's keyword arguments (a fresh dict each call)."""
    return {k.replace(".", "_"): v for k, v in KIP848_PROPERTIES.items()}


@pytest.fixture
async def kbroker(tmp_path):
    b = await start_broker(tmp_path / "data", **kip848_config())
    try:
        yield b
    finally:
        await b.stop()


async def spawn_agent(module: str, name: str, *args: str) -> Agent:
    """`python -m module *args` from the checkout, driven over its stdin and stdout."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        module,
        *args,
        cwd=ROOT,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
    )
    return Agent(name, proc)


async def spawn(client: str, bootstrap: str, group: str, topic: str, name: str, **kw: str) -> Agent:
    args = [client, bootstrap, group, topic, "--client-id", name]
    for k, v in kw.items():
        args += [f"--{k}", v]
    return await spawn_agent("tests.interop.kip848_agent", name, *args)


class Ownership:
    """Every member's owned partitions over time, from their events; killed members own nothing
    from the moment they die."""

    def __init__(self) -> None:
        self.agents: list[Agent] = []
        self.killed: dict[Agent, float] = {}

    def kill(self, agent: Agent) -> None:
        self.killed[agent] = time.monotonic()
        agent.kill()

    def check_never_two_owners(self) -> int:
        timeline: list[tuple[float, Agent, set[int]]] = []
        for a in self.agents:
            timeline += [(e["t"], a, set(e["partitions"])) for e in a.events if e["event"] == "assigned"]
            if a in self.killed:
                timeline.append((self.killed[a], a, set()))
        timeline.sort(key=lambda x: x[0])
        owned: dict[Agent, set[int]] = {}
        for t, agent, partitions in timeline:
            owned[agent] = partitions
            counts: dict[int, list[str]] = {}
            for a, ps in owned.items():
                for p in ps:
                    counts.setdefault(p, []).append(a.name)
            doubles = {p: names for p, names in counts.items() if len(names) > 1}
            assert not doubles, f"at {t}: partitions owned twice {doubles}\n" + self._around(t, 2.0)
        return len(timeline)

    def _around(self, t: float, window: float) -> str:
        """Every agent's events within `window` seconds of `t`, in time order: what a failure
        needs to tell a late callback of a client from an early assignment by the broker."""
        rows = [
            (e["t"], a.name, e["event"], e.get("partitions", e.get("items", "")))
            for a in self.agents
            for e in a.events
            if abs(e["t"] - t) <= window and e["event"] != "consumed"
        ]
        rows += [(k, a.name, "killed", "") for a, k in self.killed.items() if abs(k - t) <= window]
        return "\n".join(
            f"  {at - t:+.3f}s {name} {event} {detail}" for at, name, event, detail in sorted(rows)
        )


def broker_group(broker: Any, group: str) -> Any:
    return broker.groups.runtime_for(group).shard.consumer_groups.groups.get(group)


async def wait_stable(broker: Any, group: str, agents: list[Agent], timeout: float = 30.0) -> int:
    """Until the group is Stable, every member at the group epoch, and the members (as they say
    and as the broker has it) own every partition exactly once. Returns the group epoch."""

    def done() -> bool:
        g = broker_group(broker, group)
        if g is None or g.state is not ConsumerGroupState.STABLE or len(g.members) != len(agents):
            return False
        held = [p for m in g.members.values() for ps in m.assigned.values() for p in ps]
        if sorted(held) != list(range(PARTITIONS)):
            return False
        mine = [p for a in agents for p in (a.assignment or [])]
        return sorted(mine) == list(range(PARTITIONS)) and all(a.assignment for a in agents)

    await async_wait_until(done, timeout, what=f"stable group of {agents}")
    g = broker_group(broker, group)
    assert all(m.member_epoch == g.group_epoch for m in g.members.values())
    return int(g.group_epoch)


def consumed(agents: list[Agent]) -> set[tuple[int, int]]:
    return {(p, o) for a in agents for e in a.events if e["event"] == "consumed" for p, o in e["items"]}


@pytest.mark.parametrize(
    "clients",
    [["confluent"] * 4, ["kbroker"] * 4, ["confluent", "kbroker", "confluent", "kbroker"]],
    ids=["confluent", "kbroker", "mixed"],
)
async def test_consumer_protocol_group_lifecycle(kbroker, clients: list[str]) -> None:
    bootstrap = f"127.0.0.1:{kbroker.bound_port}"
    topic, group = f"orders-{uuid.uuid4().hex[:6]}", f"g-{uuid.uuid4().hex[:6]}"
    await make_topic(bootstrap, topic, PARTITIONS, PER_PARTITION)
    own = Ownership()
    try:
        for i in range(3):
            own.agents.append(await spawn(clients[i], bootstrap, group, topic, f"m{i}"))
        epochs = [await wait_stable(kbroker, group, own.agents)]
        await async_wait_until(
            lambda: len(consumed(own.agents)) == PARTITIONS * PER_PARTITION, 30, what="all messages consumed"
        )

        # A fourth member joins: only what moves to it is revoked from the others.
        before = {a: set(a.assignment or []) for a in own.agents}
        own.agents.append(await spawn(clients[3], bootstrap, group, topic, "m3"))
        epochs.append(await wait_stable(kbroker, group, own.agents))
        newcomer = set(own.agents[3].assignment or [])
        for a in own.agents[:3]:
            assert set(a.assignment or []) <= before[a], "a member gained partitions when one joined"
        assert set().union(*(before[a] - set(a.assignment or []) for a in own.agents[:3])) == newcomer

        # Commits are read back, by another member.
        await own.agents[0].send(cmd="commit")
        committed = (await own.agents[0].expect("committed"))["offsets"]
        assert committed, "member 0 had nothing to commit"
        await own.agents[1].send(cmd="fetch", partitions=[int(p) for p in committed])
        fetched = (await own.agents[1].expect("offsets"))["offsets"]
        assert {int(p): o for p, o in fetched.items()} == {int(p): o for p, o in committed.items()}

        # One leaves cleanly, one is killed (its partitions move after its session timeout).
        leaving = own.agents[1]
        await leaving.close()
        live = [a for a in own.agents if a is not leaving]
        epochs.append(await wait_stable(kbroker, group, live))
        victim = live[0]
        own.kill(victim)
        live = live[1:]
        epochs.append(await wait_stable(kbroker, group, live))
        assert epochs == sorted(epochs) and len(set(epochs)) == len(epochs)
        assert own.check_never_two_owners() > 8
        assert consumed(own.agents) == {(p, o) for p in range(PARTITIONS) for o in range(PER_PARTITION)}
    finally:
        for a in own.agents:
            await a.reap()


async def test_confluent_regex_subscription_picks_up_a_topic_created_later(kbroker) -> None:
    """librdkafka sends its `^orders-.*` subscription as a server-side regex (ConsumerGroupHeartbeat
    v1); a matching topic created afterwards is assigned without the client asking."""
    from confluent_kafka import Consumer

    from tests.helpers import create_topic

    prefix = f"orders{uuid.uuid4().hex[:4]}"
    await create_topic(kbroker.bound_port, f"{prefix}-1", 2)
    await create_topic(kbroker.bound_port, f"other{prefix}", 2)
    consumer = Consumer(
        {
            "bootstrap.servers": f"127.0.0.1:{kbroker.bound_port}",
            "group.id": f"rx-{prefix}",
            "group.protocol": "consumer",
        }
    )
    owned: set[tuple[str, int]] = set()
    consumer.subscribe(
        [f"^{prefix}-.*"],
        on_assign=lambda _c, ps: owned.update((p.topic, p.partition) for p in ps),
        on_revoke=lambda _c, ps: owned.difference_update((p.topic, p.partition) for p in ps),
    )
    loop = asyncio.get_running_loop()

    async def polled_until(want: set[tuple[str, int]]) -> bool:
        await loop.run_in_executor(None, consumer.poll, 0.1)
        return owned == want

    try:
        await async_wait_until(lambda: polled_until({(f"{prefix}-1", 0), (f"{prefix}-1", 1)}), 20)
        g = broker_group(kbroker, f"rx-{prefix}")
        (member,) = g.members.values()
        assert member.subscribed_topic_regex is not None and prefix in member.subscribed_topic_regex
        await create_topic(kbroker.bound_port, f"{prefix}-2", 1)
        await async_wait_until(
            lambda: polled_until({(f"{prefix}-1", 0), (f"{prefix}-1", 1), (f"{prefix}-2", 0)}), 20
        )
    finally:
        await loop.run_in_executor(None, consumer.close)


async def test_our_consumer_leaves_after_max_poll_interval_and_rejoins_at_its_next_poll(kbroker) -> None:
    from client.consumer import AsyncConsumer
    from tests.helpers import create_topic

    topic, group = f"t-{uuid.uuid4().hex[:6]}", f"g-{uuid.uuid4().hex[:6]}"
    await create_topic(kbroker.bound_port, topic, 2)
    lost: list[set[Any]] = []

    class Listener:
        def on_partitions_lost(self, partitions: set[Any]) -> None:
            lost.append(partitions)

    consumer = AsyncConsumer(
        bootstrap_servers=f"127.0.0.1:{kbroker.bound_port}",
        group_id=group,
        group_protocol="consumer",
        max_poll_interval_ms=1500,
        enable_auto_commit=False,
    )
    await consumer.start()
    try:
        consumer.subscribe([topic], listener=Listener())

        async def assigned() -> bool:
            await consumer.getmany(timeout_ms=50)
            return len(consumer.assignment()) == 2

        await async_wait_until(assigned, 20, what="the assignment")
        member_id = consumer.coordinator.member_id  # type: ignore[union-attr]
        # The application stops polling: the member leaves the group by itself.
        await async_wait_until(
            lambda: not broker_group(kbroker, group).members, 10, what="the member to leave"
        )
        # The client calls the listener once its leave is answered: the broker may be seen
        # without the member a moment before that.
        await async_wait_until(
            lambda: bool(lost) and consumer.assignment() == set(), 10, what="the partitions lost"
        )
        await async_wait_until(assigned, 20, what="the rejoin at the next poll")
        assert member_id in broker_group(kbroker, group).members
    finally:
        await consumer.close()


async def test_our_consumer_pattern_subscription_under_the_consumer_protocol(kbroker) -> None:
    from client.consumer import AsyncConsumer
    from tests.helpers import create_topic

    prefix = f"pay{uuid.uuid4().hex[:4]}"
    await create_topic(kbroker.bound_port, f"{prefix}-1", 2)
    consumer = AsyncConsumer(
        bootstrap_servers=f"127.0.0.1:{kbroker.bound_port}",
        group_id=f"g-{prefix}",
        group_protocol="consumer",
        metadata_max_age_ms=500,
        enable_auto_commit=False,
    )
    await consumer.start()
    try:
        consumer.subscribe(pattern=f"{prefix}-.*")

        async def owns(n: int) -> bool:
            await consumer.getmany(timeout_ms=50)
            return len(consumer.assignment()) == n

        await async_wait_until(lambda: owns(2), 20, what="the first topic")
        await create_topic(kbroker.bound_port, f"{prefix}-2", 1)
        await async_wait_until(lambda: owns(3), 20, what="the topic created later")
    finally:
        await consumer.close()

"""Network faults between real brokers: ZooKeeper and three brokers each in a network namespace,
idempotent and plain acks=all producers (aiokafka, confluent-kafka), 30 groups committing and
transactional producers writing while a fault is put in, held and healed, round after round; then
the history checker (tests/netfaults/checker.py) reads what every client was told.

NETFAULT_ROUNDS (default 20) and NETFAULT_HOLD ("5-8": seconds each fault is held) make a longer
run: `NETFAULT_ROUNDS=60 NETFAULT_HOLD=5-20 pytest tests/netfaults/test_partitions.py`."""

from __future__ import annotations

import asyncio
import os
import random
import threading
from dataclasses import dataclass, field

import pytest

from tests.netfaults import harness as h
from tests.netfaults.checker import Report, check
from tests.netfaults.harness import DATA, DATA_PARTITIONS, TXN, TXN_PARTITIONS, NetCluster, Recorder, now

pytestmark = [pytest.mark.cluster, pytest.mark.interop, pytest.mark.slow, pytest.mark.timeout(900)]

FAULTS = (
    "isolate",
    "brokers",
    "zookeeper",
    "one-way",
    "lossy",
    "latency",
    "leader",
    "controller",
    "coordinator",
)
LATENCIES_MS = (50, 100, 200)


def _hold() -> tuple[float, float]:
    low, _, high = os.environ.get("NETFAULT_HOLD", "5-8").partition("-")
    return float(low), float(high or low)


@dataclass
class Rounds:
    faults: list[str] = field(default_factory=list)
    leader_hit_in_flight: int = 0
    rejoin_s: list[float] = field(default_factory=list)


async def put_fault(c: NetCluster, kind: str, rng: random.Random) -> tuple[str, int | None]:
    """Put one fault of `kind` in; what it was, and the broker it struck (None: ZooKeeper)."""
    brokers = sorted(c.brokers)
    b = rng.choice(brokers)
    others = [c.node(o) for o in brokers if o != b]
    net = c.net
    if kind == "isolate":
        if rng.random() < 0.2:
            net.isolate("zk", from_=[c.node(o) for o in brokers])  # the test keeps its view of ZooKeeper
            return "ZooKeeper cut from every broker", None
        net.isolate(c.node(b))
        return f"broker {b} cut from everyone", b
    if kind == "brokers":
        net.isolate(c.node(b), from_=others)
        return f"broker {b} cut from the other brokers", b
    if kind == "zookeeper":
        net.isolate(c.node(b), from_=["zk"])
        return f"broker {b} cut from ZooKeeper", b
    if kind == "one-way":
        for o in [*others, "zk"]:
            net.drop_from(c.node(b), o)
        return f"nothing broker {b} sends reaches ZooKeeper or the brokers", b
    if kind == "lossy":
        net.slow(c.node(b), "2mbit")
        net.lossy(c.node(b), rng.choice([10, 20, 30]))
        return f"broker {b} on a slow link losing packets", b
    if kind == "latency":
        ms = rng.choice(LATENCIES_MS)
        if rng.random() < 0.5:
            net.latency(c.node(b), ms)
            return f"broker {b}'s link {ms} ms slower (all it sends)", b
        other = rng.choice([*others, "zk"])
        net.latency(c.node(b), ms, to=[other])
        net.latency(other, ms, to=[c.node(b)])
        return f"{ms} ms each way between {c.node(b)} and {other}", b
    if kind == "leader":
        leaders = await asyncio.to_thread(c.leaders, DATA, DATA_PARTITIONS)
        b = leaders[rng.randrange(DATA_PARTITIONS)]
        if b < 0:
            return await put_fault(c, "isolate", rng)
        net.isolate(c.node(b), from_=["zk", *(c.node(o) for o in brokers if o != b)])
        return f"leader {b} cut from ZooKeeper and its followers, not from the clients", b
    if kind == "controller":
        b = await asyncio.to_thread(c.controller)
        if b < 0:
            return await put_fault(c, "isolate", rng)
        net.isolate(c.node(b))
        return f"controller {b} cut from everyone", b
    # a coordinator: the leader of an offsets partition, cut from its followers
    states = await asyncio.to_thread(c.states, "__consumer_offsets", h.OFFSETS_PARTITIONS)
    led = [s.leader for s in states.values() if s is not None and s.leader >= 0]
    if not led:
        return await put_fault(c, "isolate", rng)
    b = rng.choice(led)
    net.isolate(c.node(b), from_=[c.node(o) for o in brokers if o != b])
    return f"coordinator {b} cut from its followers", b


async def run_rounds(
    c: NetCluster, rec: Recorder, rounds: int, seed: int, faults: tuple[str, ...] = FAULTS
) -> Rounds:
    rng = random.Random(seed)
    low, high = _hold()
    out = Rounds()
    kinds = list(faults)
    for i in range(rounds):
        if not kinds:
            kinds = list(faults)
        kind = kinds.pop(rng.randrange(len(kinds)))  # every kind before any twice
        leaders = await asyncio.to_thread(c.leaders, DATA, DATA_PARTITIONS)
        in_flight = rec.in_flight
        what, struck = await put_fault(c, kind, rng)
        if struck is not None and struck in leaders.values() and in_flight > 0:
            out.leader_hit_in_flight += 1
        rec.fault(what)
        out.faults.append(what)
        await asyncio.sleep(rng.uniform(low, high))  # the fault's length, not a wait for a state
        c.net.heal()
        rec.fault("heal")
        healed = now()
        deadline = healed + 90
        while not await asyncio.to_thread(c.full_isr):
            assert now() < deadline, f"round {i} ({what}): ISR not full 90 s after the heal\n{c.logs()}"
            await asyncio.sleep(0.2)
        out.rejoin_s.append(now() - healed)
    return out


async def settle(c: NetCluster) -> None:
    deadline = now() + 60
    while await asyncio.to_thread(c.registered) < len(c.brokers) or await asyncio.to_thread(c.controller) < 0:
        assert now() < deadline, f"brokers never all registered\n{c.logs()}"
        await asyncio.sleep(0.2)


async def test_rounds_of_network_faults_lose_nothing(make_netcluster):
    rounds = int(os.environ.get("NETFAULT_ROUNDS", "20"))
    seed = int(os.environ.get("NETFAULT_SEED", str(random.randrange(1 << 30))))
    report = await run_workload(make_netcluster(), rounds, seed)
    assert report.acknowledged > 1000 and report.commits_acknowledged > 100, report.summary()
    assert report.txns["committed"] > 0 and report.txns["aborted"] > 0, report.summary()


async def run_workload(c: NetCluster, rounds: int, seed: int, faults: tuple[str, ...] = FAULTS) -> Report:
    """The writers, committers and readers against the cluster while `rounds` faults come and go;
    the checker's report of their history, which must hold no anomaly."""
    await settle(c)
    await asyncio.to_thread(h.create_topics, c.bootstrap)
    deadline = now() + 60
    while not await asyncio.to_thread(c.full_isr):
        assert now() < deadline, f"cluster never settled\n{c.logs()}"
        await asyncio.sleep(0.2)

    rec = Recorder()
    stop, stop_threads = asyncio.Event(), threading.Event()
    tasks = [
        asyncio.create_task(h.aiokafka_writer(c.bootstrap, rec, stop, "aio-idem", idempotent=True)),
        asyncio.create_task(h.aiokafka_writer(c.bootstrap, rec, stop, "aio-plain", idempotent=False)),
        asyncio.create_task(h.committer(c.bootstrap, rec, stop)),
        asyncio.create_task(h.reader(c.bootstrap, rec, stop)),
    ]
    threads = [
        threading.Thread(target=h.confluent_writer, args=(c.bootstrap, rec, stop_threads, "rd-idem")),
        *(
            threading.Thread(
                target=h.transactional_writer, args=(c.bootstrap, rec, stop_threads, f"nf-txn-{i}", seed + i)
            )
            for i in range(2)
        ),
    ]
    for t in threads:
        t.start()
    try:
        while sum(1 for op in rec.history.ops if getattr(op, "offset", None) is not None) < 200:
            assert now() < deadline + 60, "no writes acknowledged before the faults"
            await asyncio.sleep(0.1)
        result = await run_rounds(c, rec, rounds, seed, faults)
    finally:
        stop.set()
        stop_threads.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        for t in threads:
            await asyncio.to_thread(t.join, 120)
    for t in tasks:
        if t.exception() is not None:
            raise t.exception()  # type: ignore[misc]

    history = rec.history
    history.final_log = await h.read_all(c.bootstrap, DATA, DATA_PARTITIONS, committed=False)
    history.final_committed = await h.read_all(c.bootstrap, TXN, TXN_PARTITIONS, committed=True)
    history.final_offsets = await h.final_offsets(c.bootstrap)
    history.end = now()
    report = check(history)
    rejoin = sorted(result.rejoin_s)
    print(
        f"\nnetfaults seed {seed}: {rounds} rounds, {result.leader_hit_in_flight} struck a leader with "
        f"writes in flight; ISR full again after a heal in {rejoin[len(rejoin) // 2]:.1f} s (median), "
        f"{rejoin[-1]:.1f} s (max)\n{report.summary()}\nrounds: "
        + "; ".join(f"{f} ({r:.1f} s)" for f, r in zip(result.faults, result.rejoin_s, strict=True))
    )
    assert report.ok, report.explain()
    return report

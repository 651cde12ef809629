"""A leader cut from ZooKeeper and from its followers, but not from the clients: the clients go on
writing to it with acks=all, and nothing it acknowledges is lost once the cut heals and a new
leader (elected by the controller meanwhile) has taken over.

Why it holds: its followers fetch nothing, so its high watermark stands still and no acks=all
write completes; to drop them from the ISR it must write the partition state to ZooKeeper, which
it cannot reach. Its ZooKeeper session expires, the controller elects a follower of the ISR, and
the old leader, back, truncates to the new leader's log before following it."""

from __future__ import annotations

import asyncio
import threading
from collections import Counter

import pytest

from client.cluster import KafkaClient
from client.errors import KafkaError
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.records import Record, build_batch
from tests.netfaults import harness as h
from tests.netfaults.checker import Produce, check
from tests.netfaults.harness import DATA, DATA_PARTITIONS, Recorder, now
from tests.netfaults.test_partitions import settle

pytestmark = [pytest.mark.cluster, pytest.mark.interop, pytest.mark.slow, pytest.mark.timeout(300)]


async def probe_leader(address: str, rec: Recorder, stop: asyncio.Event, answers: Counter[str]) -> None:
    """Produce (acks=all) straight to the cut-off leader, as a client that still reaches it and
    has not learnt of the new one: every answer counted, every success recorded for the checker."""
    client = KafkaClient(bootstrap_servers=address, request_timeout_ms=5000, client_id="nf-probe")
    await client.start()
    node = -1  # the bootstrap entry: the leader itself, whatever the metadata says meanwhile
    n = 0
    try:
        while not stop.is_set():
            value = f"probe-{n}".encode()
            n += 1
            records = build_batch([Record(offset_delta=0, timestamp_delta=0, key=value, value=value)])
            body = {
                "transactional_id": None,
                "acks": -1,
                "timeout_ms": 3000,
                "topic_data": [{"name": DATA, "partition_data": [{"index": 0, "records": records}]}],
            }
            sent = now()
            try:
                r = await client.send(node, ApiKey.PRODUCE, body, max_version=9, timeout=5)
            except (KafkaError, OSError, TimeoutError) as e:
                answers[type(e).__name__] += 1
                rec.add(Produce("probe", False, DATA, value, n, sent, now()))
                await asyncio.sleep(0.2)
                continue
            p = r.responses[0].partition_responses[0]
            answers[ErrorCode(p.error_code).name] += 1
            ok = p.error_code == ErrorCode.NONE
            rec.add(
                Produce(
                    "probe",
                    False,
                    DATA,
                    value,
                    n,
                    sent,
                    now(),
                    0 if ok else None,
                    p.base_offset if ok else None,
                )
            )
    finally:
        await client.close()


HOLD_S = 8.0  # twice the ZooKeeper session (4 s): the controller elects another leader meanwhile


async def test_an_isolated_leader_acknowledges_nothing_that_is_lost(make_netcluster):
    c = make_netcluster()
    await settle(c)
    await asyncio.to_thread(h.create_topics, c.bootstrap)
    deadline = now() + 60
    while not await asyncio.to_thread(c.full_isr):
        assert now() < deadline, f"cluster never settled\n{c.logs()}"
        await asyncio.sleep(0.2)
    leader = (await asyncio.to_thread(c.leaders, DATA, DATA_PARTITIONS))[0]
    others = [c.node(b) for b in c.brokers if b != leader]

    rec = Recorder()
    stop, stop_thread = asyncio.Event(), threading.Event()
    writer = asyncio.create_task(h.aiokafka_writer(c.bootstrap, rec, stop, "aio-idem", idempotent=True))
    plain = asyncio.create_task(h.aiokafka_writer(c.bootstrap, rec, stop, "aio-plain", idempotent=False))
    thread = threading.Thread(target=h.confluent_writer, args=(c.bootstrap, rec, stop_thread, "rd-idem"))
    thread.start()
    try:
        while sum(1 for op in rec.history.ops if getattr(op, "offset", None) is not None) < 200:
            assert now() < deadline + 60, "no writes acknowledged before the cut"
            await asyncio.sleep(0.1)
        in_flight = rec.in_flight
        c.net.isolate(c.node(leader), from_=["zk", *others])
        cut = now()
        rec.fault(f"leader {leader} cut from ZooKeeper and its followers")
        stop_probe = asyncio.Event()
        answers: Counter[str] = Counter()
        probe = asyncio.create_task(probe_leader(c.brokers[leader].bootstrap, rec, stop_probe, answers))
        await asyncio.sleep(HOLD_S)  # the fault's length, not a wait for a state
        moved = (await asyncio.to_thread(c.leaders, DATA, DATA_PARTITIONS))[0]
        stop_probe.set()
        await probe
        c.net.heal()
        healed = now()
        rec.fault("heal")
        deadline = now() + 90
        while not await asyncio.to_thread(c.full_isr):
            assert now() < deadline, f"ISR not full after the heal\n{c.logs()}"
            await asyncio.sleep(0.2)
        rejoin = now() - healed
        await asyncio.sleep(1)  # writes go on through the new leader
    finally:
        stop.set()
        stop_thread.set()
        await asyncio.gather(writer, plain, return_exceptions=True)
        await asyncio.to_thread(thread.join, 120)
    for t in (writer, plain):
        if t.exception() is not None:
            raise t.exception()  # type: ignore[misc]

    history = rec.history
    history.final_log = await h.read_all(c.bootstrap, DATA, DATA_PARTITIONS, committed=False)
    history.end = now()
    report = check(history)
    # Acknowledged by the cut-off leader: partition 0, answered during the cut, at an offset
    # the new leader did not assign (its epoch starts after them).
    during = [
        op
        for op in history.ops
        if isinstance(op, Produce) and op.partition == 0 and op.offset is not None and cut < op.done < healed
    ]
    print(
        f"\nisolated leader {leader} ({in_flight} writes in flight at the cut; leader after {HOLD_S} s: "
        f"{moved}): Produce acks=all sent straight to it during the cut answered {dict(answers)}; "
        f"{len(during)} writes to partition 0 acknowledged during the cut (through the new leader), "
        f"ISR full {rejoin:.1f} s after the heal\n{report.summary()}"
    )
    assert moved != leader, "the controller never moved the leadership away"
    assert sum(answers.values()) > 0, "the probe sent nothing to the cut-off leader"
    assert report.ok, report.explain()
    assert report.acknowledged > 500

"""Our client's transactions, against kbroker and against the librdkafka mock cluster (a broker
nobody here wrote): commit and abort seen through a read_committed AsyncConsumer, offsets
committed in a transaction, fencing as ProducerFencedError; and the exactly-once chaos run
(kill -9 of the application and of the broker) with our client as the application."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from client import AsyncConsumer, AsyncProducer, ProducerFencedError, TopicPartition
from client.errors import IllegalStateError


async def read_committed(
    bootstrap: str, topic: str, isolation: str = "read_committed", check_crcs: bool = True
) -> list[bytes]:
    async with AsyncConsumer(
        bootstrap_servers=bootstrap, isolation_level=isolation, check_crcs=check_crcs
    ) as c:
        tp = TopicPartition(topic, 0)
        c.assign([tp])
        await c.seek_to_beginning(tp)
        out: list[bytes] = []
        deadline = time.monotonic() + 15
        quiet = 0
        while time.monotonic() < deadline and quiet < 3:
            got = await c.getmany(timeout_ms=300)
            values = [r.value for rs in got.values() for r in rs]
            out += values
            quiet = 0 if values else quiet + 1
        return out


async def test_commit_abort_and_offsets_in_a_transaction(target):
    await target.create_topic("tx-out", 1)
    await target.create_topic("tx-in", 1)
    async with AsyncProducer(bootstrap_servers=target.bootstrap) as plain:
        for i in range(5):
            await plain.send_and_wait("tx-in", b"in%d" % i, partition=0)
    async with AsyncProducer(bootstrap_servers=target.bootstrap, transactional_id="ours") as p:
        with pytest.raises(IllegalStateError):
            await p.send("tx-out", b"outside a transaction")  # init_transactions first
        await p.init_transactions()
        async with p.transaction():
            for i in range(3):
                await p.send("tx-out", b"c%d" % i, partition=0)
            await p.send_offsets_to_transaction({TopicPartition("tx-in", 0): 3}, "tx-group")
        with pytest.raises(RuntimeError):
            async with p.transaction():
                await p.send("tx-out", b"aborted", partition=0)
                await p.send_offsets_to_transaction({TopicPartition("tx-in", 0): 5}, "tx-group")
                raise RuntimeError("the application fails: the transaction is aborted")
        async with p.transaction():
            await p.send("tx-out", b"c3", partition=0)
    # The mock writes its markers with a CRC that does not check out (librdkafka's own consumer
    # does not check CRCs by default): against it, read without checking them.
    crcs = not target.is_mock
    got = await read_committed(target.bootstrap, "tx-out", check_crcs=crcs)
    if target.is_mock:  # the mock answers no aborted_transactions: it hides nothing from read_committed
        got = [v for v in got if v != b"aborted"]
    assert got == [b"c0", b"c1", b"c2", b"c3"]
    assert b"aborted" in await read_committed(target.bootstrap, "tx-out", "read_uncommitted", crcs)
    if target.is_mock:
        return  # the mock keeps no transactional offset commits (OffsetFetch answers none)
    async with AsyncConsumer(bootstrap_servers=target.bootstrap, group_id="tx-group") as c:
        assert await c.committed(TopicPartition("tx-in", 0)) == 3  # the aborted 5 never counts


async def test_a_second_producer_fences_the_first(target):
    target.skip_on_mock("producer fencing (it accepts the older epoch's writes and EndTxn)")
    await target.create_topic("fenced", 1)
    old = AsyncProducer(bootstrap_servers=target.bootstrap, transactional_id="same-id")
    new = AsyncProducer(bootstrap_servers=target.bootstrap, transactional_id="same-id")
    await old.start()
    await new.start()
    try:
        await old.init_transactions()
        await old.begin_transaction()
        await old.send_and_wait("fenced", b"zombie-1", partition=0)
        await new.init_transactions()
        async with new.transaction():
            await new.send("fenced", b"new", partition=0)
        with pytest.raises(ProducerFencedError):
            await old.send_and_wait("fenced", b"zombie-2", partition=0)
            await old.commit_transaction()
        with pytest.raises(ProducerFencedError):
            await old.begin_transaction()  # fenced for good
    finally:
        await old.close()
        await new.close()
    assert await read_committed(target.bootstrap, "fenced", check_crcs=not target.is_mock) == [b"new"]


@pytest.mark.slow
def test_our_client_exactly_once_through_kill_9_of_app_and_broker(tmp_path):
    from tests.interop.eos_harness import run_chaos

    n = 20000
    result = run_chaos(tmp_path, "kbroker", n=n)
    counts = Counter(result.committed)
    assert not [v for v, c in counts.items() if c > 1], "a record was written twice"
    assert set(counts) == {b"T:v%d" % i for i in range(n)}
    assert set(result.uncommitted) == set(counts)
    print(
        f"kills: {result.kills}; {result.mid_transaction} of {len(result.kills)} mid-transaction; "
        f"{result.app_starts} starts ({result.watchdog_kills} by the watchdog); "
        f"{len(result.uncommitted) - len(result.committed)} aborted records seen by read_uncommitted"
    )

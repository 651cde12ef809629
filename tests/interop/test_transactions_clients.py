"""Transactions with clients nobody here wrote: zombie fencing and a timed-out transaction with
confluent-kafka, aiokafka's transactional producer with send_offsets_to_transaction and its
read_committed consumer, kafka-python's transactional producer."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.helpers import BrokerProcess, create_topic


@pytest.fixture
def txn_broker(tmp_path):
    bp = BrokerProcess(
        tmp_path / "data", extra={"transaction.abort.timed.out.transaction.cleanup.interval.ms": "200"}
    ).start()
    try:
        yield bp
    finally:
        bp.stop()


def read_all(
    bootstrap: str, topic: str, isolation: str, partitions: int = 1, timeout: float = 20.0
) -> list[bytes]:
    """Every record a consumer of `isolation` reads, to the end of each partition it may read."""
    from confluent_kafka import Consumer, TopicPartition

    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": f"reader-{isolation}-{time.monotonic_ns()}",
            "isolation.level": isolation,
            "enable.auto.commit": False,
            "enable.partition.eof": True,
        }
    )
    c.assign([TopicPartition(topic, p, 0) for p in range(partitions)])
    values: list[bytes] = []
    eof: set[int] = set()
    deadline = time.monotonic() + timeout
    while len(eof) < partitions and time.monotonic() < deadline:
        m = c.poll(0.2)
        if m is None:
            continue
        if m.error():
            if m.error().code() == -191:
                eof.add(m.partition())
            continue
        values.append(m.value())
    c.close()
    return values


def test_confluent_zombie_is_fenced_and_its_writes_never_visible(txn_broker):
    from confluent_kafka import KafkaError, KafkaException, Producer

    asyncio.run(create_topic(txn_broker.port, "fence", 1))
    conf = {"bootstrap.servers": txn_broker.bootstrap, "transactional.id": "zombie-id"}
    old = Producer(conf)
    old.init_transactions(20)
    old.begin_transaction()
    old.produce("fence", value=b"old-before-fence")
    assert old.flush(10) == 0
    new = Producer(conf)
    new.init_transactions(20)  # fences `old`: its open transaction is aborted
    new.begin_transaction()
    new.produce("fence", value=b"new")
    new.commit_transaction(20)
    with pytest.raises(KafkaException) as raised:
        old.produce("fence", value=b"old-after-fence")
        old.flush(10)
        old.commit_transaction(20)
    err = raised.value.args[0]
    assert err.fatal() or err.code() in (
        KafkaError._FENCED,
        KafkaError.PRODUCER_FENCED,
        KafkaError.INVALID_PRODUCER_EPOCH,
    )
    assert read_all(txn_broker.bootstrap, "fence", "read_committed") == [b"new"]
    everything = read_all(txn_broker.bootstrap, "fence", "read_uncommitted")
    assert b"old-after-fence" not in everything  # refused by the partition: an older epoch
    assert b"old-before-fence" in everything  # written, then aborted by the fence


def test_confluent_timed_out_transaction_is_aborted_and_unblocks_read_committed(txn_broker):
    from confluent_kafka import Consumer, Producer, TopicPartition

    asyncio.run(create_topic(txn_broker.port, "slow", 1))
    stuck = Producer(
        {
            "bootstrap.servers": txn_broker.bootstrap,
            "transactional.id": "stuck",
            "transaction.timeout.ms": 2000,
        }
    )
    stuck.init_transactions(20)
    stuck.begin_transaction()
    stuck.produce("slow", value=b"never-committed")
    assert stuck.flush(10) == 0  # written, and then the producer goes quiet
    plain = Producer({"bootstrap.servers": txn_broker.bootstrap})
    plain.produce("slow", value=b"after")
    assert plain.flush(10) == 0
    c = Consumer(
        {
            "bootstrap.servers": txn_broker.bootstrap,
            "group.id": "lso-reader",
            "isolation.level": "read_committed",
            "enable.auto.commit": False,
        }
    )
    c.assign([TopicPartition("slow", 0, 0)])
    # ListOffsets of a read_committed consumer answers the last stable offset: the open transaction's start.
    _, high = c.get_watermark_offsets(TopicPartition("slow", 0), timeout=5)
    assert high == 0
    # Blocked at the last stable offset (0): nothing until the coordinator aborts the transaction.
    m = c.poll(0.5)
    assert m is None or m.error()
    got: list[bytes] = []
    deadline = time.monotonic() + 20
    while not got and time.monotonic() < deadline:
        m = c.poll(0.2)
        if m is not None and not m.error():
            got.append(m.value())
    c.close()
    assert got == [b"after"]


async def test_aiokafka_transactional_producer_and_read_committed_consumer(txn_broker):
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

    await create_topic(txn_broker.port, "ai-in", 1)
    await create_topic(txn_broker.port, "ai-out", 1)
    plain = AIOKafkaProducer(bootstrap_servers=txn_broker.bootstrap)
    await plain.start()
    for i in range(10):
        await plain.send_and_wait("ai-in", b"in%d" % i)
    await plain.stop()

    producer = AIOKafkaProducer(bootstrap_servers=txn_broker.bootstrap, transactional_id="ai-txn")
    consumer = AIOKafkaConsumer(
        "ai-in",
        bootstrap_servers=txn_broker.bootstrap,
        group_id="ai-group",
        isolation_level="read_committed",
        enable_auto_commit=False,
        auto_offset_reset="earliest",
    )
    await producer.start()
    await consumer.start()
    try:
        records = []
        deadline = time.monotonic() + 30
        while len(records) < 10 and time.monotonic() < deadline:
            batch = await consumer.getmany(timeout_ms=500)
            records += [r for rs in batch.values() for r in rs]
        assert len(records) == 10
        async with producer.transaction():
            for r in records[:6]:
                await producer.send("ai-out", b"T:" + r.value)
            await producer.send_offsets_to_transaction(
                {TopicPartition("ai-in", 0): records[5].offset + 1}, "ai-group"
            )
        await producer.begin_transaction()
        for r in records[6:]:
            await producer.send("ai-out", b"T:" + r.value)
        await producer.send_offsets_to_transaction({TopicPartition("ai-in", 0): 10}, "ai-group")
        await producer.abort_transaction()
        assert await consumer.committed(TopicPartition("ai-in", 0)) == 6  # the aborted commit never shows
    finally:
        await producer.stop()
        await consumer.stop()

    reader = AIOKafkaConsumer(
        "ai-out",
        bootstrap_servers=txn_broker.bootstrap,
        isolation_level="read_committed",
        auto_offset_reset="earliest",
    )
    await reader.start()
    try:
        got: list[bytes] = []
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            batch = await reader.getmany(timeout_ms=300)
            got += [r.value for rs in batch.values() for r in rs]
            tp = TopicPartition("ai-out", 0)
            if len(got) >= 6 and await reader.position(tp) >= (reader.last_stable_offset(tp) or 0):
                break
        assert got == [b"T:in%d" % i for i in range(6)]
    finally:
        await reader.stop()
    uncommitted = read_all(txn_broker.bootstrap, "ai-out", "read_uncommitted")
    assert len(uncommitted) == 10  # the aborted four are in the log, hidden from read_committed


def test_kafka_python_transactional_producer(txn_broker):
    kafka = pytest.importorskip("kafka")
    from kafka import KafkaConsumer, KafkaProducer

    if not hasattr(KafkaProducer, "init_transactions"):
        pytest.skip(f"kafka-python {kafka.__version__} has no transactional producer")
    asyncio.run(create_topic(txn_broker.port, "kp", 1))
    p = KafkaProducer(bootstrap_servers=txn_broker.bootstrap, transactional_id="kp-txn")
    p.init_transactions()
    p.begin_transaction()
    p.send("kp", b"committed-1")
    p.send("kp", b"committed-2")
    p.commit_transaction()
    p.begin_transaction()
    p.send("kp", b"aborted")
    p.flush()
    p.abort_transaction()
    p.close()
    c = KafkaConsumer(
        "kp",
        bootstrap_servers=txn_broker.bootstrap,
        isolation_level="read_committed",
        auto_offset_reset="earliest",
        consumer_timeout_ms=3000,
    )
    got = [m.value for m in c]
    c.close()
    assert got == [b"committed-1", b"committed-2"]
    assert len(read_all(txn_broker.bootstrap, "kp", "read_uncommitted")) == 3

"""Real clients on the data path: aiokafka, kafka-python and confluent-kafka each create a topic,
produce 100,000 messages (keyed and unkeyed, with every codec the client supports) and consume
them all back (manual assignment, no group): every message once, in order per partition,
byte-identical. Also: a real consumer's long poll is woken by a produce."""

from __future__ import annotations

import asyncio
import random
import time
from collections import defaultdict

import pytest

pytestmark = pytest.mark.interop

TOTAL = 100_000
PARTITIONS = 4


def messages(seed: int, n: int) -> list[tuple[bytes | None, bytes]]:
    """Keyed and unkeyed (alternating), values of 0-300 random bytes with a unique prefix."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        key = f"key-{rng.randrange(50)}".encode() if i % 2 == 0 else None
        value = f"{seed}:{i}:".encode() + rng.randbytes(rng.randrange(300))
        out.append((key, value))
    return out


def plan(codecs: list[str | None]) -> list[tuple[str | None, list[tuple[bytes | None, bytes]]]]:
    per = TOTAL // len(codecs)
    return [
        (codec, messages(seed, per if seed < len(codecs) - 1 else TOTAL - per * (len(codecs) - 1)))
        for seed, codec in enumerate(codecs)
    ]


def check(
    sent: dict[tuple[int, int], tuple[bytes | None, bytes]],
    order: list[tuple[int, int]],
    consumed: dict[int, list[tuple[int, bytes | None, bytes]]],
) -> None:
    """`sent`: (partition, offset) -> message, from the delivery reports; `order`: the (partition,
    offset) of each message in the order it was sent; `consumed`: what came back per partition."""
    assert len(sent) == TOTAL, "every message acknowledged at its own offset"
    got = 0
    for partition, records in consumed.items():
        offsets = [o for o, _, _ in records]
        assert offsets == sorted(offsets) and len(set(offsets)) == len(offsets)
        for offset, key, value in records:
            assert sent[(partition, offset)] == (key, value)  # byte-identical
        got += len(records)
    assert got == TOTAL
    last: dict[int, int] = {}
    for partition, offset in order:  # within a partition, the order sent is the order stored
        assert offset > last.get(partition, -1)
        last[partition] = offset


async def test_aiokafka(broker_process):
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
    from aiokafka.admin import AIOKafkaAdminClient, NewTopic

    bootstrap = broker_process.bootstrap
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic("aio", PARTITIONS, 1)])
    finally:
        await admin.close()
    sent: dict[tuple[int, int], tuple[bytes | None, bytes]] = {}
    order: list[tuple[int, int]] = []
    for codec, batch in plan([None, "gzip", "snappy", "lz4", "zstd"]):
        producer = AIOKafkaProducer(
            bootstrap_servers=bootstrap,
            compression_type=codec,
            acks="all",
            linger_ms=5,
            max_batch_size=256 * 1024,
        )
        await producer.start()
        try:
            futures = [await producer.send("aio", value=v, key=k) for k, v in batch]
            results = await asyncio.gather(*futures)
        finally:
            await producer.stop()
        for (k, v), md in zip(batch, results, strict=True):
            sent[(md.partition, md.offset)] = (k, v)
            order.append((md.partition, md.offset))

    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        max_partition_fetch_bytes=1 << 20,
    )
    await consumer.start()
    consumed: dict[int, list] = defaultdict(list)
    try:
        tps = [TopicPartition("aio", p) for p in range(PARTITIONS)]
        consumer.assign(tps)
        await consumer.seek_to_beginning(*tps)
        deadline = time.monotonic() + 120
        while sum(map(len, consumed.values())) < TOTAL and time.monotonic() < deadline:
            for tp, msgs in (await consumer.getmany(timeout_ms=1000, max_records=10_000)).items():
                consumed[tp.partition].extend((m.offset, m.key, m.value) for m in msgs)
    finally:
        await consumer.stop()
    check(sent, order, consumed)


def test_kafka_python(broker_process):
    from kafka import KafkaAdminClient, KafkaConsumer, KafkaProducer, TopicPartition
    from kafka.admin import NewTopic

    bootstrap = broker_process.bootstrap
    admin = KafkaAdminClient(bootstrap_servers=bootstrap)
    try:
        admin.create_topics([NewTopic("kp", PARTITIONS, 1)])
    finally:
        admin.close()
    sent: dict[tuple[int, int], tuple[bytes | None, bytes]] = {}
    order: list[tuple[int, int]] = []
    for codec, batch in plan([None, "gzip", "snappy", "lz4", "zstd"]):
        # Idempotent (kafka-python's default): InitProducerId and sequence numbers on the way.
        producer = KafkaProducer(
            bootstrap_servers=bootstrap, compression_type=codec, linger_ms=5, batch_size=256 * 1024
        )
        try:
            futures = [producer.send("kp", value=v, key=k) for k, v in batch]
            producer.flush(120)
            results = [f.get(timeout=60) for f in futures]
        finally:
            producer.close()
        for (k, v), md in zip(batch, results, strict=True):
            sent[(md.partition, md.offset)] = (k, v)
            order.append((md.partition, md.offset))

    consumer = KafkaConsumer(
        bootstrap_servers=bootstrap,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        max_partition_fetch_bytes=1 << 20,
    )
    consumed: dict[int, list] = defaultdict(list)
    try:
        tps = [TopicPartition("kp", p) for p in range(PARTITIONS)]
        consumer.assign(tps)
        consumer.seek_to_beginning(*tps)
        deadline = time.monotonic() + 180
        while sum(map(len, consumed.values())) < TOTAL and time.monotonic() < deadline:
            for tp, msgs in consumer.poll(timeout_ms=1000, max_records=10_000).items():
                consumed[tp.partition].extend((m.offset, m.key, m.value) for m in msgs)
    finally:
        consumer.close()
    check(sent, order, consumed)


def test_confluent_kafka(broker_process):
    from confluent_kafka import Consumer, Producer, TopicPartition
    from confluent_kafka.admin import AdminClient, NewTopic

    bootstrap = broker_process.bootstrap
    admin = AdminClient({"bootstrap.servers": bootstrap})
    for future in admin.create_topics([NewTopic("ck", PARTITIONS, 1)]).values():
        future.result(30)
    sent: dict[tuple[int, int], tuple[bytes | None, bytes]] = {}
    order: list[tuple[int, int]] = []
    for codec, batch in plan(["none", "gzip", "snappy", "lz4", "zstd"]):
        reports: list = [None] * len(batch)
        errors: list = []

        def report(i: int, reports: list = reports, errors: list = errors):
            def on_delivery(err, msg):
                if err is not None:
                    errors.append(err)
                reports[i] = (msg.partition(), msg.offset())

            return on_delivery

        producer = Producer(
            {
                "bootstrap.servers": bootstrap,
                "compression.type": codec,
                "linger.ms": 5,
                "batch.size": 1 << 20,
                "acks": "all",
                "enable.idempotence": codec == "zstd",
            }
        )
        for i, (k, v) in enumerate(batch):
            while True:
                try:
                    producer.produce("ck", value=v, key=k, on_delivery=report(i))
                    break
                except BufferError:
                    producer.poll(0.05)
        assert producer.flush(120) == 0
        assert not errors
        for (k, v), where in zip(batch, reports, strict=True):
            sent[where] = (k, v)
            order.append(where)

    consumer = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": "not-used",
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
        }
    )
    consumed: dict[int, list] = defaultdict(list)
    try:
        consumer.assign([TopicPartition("ck", p, 0) for p in range(PARTITIONS)])
        deadline = time.monotonic() + 120
        while sum(map(len, consumed.values())) < TOTAL and time.monotonic() < deadline:
            for m in consumer.consume(10_000, 1.0):
                assert m.error() is None, m.error()
                consumed[m.partition()].append((m.offset(), m.key(), m.value() or b""))
    finally:
        consumer.close()
    # librdkafka hands an empty value back as None; the values here all have a prefix.
    check(sent, order, consumed)


async def test_aiokafka_consumer_long_poll_is_woken_by_a_produce(broker_process):
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

    bootstrap = broker_process.bootstrap
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks=1)
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap,
        enable_auto_commit=False,
        auto_offset_reset="latest",
        fetch_max_wait_ms=10_000,
    )
    await producer.start()
    await consumer.start()
    try:
        await producer.send_and_wait("wake", b"first")  # auto-creates the topic
        tp = TopicPartition("wake", 0)
        consumer.assign([tp])
        await consumer.seek_to_end(tp)
        latencies = []
        for i in range(10):
            getter = asyncio.create_task(consumer.getone())
            await asyncio.sleep(0.05)
            sent = time.monotonic()
            await producer.send_and_wait("wake", b"%d" % i)
            msg = await asyncio.wait_for(getter, 5)
            latencies.append((time.monotonic() - sent) * 1000)
            assert msg.value == b"%d" % i
        latencies.sort()
        print(f"aiokafka: message in hand {latencies[5]:.1f} ms (median) after send_and_wait started")
        assert latencies[5] < 2000  # far below fetch_max_wait_ms: woken by the append
    finally:
        await consumer.stop()
        await producer.stop()


def test_segment_files_read_with_kafka_pythons_record_reader(broker_process):
    """What kbroker writes to `<topic>-<partition>/*.log` is a plain stream of Kafka record batches:
    kafka-python's own reader (not ours) walks a segment file, checks every CRC and finds the
    offsets and values the producer was acknowledged."""
    from kafka import KafkaProducer
    from kafka.record import MemoryRecords

    producer = KafkaProducer(bootstrap_servers=broker_process.bootstrap, compression_type="gzip", linger_ms=5)
    futures = [producer.send("ondisk", value=b"value-%d" % i, key=b"k") for i in range(2000)]
    producer.flush(30)
    acked = {f.get(10).offset: b"value-%d" % i for i, f in enumerate(futures)}
    producer.close()
    segment = broker_process.data_dir / "ondisk-0" / "00000000000000000000.log"
    records = MemoryRecords(segment.read_bytes())
    found = {}
    batches = 0
    while records.has_next():
        batch = records.next_batch()
        assert batch.validate_crc() and batch.leader_epoch == 0
        for record in batch:
            found[record.offset] = record.value
        batches += 1
    assert found == acked and batches > 1
    index = (broker_process.data_dir / "ondisk-0" / "00000000000000000000.index").read_bytes()
    assert len(index) % 8 == 0

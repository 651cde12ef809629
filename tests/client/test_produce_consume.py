"""AsyncProducer and AsyncConsumer on the data path, against kbroker and the librdkafka mock:
delivery futures, the Java partitioner, compression, acks, batching; assign, seek, positions,
pause/resume, offsets lookups, `async for`."""

from __future__ import annotations

import asyncio

import pytest

from client import AsyncConsumer, AsyncProducer, TopicPartition
from client.partitioner import partition_for_key

PARTITIONS = 4


async def read_all(consumer: AsyncConsumer, count: int, timeout: float = 20.0) -> list:
    records: list = []
    deadline = asyncio.get_running_loop().time() + timeout
    while len(records) < count:
        assert asyncio.get_running_loop().time() < deadline, f"read {len(records)} of {count}"
        for batch in (await consumer.getmany(timeout_ms=200)).values():
            records.extend(batch)
    return records


async def test_keys_land_where_java_puts_them_and_come_back_in_order(target) -> None:
    topic = "keyed"
    await target.create_topic(topic, PARTITIONS)
    keys = [f"customer-{i}".encode() for i in range(40)]
    async with AsyncProducer(target.bootstrap, linger_ms=5) as producer:
        futures = [await producer.send(topic, b"%d" % i, key=keys[i % 40]) for i in range(400)]
        sent = await asyncio.gather(*futures)
    for i, md in enumerate(sent):
        assert md.topic == topic and md.partition == partition_for_key(keys[i % 40], PARTITIONS)
    # offsets are dense per partition, in send order
    for p in range(PARTITIONS):
        offsets = [md.offset for md in sent if md.partition == p]
        assert offsets == list(range(len(offsets)))
    async with AsyncConsumer(bootstrap_servers=target.bootstrap, auto_offset_reset="earliest") as consumer:
        consumer.assign([TopicPartition(topic, p) for p in range(PARTITIONS)])
        records = await read_all(consumer, 400)
    by_key: dict[bytes, list[int]] = {}
    for r in records:
        assert r.partition == partition_for_key(r.key, PARTITIONS)
        by_key.setdefault(r.key, []).append(int(r.value))
    for values in by_key.values():
        assert values == sorted(values)  # per key (so per partition) order is kept


@pytest.mark.parametrize("codec", ["gzip", "snappy", "lz4", "zstd"])
async def test_compressed_batches_round_trip(target, codec: str) -> None:
    topic = f"codec-{codec}"
    await target.create_topic(topic, 1)
    values = [(b"value-%d-" % i) * (i % 7 + 1) for i in range(200)]
    async with AsyncProducer(target.bootstrap, compression_type=codec, linger_ms=20) as producer:
        futures = [await producer.send(topic, v, headers=[("n", b"%d" % i)]) for i, v in enumerate(values)]
        await producer.flush()
        assert all(f.done() for f in futures)
    async with AsyncConsumer(bootstrap_servers=target.bootstrap, auto_offset_reset="earliest") as consumer:
        consumer.assign([TopicPartition(topic, 0)])
        records = await read_all(consumer, 200)
    assert [r.value for r in records] == values
    assert [r.headers for r in records] == [(("n", b"%d" % i),) for i in range(200)]


async def test_batching_and_null_keys_stick_to_a_partition(target) -> None:
    topic = "sticky"
    await target.create_topic(topic, PARTITIONS)
    async with AsyncProducer(target.bootstrap, linger_ms=50, batch_size=1_000_000) as producer:
        futures = [await producer.send(topic, b"x" * 10) for _ in range(300)]
        sent = await asyncio.gather(*futures)
        # one partition took them all (sticky), in few requests (linger), offsets dense
        assert len({md.partition for md in sent}) == 1
        assert [md.offset for md in sent] == list(range(300))
        assert producer.metrics["requests"] <= 3


async def test_acks_zero_and_acks_one(target) -> None:
    topic = "acks"
    await target.create_topic(topic, 1)
    async with AsyncProducer(target.bootstrap, acks=0) as producer:
        md = await producer.send_and_wait(topic, b"fire-and-forget")
        assert md.offset == -1
    async with AsyncProducer(target.bootstrap, acks=1) as producer:
        md = await producer.send_and_wait(topic, b"acknowledged")
        assert md.offset == 1
    async with AsyncConsumer(bootstrap_servers=target.bootstrap, auto_offset_reset="earliest") as consumer:
        consumer.assign([TopicPartition(topic, 0)])
        assert [r.value for r in await read_all(consumer, 2)] == [b"fire-and-forget", b"acknowledged"]


async def test_seek_position_pause_resume_and_offset_lookups(target) -> None:
    topic = "positions"
    await target.create_topic(topic, 2)
    t0, t1 = TopicPartition(topic, 0), TopicPartition(topic, 1)
    async with AsyncProducer(target.bootstrap) as producer:
        for i in range(10):
            await producer.send(topic, b"%d" % i, partition=0)
            await producer.send(topic, b"%d" % i, partition=1)
    async with AsyncConsumer(bootstrap_servers=target.bootstrap, auto_offset_reset="latest") as consumer:
        consumer.assign([t0, t1])
        assert await consumer.position(t0) == 10  # latest
        assert await consumer.beginning_offsets([t0, t1]) == {t0: 0, t1: 0}
        assert await consumer.end_offsets([t0, t1]) == {t0: 10, t1: 10}
        consumer.seek(t0, 7)
        consumer.seek(t1, 3)
        consumer.pause(t1)
        records = await read_all(consumer, 3)
        assert [(r.partition, r.offset) for r in records] == [(0, 7), (0, 8), (0, 9)]
        assert await consumer.getmany(timeout_ms=300) == {}  # t1 is paused
        consumer.resume(t1)
        records = await read_all(consumer, 7)
        assert [(r.partition, r.offset) for r in records] == [(1, o) for o in range(3, 10)]
        assert await consumer.position(t1) == 10
        await consumer.seek_to_beginning(t0)
        assert (await consumer.getone()).offset == 0
        assert consumer.highwater(t0) == 10


async def test_async_for_reads_what_is_produced_later(target) -> None:
    topic = "live"
    await target.create_topic(topic, 1)
    got: list[bytes] = []
    async with AsyncConsumer(bootstrap_servers=target.bootstrap, auto_offset_reset="earliest") as consumer:
        consumer.assign([TopicPartition(topic, 0)])

        async def read() -> None:
            async for record in consumer:
                got.append(record.value)
                if len(got) == 5:
                    return

        reader = asyncio.create_task(read())
        async with AsyncProducer(target.bootstrap) as producer:
            for i in range(5):
                await producer.send_and_wait(topic, b"live-%d" % i)
        await asyncio.wait_for(reader, 20)
    assert got == [b"live-%d" % i for i in range(5)]


async def test_offsets_for_times(target) -> None:
    target.skip_on_mock("ListOffsets by timestamp (it answers -1)")
    topic = "times"
    await target.create_topic(topic, 1)
    tp = TopicPartition(topic, 0)
    async with AsyncProducer(target.bootstrap) as producer:
        for i in range(5):
            await producer.send_and_wait(topic, b"t", timestamp_ms=1_000_000 + i * 1000)
    async with AsyncConsumer(bootstrap_servers=target.bootstrap) as consumer:
        assert await consumer.offsets_for_times({tp: 1_002_500}) == {tp: 3}
        found = await consumer.offsets_for_times({tp: 9_000_000})
        assert found == {tp: None}


async def test_commit_inside_async_for_covers_what_was_handled(group_target) -> None:
    topic, group = "handled", "g-handled"
    await group_target.create_topic(topic, 1)
    tp = TopicPartition(topic, 0)
    async with AsyncProducer(group_target.bootstrap) as producer:
        for i in range(20):
            await producer.send(topic, b"%d" % i)
    async with AsyncConsumer(
        topic,
        bootstrap_servers=group_target.bootstrap,
        group_id=group,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        session_timeout_ms=3000,
        heartbeat_interval_ms=300,
    ) as consumer:
        async for record in consumer:  # the iterator holds all 20 after its first fetch
            if record.offset == 4:
                await consumer.commit()
                break
        assert await consumer.committed(tp) == 5  # not 20: records 5-19 were not handled

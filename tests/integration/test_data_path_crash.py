"""Durability against a real broker process: kill -9 while clients produce with acks=all, then
restart; and torn or corrupt segment tails cut at random positions while it is down."""

from __future__ import annotations

import asyncio
import random
import shutil
import threading
import time
from collections import defaultdict
from pathlib import Path

import pytest

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.records import Record, build_batch, decode_batches, iter_batches
from tests.helpers import BrokerProcess, RawConnection, async_wait_until, create_topic

SEED = 4242


async def read_partition(port: int, topic: str, partition: int) -> list[tuple[int, bytes]]:
    """(offset, value) of every record of the partition."""
    c = await RawConnection.open(port)
    out: list[tuple[int, bytes]] = []
    try:
        offset = 0
        while True:
            r = await c.request(
                ApiKey.FETCH,
                12,
                {
                    "max_wait_ms": 0,
                    "min_bytes": 0,
                    "max_bytes": 1 << 22,
                    "session_epoch": -1,
                    "topics": [
                        {
                            "topic": topic,
                            "partitions": [
                                {
                                    "partition": partition,
                                    "fetch_offset": offset,
                                    "partition_max_bytes": 1 << 22,
                                }
                            ],
                        }
                    ],
                },
            )
            part = r.responses[0].partitions[0]
            assert part.error_code == ErrorCode.NONE
            if not part.records:
                return out
            for batch in decode_batches(part.records):
                out.extend((o, rec.value) for o, _, rec in batch)
                offset = batch.next_offset
    finally:
        await c.close()


def restart(bp: BrokerProcess) -> BrokerProcess:
    again = BrokerProcess(bp.data_dir, port=bp.port)
    return again.start()


async def test_kill_9_during_acks_all_produce_loses_nothing_acknowledged(tmp_path):
    """Raw producers (no retries, so any duplicate would be the broker's) pipeline acks=-1
    batches on 8 connections; the broker is killed mid-stream and restarted."""
    bp = BrokerProcess(tmp_path / "data").start()
    try:
        await create_topic(bp.port, "crash", 4)
        acked: dict[str, int] = {}  # id -> offset
        attempted: set[str] = set()
        stop = asyncio.Event()

        async def writer(w: int) -> None:
            conn = await RawConnection.open(bp.port)
            seq = 0
            try:
                while not stop.is_set():
                    ids = [f"w{w}-{seq + i}" for i in range(5)]
                    seq += 5
                    attempted.update(ids)
                    data = build_batch([Record(offset_delta=i, value=v.encode()) for i, v in enumerate(ids)])
                    r = await conn.request(
                        ApiKey.PRODUCE,
                        9,
                        {
                            "acks": -1,
                            "timeout_ms": 10_000,
                            "topic_data": [
                                {"name": "crash", "partition_data": [{"index": w % 4, "records": data}]}
                            ],
                        },
                    )
                    p = r.responses[0].partition_responses[0]
                    assert p.error_code == ErrorCode.NONE
                    for i, v in enumerate(ids):
                        acked[v] = p.base_offset + i
            except (ConnectionError, asyncio.IncompleteReadError, OSError, TimeoutError):
                pass  # the broker died under us
            finally:
                conn.writer.close()

        tasks = [asyncio.create_task(writer(w)) for w in range(8)]
        await async_wait_until(lambda: len(acked) >= 5000, timeout=60, what="5000 acknowledged records")
        bp.kill()  # SIGKILL: no flush, no checkpoint, no clean-shutdown marker
        stop.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 30)
        snapshot = dict(acked)

        bp = restart(bp)
        stored: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for partition in range(4):
            for offset, value in await read_partition(bp.port, "crash", partition):
                stored[value.decode()].append((partition, offset))
        duplicated = {k: v for k, v in stored.items() if len(v) > 1}
        assert not duplicated, f"duplicated by the broker: {list(duplicated.items())[:5]}"
        lost = [k for k in snapshot if k not in stored]
        assert not lost, f"acknowledged but lost: {lost[:10]}"
        for k, offset in snapshot.items():
            assert stored[k][0][1] == offset  # at the offset it was acknowledged at
        assert set(stored) <= attempted
        # In order: each writer's records sit in its partition in the order it sent them.
        for w in range(8):
            mine = sorted(
                (off, int(k.split("-")[1])) for k, [(p, off)] in stored.items() if k.startswith(f"w{w}-")
            )
            seqs = [s for _, s in mine]
            assert seqs == sorted(seqs) and seqs == list(range(len(seqs)))
        print(
            f"acknowledged {len(snapshot)}, stored {len(stored)} (in flight at the kill: "
            f"{len(stored) - len(snapshot)} of {len(attempted) - len(snapshot)})"
        )
    finally:
        bp.stop()


@pytest.mark.interop
def test_kill_9_with_an_idempotent_confluent_producer(tmp_path):
    """librdkafka keeps producing (idempotent, acks=all) through a kill -9 and restart: every
    acknowledged message is there once, in order; retries of batches that were already written
    are recognised after recovery, so nothing is duplicated."""
    from confluent_kafka import Consumer, Producer, TopicPartition

    bp = BrokerProcess(tmp_path / "data").start()
    try:
        asyncio.run(create_topic(bp.port, "idem", 2))
        acked: dict[bytes, tuple[int, int]] = {}
        failed: list = []

        def on_delivery(err, msg):
            if err is None:
                acked[msg.value()] = (msg.partition(), msg.offset())
            else:
                failed.append(err)

        producer = Producer(
            {
                "bootstrap.servers": bp.bootstrap,
                "enable.idempotence": True,
                "acks": "all",
                "linger.ms": 2,
                "message.timeout.ms": 60_000,
                "reconnect.backoff.max.ms": 200,
            }
        )
        n = 0
        restarted = threading.Event()
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                producer.produce(
                    "idem", key=str(n % 10).encode(), value=b"m%07d" % n, on_delivery=on_delivery
                )
            except BufferError:  # librdkafka's local queue is full: let deliveries drain
                producer.poll(0.05)
                continue
            n += 1
            producer.poll(0)
            if not restarted.is_set() and len(acked) >= 3000:
                bp.kill()
                bp = restart(bp)
                restarted.set()
            if restarted.is_set() and n >= 20_000:
                break
        assert restarted.is_set(), "the broker was never killed"
        assert producer.flush(60) == 0
        assert not failed, failed[:3]

        consumer = Consumer(
            {"bootstrap.servers": bp.bootstrap, "group.id": "unused", "enable.auto.commit": False}
        )
        consumer.assign([TopicPartition("idem", p, 0) for p in range(2)])
        seen: dict[bytes, list[tuple[int, int]]] = defaultdict(list)
        end = time.monotonic() + 60
        while sum(map(len, seen.values())) < len(acked) and time.monotonic() < end:
            for m in consumer.consume(10_000, 0.5):
                assert m.error() is None
                seen[m.value()].append((m.partition(), m.offset()))
        consumer.close()
        assert {k: v for k, v in seen.items() if len(v) > 1} == {}
        assert all(seen.get(k) == [where] for k, where in acked.items())
        per_partition: dict[int, list[tuple[int, bytes]]] = defaultdict(list)
        for k, [(p, off)] in seen.items():
            per_partition[p].append((off, k))
        for records in per_partition.values():
            values = [k for _, k in sorted(records)]
            assert values == sorted(values)  # the send order (values are zero-padded counters)
        print(f"produced {n}, acknowledged {len(acked)} through a kill -9 and restart")
    finally:
        bp.stop()


async def test_torn_and_corrupt_tails_at_random_positions(tmp_path):
    """The broker is stopped, the last segment is cut or a byte flipped at a random position, the
    broker starts: every complete batch before the damage is kept, the cut is logged."""
    pristine = tmp_path / "pristine"
    bp = BrokerProcess(pristine, extra={"offsets.topic.num.partitions": "1"}).start()
    try:
        await create_topic(bp.port, "torn", 1)
        c = await RawConnection.open(bp.port)
        for i in range(200):
            data = build_batch(
                [Record(offset_delta=j, value=b"%d-%d" % (i, j) * (1 + i % 7)) for j in range(1 + i % 3)],
                compression=i % 4,
            )
            r = await c.request(
                ApiKey.PRODUCE,
                9,
                {
                    "acks": -1,
                    "timeout_ms": 5000,
                    "topic_data": [{"name": "torn", "partition_data": [{"index": 0, "records": data}]}],
                },
            )
            assert r.responses[0].partition_responses[0].error_code == ErrorCode.NONE
        await c.close()
    finally:
        assert bp.stop() == 0
    segment = Path("torn-0") / "00000000000000000000.log"
    original = (pristine / segment).read_bytes()
    ends = [(pos + h.size, h.next_offset) for pos, h in iter_batches(original, check_crc=True)]
    starts = [pos for pos, _ in iter_batches(original)]
    rng = random.Random(SEED)
    for round_ in range(4):
        work = tmp_path / f"work{round_}"
        shutil.copytree(pristine, work)
        if round_ % 2 == 0:
            at = rng.randrange(1, len(original))
            (work / segment).write_bytes(original[:at])
            damaged_size = at
            keep = max([e for e in ends if e[0] <= at], default=(0, 0))
        else:
            while True:
                at = rng.randrange(len(original))
                start = max(s for s in starts if s <= at)
                if at - start >= 16 or 8 <= at - start < 12:  # inside what the CRC or length guards
                    break
            damaged = bytearray(original)
            damaged[at] ^= 0xA5
            (work / segment).write_bytes(bytes(damaged))
            damaged_size = len(damaged)
            keep = max([e for e in ends if e[0] <= start], default=(0, 0))
        bp = BrokerProcess(work, extra={"offsets.topic.num.partitions": "1"}).start()
        try:
            records = await read_partition(bp.port, "torn", 0)
            assert len(records) == keep[1] and [o for o, _ in records] == list(range(keep[1]))
            assert (work / segment).read_bytes() == original[: keep[0]]
            if keep[0] != damaged_size:  # a cut exactly at a batch boundary leaves nothing to cut
                await async_wait_until(
                    lambda b=bp: "truncate segment" in b.log(), timeout=5, what="the cut in the log"
                )
                line = next(x for x in bp.log().splitlines() if "truncate segment" in x)
                assert f"valid_bytes={keep[0]}" in line and f"next_offset={keep[1]}" in line
        finally:
            bp.stop()


async def test_idempotent_retry_after_kill_9_is_not_duplicated(tmp_path):
    """A batch written (and fsynced) just before a kill -9 whose answer the producer never saw is
    sent again after the restart: the broker answers with its original offset, writes nothing."""
    bp = BrokerProcess(tmp_path / "data", extra={"offsets.topic.num.partitions": "1"}).start()
    try:
        await create_topic(bp.port, "retry", 1)
        c = await RawConnection.open(bp.port)
        r = await c.request(
            ApiKey.INIT_PRODUCER_ID, 4, {"transactional_id": None, "transaction_timeout_ms": 1}
        )
        pid = r.producer_id

        def batch(seq: int) -> bytes:
            return build_batch(
                [Record(offset_delta=i, value=b"s%d" % (seq + i)) for i in range(3)],
                producer_id=pid,
                producer_epoch=0,
                base_sequence=seq,
            )

        async def send(conn: RawConnection, seq: int):
            r = await conn.request(
                ApiKey.PRODUCE,
                9,
                {
                    "acks": -1,
                    "timeout_ms": 5000,
                    "topic_data": [
                        {"name": "retry", "partition_data": [{"index": 0, "records": batch(seq)}]}
                    ],
                },
            )
            return r.responses[0].partition_responses[0]

        assert (await send(c, 0)).base_offset == 0
        assert (await send(c, 3)).base_offset == 3
        await c.close()
        bp.kill()
        bp = restart(bp)
        c = await RawConnection.open(bp.port)
        again = await send(c, 3)  # the retry
        assert (again.error_code, again.base_offset) == (ErrorCode.NONE, 3)
        nxt = await send(c, 6)
        assert (nxt.error_code, nxt.base_offset) == (ErrorCode.NONE, 6)
        await c.close()
        assert [v for _, v in await read_partition(bp.port, "retry", 0)] == [b"s%d" % i for i in range(9)]
    finally:
        bp.stop()

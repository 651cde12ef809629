"""The partition log without sockets: offsets, bytes kept, group commit, reads, rolling,
retention, restart, idempotent producers, timestamps."""

from __future__ import annotations

import asyncio
import os
import uuid
from pathlib import Path

import pytest

from broker.log import LogConfig, LogManager, OffsetOutOfRange, ProducerStateError, RecordError
from broker.log.validation import validate_batches
from protocol.errors import ErrorCode
from protocol.log_files import OFFSET_ENTRY
from protocol.records import (
    BatchHeader,
    Compression,
    Record,
    TimestampType,
    build_batch,
    decode_batch,
    decode_batches,
    iter_batches,
    verify_crc,
)


class Clock:
    def __init__(self, now: int = 1_700_000_000_000):
        self.now = now

    def __call__(self) -> int:
        return self.now


def batch(
    n: int = 3, *, key: bytes | None = b"k", size: int = 50, ts: int = 1_700_000_000_000, codec: int = 0, **kw
) -> bytes:
    return build_batch(
        [Record(offset_delta=i, timestamp_delta=i, key=key, value=bytes([i % 256]) * size) for i in range(n)],
        compression=codec,
        base_timestamp=ts,
        **kw,
    )


@pytest.fixture
async def manager(tmp_path):
    m = LogManager([tmp_path / "logs"])
    await m.load(lambda topic: LogConfig())
    yield m
    if not m.executor._shutdown:
        await m.stop()


async def new_log(manager: LogManager, config: LogConfig | None = None, clock: Clock | None = None):
    lg = await manager.create("t", 0, config or LogConfig(), uuid.uuid4())
    if clock is not None:
        lg.clock = clock
    return lg


async def reopen(path: Path, config: LogConfig | None = None) -> LogManager:
    m = LogManager([path])
    await m.load(lambda topic: config or LogConfig())
    return m


async def test_offsets_are_assigned_and_bytes_kept(manager):
    lg = await new_log(manager)
    sent = [batch(3), batch(1, codec=Compression.GZIP), batch(5, key=None)]
    got = [await lg.append(b) for b in sent]
    assert got == [(0, 2), (3, 3), (4, 8)]
    r = await lg.read(0, 1 << 20)
    stored = [r.records[pos : pos + h.size] for pos, h in iter_batches(r.records)]
    assert len(stored) == 3
    for data, original, (base, _) in zip(stored, sent, got, strict=True):
        assert BatchHeader.parse(data).base_offset == base
        assert data[16:] == original[16:]  # magic, CRC, attributes, records: untouched
        assert verify_crc(data)
    assert r.high_watermark == 9 and lg.next_offset == 9


async def test_layout_is_kafkas(manager, tmp_path):
    lg = await new_log(manager, LogConfig(index_interval_bytes=100))
    for _ in range(20):
        await lg.append(batch(2, size=100))
    d = tmp_path / "logs" / "t-0"
    names = sorted(p.name for p in d.iterdir())
    assert names == [
        "00000000000000000000.index",
        "00000000000000000000.log",
        "00000000000000000000.timeindex",
        "leader-epoch-checkpoint",
        "partition.metadata",
    ]
    assert (d / "leader-epoch-checkpoint").read_text() == "0\n1\n0 0\n"  # epoch 0 starts at offset 0
    assert (d / "partition.metadata").read_text().startswith("version: 0\ntopic_id: ")
    data = (d / "00000000000000000000.log").read_bytes()
    positions = {pos: h for pos, h in iter_batches(data, check_crc=True)}
    index = (d / "00000000000000000000.index").read_bytes()
    assert index and len(index) % OFFSET_ENTRY.size == 0
    for rel, pos in OFFSET_ENTRY.iter_unpack(index):
        assert pos in positions and positions[pos].last_offset == rel  # Kafka: (last offset, batch start)


async def test_durable_appends_share_one_fsync(manager):
    lg = await new_log(manager)
    results = await asyncio.gather(*(lg.append(batch(1)) for _ in range(50)))
    assert sorted(results) == [(i, i) for i in range(50)]
    assert lg.stats.appends == 50
    assert lg.stats.syncs <= 2, lg.stats
    assert lg.recovery_point == 50


async def test_non_durable_appends_do_not_fsync_by_default(manager):
    lg = await new_log(manager)
    for _ in range(10):
        await lg.append(batch(1), durable=False)
    assert lg.stats.syncs == 0 and lg.high_watermark == 10
    await lg.flush()
    assert lg.stats.syncs == 1 and lg.recovery_point == 10


async def test_flush_messages_policy(manager):
    lg = await new_log(manager, LogConfig(flush_messages=5))
    for _ in range(4):
        await lg.append(batch(1), durable=False)
    assert lg.stats.syncs == 0
    await lg.append(batch(1), durable=False)  # answered once written; the fsync follows
    await lg.wait_idle()
    assert lg.stats.syncs == 1 and lg.recovery_point == 5


async def test_read_from_the_middle_of_a_batch_and_limits(manager):
    lg = await new_log(manager)
    for _ in range(10):
        await lg.append(batch(4, size=100))  # each batch ~ 480 bytes
    size = BatchHeader.parse(batch(4, size=100)).size
    r = await lg.read(6, 1 << 20)
    assert [b.base_offset for b in decode_batches(r.records)][0] == 4  # the batch holding offset 6
    r = await lg.read(0, 2 * size + 10)
    assert [b.base_offset for b in decode_batches(r.records)] == [0, 4]  # whole batches only
    r = await lg.read(0, 10)
    assert [b.base_offset for b in decode_batches(r.records)] == [0]  # the first one anyway
    r = await lg.read(0, 10, min_one=False)
    assert r.records == b""
    r = await lg.read(40, 100)
    assert r.records == b"" and r.high_watermark == 40
    with pytest.raises(OffsetOutOfRange):
        await lg.read(41, 100)
    with pytest.raises(OffsetOutOfRange):
        await lg.read(-1, 100)


async def test_large_reads_go_through_the_executor(manager):
    lg = await new_log(manager)
    for _ in range(40):
        await lg.append(batch(10, size=1000))
    r = await lg.read(0, 1 << 22)
    assert sum(b.last_offset_delta + 1 for b in decode_batches(r.records)) == 400


async def test_roll_by_size_and_read_across_segments(manager):
    size = BatchHeader.parse(batch(2)).size
    lg = await new_log(manager, LogConfig(segment_bytes=3 * size))
    for _ in range(10):
        await lg.append(batch(2))
    assert [s.base_offset for s in lg.segments] == [0, 6, 12, 18]
    offsets = []
    async for h, _ in lg.batches():
        offsets.append(h.base_offset)
    assert offsets == list(range(0, 20, 2))
    r = await lg.read(5, 1 << 20)  # from one segment only, as Kafka
    assert [b.base_offset for b in decode_batches(r.records)] == [4]


async def test_roll_by_time(manager):
    clock = Clock()
    lg = await new_log(manager, LogConfig(segment_ms=1000), clock)
    await lg.append(batch(1, ts=clock.now))
    await lg.append(batch(1, ts=clock.now + 500))
    assert len(lg.segments) == 1
    await lg.append(batch(1, ts=clock.now + 1500))  # more than segment.ms after the first batch
    assert [s.base_offset for s in lg.segments] == [0, 2]


async def test_retention_by_bytes_and_time(manager):
    clock = Clock()
    size = BatchHeader.parse(batch(1)).size
    lg = await new_log(manager, LogConfig(segment_bytes=2 * size, retention_bytes=3 * size), clock)
    for i in range(8):
        await lg.append(batch(1, ts=clock.now - 10_000 + i))
    assert len(lg.segments) == 4
    deleted = await lg.delete_old_segments()
    assert deleted == 2 and lg.log_start_offset == 4
    with pytest.raises(OffsetOutOfRange):
        await lg.read(0, 100)
    assert [b.base_offset for b in decode_batches((await lg.read(4, 1 << 20)).records)] == [4, 5]
    # Time: everything is older than retention.ms, the active segment too: the log rolls first.
    lg.config = LogConfig(segment_bytes=2 * size, retention_ms=1000)
    deleted = await lg.delete_old_segments()
    assert deleted == 2
    assert lg.log_start_offset == 8 and lg.next_offset == 8 and len(lg.segments) == 1
    assert (await lg.append(batch(1))) == (8, 8)
    names = sorted(p.name for p in lg.dir.iterdir() if p.suffix == ".log")
    assert names == ["00000000000000000008.log"]


async def test_compact_topics_are_not_deleted_by_retention(manager):
    lg = await new_log(manager, LogConfig(retention_ms=0, cleanup_policy=("compact",)))
    await lg.append(batch(1, ts=1))
    assert await lg.delete_old_segments() == 0


async def test_restart_keeps_everything_and_continues(tmp_path):
    path = tmp_path / "logs"
    m = await reopen(path)
    lg = await m.create("t", 0, LogConfig(segment_bytes=2000), uuid.uuid4())
    topic_id = lg.topic_id
    for _ in range(30):
        await lg.append(batch(3))
    before = (await lg.read(0, 1 << 20)).records
    await m.stop()
    assert (path / ".kafka_cleanshutdown").exists()
    assert "t 0 90" in (path / "recovery-point-offset-checkpoint").read_text()

    m = await reopen(path, LogConfig(segment_bytes=2000))
    assert not (path / ".kafka_cleanshutdown").exists()
    lg = m.get("t", 0)
    assert lg.topic_id == topic_id and lg.next_offset == 90 and m.cuts == []
    assert (await lg.read(0, 1 << 20)).records == before
    assert await lg.append(batch(1)) == (90, 90)
    await m.stop()


async def test_retry_of_a_batch_not_yet_durable_waits_for_it(manager):
    lg = await new_log(manager)
    prepared = validate_batches(
        batch(2, producer_id=3, producer_epoch=0, base_sequence=0), max_message_bytes=1 << 20
    )
    first = asyncio.create_task(lg.append_batches(prepared, durable=True))
    await asyncio.sleep(0)  # assigned, not yet fsynced
    assert lg.recovery_point == 0
    retry = await lg.append_batches(prepared, durable=True)
    assert retry.duplicate and retry.base_offset == 0
    assert lg.recovery_point >= 2  # the retry was answered only once the original was durable
    assert (await first).base_offset == 0


async def test_waiters_complete_when_data_arrives(manager):
    lg = await new_log(manager)
    fut = asyncio.get_running_loop().create_future()
    lg.add_waiter(fut)
    assert not fut.done()
    await lg.append(batch(1), durable=False)
    assert fut.done()


async def test_log_append_time_rewrites_max_timestamp(manager):
    clock = Clock()
    lg = await new_log(manager, LogConfig(message_timestamp_type="LogAppendTime"), clock)
    base, _ = await lg.append(batch(2, ts=5))
    data = (await lg.read(base, 1 << 20)).records
    h = BatchHeader.parse(data)
    assert h.timestamp_type == TimestampType.LOG_APPEND_TIME and h.max_timestamp == clock.now
    assert verify_crc(data)
    assert [ts for _, ts, _ in decode_batch(data)] == [clock.now, clock.now]


async def test_idempotent_producer_duplicates_and_sequence_errors(manager):
    lg = await new_log(manager)

    def prepared(seq: int, n: int = 2, epoch: int = 0):
        return validate_batches(
            batch(n, producer_id=7, producer_epoch=epoch, base_sequence=seq), max_message_bytes=1 << 20
        )

    first = await lg.append_batches(prepared(0))
    second = await lg.append_batches(prepared(2))
    assert (first.base_offset, second.base_offset) == (0, 2)
    again = await lg.append_batches(prepared(0))  # a retry of the first batch
    assert again.duplicate and (again.base_offset, again.last_offset) == (0, 1)
    assert lg.next_offset == 4
    with pytest.raises(ProducerStateError) as e:
        await lg.append_batches(prepared(7))
    assert e.value.error_code == ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER
    bumped = await lg.append_batches(prepared(0, epoch=1))
    assert bumped.base_offset == 4
    with pytest.raises(ProducerStateError) as e:
        await lg.append_batches(prepared(4, epoch=0))
    assert e.value.error_code == ErrorCode.INVALID_PRODUCER_EPOCH


async def test_a_producer_the_partition_never_saw_is_accepted_as_kafka_accepts_it(manager):
    """Kafka (since KIP-360) accepts a never-seen producer's first batch at any sequence (its state
    may have gone with retention); from then on the usual rules hold for it."""
    lg = await new_log(manager)

    def prepared(pid: int, seq: int, epoch: int = 0):
        return validate_batches(
            batch(2, producer_id=pid, producer_epoch=epoch, base_sequence=seq), max_message_bytes=1 << 20
        )

    assert (await lg.append_batches(prepared(11, 40))).base_offset == 0
    with pytest.raises(ProducerStateError) as e:
        await lg.append_batches(prepared(11, 44))  # 42 was next
    assert e.value.error_code == ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER
    with pytest.raises(ProducerStateError) as e:
        await lg.append_batches(prepared(11, 5, epoch=1))  # a new epoch starts at sequence 0
    assert e.value.error_code == ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER
    # Another producer at the same sequences is not a duplicate of the first: ids tell them apart.
    other = await lg.append_batches(prepared(12, 40))
    assert not other.duplicate and other.base_offset == 2 and lg.next_offset == 4


async def test_producer_state_survives_restart(tmp_path):
    path = tmp_path / "logs"
    m = await reopen(path)
    lg = await m.create("t", 0, LogConfig(), uuid.uuid4())
    await lg.append(batch(2, producer_id=9, producer_epoch=0, base_sequence=0))
    await m.stop()
    m = await reopen(path)
    lg = m.get("t", 0)
    dup = await lg.append_batches(
        validate_batches(
            batch(2, producer_id=9, producer_epoch=0, base_sequence=0), max_message_bytes=1 << 20
        )
    )
    assert dup.duplicate and dup.base_offset == 0 and lg.next_offset == 2
    await m.stop()


async def test_timestamps(manager):
    lg = await new_log(manager, LogConfig(index_interval_bytes=0))
    await lg.append(batch(3, ts=1000))  # 1000, 1001, 1002
    await lg.append(batch(3, ts=5000))  # 5000..5002
    await lg.append(batch(2, ts=3000, codec=Compression.LZ4))  # 3000, 3001
    assert await lg.offset_for_timestamp(0) == (0, 1000)
    assert await lg.offset_for_timestamp(1001) == (1, 1001)
    assert await lg.offset_for_timestamp(1003) == (3, 5000)
    assert await lg.offset_for_timestamp(5002) == (5, 5002)
    assert await lg.offset_for_timestamp(5003) is None
    assert await lg.max_timestamp_offset() == (5, 5002)


@pytest.mark.parametrize(
    "mutate, code",
    [
        (lambda b: b[:-1], ErrorCode.CORRUPT_MESSAGE),
        (lambda b: b[:30], ErrorCode.CORRUPT_MESSAGE),
        (lambda b: b[:-1] + bytes([b[-1] ^ 1]), ErrorCode.CORRUPT_MESSAGE),
        (lambda b: b[:16] + b"\x01" + b[17:], ErrorCode.INVALID_RECORD),
        (lambda b: b"", ErrorCode.INVALID_RECORD),
    ],
)
def test_validation_errors(mutate, code):
    with pytest.raises(RecordError) as e:
        validate_batches(mutate(batch(2)), max_message_bytes=1 << 20)
    assert e.value.error_code == code


def test_validation_size_and_keys():
    with pytest.raises(RecordError) as e:
        validate_batches(batch(2, size=1000), max_message_bytes=500)
    assert e.value.error_code == ErrorCode.MESSAGE_TOO_LARGE
    with pytest.raises(RecordError) as e:
        validate_batches(batch(2, key=None), max_message_bytes=1 << 20, compacted=True)
    assert e.value.error_code == ErrorCode.INVALID_RECORD
    assert len(validate_batches(batch(2) + batch(1), max_message_bytes=1 << 20)) == 2
    with pytest.raises(RecordError):
        validate_batches(batch(2) + batch(1), max_message_bytes=1 << 20, single=True)


async def test_append_records_and_read_records(manager):
    lg = await new_log(manager)
    await lg.append_records([(b"a", b"1"), (b"b", None)])
    await lg.append_records([(b"c", b"3")], compression=Compression.ZSTD)
    assert [kv async for kv in lg.read_records()] == [(b"a", b"1"), (b"b", None), (b"c", b"3")]


async def test_delete_removes_the_directory(manager, tmp_path):
    lg = await new_log(manager)
    await lg.append(batch(1))
    await manager.delete("t", 0)
    assert not any((tmp_path / "logs").glob("t-0*"))
    assert manager.get("t", 0) is None


async def test_write_failure_takes_the_log_offline(manager, monkeypatch):
    lg = await new_log(manager)
    await lg.append(batch(1))

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "pwritev", broken)
    with pytest.raises(Exception) as e:
        await lg.append(batch(1))
    assert getattr(e.value, "error_code", None) == ErrorCode.KAFKA_STORAGE_ERROR
    monkeypatch.undo()
    with pytest.raises(Exception) as e:
        await lg.append(batch(1))
    assert e.value.error_code == ErrorCode.KAFKA_STORAGE_ERROR

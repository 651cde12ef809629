"""A write that finds the disk full: refused with KAFKA_STORAGE_ERROR, its torn bytes cut back at
once (not left for recovery at the next start), and the log takes appends again (the same
idempotent batch, retried, is written then, not answered as a duplicate of what was cut)."""

from __future__ import annotations

import errno
from types import SimpleNamespace

import pytest

from broker.apis import describe_log_dirs as describe_log_dirs_api
from broker.log import LogOffline, io
from broker.log.config import LogConfig
from broker.log.manager import LogManager
from broker.log.segment import Segment
from protocol.errors import ErrorCode
from protocol.records import decode_batches
from tests.helpers import async_wait_until
from tests.unit.log.test_log import batch, manager, new_log  # noqa: F401 - the fixture

PRODUCER = {"producer_id": 7, "producer_epoch": 0}


async def test_a_full_disk_cuts_the_torn_write_and_appends_resume(manager, monkeypatch):  # noqa: F811
    lg = await new_log(manager)
    assert await lg.append(batch(3, **PRODUCER, base_sequence=0)) == (0, 2)
    size = lg.active.file_size()
    full = True
    write_at = Segment.write_at

    def torn_write(self, position, chunks):  # half the bytes reach the file, then no space
        if not full:
            return write_at(self, position, chunks)
        data = b"".join(bytes(c) for c in chunks)
        write_at(self, position, [data[: len(data) // 2]])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Segment, "write_at", torn_write)
    retried = batch(2, **PRODUCER, base_sequence=3)
    with pytest.raises(LogOffline) as refused:
        await lg.append(retried)
    assert refused.value.error_code == ErrorCode.KAFKA_STORAGE_ERROR
    assert lg.storage_failing

    def cut_back() -> bool:
        return lg.failed is None

    await async_wait_until(cut_back, what="the torn write cut back")
    assert lg.active.file_size() == size and lg.next_offset == 3
    # Still full: refused again, the log as it was; reads go on meanwhile.
    with pytest.raises(LogOffline):
        await lg.append(retried)
    await async_wait_until(cut_back, what="the torn write cut back")
    assert (await lg.read(0, 1 << 20)).high_watermark == 3
    # Between refused appends the log takes appends again, but it still reports failing ones
    # (Metadata lists the replica offline) until one is written.
    assert lg.failed is None and lg.storage_failing

    full = False
    assert await lg.append(retried) == (3, 4)
    assert not lg.storage_failing
    read = await lg.read(0, 1 << 20)
    assert [b.base_offset for b in decode_batches(bytes(read.records))] == [0, 3]
    assert lg.active.recover().truncated_bytes == 0


async def test_a_cut_back_that_finds_no_space_is_tried_again(manager, monkeypatch):  # noqa: F811
    lg = await new_log(manager)
    assert await lg.append(batch(3)) == (0, 2)
    size = lg.active.file_size()
    write_at, truncate = Segment.write_at, io.truncate_segments
    full = True
    cuts_refused = 0

    def torn_write(self, position, chunks):
        if not full:
            return write_at(self, position, chunks)
        data = b"".join(bytes(c) for c in chunks)
        write_at(self, position, [data[: len(data) // 2]])
        raise OSError(errno.ENOSPC, "No space left on device")

    def truncate_on_a_full_disk(*args):  # the cut needs a page too, until space is freed
        nonlocal cuts_refused
        if full:
            cuts_refused += 1
            raise OSError(errno.ENOSPC, "No space left on device")
        return truncate(*args)

    monkeypatch.setattr(Segment, "write_at", torn_write)
    monkeypatch.setattr(io, "truncate_segments", truncate_on_a_full_disk)
    with pytest.raises(LogOffline):
        await lg.append(batch(2))
    await async_wait_until(lambda: cuts_refused >= 2, what="the cut tried again")
    # Not cut back yet: appends are refused, reads go on, Metadata lists the replica offline.
    assert lg.failed is not None and lg.storage_failing
    with pytest.raises(LogOffline):
        await lg.append(batch(2))
    assert (await lg.read(0, 1 << 20)).high_watermark == 3

    full = False  # space freed: the next try cuts the torn write back and appends resume
    await async_wait_until(lambda: lg.failed is None, what="the torn write cut back")
    assert lg.active.file_size() == size
    assert await lg.append(batch(2)) == (3, 4)
    assert not lg.storage_failing


def describe_log_dirs(logs: LogManager) -> list[tuple[ErrorCode, list[int]]]:
    """DescribeLogDirs' answer for each directory: its error and the partitions it lists."""
    broker = SimpleNamespace(log_manager=logs, authorizer=None)
    answer = describe_log_dirs_api.handle(broker, None, SimpleNamespace(topics=None))  # type: ignore[arg-type]
    assert answer["error_code"] == ErrorCode.NONE
    return [
        (ErrorCode(d["error_code"]), [p["partition_index"] for t in d["topics"] for p in t["partitions"]])
        for d in answer["results"]
    ]


async def test_describe_log_dirs_reports_a_full_directory_until_an_append_into_it_is_written(
    manager,  # noqa: F811
    monkeypatch,
):
    lg = await new_log(manager)
    other = await manager.create("t", 1, LogConfig(), lg.topic_id)
    assert await lg.append(batch(3)) == (0, 2)
    assert describe_log_dirs(manager) == [(ErrorCode.NONE, [0, 1])]
    full = True
    write_at = Segment.write_at

    def write_on_a_full_disk(self, position, chunks):
        if full:
            raise OSError(errno.ENOSPC, "No space left on device")
        return write_at(self, position, chunks)

    monkeypatch.setattr(Segment, "write_at", write_on_a_full_disk)
    with pytest.raises(LogOffline):
        await lg.append(batch(2))
    # The directory fails, its partitions still listed: their reads go on.
    assert describe_log_dirs(manager) == [(ErrorCode.KAFKA_STORAGE_ERROR, [0, 1])]
    await async_wait_until(lambda: lg.failed is None, what="the torn write cut back")
    assert describe_log_dirs(manager) == [(ErrorCode.KAFKA_STORAGE_ERROR, [0, 1])]
    with pytest.raises(LogOffline):
        await other.append(batch(1))
    await async_wait_until(lambda: other.failed is None, what="the torn write cut back")

    full = False  # space freed: the first append into the directory written clears it
    assert describe_log_dirs(manager) == [(ErrorCode.KAFKA_STORAGE_ERROR, [0, 1])]
    assert await other.append(batch(1)) == (0, 0)
    assert describe_log_dirs(manager) == [(ErrorCode.NONE, [0, 1])]
    # Partition 0, not written to since, keeps its own mark (Metadata's offline_replicas).
    assert lg.storage_failing and not other.storage_failing


async def test_describe_log_dirs_reports_a_log_offline_after_another_io_error(manager, monkeypatch):  # noqa: F811
    lg = await new_log(manager)
    other = await manager.create("t", 1, LogConfig(), lg.topic_id)
    write_at = Segment.write_at

    def broken_disk(self, position, chunks):
        if self is lg.active:
            raise OSError(errno.EIO, "Input/output error")
        return write_at(self, position, chunks)

    monkeypatch.setattr(Segment, "write_at", broken_disk)
    with pytest.raises(LogOffline):
        await lg.append(batch(2))
    # Offline until a restart: another partition's append written does not clear the directory.
    assert await other.append(batch(1)) == (0, 0)
    assert describe_log_dirs(manager) == [(ErrorCode.KAFKA_STORAGE_ERROR, [0, 1])]

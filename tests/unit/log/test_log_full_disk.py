"""A write that finds the disk full: refused with KAFKA_STORAGE_ERROR, its torn bytes cut back at
once (not left for recovery at the next start), and the log takes appends again (the same
idempotent batch, retried, is written then, not answered as a duplicate of what was cut)."""

from __future__ import annotations

import errno

import pytest

from broker.log import LogOffline, io
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

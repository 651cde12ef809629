"""The log directory's flusher: one pass syncs every log with durable appends waiting, and
answers each in order; appends that did not ask for durability never wait for it."""

from __future__ import annotations

import asyncio
import os
import threading
import uuid

import pytest

from broker.log import LogConfig, LogManager, LogOffline
from broker.log.flusher import Flusher, SyncRequest, flusher_for
from broker.log.segment import Segment


@pytest.fixture
async def manager(tmp_path):
    m = LogManager([tmp_path / "logs"])
    await m.load(lambda topic: LogConfig())
    yield m
    if not m.executor._shutdown:
        await m.stop()


async def test_commits_to_fifty_partitions_share_flush_passes(
    manager: LogManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    logs = [await manager.create("__consumer_offsets", p, LogConfig(), uuid.uuid4()) for p in range(50)]
    for lg in logs:  # a first append creates the segment file (the writer task's path)
        await lg.append_records([(b"first", b"v")])
    flusher = flusher_for(logs[0].dir.parent)
    # Hold the flusher inside a pass (its fdatasync waits for `release`) while fifty durable
    # appends queue, as commits of fifty groups arriving during a pass do: deterministic, where
    # racing the thread's wake-up made the count of passes depend on the machine's load.
    entered, release = threading.Event(), threading.Event()
    real_fdatasync = os.fdatasync

    def held(fd: int) -> None:
        entered.set()
        release.wait(10)
        real_fdatasync(fd)

    monkeypatch.setattr(os, "fdatasync", held)
    blocker = Segment(logs[0].dir.parent / "blocker-0", 0)
    blocker.dir.mkdir()
    loop = asyncio.get_running_loop()
    blocked: asyncio.Future[BaseException | None] = loop.create_future()
    passes, requests = flusher.passes, flusher.requests
    flusher.submit(SyncRequest(loop, [blocker], None, blocked.set_result))
    assert await asyncio.to_thread(entered.wait, 10)
    done = [lg.append_kv_nowait([(b"k%d" % i, b"v")])[1] for i, lg in enumerate(logs)]
    monkeypatch.setattr(os, "fdatasync", real_fdatasync)
    release.set()
    assert await blocked is None
    await asyncio.gather(*(f for f in done if f is not None))
    blocker.close()
    # The held pass, then one pass for all fifty.
    assert flusher.requests - requests == 51
    assert flusher.passes - passes == 2
    for lg in logs:
        assert lg.recovery_point == lg.next_offset == 2


async def test_durable_append_waits_for_the_flusher_and_non_durable_does_not(manager: LogManager) -> None:
    lg = await manager.create("t", 0, LogConfig(), uuid.uuid4())
    await lg.append_records([(b"first", b"v")])
    _info, written = lg.append_kv_nowait([(b"k", b"v")], durable=False)
    assert written is not None and written.done()  # in the page cache: readable, answered
    assert lg.high_watermark == 2 and lg.recovery_point == 1
    _info, durable = lg.append_kv_nowait([(b"k", b"w")])
    assert durable is not None and not durable.done()  # only the flusher completes it
    await durable
    assert lg.recovery_point == 3
    read = await lg.read(0, 1 << 20)
    assert read.records.count(b"w") >= 1


async def test_a_state_log_syncs_its_first_durable_write_of_a_pass_on_the_loop(
    manager: LogManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sync_on_loop` (the transaction coordinator's log): the first durable append of a loop
    pass is fdatasynced before it returns, so it is answered at once; another in the same pass
    goes to the flusher (one fdatasync for all of them); the next pass syncs on the loop again."""
    lg = await manager.create("__transaction_state", 0, LogConfig(), uuid.uuid4())
    await lg.append_records([(b"first", b"v")])
    lg.sync_on_loop = True
    synced: list[int] = []
    real_fdatasync = os.fdatasync
    loop_thread = threading.get_ident()

    def counted(fd: int) -> None:
        if threading.get_ident() == loop_thread:
            synced.append(fd)
        real_fdatasync(fd)

    monkeypatch.setattr(os, "fdatasync", counted)
    flusher = flusher_for(lg.dir.parent)
    passes = flusher.passes
    _info, first = lg.append_state_nowait([(b"k", b"v")])
    assert first is not None and first.done() and first.result() is None
    assert len(synced) == 1 and lg.recovery_point == lg.next_offset == 2
    _info, second = lg.append_state_nowait([(b"k", b"w")])
    assert second is not None and not second.done()  # the same pass: the flusher's
    await second
    assert len(synced) == 1 and flusher.passes == passes + 1 and lg.recovery_point == 3
    await asyncio.sleep(0)  # a later pass
    _info, third = lg.append_state_nowait([(b"k", b"x")])
    assert third is not None and third.done() and len(synced) == 2 and lg.recovery_point == 4


async def test_a_failed_sync_on_the_loop_fails_the_write_and_the_log(
    manager: LogManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    lg = await manager.create("__transaction_state", 0, LogConfig(), uuid.uuid4())
    await lg.append_records([(b"first", b"v")])
    lg.sync_on_loop = True

    def broken(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fdatasync", broken)
    _info, written = lg.append_state_nowait([(b"k", b"v")])
    assert written is not None and written.done()
    with pytest.raises(LogOffline):
        written.result()
    assert lg.failed is not None and lg.recovery_point == 1


async def test_flusher_failure_reaches_the_request(tmp_path) -> None:
    flusher = Flusher("test")
    seg = Segment(tmp_path, 0)
    seg.open()
    fd = seg.fd
    assert fd is not None
    os.close(fd)  # fdatasync of a closed descriptor fails with EBADF
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[BaseException | None] = loop.create_future()
    flusher.submit(SyncRequest(loop, [seg], None, answer.set_result))
    error = await asyncio.wait_for(answer, 10)
    assert isinstance(error, OSError)
    seg.fd = None
    flusher.stop()


def test_durable_acks_follow_the_flush_settings() -> None:
    assert LogConfig().durable_acks  # kbroker's default: an answer means fsynced
    assert LogConfig(flush_messages=1).durable_acks
    assert not LogConfig(flush_ms=1000).durable_acks  # Kafka's page-cache durability, chosen
    assert not LogConfig(flush_messages=1000).durable_acks


async def test_page_cache_durability_answers_once_written_and_syncs_by_policy(manager: LogManager) -> None:
    lg = await manager.create("t", 0, LogConfig(flush_messages=3), uuid.uuid4())
    await lg.append_records([(b"first", b"v")], durable=False)
    synced = lg.recovery_point
    _, written = lg.append_kv_nowait([(b"k", b"v")])  # asked durable: answered once written
    assert written is not None and written.done()
    assert lg.high_watermark == 2 and lg.recovery_point == synced
    _, third = lg.append_kv_nowait([(b"k", b"w")])  # the third message: flush.messages=3 is due
    assert third is not None and third.done()
    await lg.wait_idle()
    assert lg.recovery_point == 3

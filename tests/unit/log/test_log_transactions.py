"""Transactions in one partition's log, without sockets: open transactions hold the last stable
offset, markers close them, aborts go to the `.txnindex` (Kafka's format), read_committed reads
stop at the LSO, and a restart rebuilds all of it from producer snapshots + the log tail."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from broker.log import LogConfig, LogManager, ProducerStateError
from broker.log import producer_snapshot as snap
from broker.log.transactions import AbortedTxn, decode_txn_index, marker_batch
from protocol.errors import ErrorCode
from protocol.log_files import TXN_ENTRY
from protocol.records import (
    ControlRecordType,
    Record,
    build_batch,
    control_record_type,
    decode_batch,
    iter_batches,
)


def data(pid: int, epoch: int, seq: int, n: int = 2, *, txn: bool = True) -> bytes:
    return build_batch(
        [Record(offset_delta=i, key=b"k%d" % i, value=b"v" * 40) for i in range(n)],
        producer_id=pid,
        producer_epoch=epoch,
        base_sequence=seq,
        transactional=txn,
    )


async def reopen(path: Path, config: LogConfig | None = None) -> LogManager:
    m = LogManager([path])
    await m.load(lambda topic: config or LogConfig())
    return m


@pytest.fixture
async def manager(tmp_path):
    m = await reopen(tmp_path / "logs")
    yield m
    if not m.executor._shutdown:
        await m.stop()


async def test_open_transaction_holds_the_lso_and_markers_release_it(manager):
    lg = await manager.create("t", 0, LogConfig(), uuid.uuid4())
    await lg.append(data(1, 0, 0, txn=False))  # 0-1: not transactional
    assert lg.last_stable_offset == 2
    await lg.append(data(7, 0, 0))  # 2-3: producer 7 opens a transaction
    await lg.append(data(8, 0, 0))  # 4-5: producer 8 too
    assert lg.high_watermark == 6 and lg.last_stable_offset == 2
    r = await lg.read(0, 1 << 20, read_committed=True)
    assert [h.base_offset for _, h in iter_batches(r.records)] == [0]
    assert (await lg.read(2, 1 << 20, read_committed=True)).records == b""
    assert await lg.append_marker(7, 0, commit=True) == 6
    assert lg.last_stable_offset == 4  # producer 8's transaction is still open
    assert await lg.append_marker(8, 0, commit=False) == 7
    assert lg.last_stable_offset == 8 == lg.high_watermark
    assert lg.aborted_transactions(0, 8) == [AbortedTxn(8, 4, 7, 8)]
    assert lg.aborted_transactions(8, 100) == []  # the marker is before the fetch offset
    assert lg.aborted_transactions(0, 4) == []  # it began after what was returned
    # The abort is in the marker's segment's .txnindex, in Kafka's 34-byte entries.
    raw = lg.active.txnindex_path.read_bytes()
    assert len(raw) == TXN_ENTRY.size == 34
    assert decode_txn_index(raw) == [AbortedTxn(8, 4, 7, 8)]


async def test_a_marker_written_from_the_loop_closes_the_transaction_in_the_same_pass(manager):
    # Page-cache durability: the coordinator writes the markers without awaiting (nothing to
    # wait for), so the transaction is closed before the call returns.
    lg = await manager.create("t", 0, LogConfig(flush_ms=1000), uuid.uuid4())
    await lg.append(data(7, 0, 0))  # 0-1: producer 7 opens a transaction
    assert lg.last_stable_offset == 0
    info, written = lg.append_marker_nowait(7, 0, commit=True)
    assert written is None or written.done()
    assert info.base_offset == 2 and lg.last_stable_offset == 3 == lg.high_watermark
    # With fsync durability the same call hands back the fsync still to wait for.
    durable = await manager.create("d", 0, LogConfig(), uuid.uuid4())
    await durable.append(data(7, 0, 0))
    info, written = durable.append_marker_nowait(7, 0, commit=False)
    assert info.base_offset == 2 and written is not None
    await written
    assert durable.recovery_point == 3 and durable.aborted_transactions(0, 3) == [AbortedTxn(7, 0, 2, 3)]


async def test_marker_fences_older_epochs(manager):
    lg = await manager.create("t", 0, LogConfig(), uuid.uuid4())
    await lg.append(data(7, 0, 0))
    await lg.append_marker(7, 1, commit=False)  # the coordinator fenced epoch 0 while aborting
    with pytest.raises(ProducerStateError) as e:
        await lg.append(data(7, 0, 2))  # the zombie's next batch
    assert e.value.error_code == ErrorCode.INVALID_PRODUCER_EPOCH
    with pytest.raises(ProducerStateError):
        await lg.append_marker(7, 0, commit=True)  # a marker of an older epoch
    assert lg.last_stable_offset == lg.high_watermark == 3


async def test_restart_rebuilds_open_and_aborted_transactions_from_snapshot_and_tail(tmp_path):
    path = tmp_path / "logs"
    config = LogConfig(segment_bytes=600)
    m = await reopen(path, config)
    lg = await m.create("t", 0, config, uuid.uuid4())
    await lg.append(data(5, 0, 0))  # producer 5 opens a transaction at 0 and keeps it open
    seq = {6: 0, 9: 0}
    for i in range(12):  # many segments: producer 6 aborts, 9 commits, turn about
        pid = 6 if i % 2 else 9
        await lg.append(data(pid, 0, seq[pid]))
        seq[pid] += 2
        await lg.append_marker(pid, 0, commit=pid == 9)
    assert len(lg.segments) > 3
    lso, hw, aborted = lg.last_stable_offset, lg.high_watermark, list(lg.txns)
    assert lso == 0 and len(aborted) == 6
    snapshots = snap.offsets(lg.dir)
    assert snapshots == [s.base_offset for s in lg.segments[1:]]  # one per roll
    # In Kafka's format: the open transaction of producer 5 is in the newest one.
    entries = snap.decode(snap.path_for(lg.dir, snapshots[-1]).read_bytes())
    assert {e.producer_id: e.current_txn_first_offset for e in entries}[5] == 0
    await m.stop()

    m = await reopen(path, config)
    lg = m.get("t", 0)
    assert (lg.last_stable_offset, lg.high_watermark, list(lg.txns)) == (lso, hw, aborted)
    await lg.append_marker(5, 0, commit=True)
    assert lg.last_stable_offset == lg.high_watermark == hw + 1
    await m.stop()


async def test_crash_without_snapshots_rescans_the_whole_log(tmp_path):
    path = tmp_path / "logs"
    config = LogConfig(segment_bytes=600)
    m = await reopen(path, config)
    lg = await m.create("t", 0, config, uuid.uuid4())
    await lg.append(data(5, 0, 0))
    for i in range(8):
        await lg.append(data(6, 0, 2 * i))
        await lg.append_marker(6, 0, commit=False)
    aborted = list(lg.txns)
    directory = lg.dir
    await m.stop()
    for o in snap.offsets(directory):  # as a log written before snapshots existed
        snap.path_for(directory, o).unlink()
    for f in directory.glob("*.txnindex"):
        f.unlink()
    m = await reopen(path, config)
    lg = m.get("t", 0)
    assert lg.last_stable_offset == 0 and list(lg.txns) == aborted
    # The rescan wrote the snapshot it lacked: the next start reads the last segment only.
    assert lg.segments[-1].base_offset in snap.offsets(directory)
    await m.stop()


@pytest.mark.parametrize(
    ("pid", "epoch", "commit", "coordinator_epoch", "ts"),
    [
        (7, 0, True, 0, 1_700_000_000_000),
        ((1 << 62) + 5, 32766, False, 3, 0),
        (1, 2, True, -1, (1 << 62) + 9),
    ],
)
def test_marker_batch_from_its_template_is_the_batch_built_from_records(
    pid, epoch, commit, coordinator_epoch, ts
):
    """The patched template (timestamps, producer, CRC) against the batch built from scratch."""
    kind = ControlRecordType.COMMIT if commit else ControlRecordType.ABORT
    value = (0).to_bytes(2, "big") + coordinator_epoch.to_bytes(4, "big", signed=True)
    built = build_batch(
        [Record(key=(0).to_bytes(2, "big") + int(kind).to_bytes(2, "big"), value=value)],
        base_timestamp=ts,
        producer_id=pid,
        producer_epoch=epoch,
        transactional=True,
        control=True,
    )
    for _ in range(2):  # the first call builds the template, the second patches it
        got = marker_batch(pid, epoch, commit, coordinator_epoch, ts)
        assert got == built
    batch = decode_batch(got)  # its CRC checked
    assert (batch.producer_id, batch.producer_epoch, batch.base_timestamp) == (pid, epoch, ts)
    assert control_record_type(batch.records[0]) == kind


def test_snapshot_codec_checks_its_crc():
    entries = [snap.SnapshotEntry(7, 3, 41, 1000, 4, 1_700_000_000_000, 0, 990)]
    raw = snap.encode(entries)
    assert len(raw) == 2 + 4 + 4 + 46 and raw[:2] == b"\x00\x01"
    assert snap.decode(raw) == entries
    with pytest.raises(snap.CorruptSnapshot):
        snap.decode(raw[:-1] + b"\x00")


async def test_compaction_drops_aborted_records_and_keeps_the_committed_they_would_shadow(tmp_path):
    from broker.log.cleaner import plan_clean

    config = LogConfig(segment_bytes=700, cleanup_policy=("compact",), min_cleanable_dirty_ratio=0.0)
    m = LogManager([tmp_path / "logs"], cleaner_enabled=False)
    await m.load(lambda topic: config)
    m.start()
    lg = await m.create("c", 0, config, uuid.uuid4())

    def rec(key: bytes, value: bytes, **kw) -> bytes:
        return build_batch([Record(key=key, value=value)], **kw)

    await lg.append(rec(b"K", b"committed"))  # 0
    await lg.append(
        rec(b"K", b"aborted", producer_id=7, producer_epoch=0, base_sequence=0, transactional=True)
    )
    await lg.append_marker(7, 0, commit=False)  # 2
    await lg.append(
        rec(b"J", b"txn-committed", producer_id=8, producer_epoch=0, base_sequence=0, transactional=True)
    )
    await lg.append_marker(8, 0, commit=True)  # 4
    for i in range(6):
        await lg.append(rec(b"x%d" % i, b"y" * 40))
    first_open = lg.next_offset
    await lg.append(rec(b"L", b"open", producer_id=9, producer_epoch=0, base_sequence=0, transactional=True))
    for i in range(12):  # more segments after the open transaction
        await lg.append(rec(b"z%d" % i, b"y" * 40))
    assert len(lg.segments) > 3 and lg.last_stable_offset == first_open
    plan = plan_clean(lg, None, lg.clock())
    assert plan is not None and plan.end_offset <= first_open  # nothing at or past the open transaction
    assert await m.cleaner.clean(lg) is not None
    values = {}
    async for _, data in lg.batches(0):
        for _, _, r in decode_batch(data).__iter__():
            if r.key in (b"K", b"J", b"L"):
                values[r.key] = r.value
    assert values == {b"K": b"committed", b"J": b"txn-committed", b"L": b"open"}
    await m.stop()

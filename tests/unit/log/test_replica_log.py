"""What replication needs of a partition's log: leader epochs (the cache, its checkpoint file,
the epoch stamped on appends), follower appends byte for byte, the high watermark bounding
consumers, and truncation of a divergent tail."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st

from broker.log import LogConfig, LogError, LogManager
from broker.log.epochs import CHECKPOINT_FILE, UNDEFINED_EPOCH, LeaderEpochCache
from broker.log.validation import validate_batches
from protocol.errors import ErrorCode
from protocol.records import Record, build_batch, iter_batches

# --- the leader epoch cache (pure) ---------------------------------------------------------------


def test_end_offset_for_answers_as_kafka():
    cache = LeaderEpochCache(None)
    for epoch, start in ((0, 0), (2, 10), (5, 25)):
        assert cache.assign(epoch, start)
    assert cache.end_offset_for(5, 40) == (5, 40)  # the latest epoch ends at the log end
    assert cache.end_offset_for(2, 40) == (2, 25)  # ends where the next epoch starts
    assert cache.end_offset_for(3, 40) == (2, 25)  # unknown epoch: the largest one below it
    assert cache.end_offset_for(1, 40) == (0, 10)
    assert cache.end_offset_for(6, 40) == (UNDEFINED_EPOCH, -1)  # newer than anything here
    assert cache.end_offset_for(-1, 40) == (UNDEFINED_EPOCH, -1)
    cache2 = LeaderEpochCache(None, [(3, 7)])
    assert cache2.end_offset_for(1, 40) == (1, 7)  # older than the first known epoch


def test_assign_supersedes_and_truncation_cuts():
    cache = LeaderEpochCache(None, [(0, 0), (2, 10)])
    assert not cache.assign(2, 15)  # a later batch of the latest epoch changes nothing
    assert cache.assign(3, 12) and cache.entries == [(0, 0), (2, 10), (3, 12)]
    assert cache.assign(3, 11) and cache.entries == [(0, 0), (2, 10), (3, 11)]
    assert cache.truncate_from_end(11) and cache.entries == [(0, 0), (2, 10)]
    assert cache.truncate_from_start(12) and cache.entries == [(2, 12)]
    assert not cache.truncate_from_start(12)


@given(st.lists(st.tuples(st.integers(0, 50), st.integers(0, 1000)), max_size=30))
def test_entries_stay_strictly_increasing(assignments):
    cache = LeaderEpochCache(None)
    for epoch, start in assignments:
        cache.assign(epoch, start)
        epochs = [e for e, _ in cache.entries]
        offsets = [o for _, o in cache.entries]
        assert epochs == sorted(set(epochs)) and offsets == sorted(set(offsets))


def test_checkpoint_file_is_kafkas_format(tmp_path):
    cache = LeaderEpochCache(tmp_path / CHECKPOINT_FILE, [(0, 0), (4, 120)])
    cache.write()
    assert (tmp_path / CHECKPOINT_FILE).read_text() == "0\n2\n0 0\n4 120\n"
    assert LeaderEpochCache.read(tmp_path).entries == [(0, 0), (4, 120)]
    (tmp_path / CHECKPOINT_FILE).write_text("garbage\n")
    assert LeaderEpochCache.read(tmp_path).entries == []


# --- a log as leader and as follower ------------------------------------------------------------


def batch(n: int, tag: str) -> bytes:
    return build_batch([Record(offset_delta=i, key=b"k", value=f"{tag}-{i}".encode()) for i in range(n)])


async def two_logs(tmp_path):
    leader_m, follower_m = LogManager([tmp_path / "leader"]), LogManager([tmp_path / "follower"])
    for m in (leader_m, follower_m):
        await m.load(lambda topic: LogConfig(segment_bytes=600))
    topic_id = uuid.uuid4()
    leader = await leader_m.create("t", 0, LogConfig(segment_bytes=600), topic_id)
    follower = await follower_m.create("t", 0, LogConfig(segment_bytes=600), topic_id)
    return leader_m, follower_m, leader, follower


async def copy(leader, follower) -> None:
    """What a follower's fetches do: replica reads from its log end, appended as they are."""
    while follower.next_offset < leader.written_offset:
        r = await leader.read(follower.next_offset, 1 << 20, replica=True)
        await follower.append_as_follower(r.records)


def files(log) -> bytes:
    return b"".join(s.log_path.read_bytes() for s in log.segments)


async def test_follower_holds_the_leaders_bytes_and_consumers_stop_at_the_high_watermark(tmp_path):
    leader_m, follower_m, leader, follower = await two_logs(tmp_path)
    try:
        leader.replicated = True
        leader.become_leader(3)
        for i in range(12):
            await leader.append(batch(3, f"a{i}"))
        assert leader.written_offset == 36 and leader.high_watermark == 0
        # Consumers see nothing above the high watermark; followers see everything written.
        assert (await leader.read(0, 1 << 20)).records == b""
        assert (await leader.read(0, 1 << 20, replica=True)).records
        await copy(leader, follower)
        assert files(follower) == files(leader) and len(leader.segments) >= 2
        assert [s.base_offset for s in follower.segments] == [s.base_offset for s in leader.segments]
        assert all(h.partition_leader_epoch == 3 for _, h in iter_batches(files(leader)))
        assert follower.epochs.entries == leader.epochs.entries == [(3, 0)]
        leader.set_high_watermark(9)
        got = (await leader.read(0, 1 << 20)).records
        assert [h.last_offset for _, h in iter_batches(got)] == [2, 5, 8]
        leader.set_high_watermark(100)  # never past what is written
        assert leader.high_watermark == 36
    finally:
        await leader_m.stop()
        await follower_m.stop()


async def test_a_divergent_tail_is_truncated_by_leader_epoch_and_stays_so_after_a_restart(tmp_path):
    leader_m, follower_m, old_leader, new_leader = await two_logs(tmp_path)
    try:
        # Epoch 1: both replicas hold 18 offsets; then the old leader writes 9 more nobody copies.
        old_leader.become_leader(1)
        for i in range(6):
            await old_leader.append(batch(3, f"common{i}"))
        await copy(old_leader, new_leader)
        for i in range(3):
            await old_leader.append(batch(3, f"lost{i}"))
        # Epoch 2: the other replica leads and takes its own writes at the same offsets.
        new_leader.become_leader(2)
        for i in range(4):
            await new_leader.append(batch(3, f"new{i}"))
        # The old leader asks where its latest epoch (1) ends on the new leader: 18.
        epoch, end = new_leader.epochs.end_offset_for(old_leader.epochs.latest_epoch, new_leader.next_offset)
        assert (epoch, end) == (1, 18)
        await old_leader.truncate_to(end)
        assert old_leader.next_offset == old_leader.written_offset == 18 and old_leader.epochs.entries == [
            (1, 0)
        ]
        await copy(new_leader, old_leader)
        assert files(old_leader) == files(new_leader)
        assert old_leader.epochs.entries == [(1, 0), (2, 18)]
    finally:
        await leader_m.stop()
        await follower_m.stop()
    # After a restart the truncated log and its epoch checkpoint agree.
    again = LogManager([tmp_path / "leader"])
    await again.load(lambda topic: LogConfig(segment_bytes=600))
    try:
        lg = again.get("t", 0)
        assert lg.next_offset == 30 and lg.epochs.entries == [(1, 0), (2, 18)]
        records = [v async for _, v in lg.read_records()]
        assert (
            not any(v.startswith(b"lost") for v in records)
            and sum(v.startswith(b"new") for v in records) == 12
        )
    finally:
        await again.stop()


async def test_truncation_of_a_follower_forgets_the_cut_producer_batches(tmp_path):
    leader_m, follower_m, leader, follower = await two_logs(tmp_path)
    try:
        data = build_batch(
            [Record(offset_delta=0, key=b"k", value=b"v")], producer_id=5, producer_epoch=0, base_sequence=0
        )
        await leader.append(data)
        await leader.append(
            build_batch(
                [Record(offset_delta=0, key=b"k", value=b"w")],
                producer_id=5,
                producer_epoch=0,
                base_sequence=1,
            )
        )
        await copy(leader, follower)
        assert follower.producer_state.producers[5].last_seq == 1
        await follower.truncate_to(1)
        assert follower.producer_state.producers[5].last_seq == 0
        await follower.truncate_to(0)
        assert 5 not in follower.producer_state.producers
    finally:
        await leader_m.stop()
        await follower_m.stop()


@pytest.mark.parametrize("ending", ["leadership", "deletion"])
async def test_a_wait_for_replication_ends_with_the_leadership(tmp_path, ending):
    """The defect this guards against: a leader's append, waiting for the high watermark, was
    acknowledged after the replica became a follower, truncated it, and copied the new leader's
    record to the same offset. A replica moved away by a reassignment (or its topic deleted) while
    an acks=all produce waits: NOT_LEADER_OR_FOLLOWER as Kafka's delayed produce, so the client
    looks the leader up again (KAFKA_STORAGE_ERROR would say the disk failed)."""
    leader_m, follower_m, leader, _ = await two_logs(tmp_path)
    try:
        leader.replicated = True
        leader.become_leader(4)
        info = await leader.append_batches(validate_batches(batch(1, "mine"), max_message_bytes=1 << 20))
        wait = asyncio.ensure_future(leader.wait_high_watermark(info.last_offset + 1, 4))
        await asyncio.sleep(0)
        assert not wait.done()
        if ending == "leadership":
            leader.become_follower()
        else:
            await leader.delete()
        with pytest.raises(LogError) as e:
            await wait
        assert e.value.error_code == ErrorCode.NOT_LEADER_OR_FOLLOWER
        if ending == "leadership":
            # A wait for an append of an older epoch fails too, even once leading again.
            leader.become_leader(5)
            with pytest.raises(LogError):
                await leader.wait_high_watermark(info.last_offset + 1, 4)
    finally:
        await leader_m.stop()
        await follower_m.stop()

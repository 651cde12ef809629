"""The share coordinator's shard, sans I/O: records and answers, fencing, snapshot/update replay,
merging and the snapshot cadence; and its runtime over an in-memory log: answers only once the
records are durable, and a restart (a new shard loading the same log) has the same state."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from broker.share.coordinator.runtime import ShareCoordinatorRuntime
from broker.share.coordinator.service import (
    ShareCoordinatorConfig,
    ShareCoordinatorService,
    share_coordinator_partition,
)
from broker.share.coordinator.shard import ShareCoordinatorShard, merge_batches
from broker.share.coordinator.state_log import MemoryStateLog
from protocol.errors import ErrorCode as E
from protocol.share_state_records import Batch, ShareSnapshot, ShareStateRecordType, ShareUpdate, StateKey
from tests.helpers import async_wait_until

TOPIC = uuid.UUID(int=7)
KEY = StateKey("g", TOPIC, 0)
ACKED, ARCHIVED, AVAILABLE = 2, 4, 0


def applied(shard: ShareCoordinatorShard, result):  # type: ignore[no-untyped-def]
    for record in result.records:
        shard.replay(record)
    return result.answer


def test_merge_new_wins_start_prunes_neighbours_join() -> None:
    old = (Batch(0, 9, AVAILABLE, 1), Batch(10, 19, ACKED, 1))
    new = (Batch(5, 12, ACKED, 1),)
    assert merge_batches(old, new, 3) == (Batch(3, 4, AVAILABLE, 1), Batch(5, 19, ACKED, 1))
    # ranges, not offsets: a batch of a billion offsets merges at once
    assert merge_batches((Batch(0, 10**9, ARCHIVED, 1),), (Batch(10, 10, ACKED, 2),), 0) == (
        Batch(0, 9, ARCHIVED, 1),
        Batch(10, 10, ACKED, 2),
        Batch(11, 10**9, ARCHIVED, 1),
    )
    assert merge_batches(old, (), 20) == ()


def test_uninitialized_read_and_write_are_invalid() -> None:
    shard = ShareCoordinatorShard(0)
    assert shard.read(KEY, 0).answer.error == E.INVALID_REQUEST
    assert shard.write(KEY, 0, 0, -1, []).answer.error == E.INVALID_REQUEST
    summary = shard.read_summary(KEY, 0)
    assert summary.error == E.NONE and summary.state is not None and summary.state.start_offset == -1
    assert shard.delete(KEY).records == []  # nothing to delete: nothing written
    assert shard.initialize(StateKey("g", TOPIC, -1), 0, 0).answer.error == E.INVALID_REQUEST


def test_initialize_write_read_and_state_changes_only_by_replay() -> None:
    shard = ShareCoordinatorShard(0, clock=lambda: 1000)
    result = shard.initialize(KEY, 1, 100)
    assert [r.type for r in result.records] == [ShareStateRecordType.SHARE_SNAPSHOT]
    assert KEY not in shard.states  # not before the record is written and replayed
    applied(shard, result)
    answer = applied(shard, shard.read(KEY, 5))  # leader epoch 5 claims it: an update is written
    assert answer.state is not None and answer.state.start_offset == 100
    assert shard.states[KEY].leader_epoch == 5
    write = shard.write(KEY, 1, 5, 105, [Batch(105, 109, ACKED, 1), Batch(110, 110, ARCHIVED, 5)])
    assert isinstance(write.records[0].value, ShareUpdate)
    applied(shard, write)
    state = shard.states[KEY]
    assert (state.start_offset, state.batches) == (
        105,
        (Batch(105, 109, ACKED, 1), Batch(110, 110, ARCHIVED, 5)),
    )
    # start offset -1 keeps the stored one; batches below the start are dropped
    applied(shard, shard.write(KEY, 1, 5, 110, []))
    assert shard.states[KEY].batches == (Batch(110, 110, ARCHIVED, 5),)
    applied(shard, shard.write(KEY, 1, 5, -1, [Batch(111, 111, ACKED, 1)]))
    assert shard.states[KEY].start_offset == 110


def test_fencing() -> None:
    shard = ShareCoordinatorShard(0)
    applied(shard, shard.initialize(KEY, 3, 0))
    applied(shard, shard.read(KEY, 4))
    assert shard.read(KEY, 3).answer.error == E.FENCED_LEADER_EPOCH  # an older leader
    assert shard.write(KEY, 3, 3, -1, []).answer.error == E.FENCED_LEADER_EPOCH
    assert shard.write(KEY, 2, 4, -1, []).answer.error == E.FENCED_STATE_EPOCH
    assert shard.initialize(KEY, 2, 0).answer.error == E.FENCED_STATE_EPOCH
    assert shard.read_summary(KEY, 3).error == E.NONE  # a summary fences nothing (as Kafka's)
    assert shard.write(KEY, -1, -1, -1, []).answer.error == E.NONE  # -1: not checked
    assert shard.read(KEY, 4).records == []  # the same leader again: nothing to write
    # a new state epoch restarts the state, not the fence: older leaders stay out (leaderEpochMap)
    applied(shard, shard.initialize(KEY, 5, 100))
    assert shard.states[KEY].leader_epoch == -1
    assert shard.read(KEY, 3).answer.error == E.FENCED_LEADER_EPOCH
    assert shard.initialize(KEY, 4, 0).answer.error == E.FENCED_STATE_EPOCH


def test_snapshot_every_n_updates_and_replay_of_snapshot_plus_updates() -> None:
    shard = ShareCoordinatorShard(0, records_per_snapshot=3)
    applied(shard, shard.initialize(KEY, 0, 0))
    types = []
    for i in range(8):
        result = shard.write(KEY, 0, 0, -1, [Batch(i, i, ACKED, 1)])
        types.append(result.records[0].type)
        applied(shard, result)
    U, S = ShareStateRecordType.SHARE_UPDATE, ShareStateRecordType.SHARE_SNAPSHOT
    assert types == [U, U, U, S, U, U, U, S]
    assert shard.states[KEY].batches == (Batch(0, 7, ACKED, 1),)
    assert shard.states[KEY].snapshot_epoch == 2


def test_unknown_topic_or_partition() -> None:
    shard = ShareCoordinatorShard(0, topic_partitions=lambda t: 2 if t == TOPIC else None)
    assert shard.initialize(StateKey("g", TOPIC, 2), 0, 0).answer.error == E.UNKNOWN_TOPIC_OR_PARTITION
    assert (
        shard.initialize(StateKey("g", uuid.UUID(int=8), 0), 0, 0).answer.error
        == E.UNKNOWN_TOPIC_OR_PARTITION
    )
    assert shard.initialize(StateKey("g", TOPIC, 1), 0, 0).answer.error == E.NONE


def test_delete_writes_a_tombstone() -> None:
    shard = ShareCoordinatorShard(0)
    applied(shard, shard.initialize(KEY, 0, 0))
    result = shard.delete(KEY)
    assert result.records[0].value is None and result.records[0].type == ShareStateRecordType.SHARE_SNAPSHOT
    applied(shard, result)
    assert KEY not in shard.states


def test_partition_for_is_kafkas_hash_of_the_coordinator_key() -> None:
    # Utils.abs("g:AAAAAAAAAAAAAAAAAAAABw:0".hashCode()) % 50, the Java String hash worked out:
    from broker.group.placement import java_string_hashcode, kafka_abs

    key = "g:AAAAAAAAAAAAAAAAAAAABw:0"
    h = 0
    for c in key:
        h = (31 * h + ord(c)) % 2**32
    h = h - 2**32 if h >= 2**31 else h
    assert java_string_hashcode(key) == h
    assert share_coordinator_partition("g", TOPIC, 0, 50) == kafka_abs(h) % 50


# -- the runtime ------------------------------------------------------------------------------


async def test_answers_only_once_durable_and_reload_gives_the_same_state() -> None:
    state_log = MemoryStateLog()
    runtime = ShareCoordinatorRuntime(ShareCoordinatorShard(0, records_per_snapshot=2), state_log)
    await runtime.load()
    shard = runtime.shard
    assert (await runtime.run(KEY, lambda: shard.initialize(KEY, 1, 10))).error == E.NONE
    state_log.gate = asyncio.Event()
    pending = asyncio.ensure_future(
        runtime.run(KEY, lambda: shard.write(KEY, 1, 0, -1, [Batch(10, 12, ACKED, 1)]))
    )
    await async_wait_until(lambda: state_log.gated == 1, what="the write in flight")
    assert not pending.done() and shard.states[KEY].batches == ()  # not durable: not applied, not answered
    state_log.gate.set()
    assert (await pending).error == E.NONE
    for i in range(13, 20):
        await runtime.run(KEY, lambda i=i: shard.write(KEY, 1, 0, -1, [Batch(i, i, ARCHIVED, 2)]))  # type: ignore[misc]
    before = shard.states[KEY]
    again = ShareCoordinatorRuntime(ShareCoordinatorShard(0, records_per_snapshot=2), state_log)
    await again.load()
    assert again.shard.states[KEY] == before
    assert before.batches == (Batch(10, 12, ACKED, 1), Batch(13, 19, ARCHIVED, 2))


async def test_failed_write_changes_nothing_and_answers_kafkas_error() -> None:
    state_log = MemoryStateLog()
    runtime = ShareCoordinatorRuntime(ShareCoordinatorShard(0), state_log)
    await runtime.load()
    state_log.fail_with = E.NOT_LEADER_OR_FOLLOWER
    answer = await runtime.run(KEY, lambda: runtime.shard.initialize(KEY, 0, 0))
    assert answer.error == E.NOT_COORDINATOR and KEY not in runtime.shard.states
    state_log.fail_with = E.NOT_ENOUGH_REPLICAS
    assert (
        await runtime.run(KEY, lambda: runtime.shard.initialize(KEY, 0, 0))
    ).error == E.COORDINATOR_NOT_AVAILABLE


async def test_requests_of_one_key_run_in_order() -> None:
    state_log = MemoryStateLog()
    runtime = ShareCoordinatorRuntime(ShareCoordinatorShard(0, records_per_snapshot=1), state_log)
    await runtime.load()
    shard = runtime.shard
    await runtime.run(KEY, lambda: shard.initialize(KEY, 0, 0))
    writes = [
        runtime.run(KEY, lambda i=i: shard.write(KEY, 0, 0, -1, [Batch(i, i, ACKED, 1)]))  # type: ignore[misc]
        for i in range(6)
    ]
    assert all(a.error == E.NONE for a in await asyncio.gather(*writes))
    # every write kept, though snapshots (whole states) alternate with updates
    assert shard.states[KEY].batches == (Batch(0, 5, ACKED, 1),)


async def test_service_routes_and_answers_load_in_progress_and_not_coordinator() -> None:
    state_log = MemoryStateLog()
    service = ShareCoordinatorService(ShareCoordinatorConfig(), 4, state_log, owned=())
    assert (await service.read(KEY, 0)).error == E.COORDINATOR_NOT_AVAILABLE
    await service.start()
    assert (await service.read(KEY, 0)).error == E.NOT_COORDINATOR
    p = service.partition_for(KEY)
    await service.set_owned({p})
    await service.wait_loaded()
    assert (await service.initialize(KEY, 0, 5)).error == E.NONE
    answer = await service.read(KEY, 1)
    assert answer.state is not None and answer.state.start_offset == 5
    await service.set_owned(set())
    assert (await service.read(KEY, 1)).error == E.NOT_COORDINATOR
    await service.set_owned({p})
    await service.wait_loaded()
    answer = await service.read(KEY, 1)
    assert answer.error == E.NONE and answer.state is not None and answer.state.leader_epoch == 1
    await service.stop()


@pytest.mark.parametrize("value", [ShareSnapshot(0, 0, 0, 0, 0, 0), ShareUpdate(0, 0, 0)])
def test_values_are_frozen(value: object) -> None:
    with pytest.raises(AttributeError):
        value.snapshot_epoch = 1  # type: ignore[attr-defined]


async def test_pruning_keeps_what_the_state_needs() -> None:
    state_log = MemoryStateLog()
    runtime = ShareCoordinatorRuntime(ShareCoordinatorShard(0, records_per_snapshot=2), state_log)
    await runtime.load()
    shard = runtime.shard
    other = StateKey("h", TOPIC, 1)
    for key in (KEY, other):
        await runtime.run(key, lambda key=key: shard.initialize(key, 0, 0))  # type: ignore[misc]
    for i in range(7):  # KEY: snapshots at offsets 0 and, every 3 writes, again
        await runtime.run(KEY, lambda i=i: shard.write(KEY, 0, 0, -1, [Batch(i, i, ACKED, 1)]))  # type: ignore[misc]
    assert await runtime.prune() == 1  # `other`'s only snapshot is at offset 1: KEY's first goes
    assert await runtime.prune() is None
    await runtime.run(other, lambda: shard.delete(other))
    start = await runtime.prune()
    assert start is not None and start == shard.snapshot_offsets[KEY] > 1
    assert state_log.records[0][0][0] == start
    before = shard.states[KEY]
    again = ShareCoordinatorRuntime(ShareCoordinatorShard(0, records_per_snapshot=2), state_log)
    await again.load()
    assert again.shard.states == {KEY: before}
    assert before.batches == (Batch(0, 6, ACKED, 1),)


async def test_a_cancelled_request_still_has_its_records_replayed() -> None:
    state_log = MemoryStateLog()
    runtime = ShareCoordinatorRuntime(ShareCoordinatorShard(0), state_log)
    await runtime.load()
    shard = runtime.shard
    await runtime.run(KEY, lambda: shard.initialize(KEY, 0, 0))
    state_log.gate = asyncio.Event()
    write = asyncio.ensure_future(
        runtime.run(KEY, lambda: shard.write(KEY, 0, 0, -1, [Batch(0, 3, ACKED, 1)]))
    )
    await async_wait_until(lambda: state_log.gated == 1, what="the write in flight")
    write.cancel()  # the caller went away; the record is in the log all the same
    following = asyncio.ensure_future(runtime.run(KEY, lambda: shard.read(KEY, 0)))
    state_log.gate.set()
    answer = await following  # computed only after the cancelled write was replayed
    assert answer.state is not None and answer.state.batches == (Batch(0, 3, ACKED, 1),)
    assert write.cancelled()

"""Group state changes only once its records are written: a failed write leaves memory exactly
as a reload of the log would rebuild it (DeleteGroups, offset expiry), and timers keep firing
when one of them fails."""

from __future__ import annotations

import asyncio

from broker.group.config import GroupConfig
from broker.group.shard import GroupCoordinatorShard
from broker.group.state import GroupState as S
from broker.offsets import MemoryOffsetsLog
from protocol.errors import ErrorCode as E
from tests.unit.group_harness import Harness, ManualClock

RETENTION = GroupConfig(min_session_timeout_ms=100, max_session_timeout_ms=60_000, initial_rebalance_delay_ms=0,
                        offsets_retention_ms=60_000, offsets_retention_check_interval_ms=1000)


def reloaded(h: Harness) -> GroupCoordinatorShard:
    """A shard restarted on what `h` wrote."""
    fresh = GroupCoordinatorShard(0, h.config, ManualClock())
    fresh.load(h.written)
    return fresh


def test_delete_groups_whose_write_fails_leaves_the_group_as_it_was() -> None:
    h = Harness()
    h.result(h.commit("g", {("t", 0): 1, ("t", 1): 2}))
    h.auto_append = False
    w = h.call("delete_groups", ["g"])
    assert not h.answered(w)  # answered once written
    h.complete_appends(E.KAFKA_STORAGE_ERROR)
    assert h.result(w) == [("g", E.NOT_COORDINATOR)]
    # In memory: the group and its offsets are still there...
    assert h.shard.groups["g"].state is S.EMPTY
    assert [g.group_id for g in h.shard.list_groups()] == ["g"]
    assert h.fetch("g", [("t", [0, 1])]) == {("t", 0): 1, ("t", 1): 2}
    # ...and a restart on the log rebuilds the same.
    fresh = reloaded(h)
    assert fresh.groups["g"].state is S.EMPTY
    assert {(t, p.partition): p.offset for t, ps in fresh.fetch_offsets("g", None).topics for p in ps} == \
        {("t", 0): 1, ("t", 1): 2}
    # A retry that is written deletes it, in memory and in the log.
    h.auto_append = True
    assert h.result(h.call("delete_groups", ["g"])) == [("g", E.NONE)]
    assert "g" not in h.shard.groups and h.fetch("g", [("t", [0])]) == {("t", 0): -1}
    assert "g" not in reloaded(h).groups


def test_offset_expiry_whose_write_fails_retries_and_ends_consistent() -> None:
    h = Harness(RETENTION)
    h.shard.load([])  # arms the periodic retention check
    (m,) = h.form_group(1, group="gone")
    h.result(h.commit("gone", {("t", 0): 5}, generation=1, member_id=m))
    h.leave("gone", (m, None))  # the group is Empty from now
    h.result(h.commit("simple", {("t", 0): 3}))
    h.auto_append = False
    h.advance(RETENTION.offsets_retention_ms + 1000)  # past the retention: the check writes tombstones
    assert h.held
    h.complete_appends(E.KAFKA_STORAGE_ERROR)
    # Nothing was written, so nothing changed: the groups and their offsets stay.
    assert set(h.shard.groups) == {"gone", "simple"}
    assert h.fetch("gone", [("t", [0])]) == {("t", 0): 5} and h.fetch("simple", [("t", [0])]) == {("t", 0): 3}
    # The next check retries, and this time it is written.
    h.auto_append = True
    h.advance(RETENTION.offsets_retention_check_interval_ms)
    assert not h.shard.groups
    assert h.fetch("gone", [("t", [0])]) == {("t", 0): -1} and h.fetch("simple", [("t", [0])]) == {("t", 0): -1}
    # Memory and the log agree: a restart rebuilds no group and no offset.
    fresh = reloaded(h)
    assert not fresh.groups and fresh.fetch_offsets("gone", None).topics == []
    assert fresh.fetch_offsets("simple", None).topics == []


def test_a_timer_action_that_raises_does_not_stop_the_others_due_with_it() -> None:
    h = Harness()
    ran: list[str] = []

    def fails() -> None:
        raise RuntimeError("a defect in one action")

    due = h.clock.mono + 10
    h.shard.timers.schedule(("test", "first"), due, lambda: ran.append("first"))
    h.shard.timers.schedule(("test", "fails"), due, fails)
    h.shard.timers.schedule(("test", "last"), due, lambda: ran.append("last"))
    h.clock.mono = due
    assert h.shard.fire_timers() == 3
    assert ran == ["first", "last"]


async def test_a_failed_delete_keeps_the_group_in_the_running_broker_and_after_a_restart() -> None:
    from broker.group.events import CommitPartition, OffsetCommit
    from broker.group.service import GroupCoordinatorService

    config = GroupConfig(min_session_timeout_ms=100, max_session_timeout_ms=60_000, initial_rebalance_delay_ms=0)
    log = MemoryOffsetsLog()
    svc = GroupCoordinatorService(config, 3, log)
    await svc.start()
    await svc.wait_loaded()
    try:
        assert await svc.commit_offsets(OffsetCommit("g", topics=[("t", [CommitPartition(0, 7)])])) == \
            [("t", [(0, E.NONE)])]
        log.fail_with = int(E.KAFKA_STORAGE_ERROR)
        assert await svc.delete_groups(["g"]) == [("g", E.NOT_COORDINATOR)]
        log.fail_with = None
        assert svc.describe_groups(["g"], 5)[0].state == "Empty"
        assert (await svc.fetch_offsets("g", [("t", [0])])).topics[0][1][0].offset == 7
    finally:
        await svc.stop()
    again = GroupCoordinatorService(config, 3, log)
    await again.start()
    await again.wait_loaded()
    try:
        assert again.describe_groups(["g"], 5)[0].state == "Empty"
        assert (await again.fetch_offsets("g", [("t", [0])])).topics[0][1][0].offset == 7
    finally:
        await again.stop()
    await asyncio.sleep(0)

"""The share-partition state machine (broker/share/partition.py), without I/O: acquisition,
acknowledgement, lock expiry, the delivery count limit, the record lock limit and the start
offset, with a hypothesis state machine checking the invariants under any interleaving."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from broker.share.partition import (
    AcknowledgementBatch,
    AcquiredRecords,
    FetchedBatch,
    SharePartition,
    SharePartitionConfig,
    Update,
)
from broker.share.partition import (
    AcknowledgeType as A,
)
from broker.share.persister import DeliveryState as S
from broker.share.persister import ShareState, StateBatch, merge_batches
from protocol.errors import ErrorCode as E

CONFIG = SharePartitionConfig(lock_duration_ms=1000, delivery_count_limit=3, max_record_locks=100)


def batches(*ranges: tuple[int, int]) -> list[FetchedBatch]:
    return [FetchedBatch(a, b) for a, b in ranges]


def ack(first: int, last: int, *types: int) -> AcknowledgementBatch:
    return AcknowledgementBatch(first, last, tuple(types))


def test_acquire_takes_new_records_and_counts_a_delivery() -> None:
    sp = SharePartition(0, CONFIG)
    got, update = sp.acquire("m1", batches((0, 4), (5, 9)), 100, now_ms=0)
    assert got == [AcquiredRecords(0, 9, 1)]
    assert not update  # acquisitions are not written
    assert (sp.start_offset, sp.end_offset) == (0, 10)
    assert all(
        r.state == S.ACQUIRED and r.member_id == "m1" and r.deadline_ms == 1000 for r in sp.records.values()
    )
    # the same records are not acquired twice
    assert sp.acquire("m2", batches((0, 9)), 100, now_ms=1)[0] == []


def test_max_records_and_the_record_lock_limit() -> None:
    sp = SharePartition(0, SharePartitionConfig(max_record_locks=100))
    assert sp.acquire("m", batches((0, 49)), 10, 0)[0] == [AcquiredRecords(0, 9, 1)]
    assert sp.acquire("m", batches((0, 199)), 1000, 0)[0] == [AcquiredRecords(10, 99, 1)]
    assert sp.end_offset == 100 and not sp.can_acquire()
    assert sp.acquire("m", batches((100, 199)), 1000, 0)[0] == []
    # accepting the head frees room: the window (SPEO - SPSO) is what is limited
    assert sp.acknowledge("m", [ack(0, 9, A.ACCEPT)], 0)[0] == E.NONE
    assert sp.start_offset == 10 and sp.can_acquire()
    assert sp.acquire("m", batches((100, 199)), 1000, 0)[0] == [AcquiredRecords(100, 109, 1)]


def test_accept_release_reject_and_gap() -> None:
    sp = SharePartition(0, CONFIG)
    sp.acquire("m", batches((0, 7)), 100, 0)
    error, update = sp.acknowledge(
        "m", [ack(0, 3, A.ACCEPT, A.RELEASE, A.REJECT, A.GAP), ack(4, 7, A.ACCEPT)], now_ms=5
    )
    assert error == E.NONE
    assert sp.start_offset == 1  # offset 0 accepted; 1 released (AVAILABLE) stops the start offset
    assert [sp.records[o].state for o in range(1, 8)] == [S.AVAILABLE, S.ARCHIVED, S.ARCHIVED] + [
        S.ACKNOWLEDGED
    ] * 4
    assert update.start_offset == 1 and update.moved
    assert update.batches() == (
        StateBatch(1, 1, S.AVAILABLE, 1),
        StateBatch(2, 3, S.ARCHIVED, 1),
        StateBatch(4, 7, S.ACKNOWLEDGED, 1),
    )
    # the released record comes back, delivered a second time, once its release is durable:
    # before, a crash could hand it out again with delivery count 1 after this delivery's 2
    assert sp.next_fetch_offset() == 8
    assert sp.acquire("m2", batches((0, 7)), 100, 10)[0] == []
    assert sp.settle(update)
    assert sp.next_fetch_offset() == 1
    assert sp.acquire("m2", batches((0, 7)), 100, 10)[0] == [AcquiredRecords(1, 1, 2)]
    assert sp.acknowledge("m2", [ack(1, 1, A.ACCEPT)], 11)[0] == E.NONE
    assert (sp.start_offset, sp.end_offset, sp.records) == (8, 8, {})


def test_acknowledging_what_the_member_does_not_hold_changes_nothing() -> None:
    sp = SharePartition(0, CONFIG)
    sp.acquire("m1", batches((0, 4)), 3, 0)  # 0-2 to m1
    sp.acquire("m2", batches((0, 4)), 100, 0)  # 3-4 to m2
    before = {o: (r.state, r.member_id, r.delivery_count) for o, r in sp.records.items()}
    cases = [
        [ack(3, 3, A.ACCEPT)],  # another member's
        [ack(0, 1, A.ACCEPT), ack(3, 3, A.ACCEPT)],  # partly another member's: all refused
        [ack(0, 0, A.ACCEPT), ack(0, 0, A.ACCEPT)],  # the same offset twice
    ]
    for acks in cases:
        assert sp.acknowledge("m1", acks, 0)[0] == E.INVALID_RECORD_STATE
    for acks in (
        [ack(1, 0, A.ACCEPT)],
        [ack(0, 2, A.ACCEPT, A.ACCEPT)],
        [ack(0, 0, 9)],
        [ack(0, 0, A.RENEW)],  # renewing is for requests that say so
        [ack(0, 0, A.ACCEPT), ack(4, 5, A.ACCEPT)],  # past the end
    ):
        assert sp.acknowledge("m1", acks, 0)[0] == E.INVALID_REQUEST
    assert {o: (r.state, r.member_id, r.delivery_count) for o, r in sp.records.items()} == before
    sp.acknowledge("m1", [ack(0, 2, A.ACCEPT)], 0)
    assert sp.acknowledge("m1", [ack(0, 0, A.ACCEPT)], 0)[0] == E.INVALID_RECORD_STATE  # below SPSO


def test_locks_expire_and_renew_extends_them() -> None:
    sp = SharePartition(0, CONFIG)
    sp.acquire("m", batches((0, 3)), 100, now_ms=0)
    assert sp.next_deadline() == 1000
    assert sp.acknowledge("m", [ack(2, 3, A.RENEW)], now_ms=900, renew=True)[0] == E.NONE
    assert not sp.expire(999)
    update = sp.expire(1000)
    assert update.batches() == (StateBatch(0, 1, S.AVAILABLE, 1),)
    assert [sp.records[o].state for o in range(4)] == [S.AVAILABLE, S.AVAILABLE, S.ACQUIRED, S.ACQUIRED]
    assert sp.acknowledge("m", [ack(0, 0, A.ACCEPT)], 1000)[0] == E.INVALID_RECORD_STATE  # lost it
    assert sp.expire(1900).batches() == (StateBatch(2, 3, S.AVAILABLE, 1),)


def test_delivery_count_limit_archives() -> None:
    sp = SharePartition(0, CONFIG)  # limit 3
    for delivery in (1, 2):
        assert sp.acquire("m", batches((0, 0)), 100, 0)[0] == [AcquiredRecords(0, 0, delivery)]
        sp.settle(sp.acknowledge("m", [ack(0, 0, A.RELEASE)], 0)[1])
        assert sp.records[0].state == S.AVAILABLE
    assert sp.acquire("m", batches((0, 0)), 100, 0)[0] == [AcquiredRecords(0, 0, 3)]
    update = sp.expire(10_000)  # an expired lock counts as a release
    assert (sp.start_offset, update.start_offset, update.moved) == (1, 1, True)
    assert sp.acquire("m", batches((0, 0)), 100, 0)[0] == []


def test_skipped_batches_and_holes_are_archived() -> None:
    sp = SharePartition(0, CONFIG)
    got, _ = sp.acquire(
        "m", [FetchedBatch(0, 1), FetchedBatch(2, 2, skipped=True), FetchedBatch(5, 6)], 100, 0
    )
    assert got == [AcquiredRecords(0, 1, 1), AcquiredRecords(5, 6, 1)]
    assert [sp.records[o].state for o in (2, 3, 4)] == [S.ARCHIVED] * 3
    sp.acknowledge("m", [ack(0, 1, A.ACCEPT)], 0)
    assert sp.start_offset == 5


def test_release_member_and_move_start() -> None:
    sp = SharePartition(0, CONFIG)
    sp.acquire("a", batches((0, 1)), 100, 0)
    sp.acquire("b", batches((0, 3)), 100, 0)
    assert sp.release_member("a").batches() == (StateBatch(0, 1, S.AVAILABLE, 1),)
    assert sp.acquired_by("b") == [2, 3]
    update = sp.move_start(3)
    assert update.moved and (sp.start_offset, sp.end_offset) == (3, 4)
    assert sp.move_start(10).start_offset == 10 and sp.end_offset == 10


def test_from_state_makes_acquired_available_and_keeps_counts() -> None:
    state = ShareState(
        1,
        10,
        0,
        (
            StateBatch(8, 10, S.ACKNOWLEDGED, 1),  # partly below the start offset
            StateBatch(12, 12, S.ACQUIRED, 2),
            StateBatch(13, 13, S.ARCHIVED, 5),
        ),
    )
    sp = SharePartition.from_state(state, CONFIG)
    assert (sp.start_offset, sp.end_offset) == (11, 14)
    assert [(sp.records[o].state, sp.records[o].delivery_count) for o in (11, 12, 13)] == [
        (S.AVAILABLE, 0),
        (S.AVAILABLE, 2),
        (S.ARCHIVED, 5),
    ]
    assert sp.acquire("m", batches((11, 20)), 100, 0)[0] == [
        AcquiredRecords(11, 11, 1),
        AcquiredRecords(12, 12, 3),
        AcquiredRecords(14, 20, 1),
    ]


MEMBERS = st.sampled_from(["a", "b", "c"])


class SharePartitionMachine(RuleBasedStateMachine):
    """Any interleaving of acquisitions, acknowledgements and expiries: every record is
    accepted at most once, the start offset never passes a record not final, delivery counts
    never pass the limit, an acquired record has exactly one holder, and the state the updates
    wrote (as the persister merges them) restores the share-partition but for its acquisitions."""

    def __init__(self) -> None:
        super().__init__()
        self.config = SharePartitionConfig(lock_duration_ms=100, delivery_count_limit=3, max_record_locks=100)
        self.sp = SharePartition(0, self.config)
        self.now = 0
        self.log_end = 0
        self.accepted: set[int] = set()
        self.finals: dict[int, S] = {}
        self.persisted = ShareState(0, 0)

    def write(self, update: Update) -> None:
        if update:
            start = update.start_offset
            batches = merge_batches(self.persisted.batches, update.batches(), start)
            self.persisted = ShareState(0, start, 0, batches)

    @rule(n=st.integers(1, 30))
    def produce(self, n: int) -> None:
        self.log_end += n

    @rule(member=MEMBERS, max_records=st.integers(1, 50))
    def acquire(self, member: str, max_records: int) -> None:
        start = self.sp.next_fetch_offset()
        if start >= self.log_end:
            return
        got, update = self.sp.acquire(member, batches((start, self.log_end - 1)), max_records, self.now)
        self.write(update)
        assert sum(a.last_offset - a.first_offset + 1 for a in got) <= max_records
        for a in got:
            for o in range(a.first_offset, a.last_offset + 1):
                assert o not in self.finals
                assert 1 <= a.delivery_count <= self.config.delivery_count_limit

    @precondition(lambda self: any(self.sp.acquired_by(m) for m in "abc"))
    @rule(
        member=MEMBERS,
        kind=st.sampled_from([A.ACCEPT, A.RELEASE, A.REJECT, A.GAP, A.RENEW]),
        data=st.data(),
    )
    def acknowledge(self, member: str, kind: A, data: st.DataObject) -> None:
        held = self.sp.acquired_by(member) or self.sp.acquired_by("a") or self.sp.acquired_by("b")
        offset = data.draw(st.sampled_from(held or [0]))
        holder = self.sp.records[offset].member_id if offset in self.sp.records else None
        error, update = self.sp.acknowledge(member, [ack(offset, offset, kind)], self.now, renew=True)
        self.write(update)
        if holder != member:
            assert error == E.INVALID_RECORD_STATE
            return
        assert error == E.NONE
        if kind == A.ACCEPT:
            assert offset not in self.accepted
            self.accepted.add(offset)
            self.finals[offset] = S.ACKNOWLEDGED
        elif kind in (A.REJECT, A.GAP):
            self.finals[offset] = S.ARCHIVED

    @rule(ms=st.integers(1, 150))
    def tick(self, ms: int) -> None:
        self.now += ms
        self.write(self.sp.expire(self.now))

    @invariant()
    def consistent(self) -> None:
        sp = self.sp
        assert set(sp.records) == set(range(sp.start_offset, sp.end_offset))
        if sp.start_offset < sp.end_offset:
            assert sp.records[sp.start_offset].state not in (S.ACKNOWLEDGED, S.ARCHIVED)
        for o, r in sp.records.items():
            assert r.delivery_count <= self.config.delivery_count_limit
            assert (r.state == S.ACQUIRED) == (r.member_id is not None)
            if o in self.finals:
                assert r.state == self.finals[o]
        assert sp.end_offset - sp.start_offset <= self.config.max_record_locks

    @invariant()
    def written(self) -> None:
        sp = self.sp
        restored = SharePartition.from_state(self.persisted, self.config)
        assert restored.start_offset == sp.start_offset
        for o, r in sp.records.items():
            expected = (
                (S.AVAILABLE, r.delivery_count - 1) if r.state == S.ACQUIRED else (r.state, r.delivery_count)
            )
            back = restored.records.get(o)
            got = (back.state, back.delivery_count) if back is not None else (S.AVAILABLE, 0)
            assert got == expected, (o, got, expected)


SharePartitionMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)
TestSharePartitionMachine = SharePartitionMachine.TestCase

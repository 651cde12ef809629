"""ShareFetch and ShareAcknowledge against an in-process broker, in raw frames (the project's
codecs): acquisition and acknowledgement, long polling, lock expiry, the share session rules, the
persisted state across a restart, and bad input, each answered with Kafka's error code and
changing nothing in the share state."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from typing import Any

import pytest

from broker.apis.context import Node
from broker.broker import Broker
from broker.share.partition import AcknowledgeType as A
from broker.share.persister import DeliveryState as S
from broker.share.persister import InMemoryPersister, PartitionKey, PersisterError, StateBatch
from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from protocol.records import Record, build_batch, iter_batches
from tests.helpers import RawConnection, async_wait_until, broker_config

SHARE = {
    "group_share_enable": "true",
    "group_share_min_session_timeout_ms": "1000",
    "group_share_session_timeout_ms": "10000",
    "group_share_min_heartbeat_interval_ms": "100",
    "group_share_heartbeat_interval_ms": "300",
}


class Env:
    def __init__(self, broker: Broker, conn: RawConnection, persister: InMemoryPersister) -> None:
        self.broker, self.conn, self.persister = broker, conn, persister
        self.tid: uuid.UUID = broker.topics.topics["t"].topic_id
        self.epochs: dict[str, int] = {}

    async def produce(self, n: int, partition: int = 0) -> None:
        lg = self.broker.topics.log("t", partition)
        assert lg is not None
        await lg.append_records([(None, b"v%d" % i) for i in range(n)])

    async def join(self, member: str, group: str = "g") -> None:
        body = {"group_id": group, "member_id": member, "member_epoch": 0, "subscribed_topic_names": ["t"]}
        r = await self.conn.request(ApiKey.SHARE_GROUP_HEARTBEAT, 1, body)
        assert r.error_code == E.NONE

    async def fetch(
        self,
        member: str,
        epoch: int | None = None,
        acks: list[tuple[int, int, list[int]]] | None = None,
        partitions: tuple[int, ...] = (0,),
        max_wait_ms: int = 0,
        max_records: int = 500,
        group: str = "g",
        topic_id: uuid.UUID | None = None,
        version: int = 1,
        batch_size: int | None = None,
        exact: bool = False,
        **extra: Any,
    ) -> Any:
        """A ShareFetch (v1, as librdkafka sends; `exact`: v2 in record-limit mode)."""
        if exact:
            version, extra = 2, {**extra, "share_acquire_mode": 1}
        epoch = self.epochs.get(member, 0) if epoch is None else epoch
        batches = [{"first_offset": a, "last_offset": b, "acknowledge_types": t} for a, b, t in acks or []]
        body = {
            "group_id": group,
            "member_id": member,
            "share_session_epoch": epoch,
            "max_wait_ms": max_wait_ms,
            "min_bytes": 1,
            "max_bytes": 1 << 20,
            "max_records": max_records,
            "batch_size": max_records if batch_size is None else batch_size,
            "topics": [
                {
                    "topic_id": topic_id or self.tid,
                    "partitions": [
                        {
                            "partition_index": p,
                            "acknowledgement_batches": batches if p == partitions[0] else [],
                        }
                        for p in partitions
                    ],
                }
            ],
            "forgotten_topics_data": [],
            **extra,
        }
        r = await self.conn.request(ApiKey.SHARE_FETCH, version, body)
        if r.error_code == E.NONE:
            self.epochs[member] = 1 if epoch <= 0 else epoch + 1
        return r

    async def acknowledge(
        self,
        member: str,
        acks: list[tuple[int, int, list[int]]],
        epoch: int | None = None,
        version: int = 1,
        renew: bool | None = None,
    ) -> Any:
        epoch = self.epochs.get(member, 0) if epoch is None else epoch
        body = {
            "group_id": "g",
            "member_id": member,
            "share_session_epoch": epoch,
            "is_renew_ack": any(A.RENEW in t for _, _, t in acks) if renew is None else renew,
            "topics": [
                {
                    "topic_id": self.tid,
                    "partitions": [
                        {
                            "partition_index": 0,
                            "acknowledgement_batches": [
                                {"first_offset": a, "last_offset": b, "acknowledge_types": t}
                                for a, b, t in acks
                            ],
                        }
                    ],
                }
            ],
        }
        r = await self.conn.request(ApiKey.SHARE_ACKNOWLEDGE, version, body)
        if r.error_code == E.NONE and epoch > 0:
            self.epochs[member] = epoch + 1
        return r

    def state(self, partition: int = 0) -> Any:
        return self.persister.states.get(PartitionKey("g", self.tid.bytes, partition))


def acquired(r: Any, partition: int = 0) -> list[tuple[int, int, int]]:
    return [
        (a.first_offset, a.last_offset, a.delivery_count)
        for t in r.responses
        for p in t.partitions
        if p.partition_index == partition
        for a in p.acquired_records
    ]


def part(r: Any, partition: int = 0) -> Any:
    (p,) = [p for t in r.responses for p in t.partitions if p.partition_index == partition]
    return p


@pytest.fixture
async def env(tmp_path: Path):
    persister = InMemoryPersister()
    broker = Broker(broker_config(tmp_path / "data", **SHARE), share_persister=persister)
    await broker.start()
    await broker.topics.create("t", 2)
    broker.share_partitions.group_configs["g"] = {"share.auto.offset.reset": "earliest"}
    conn = await RawConnection.open(broker.bound_port)
    try:
        yield Env(broker, conn, persister)
    finally:
        await conn.close()
        await broker.stop()


async def test_acquire_accept_and_the_start_offset_moves(env: Env) -> None:
    await env.produce(5)
    await env.produce(5)
    await env.join("m1")
    r = await env.fetch("m1")
    assert r.error_code == E.NONE and r.acquisition_lock_timeout_ms == 30_000
    assert acquired(r) == [(0, 9, 1)]
    records = bytes(part(r).records)
    assert [(h.base_offset, h.last_offset) for _, h in iter_batches(records)] == [(0, 4), (5, 9)]
    assert env.state().start_offset == 0  # initialized (earliest), nothing acknowledged yet
    r = await env.fetch("m1", acks=[(0, 3, [A.ACCEPT]), (4, 4, [A.RELEASE])])
    assert part(r).acknowledge_error_code == E.NONE
    # written before the answer: 0-3 accepted (start offset 4), 4 available again
    assert env.state().start_offset == 4
    assert env.state().batches == (StateBatch(4, 4, S.AVAILABLE, 1),)
    assert acquired(r) == [(4, 4, 2)]  # the released record, delivered again in the same fetch


async def test_a_fetch_waits_for_records(env: Env) -> None:
    await env.join("m1")
    assert acquired(await env.fetch("m1")) == []
    waiting = asyncio.ensure_future(env.fetch("m1", max_wait_ms=10_000))
    await asyncio.sleep(0.05)
    assert not waiting.done()
    await env.produce(3, partition=0)
    r = await asyncio.wait_for(waiting, 5)
    assert acquired(r) == [(0, 2, 1)]


async def test_two_members_share_a_partition(env: Env) -> None:
    await env.produce(10)
    await env.join("m1")
    await env.join("m2")
    assert acquired(await env.fetch("m1", max_records=4, exact=True)) == [(0, 3, 1)]
    assert acquired(await env.fetch("m2")) == [(4, 9, 1)]
    # m2 releases everything, m1 gets it
    await env.acknowledge("m2", [(4, 9, [A.RELEASE])])
    assert acquired(await env.fetch("m1", acks=[(0, 3, [A.ACCEPT])])) == [(4, 9, 2)]


async def test_locks_expire_and_go_to_another_member(env: Env) -> None:
    env.broker.share_partitions.group_configs["g"]["share.record.lock.duration.ms"] = "200"
    await env.produce(4)
    await env.join("m1")
    await env.join("m2")
    r = await env.fetch("m1")
    assert acquired(r) == [(0, 3, 1)] and r.acquisition_lock_timeout_ms == 200

    async def expired() -> bool:
        return env.state() is not None and env.state().batches == (StateBatch(0, 3, S.AVAILABLE, 1),)

    await async_wait_until(expired, timeout=10, what="the locks expire and are written")
    assert acquired(await env.fetch("m2")) == [(0, 3, 2)]
    r = await env.fetch("m1", acks=[(0, 0, [A.ACCEPT])])  # too late: not m1's any more
    assert part(r).acknowledge_error_code == E.INVALID_RECORD_STATE


async def test_renew_keeps_the_lock(env: Env) -> None:
    # the share-partitions' clock, moved by hand: the locks expire when the test says so
    now = [0]
    env.broker.share_partitions.clock = lambda: now[0]
    env.broker.share_partitions.group_configs["g"]["share.record.lock.duration.ms"] = "300"
    await env.produce(3)
    await env.join("m1")
    assert acquired(await env.fetch("m1", exact=True, max_records=2)) == [(0, 1, 1)]
    for _ in range(4):  # 4 x 200 ms: past the lock duration, renewed each time
        now[0] += 200
        r = await env.acknowledge("m1", [(0, 1, [A.RENEW])], version=2)
        assert r.error_code == E.NONE and r.acquisition_lock_timeout_ms == 300
        assert part(r).error_code == E.NONE
    r = await env.acknowledge("m1", [(0, 1, [A.ACCEPT])])
    assert part(r).error_code == E.NONE and env.state().start_offset == 2
    # without a renewal the lock goes (the expiry timer fires within the lock duration)
    assert acquired(await env.fetch("m1")) == [(2, 2, 1)]
    now[0] += 300

    async def expired() -> bool:
        return env.state().batches == (StateBatch(2, 2, S.AVAILABLE, 1),)

    await async_wait_until(expired, timeout=10, what="the lock expires")
    # renew is a version 2 type: version 1 refuses it
    assert acquired(await env.fetch("m1")) == [(2, 2, 2)]
    r = await env.acknowledge("m1", [(2, 2, [A.RENEW])], version=1)
    assert part(r).error_code == E.INVALID_REQUEST


async def test_renewing_in_a_share_fetch(env: Env) -> None:
    await env.produce(2)
    await env.join("m1")
    assert acquired(await env.fetch("m1")) == [(0, 1, 1)]
    renew = {"is_renew_ack": True, "max_wait_ms": 0, "max_records": 0, "batch_size": 0}
    # KIP-1222: a renewing ShareFetch asks for nothing to fetch
    bad = await env.fetch("m1", acks=[(0, 1, [A.RENEW])], version=2, **{**renew, "max_records": 5})
    assert bad.error_code == E.INVALID_REQUEST
    body = {**renew, "max_bytes": 0, "min_bytes": 0}
    r = await env.fetch("m1", acks=[(0, 1, [A.RENEW])], version=2, **body)
    assert r.error_code == E.NONE and part(r).acknowledge_error_code == E.NONE and acquired(r) == []
    # without IsRenewAck, Renew is refused
    r = await env.acknowledge("m1", [(0, 1, [A.RENEW])], version=2, renew=False)
    assert part(r).error_code == E.INVALID_REQUEST


async def test_acquire_modes(env: Env) -> None:
    await env.produce(5)
    await env.produce(5)
    await env.join("m1")
    await env.join("m2")
    # batch-optimized (v1, and v2's mode 0): the batch where max_records is reached is taken
    # whole, and the ranges come in batch_size units
    assert acquired(await env.fetch("m1", max_records=3, batch_size=2)) == [(0, 1, 1), (2, 3, 1), (4, 4, 1)]
    # record-limit (v2's mode 1): exactly max_records
    r = await env.fetch("m2", max_records=3, batch_size=2, version=2, share_acquire_mode=1)
    assert acquired(r) == [(5, 7, 1)]


async def test_closing_the_session_releases_the_locks(env: Env) -> None:
    await env.produce(3)
    await env.join("m1")
    await env.join("m2")
    assert acquired(await env.fetch("m1")) == [(0, 2, 1)]
    r = await env.fetch("m1", epoch=-1, acks=[(0, 0, [A.ACCEPT])])
    assert r.error_code == E.NONE and part(r).acknowledge_error_code == E.NONE
    assert env.broker.share_partitions.sessions.get("g", "m1") is None
    assert acquired(await env.fetch("m2")) == [(1, 2, 2)]  # released at once: a second delivery
    # a closed session is gone: its next epoch is refused
    assert (await env.fetch("m1", epoch=2)).error_code == E.SHARE_SESSION_NOT_FOUND


async def test_a_closed_connection_ends_its_sessions(env: Env) -> None:
    await env.produce(3)
    await env.join("m1")
    await env.join("m2")
    other = Env(env.broker, await RawConnection.open(env.broker.bound_port), env.persister)
    assert acquired(await other.fetch("m1")) == [(0, 2, 1)]
    await other.conn.close()

    async def released() -> bool:
        return env.broker.share_partitions.sessions.get("g", "m1") is None and env.state().batches == (
            StateBatch(0, 2, S.AVAILABLE, 1),
        )

    await async_wait_until(released, timeout=10, what="the session ends with its connection")
    assert acquired(await env.fetch("m2")) == [(0, 2, 2)]


async def test_bad_input_changes_nothing(env: Env) -> None:
    await env.produce(6)
    await env.join("m1")
    await env.join("m2")
    assert acquired(await env.fetch("m1", max_records=3, exact=True)) == [(0, 2, 1)]
    assert acquired(await env.fetch("m2")) == [(3, 5, 1)]
    sp = env.broker.share_partitions.partitions[PartitionKey("g", env.tid.bytes, 0)].share
    before = (env.state(), {o: (r.state, r.member_id, r.delivery_count) for o, r in sp.records.items()})

    # m1 acknowledges m2's records (and its own with them): all refused
    r = await env.fetch("m1", acks=[(0, 0, [A.ACCEPT]), (3, 3, [A.ACCEPT])])
    assert part(r).acknowledge_error_code == E.INVALID_RECORD_STATE
    r = await env.acknowledge("m1", [(4, 5, [A.REJECT])])
    assert part(r).error_code == E.INVALID_RECORD_STATE
    # malformed acknowledgements
    r = await env.acknowledge("m1", [(2, 1, [A.ACCEPT])])
    assert part(r).error_code == E.INVALID_REQUEST
    r = await env.acknowledge("m1", [(0, 2, [A.ACCEPT, A.ACCEPT])])
    assert part(r).error_code == E.INVALID_REQUEST
    # stale and future session epochs
    stale = env.epochs["m1"] - 1
    assert (
        await env.fetch("m1", epoch=stale, acks=[(0, 0, [A.ACCEPT])])
    ).error_code == E.INVALID_SHARE_SESSION_EPOCH
    assert (await env.acknowledge("m1", [(0, 0, [A.ACCEPT])], epoch=stale + 5)).error_code == (
        E.INVALID_SHARE_SESSION_EPOCH
    )
    # ShareAcknowledge cannot open a session; a ShareFetch cannot acknowledge while opening one
    assert (
        await env.acknowledge("m1", [(0, 0, [A.ACCEPT])], epoch=0)
    ).error_code == E.INVALID_SHARE_SESSION_EPOCH
    assert (await env.fetch("m1", epoch=0, acks=[(0, 0, [A.ACCEPT])])).error_code == E.INVALID_REQUEST
    # a member the group does not have, and a member without a session
    assert (await env.fetch("intruder", epoch=0)).error_code == E.UNKNOWN_MEMBER_ID
    assert (
        await env.acknowledge("intruder", [(0, 0, [A.ACCEPT])], epoch=1)
    ).error_code == E.UNKNOWN_MEMBER_ID
    await env.join("m3")
    assert (await env.fetch("m3", epoch=1)).error_code == E.SHARE_SESSION_NOT_FOUND
    assert (
        await env.acknowledge("m3", [(0, 0, [A.ACCEPT])], epoch=1)
    ).error_code == E.SHARE_SESSION_NOT_FOUND
    assert (await env.fetch("m3", epoch=-1)).error_code == E.SHARE_SESSION_NOT_FOUND
    # no group id
    assert (await env.fetch("m1", group="")).error_code == E.INVALID_GROUP_ID
    after = (env.state(), {o: (r.state, r.member_id, r.delivery_count) for o, r in sp.records.items()})
    assert after == before
    # an unknown topic id: a partition error
    r = await env.fetch("m3", epoch=0, topic_id=uuid.uuid4())
    assert r.error_code == E.NONE and part(r).error_code == E.UNKNOWN_TOPIC_ID


def txn_batch(producer_id: int, n: int) -> bytes:
    records = [Record(offset_delta=i, key=None, value=b"t%d" % i) for i in range(n)]
    return build_batch(
        records, producer_id=producer_id, producer_epoch=0, base_sequence=0, transactional=True
    )


async def test_read_committed_skips_aborted_records_and_stops_at_the_lso(env: Env) -> None:
    env.broker.share_partitions.group_configs["g"]["share.isolation.level"] = "read_committed"
    lg = env.broker.topics.log("t", 0)
    assert lg is not None
    await lg.append(txn_batch(7, 2))  # 0-1: aborted below
    await lg.append(txn_batch(8, 2))  # 2-3: committed below
    await lg.append_marker(7, 0, commit=False)  # 4
    await env.produce(1)  # 5: not transactional
    await lg.append(txn_batch(9, 2))  # 6-7: still open: the LSO stays at 6
    await lg.append_marker(8, 0, commit=True)  # 8
    await env.join("m1")
    r = await env.fetch("m1")
    assert acquired(r) == [(2, 3, 1), (5, 5, 1)]
    sp = env.broker.share_partitions.partitions[PartitionKey("g", env.tid.bytes, 0)].share
    assert (sp.start_offset, sp.end_offset) == (2, 6)  # 0-1 aborted and 4 (a marker) archived
    assert acquired(await env.fetch("m1", max_wait_ms=50)) == []  # nothing readable past the LSO
    await lg.append_marker(9, 0, commit=True)  # 9: decided
    assert acquired(await env.fetch("m1", acks=[(2, 3, [A.ACCEPT]), (5, 5, [A.ACCEPT])])) == [(6, 7, 1)]
    assert (sp.start_offset, sp.end_offset) == (6, 10)


async def test_auto_offset_reset(env: Env) -> None:
    await env.produce(3)
    for group, reset, expected in (
        ("latest", "latest", []),
        ("earliest", "earliest", [(0, 2, 1)]),
        ("recent", "by_duration:PT1H", [(0, 2, 1)]),  # produced within the hour
        ("future", "by_duration:P0D", []),  # nothing produced from now on
    ):
        env.broker.share_partitions.group_configs[group] = {"share.auto.offset.reset": reset}
        await env.join("m-" + group, group)
        assert acquired(await env.fetch("m-" + group, group=group)) == expected, reset
    await env.produce(1)
    assert acquired(await env.fetch("m-latest", group="latest")) == [(3, 3, 1)]


class FailingPersister(InMemoryPersister):
    """Refuses writes while `failing` is set (a fenced or unavailable share coordinator)."""

    failing = False

    async def write(self, *args: Any, **kwargs: Any) -> None:
        if self.failing:
            raise PersisterError(E.FENCED_STATE_EPOCH)
        await super().write(*args, **kwargs)


async def test_an_acknowledgement_not_written_is_not_kept(tmp_path: Path) -> None:
    persister = FailingPersister()
    broker = Broker(broker_config(tmp_path / "data", **SHARE), share_persister=persister)
    await broker.start()
    await broker.topics.create("t", 1)
    broker.share_partitions.group_configs["g"] = {"share.auto.offset.reset": "earliest"}
    conn = await RawConnection.open(broker.bound_port)
    try:
        env = Env(broker, conn, persister)
        await env.produce(3)
        await env.join("m1")
        assert acquired(await env.fetch("m1")) == [(0, 2, 1)]
        persister.failing = True
        r = await env.acknowledge("m1", [(0, 2, [A.ACCEPT])])
        assert part(r).error_code == E.FENCED_STATE_EPOCH
        persister.failing = False
        # the share-partition is read again from what was written: nothing was accepted
        assert env.state().start_offset == 0
        assert acquired(await env.fetch("m1")) == [(0, 2, 1)]
    finally:
        await conn.close()
        await broker.stop()


async def test_a_new_leader_epoch_reads_the_state_again(env: Env) -> None:
    await env.produce(3)
    await env.join("m1")
    await env.join("m2")
    assert acquired(await env.fetch("m1")) == [(0, 2, 1)]
    key = PartitionKey("g", env.tid.bytes, 0)
    old = env.broker.share_partitions.partitions[key]
    lg = env.broker.topics.log("t", 0)
    assert lg is not None
    lg.become_leader(1)  # as after a leadership move away and back
    # what m1 acquired under the old epoch was never written: available again
    assert acquired(await env.fetch("m2")) == [(0, 2, 1)]
    assert env.broker.share_partitions.partitions[key] is not old and old.timer is None
    assert env.state().leader_epoch == 1
    r = await env.fetch("m1", acks=[(0, 2, [A.ACCEPT])])
    assert part(r).acknowledge_error_code == E.INVALID_RECORD_STATE


class SlowPersister(InMemoryPersister):
    """Holds each write until `go` is set, recording the start offsets written."""

    def __init__(self) -> None:
        super().__init__()
        self.go = asyncio.Event()
        self.go.set()
        self.written: list[int] = []

    async def write(self, key: Any, state_epoch: int, leader_epoch: int, start: int, batches: Any) -> None:
        await self.go.wait()
        self.written.append(start)
        await super().write(key, state_epoch, leader_epoch, start, batches)


async def test_writes_keep_the_order_of_the_changes(tmp_path: Path) -> None:
    persister = SlowPersister()
    broker = Broker(broker_config(tmp_path / "data", **SHARE), share_persister=persister)
    await broker.start()
    await broker.topics.create("t", 1)
    broker.share_partitions.group_configs["g"] = {"share.auto.offset.reset": "earliest"}
    conn = await RawConnection.open(broker.bound_port)
    try:
        env = Env(broker, conn, persister)
        await env.produce(4)
        await env.join("m1")
        assert acquired(await env.fetch("m1")) == [(0, 3, 1)]
        sp = broker.share_partitions.partitions[PartitionKey("g", env.tid.bytes, 0)].share
        persister.go.clear()  # the persister holds the writes: the acknowledgements queue up
        epoch = env.epochs["m1"]
        first = asyncio.ensure_future(env.acknowledge("m1", [(0, 1, [A.ACCEPT])], epoch=epoch))
        await async_wait_until(lambda: sp.start_offset == 2, what="the first acknowledgement applied")
        other = Env(broker, await RawConnection.open(broker.bound_port), persister)
        later = asyncio.ensure_future(other.acknowledge("m1", [(2, 3, [A.ACCEPT])], epoch=epoch + 1))
        await async_wait_until(lambda: sp.start_offset == 4, what="the second acknowledgement applied")
        assert not first.done() and not later.done()  # neither answered before its write
        persister.go.set()
        assert part(await first).error_code == E.NONE
        assert part(await later).error_code == E.NONE
        assert persister.written[-2:] == [2, 4]  # in the order of the changes
        assert env.state().start_offset == 4
        await other.conn.close()
    finally:
        await conn.close()
        await broker.stop()


async def test_partitions_led_elsewhere(env: Env) -> None:
    await env.produce(2, partition=0)
    await env.produce(2, partition=1)
    await env.join("m1")
    # as in a cluster where broker 7 leads partition 1 at epoch 3
    env.broker.leader_error = lambda topic, p, epoch=-1: E.NOT_LEADER_OR_FOLLOWER if p == 1 else None  # type: ignore[method-assign]
    env.broker.partition_leader = lambda topic, p: (7, 3) if p == 1 else (0, 0)  # type: ignore[method-assign]
    nodes = [Node(0, "127.0.0.1", env.broker.bound_port), Node(7, "10.0.0.7", 9097, "rack-b")]
    env.broker.live_nodes = lambda listener: nodes  # type: ignore[method-assign]
    r = await env.fetch("m1", partitions=(0, 1))
    assert acquired(r, 0) == [(0, 1, 1)]
    p1 = part(r, 1)
    assert (p1.error_code, list(p1.acquired_records)) == (E.NOT_LEADER_OR_FOLLOWER, [])
    # KIP-951: where the partition is, and how to reach its leader (no other broker listed)
    assert (p1.current_leader.leader_id, p1.current_leader.leader_epoch) == (7, 3)
    assert [(n.node_id, n.host, n.port, n.rack) for n in r.node_endpoints] == [
        (7, "10.0.0.7", 9097, "rack-b")
    ]
    assert part(r, 0).current_leader.leader_id == 0
    r = await env.fetch("m1", acks=[(0, 0, [A.ACCEPT])], partitions=(1,))
    assert part(r, 1).acknowledge_error_code == E.NOT_LEADER_OR_FOLLOWER
    assert part(r, 1).current_leader.leader_id == 7 and len(r.node_endpoints) == 1
    r = await env.acknowledge("m1", [(0, 0, [A.ACCEPT])])  # partition 0: led here, no endpoints
    assert part(r, 0).error_code == E.NONE and list(r.node_endpoints) == []


async def test_session_limit(tmp_path: Path) -> None:
    broker = Broker(broker_config(tmp_path / "data", group_share_max_share_sessions="1", **SHARE))
    await broker.start()
    await broker.topics.create("t", 1)
    conn = await RawConnection.open(broker.bound_port)
    try:
        env = Env(broker, conn, InMemoryPersister())
        await env.join("m1")
        await env.join("m2")
        assert (await env.fetch("m1")).error_code == E.NONE
        assert (await env.fetch("m2")).error_code == E.SHARE_SESSION_LIMIT_REACHED
        assert (await env.fetch("m1", epoch=0)).error_code == E.NONE  # its own session: replaced
    finally:
        await conn.close()
        await broker.stop()


async def test_disabled_share_groups_answer_unsupported_version(tmp_path: Path) -> None:
    broker = Broker(broker_config(tmp_path / "data"))
    await broker.start()
    await broker.topics.create("t", 1)
    conn = await RawConnection.open(broker.bound_port)
    try:
        versions = await conn.request(
            ApiKey.API_VERSIONS, 3, {"client_software_name": "t", "client_software_version": "1"}
        )
        keys = {k.api_key for k in versions.api_keys}
        assert not keys & {ApiKey.SHARE_FETCH, ApiKey.SHARE_ACKNOWLEDGE}
        env = Env(broker, conn, InMemoryPersister())
        assert (await env.fetch("m1")).error_code == E.UNSUPPORTED_VERSION
        assert (await env.acknowledge("m1", [(0, 0, [1])], epoch=1)).error_code == E.UNSUPPORTED_VERSION
    finally:
        await conn.close()
        await broker.stop()


@pytest.mark.parametrize("durable", [False, True], ids=["in-memory", "share-coordinator"])
async def test_state_survives_a_restart_through_the_persister(tmp_path: Path, durable: bool) -> None:
    """Through an InMemoryPersister kept across the restart, or the broker's own share
    coordinator (`__share_group_state`, read back from disk)."""
    memory = InMemoryPersister()
    data = tmp_path / "data"
    broker = Broker(broker_config(data, **SHARE), share_persister=None if durable else memory)
    await broker.start()
    await broker.topics.create("t", 1)
    broker.share_partitions.group_configs["g"] = {"share.auto.offset.reset": "earliest"}
    conn = await RawConnection.open(broker.bound_port)
    env = Env(broker, conn, memory)
    await env.produce(6)
    await env.join("m1")
    assert acquired(await env.fetch("m1", max_records=4, exact=True)) == [(0, 3, 1)]
    r = await env.acknowledge("m1", [(0, 0, [A.ACCEPT]), (1, 1, [A.RELEASE]), (2, 2, [A.REJECT])])
    assert part(r).error_code == E.NONE
    assert acquired(await env.fetch("m1")) == [(1, 1, 2), (4, 5, 1)]
    # acquisitions are not written
    state = await broker.share_partitions.persister.read(PartitionKey("g", env.tid.bytes, 0), 0)
    assert state.batches == (
        StateBatch(1, 1, S.AVAILABLE, 1),
        StateBatch(2, 2, S.ARCHIVED, 1),
    )
    await broker.stop()  # with m1's connection open: a stopping broker releases nothing
    await conn.close()

    broker = Broker(broker_config(data, **SHARE), share_persister=None if durable else memory)
    await broker.start()
    conn = await RawConnection.open(broker.bound_port)
    try:
        env = Env(broker, conn, memory)
        await env.join("m1")
        # what was acquired is available again, with the delivery counts written (1's is 1: its
        # second acquisition was not written, and a stopping broker releases nothing); 0
        # accepted and 2 rejected stay final
        assert acquired(await env.fetch("m1")) == [(1, 1, 2), (3, 5, 1)]
    finally:
        await conn.close()
        await broker.stop()

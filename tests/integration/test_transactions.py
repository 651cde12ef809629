"""The transaction APIs over the wire, in-process: bad input gets Kafka's errors and leaves the
coordinator and the log consistent; TxnOffsetCommit is pending (UNSTABLE_OFFSET_COMMIT with
require_stable) until its COMMIT marker; a restart finishes what was prepared; Describe/List."""

from __future__ import annotations

import asyncio

import pytest

from broker.txn.metadata import TxnState
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.records import Record, build_batch, iter_batches
from tests.helpers import RawConnection, async_wait_until, start_broker

E = ErrorCode


async def create(c: RawConnection, name: str, partitions: int = 1) -> None:
    r = await c.request(
        ApiKey.CREATE_TOPICS,
        7,
        {
            "topics": [{"name": name, "num_partitions": partitions, "replication_factor": 1}],
            "timeout_ms": 5000,
        },
    )
    assert r.topics[0].error_code == E.NONE


async def init_pid(c: RawConnection, tid: str, timeout_ms: int = 60000) -> tuple[int, int]:
    async def ready() -> bool:
        r = await c.request(ApiKey.FIND_COORDINATOR, 3, {"key": tid, "key_type": 1})
        return r.error_code == E.NONE

    await async_wait_until(ready, what="the transaction coordinator")
    while True:
        r = await c.request(
            ApiKey.INIT_PRODUCER_ID,
            4,
            {
                "transactional_id": tid,
                "transaction_timeout_ms": timeout_ms,
                "producer_id": -1,
                "producer_epoch": -1,
            },
        )
        if r.error_code not in (
            E.COORDINATOR_NOT_AVAILABLE,
            E.COORDINATOR_LOAD_IN_PROGRESS,
            E.CONCURRENT_TRANSACTIONS,
        ):
            assert r.error_code == E.NONE
            return r.producer_id, r.producer_epoch
        await asyncio.sleep(0.02)  # a client's retry backoff


async def add_partitions(c: RawConnection, tid: str, pid: int, epoch: int, topic: str, parts: list[int]):
    r = await c.request(
        ApiKey.ADD_PARTITIONS_TO_TXN,
        3,
        {
            "transactional_id": tid,
            "producer_id": pid,
            "producer_epoch": epoch,
            "topics": [{"name": topic, "partitions": parts}],
        },
    )
    return {
        (t.name, p.partition_index): p.partition_error_code for t in r.results for p in t.results_by_partition
    }


async def produce_txn(
    c: RawConnection, tid: str, topic: str, pid: int, epoch: int, seq: int, values: list[bytes]
):
    data = build_batch(
        [Record(offset_delta=i, key=b"k", value=v) for i, v in enumerate(values)],
        producer_id=pid,
        producer_epoch=epoch,
        base_sequence=seq,
        transactional=True,
    )
    body = {
        "transactional_id": tid,
        "acks": -1,
        "timeout_ms": 5000,
        "topic_data": [{"name": topic, "partition_data": [{"index": 0, "records": data}]}],
    }
    r = await c.request(ApiKey.PRODUCE, 8, body)
    return r.responses[0].partition_responses[0].error_code


async def end_txn(c: RawConnection, tid: str, pid: int, epoch: int, commit: bool, version: int = 3) -> int:
    r = await c.request(
        ApiKey.END_TXN,
        version,
        {"transactional_id": tid, "producer_id": pid, "producer_epoch": epoch, "committed": commit},
    )
    return r.error_code


async def fetch_values(c: RawConnection, topic: str, isolation: int) -> tuple[list[bytes], object]:
    from protocol.records import decode_batch

    r = await c.request(
        ApiKey.FETCH,
        11,
        {
            "replica_id": -1,
            "max_wait_ms": 0,
            "min_bytes": 0,
            "max_bytes": 1 << 20,
            "isolation_level": isolation,
            "session_id": 0,
            "session_epoch": -1,
            "topics": [
                {
                    "topic": topic,
                    "partitions": [
                        {
                            "partition": 0,
                            "current_leader_epoch": -1,
                            "fetch_offset": 0,
                            "log_start_offset": -1,
                            "partition_max_bytes": 1 << 20,
                        }
                    ],
                }
            ],
            "forgotten_topics_data": [],
            "rack_id": "",
        },
    )
    p = r.responses[0].partitions[0]
    values = []
    for pos, h in iter_batches(p.records or b""):
        if not h.is_control:
            values.extend(rec.value for rec in decode_batch(p.records, pos).records)
    return values, p


@pytest.fixture
async def conn(broker):
    c = await RawConnection.open(broker.bound_port)
    yield c
    await c.close()


async def test_bad_input_gets_kafka_errors_and_changes_nothing(broker, conn):
    await create(conn, "data")
    pid, epoch = await init_pid(conn, "bad")
    # EndTxn for a transaction never begun.
    assert await end_txn(conn, "bad", pid, epoch, commit=True) == E.INVALID_TXN_STATE
    # An unknown topic: that partition UNKNOWN_TOPIC_OR_PARTITION, the others not attempted.
    errors = await add_partitions(conn, "bad", pid, epoch, "nope", [0])
    assert errors == {("nope", 0): E.UNKNOWN_TOPIC_OR_PARTITION}
    r = await conn.request(
        ApiKey.ADD_PARTITIONS_TO_TXN,
        3,
        {
            "transactional_id": "bad",
            "producer_id": pid,
            "producer_epoch": epoch,
            "topics": [{"name": "data", "partitions": [0]}, {"name": "nope", "partitions": [3]}],
        },
    )
    assert {p.partition_error_code for t in r.results for p in t.results_by_partition} == {
        E.OPERATION_NOT_ATTEMPTED,
        E.UNKNOWN_TOPIC_OR_PARTITION,
    }
    # Wrong producer id / stale epoch.
    assert (await add_partitions(conn, "bad", pid + 1, epoch, "data", [0]))[
        ("data", 0)
    ] == E.INVALID_PRODUCER_ID_MAPPING
    assert (await add_partitions(conn, "bad", pid, epoch + 1, "data", [0]))[("data", 0)] == E.PRODUCER_FENCED
    meta = broker.transactions.describe(["bad"])[0].meta
    assert meta is not None and meta.state == TxnState.EMPTY and not meta.partitions
    # A TxnOffsetCommit for a generation the group has moved past gets the group's fencing error.
    join = await conn.request(
        ApiKey.JOIN_GROUP,
        3,
        {
            "group_id": "g",
            "session_timeout_ms": 10000,
            "rebalance_timeout_ms": 10000,
            "member_id": "",
            "protocol_type": "consumer",
            "protocols": [{"name": "range", "metadata": b""}],
        },
    )
    assert join.error_code == E.NONE
    sync = await conn.request(
        ApiKey.SYNC_GROUP,
        2,
        {
            "group_id": "g",
            "generation_id": join.generation_id,
            "member_id": join.member_id,
            "assignments": [{"member_id": join.member_id, "assignment": b""}],
        },
    )
    assert sync.error_code == E.NONE
    assert (await add_partitions(conn, "bad", pid, epoch, "data", [0]))[("data", 0)] == E.NONE
    for generation, member, expected in (
        (join.generation_id - 1, join.member_id, E.ILLEGAL_GENERATION),
        (join.generation_id, "someone-else", E.UNKNOWN_MEMBER_ID),
    ):
        r = await conn.request(
            ApiKey.TXN_OFFSET_COMMIT,
            3,
            {
                "transactional_id": "bad",
                "group_id": "g",
                "producer_id": pid,
                "producer_epoch": epoch,
                "generation_id": generation,
                "member_id": member,
                "group_instance_id": None,
                "topics": [
                    {
                        "name": "data",
                        "partitions": [
                            {
                                "partition_index": 0,
                                "committed_offset": 5,
                                "committed_leader_epoch": -1,
                                "committed_metadata": "",
                            }
                        ],
                    }
                ],
            },
        )
        assert r.topics[0].partitions[0].error_code == expected
    # None of it broke anything: the transaction carries on and commits.
    assert await produce_txn(conn, "bad", "data", pid, epoch, 0, [b"a", b"b"]) == E.NONE

    async def txn_start() -> int:
        r = await conn.request(
            ApiKey.DESCRIBE_PRODUCERS, 0, {"topics": [{"name": "data", "partition_indexes": [0]}]}
        )
        [p] = r.topics[0].partitions[0].active_producers
        assert p.producer_id == pid
        return p.current_txn_start_offset

    assert await txn_start() == 0  # DescribeProducers: where its open transaction starts
    assert await end_txn(conn, "bad", pid, epoch, commit=True) == E.NONE
    assert await txn_start() == -1
    values, p = await fetch_values(conn, "data", 1)
    assert values == [b"a", b"b"] and p.last_stable_offset == p.high_watermark == 3
    assert not broker.groups.runtime_for("g").shard.pending_partitions("g")


async def test_txn_offsets_are_pending_until_commit_and_aborts_drop_them(broker, conn):
    await create(conn, "in")
    pid, epoch = await init_pid(conn, "off")

    async def txn_commit(offset: int) -> int:
        r = await conn.request(
            ApiKey.ADD_OFFSETS_TO_TXN,
            3,
            {"transactional_id": "off", "producer_id": pid, "producer_epoch": epoch, "group_id": "simple"},
        )
        assert r.error_code == E.NONE
        r = await conn.request(
            ApiKey.TXN_OFFSET_COMMIT,
            3,
            {
                "transactional_id": "off",
                "group_id": "simple",
                "producer_id": pid,
                "producer_epoch": epoch,
                "generation_id": -1,
                "member_id": "",
                "group_instance_id": None,
                "topics": [
                    {
                        "name": "in",
                        "partitions": [
                            {
                                "partition_index": 0,
                                "committed_offset": offset,
                                "committed_leader_epoch": -1,
                                "committed_metadata": "",
                            }
                        ],
                    }
                ],
            },
        )
        return r.topics[0].partitions[0].error_code

    async def fetched(stable: bool):
        r = await conn.request(
            ApiKey.OFFSET_FETCH,
            7,
            {
                "group_id": "simple",
                "topics": [{"name": "in", "partition_indexes": [0]}],
                "require_stable": stable,
            },
        )
        part = r.topics[0].partitions[0]
        return part.committed_offset, part.error_code

    unstable = (-1, E.UNSTABLE_OFFSET_COMMIT)

    async def settled(expected: tuple[int, ErrorCode]) -> None:
        """EndTxn is answered once the outcome is durable, as Kafka's; the markers follow, and
        until they are written require_stable answers UNSTABLE_OFFSET_COMMIT (clients retry)."""
        seen: list[tuple[int, ErrorCode]] = []

        async def stable() -> bool:
            seen.append(await fetched(True))
            return seen[-1] != unstable

        await async_wait_until(stable, what="the transaction's markers")
        assert seen[-1] == expected
        assert set(seen) <= {expected, unstable}

    assert await txn_commit(7) == E.NONE
    assert await fetched(False) == (-1, E.NONE)  # not visible before the commit
    assert await fetched(True) == unstable
    assert await end_txn(conn, "off", pid, epoch, commit=True) == E.NONE
    await settled((7, E.NONE))
    assert await txn_commit(9) == E.NONE
    assert await fetched(True) == unstable
    assert await end_txn(conn, "off", pid, epoch, commit=False) == E.NONE
    await settled((7, E.NONE))  # the aborted commit never shows


async def test_restart_commits_what_was_prepared_with_its_pending_offsets(tmp_path):
    data = tmp_path / "data"
    broker = await start_broker(data)
    try:
        c = await RawConnection.open(broker.bound_port)
        await create(c, "out")
        pid, epoch = await init_pid(c, "rec")
        assert (await add_partitions(c, "rec", pid, epoch, "out", [0]))[("out", 0)] == E.NONE
        assert await produce_txn(c, "rec", "out", pid, epoch, 0, [b"x", b"y"]) == E.NONE
        r = await c.request(
            ApiKey.ADD_OFFSETS_TO_TXN,
            3,
            {"transactional_id": "rec", "producer_id": pid, "producer_epoch": epoch, "group_id": "grp"},
        )
        assert r.error_code == E.NONE
        r = await c.request(
            ApiKey.TXN_OFFSET_COMMIT,
            3,
            {
                "transactional_id": "rec",
                "group_id": "grp",
                "producer_id": pid,
                "producer_epoch": epoch,
                "generation_id": -1,
                "member_id": "",
                "group_instance_id": None,
                "topics": [
                    {
                        "name": "out",
                        "partitions": [
                            {
                                "partition_index": 0,
                                "committed_offset": 42,
                                "committed_leader_epoch": -1,
                                "committed_metadata": "",
                            }
                        ],
                    }
                ],
            },
        )
        assert r.topics[0].partitions[0].error_code == E.NONE
        await c.close()
        # The coordinator writes PrepareCommit, and the broker stops before any marker is written.
        coordinator = broker.transactions
        meta = coordinator.describe(["rec"])[0].meta
        assert meta is not None
        assert (
            await coordinator._write(meta, meta.transit(TxnState.PREPARE_COMMIT, coordinator.clock()))
            == E.NONE
        )
        lg = broker.topics.log("out", 0)
        assert lg is not None and lg.last_stable_offset == 0
    finally:
        await broker.stop()
    broker = await start_broker(data)
    try:
        lg = broker.topics.log("out", 0)
        assert lg is not None
        await async_wait_until(lambda: lg.last_stable_offset == 3, what="the recovered commit's marker")
        meta = broker.transactions.describe(["rec"])[0].meta
        assert meta is not None
        await async_wait_until(lambda: meta.state == TxnState.COMPLETE_COMMIT, what="CompleteCommit")
        c = await RawConnection.open(broker.bound_port)
        values, _ = await fetch_values(c, "out", 1)
        assert values == [b"x", b"y"]
        # The offset commit, pending in the offsets log at the restart, applied by the marker.
        r = await c.request(
            ApiKey.OFFSET_FETCH,
            7,
            {
                "group_id": "grp",
                "topics": [{"name": "out", "partition_indexes": [0]}],
                "require_stable": True,
            },
        )
        assert (r.topics[0].partitions[0].committed_offset, r.topics[0].partitions[0].error_code) == (
            42,
            E.NONE,
        )
        await c.close()
    finally:
        await broker.stop()


async def test_describe_and_list_transactions(broker, conn):
    await create(conn, "d", 2)
    pid, epoch = await init_pid(conn, "desc", timeout_ms=30000)
    assert (await add_partitions(conn, "desc", pid, epoch, "d", [1, 0]))[("d", 0)] == E.NONE
    r = await conn.request(ApiKey.DESCRIBE_TRANSACTIONS, 0, {"transactional_ids": ["desc", "unknown-id"]})
    found, missing = r.transaction_states
    assert (found.error_code, found.transaction_state, found.producer_id, found.transaction_timeout_ms) == (
        E.NONE,
        "Ongoing",
        pid,
        30000,
    )
    assert [(t.topic, list(t.partitions)) for t in found.topics] == [("d", [0, 1])]
    assert missing.error_code == E.TRANSACTIONAL_ID_NOT_FOUND
    r = await conn.request(
        ApiKey.LIST_TRANSACTIONS,
        1,
        {"state_filters": ["Ongoing", "Bogus"], "producer_id_filters": [], "duration_filter": -1},
    )
    assert [(s.transactional_id, s.transaction_state) for s in r.transaction_states] == [("desc", "Ongoing")]
    assert list(r.unknown_state_filters) == ["Bogus"]
    r = await conn.request(
        ApiKey.LIST_TRANSACTIONS,
        1,
        {"state_filters": [], "producer_id_filters": [pid + 100], "duration_filter": -1},
    )
    assert list(r.transaction_states) == []


async def test_timeouts_bounds_and_id_expiration(tmp_path):
    data = tmp_path / "data"
    broker = await start_broker(
        data, transaction_max_timeout_ms="5000", transactional_id_expiration_ms="1000"
    )
    try:
        c = await RawConnection.open(broker.bound_port)
        await create(c, "e")
        pid, epoch = await init_pid(c, "idle", timeout_ms=5000)
        r = await c.request(
            ApiKey.INIT_PRODUCER_ID,
            4,
            {
                "transactional_id": "idle",
                "transaction_timeout_ms": 5001,
                "producer_id": -1,
                "producer_epoch": -1,
            },
        )
        assert r.error_code == E.INVALID_TRANSACTION_TIMEOUT  # above transaction.max.timeout.ms
        coordinator = broker.transactions
        meta = coordinator.describe(["idle"])[0].meta
        assert meta is not None and meta.state == TxnState.EMPTY
        # An open transaction past its timeout is aborted, its epoch bumped (the producer fenced).
        assert (await add_partitions(c, "idle", pid, epoch, "e", [0]))[("e", 0)] == E.NONE
        assert await coordinator.abort_timed_out(coordinator.clock() + 6000) == 1
        await async_wait_until(lambda: meta.state == TxnState.COMPLETE_ABORT, what="the timeout abort")
        assert meta.producer_epoch == epoch + 1
        assert await end_txn(c, "idle", pid, epoch, commit=True) == E.PRODUCER_FENCED
        # Idle past transactional.id.expiration.ms: the id is forgotten, on disk too.
        assert await coordinator.expire_ids(coordinator.clock() + 2000) == 1
        assert coordinator.describe(["idle"])[0].error == E.TRANSACTIONAL_ID_NOT_FOUND
        await c.close()
    finally:
        await broker.stop()
    broker = await start_broker(data, transaction_max_timeout_ms="5000")
    try:
        await broker.transactions.wait_loaded()
        assert broker.transactions.describe(["idle"])[0].error == E.TRANSACTIONAL_ID_NOT_FOUND
    finally:
        await broker.stop()


async def test_client_txn_offsets_through_abort_commit_and_restarts(tmp_path):
    """The project's client commits a group's offsets in transactions (send_offsets_to_transaction):
    pending (UNSTABLE_OFFSET_COMMIT with require_stable) until the end of the transaction, dropped
    by an abort, committed by a commit, each state the same after a restart of the broker on its
    data dir; a transaction left open at a restart is still pending after it, until the next
    producer of its transactional id fences it (its abort drops the offset)."""
    from client import AsyncProducer, TopicPartition

    data = tmp_path / "data"
    tp = TopicPartition("in", 0)

    async def fetched(port: int) -> tuple[tuple[int, ErrorCode], tuple[int, ErrorCode]]:
        c = await RawConnection.open(port)
        try:
            out = []
            for stable in (False, True):
                while True:
                    r = await c.request(
                        ApiKey.OFFSET_FETCH,
                        7,
                        {
                            "group_id": "eos-g",
                            "topics": [{"name": "in", "partition_indexes": [0]}],
                            "require_stable": stable,
                        },
                    )
                    if r.error_code not in (E.COORDINATOR_LOAD_IN_PROGRESS, E.COORDINATOR_NOT_AVAILABLE):
                        break
                    await asyncio.sleep(0.02)
                assert r.error_code == E.NONE
                part = r.topics[0].partitions[0]
                out.append((part.committed_offset, part.error_code))
            return out[0], out[1]
        finally:
            await c.close()

    unstable = (-1, E.UNSTABLE_OFFSET_COMMIT)

    async def settled(port: int) -> tuple[tuple[int, ErrorCode], tuple[int, ErrorCode]]:
        """What OffsetFetch answers once the ended transaction's markers are written (EndTxn is
        answered before them, as Kafka's): until then require_stable is UNSTABLE_OFFSET_COMMIT."""
        seen = []

        async def stable() -> bool:
            # the plain fetch goes first: markers landing between the two show as (old, new)
            seen.append(await fetched(port))
            return seen[-1][1] != unstable and seen[-1][0] == seen[-1][1]

        await async_wait_until(stable, what="the transaction's markers")
        return seen[-1]

    broker = await start_broker(data)
    try:
        c = await RawConnection.open(broker.bound_port)
        await create(c, "in")
        await c.close()
        p = AsyncProducer(bootstrap_servers=f"127.0.0.1:{broker.bound_port}", transactional_id="eos")
        await p.start()
        await p.init_transactions()
        await p.begin_transaction()
        await p.send_offsets_to_transaction({tp: 5}, "eos-g")
        assert await fetched(broker.bound_port) == ((-1, E.NONE), unstable)
        await p.abort_transaction()
        assert await settled(broker.bound_port) == ((-1, E.NONE), (-1, E.NONE))
        await p.begin_transaction()
        await p.send_offsets_to_transaction({tp: 7}, "eos-g")
        assert await fetched(broker.bound_port) == ((-1, E.NONE), unstable)
        await p.commit_transaction()
        assert await settled(broker.bound_port) == ((7, E.NONE), (7, E.NONE))
        await p.begin_transaction()
        await p.send_offsets_to_transaction({tp: 9}, "eos-g")  # left open at the restart
        assert await fetched(broker.bound_port) == ((7, E.NONE), unstable)
        await p.close(timeout=0)
    finally:
        await broker.stop()
    broker = await start_broker(data)
    try:
        assert await fetched(broker.bound_port) == ((7, E.NONE), unstable)
        p = AsyncProducer(bootstrap_servers=f"127.0.0.1:{broker.bound_port}", transactional_id="eos")
        await p.start()
        await p.init_transactions()  # fences the open transaction: aborted, its offset dropped
        assert await fetched(broker.bound_port) == ((7, E.NONE), (7, E.NONE))
        await p.begin_transaction()
        await p.send_offsets_to_transaction({tp: 11}, "eos-g")
        await p.commit_transaction()
        assert await settled(broker.bound_port) == ((11, E.NONE), (11, E.NONE))
        await p.close()
    finally:
        await broker.stop()
    broker = await start_broker(data)
    try:
        assert await fetched(broker.bound_port) == ((11, E.NONE), (11, E.NONE))
    finally:
        await broker.stop()

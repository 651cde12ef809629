"""The offsets data source and the latest-offsets job honour transactions: a broker writes plain
commits and TxnOffsetCommits that commit, abort, or stay open; the rows read from its
`__consumer_offsets` files hold the committed ones only (marked `transactional`), and the
latest offsets are what the broker's OffsetFetch answers."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pyarrow as pa
import pytest

from broker.group.placement import coordinator_partition
from jobs import rows as R
from jobs import segments as S
from jobs.columnar import ColumnarDecoder, arrow_schema
from jobs.transactions import committed_batches
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import RawConnection, start_broker
from tests.integration.test_transactions import create, end_txn, init_pid

ALL = [name for name, _ in R.OFFSETS_COLUMNS]
GROUP = "txn-jobs"


async def _commit(c: RawConnection, offset: int) -> None:
    r = await c.request(
        ApiKey.OFFSET_COMMIT,
        2,
        {
            "group_id": GROUP,
            "generation_id_or_member_epoch": -1,
            "member_id": "",
            "retention_time_ms": -1,
            "topics": [
                {
                    "name": "in",
                    "partitions": [
                        {"partition_index": 0, "committed_offset": offset, "committed_metadata": ""}
                    ],
                }
            ],
        },
    )
    assert r.topics[0].partitions[0].error_code == ErrorCode.NONE


async def _txn_commit(c: RawConnection, tid: str, pid: int, epoch: int, partition: int, offset: int) -> None:
    r = await c.request(
        ApiKey.ADD_OFFSETS_TO_TXN,
        3,
        {"transactional_id": tid, "producer_id": pid, "producer_epoch": epoch, "group_id": GROUP},
    )
    assert r.error_code == ErrorCode.NONE
    r = await c.request(
        ApiKey.TXN_OFFSET_COMMIT,
        3,
        {
            "transactional_id": tid,
            "group_id": GROUP,
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
                            "partition_index": partition,
                            "committed_offset": offset,
                            "committed_leader_epoch": -1,
                            "committed_metadata": "",
                        }
                    ],
                }
            ],
        },
    )
    assert r.topics[0].partitions[0].error_code == ErrorCode.NONE


async def _write_log(data: Path) -> dict[int, int]:
    """Partition 0: 5 (plain), 10 (txn, committed), 20 (txn, aborted); partition 1: 7 (txn,
    committed), then 99 (txn, left open). Returns what OffsetFetch answers."""
    broker = await start_broker(data)
    try:
        c = await RawConnection.open(broker.bound_port)
        await create(c, "in", 2)
        await _commit(c, 5)
        a, ea = await init_pid(c, "a")
        await _txn_commit(c, "a", a, ea, 0, 10)
        await _txn_commit(c, "a", a, ea, 1, 7)
        assert await end_txn(c, "a", a, ea, commit=True) == ErrorCode.NONE
        await _txn_commit(c, "a", a, ea, 0, 20)
        assert await end_txn(c, "a", a, ea, commit=False) == ErrorCode.NONE
        b, eb = await init_pid(c, "b")
        await _txn_commit(c, "b", b, eb, 1, 99)  # never ended
        r = await c.request(
            ApiKey.OFFSET_FETCH,
            7,
            {
                "group_id": GROUP,
                "topics": [{"name": "in", "partition_indexes": [0, 1]}],
                "require_stable": False,
            },
        )
        await c.close()
        return {p.partition_index: p.committed_offset for p in r.topics[0].partitions}
    finally:
        await broker.stop()


def _rows(data: Path) -> list[dict]:
    p = coordinator_partition(GROUP, 50)
    [pdir] = [d for d in S.partition_dirs([str(data)], "__consumer_offsets") if d.partition == p]
    out: list[dict] = []
    decoder = ColumnarDecoder(ALL, arrow_schema(ALL))
    for rng in S.plan_ranges(pdir):
        # what read_columnar (the data source's reader) decodes
        b = decoder.decode(rng.partition, list(committed_batches(rng)))
        out += b.to_pylist() if b is not None else []
    return [r for r in out if r["kind"] == "offset_commit"]


def test_rows_hold_committed_transactions_only(tmp_path: Path) -> None:
    fetched = asyncio.run(_write_log(tmp_path / "data"))
    assert fetched == {0: 10, 1: 7}
    rows = _rows(tmp_path / "data")
    got = sorted((r["partition"], r["committed_offset"], r["transactional"]) for r in rows)
    assert got == [(0, 5, False), (0, 10, True), (1, 7, True)]  # 20 aborted, 99 undecided: absent
    # The row-at-a-time decoder agrees.
    p = coordinator_partition(GROUP, 50)
    [pdir] = [d for d in S.partition_dirs([str(tmp_path / "data")], "__consumer_offsets") if d.partition == p]
    cols = R.OffsetColumns()
    for rng in S.plan_ranges(pdir):
        for batch in S.read_range(rng):
            cols.add_batch(rng.partition, batch)
    slow = pa.Table.from_batches(
        [pa.RecordBatch.from_pydict(cols.cols, schema=arrow_schema(ALL))]
    ).to_pylist()
    assert (
        sorted(
            (r["partition"], r["committed_offset"], r["transactional"])
            for r in slow
            if r["kind"] == "offset_commit"
        )
        == got
    )


@pytest.mark.slow
def test_latest_offsets_job_agrees_with_offset_fetch(tmp_path: Path, spark) -> None:
    from jobs import analysis

    data = tmp_path / "data"
    fetched = asyncio.run(_write_log(data))
    for compact in ("false", "true"):  # compacted: the newest by offset, not by reading order
        offsets = (
            spark.read.format("kbroker-offsets").option("path", str(data)).option("compact", compact).load()
        )
        latest = analysis.latest_offsets(offsets).where(f"`group` = '{GROUP}'").collect()
        assert {r["partition"]: r["committed_offset"] for r in latest} == fetched

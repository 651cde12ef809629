"""Fetch reads as file regions (sendfile) against reads into memory, without sockets: for any
batch sizes, index interval, segment size, fetch offset, limit and bound (the last stable offset
of an open transaction), the region covers exactly the bytes the read returns."""

from __future__ import annotations

import asyncio
import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import broker.log.log as log_module
from broker.log import LogConfig, LogManager
from broker.log.file_region import FileRegion
from protocol.records import Record, build_batch

sizes = st.lists(
    st.tuples(st.integers(1, 12), st.sampled_from([1, 60, 900, 5000, 40_000])), min_size=1, max_size=25
)


def _batch(i: int, n: int, size: int, open_txn: bool) -> bytes:
    txn = (
        {"producer_id": 9, "producer_epoch": 0, "base_sequence": 0, "transactional": True} if open_txn else {}
    )
    return build_batch([Record(offset_delta=j, value=bytes([i % 256]) * size) for j in range(n)], **txn)


async def _check(tmp_path, batches, interval, segment_bytes, txn_at, reads) -> None:
    manager = LogManager([tmp_path / f"logs-{uuid.uuid4().hex}"])
    await manager.load(lambda topic: LogConfig())
    try:
        config = LogConfig(index_interval_bytes=interval, segment_bytes=segment_bytes)
        lg = await manager.create("t", 0, config, uuid.uuid4())
        for i, (n, size) in enumerate(batches):
            await lg.append(_batch(i, n, size, open_txn=txn_at is not None and i == txn_at))
        end = lg.written_offset
        for offset_pick, limit, min_one, committed in reads:
            offset = offset_pick % (end + 1)
            log_module.REGION_MIN_BYTES = 1 << 40
            copied = await lg.read(offset, limit, min_one=min_one, read_committed=committed)
            log_module.REGION_MIN_BYTES = 0
            spliced = await lg.read(offset, limit, min_one=min_one, read_committed=committed, region=True)
            got = (
                spliced.records.read() if isinstance(spliced.records, FileRegion) else bytes(spliced.records)
            )
            assert got == bytes(copied.records), (offset, limit, min_one, committed)
            assert (spliced.segment, spliced.position) == (copied.segment, copied.position)
    finally:
        log_module.REGION_MIN_BYTES = 64 * 1024
        await manager.stop()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    batches=sizes,
    interval=st.sampled_from([1, 100, 4096, 50_000]),
    segment_bytes=st.sampled_from([30_000, 200_000, 1 << 30]),
    txn_at=st.none() | st.integers(0, 6),
    reads=st.lists(
        st.tuples(st.integers(0, 10**6), st.integers(0, 300_000), st.booleans(), st.booleans()),
        min_size=1,
        max_size=12,
    ),
)
def test_a_region_is_the_read(tmp_path, batches, interval, segment_bytes, txn_at, reads):
    asyncio.run(_check(tmp_path, batches, interval, segment_bytes, txn_at, reads))

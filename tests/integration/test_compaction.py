"""The log cleaner in a running broker: the offsets log stays bounded by its live keys under a
commit load, and a user topic with cleanup.policy=compact is compacted under Produce and read
back through Fetch (newest value per key, offsets kept, gaps)."""

from __future__ import annotations

import asyncio

from broker.group.records import OFFSETS_TOPIC
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.records import Record, build_batch, decode_batches, verify_crc
from tests.helpers import RawConnection, async_wait_until, start_broker

CLEANER = {"log.cleaner.backoff.ms": "20", "log.cleaner.min.cleanable.ratio": "0.1"}


async def log_census(lg) -> tuple[int, int, set]:
    """(records below the active segment, records in the active segment, distinct keys)."""
    below = active = 0
    keys: set = set()
    active_base = lg.active.base_offset
    async for h, data in lg.batches(0):
        for b in decode_batches(data):
            keys.update(r.key for r in b.records)
        if h.base_offset < active_base:
            below += h.records_count
        else:
            active += h.records_count
    return below, active, keys


async def test_offsets_log_records_are_bounded_by_live_keys(tmp_path):
    broker = await start_broker(
        tmp_path / "data",
        **{"offsets.topic.num.partitions": "2", "offsets.topic.segment.bytes": "2048", **CLEANER},
    )
    groups, partitions, rounds = 6, 4, 150
    try:
        conn = await RawConnection.open(broker.bound_port)
        r = await conn.request(
            ApiKey.CREATE_TOPICS,
            7,
            {
                "topics": [{"name": "t", "num_partitions": partitions, "replication_factor": 1}],
                "timeout_ms": 5000,
            },
        )
        assert r.topics[0].error_code == ErrorCode.NONE

        async def committer(group: str) -> None:
            c = await RawConnection.open(broker.bound_port)
            try:
                for offset in range(rounds):
                    r = await c.request(
                        ApiKey.OFFSET_COMMIT,
                        8,
                        {
                            "group_id": group,
                            "generation_id_or_member_epoch": -1,
                            "member_id": "",
                            "topics": [
                                {
                                    "name": "t",
                                    "partitions": [
                                        {"partition_index": p, "committed_offset": offset}
                                        for p in range(partitions)
                                    ],
                                }
                            ],
                        },
                    )
                    assert {p.error_code for p in r.topics[0].partitions} == {ErrorCode.NONE}
            finally:
                await c.close()

        logs = [broker.log_manager.get(OFFSETS_TOPIC, p) for p in range(2)]
        done = asyncio.Event()
        reads = [0]

        async def reader() -> None:
            """Reads whole offsets partitions while the cleaner swaps segments under them: every
            read is whole valid batches with increasing offsets."""
            while not done.is_set():
                for lg in logs:
                    last = -1
                    async for h, data in lg.batches(0):
                        assert h.base_offset > last
                        assert verify_crc(data)
                        last = h.last_offset
                    reads[0] += 1
                await asyncio.sleep(0.01)  # pace the reads (not a wait for a state)

        reading = asyncio.create_task(reader())
        await asyncio.gather(*(committer(f"bounded-{i}") for i in range(groups)))
        done.set()
        await reading
        assert reads[0] > 0
        written = sum(lg.next_offset for lg in logs)

        async def bounded() -> bool:
            for lg in logs:
                below, _, keys = await log_census(lg)
                if below > len(keys):
                    return False
            return True

        await async_wait_until(bounded, timeout=20, what="the cleaner to compact the offsets log")
        totals = [await log_census(lg) for lg in logs]
        live = sum(len(k) for _, _, k in totals)
        assert live == groups * partitions
        below = sum(b for b, _, _ in totals)
        in_active = sum(a for _, a, _ in totals)
        print(
            f"\noffsets records written: {written}, live keys: {live}, records below the active segments: "
            f"{below}, in the active segments: {in_active}, cleans: {broker.log_manager.cleaner.stats.cleans}"
        )
        assert below <= live
        assert below + in_active < written / 4
        # Every committed offset is still the newest one.
        r = await conn.request(
            ApiKey.OFFSET_FETCH,
            8,
            {"groups": [{"group_id": f"bounded-{i}", "topics": None} for i in range(groups)]},
        )
        assert {p.committed_offset for g in r.groups for t in g.topics for p in t.partitions} == {rounds - 1}
        await conn.close()
    finally:
        await broker.stop()


async def test_compacted_user_topic_through_produce_and_fetch(tmp_path):
    broker = await start_broker(tmp_path / "data", **CLEANER)
    try:
        conn = await RawConnection.open(broker.bound_port)
        r = await conn.request(
            ApiKey.CREATE_TOPICS,
            7,
            {
                "topics": [
                    {
                        "name": "table",
                        "num_partitions": 1,
                        "replication_factor": 1,
                        "configs": [
                            {"name": "cleanup.policy", "value": "compact"},
                            {"name": "segment.bytes", "value": "1024"},
                            {"name": "min.cleanable.dirty.ratio", "value": "0.01"},
                        ],
                    }
                ],
                "timeout_ms": 5000,
            },
        )
        assert r.topics[0].error_code == ErrorCode.NONE
        sent: list[tuple[int, bytes, bytes | None]] = []
        for i in range(300):
            key = f"k{i % 10}".encode()
            value = None if i % 37 == 0 else f"v{i}".encode()
            r = await conn.request(
                ApiKey.PRODUCE,
                9,
                {
                    "acks": -1,
                    "timeout_ms": 5000,
                    "topic_data": [
                        {
                            "name": "table",
                            "partition_data": [
                                {"index": 0, "records": build_batch([Record(0, 0, key, value)])}
                            ],
                        }
                    ],
                },
            )
            p = r.responses[0].partition_responses[0]
            assert p.error_code == ErrorCode.NONE
            sent.append((p.base_offset, key, value))
        lg = broker.log_manager.get("table", 0)
        await async_wait_until(
            lambda: (
                broker.log_manager.cleaner.stats.last.get(("table", 0)) is not None
                and broker.log_manager.cleaner._first_dirty(("table", 0)) == lg.active.base_offset
            ),
            timeout=20,
            what="the cleaner to reach the active segment",
        )
        got: list[tuple[int, bytes, bytes | None]] = []
        offset = 0
        while True:
            r = await conn.request(
                ApiKey.FETCH,
                12,
                {
                    "max_wait_ms": 0,
                    "min_bytes": 0,
                    "max_bytes": 1 << 20,
                    "session_epoch": -1,
                    "topics": [
                        {
                            "topic": "table",
                            "partitions": [
                                {"partition": 0, "fetch_offset": offset, "partition_max_bytes": 1 << 20}
                            ],
                        }
                    ],
                },
            )
            part = r.responses[0].partitions[0]
            assert part.error_code == ErrorCode.NONE
            if not part.records:
                break
            for b in decode_batches(part.records):
                got.extend((o, rec.key, rec.value) for o, _, rec in b)
                offset = b.next_offset
        active_base = lg.active.base_offset
        newest = {}
        for rec in sent:
            if rec[0] < active_base:
                newest[rec[1]] = rec
        assert [g for g in got if g[0] < active_base] == sorted(newest.values())
        assert [g for g in got if g[0] >= active_base] == [s for s in sent if s[0] >= active_base]
        assert part.high_watermark == sent[-1][0] + 1 and part.log_start_offset == 0
        print(f"\nproduced {len(sent)} records, fetched back {len(got)} (offsets up to {got[-1][0]})")
        await conn.close()
    finally:
        await broker.stop()

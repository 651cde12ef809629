"""Must show 3: the `kbroker-offsets` stream under a running broker whose cleaner compacts
`__consumer_offsets` while its small segments roll, stopped and restarted from its checkpoint
five times: every record is read once. What the stream read, unioned over its micro-batches,
holds each (log partition, offset) at most once, holds every record a batch read of the final
log holds (with the same contents), and whatever else it holds is a record the cleaner removed
after the stream read it: one superseded by a newer record of the same key."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from jobs import segments as S
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import BrokerProcess, RawConnection, create_topic, wait_until
from tests.jobs.workload import LoopThread, broker_properties, compaction_available

pytestmark = pytest.mark.slow

COLUMNS = ("log_partition", "offset", "kind", "key_type", "group", "topic", "partition", "committed_offset")
RESTARTS = 5


async def commit_forever(port: int, stop: threading.Event, acked: list[tuple[str, int]]) -> None:
    """Commits for 8 groups x 3 partitions, the same keys again and again (food for the cleaner)."""
    c = await RawConnection.open(port)
    n = 0
    try:
        while not stop.is_set():
            for g in range(8):
                n += 1
                r = await c.request(
                    ApiKey.OFFSET_COMMIT,
                    8,
                    {
                        "group_id": f"g{g}",
                        "generation_id_or_member_epoch": -1,
                        "member_id": "",
                        "group_instance_id": None,
                        "retention_time_ms": -1,
                        "topics": [
                            {
                                "name": "t",
                                "partitions": [
                                    {
                                        "partition_index": p,
                                        "committed_offset": n * 10 + p,
                                        "committed_leader_epoch": -1,
                                        "committed_metadata": "",
                                    }
                                    for p in range(3)
                                ],
                            }
                        ],
                    },
                )
                assert {p.error_code for t in r.topics for p in t.partitions} == {ErrorCode.NONE}
                acked.append((f"g{g}", n))
            await asyncio.sleep(0.01)
    finally:
        await c.close()


def test_stream_reads_every_record_once_across_restarts_compaction_and_rolls(spark, tmp_path: Path) -> None:
    if not compaction_available():
        pytest.fail("the broker has no log cleaner (broker/log/cleaner.py)")
    data = tmp_path / "data"
    broker = BrokerProcess(data, extra=broker_properties() | {"offsets.topic.num.partitions": "3"}).start()
    loop = LoopThread()
    stop = threading.Event()
    acked: list[tuple[str, int]] = []
    out = tmp_path / "batches"
    out.mkdir()
    checkpoint = str(tmp_path / "checkpoint")

    def write_batch(df, batch_id: int) -> None:
        # named by batch id: a batch run again after a restart replaces its own file
        pq.write_table(df.toArrow(), out / f"batch-{batch_id:05d}.parquet")

    def stream(trigger: dict):
        return (
            spark.readStream.format("kbroker-offsets")
            .option("columns", ",".join(COLUMNS))
            .load(str(data))
            .writeStream.foreachBatch(write_batch)
            .option("checkpointLocation", checkpoint)
            .trigger(**trigger)
            .start()
        )

    try:
        loop.run(create_topic(broker.port, "t", 3))
        committer = asyncio.run_coroutine_threadsafe(commit_forever(broker.port, stop, acked), loop.loop)
        wait_until(lambda: len(acked) > 50 or committer.done(), 30, what="the first commits")
        assert not committer.done(), committer.exception()
        for _ in range(RESTARTS):
            seen = len(list(out.iterdir()))
            q = stream({"processingTime": "0.5 seconds"})
            wait_until(
                lambda seen=seen, q=q: len(list(out.iterdir())) >= seen + 2 or q.exception() is not None,
                120,
                what="two micro-batches",
            )
            assert q.exception() is None, q.exception()
            q.stop()  # maybe in the middle of a batch: it is planned again from the checkpoint
        stop.set()
        committer.result(30)
        # catch up with everything written: until the stream's position is every partition's log end
        ends = {
            str(d.partition): S.log_bounds(d).log_end_offset for d in S.partition_dirs(data, S.OFFSETS_TOPIC)
        }
        q = stream({"processingTime": "0.5 seconds"})

        def caught_up() -> bool:
            assert q.exception() is None, q.exception()
            p = q.lastProgress
            return p is not None and json.loads(p["sources"][0]["endOffset"] or "{}") == ends

        wait_until(caught_up, 120, what="the stream to reach the log end")
        q.stop()
        union = pa.concat_tables([pq.read_table(p) for p in sorted(out.iterdir())]).to_pylist()
        final = [
            r.asDict()
            for r in spark.read.format("kbroker-offsets")
            .option("columns", ",".join(COLUMNS))
            .load(str(data))
            .collect()
        ]
    finally:
        stop.set()
        loop.close()
        broker.stop()

    ids = [(r["log_partition"], r["offset"]) for r in union]
    assert len(ids) == len(set(ids)), "a record was read twice"
    by_id = {(r["log_partition"], r["offset"]): r for r in union}
    missing = [r for r in final if (r["log_partition"], r["offset"]) not in by_id]
    assert not missing, f"{len(missing)} records never read, e.g. {missing[:3]}"
    assert all(by_id[(r["log_partition"], r["offset"])] == r for r in final)
    # what the cleaner removed after the stream read it: each superseded by a newer record of its key
    newest: dict[tuple, int] = {}
    for r in union:
        key = (r["log_partition"], r["key_type"], r["group"], r["topic"], r["partition"])
        newest[key] = max(newest.get(key, -1), r["offset"])
    final_ids = {(r["log_partition"], r["offset"]) for r in final}
    removed = [r for r in union if (r["log_partition"], r["offset"]) not in final_ids]
    assert removed, "the cleaner removed nothing the stream had read: the test did not test compaction"
    assert all(
        newest[(r["log_partition"], r["key_type"], r["group"], r["topic"], r["partition"])] > r["offset"]
        for r in removed
    )
    rolled = [len(S.list_segments(d.path)) for d in S.partition_dirs(data, S.OFFSETS_TOPIC)]
    assert max(rolled) > 1, "segments never rolled"
    # the newest acknowledged commit of every group and partition is what the log says last
    last_acked = {g: n for g, n in acked}
    latest: dict[tuple[str, int], tuple[int, int]] = {}
    for r in final:
        if r["kind"] == "offset_commit":
            k = (r["group"], r["partition"])
            latest[k] = max(latest.get(k, (-1, -1)), (r["offset"], r["committed_offset"]))
    assert {k: v[1] for k, v in latest.items()} == {
        (g, p): n * 10 + p for g, n in last_acked.items() for p in range(3)
    }

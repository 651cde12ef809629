"""Must show 2: reading over the network (`.option("bootstrap", ...)`, our client fetching from
each partition's leader) and reading the broker's log dir give identical rows for the same
broker, batch (every column of every record, the log ends, the latest offsets job), and a stream
over the network sees the same commits as a stream over the files."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

import pytest

from jobs import analysis as A
from jobs import segments as S
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import BrokerProcess, RawConnection, create_topic, wait_until
from tests.jobs.workload import LoopThread

pytestmark = pytest.mark.slow

KEY = ("log_partition", "offset")


async def commits(port: int, n: int, stop: threading.Event | None = None) -> None:
    c = await RawConnection.open(port)
    try:
        i = 0
        while (stop is None and i < n) or (stop is not None and not stop.is_set()):
            i += 1
            r = await c.request(
                ApiKey.OFFSET_COMMIT,
                8,
                {
                    "group_id": f"g{i % 5}",
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
                                    "committed_offset": i * 3 + p,
                                    "committed_leader_epoch": i % 4,
                                    "committed_metadata": f"m{i}" if i % 3 else "",
                                }
                                for p in range(2)
                            ],
                        }
                    ],
                },
            )
            assert {p.error_code for t in r.topics for p in t.partitions} == {ErrorCode.NONE}
            if stop is not None:
                await asyncio.sleep(0.005)
    finally:
        await c.close()


async def group_round(bootstrap: str) -> None:
    """A real consumer group (group metadata records: members, assignment), committing."""
    from aiokafka import AIOKafkaConsumer

    c = AIOKafkaConsumer(
        "t",
        bootstrap_servers=bootstrap,
        group_id="real",
        enable_auto_commit=False,
        auto_offset_reset="earliest",
    )
    await c.start()
    try:
        await c.getmany(timeout_ms=2000)
        await c.commit()
    finally:
        await c.stop()


def rows_of(df) -> list[dict]:
    return sorted(
        (r.asDict(recursive=True) for r in df.collect()), key=lambda r: (r["log_partition"], r["offset"])
    )


def test_network_and_files_give_the_same_rows(spark, tmp_path: Path) -> None:
    data = tmp_path / "data"
    broker = BrokerProcess(data, extra={"offsets.topic.num.partitions": "3"}).start()
    loop = LoopThread()
    stop = threading.Event()
    queries = []
    try:
        loop.run(create_topic(broker.port, "t", 2))
        loop.run(commits(broker.port, 300))
        loop.run(group_round(broker.bootstrap))

        # batch: every column of every record, the same
        files = spark.read.format("kbroker-offsets").load(str(data))
        net = spark.read.format("kbroker-offsets").option("bootstrap", broker.bootstrap).load()
        want = rows_of(files)
        assert len(want) > 600 and {r["kind"] for r in want} >= {"offset_commit", "group_metadata"}
        assert rows_of(net) == want
        assert net.rdd.getNumPartitions() == 3  # one input partition per offsets partition
        # the log ends (what both know) and a job's answer
        cols = ["topic", "partition", "log_start_offset", "log_end_offset"]
        file_ends = spark.read.format("kbroker-log-end").load(str(data))
        net_ends = spark.read.format("kbroker-log-end").option("bootstrap", broker.bootstrap).load()
        assert sorted(map(tuple, file_ends.select(cols).collect())) == sorted(
            map(tuple, net_ends.select(cols).collect())
        )
        latest_cols = ["group", "topic", "partition", "committed_offset", "leader_epoch", "metadata"]
        latest = sorted(map(tuple, A.latest_offsets(files).select(latest_cols).collect()))
        assert sorted(map(tuple, A.latest_offsets(net).select(latest_cols).collect())) == latest
        # read compacted (the newest record per key only), both ways: the same answer
        for compact in (
            spark.read.format("kbroker-offsets").option("compact", "true").load(str(data)),
            spark.read.format("kbroker-offsets")
            .option("compact", "true")
            .option("bootstrap", broker.bootstrap)
            .load(),
        ):
            assert compact.count() < len(want)
            assert sorted(map(tuple, A.latest_offsets(compact).select(latest_cols).collect())) == latest

        # streams: over the network and over the files, while commits go on
        seen: dict[str, list[tuple]] = {"files": [], "net": []}

        def collect(name: str):
            def f(df, _batch_id: int) -> None:
                seen[name].extend(
                    tuple(r)
                    for r in df.where("kind = 'offset_commit'")
                    .select("log_partition", "offset", "group", "topic", "partition", "committed_offset")
                    .collect()
                )

            return f

        columns = "log_partition,offset,kind,group,topic,partition,committed_offset"
        for name, reader in (
            ("files", spark.readStream.format("kbroker-offsets").load(str(data))),
            ("net", spark.readStream.format("kbroker-offsets").option("bootstrap", broker.bootstrap).load()),
        ):
            queries.append(
                reader.select(*columns.split(","))
                .writeStream.foreachBatch(collect(name))
                .option("checkpointLocation", str(tmp_path / f"ck-{name}"))
                .trigger(processingTime="0.5 seconds")
                .start()
            )
        committer = asyncio.run_coroutine_threadsafe(commits(broker.port, 0, stop), loop.loop)
        wait_until(
            lambda: all(q.lastProgress is not None for q in queries), 120, what="both streams' first batches"
        )
        stop.set()
        committer.result(30)
        ends = {
            str(d.partition): S.log_bounds(d).log_end_offset for d in S.partition_dirs(data, S.OFFSETS_TOPIC)
        }

        def caught_up() -> bool:
            for q in queries:
                assert q.exception() is None, q.exception()
            return all(
                q.lastProgress and json.loads(q.lastProgress["sources"][0]["endOffset"] or "{}") == ends
                for q in queries
            )

        wait_until(caught_up, 120, what="both streams to reach the log end")
        for q in queries:
            q.stop()
        assert len(seen["files"]) > 600
        assert sorted(seen["net"]) == sorted(seen["files"])
        assert len(set(seen["files"])) == len(seen["files"])
    finally:
        stop.set()
        for q in queries:
            if q.isActive:
                q.stop()
        loop.close()
        broker.stop()

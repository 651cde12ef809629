"""The share groups job (jobs/share_groups.py) on a real broker's log dir: two members of a
share group accept every record of a topic, releasing some first; the report's share-partition
has moved its start offset over every record and counts each release as a redelivery, and the group's membership history has its two members, who left."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from client import AcknowledgeType, AsyncProducer, AsyncShareConsumer, TopicPartition
from jobs import share_groups
from jobs.rows import OffsetColumns
from jobs.runner import Context
from protocol import share_group_records as sgr
from tests.helpers import start_broker

SHARE = {
    "group.share.enable": "true",
    "group.share.min.heartbeat.interval.ms": "100",
    "group.share.heartbeat.interval.ms": "200",
    "share.coordinator.state.topic.num.partitions": "1",
    "share.coordinator.state.topic.replication.factor": "1",
    "share.coordinator.snapshot.update.records.per.snapshot": "500",  # updates only, after the first
}
N, RELEASE_EVERY = 300, 10


def test_share_group_records_become_rows() -> None:
    cols = OffsetColumns()
    key = sgr.ShareGroupKey(sgr.ShareRecordType.SHARE_GROUP_MEMBER_METADATA, "sg", "m1")
    records = [
        sgr.ShareGroupRecord(key, sgr.ShareMemberSubscription(None, "c", "/h", ("t",))),
        sgr.ShareGroupRecord(
            sgr.ShareGroupKey(sgr.ShareRecordType.SHARE_GROUP_METADATA, "sg"), sgr.ShareGroupEpoch(4)
        ),
        sgr.ShareGroupRecord(key, None),
    ]
    for offset, record in enumerate(records):
        cols.add_record(3, offset, 1000, *sgr.encode(record))
    member, epoch, left = cols.as_dicts()
    assert (member["kind"], member["key_type"], member["group"], member["member_id"]) == (
        "share_group",
        "share_group_member_metadata",
        "sg",
        "m1",
    )
    assert member["subscribed_topics"] == ["t"]
    assert (epoch["key_type"], epoch["group_epoch"]) == ("share_group_metadata", 4)
    assert (left["kind"], left["key_type"], left["member_id"]) == (
        "tombstone",
        "share_group_member_metadata",
        "m1",
    )


@pytest.mark.slow
async def test_share_group_throughput_and_redeliveries(spark, tmp_path: Path) -> None:
    data = tmp_path / "data"
    broker = await start_broker(data, **SHARE)
    released = 0
    try:
        await broker.topics.create("jobs", 1)
        broker.share_partitions.group_configs["sg"] = {"share.auto.offset.reset": "earliest"}
        bootstrap = f"127.0.0.1:{broker.bound_port}"
        async with AsyncProducer(bootstrap_servers=bootstrap) as p:
            await asyncio.gather(*[await p.send("jobs", f"{i}".encode()) for i in range(N)])
        accepted: set[int] = set()
        members = [
            AsyncShareConsumer(
                "jobs", group_id="sg", bootstrap_servers=bootstrap, share_acknowledgement_mode="explicit"
            )
            for _ in range(2)
        ]

        async def work(c: AsyncShareConsumer) -> None:
            nonlocal released
            while len(accepted) < N:
                for r in (await c.getmany(timeout_ms=200, max_records=50)).get(TopicPartition("jobs", 0), []):
                    if r.offset % RELEASE_EVERY == 0 and r.delivery_count == 1:
                        c.acknowledge(r, AcknowledgeType.RELEASE)
                        released += 1
                    else:
                        c.acknowledge(r, AcknowledgeType.ACCEPT)
                        accepted.add(r.offset)
                await c.commit()

        for c in members:
            await c.start()
        await asyncio.wait_for(asyncio.gather(*(work(c) for c in members)), 60)
        for c in members:
            await c.close()
    finally:
        await broker.stop()
    out = tmp_path / "out"
    ctx = Context(spark, str(data), out, cache=False)
    section = share_groups.run(ctx)
    (row,) = [r.asDict() for r in spark.read.parquet(str(out / "share_groups")).collect()]
    assert (row["group"], row["partition"], row["start_offset"], row["records_done"]) == ("sg", 0, N, N)
    assert row["redeliveries"] == released == N // RELEASE_EVERY
    assert row["archived"] == 0 and row["max_delivery_count"] >= 1
    assert row["records_per_s"] is None or row["records_per_s"] > 0
    (g,) = [r.asDict() for r in spark.read.parquet(str(out / "share_groups_membership")).collect()]
    assert (g["group"], g["members_seen"], g["members_left"]) == ("sg", 2, 2)
    assert dict(section.facts)["records done"] == N

"""`kbroker-offsets` over `__share_group_state` (option topic): the share coordinator's records
of a real broker's log dir, read through Spark, give the state it answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from broker.share.persister import DeliveryState, PartitionKey, StateBatch
from tests.helpers import start_broker

SHARE = {"group.share.enable": "true", "share.coordinator.state.topic.num.partitions": "2"}


@pytest.mark.slow
async def test_share_state_records_through_spark(spark, tmp_path: Path) -> None:
    data = tmp_path / "data"
    broker = await start_broker(data, **SHARE)
    try:
        await broker.topics.create("t", 1)
        topic_id = broker.topics.topics["t"].topic_id
        key = PartitionKey("sg", topic_id.bytes, 0)
        persister = broker.share_persister
        await persister.initialize(key, 1, 10)
        await persister.read(key, 4)
        await persister.write(key, 1, 4, 12, (StateBatch(12, 15, DeliveryState.ACKNOWLEDGED, 1),))
    finally:
        await broker.stop()
    df = spark.read.format("kbroker-offsets").option("topic", "__share_group_state").load(str(data))
    got = [r.asDict(recursive=True) for r in df.orderBy("offset").collect()]
    assert [(r["kind"], r["group"], r["topic"], r["partition"]) for r in got] == [
        ("share_snapshot", "sg", str(topic_id), 0),
        ("share_update", "sg", str(topic_id), 0),
        ("share_update", "sg", str(topic_id), 0),
    ]
    assert (got[0]["state_epoch"], got[0]["start_offset"]) == (1, 10)
    assert got[1]["leader_epoch"] == 4  # the leader's claim
    assert got[2]["start_offset"] == 12
    assert got[2]["state_batches"] == [
        {"first_offset": 12, "last_offset": 15, "delivery_state": "ACKNOWLEDGED", "delivery_count": 1}
    ]

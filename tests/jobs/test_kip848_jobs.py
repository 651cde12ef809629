"""The Spark source decodes KIP-848 consumer group records, and the rebalance history shows a
consumer group's epochs next to a classic group's generations, from one log holding both."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from broker.group.records import encode_record
from jobs import analysis as A
from jobs import segments as S
from jobs import synthetic as syn
from jobs.rows import OffsetColumns
from protocol.consumer_group_records import ConsumerGroupRecord
from tests.unit.group.consumer.test_consumer_group import CG, GROUP, Member, converge

T0 = 1_700_000_000_000


def consumer_group_records() -> tuple[list[tuple[bytes, bytes | None]], list[int]]:
    """A real consumer group's records (the shard's own), and the group epochs it went through:
    two members join, a third, then one leaves."""
    cg = CG()
    cg.add_topic("orders", 6)
    rng = random.Random(5)
    members = [Member(cg, f"m{i}", ["orders"]) for i in range(2)]
    converge(cg, members, rng)
    members.append(Member(cg, "m2", ["orders"]))
    converge(cg, members, rng)
    cg.hb("m0", -1)
    converge(cg, members[1:], rng)
    epochs = [r.value.epoch for r in cg.written if isinstance(r, ConsumerGroupRecord) and r.key.type == 3]
    return [encode_record(r) for r in cg.written], epochs


def test_rows_decode_consumer_group_records() -> None:
    raw, _ = consumer_group_records()
    cols = OffsetColumns()
    for i, (k, v) in enumerate(raw):
        cols.add_record(3, i, T0 + i, k, v)
    rows = cols.as_dicts()
    assert {r["kind"] for r in rows} == {"consumer_group", "tombstone"}
    assert all(r["group"] == GROUP and r["error"] is None for r in rows)
    current = [
        r
        for r in rows
        if r["key_type"] == "consumer_group_current_member_assignment" and r["kind"] != "tombstone"
    ]
    assert current and all(
        r["member_state"] in ("STABLE", "UNREVOKED_PARTITIONS", "UNRELEASED_PARTITIONS") for r in current
    )
    assert any(r["topic_partitions"] for r in current)
    subs = [r for r in rows if r["key_type"] == "consumer_group_member_metadata" and r["kind"] != "tombstone"]
    assert {r["member_id"] for r in subs} == {"m0", "m1", "m2"} and subs[0]["subscribed_topics"] == ["orders"]
    tombs = [r for r in rows if r["kind"] == "tombstone"]
    assert {r["member_id"] for r in tombs} == {"m0"} and len(tombs) == 3


@pytest.mark.slow
def test_rebalance_history_shows_consumer_epochs_next_to_classic_generations(spark, tmp_path: Path) -> None:
    raw, epochs = consumer_group_records()
    with syn.PartitionWriter(tmp_path, S.OFFSETS_TOPIC, 0) as w:
        for gen in (1, 2, 3):
            w.append(
                [syn.group_metadata("classic-g", gen, [("a", ["t"], [])], T0 + gen * 1000)], T0 + gen * 1000
            )
        for i, record in enumerate(raw):
            w.append([record], T0 + 10_000 + i)
    offsets = spark.read.format("kbroker-offsets").load(str(tmp_path))
    kinds = {r["kind"] for r in offsets.select("kind").distinct().collect()}
    assert "unknown" not in kinds and "consumer_group" in kinds
    history = A.rebalance_history(offsets)
    rows = history.orderBy("log_partition", "offset").collect()
    classic = [r for r in rows if r["group_type"] == "classic"]
    consumer = [r for r in rows if r["group_type"] == "consumer"]
    assert [r["generation"] for r in classic] == [1, 2, 3]
    assert [r["generation"] for r in consumer] == epochs
    # members as the log has them: 2, then 3, then 2 after the leave
    assert [r["members_count"] for r in consumer if r["new_generation"]][-1] == 2
    assert max(r["members_count"] for r in consumer) == 3
    summary = {r["group"]: r.asDict() for r in A.rebalance_summary(history).collect()}
    assert summary["classic-g"]["group_type"] == "classic" and summary["classic-g"]["generation"] == 3
    assert summary[GROUP]["group_type"] == "consumer" and summary[GROUP]["generation"] == epochs[-1]
    assert summary[GROUP]["state"] == "stable" and summary[GROUP]["members"] == 2

"""KIP-848 consumer groups in the operator's tools: `kbroker-consumer-groups --describe` (offsets,
--members [--verbose] with member and target epochs and assignments, --state [--verbose] with the
group and target assignment epochs, as Kafka 4's kafka-consumer-groups.sh) and the metrics
endpoint (state, group epoch, assignment epoch, members, lag)."""

from __future__ import annotations

import json

import pytest

from client import AsyncAdmin, AsyncConsumer, AsyncProducer, NewTopic, TopicPartition
from tests.helpers import async_wait_until, free_port, start_broker
from tests.integration.test_cli_tools import rows, tool
from tests.integration.test_metrics import scrape_async, value

pytestmark = pytest.mark.timeout(180)


async def test_describe_and_metrics_of_a_consumer_protocol_group(tmp_path) -> None:
    broker = await start_broker(tmp_path / "data", **{"metrics.port": str(free_port())})
    bootstrap = f"127.0.0.1:{broker.bound_port}"
    consumer = None
    try:
        async with AsyncAdmin(bootstrap) as admin:
            await admin.create_topics([NewTopic("orders", 3)])
            async with AsyncProducer(bootstrap, linger_ms=0) as producer:
                for i in range(4):
                    await producer.send("orders", b"%d" % i, partition=0)
                await producer.flush()
        consumer = AsyncConsumer(
            bootstrap_servers=bootstrap,
            group_id="kip848",
            client_id="modern",
            group_protocol="consumer",
            enable_auto_commit=False,
        )
        await consumer.start()
        consumer.subscribe(["orders"])

        async def assigned() -> bool:
            await consumer.getmany(timeout_ms=50)  # type: ignore[union-attr]
            return len(consumer.assignment()) == 3  # type: ignore[union-attr]

        await async_wait_until(assigned, 30, what="the assignment")
        await consumer.commit({TopicPartition("orders", 0): 1})
        group = broker.groups.runtime_for("kip848").shard.consumer_groups.groups["kip848"]
        (member_id,) = group.members
        epoch = group.members[member_id].member_epoch

        args = ("--bootstrap-server", bootstrap, "--describe", "--group", "kip848")
        _, out, _ = await tool("consumer_groups", *args)
        assert [r[:6] + r[6:7] for r in rows(out)[1:]] == [
            ["kip848", "orders", "0", "1", "4", "3", member_id],
            ["kip848", "orders", "1", "-", "0", "-", member_id],
            ["kip848", "orders", "2", "-", "0", "-", member_id],
        ]
        _, out, _ = await tool("consumer_groups", *args, "--members", "--verbose")
        table = rows(out)
        assert table[0] == [
            "GROUP",
            "CONSUMER-ID",
            "HOST",
            "CLIENT-ID",
            "#PARTITIONS",
            "CURRENT-EPOCH",
            "CURRENT-ASSIGNMENT",
            "TARGET-EPOCH",
            "TARGET-ASSIGNMENT",
        ]
        assert table[1][:2] == ["kip848", member_id] and table[1][3:] == [
            "modern",
            "3",
            str(epoch),
            "orders(0,1,2)",
            str(group.assignment_epoch),
            "orders(0,1,2)",
        ]
        _, out, _ = await tool("consumer_groups", *args, "--members")
        assert rows(out)[0] == ["GROUP", "CONSUMER-ID", "HOST", "CLIENT-ID", "#PARTITIONS"]
        _, out, _ = await tool("consumer_groups", *args, "--state", "--verbose", "--output", "json")
        (state,) = json.loads(out)
        assert state["STATE"] == "Stable" and state["ASSIGNMENT-STRATEGY"] == "uniform"
        assert state["GROUP-EPOCH"] == group.group_epoch and state["#MEMBERS"] == 1
        assert state["TARGET-ASSIGNMENT-EPOCH"] == group.assignment_epoch
        _, out, _ = await tool("consumer_groups", *args, "--state")
        assert rows(out)[1][-2:] == ["Stable", "1"]

        # OffsetDelete of a subscribed topic, while the group is active: refused per partition.
        code, out, _ = await tool(
            "consumer_groups", "--bootstrap-server", bootstrap, "--delete-offsets", "--group", "kip848",
            "--topic", "orders:0", check=False,
        )  # fmt: skip
        assert code == 1 and rows(out)[1:] == [["orders", "0", "GROUP_SUBSCRIBED_TO_TOPIC"]]

        metrics = await scrape_async(broker.metrics.port)  # type: ignore[union-attr]
        assert value(metrics, "kbroker_groups", state="Stable") == 1
        assert value(metrics, "kbroker_groups_by_type", type="consumer") == 1
        assert value(metrics, "kbroker_group_members", group="kip848") == 1
        assert value(metrics, "kbroker_group_generation", group="kip848") == group.group_epoch
        assert value(metrics, "kbroker_group_assignment_epoch", group="kip848") == group.assignment_epoch
        assert value(metrics, "kbroker_consumer_lag", group="kip848", topic="orders", partition="0") == 3

        await consumer.close()
        consumer = None
        await async_wait_until(lambda: not group.members, 20, what="the member to leave")
        metrics = await scrape_async(broker.metrics.port)  # type: ignore[union-attr]
        assert value(metrics, "kbroker_groups", state="Empty") == 1
        assert value(metrics, "kbroker_group_members", group="kip848") == 0
    finally:
        if consumer is not None:
            await consumer.close()
        await broker.stop()

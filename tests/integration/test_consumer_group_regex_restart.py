"""A KIP-848 regex subscription across a broker restart: the type-16 record the coordinator wrote
(the regex's resolution) is in __consumer_offsets and replayed when the group is loaded again."""

from __future__ import annotations

from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from tests.helpers import RawConnection, async_wait_until, create_topic, start_broker


async def test_regex_resolution_survives_a_restart(tmp_path) -> None:
    data = tmp_path / "data"
    overrides = {"offsets.topic.num.partitions": "1"}
    broker = await start_broker(data, **overrides)
    try:
        for name in ("orders-eu", "orders-us", "payments"):
            await create_topic(broker.bound_port, name, 1)
        conn = await RawConnection.open(broker.bound_port)
        try:
            hb = await conn.request(
                ApiKey.CONSUMER_GROUP_HEARTBEAT,
                1,
                {
                    "group_id": "g",
                    "member_id": "m-1",
                    "member_epoch": 0,
                    "rebalance_timeout_ms": 30_000,
                    "subscribed_topic_regex": "orders-.*",
                    "topic_partitions": [],
                },
            )
        finally:
            await conn.close()
        assert hb.error_code == E.NONE, hb
        before = broker.groups.runtime_for("g").shard.consumer_groups.groups["g"].resolved_regexes
        assert before["orders-.*"].topics == ("orders-eu", "orders-us")
    finally:
        await broker.stop()

    broker = await start_broker(data, **overrides)
    try:
        runtime = broker.groups.runtime_for("g")
        await async_wait_until(lambda: runtime.loaded, 20, what="the offsets partition to load")
        after = runtime.shard.consumer_groups.groups["g"].resolved_regexes
        assert after == before
    finally:
        await broker.stop()

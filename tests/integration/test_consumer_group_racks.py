"""The racks the group coordinator assigns by (broker.partition_racks): a single broker's
`broker.rack` for every partition, none without it."""

from __future__ import annotations

from tests.helpers import create_topic, start_broker


async def test_partition_racks_of_a_single_broker(tmp_path) -> None:
    broker = await start_broker(tmp_path / "a", **{"broker.rack": "rack-a"})
    try:
        await create_topic(broker.bound_port, "t", 3)
        assert broker.partition_racks("t") == [frozenset({"rack-a"})] * 3
        assert broker.partition_racks("missing") == []
    finally:
        await broker.stop()
    broker = await start_broker(tmp_path / "b")
    try:
        await create_topic(broker.bound_port, "t", 2)
        assert broker.partition_racks("t") == [frozenset()] * 2
    finally:
        await broker.stop()

"""OffsetFetch v9's MemberId/MemberEpoch on the wire, for a KIP-848 consumer group: a member at a
stale epoch gets STALE_MEMBER_EPOCH as the group's error, an unknown member UNKNOWN_MEMBER_ID, a
request naming no member (v8, the admin client) the offsets."""

from __future__ import annotations

from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from tests.helpers import RawConnection, create_topic, start_broker

K = ApiKey


async def test_offset_fetch_v9_checks_the_member_epoch(tmp_path) -> None:
    broker = await start_broker(tmp_path / "data", **{"offsets.topic.num.partitions": "1"})
    conn = await RawConnection.open(broker.bound_port)
    try:
        await create_topic(broker.bound_port, "t", 2)
        hb = await conn.request(
            K.CONSUMER_GROUP_HEARTBEAT,
            1,
            {
                "group_id": "g",
                "member_id": "m-1",
                "member_epoch": 0,
                "rebalance_timeout_ms": 30_000,
                "subscribed_topic_names": ["t"],
                "topic_partitions": [],
            },
        )
        assert hb.error_code == E.NONE and hb.member_epoch > 0, hb
        epoch = hb.member_epoch
        commit = await conn.request(
            K.OFFSET_COMMIT,
            9,
            {
                "group_id": "g",
                "generation_id_or_member_epoch": epoch,
                "member_id": "m-1",
                "topics": [{"name": "t", "partitions": [{"partition_index": 0, "committed_offset": 7}]}],
            },
        )
        assert commit.topics[0].partitions[0].error_code == E.NONE, commit

        async def fetch(version: int, **member: object) -> tuple[int, list[int]]:
            group = {"group_id": "g", "topics": [{"name": "t", "partition_indexes": [0]}], **member}
            r = await conn.request(K.OFFSET_FETCH, version, {"groups": [group], "require_stable": True})
            g = r.groups[0]
            return g.error_code, [p.committed_offset for t in g.topics for p in t.partitions]

        assert await fetch(9, member_id="m-1", member_epoch=epoch) == (E.NONE, [7])
        assert await fetch(9, member_id="m-1", member_epoch=epoch + 1) == (E.STALE_MEMBER_EPOCH, [])
        assert await fetch(9, member_id="m-2", member_epoch=epoch) == (E.UNKNOWN_MEMBER_ID, [])
        assert await fetch(9) == (E.NONE, [7])
        assert await fetch(8) == (E.NONE, [7])
    finally:
        await conn.close()
        await broker.stop()

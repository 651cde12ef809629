"""The group APIs over loopback, every version: raw requests in, Kafka's answers out."""

from __future__ import annotations

import asyncio

import pytest

from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from tests.helpers import RawConnection, async_wait_until

K = ApiKey


@pytest.fixture
async def broker(broker):
    """The broker, holding topics "t" (4 partitions) and "u", which the tests commit to."""
    await broker.topics.create("t", 4)
    await broker.topics.create("u", 1)
    return broker


def join_body(
    group: str,
    member_id: str = "",
    instance: str | None = None,
    session: int = 10_000,
    protocols: list[tuple[str, bytes]] | None = None,
    reason: str | None = None,
) -> dict:
    return {
        "group_id": group,
        "session_timeout_ms": session,
        "rebalance_timeout_ms": 10_000,
        "member_id": member_id,
        "group_instance_id": instance,
        "protocol_type": "consumer",
        "protocols": [{"name": n, "metadata": m} for n, m in (protocols or [("range", b"sub")])],
        "reason": reason,
    }


async def join(conn: RawConnection, version: int, group: str, **kw) -> object:
    r = await conn.request(K.JOIN_GROUP, version, join_body(group, **kw))
    if r.error_code == E.MEMBER_ID_REQUIRED:
        assert version >= 4
        r = await conn.request(K.JOIN_GROUP, version, join_body(group, r.member_id, **kw))
    return r


@pytest.mark.parametrize("version", range(10))
async def test_join_sync_heartbeat_leave_every_join_version(broker, version: int) -> None:
    conn = await RawConnection.open(broker.bound_port)
    try:
        group = f"g-join-v{version}"
        r = await join(conn, version, group, reason="test" if version >= 8 else None)
        assert r.error_code == E.NONE and r.generation_id == 1 and r.leader == r.member_id
        assert r.member_id.startswith("test-")
        assert len(r.members) == 1 and r.members[0].metadata == b"sub"
        if version >= 7:
            assert (r.protocol_type, r.protocol_name) == ("consumer", "range")
        else:
            assert r.protocol_name == "range"
        sync_v = min(version, 5)
        body = {
            "group_id": group,
            "generation_id": 1,
            "member_id": r.member_id,
            "protocol_type": "consumer",
            "protocol_name": "range",
            "assignments": [{"member_id": r.member_id, "assignment": b"A"}],
        }
        s = await conn.request(K.SYNC_GROUP, sync_v, body)
        assert s.error_code == E.NONE and s.assignment == b"A"
        hb_v = min(version, 4)
        hb = await conn.request(
            K.HEARTBEAT, hb_v, {"group_id": group, "generation_id": 1, "member_id": r.member_id}
        )
        assert hb.error_code == E.NONE
        hb = await conn.request(
            K.HEARTBEAT, hb_v, {"group_id": group, "generation_id": 0, "member_id": r.member_id}
        )
        assert hb.error_code == E.ILLEGAL_GENERATION
        leave_v = min(version, 5)
        body = {"group_id": group, "member_id": r.member_id, "members": [{"member_id": r.member_id}]}
        lv = await conn.request(K.LEAVE_GROUP, leave_v, body)
        assert lv.error_code == E.NONE
        if leave_v >= 3:
            assert [(m.member_id, m.error_code) for m in lv.members] == [(r.member_id, E.NONE)]
    finally:
        await conn.close()


async def test_join_v4_without_member_id_gets_member_id_required(broker) -> None:
    conn = await RawConnection.open(broker.bound_port)
    try:
        r = await conn.request(K.JOIN_GROUP, 4, join_body("g"), client_id="my-app")
        assert r.error_code == E.MEMBER_ID_REQUIRED and r.member_id.startswith("my-app-")
    finally:
        await conn.close()


async def test_invalid_session_timeout_over_the_wire(broker) -> None:
    conn = await RawConnection.open(broker.bound_port)
    try:
        r = await conn.request(K.JOIN_GROUP, 5, join_body("g", session=10))
        assert r.error_code == E.INVALID_SESSION_TIMEOUT
    finally:
        await conn.close()


async def test_sync_v5_requires_protocol_type_and_name(broker) -> None:
    conn = await RawConnection.open(broker.bound_port)
    try:
        r = await join(conn, 9, "g")
        s = await conn.request(
            K.SYNC_GROUP,
            5,
            {
                "group_id": "g",
                "generation_id": 1,
                "member_id": r.member_id,
                "protocol_type": None,
                "protocol_name": None,
                "assignments": [],
            },
        )
        assert s.error_code == E.INCONSISTENT_GROUP_PROTOCOL
    finally:
        await conn.close()


async def test_two_members_on_two_connections_rebalance(broker) -> None:
    a, b = await RawConnection.open(broker.bound_port), await RawConnection.open(broker.bound_port)
    try:
        ra = await join(a, 9, "g2")
        sa = await a.request(
            K.SYNC_GROUP,
            5,
            {
                "group_id": "g2",
                "generation_id": 1,
                "member_id": ra.member_id,
                "protocol_type": "consumer",
                "protocol_name": "range",
                "assignments": [{"member_id": ra.member_id, "assignment": b"A"}],
            },
        )
        assert sa.error_code == E.NONE
        first = await b.request(K.JOIN_GROUP, 9, join_body("g2"))
        b_join = asyncio.create_task(b.request(K.JOIN_GROUP, 9, join_body("g2", first.member_id)))
        shard = broker.groups.runtime_for("g2").shard
        await async_wait_until(
            lambda: str(shard.groups["g2"].state) == "PreparingRebalance", what="rebalance"
        )
        hb = await a.request(
            K.HEARTBEAT, 4, {"group_id": "g2", "generation_id": 1, "member_id": ra.member_id}
        )
        assert hb.error_code == E.REBALANCE_IN_PROGRESS
        ra2 = await a.request(K.JOIN_GROUP, 9, join_body("g2", ra.member_id))
        rb = await b_join
        assert ra2.generation_id == rb.generation_id == 2 and len(ra2.members) == 2 and rb.members == []
    finally:
        await a.close()
        await b.close()


@pytest.mark.parametrize("version", range(10))
async def test_offset_commit_then_fetch_every_commit_version(broker, version: int) -> None:
    conn = await RawConnection.open(broker.bound_port)
    group = f"simple-v{version}"
    try:
        body = {
            "group_id": group,
            "generation_id_or_member_epoch": -1,
            "member_id": "",
            "retention_time_ms": -1,
            "topics": [
                {
                    "name": "t",
                    "partitions": [
                        {
                            "partition_index": 0,
                            "committed_offset": 100 + version,
                            "committed_leader_epoch": 3,
                            "commit_timestamp": -1,
                            "committed_metadata": "m",
                        },
                        {
                            "partition_index": 1,
                            "committed_offset": 5,
                            "committed_leader_epoch": -1,
                            "commit_timestamp": -1,
                            "committed_metadata": None,
                        },
                    ],
                }
            ],
        }
        c = await conn.request(K.OFFSET_COMMIT, version, body)
        assert [(p.partition_index, p.error_code) for p in c.topics[0].partitions] == [
            (0, E.NONE),
            (1, E.NONE),
        ]
        f = await conn.request(K.OFFSET_FETCH, 7, {"group_id": group, "topics": None, "require_stable": True})
        got = {
            p.partition_index: (p.committed_offset, p.committed_leader_epoch, p.metadata)
            for t in f.topics
            for p in t.partitions
        }
        epoch = 3 if version >= 6 else -1
        assert got == {0: (100 + version, epoch, "m"), 1: (5, -1, "")}
    finally:
        await conn.close()


@pytest.mark.parametrize("version", range(10))
async def test_offset_fetch_every_version(broker, version: int) -> None:
    conn = await RawConnection.open(broker.bound_port)
    try:
        await conn.request(
            K.OFFSET_COMMIT,
            8,
            {
                "group_id": "gf",
                "generation_id_or_member_epoch": -1,
                "member_id": "",
                "topics": [{"name": "t", "partitions": [{"partition_index": 2, "committed_offset": 7}]}],
            },
        )
        wanted = [{"name": "t", "partition_indexes": [2, 3]}]
        if version >= 8:
            f = await conn.request(
                K.OFFSET_FETCH,
                version,
                {"groups": [{"group_id": "gf", "topics": wanted}, {"group_id": "other", "topics": None}]},
            )
            assert [g.group_id for g in f.groups] == ["gf", "other"]
            parts = f.groups[0].topics[0].partitions
            assert f.groups[1].topics == []
        else:
            f = await conn.request(K.OFFSET_FETCH, version, {"group_id": "gf", "topics": wanted})
            parts = f.topics[0].partitions
        assert [(p.partition_index, p.committed_offset, p.error_code) for p in parts] == [
            (2, 7, 0),
            (3, -1, 0),
        ]
    finally:
        await conn.close()


async def test_commit_to_unknown_topic_or_partition(broker) -> None:
    conn = await RawConnection.open(broker.bound_port)
    try:
        body = {
            "group_id": "g",
            "generation_id_or_member_epoch": -1,
            "member_id": "",
            "topics": [
                {
                    "name": "t",
                    "partitions": [
                        {"partition_index": 3, "committed_offset": 1},
                        {"partition_index": 4, "committed_offset": 1},
                    ],
                },
                {"name": "nosuchtopic", "partitions": [{"partition_index": 0, "committed_offset": 1}]},
            ],
        }
        r = await conn.request(K.OFFSET_COMMIT, 8, body)
        assert [(t.name, [(p.partition_index, p.error_code) for p in t.partitions]) for t in r.topics] == [
            ("t", [(3, E.NONE), (4, E.UNKNOWN_TOPIC_OR_PARTITION)]),
            ("nosuchtopic", [(0, E.UNKNOWN_TOPIC_OR_PARTITION)]),
        ]
    finally:
        await conn.close()


async def test_commit_with_generation_to_unknown_group(broker) -> None:
    conn = await RawConnection.open(broker.bound_port)
    try:
        body = {
            "group_id": "nogroup",
            "generation_id_or_member_epoch": 1,
            "member_id": "m",
            "topics": [{"name": "t", "partitions": [{"partition_index": 0, "committed_offset": 1}]}],
        }
        assert (await conn.request(K.OFFSET_COMMIT, 8, body)).topics[0].partitions[
            0
        ].error_code == E.ILLEGAL_GENERATION
        assert (await conn.request(K.OFFSET_COMMIT, 9, body)).topics[0].partitions[
            0
        ].error_code == E.GROUP_ID_NOT_FOUND
    finally:
        await conn.close()


@pytest.mark.parametrize("version", range(7))
async def test_describe_groups_every_version(broker, version: int) -> None:
    conn = await RawConnection.open(broker.bound_port)
    try:
        r = await join(conn, 9, "gd", instance="inst-1")
        await conn.request(
            K.SYNC_GROUP,
            5,
            {
                "group_id": "gd",
                "generation_id": 1,
                "member_id": r.member_id,
                "group_instance_id": "inst-1",
                "protocol_type": "consumer",
                "protocol_name": "range",
                "assignments": [{"member_id": r.member_id, "assignment": b"A"}],
            },
        )
        d = await conn.request(
            K.DESCRIBE_GROUPS, version, {"groups": ["gd", "missing"], "include_authorized_operations": True}
        )
        gd, missing = d.groups
        assert (gd.error_code, gd.group_state, gd.protocol_type, gd.protocol_data) == (
            0,
            "Stable",
            "consumer",
            "range",
        )
        m = gd.members[0]
        assert (m.member_id, m.client_id, m.client_host, m.member_metadata, m.member_assignment) == (
            r.member_id,
            "test",
            "/127.0.0.1",
            b"sub",
            b"A",
        )
        if version >= 4:
            assert m.group_instance_id == "inst-1"
        assert missing.group_state == "Dead"
        assert missing.error_code == (E.GROUP_ID_NOT_FOUND if version >= 6 else E.NONE)
    finally:
        await conn.close()


@pytest.mark.parametrize("version", range(6))
async def test_list_groups_every_version(broker, version: int) -> None:
    conn = await RawConnection.open(broker.bound_port)
    try:
        await join(conn, 9, "gl")
        await conn.request(
            K.OFFSET_COMMIT,
            8,
            {
                "group_id": "gl-simple",
                "generation_id_or_member_epoch": -1,
                "member_id": "",
                "topics": [{"name": "t", "partitions": [{"partition_index": 0, "committed_offset": 1}]}],
            },
        )
        body = {"states_filter": ["Empty"] if version >= 4 else [], "types_filter": []}
        r = await conn.request(K.LIST_GROUPS, version, body)
        listed = {g.group_id: g for g in r.groups}
        if version >= 4:
            assert set(listed) == {"gl-simple"} and listed["gl-simple"].group_state == "Empty"
        else:
            assert set(listed) == {"gl", "gl-simple"} and listed["gl"].protocol_type == "consumer"
        if version >= 5:
            assert listed["gl-simple"].group_type == "classic"
    finally:
        await conn.close()


@pytest.mark.parametrize("version", range(3))
async def test_delete_groups_every_version(broker, version: int) -> None:
    conn = await RawConnection.open(broker.bound_port)
    try:
        await conn.request(
            K.OFFSET_COMMIT,
            8,
            {
                "group_id": "gx",
                "generation_id_or_member_epoch": -1,
                "member_id": "",
                "topics": [{"name": "t", "partitions": [{"partition_index": 0, "committed_offset": 1}]}],
            },
        )
        await join(conn, 9, "busy")
        r = await conn.request(K.DELETE_GROUPS, version, {"groups_names": ["gx", "busy", "none"]})
        assert {x.group_id: x.error_code for x in r.results} == {
            "gx": E.NONE,
            "busy": E.NON_EMPTY_GROUP,
            "none": E.GROUP_ID_NOT_FOUND,
        }
        f = await conn.request(K.OFFSET_FETCH, 7, {"group_id": "gx", "topics": None})
        assert f.topics == []
    finally:
        await conn.close()


async def test_offset_delete_over_the_wire(broker) -> None:
    conn = await RawConnection.open(broker.bound_port)
    try:
        await conn.request(
            K.OFFSET_COMMIT,
            8,
            {
                "group_id": "go",
                "generation_id_or_member_epoch": -1,
                "member_id": "",
                "topics": [
                    {
                        "name": "t",
                        "partitions": [
                            {"partition_index": 0, "committed_offset": 1},
                            {"partition_index": 1, "committed_offset": 2},
                        ],
                    }
                ],
            },
        )
        r = await conn.request(
            K.OFFSET_DELETE,
            0,
            {"group_id": "go", "topics": [{"name": "t", "partitions": [{"partition_index": 0}]}]},
        )
        assert r.error_code == E.NONE and r.topics[0].partitions[0].error_code == E.NONE
        f = await conn.request(K.OFFSET_FETCH, 7, {"group_id": "go", "topics": None})
        assert [(p.partition_index, p.committed_offset) for p in f.topics[0].partitions] == [(1, 2)]
        r = await conn.request(K.OFFSET_DELETE, 0, {"group_id": "nope", "topics": []})
        assert r.error_code == E.GROUP_ID_NOT_FOUND
    finally:
        await conn.close()


async def test_group_apis_are_advertised(broker) -> None:
    conn = await RawConnection.open(broker.bound_port)
    try:
        r = await conn.request(
            K.API_VERSIONS, 3, {"client_software_name": "t", "client_software_version": "1"}
        )
        advertised = {k.api_key: (k.min_version, k.max_version) for k in r.api_keys}
        for key, top in [
            (K.OFFSET_COMMIT, 9),
            (K.OFFSET_FETCH, 9),
            (K.JOIN_GROUP, 9),
            (K.HEARTBEAT, 4),
            (K.LEAVE_GROUP, 5),
            (K.SYNC_GROUP, 5),
            (K.DESCRIBE_GROUPS, 6),
            (K.LIST_GROUPS, 5),
            (K.DELETE_GROUPS, 2),
            (K.OFFSET_DELETE, 0),
        ]:
            assert advertised[key][1] == top
    finally:
        await conn.close()

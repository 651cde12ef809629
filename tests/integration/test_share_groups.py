"""KIP-932 share group membership over loopback with raw requests: off by default (not advertised,
UNSUPPORTED_VERSION), and when enabled: join, heartbeat, describe, ListGroups type share,
DescribeGroups, leave, session expiry, DeleteGroups, and the state reloaded after a restart."""

from __future__ import annotations

import uuid
from pathlib import Path

from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from tests.helpers import RawConnection, async_wait_until, start_broker

K = ApiKey
SHARE = {
    "group_share_enable": "true",
    "group_share_min_session_timeout_ms": "1000",
    "group_share_session_timeout_ms": "1500",
    "group_share_min_heartbeat_interval_ms": "100",
    "group_share_heartbeat_interval_ms": "300",
}


def hb(group: str, member: str, epoch: int, topics: list[str] | None = None) -> dict:
    return {
        "group_id": group,
        "member_id": member,
        "member_epoch": epoch,
        "rack_id": None,
        "subscribed_topic_names": topics,
    }


def describe(groups: list[str]) -> dict:
    return {"group_ids": groups, "include_authorized_operations": False}


def assigned(r: object) -> set[tuple[uuid.UUID, int]]:
    a = r.assignment  # type: ignore[attr-defined]
    return set() if a is None else {(t.topic_id, p) for t in a.topic_partitions for p in t.partitions}


async def test_off_by_default(tmp_path: Path) -> None:
    broker = await start_broker(tmp_path / "data")
    conn = await RawConnection.open(broker.bound_port)
    try:
        versions = await conn.request(
            K.API_VERSIONS, 3, {"client_software_name": "t", "client_software_version": "1"}
        )
        assert not {76, 77} & {k.api_key for k in versions.api_keys}
        r = await conn.request(K.SHARE_GROUP_HEARTBEAT, 1, hb("sg", str(uuid.uuid4()), 0, ["t"]))
        assert r.error_code == E.UNSUPPORTED_VERSION
        d = await conn.request(K.SHARE_GROUP_DESCRIBE, 1, describe(["sg"]))
        assert [g.error_code for g in d.groups] == [E.UNSUPPORTED_VERSION]
    finally:
        await conn.close()
        await broker.stop()


async def test_membership_end_to_end_and_restart(tmp_path: Path) -> None:
    broker = await start_broker(tmp_path / "data", **SHARE)
    await broker.topics.create("t", 3)
    tid = broker.topics.topics["t"].topic_id
    a, b = str(uuid.uuid4()), str(uuid.uuid4())
    conn = await RawConnection.open(broker.bound_port)
    try:
        versions = await conn.request(
            K.API_VERSIONS, 3, {"client_software_name": "t", "client_software_version": "1"}
        )
        served = {k.api_key: (k.min_version, k.max_version) for k in versions.api_keys}
        assert served[76] == served[77] == (1, 1)
        r = await conn.request(K.SHARE_GROUP_HEARTBEAT, 1, hb("sg", a, 0, ["t"]))
        assert (r.error_code, r.member_id, r.member_epoch, r.heartbeat_interval_ms) == (E.NONE, a, 1, 300)
        assert assigned(r) == set()  # nothing until the share-partitions' state is initialized

        async def initialized() -> bool:
            g = (await conn.request(K.SHARE_GROUP_DESCRIBE, 1, describe(["sg"]))).groups[0]
            return g.group_epoch == 2  # the coordinator bumps it once they are

        await async_wait_until(initialized, timeout=10, what="share-partitions initialized")
        r = await conn.request(K.SHARE_GROUP_HEARTBEAT, 1, hb("sg", a, 1))
        assert r.member_epoch == 2 and assigned(r) == {(tid, 0), (tid, 1), (tid, 2)}
        r = await conn.request(K.SHARE_GROUP_HEARTBEAT, 1, hb("sg", b, 0, ["t"]))
        assert r.member_epoch == 3
        r = await conn.request(K.SHARE_GROUP_HEARTBEAT, 1, hb("sg", a, 2))
        assert r.error_code == E.NONE and r.member_epoch == 3 and r.assignment is not None
        d = (await conn.request(K.SHARE_GROUP_DESCRIBE, 1, describe(["sg", "nope"]))).groups
        assert (d[0].error_code, d[0].group_state, d[0].group_epoch, d[0].assignor_name) == (
            E.NONE,
            "Stable",
            3,
            "simple",
        )
        members = {m.member_id: m for m in d[0].members}
        assert set(members) == {a, b} and members[a].client_id == "test"
        assert {t.topic_name for m in members.values() for t in m.assignment.topic_partitions} == {"t"}
        assert d[1].error_code == E.GROUP_ID_NOT_FOUND
        listed = await conn.request(K.LIST_GROUPS, 5, {"states_filter": [], "types_filter": ["share"]})
        assert [(g.group_id, g.protocol_type, g.group_state, g.group_type) for g in listed.groups] == [
            ("sg", "share", "Stable", "share")
        ]
        classic = await conn.request(
            K.DESCRIBE_GROUPS, 6, {"groups": ["sg"], "include_authorized_operations": False}
        )
        assert classic.groups[0].error_code == E.GROUP_ID_NOT_FOUND
        assert (
            await conn.request(K.SHARE_GROUP_HEARTBEAT, 1, hb("sg", a, 7))
        ).error_code == E.FENCED_MEMBER_EPOCH
        await conn.request(K.SHARE_GROUP_HEARTBEAT, 1, hb("sg", b, 3))
    finally:
        await conn.close()
        await broker.stop()

    # Restart: the group is loaded from __consumer_offsets.
    broker = await start_broker(tmp_path / "data", **SHARE)
    conn = await RawConnection.open(broker.bound_port)
    try:
        await async_wait_until(lambda: broker.groups.unavailable("sg") is None, what="coordinator loaded")
        d = (await conn.request(K.SHARE_GROUP_DESCRIBE, 1, describe(["sg"]))).groups[0]
        assert (d.error_code, d.group_epoch, {m.member_id for m in d.members}) == (E.NONE, 3, {a, b})
        r = await conn.request(K.SHARE_GROUP_HEARTBEAT, 1, hb("sg", a, 3))
        assert (r.error_code, r.member_epoch) == (E.NONE, 3)
        left = await conn.request(K.SHARE_GROUP_HEARTBEAT, 1, hb("sg", a, -1))
        assert (left.error_code, left.member_epoch) == (E.NONE, -1)
        # b stopped heartbeating: its session expires and the group is empty.

        async def empty() -> bool:
            g = (await conn.request(K.SHARE_GROUP_DESCRIBE, 1, describe(["sg"]))).groups[0]
            return g.group_state == "Empty"

        await async_wait_until(empty, timeout=10, what="b's session expires")
        listed = await conn.request(K.LIST_GROUPS, 5, {"states_filter": ["Empty"], "types_filter": ["share"]})
        assert [g.group_id for g in listed.groups] == ["sg"]
        deleted = await conn.request(K.DELETE_GROUPS, 2, {"groups_names": ["sg"]})
        assert [(g.group_id, g.error_code) for g in deleted.results] == [("sg", E.NONE)]
        d = (await conn.request(K.SHARE_GROUP_DESCRIBE, 1, describe(["sg"]))).groups[0]
        assert d.error_code == E.GROUP_ID_NOT_FOUND
    finally:
        await conn.close()
        await broker.stop()


async def test_authorization(tmp_path: Path) -> None:
    """READ on the group and DESCRIBE on each subscribed topic for ShareGroupHeartbeat, DESCRIBE
    on the group for ShareGroupDescribe, as Kafka's KafkaApis checks."""
    broker = await start_broker(
        tmp_path / "data",
        **SHARE,
        **{"authorizer.class.name": "kbroker.AclAuthorizer", "allow.everyone.if.no.acl.found": "true"},
    )
    await broker.topics.create("t", 1)
    await broker.topics.create("secret", 1)
    conn = await RawConnection.open(broker.bound_port)
    try:
        deny = [
            # resource type (2 topic, 3 group), name, operation 8 DESCRIBE, permission 2 DENY
            {
                "resource_type": rt,
                "resource_name": name,
                "resource_pattern_type": 3,
                "principal": "User:ANONYMOUS",
            }
            | {"host": "*", "operation": 8, "permission_type": 2}
            for rt, name in ((2, "secret"), (3, "locked"))
        ]
        created = await conn.request(K.CREATE_ACLS, 3, {"creations": deny})
        assert [r.error_code for r in created.results] == [E.NONE, E.NONE]
        member = str(uuid.uuid4())
        r = await conn.request(K.SHARE_GROUP_HEARTBEAT, 1, hb("locked", member, 0, ["t"]))
        assert r.error_code == E.GROUP_AUTHORIZATION_FAILED
        r = await conn.request(K.SHARE_GROUP_HEARTBEAT, 1, hb("sg", member, 0, ["t", "secret"]))
        assert r.error_code == E.TOPIC_AUTHORIZATION_FAILED
        r = await conn.request(K.SHARE_GROUP_HEARTBEAT, 1, hb("sg", member, 0, ["t"]))
        assert r.error_code == E.NONE
        d = (await conn.request(K.SHARE_GROUP_DESCRIBE, 1, describe(["locked", "sg"]))).groups
        assert sorted((g.group_id, g.error_code) for g in d) == [
            ("locked", E.GROUP_AUTHORIZATION_FAILED),
            ("sg", E.NONE),
        ]
    finally:
        await conn.close()
        await broker.stop()

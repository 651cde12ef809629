"""AsyncAdmin against kbroker (everything) and the librdkafka mock (what it serves: metadata,
ListOffsets, OffsetFetch; it has no CreateTopics, DeleteTopics, ListGroups, DescribeGroups,
DeleteGroups, and refuses commits from non-members)."""

from __future__ import annotations

import pytest

from client import AsyncAdmin, AsyncProducer, NewTopic, OffsetSpec, TopicPartition
from client.errors import KafkaError
from protocol.errors import ErrorCode
from tests.client.members import Member, wait_balanced


async def test_cluster_and_offsets_lookups(target) -> None:
    topic = "lookups"
    await target.create_topic(topic, 3)
    async with AsyncProducer(target.bootstrap) as producer:
        for i in range(6):
            await producer.send_and_wait(topic, b"x", partition=i % 3)
    async with AsyncAdmin(target.bootstrap) as admin:
        cluster = await admin.describe_cluster()
        assert len(cluster["brokers"]) == (3 if target.is_mock else 1)
        assert (await admin.list_topics())[topic] == 3
        tps = [TopicPartition(topic, p) for p in range(3)]
        assert {
            tp: o for tp, (o, _) in (await admin.list_offsets({tp: OffsetSpec.LATEST for tp in tps})).items()
        } == {tp: 2 for tp in tps}
        assert {
            tp: o
            for tp, (o, _) in (await admin.list_offsets({tp: OffsetSpec.EARLIEST for tp in tps})).items()
        } == {tp: 0 for tp in tps}
        assert await admin.list_group_offsets("nobody") == {}


async def test_topics_lifecycle(target) -> None:
    target.skip_on_mock("CreateTopics and DeleteTopics")
    async with AsyncAdmin(target.bootstrap) as admin:
        await admin.create_topics(
            [NewTopic("made", 5, 1, {"cleanup.policy": "compact"}), NewTopic("other", 1)]
        )
        topics = await admin.list_topics()
        assert topics["made"] == 5 and topics["other"] == 1
        with pytest.raises(KafkaError) as exc:
            await admin.create_topics([NewTopic("made", 5)])
        assert exc.value.code == ErrorCode.TOPIC_ALREADY_EXISTS
        await admin.create_topics([NewTopic("made", 5)], exist_ok=True)
        await admin.delete_topics(["made"])
        assert "made" not in await admin.list_topics()
        await admin.delete_topics(["made"], missing_ok=True)


async def test_groups_describe_reset_and_delete(group_target) -> None:
    group_target.skip_on_mock("ListGroups, DescribeGroups, DeleteGroups and commits from outside the group")
    topic, group = "admin-groups", "g-admin"
    await group_target.create_topic(topic, 4)
    async with AsyncProducer(group_target.bootstrap) as producer:
        for i in range(40):
            await producer.send(topic, b"x", partition=i % 4)
    members = [await Member(n, group_target.bootstrap, group, topic).start() for n in ("m1", "m2")]
    async with AsyncAdmin(group_target.bootstrap) as admin:
        try:
            await wait_balanced(members, 4)
            for m in members:
                await m.consumer.commit({TopicPartition(topic, p): 5 for p in m.partitions})
            assert [
                (g.group_id, g.protocol_type) for g in await admin.list_groups() if g.group_id == group
            ] == [(group, "consumer")]
            described = (await admin.describe_groups([group]))[group]
            assert described.state == "Stable" and described.protocol == "range"
            assert sorted(m.client_id for m in described.members) == ["m1", "m2"]
            assert {tp.partition for m in described.members for tp in m.assignment} == {0, 1, 2, 3}
            assert all(m.topics == (topic,) for m in described.members)
            # a group with members refuses deletion
            assert (await admin.delete_groups([group]))[group] == ErrorCode.NON_EMPTY_GROUP
        finally:
            for m in members:
                await m.close()
        tps = [TopicPartition(topic, p) for p in range(4)]
        assert {tp: om.offset for tp, om in (await admin.list_group_offsets(group)).items()} == {
            tp: 5 for tp in tps
        }
        assert await admin.reset_group_offsets(group, topic, to="earliest") == {tp: 0 for tp in tps}
        assert await admin.reset_group_offsets(group, tps[:2], to="latest") == {tps[0]: 10, tps[1]: 10}
        await admin.alter_group_offsets(group, {tps[3]: 7})
        assert {tp: om.offset for tp, om in (await admin.list_group_offsets(group)).items()} == {
            tps[0]: 10,
            tps[1]: 10,
            tps[2]: 0,
            tps[3]: 7,
        }
        assert await admin.delete_group_offsets(group, [tps[3]]) == {tps[3]: 0}
        assert tps[3] not in await admin.list_group_offsets(group)
        assert (await admin.describe_groups([group]))[group].state == "Empty"
        assert (await admin.delete_groups([group]))[group] == ErrorCode.NONE
        assert group not in {g.group_id for g in await admin.list_groups()}

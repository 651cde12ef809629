"""The share group admin calls against kbroker: list/describe share groups, and describe, alter
(reset) and delete the share-partition start offsets (keys 90-92), with Kafka's refusals."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator

import pytest

from broker.metrics import BrokerCollector
from broker.stats import RequestStats
from client import AsyncAdmin, AsyncConsumer, AsyncShareConsumer, ShareConsumerRecord, TopicPartition
from client.errors import KafkaError
from client.share_admin import SharePartitionOffset
from kbroker.testing import EmbeddedBroker
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import RawConnection

SHARE = {
    "group.share.enable": "true",
    "group.share.min.heartbeat.interval.ms": "100",
    "group.share.heartbeat.interval.ms": "200",
    "group.share.min.session.timeout.ms": "1000",
    "group.share.session.timeout.ms": "3000",
}
TP = TopicPartition("sa", 0)


@pytest.fixture
async def broker() -> AsyncIterator[EmbeddedBroker]:
    async with EmbeddedBroker(SHARE) as b:
        await b.aio.create_topic("sa", 1)
        b.broker.share_partitions.group_configs["ga"] = {"share.auto.offset.reset": "earliest"}
        yield b


async def consume(b: EmbeddedBroker, n: int) -> list[ShareConsumerRecord]:
    """n records through a member of share group "ga" (accepted at its close)."""
    got: list[ShareConsumerRecord] = []
    async with AsyncShareConsumer("sa", group_id="ga", bootstrap_servers=b.bootstrap_servers) as c:
        deadline = time.monotonic() + 15
        while len(got) < n and time.monotonic() < deadline:
            for records in (await c.getmany(timeout_ms=300)).values():
                got += records
    return got


async def test_describe_alter_delete_share_group_offsets(broker: EmbeddedBroker) -> None:
    await broker.aio.produce("sa", [str(i) for i in range(20)])
    assert len(await consume(broker, 20)) == 20
    async with AsyncAdmin(broker.bootstrap_servers) as admin:
        assert [(g.group_id, g.state) for g in await admin.list_share_groups()] == [("ga", "Empty")]
        (described,) = (await admin.describe_share_groups(["ga"])).values()
        assert (described.state, described.members) == ("Empty", ())
        # every record accepted: the start offset moved past them, nothing left to deliver
        assert await admin.describe_share_group_offsets("ga") == {TP: SharePartitionOffset(20, 0, 0)}
        await broker.aio.produce("sa", ["x", "y"])
        assert (await admin.describe_share_group_offsets("ga", [TP]))[TP] == SharePartitionOffset(20, 0, 2)

        # back to offset 15: the records from there are delivered again, as new
        assert await admin.alter_share_group_offsets("ga", {TP: 15}) == {TP: None}
        altered = (await admin.describe_share_group_offsets("ga"))[TP]
        assert isinstance(altered, SharePartitionOffset)
        assert (altered.start_offset, altered.lag) == (15, 7)
        again = await consume(broker, 7)
        assert [(r.offset, r.delivery_count) for r in again] == [(o, 1) for o in range(15, 22)]

        # deleted: no state left for the topic (a specific partition reads -1, "all" omits it)
        assert await admin.delete_share_group_offsets("ga", ["sa"]) == {"sa": None}
        assert await admin.describe_share_group_offsets("ga") == {}
        assert await admin.describe_share_group_offsets("ga", [TP]) == {
            TP: SharePartitionOffset(-1, -1, None)
        }


async def test_refusals(broker: EmbeddedBroker) -> None:
    async with AsyncAdmin(broker.bootstrap_servers) as admin:
        for call in (
            admin.describe_share_group_offsets("nope"),
            admin.alter_share_group_offsets("nope", {TP: 0}),
            admin.delete_share_group_offsets("nope", ["sa"]),
        ):
            with pytest.raises(KafkaError) as e:
                await call
            assert e.value.code == ErrorCode.GROUP_ID_NOT_FOUND
        # a consumer group is not a share group
        async with AsyncConsumer("sa", group_id="classic", bootstrap_servers=broker.bootstrap_servers) as c:
            await c.getmany(timeout_ms=100)
        with pytest.raises(KafkaError) as e:
            await admin.describe_share_group_offsets("classic")
        assert e.value.code == ErrorCode.GROUP_ID_NOT_FOUND
        async with AsyncShareConsumer("sa", group_id="ga", bootstrap_servers=broker.bootstrap_servers) as c:
            await c.wait_for_assignment(10)
            # a member is in: offsets stay as they are
            with pytest.raises(KafkaError) as e:
                await admin.alter_share_group_offsets("ga", {TP: 0})
            assert e.value.code == ErrorCode.NON_EMPTY_GROUP
            with pytest.raises(KafkaError) as e:
                await admin.delete_share_group_offsets("ga", ["sa"])
            assert e.value.code == ErrorCode.NON_EMPTY_GROUP
            (g,) = (await admin.describe_share_groups(["ga"])).values()
            assert g.state == "Stable" and [m.assignment for m in g.members] == [(TP,)]
        # unknown topics and partitions: per partition
        assert {
            tp: getattr(r, "code", r)
            for tp, r in (
                await admin.alter_share_group_offsets(
                    "ga", {TP: 0, TopicPartition("sa", 5): 0, TopicPartition("zz", 0): 0}
                )
            ).items()
        } == {
            TP: None,
            TopicPartition("sa", 5): ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
            TopicPartition("zz", 0): ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        }


async def test_offsets_apis_are_advertised_only_with_share_groups() -> None:
    for enabled in (True, False):
        async with EmbeddedBroker({"group.share.enable": str(enabled).lower()}) as b:
            conn = await RawConnection.open(b.port)
            try:
                r = await conn.request(
                    ApiKey.API_VERSIONS, 3, {"client_software_name": "t", "client_software_version": "1"}
                )
            finally:
                await conn.close()
            keys = {k.api_key: (k.min_version, k.max_version) for k in r.api_keys}
            offsets = {k: keys.get(k) for k in (90, 91, 92)}
            assert offsets == (
                {90: (0, 1), 91: (0, 0), 92: (0, 0)} if enabled else dict.fromkeys((90, 91, 92))
            )


async def test_share_lag_in_the_metrics(broker: EmbeddedBroker) -> None:
    await broker.aio.produce("sa", [str(i) for i in range(12)])
    assert len(await consume(broker, 12)) == 12
    await broker.aio.produce("sa", ["more"] * 3)
    families = {f.name: f for f in BrokerCollector(broker.broker, RequestStats()).collect()}
    labels = {"group": "ga", "topic": "sa", "partition": "0"}
    assert [(s.labels, s.value) for s in families["kbroker_share_start_offset"].samples] == [(labels, 12)]
    assert [(s.labels, s.value) for s in families["kbroker_share_lag"].samples] == [(labels, 3)]


async def test_the_group_records_its_share_partitions_and_deleting_it_drops_them(
    broker: EmbeddedBroker,
) -> None:
    """ShareGroupStatePartitionMetadata through the real broker: the coordinator initialized the
    partition through the Persister before assigning it; DeleteGroups deletes its state."""
    from broker.share.persister import PartitionKey, PersisterError

    await broker.aio.produce("sa", ["a", "b"])
    assert len(await consume(broker, 2)) == 2
    groups, topic = broker.broker.groups, broker.broker.topics.get("sa")
    assert topic is not None
    assert groups.share_group_initialized("ga") == {topic.topic_id: ("sa", frozenset({0}))}
    key = PartitionKey("ga", topic.topic_id.bytes, 0)
    persister = broker.broker.share_persister
    assert (await persister.read_summary(key, -1)).start_offset == 2
    async with AsyncAdmin(broker.bootstrap_servers) as admin:
        assert await admin.delete_groups(["ga"]) == {"ga": 0}
    with pytest.raises(PersisterError) as refused:
        await persister.read_summary(key, -1)
    assert refused.value.error == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    assert groups.share_group_initialized("ga") is None

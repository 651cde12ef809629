"""Must-show 1 of issue 19: confluent-kafka's AdminClient and aiokafka's admin client, end to
end against kbroker as a real process: configs (describe, incremental alter, refusal), partitions,
records, cluster, groups; an altered retention.ms acts on the next retention pass and survives a
restart."""

from __future__ import annotations

import asyncio
import time

import pytest
from confluent_kafka import Consumer, ConsumerGroupState, Producer, TopicPartition
from confluent_kafka.admin import (
    AdminClient,
    AlterConfigOpType,
    ConfigEntry,
    ConfigResource,
    ConfigSource,
    NewPartitions,
    NewTopic,
    ResourceType,
)
from confluent_kafka.error import KafkaException

from protocol.apis import ApiKey
from tests.helpers import BrokerProcess, wait_until

pytestmark = pytest.mark.interop

TIMEOUT = 15


@pytest.fixture
def proc(tmp_path):
    bp = BrokerProcess(tmp_path / "data", extra={"log.retention.check.interval.ms": "200"}).start()
    try:
        yield bp
    finally:
        bp.stop()


def _admin(bp: BrokerProcess) -> AdminClient:
    return AdminClient({"bootstrap.servers": bp.bootstrap})


def _one(futures: dict):
    (future,) = futures.values()
    return future.result(TIMEOUT)


def _produce(bp: BrokerProcess, topic: str, n: int, partition: int = 0, age_ms: int = 0) -> None:
    p = Producer({"bootstrap.servers": bp.bootstrap, "linger.ms": 0})
    now = int(time.time() * 1000)
    for i in range(n):
        p.produce(topic, value=b"v%d" % i, partition=partition, timestamp=now - age_ms)
    assert p.flush(TIMEOUT) == 0


def _watermarks(bp: BrokerProcess, topic: str, partition: int = 0) -> tuple[int, int]:
    c = Consumer({"bootstrap.servers": bp.bootstrap, "group.id": "wm"})
    try:
        return c.get_watermark_offsets(TopicPartition(topic, partition), TIMEOUT)
    finally:
        c.close()


def _describe_topic(admin: AdminClient, topic: str) -> dict:
    return _one(admin.describe_configs([ConfigResource(ResourceType.TOPIC, topic)]))


def test_confluent_admin_configs_and_retention_survive_restart(proc):
    admin = _admin(proc)
    _one(admin.create_topics([NewTopic("events", 1, 1, config={"cleanup.policy": "delete"})]))
    configs = _describe_topic(admin, "events")
    assert configs["cleanup.policy"].value == "delete"
    assert configs["cleanup.policy"].source == ConfigSource.DYNAMIC_TOPIC_CONFIG.value
    assert configs["retention.ms"].value == str(7 * 24 * 3_600_000)
    assert configs["retention.ms"].source == ConfigSource.DEFAULT_CONFIG.value
    assert configs["retention.ms"].is_read_only is False

    _produce(proc, "events", 10, age_ms=3_600_000)  # an hour old: kept by the default 7 days
    assert _watermarks(proc, "events") == (0, 10)

    # An unknown key or a bad value: INVALID_CONFIG, and nothing changes.
    for bad in (
        ConfigEntry("retention.msx", "1", incremental_operation=AlterConfigOpType.SET),
        ConfigEntry("retention.ms", "soon", incremental_operation=AlterConfigOpType.SET),
    ):
        with pytest.raises(KafkaException) as e:
            _one(
                admin.incremental_alter_configs(
                    [
                        ConfigResource(
                            ResourceType.TOPIC,
                            "events",
                            incremental_configs=[
                                ConfigEntry(
                                    "segment.bytes", "1048576", incremental_operation=AlterConfigOpType.SET
                                ),
                                bad,
                            ],
                        )
                    ]
                )
            )
        assert e.value.args[0].name() == "INVALID_CONFIG"
    assert "segment.bytes" not in {
        k
        for k, v in _describe_topic(admin, "events").items()
        if v.source == ConfigSource.DYNAMIC_TOPIC_CONFIG.value
    }

    _one(
        admin.incremental_alter_configs(
            [
                ConfigResource(
                    ResourceType.TOPIC,
                    "events",
                    incremental_configs=[
                        ConfigEntry("retention.ms", "60000", incremental_operation=AlterConfigOpType.SET)
                    ],
                )
            ]
        )
    )
    configs = _describe_topic(admin, "events")
    assert configs["retention.ms"].value == "60000"
    assert configs["retention.ms"].source == ConfigSource.DYNAMIC_TOPIC_CONFIG.value
    # The next retention pass (every 200 ms here) deletes the hour-old records.
    wait_until(
        lambda: _watermarks(proc, "events") == (10, 10), TIMEOUT, what="retention to apply retention.ms"
    )

    proc.stop()
    proc.start()
    admin = _admin(proc)
    configs = _describe_topic(admin, "events")
    assert (configs["retention.ms"].value, configs["retention.ms"].source) == (
        "60000",
        ConfigSource.DYNAMIC_TOPIC_CONFIG.value,
    )
    assert _watermarks(proc, "events") == (10, 10)
    _produce(proc, "events", 5, age_ms=3_600_000)
    wait_until(lambda: _watermarks(proc, "events") == (15, 15), TIMEOUT, what="retention after the restart")

    # Unknown resources get Kafka's error per resource.
    with pytest.raises(KafkaException) as e:
        _describe_topic(admin, "nope")
    assert e.value.args[0].name() == "UNKNOWN_TOPIC_OR_PART"  # librdkafka's name for it
    broker = _one(admin.describe_configs([ConfigResource(ResourceType.BROKER, "0")]))
    assert broker["log.retention.check.interval.ms"].value == "200"
    assert broker["log.retention.check.interval.ms"].source == ConfigSource.STATIC_BROKER_CONFIG.value
    assert broker["num.partitions"].source == ConfigSource.DEFAULT_CONFIG.value


def test_confluent_admin_partitions_records_cluster_groups(proc):
    admin = _admin(proc)
    _one(admin.create_topics([NewTopic("orders", 2, 1)]))
    _one(admin.create_partitions([NewPartitions("orders", 5)]))
    wait_until(
        lambda: len(admin.list_topics("orders", timeout=TIMEOUT).topics["orders"].partitions) == 5,
        TIMEOUT,
        what="five partitions",
    )
    with pytest.raises(KafkaException) as e:
        _one(admin.create_partitions([NewPartitions("orders", 3)]))
    assert e.value.args[0].name() == "INVALID_PARTITIONS"
    _produce(proc, "orders", 4, partition=4)  # a new partition takes records
    assert _watermarks(proc, "orders", 4) == (0, 4)

    _produce(proc, "orders", 10, partition=0)
    deleted = _one(admin.delete_records([TopicPartition("orders", 0, 6)]))
    assert deleted.low_watermark == 6
    assert _watermarks(proc, "orders", 0) == (6, 10)
    with pytest.raises(KafkaException) as e:
        _one(admin.delete_records([TopicPartition("orders", 0, 11)]))
    assert e.value.args[0].name() == "OFFSET_OUT_OF_RANGE"
    # A consumer below the new log start offset gets OFFSET_OUT_OF_RANGE (auto.offset.reset=error).
    c = Consumer(
        {
            "bootstrap.servers": proc.bootstrap,
            "group.id": "below",
            "auto.offset.reset": "error",
            "enable.auto.commit": False,
        }
    )
    try:
        c.assign([TopicPartition("orders", 0, 2)])
        deadline = time.monotonic() + TIMEOUT
        error = None
        while error is None and time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is not None and m.error():
                error = m.error()
        assert error is not None and "out of range" in error.str().lower()
    finally:
        c.close()

    cluster = admin.describe_cluster(request_timeout=TIMEOUT).result(TIMEOUT)
    assert [n.port for n in cluster.nodes] == [proc.port]
    assert cluster.controller.id == 0 and cluster.cluster_id

    # A real group: one member, Stable; list with state filters, describe.
    member = Consumer(
        {
            "bootstrap.servers": proc.bootstrap,
            "group.id": "billing",
            "session.timeout.ms": 6000,
            "auto.offset.reset": "earliest",
        }
    )
    try:
        member.subscribe(["orders"])
        deadline = time.monotonic() + TIMEOUT
        while not member.assignment() and time.monotonic() < deadline:
            member.poll(0.2)
        stable = admin.list_consumer_groups(states={ConsumerGroupState.STABLE}).result(TIMEOUT)
        assert [g.group_id for g in stable.valid] == ["billing"]
        empty = admin.list_consumer_groups(states={ConsumerGroupState.EMPTY}).result(TIMEOUT)
        assert "billing" not in [g.group_id for g in empty.valid]
        desc = _one(admin.describe_consumer_groups(["billing"]))
        assert desc.state == ConsumerGroupState.STABLE and len(desc.members) == 1
        assert sorted(tp.partition for tp in desc.members[0].assignment.topic_partitions) == [0, 1, 2, 3, 4]
    finally:
        member.close()


async def test_aiokafka_admin_client(proc):
    from aiokafka.admin import AIOKafkaAdminClient
    from aiokafka.admin import NewPartitions as AioNewPartitions
    from aiokafka.admin import NewTopic as AioNewTopic
    from aiokafka.admin.config_resource import ConfigResource as AioResource
    from aiokafka.admin.config_resource import ConfigResourceType
    from aiokafka.admin.records_to_delete import RecordsToDelete
    from aiokafka.structs import TopicPartition as AioTP

    admin = AIOKafkaAdminClient(bootstrap_servers=proc.bootstrap)
    await admin.start()
    try:
        await admin.create_topics([AioNewTopic("audit", 1, 1)])
        await admin.alter_configs(
            [
                AioResource(
                    ConfigResourceType.TOPIC, "audit", {"retention.ms": "120000", "segment.bytes": "1048576"}
                )
            ]
        )
        described = await admin.describe_configs([AioResource(ConfigResourceType.TOPIC, "audit")])
        entries = {c[0]: c[1] for r in described for res in r.resources for c in res[4]}
        assert entries["retention.ms"] == "120000" and entries["segment.bytes"] == "1048576"
        await admin.create_partitions({"audit": AioNewPartitions(3)})
        assert len((await admin.describe_topics(["audit"]))[0]["partitions"]) == 3
        await asyncio.get_running_loop().run_in_executor(None, _produce, proc, "audit", 3)
        low = await admin.delete_records({AioTP("audit", 0): RecordsToDelete(2)})
        assert low[AioTP("audit", 0)] == 2
        cluster = await admin.describe_cluster()
        assert cluster["controller_id"] == 0 and [b["port"] for b in cluster["brokers"]] == [proc.port]
        assert await admin.list_consumer_groups() == []
        from aiokafka import AIOKafkaConsumer

        consumer = AIOKafkaConsumer(
            "audit",
            bootstrap_servers=proc.bootstrap,
            group_id="aio",
            auto_offset_reset="earliest",
            enable_auto_commit=False,
        )
        await consumer.start()
        try:
            deadline = time.monotonic() + TIMEOUT
            while not consumer.assignment() and time.monotonic() < deadline:
                await consumer.getmany(timeout_ms=200)
            await consumer.commit({AioTP("audit", 0): 3})
            assert [g[0] for g in await admin.list_consumer_groups()] == ["aio"]
            (described,) = await admin.describe_consumer_groups(["aio"])
            _error, group_id, state, _type, _protocol, members, *_ = described.groups[0]
            assert (group_id, state, len(members)) == ("aio", "Stable", 1)
            offsets = await admin.list_consumer_group_offsets("aio")
            assert offsets[AioTP("audit", 0)].offset == 3
        finally:
            await consumer.stop()
    finally:
        await admin.close()


def test_kafka_python_admin_log_dirs_producers_cluster(proc):
    from kafka.admin import KafkaAdminClient
    from kafka.structs import TopicPartition as KTP

    admin = _admin(proc)
    _one(admin.create_topics([NewTopic("ledger", 2, 1)]))
    p = Producer({"bootstrap.servers": proc.bootstrap, "enable.idempotence": True})
    for i in range(3):
        p.produce("ledger", value=b"x%d" % i, partition=1)
    assert p.flush(TIMEOUT) == 0
    kp = KafkaAdminClient(bootstrap_servers=proc.bootstrap, request_timeout_ms=TIMEOUT * 1000)
    try:
        (dirs,) = kp.describe_log_dirs()
        assert dirs["broker"] == 0
        partitions = {
            (t["name"], q["partition_index"]): q["partition_size"]
            for d in dirs["log_dirs"]
            if d["error_code"] == 0
            for t in d["topics"]
            for q in t["partitions"]
        }
        assert partitions[("ledger", 0)] == 0 and partitions[("ledger", 1)] > 0
        assert all(d["total_bytes"] > 0 for d in dirs["log_dirs"])
        producers = kp.describe_producers([KTP("ledger", 1)])
        (state,) = producers[KTP("ledger", 1)].active_producers
        assert (state.producer_epoch, state.last_sequence) == (0, 2)
        cluster = kp.describe_cluster()
        assert cluster["cluster_id"] and [b["port"] for b in cluster["brokers"]] == [proc.port]
    finally:
        kp.close()


# --- Every public method of the three admin clients (issue 32) -------------------------------
#
# Each method is called with real arguments and its answer checked; the tests assert that every
# method is in the table (so a new client method fails here until it is covered) and that every
# call succeeds. KRaft-only calls are listed apart with the reason.

SERVED_ELSEWHERE = {
    # kafka-python: the KRaft metadata quorum (DescribeQuorum, key 55) has no ZooKeeper-era
    # counterpart: kbroker, as Kafka 2.x/3.x in ZooKeeper mode, has no __cluster_metadata.
    "describe_metadata_quorum": "KRaft only",
    # Partition reassignment (keys 45/46) is not implemented yet.
    "alter_partition_reassignments": "not implemented",
    "list_partition_reassignments": "not implemented",
}
ADMIN_CONFIG = {
    "log.retention.check.interval.ms": "200",
    "authorizer.class.name": "kbroker.AclAuthorizer",
    "allow.everyone.if.no.acl.found": "true",
    "transaction.state.log.replication.factor": "1",
    "transaction.state.log.min.isr": "1",
}


@pytest.fixture
def every_call_proc(tmp_path):
    bp = BrokerProcess(tmp_path / "data", extra=ADMIN_CONFIG).start()
    try:
        yield bp
    finally:
        bp.stop()


def public_methods(cls: type) -> set[str]:
    return {n for n in dir(cls) if not n.startswith("_") and callable(getattr(cls, n))}


def run_calls(library: str, calls: dict, methods: set[str]) -> dict[str, str]:
    """Run every call in order; the failures by method name. Prints the library's count."""
    missing = methods - set(calls) - set(SERVED_ELSEWHERE)
    assert not missing, f"{library}: public methods with no call in the table: {sorted(missing)}"
    failures: dict[str, str] = {}
    for name, call in calls.items():
        try:
            call()
        except Exception as e:  # noqa: BLE001 (each method's failure is reported by name)
            failures[name] = f"{type(e).__name__}: {e}"[:300]
    counted = methods - {m for m in SERVED_ELSEWHERE if m in methods and m not in calls}
    ok = len([m for m in counted if m in calls and m not in failures])
    print(f"\n{library}: {ok}/{len(counted)} public admin methods served; failing: {sorted(failures)}")
    for name, why in failures.items():
        print(f"  {name}: {why}")
    return failures


def _transaction(bp: BrokerProcess, txn_id: str, topic: str, commit: bool | None) -> None:
    """A transactional producer: commit, abort, or (None) leave the transaction open."""
    p = Producer({"bootstrap.servers": bp.bootstrap, "transactional.id": txn_id})
    p.init_transactions(TIMEOUT)
    p.begin_transaction()
    p.produce(topic, value=b"t", partition=0)
    p.flush(TIMEOUT)
    if commit is True:
        p.commit_transaction(TIMEOUT)
    elif commit is False:
        p.abort_transaction(TIMEOUT)


def _static_member(bp: BrokerProcess, group: str, topic: str) -> Consumer:
    c = Consumer(
        {
            "bootstrap.servers": bp.bootstrap,
            "group.id": group,
            "group.instance.id": f"{group}-static",
            "session.timeout.ms": 6000,
            "auto.offset.reset": "earliest",
            "enable.auto.commit": False,
        }
    )
    c.subscribe([topic])
    deadline = time.monotonic() + TIMEOUT
    while not c.assignment() and time.monotonic() < deadline:
        c.poll(0.2)
    assert c.assignment()
    return c


def test_every_kafka_python_admin_method(every_call_proc):
    import kafka.errors as kerrors
    from kafka.admin import (
        ACL,
        AbortTransactionSpec,
        ACLFilter,
        ACLOperation,
        ACLPermissionType,
        ACLResourcePatternType,
        KafkaAdminClient,
        MemberToRemove,
        ResourcePattern,
        ResourcePatternFilter,
        ScramMechanism,
        UserScramCredentialDeletion,
        UserScramCredentialUpsertion,
    )
    from kafka.admin import (
        ConfigResource as KResource,
    )
    from kafka.admin import (
        ConfigResourceType as KType,
    )
    from kafka.admin import (
        NewPartitions as KNewPartitions,
    )
    from kafka.admin import (
        NewTopic as KNewTopic,
    )
    from kafka.admin import (
        OffsetSpec as KOffsetSpec,
    )
    from kafka.admin import (
        ResourceType as KResourceType,
    )
    from kafka.structs import OffsetAndMetadata as KOffset
    from kafka.structs import TopicPartition as KTP

    bp = every_call_proc
    admin = KafkaAdminClient(bootstrap_servers=bp.bootstrap, request_timeout_ms=TIMEOUT * 1000)
    t, tp0 = "kp-main", KTP("kp-main", 0)
    state: dict = {}

    def create_topics():
        admin.create_topics([KNewTopic(t, 2, 1), KNewTopic("kp-gone", 1, 1)])
        assert {t, "kp-gone"} <= set(admin.list_topics())

    def wait_for_topics():
        admin.wait_for_topics([t, "kp-gone"], timeout_ms=TIMEOUT * 1000)

    def delete_topics():
        admin.delete_topics(["kp-gone"])
        wait_until(lambda: "kp-gone" not in admin.list_topics(), TIMEOUT, what="kp-gone deleted")

    def create_partitions():
        admin.create_partitions({t: KNewPartitions(3)})
        wait_until(
            lambda: len(admin.describe_topics([t])[0]["partitions"]) == 3, TIMEOUT, what="3 partitions"
        )

    def describe_topics():
        (d,) = admin.describe_topics([t])
        assert d["name"] == t and d["error_code"] == 0 and len(d["partitions"]) == 3

    def describe_topic_partitions():
        r = admin.describe_topic_partitions([t], response_partition_limit=2)
        (topic,) = r["topics"]
        assert topic["name"] == t and [p["partition_index"] for p in topic["partitions"]] == [0, 1]
        assert r["next_cursor"] == {"topic_name": t, "partition_index": 2}
        r = admin.describe_topic_partitions([t], cursor=r["next_cursor"])
        assert [p["partition_index"] for p in r["topics"][0]["partitions"]] == [2] and r[
            "next_cursor"
        ] is None

    def list_topics():
        assert t in admin.list_topics()

    def describe_cluster():
        c = admin.describe_cluster()
        assert c["cluster_id"] and c["controller_id"] == 0

    def api_versions():
        versions = admin.api_versions()
        assert any(getattr(k, "name", "") == "Produce" or int(k) == 0 for k in versions)

    def get_broker_version_data():
        assert admin.get_broker_version_data(0) is not None

    def describe_features():
        features = admin.describe_features()
        assert features["group.version"]["supported"][1] >= 1, features
        state["features"] = features

    def update_features():
        downgrade = {"group.version": ("SAFE_DOWNGRADE", 0)}
        assert admin.update_features(downgrade, validate_only=True) == {"group.version": "OK"}
        assert admin.describe_features()["group.version"]["finalized"] == (1, 1)  # validate only
        assert admin.update_features(downgrade) == {"group.version": "OK"}
        assert "finalized" not in admin.describe_features()["group.version"]
        assert admin.update_features({"group.version": 1}) == {"group.version": "OK"}
        assert admin.describe_features()["group.version"]["finalized"] == (1, 1)
        for refused in ({"no.such.feature": 1}, {"group.version": 2}, {"group.version": ("UPGRADE", 0)}):
            with pytest.raises(kerrors.KafkaError):
                admin.update_features(refused)
        assert admin.describe_features()["group.version"]["finalized"] == (1, 1)

    def describe_configs():
        r = admin.describe_configs([KResource(KType.TOPIC, t)], config_filter="all")
        assert r["topic"][t]["retention.ms"]["value"] == str(7 * 24 * 3_600_000)
        r = admin.describe_configs([KResource(KType.BROKER, "0")], config_filter="all")
        assert r["broker"]["0"]["log.retention.check.interval.ms"]["value"] == "200"
        r = admin.describe_configs([KResource(KType.GROUP, "kp-group")], config_filter="all")
        assert r["group"]["kp-group"]["consumer.session.timeout.ms"]["value"] == "45000"

    def alter_configs():
        r = admin.alter_configs([KResource(KType.TOPIC, t, {"retention.ms": "60000"})])
        assert r == {"topic": {t: "OK"}}, r
        r = admin.alter_configs([KResource(KType.BROKER, "0", {"log.retention.ms": "3600000"})])
        assert r == {"broker": {"0": "OK"}}, r
        got = admin.describe_configs(
            [KResource(KType.BROKER, "0", ["log.retention.ms"])], config_filter="all"
        )
        assert got["broker"]["0"]["log.retention.ms"]["value"] == "3600000"
        r = admin.alter_configs(
            [KResource(KType.GROUP, "kp-group", {"consumer.session.timeout.ms": "50000"})]
        )
        assert r == {"group": {"kp-group": "OK"}}, r
        got = admin.describe_configs([KResource(KType.GROUP, "kp-group")])
        assert got["group"]["kp-group"]["consumer.session.timeout.ms"]["value"] == "50000"

    def reset_configs():
        r = admin.reset_configs([KResource(KType.TOPIC, t, ["retention.ms"])])
        assert r == {"topic": {t: "OK"}}, r
        r = admin.reset_configs([KResource(KType.BROKER, "0", ["log.retention.ms"])])
        assert r == {"broker": {"0": "OK"}}, r
        r = admin.reset_configs([KResource(KType.GROUP, "kp-group", ["consumer.session.timeout.ms"])])
        assert r == {"group": {"kp-group": "OK"}}, r
        assert "retention.ms" not in admin.describe_configs([KResource(KType.TOPIC, t)])["topic"][t]

    def list_config_resources():
        r = admin.list_config_resources()
        assert t in r.get("topic", []) and "0" in r.get("broker", []), r
        assert admin.list_config_resources(["TOPIC"]).keys() == {"topic"}

    def describe_log_dirs():
        (d,) = admin.describe_log_dirs()
        state["log_dir"] = d["log_dirs"][0]["log_dir"]
        assert any(x["name"] == t for x in d["log_dirs"][0]["topics"])

    def alter_replica_log_dirs():
        r = admin.alter_replica_log_dirs({(t, 0, 0): state["log_dir"]})
        assert list(r.values()) == [kerrors.NoError], r
        r = admin.alter_replica_log_dirs({(t, 0, 0): "/no/such/dir"})
        assert list(r.values()) == [kerrors.LogDirNotFoundError], r

    def list_partition_offsets():
        _produce(bp, t, 5)
        r = admin.list_partition_offsets({tp0: KOffsetSpec.LATEST, KTP(t, 1): KOffsetSpec.EARLIEST})
        assert (r[tp0].offset, r[KTP(t, 1)].offset) == (5, 0)

    def delete_records():
        admin.delete_records({tp0: 2})
        assert admin.list_partition_offsets({tp0: KOffsetSpec.EARLIEST})[tp0].offset == 2

    def elect_leaders():
        admin.elect_leaders(0, {t: [0, 1]})  # a single broker: ELECTION_NOT_NEEDED, which is no error

    def consumer_group():
        member = _static_member(bp, "kp-group", t)
        state["member"] = member
        member.commit(offsets=[TopicPartition(t, 0, 3)], asynchronous=False)

    def list_groups():
        assert "kp-group" in [g["group_id"] for g in admin.list_groups()]

    def describe_groups():
        g = admin.describe_groups(["kp-group"])["kp-group"]
        assert g["error"] is None and g["group_state"] == "Stable" and len(g["members"]) == 1, g

    def list_group_offsets():
        r = admin.list_group_offsets({"kp-group": None})
        assert r["kp-group"][tp0].offset == 3, r

    def remove_group_members():
        r = admin.remove_group_members("kp-group", [MemberToRemove(group_instance_id="kp-group-static")])
        assert list(r.values()) == [kerrors.NoError], r
        wait_until(
            lambda: admin.describe_groups(["kp-group"])["kp-group"]["group_state"] == "Empty",
            TIMEOUT,
            what="group empty",
        )
        state.pop("member").close()

    def alter_group_offsets():
        admin.alter_group_offsets("kp-group", {tp0: KOffset(4, "", -1)})
        assert admin.list_group_offsets({"kp-group": None})["kp-group"][tp0].offset == 4

    def reset_group_offsets():
        admin.reset_group_offsets("kp-group", {tp0: KOffsetSpec.EARLIEST})
        assert admin.list_group_offsets({"kp-group": None})["kp-group"][tp0].offset == 2

    def delete_group_offsets():
        admin.delete_group_offsets("kp-group", [tp0])
        assert tp0 not in admin.list_group_offsets({"kp-group": None})["kp-group"]

    def delete_groups():
        admin.delete_groups(["kp-group"])
        assert "kp-group" not in [g["group_id"] for g in admin.list_groups()]

    def list_transactions():
        fresh = admin.list_transactions()
        assert fresh is not None
        _transaction(bp, "kp-txn", t, commit=True)
        _transaction(bp, "kp-open", t, commit=None)
        listed = admin.list_transactions()
        ids = {x.transactional_id for xs in listed.values() for x in xs}
        assert {"kp-txn", "kp-open"} <= ids, listed

    def describe_transactions():
        r = admin.describe_transactions(["kp-txn", "kp-open"])
        assert r["kp-txn"].state.name == "COMPLETE_COMMIT" and r["kp-open"].state.name == "ONGOING", r
        state["open"] = r["kp-open"]

    def describe_producers():
        r = admin.describe_producers([tp0])
        state["producer"] = next(
            p for p in r[tp0].active_producers if p.producer_id == state["open"].producer_id
        )

    def find_hanging_transactions():
        assert admin.find_hanging_transactions() == []  # the open one is younger than the timeout

    def abort_transaction():
        p = state["producer"]
        admin.abort_transaction(AbortTransactionSpec(tp0, p.producer_id, p.producer_epoch))
        (left,) = [
            x for x in admin.describe_producers([tp0])[tp0].active_producers if x.producer_id == p.producer_id
        ]
        assert left.current_transaction_start_offset == -1

    def create_acls():
        acl = ACL(
            "User:alice",
            "*",
            ACLOperation.READ,
            ACLPermissionType.ALLOW,
            ResourcePattern(KResourceType.TOPIC, "kp-acl", ACLResourcePatternType.LITERAL),
        )
        r = admin.create_acls([acl])
        assert r["succeeded"] == [acl] and not r["failed"], r

    def describe_acls():
        f = ACLFilter(
            None,
            None,
            ACLOperation.ANY,
            ACLPermissionType.ANY,
            ResourcePatternFilter(KResourceType.TOPIC, "kp-acl", ACLResourcePatternType.LITERAL),
        )
        acls, error = admin.describe_acls(f)
        assert len(acls) == 1 and error is kerrors.NoError

    def delete_acls():
        f = ACLFilter(
            None,
            None,
            ACLOperation.ANY,
            ACLPermissionType.ANY,
            ResourcePatternFilter(KResourceType.TOPIC, "kp-acl", ACLResourcePatternType.LITERAL),
        )
        ((_, deleted, error),) = admin.delete_acls([f])
        assert len(deleted) == 1 and error is kerrors.NoError

    def alter_user_scram_credentials():
        r = admin.alter_user_scram_credentials(
            [UserScramCredentialUpsertion("kp-user", ScramMechanism.SCRAM_SHA_256, "secret", iterations=8192)]
        )
        assert r == {"kp-user": None}, r

    def describe_user_scram_credentials():
        r = admin.describe_user_scram_credentials(["kp-user"])
        assert r["kp-user"]["credential_infos"] == [
            {"mechanism": ScramMechanism.SCRAM_SHA_256, "iterations": 8192}
        ]
        assert "kp-user" in admin.describe_user_scram_credentials()
        admin.alter_user_scram_credentials(
            [UserScramCredentialDeletion("kp-user", ScramMechanism.SCRAM_SHA_256)]
        )
        assert admin.describe_user_scram_credentials(["kp-user"])["kp-user"]["error"]

    calls = {
        "api_versions": api_versions,
        "get_broker_version_data": get_broker_version_data,
        "create_topics": create_topics,
        "wait_for_topics": wait_for_topics,
        "delete_topics": delete_topics,
        "create_partitions": create_partitions,
        "describe_topics": describe_topics,
        "describe_topic_partitions": describe_topic_partitions,
        "list_topics": list_topics,
        "describe_cluster": describe_cluster,
        "describe_features": describe_features,
        "update_features": update_features,
        "describe_configs": describe_configs,
        "alter_configs": alter_configs,
        "reset_configs": reset_configs,
        "list_config_resources": list_config_resources,
        "describe_log_dirs": describe_log_dirs,
        "alter_replica_log_dirs": alter_replica_log_dirs,
        "list_partition_offsets": list_partition_offsets,
        "delete_records": delete_records,
        "elect_leaders": elect_leaders,
        "_consumer_group": consumer_group,
        "list_groups": list_groups,
        "describe_groups": describe_groups,
        "list_group_offsets": list_group_offsets,
        "remove_group_members": remove_group_members,
        "alter_group_offsets": alter_group_offsets,
        "reset_group_offsets": reset_group_offsets,
        "delete_group_offsets": delete_group_offsets,
        "delete_groups": delete_groups,
        "list_transactions": list_transactions,
        "describe_transactions": describe_transactions,
        "describe_producers": describe_producers,
        "find_hanging_transactions": find_hanging_transactions,
        "abort_transaction": abort_transaction,
        "create_acls": create_acls,
        "describe_acls": describe_acls,
        "delete_acls": delete_acls,
        "alter_user_scram_credentials": alter_user_scram_credentials,
        "describe_user_scram_credentials": describe_user_scram_credentials,
        "close": admin.close,
    }
    failures = run_calls("kafka-python", calls, public_methods(KafkaAdminClient))
    assert not failures, failures


def test_every_confluent_admin_method(every_call_proc):
    from confluent_kafka import ConsumerGroupTopicPartitions, ElectionType, TopicCollection
    from confluent_kafka.admin import (
        AclBinding,
        AclBindingFilter,
        AclOperation,
        AclPermissionType,
        OffsetSpec,
        ResourcePatternType,
        ScramCredentialInfo,
        ScramMechanism,
        UserScramCredentialDeletion,
        UserScramCredentialUpsertion,
    )

    bp = every_call_proc
    admin = _admin(bp)
    t = "ck-main"
    tp0 = TopicPartition(t, 0)

    def incremental(kind, name, key, value, op=AlterConfigOpType.SET):
        entry = ConfigEntry(key, value, incremental_operation=op)
        return _one(
            admin.incremental_alter_configs([ConfigResource(kind, name, incremental_configs=[entry])])
        )

    def create_topics():
        _one(admin.create_topics([NewTopic(t, 2, 1)]))
        _one(admin.create_topics([NewTopic("ck-gone", 1, 1)]))

    def delete_topics():
        _one(admin.delete_topics(["ck-gone"]))

    def create_partitions():
        _one(admin.create_partitions([NewPartitions(t, 3)]))

    def list_topics():
        wait_until(
            lambda: len(admin.list_topics(t, timeout=TIMEOUT).topics[t].partitions) == 3, TIMEOUT, what="3"
        )

    def describe_topics():
        d = _one(admin.describe_topics(TopicCollection([t])))
        assert d.name == t and len(d.partitions) == 3

    def describe_cluster():
        c = admin.describe_cluster(request_timeout=TIMEOUT).result(TIMEOUT)
        assert c.cluster_id and c.controller.id == 0

    def cluster_id():
        assert admin.cluster_id(TIMEOUT)

    def poll():
        assert admin.poll(0) >= 0

    def set_sasl_credentials():
        admin.set_sasl_credentials("someone", "secret")  # takes effect on SASL connections only

    def describe_configs():
        topic = _describe_topic(admin, t)
        assert topic["retention.ms"].value == str(7 * 24 * 3_600_000)
        broker = _one(admin.describe_configs([ConfigResource(ResourceType.BROKER, "0")]))
        assert broker["log.retention.ms"].is_read_only is False
        assert broker["broker.id"].is_read_only is True
        group = _one(admin.describe_configs([ConfigResource(ResourceType.GROUP, "ck-group")]))
        assert group["consumer.heartbeat.interval.ms"].value == "5000"

    def incremental_alter_configs():
        incremental(ResourceType.TOPIC, t, "retention.ms", "60000")
        incremental(ResourceType.BROKER, "0", "log.retention.ms", "7200000")
        broker = _one(admin.describe_configs([ConfigResource(ResourceType.BROKER, "0")]))
        assert broker["log.retention.ms"].value == "7200000"
        assert broker["log.retention.ms"].source == ConfigSource.DYNAMIC_BROKER_CONFIG.value
        incremental(ResourceType.BROKER, "0", "log.retention.ms", "", AlterConfigOpType.DELETE)
        broker = _one(admin.describe_configs([ConfigResource(ResourceType.BROKER, "0")]))
        assert broker["log.retention.ms"].source == ConfigSource.DEFAULT_CONFIG.value
        incremental(ResourceType.GROUP, "ck-group", "consumer.session.timeout.ms", "50000")
        group = _one(admin.describe_configs([ConfigResource(ResourceType.GROUP, "ck-group")]))
        assert group["consumer.session.timeout.ms"].value == "50000"
        with pytest.raises(KafkaException) as e:
            incremental(ResourceType.BROKER, "0", "broker.id", "7")
        assert e.value.args[0].name() == "INVALID_CONFIG"

    def alter_configs():
        _one(
            admin.alter_configs([ConfigResource(ResourceType.TOPIC, t, set_config={"retention.ms": "90000"})])
        )
        assert _describe_topic(admin, t)["retention.ms"].value == "90000"

    def list_offsets():
        _produce(bp, t, 5)
        r = _one(admin.list_offsets({tp0: OffsetSpec.latest()}))
        assert r.offset == 5

    def delete_records():
        assert _one(admin.delete_records([TopicPartition(t, 0, 2)])).low_watermark == 2

    def elect_leaders():
        r = admin.elect_leaders(ElectionType.PREFERRED, [tp0]).result(TIMEOUT)
        assert list(r) == [tp0] and r[tp0] is not None and r[tp0].name() == "ELECTION_NOT_NEEDED", r

    state: dict = {}

    def consumer_group():
        member = _static_member(bp, "ck-group", t)
        member.commit(offsets=[TopicPartition(t, 0, 3)], asynchronous=False)
        state["member"] = member

    def list_consumer_groups():
        r = admin.list_consumer_groups().result(TIMEOUT)
        assert "ck-group" in [g.group_id for g in r.valid]

    def list_groups():
        assert "ck-group" in [g.id for g in admin.list_groups(timeout=TIMEOUT)]

    def describe_consumer_groups():
        d = _one(admin.describe_consumer_groups(["ck-group"]))
        assert d.state == ConsumerGroupState.STABLE and len(d.members) == 1
        state.pop("member").close()

    def list_consumer_group_offsets():
        r = _one(admin.list_consumer_group_offsets([ConsumerGroupTopicPartitions("ck-group", [tp0])]))
        assert r.topic_partitions[0].offset == 3

    def alter_consumer_group_offsets():
        wait_until(
            lambda: _one(admin.describe_consumer_groups(["ck-group"])).state == ConsumerGroupState.EMPTY,
            TIMEOUT,
            what="ck-group empty",
        )
        _one(
            admin.alter_consumer_group_offsets(
                [ConsumerGroupTopicPartitions("ck-group", [TopicPartition(t, 0, 4)])]
            )
        )
        r = _one(admin.list_consumer_group_offsets([ConsumerGroupTopicPartitions("ck-group", [tp0])]))
        assert r.topic_partitions[0].offset == 4

    def delete_consumer_groups():
        _one(admin.delete_consumer_groups(["ck-group"]))

    def create_acls():
        acl = AclBinding(
            ResourceType.TOPIC,
            "ck-acl",
            ResourcePatternType.LITERAL,
            "User:alice",
            "*",
            AclOperation.READ,
            AclPermissionType.ALLOW,
        )
        assert _one(admin.create_acls([acl])) is None

    def describe_acls():
        f = AclBindingFilter(
            ResourceType.TOPIC,
            "ck-acl",
            ResourcePatternType.LITERAL,
            None,
            None,
            AclOperation.ANY,
            AclPermissionType.ANY,
        )
        assert len(admin.describe_acls(f).result(TIMEOUT)) == 1

    def delete_acls():
        f = AclBindingFilter(
            ResourceType.TOPIC,
            "ck-acl",
            ResourcePatternType.LITERAL,
            None,
            None,
            AclOperation.ANY,
            AclPermissionType.ANY,
        )
        assert len(_one(admin.delete_acls([f]))) == 1

    def alter_user_scram_credentials():
        info = ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 10000)
        assert (
            _one(admin.alter_user_scram_credentials([UserScramCredentialUpsertion("ck-user", info, b"pw")]))
            is None
        )

    def describe_user_scram_credentials():
        d = _one(admin.describe_user_scram_credentials(["ck-user"]))
        (info,) = d.scram_credential_infos
        assert (info.mechanism, info.iterations) == (ScramMechanism.SCRAM_SHA_512, 10000)
        assert "ck-user" in admin.describe_user_scram_credentials().result(TIMEOUT)
        deletion = UserScramCredentialDeletion("ck-user", ScramMechanism.SCRAM_SHA_512)
        assert _one(admin.alter_user_scram_credentials([deletion])) is None

    calls = {
        "poll": poll,
        "set_sasl_credentials": set_sasl_credentials,
        "create_topics": create_topics,
        "delete_topics": delete_topics,
        "create_partitions": create_partitions,
        "list_topics": list_topics,
        "describe_topics": describe_topics,
        "describe_cluster": describe_cluster,
        "cluster_id": cluster_id,
        "describe_configs": describe_configs,
        "incremental_alter_configs": incremental_alter_configs,
        "alter_configs": alter_configs,
        "list_offsets": list_offsets,
        "delete_records": delete_records,
        "elect_leaders": elect_leaders,
        "_consumer_group": consumer_group,
        "list_consumer_groups": list_consumer_groups,
        "list_groups": list_groups,
        "describe_consumer_groups": describe_consumer_groups,
        "list_consumer_group_offsets": list_consumer_group_offsets,
        "alter_consumer_group_offsets": alter_consumer_group_offsets,
        "delete_consumer_groups": delete_consumer_groups,
        "create_acls": create_acls,
        "describe_acls": describe_acls,
        "delete_acls": delete_acls,
        "alter_user_scram_credentials": alter_user_scram_credentials,
        "describe_user_scram_credentials": describe_user_scram_credentials,
    }
    failures = run_calls("confluent-kafka", calls, public_methods(AdminClient))
    assert not failures, failures


async def test_every_aiokafka_admin_method(every_call_proc):
    from aiokafka import AIOKafkaConsumer
    from aiokafka.admin import AIOKafkaAdminClient
    from aiokafka.admin import NewPartitions as AioNewPartitions
    from aiokafka.admin import NewTopic as AioNewTopic
    from aiokafka.admin.config_resource import ConfigResource as AioResource
    from aiokafka.admin.config_resource import ConfigResourceType
    from aiokafka.admin.records_to_delete import RecordsToDelete
    from aiokafka.structs import TopicPartition as AioTP

    bp = every_call_proc
    admin = AIOKafkaAdminClient(bootstrap_servers=bp.bootstrap)
    t = "aio-main"
    failures: dict[str, str] = {}
    done: list[str] = []

    async def call(name: str, fn) -> None:
        try:
            await fn()
        except Exception as e:  # noqa: BLE001 (reported by name below)
            failures[name] = f"{type(e).__name__}: {e}"[:300]
        done.append(name)

    async def describe_configs():
        (r,) = await admin.describe_configs([AioResource(ConfigResourceType.BROKER, "0")])
        entries = {c[0]: c for res in r.resources for c in res[4]}
        assert entries["log.retention.ms"][2] is False  # not read-only: changed live

    async def alter_configs():
        await admin.alter_configs([AioResource(ConfigResourceType.TOPIC, t, {"retention.ms": "120000"})])
        responses = await admin.alter_configs(
            [AioResource(ConfigResourceType.BROKER, "0", {"log.cleaner.threads": "2"})]
        )
        assert [res[0] for r in responses for res in r.resources] == [0], responses
        (r,) = await admin.describe_configs(
            [AioResource(ConfigResourceType.BROKER, "0", {"log.cleaner.threads": None})]
        )
        assert [c[1] for res in r.resources for c in res[4]] == ["2"]

    async def consumer_group():
        consumer = AIOKafkaConsumer(
            t,
            bootstrap_servers=bp.bootstrap,
            group_id="aio-group",
            auto_offset_reset="earliest",
            enable_auto_commit=False,
        )
        await consumer.start()
        try:
            deadline = time.monotonic() + TIMEOUT
            while not consumer.assignment() and time.monotonic() < deadline:
                await consumer.getmany(timeout_ms=200)
            await consumer.commit({AioTP(t, 0): 1})
        finally:
            await consumer.stop()

    async def describe_consumer_groups():
        (d,) = await admin.describe_consumer_groups(["aio-group"])
        assert d.groups[0][1] == "aio-group"

    async def find_coordinator():
        assert await admin.find_coordinator("aio-group") == 0

    async def delete_records():
        await asyncio.get_running_loop().run_in_executor(None, _produce, bp, t, 3)
        assert (await admin.delete_records({AioTP(t, 0): RecordsToDelete(2)}))[AioTP(t, 0)] == 2

    async def list_consumer_group_offsets():
        assert (await admin.list_consumer_group_offsets("aio-group"))[AioTP(t, 0)].offset == 1

    async def create_partitions():
        await admin.create_partitions({t: AioNewPartitions(2)})

    async def describe_topics():
        assert len((await admin.describe_topics([t]))[0]["partitions"]) == 2

    async def list_consumer_groups():
        assert ("aio-group", "consumer") in [tuple(g[:2]) for g in await admin.list_consumer_groups()]

    async def list_topics():
        assert t in await admin.list_topics()

    async def describe_cluster():
        assert (await admin.describe_cluster())["controller_id"] == 0

    async def create_topics():
        await admin.create_topics([AioNewTopic(t, 1, 1), AioNewTopic("aio-gone", 1, 1)])

    async def delete_topics():
        await admin.delete_topics(["aio-gone"])

    await call("start", admin.start)
    for name, fn in [
        ("create_topics", create_topics),
        ("delete_topics", delete_topics),
        ("list_topics", list_topics),
        ("create_partitions", create_partitions),
        ("describe_topics", describe_topics),
        ("describe_cluster", describe_cluster),
        ("describe_configs", describe_configs),
        ("alter_configs", alter_configs),
        ("delete_records", delete_records),
        ("_consumer_group", consumer_group),
        ("find_coordinator", find_coordinator),
        ("list_consumer_groups", list_consumer_groups),
        ("describe_consumer_groups", describe_consumer_groups),
        ("list_consumer_group_offsets", list_consumer_group_offsets),
    ]:
        await call(name, fn)
    await call("close", admin.close)
    methods = public_methods(AIOKafkaAdminClient)
    assert methods <= set(done), f"aiokafka: methods with no call: {methods - set(done)}"
    ok = len([m for m in methods if m not in failures])
    print(f"\naiokafka: {ok}/{len(methods)} public admin methods served; failing: {failures}")
    assert not failures, failures


async def test_dynamic_broker_and_group_configs_act_live_and_survive_a_restart(proc):
    """A single broker keeps them in its log dir: log.retention.ms changed on broker 0 deletes
    hour-old records at the next retention pass and after a restart; a group's
    consumer.heartbeat.interval.ms is what the coordinator tells that group's members."""
    import uuid

    from tests.helpers import RawConnection

    admin = _admin(proc)

    def incremental(kind, name, key, value):
        entry = ConfigEntry(key, value, incremental_operation=AlterConfigOpType.SET)
        return _one(
            admin.incremental_alter_configs([ConfigResource(kind, name, incremental_configs=[entry])])
        )

    _one(admin.create_topics([NewTopic("aged", 1, 1)]))
    _produce(proc, "aged", 10, age_ms=3_600_000)
    assert _watermarks(proc, "aged") == (0, 10)
    incremental(ResourceType.BROKER, "0", "log.retention.ms", "60000")
    wait_until(lambda: _watermarks(proc, "aged") == (10, 10), TIMEOUT, what="the new retention to act")
    incremental(ResourceType.GROUP, "g848", "consumer.heartbeat.interval.ms", "7000")

    async def heartbeat_interval(group: str) -> int:
        c = await RawConnection.open(proc.port)
        try:
            body = {
                "group_id": group,
                "member_id": uuid.uuid4().hex,
                "member_epoch": 0,
                "rebalance_timeout_ms": 10_000,
                "subscribed_topic_names": ["aged"],
                "topic_partitions": [],
            }
            r = await c.request(ApiKey.CONSUMER_GROUP_HEARTBEAT, 1, body)
            assert r.error_code == 0, r
            return r.heartbeat_interval_ms
        finally:
            await c.close()

    assert await heartbeat_interval("g848") == 7000
    assert await heartbeat_interval("other") == 5000  # the broker's group.consumer.heartbeat.interval.ms

    proc.stop()
    proc.start()
    admin = _admin(proc)
    broker = _one(admin.describe_configs([ConfigResource(ResourceType.BROKER, "0")]))
    assert (broker["log.retention.ms"].value, broker["log.retention.ms"].source) == (
        "60000",
        ConfigSource.DYNAMIC_BROKER_CONFIG.value,
    )
    group = _one(admin.describe_configs([ConfigResource(ResourceType.GROUP, "g848")]))
    assert group["consumer.heartbeat.interval.ms"].value == "7000"
    assert await heartbeat_interval("g848") == 7000
    _produce(proc, "aged", 5, age_ms=3_600_000)
    wait_until(lambda: _watermarks(proc, "aged") == (15, 15), TIMEOUT, what="retention after the restart")


async def test_broker_logger_levels_change_live(proc):
    """BROKER_LOGGER (KIP-412): kbroker's loggers with log4j's level names; DEBUG on
    kbroker.server shows its connection events, DELETE puts it back to the root's level."""
    from tests.helpers import RawConnection

    async def call(key: ApiKey, version: int, body: dict):
        c = await RawConnection.open(proc.port)
        try:
            return await c.request(key, version, body)
        finally:
            await c.close()

    async def levels() -> dict[str, str]:
        r = await call(
            ApiKey.DESCRIBE_CONFIGS,
            4,
            {
                "resources": [{"resource_type": 8, "resource_name": "0", "configuration_keys": None}],
                "include_synonyms": False,
                "include_documentation": False,
            },
        )
        return {c.name: c.value for c in r.results[0].configs}

    async def alter(name: str, op: int, value: str | None) -> int:
        r = await call(
            ApiKey.INCREMENTAL_ALTER_CONFIGS,
            1,
            {
                "resources": [
                    {
                        "resource_type": 8,
                        "resource_name": "0",
                        "configs": [{"name": name, "config_operation": op, "value": value}],
                    }
                ],
                "validate_only": False,
            },
        )
        return r.responses[0].error_code

    before = await levels()
    assert before["root"] == "INFO" and before["kbroker.server"] == "INFO"
    assert "accept connection" not in proc.log()
    assert await alter("kbroker.server", 0, "debug") == 0
    assert (await levels())["kbroker.server"] == "DEBUG"
    wait_until(lambda: "accept connection" in proc.log(), TIMEOUT, what="debug events of kbroker.server")
    assert await alter("kbroker.server", 1, None) == 0
    assert (await levels())["kbroker.server"] == "INFO"
    seen = proc.log().count("accept connection")
    await levels()  # a new connection: not logged any more
    assert proc.log().count("accept connection") == seen
    assert await alter("no.such.logger", 0, "DEBUG") == 40  # INVALID_CONFIG
    assert await alter("kbroker.server", 0, "LOUD") == 40
    assert await alter("root", 1, None) == 42  # INVALID_REQUEST
    assert await alter("kbroker.server", 2, "DEBUG") == 42

"""Must-show 3, the ACL matrix, with confluent-kafka against a broker process whose ACL authorizer
has super.users=User:admin and allow.everyone.if.no.acl.found=false, over SASL_PLAINTEXT.

alice has only READ on topic `a` and READ on group `g`: she consumes `a` in `g` and commits, but
cannot produce to `a`, read `b`, join group `h`, delete anything, or see `b` in Metadata. Prefixed
and DENY ACLs behave as Kafka's, host filters too; the super user needs no ACL; bob, whom no ACL
names, gets nothing. The ACLs survive a restart (the file)."""

from __future__ import annotations

import time

import pytest

from tests.helpers import BrokerProcess, wait_until
from tests.security.support import Mode, confluent_settings, start_secure_broker

pytestmark = pytest.mark.interop

SASL = "SASL_PLAINTEXT"


@pytest.fixture(scope="module")
def secure(tmp_path_factory):
    sb = start_secure_broker(
        tmp_path_factory.mktemp("acl"),
        extra={
            "authorizer.class.name": "kafka.security.authorizer.AclAuthorizer",
            "super.users": "User:admin",
            "allow.everyone.if.no.acl.found": "false",
            "num.partitions": "1",
        },
    )
    try:
        yield sb
    finally:
        sb.process.stop()


def settings(sb, user: str) -> dict:
    return confluent_settings(sb, Mode(SASL, "SCRAM-SHA-512", user=user))


def admin(sb, user: str = "admin"):
    from confluent_kafka.admin import AdminClient

    return AdminClient(settings(sb, user))


def produce(sb, user: str, topic: str, n: int = 3):
    """Delivery errors (None for each message delivered)."""
    from confluent_kafka import Producer

    errors = []
    p = Producer({**settings(sb, user), "message.timeout.ms": 5000, "retries": 0})
    for i in range(n):
        p.produce(topic, f"{topic}-{i}".encode(), on_delivery=lambda err, msg: errors.append(err))
    p.flush(10)
    return errors


def consume(sb, user: str, group: str, topic: str, want: int, timeout: float = 15.0):
    """(values read, first error seen, committed offset or None)."""
    from confluent_kafka import Consumer, TopicPartition

    c = Consumer(
        {
            **settings(sb, user),
            "group.id": group,
            "auto.offset.reset": "earliest",
            "enable.auto.commit": False,
        }
    )
    got, error = [], None
    try:
        c.subscribe([topic])
        deadline = time.monotonic() + timeout
        while len(got) < want and error is None and time.monotonic() < deadline:
            m = c.poll(0.2)
            if m is None:
                continue
            if m.error() is not None:
                error = m.error()
            else:
                got.append(m.value().decode())
        committed = None
        if got:
            c.commit(asynchronous=False)
            committed = c.committed([TopicPartition(topic, 0)], timeout=10)[0].offset
    finally:
        c.close()
    return got, error, committed


def create_acls(sb, *bindings):
    client = admin(sb)  # held: librdkafka fails the futures of a client destroyed meanwhile
    for f in client.create_acls(list(bindings)).values():
        f.result(10)


def binding(rtype, name, principal, op, perm="ALLOW", pattern="LITERAL", host="*"):
    from confluent_kafka.admin import (
        AclBinding,
        AclOperation,
        AclPermissionType,
        ResourcePatternType,
        ResourceType,
    )

    return AclBinding(
        ResourceType[rtype],
        name,
        ResourcePatternType[pattern],
        principal,
        host,
        AclOperation[op],
        AclPermissionType[perm],
    )


def topics_seen(sb, user: str) -> set[str]:
    client = admin(sb, user)
    return set(client.list_topics(timeout=10).topics)


def test_acl_matrix(secure):
    from confluent_kafka import KafkaError, KafkaException, TopicPartition
    from confluent_kafka.admin import NewTopic

    sb = secure
    # The super user needs no ACL: creates the topics and fills them.
    a = admin(sb)
    for f in a.create_topics(
        [NewTopic(t, 1, 1) for t in ("a", "b", "logs-app", "log-app", "pay-public", "pay-secret", "c")]
    ).values():
        f.result(10)
    for t in ("a", "b", "pay-public", "pay-secret", "c"):
        assert produce(sb, "admin", t) == [None] * 3
    create_acls(sb, binding("TOPIC", "a", "User:alice", "READ"), binding("GROUP", "g", "User:alice", "READ"))

    # alice consumes `a` in `g` and commits.
    got, error, committed = consume(sb, "alice", "g", "a", 3)
    assert (got, error, committed) == (["a-0", "a-1", "a-2"], None, 3)
    # ... cannot produce to `a`,
    assert [e.code() for e in produce(sb, "alice", "a", 1)] == [KafkaError.TOPIC_AUTHORIZATION_FAILED]
    # ... cannot read `b` (in her own group),
    got, error, _ = consume(sb, "alice", "g", "b", 1)
    assert got == [] and error.code() == KafkaError.TOPIC_AUTHORIZATION_FAILED
    # ... cannot join group `h`,
    got, error, _ = consume(sb, "alice", "h", "a", 1)
    assert got == [] and error.code() == KafkaError.GROUP_AUTHORIZATION_FAILED
    # ... cannot delete anything: topics, groups, records,
    al = admin(sb, "alice")
    with pytest.raises(KafkaException) as e:
        al.delete_topics(["a"])["a"].result(10)
    assert e.value.args[0].code() == KafkaError.TOPIC_AUTHORIZATION_FAILED
    with pytest.raises(KafkaException) as e:
        al.delete_consumer_groups(["g"])["g"].result(10)
    assert e.value.args[0].code() == KafkaError.GROUP_AUTHORIZATION_FAILED
    with pytest.raises(KafkaException) as e:
        list(al.delete_records([TopicPartition("a", 0, 1)]).values())[0].result(10)
    assert e.value.args[0].code() == KafkaError.TOPIC_AUTHORIZATION_FAILED
    # ... nor create ACLs,
    with pytest.raises(KafkaException) as e:
        for f in al.create_acls([binding("TOPIC", "b", "User:alice", "READ")]).values():
            f.result(10)
    assert e.value.args[0].code() == KafkaError.CLUSTER_AUTHORIZATION_FAILED
    # ... and Metadata shows her `a` only.
    assert topics_seen(sb, "alice") == {"a"}
    assert {"a", "b", "c"} <= topics_seen(sb, "admin")

    # Prefixed: WRITE on `logs-*` covers logs-app, not log-app.
    create_acls(sb, binding("TOPIC", "logs-", "User:alice", "WRITE", pattern="PREFIXED"))
    assert produce(sb, "alice", "logs-app", 1) == [None]
    assert [e.code() for e in produce(sb, "alice", "log-app", 1)] == [KafkaError.TOPIC_AUTHORIZATION_FAILED]
    # DENY wins: ALL on `pay*` but READ on pay-secret denied.
    create_acls(
        sb,
        binding("TOPIC", "pay", "User:alice", "ALL", pattern="PREFIXED"),
        binding("TOPIC", "pay-secret", "User:alice", "READ", perm="DENY"),
        binding("GROUP", "pg", "User:alice", "READ"),
    )
    got, error, _ = consume(sb, "alice", "pg", "pay-public", 3)
    assert got == ["pay-public-0", "pay-public-1", "pay-public-2"] and error is None
    got, error, _ = consume(sb, "alice", "pg", "pay-secret", 1)
    assert got == [] and error.code() == KafkaError.TOPIC_AUTHORIZATION_FAILED
    assert produce(sb, "alice", "pay-secret", 1) == [None]  # WRITE was not denied
    # A host filter: an ACL for another address does not apply to 127.0.0.1.
    create_acls(sb, binding("TOPIC", "c", "User:alice", "READ", host="10.9.9.9"))
    got, error, _ = consume(sb, "alice", "g", "c", 1, timeout=8)
    assert got == [] and error.code() == KafkaError.TOPIC_AUTHORIZATION_FAILED

    # bob, named by no ACL, with allow.everyone.if.no.acl.found=false: nothing at all.
    assert topics_seen(sb, "bob") == set()
    assert [e.code() for e in produce(sb, "bob", "c", 1)] == [KafkaError.TOPIC_AUTHORIZATION_FAILED]
    got, error, _ = consume(sb, "bob", "bobs", "c", 1)
    assert got == [] and error is not None

    # The broker logged each refusal with the principal; ACLs listed back as created.
    assert any("principal=User:alice" in line and "resource=b" in line for line in sb.lines("deny"))
    from confluent_kafka.admin import AclBindingFilter, AclOperation, AclPermissionType, ResourcePatternType
    from confluent_kafka.admin import ResourceType as RT

    any_acl = AclBindingFilter(
        RT.ANY, None, ResourcePatternType.ANY, None, None, AclOperation.ANY, AclPermissionType.ANY
    )
    described = a.describe_acls(any_acl).result(10)
    assert len(described) == 7
    assert binding("TOPIC", "pay-secret", "User:alice", "READ", perm="DENY") in described


def test_acls_survive_a_restart(secure, tmp_path):
    """The ACL file is the authorizer's store: a broker restarted on it enforces the same ACLs."""
    sb = secure
    acl_file = sb.process.data_dir / "kbroker-acls.json"
    wait_until(acl_file.exists, 10, what="the ACL file")
    assert '"principal": "User:alice"' in acl_file.read_text()
    sb.process.stop()
    restarted = BrokerProcess(sb.process.data_dir, port=sb.process.port, extra=sb.process.extra).start()
    try:
        sb.process = restarted
        wait_until(lambda: "start broker" in restarted.log(), 30)
        assert "a" in topics_seen(sb, "alice") and "b" not in topics_seen(sb, "alice")
    finally:
        pass  # the module fixture stops sb.process (now the restarted one)

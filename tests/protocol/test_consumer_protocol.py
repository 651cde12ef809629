"""ConsumerProtocol subscription and assignment, against the Kafka clients' own encoders."""

from __future__ import annotations

import pytest
from aiokafka.coordinator.protocol import ConsumerProtocolMemberAssignment as AioAssignment
from aiokafka.coordinator.protocol import ConsumerProtocolMemberMetadata as AioMetadata
from hypothesis import given
from hypothesis import strategies as st
from kafka.protocol.consumer.metadata import ConsumerProtocolAssignment as KpAssignment
from kafka.protocol.consumer.metadata import ConsumerProtocolSubscription as KpSubscription

from protocol.consumer_protocol import (
    Assignment,
    Subscription,
    TopicPartitions,
    decode_assignment,
    decode_subscription,
    encode_assignment,
    encode_subscription,
)
from protocol.errors import ProtocolDecodeError

topic_names = st.text(min_size=1, max_size=10)
tps = st.lists(
    st.builds(TopicPartitions, topic_names, st.lists(st.integers(0, 1000), max_size=5)), max_size=4
)
blobs = st.one_of(st.none(), st.binary(max_size=20))


@given(
    topics=st.lists(topic_names, max_size=5),
    user_data=blobs,
    owned=tps,
    generation=st.integers(-1, 1 << 30),
    rack=st.one_of(st.none(), st.text(max_size=5)),
)
def test_subscription_round_trip_v3(topics, user_data, owned, generation, rack):
    sub = Subscription(topics, user_data, owned, generation, rack)
    data = encode_subscription(sub)
    assert data[:2] == b"\x00\x03"
    assert decode_subscription(data) == sub


@pytest.mark.parametrize("version", range(4))
def test_subscription_versions_drop_newer_fields(version):
    sub = Subscription(["a", "b"], b"ud", [TopicPartitions("a", [1, 2])], 7, "rack-1")
    got = decode_subscription(encode_subscription(sub, version))
    assert got.version == version and got.topics == ["a", "b"] and got.user_data == b"ud"
    assert got.owned_partitions == ([TopicPartitions("a", [1, 2])] if version >= 1 else [])
    assert got.generation_id == (7 if version >= 2 else -1)
    assert got.rack_id == ("rack-1" if version >= 3 else None)


@given(assigned=tps, user_data=blobs, version=st.integers(0, 3))
def test_assignment_round_trip(assigned, user_data, version):
    a = Assignment(assigned, user_data, version)
    assert decode_assignment(encode_assignment(a)) == a


def test_newer_version_is_read_as_newest_known():
    sub = Subscription(["t"], None, [TopicPartitions("t", [0])], 3, "r")
    v3 = encode_subscription(sub)
    # a hypothetical v4 that appends a field: read as v3, the extra bytes ignored
    v4 = b"\x00\x04" + v3[2:] + b"\x00\x00\x00\x2a"
    got = decode_subscription(v4)
    assert got.version == 4 and (got.topics, got.generation_id, got.rack_id) == (["t"], 3, "r")
    asg = encode_assignment(Assignment([TopicPartitions("t", [0, 1])], b"x"))
    got_a = decode_assignment(b"\x00\x07" + asg[2:] + b"trailing")
    assert got_a.version == 7 and got_a.partitions() == [("t", 0), ("t", 1)] and got_a.user_data == b"x"
    # encoding never writes a version we do not know
    assert encode_subscription(got)[:2] == b"\x00\x03"


def test_bad_input():
    with pytest.raises(ProtocolDecodeError):
        decode_subscription(b"\x00")
    with pytest.raises(ProtocolDecodeError):
        decode_subscription(b"\xff\xff\x00\x00\x00\x00")
    with pytest.raises(ProtocolDecodeError):
        decode_assignment(b"\x00\x00\x00\x00\x00\x05")


@pytest.mark.parametrize("version", range(4))
def test_decode_kafka_python_subscription(version):
    theirs = KpSubscription(
        topics=["orders", "payments"],
        user_data=b"\x01\x02",
        owned_partitions=[KpSubscription.TopicPartition(topic="orders", partitions=[0, 2])],
        generation_id=12,
        rack_id="eu-1a",
    ).encode(version=version)
    got = decode_subscription(theirs)
    assert got.version == version and got.topics == ["orders", "payments"] and got.user_data == b"\x01\x02"
    assert got.owned_partitions == ([TopicPartitions("orders", [0, 2])] if version >= 1 else [])
    assert got.generation_id == (12 if version >= 2 else -1)
    assert got.rack_id == ("eu-1a" if version >= 3 else None)
    assert encode_subscription(got) == bytes(theirs)
    back = KpSubscription.decode(encode_subscription(got))
    assert back.topics == ["orders", "payments"]


def test_kafka_python_assignment_both_ways():
    theirs = KpAssignment(
        assigned_partitions=[KpAssignment.TopicPartition(topic="orders", partitions=[1, 3])],
        user_data=None,
    ).encode(version=3)
    got = decode_assignment(theirs)
    assert got == Assignment([TopicPartitions("orders", [1, 3])], None, 3)
    assert encode_assignment(got) == bytes(theirs)
    back = KpAssignment.decode(encode_assignment(got))
    assert [(t.topic, list(t.partitions)) for t in back.assigned_partitions] == [("orders", [1, 3])]


def test_aiokafka_v0_metadata_and_assignment():
    meta = AioMetadata(0, ["a", "b"], b"").encode()
    got = decode_subscription(meta)
    assert (got.version, got.topics, got.user_data) == (0, ["a", "b"], b"")
    asg = AioAssignment(0, [("a", [0, 1]), ("b", [2])], b"").encode()
    got_a = decode_assignment(asg)
    assert got_a.partitions() == [("a", 0), ("a", 1), ("b", 2)]
    # what aiokafka's coordinator does with an assignment from us
    ours = encode_assignment(Assignment([TopicPartitions("a", [0, 1])], b"ud"), version=0)
    assert AioAssignment.decode(ours).assignment == [("a", [0, 1])]

"""The KIP-848 consumer group records of __consumer_offsets: Kafka's bytes, round trips."""

from __future__ import annotations

import uuid

from hypothesis import given
from hypothesis import strategies as st

from protocol import consumer_group_records as cgr
from protocol.consumer_group_records import ConsumerGroupKey, ConsumerGroupRecord, RecordType

T = uuid.UUID("00000000-0000-0000-0000-000000000001")


def test_group_epoch_golden_bytes() -> None:
    key, value = cgr.encode(
        ConsumerGroupRecord(ConsumerGroupKey(RecordType.CONSUMER_GROUP_METADATA, "g"), cgr.GroupEpoch(5))
    )
    assert key == b"\x00\x03" + b"\x00\x01g"  # key version 3, then a non-flexible string
    assert value == b"\x00\x00" + b"\x00\x00\x00\x05" + b"\x00"  # value version 0, epoch, no tagged fields


def test_group_epoch_reads_the_4_1_metadata_hash_tag() -> None:
    # Epoch 7 with tagged field 0 (MetadataHash, int64) = 42, as Kafka 4.1 writes it.
    value = b"\x00\x00" + b"\x00\x00\x00\x07" + b"\x01" + b"\x00\x08" + (42).to_bytes(8, "big")
    assert cgr.decode_value(RecordType.CONSUMER_GROUP_METADATA, value) == cgr.GroupEpoch(7, 42, -1)


def test_current_assignment_golden_bytes() -> None:
    value = cgr.encode_value(cgr.CurrentMemberAssignment(3, 2, 1, {T: frozenset({1, 0})}, {}))
    assert value == (
        b"\x00\x00"  # version 0
        + b"\x00\x00\x00\x03"  # member epoch
        + b"\x00\x00\x00\x02"  # previous member epoch
        + b"\x01"  # state (UNREVOKED_PARTITIONS)
        + b"\x02"
        + T.bytes
        + b"\x03"
        + b"\x00\x00\x00\x00\x00\x00\x00\x01"
        + b"\x00"  # one topic, [0, 1]
        + b"\x01"  # no partitions pending revocation
        + b"\x00"  # no tagged fields
    )
    key = cgr.encode_key(ConsumerGroupKey(RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT, "g", "m"))
    assert key == b"\x00\x08\x00\x01g\x00\x01m"


names = st.text(min_size=0, max_size=8)
partitions = st.dictionaries(
    st.uuids(), st.frozensets(st.integers(0, 1000), min_size=1, max_size=5), max_size=3
)
values = st.one_of(
    st.builds(
        cgr.GroupEpoch, st.integers(0, 2**31 - 1), st.integers(-(2**63), 2**63 - 1), st.integers(-1, 2**40)
    ),
    st.builds(
        cgr.SubscriptionMetadata,
        st.lists(st.builds(cgr.TopicMetadata, st.uuids(), names, st.integers(0, 100)), max_size=3).map(tuple),
    ),
    st.builds(
        cgr.MemberSubscription,
        st.none() | names,
        st.none() | names,
        names,
        names,
        st.lists(names, max_size=3).map(tuple),
        st.none() | names,
        st.integers(-1, 2**31 - 1),
        st.none() | names,
    ),
    st.builds(cgr.TargetAssignmentEpoch, st.integers(0, 2**31 - 1)),
    st.builds(cgr.TargetAssignmentMember, partitions),
    st.builds(
        cgr.CurrentMemberAssignment,
        st.integers(-2, 2**31 - 1),
        st.integers(-2, 2**31 - 1),
        st.sampled_from([0, 1, 2, 127]),
        partitions,
        partitions,
    ),
    st.builds(
        cgr.ResolvedRegularExpression,
        st.lists(names, max_size=3).map(tuple),
        st.integers(0, 10),
        st.integers(0, 10),
    ),
)


@given(values, names, names, st.booleans())
def test_round_trip(value: cgr.ConsumerGroupValue, group: str, member: str, tombstone: bool) -> None:
    t = cgr.record_type_of(value)
    per_member = t in (
        RecordType.CONSUMER_GROUP_MEMBER_METADATA,
        RecordType.CONSUMER_GROUP_TARGET_ASSIGNMENT_MEMBER,
        RecordType.CONSUMER_GROUP_CURRENT_MEMBER_ASSIGNMENT,
        RecordType.CONSUMER_GROUP_REGULAR_EXPRESSION,
    )
    record = ConsumerGroupRecord(
        ConsumerGroupKey(t, group, member if per_member else ""), None if tombstone else value
    )
    key, raw = cgr.encode(record)
    assert cgr.is_consumer_group_key(key)
    assert cgr.decode(key, raw) == record

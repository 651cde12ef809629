"""The KIP-932 share group records of __consumer_offsets: Kafka 4.1/4.2's bytes (derived by hand
from group-coordinator's ShareGroup*{Key,Value}.json), what Kafka 4.0 wrote, and round trips."""

from __future__ import annotations

import uuid

from hypothesis import given
from hypothesis import strategies as st

from broker.group.records import decode_record, encode_record
from protocol import share_group_records as sgr
from protocol.share_group_records import ShareGroupKey, ShareGroupRecord, ShareRecordType

T = uuid.UUID("00000000-0000-0000-0000-000000000001")
R = ShareRecordType


def test_group_epoch_golden_bytes() -> None:
    key, value = sgr.encode(
        ShareGroupRecord(ShareGroupKey(R.SHARE_GROUP_METADATA, "g"), sgr.ShareGroupEpoch(3))
    )
    assert key == b"\x00\x0b" + b"\x00\x01g"  # key version 11 (the record type), a non-flexible string
    # value version 0, epoch, metadata hash (a plain int64 since 4.1), no tagged fields
    assert value == b"\x00\x00" + b"\x00\x00\x00\x03" + b"\x00" * 8 + b"\x00"
    hashed = sgr.encode_value(sgr.ShareGroupEpoch(7, 42))
    assert hashed == b"\x00\x00" + b"\x00\x00\x00\x07" + (42).to_bytes(8, "big") + b"\x00"
    assert sgr.decode_value(R.SHARE_GROUP_METADATA, hashed) == sgr.ShareGroupEpoch(7, 42)


def test_kafka_4_0_values_are_read() -> None:
    # 4.0's group epoch had no metadata hash; its type 15 no initializing topics.
    epoch = b"\x00\x00" + b"\x00\x00\x00\x07" + b"\x00"
    assert sgr.decode_value(R.SHARE_GROUP_METADATA, epoch) == sgr.ShareGroupEpoch(7, 0)
    state = b"\x00\x00" + b"\x02" + T.bytes + b"\x02t" + b"\x02\x00\x00\x00\x01" + b"\x00" + b"\x01" + b"\x00"
    assert sgr.decode_value(R.SHARE_GROUP_STATE_PARTITION_METADATA, state) == sgr.ShareStatePartitionMetadata(
        (), (sgr.InitializedTopic(T, "t", frozenset({1})),), ()
    )


def test_member_metadata_golden_bytes() -> None:
    key, value = sgr.encode(
        ShareGroupRecord(
            ShareGroupKey(R.SHARE_GROUP_MEMBER_METADATA, "g", "m"),
            sgr.ShareMemberSubscription(None, "c", "h", ("t",)),
        )
    )
    assert key == b"\x00\x0a" + b"\x00\x01g" + b"\x00\x01m"
    assert value == (
        b"\x00\x00"
        + b"\x00"  # rack id: null (compact nullable string)
        + b"\x02c"  # client id
        + b"\x02h"  # client host
        + b"\x02\x02t"  # subscribed topic names: one
        + b"\x00"
    )


def test_current_assignment_golden_bytes() -> None:
    key = sgr.encode_key(ShareGroupKey(R.SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT, "g", "m"))
    assert key == b"\x00\x0e" + b"\x00\x01g" + b"\x00\x01m"
    value = sgr.encode_value(sgr.ShareCurrentMemberAssignment(2, 1, 0, {T: frozenset({1, 0})}))
    assert value == (
        b"\x00\x00"
        + b"\x00\x00\x00\x02"  # member epoch
        + b"\x00\x00\x00\x01"  # previous member epoch
        + b"\x00"  # state (STABLE)
        + b"\x02"  # assigned partitions: one topic
        + T.bytes
        + b"\x03"
        + b"\x00\x00\x00\x00\x00\x00\x00\x01"
        + b"\x00"  # the topic's tagged fields
        + b"\x00"
    )


def test_target_assignment_and_state_metadata_golden_bytes() -> None:
    assert (
        sgr.encode_key(ShareGroupKey(R.SHARE_GROUP_TARGET_ASSIGNMENT_METADATA, "g")) == b"\x00\x0c\x00\x01g"
    )
    assert sgr.encode_value(sgr.ShareTargetAssignmentEpoch(4)) == b"\x00\x00\x00\x00\x00\x04\x00"
    assert sgr.encode_key(ShareGroupKey(R.SHARE_GROUP_TARGET_ASSIGNMENT_MEMBER, "g", "m")) == (
        b"\x00\x0d\x00\x01g\x00\x01m"
    )
    assert sgr.encode_value(sgr.ShareTargetAssignmentMember({T: frozenset({2})})) == (
        b"\x00\x00" + b"\x02" + T.bytes + b"\x02" + b"\x00\x00\x00\x02" + b"\x00" + b"\x00"
    )
    assert sgr.encode_key(ShareGroupKey(R.SHARE_GROUP_STATE_PARTITION_METADATA, "g")) == b"\x00\x0f\x00\x01g"
    state = sgr.ShareStatePartitionMetadata((), (sgr.InitializedTopic(T, "t", frozenset({0})),), ((T, "t"),))
    assert sgr.encode_value(state) == (
        b"\x00\x00"
        + b"\x01"  # initializing topics: none
        + b"\x02" + T.bytes + b"\x02t" + b"\x02\x00\x00\x00\x00" + b"\x00"  # initialized topics
        + b"\x02" + T.bytes + b"\x02t" + b"\x00"  # deleting topics
        + b"\x00"
    )  # fmt: skip


def test_kafka_4_0_partition_metadata_is_read() -> None:
    key = b"\x00\x09\x00\x01g"
    value = b"\x00\x00" + b"\x02" + T.bytes + b"\x02t" + b"\x00\x00\x00\x03" + b"\x01" + b"\x00" + b"\x00"
    record = decode_record(key, value)
    assert record == ShareGroupRecord(
        ShareGroupKey(R.SHARE_GROUP_PARTITION_METADATA, "g"),
        sgr.ShareSubscriptionMetadata((sgr.TopicMetadata(T, "t", 3),)),
    )


_ids = st.uuids()
_parts = st.dictionaries(_ids, st.frozensets(st.integers(0, 100), min_size=1), max_size=3)
VALUES = st.one_of(
    st.builds(sgr.ShareGroupEpoch, st.integers(0, 2**31 - 1), st.integers(-(2**63), 2**63 - 1)),
    st.builds(
        sgr.ShareMemberSubscription,
        st.none() | st.text(min_size=1),
        st.text(),
        st.text(),
        st.lists(st.text(), max_size=3).map(tuple),
    ),
    st.builds(sgr.ShareTargetAssignmentEpoch, st.integers(0, 2**31 - 1)),
    st.builds(sgr.ShareTargetAssignmentMember, _parts),
    st.builds(sgr.ShareCurrentMemberAssignment, st.integers(-1, 99), st.integers(-1, 99), st.just(0), _parts),
    st.builds(
        sgr.ShareStatePartitionMetadata,
        st.lists(
            st.builds(sgr.InitializedTopic, _ids, st.text(), st.frozensets(st.integers(0, 9))), max_size=2
        ).map(tuple),
        st.lists(
            st.builds(sgr.InitializedTopic, _ids, st.text(), st.frozensets(st.integers(0, 9))), max_size=2
        ).map(tuple),
        st.lists(st.tuples(_ids, st.text()), max_size=2).map(tuple),
    ),
    st.builds(
        sgr.ShareSubscriptionMetadata,
        st.lists(st.builds(sgr.TopicMetadata, _ids, st.text(), st.integers(0, 99)), max_size=2).map(tuple),
    ),
)


@given(VALUES, st.text(), st.text(min_size=1), st.booleans())
def test_round_trip(value: sgr.ShareGroupValue, group: str, member: str, tombstone: bool) -> None:
    record_type = sgr.record_type_of(value)
    per_member = record_type in (
        R.SHARE_GROUP_MEMBER_METADATA,
        R.SHARE_GROUP_TARGET_ASSIGNMENT_MEMBER,
        R.SHARE_GROUP_CURRENT_MEMBER_ASSIGNMENT,
    )
    record = ShareGroupRecord(
        ShareGroupKey(record_type, group, member if per_member else ""), None if tombstone else value
    )
    key, raw = encode_record(record)
    assert sgr.is_share_group_key(key)
    assert decode_record(key, raw) == record

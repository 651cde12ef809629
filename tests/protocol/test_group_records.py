"""The __consumer_offsets key/value records."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol.consumer_protocol import (
    Assignment,
    Subscription,
    TopicPartitions,
    decode_subscription,
    encode_assignment,
    encode_subscription,
)
from protocol.errors import ProtocolDecodeError
from protocol.group_records import (
    GROUP_METADATA_VALUE,
    OFFSET_COMMIT_VALUE,
    GroupMetadataKey,
    GroupMetadataValue,
    KeyKind,
    MemberMetadata,
    OffsetCommitKey,
    OffsetCommitValue,
    UnknownKey,
    decode_key,
    decode_value,
    encode_group_metadata_key,
    encode_group_metadata_value,
    encode_key,
    encode_offset_commit_key,
    encode_offset_commit_value,
    encode_value,
)

TS = 1_700_000_000_000  # 0x0000018BCFE56800

# OffsetCommitKey, key version 1 (group "group-1", topic "topic-a", partition 3):
#   int16 key version        00 01
#   string group             00 07 "group-1" = 67 72 6f 75 70 2d 31
#   string topic             00 07 "topic-a" = 74 6f 70 69 63 2d 61
#   int32 partition          00 00 00 03
GOLDEN_KEY = bytes.fromhex("0001000767726f75702d310007746f7069632d6100000003")

# OffsetCommitValue v3 (offset 1234, leader epoch 5, metadata "meta", commit timestamp TS):
#   int16 value version      00 03
#   int64 offset             00 00 00 00 00 00 04 d2
#   int32 leaderEpoch (v3+)  00 00 00 05
#   string metadata          00 04 "meta" = 6d 65 74 61
#   int64 commitTimestamp    00 00 01 8b cf e5 68 00
#   (expireTimestamp exists only in v1)
GOLDEN_VALUE_V3 = bytes.fromhex("000300000000000004d20000000500046d6574610000018bcfe56800")


def test_offset_commit_key_golden():
    assert encode_offset_commit_key("group-1", "topic-a", 3) == GOLDEN_KEY
    key = decode_key(GOLDEN_KEY)
    assert key == OffsetCommitKey("group-1", "topic-a", 3, version=1)
    assert key.kind is KeyKind.OFFSET_COMMIT
    assert encode_key(key) == GOLDEN_KEY
    # key version 0 has the same layout
    v0 = b"\x00\x00" + GOLDEN_KEY[2:]
    assert decode_key(v0) == OffsetCommitKey("group-1", "topic-a", 3, version=0)


def test_offset_commit_value_v3_golden():
    assert encode_offset_commit_value(1234, 5, "meta", TS) == GOLDEN_VALUE_V3
    value = decode_value(KeyKind.OFFSET_COMMIT, GOLDEN_VALUE_V3)
    assert value == OffsetCommitValue(1234, 5, "meta", TS, -1, version=3)
    assert encode_value(value) == GOLDEN_VALUE_V3


def test_offset_commit_value_version_choice():
    # an explicit expire timestamp forces v1, which has no leader epoch
    v1 = encode_offset_commit_value(7, 5, "", TS, expire_ts=TS + 1000)
    assert struct.unpack_from(">h", v1)[0] == 1
    assert decode_value(decode_key(GOLDEN_KEY), v1) == OffsetCommitValue(7, -1, "", TS, TS + 1000, version=1)
    v3 = encode_offset_commit_value(7, None, None, TS)
    assert decode_value(KeyKind.OFFSET_COMMIT, v3) == OffsetCommitValue(7, -1, "", TS, -1, version=3)


@given(
    version=st.integers(0, 4),
    offset=st.integers(-1, (1 << 63) - 1),
    epoch=st.integers(-1, (1 << 31) - 1),
    metadata=st.text(max_size=20),
    commit=st.integers(0, 1 << 50),
    expire=st.integers(0, 1 << 50),
)
def test_offset_commit_value_round_trip_all_versions(version, offset, epoch, metadata, commit, expire):
    data = encode_offset_commit_value(offset, epoch, metadata, commit, expire, version=version)
    value = decode_value(KeyKind.OFFSET_COMMIT, data)
    assert (value.offset, value.metadata, value.commit_timestamp, value.version) == (
        offset,
        metadata,
        commit,
        version,
    )
    assert value.leader_epoch == (epoch if version >= 3 else -1)
    assert value.expire_timestamp == (expire if version == 1 else -1)
    assert OFFSET_COMMIT_VALUE.encode(OFFSET_COMMIT_VALUE.decode(data[2:], version), version) == data[2:]


def test_flexible_v4_value_layout():
    data = encode_offset_commit_value(1, 2, "m", 3, version=4)
    # compact string: uvarint length + 1, and an empty tagged-field section at the end
    assert data == bytes.fromhex("0004000000000000000100000002026d000000000000000300")


def test_group_metadata_key():
    data = encode_group_metadata_key("my-group")
    assert data == b"\x00\x02\x00\x08my-group"
    key = decode_key(data)
    assert key == GroupMetadataKey("my-group") and key.kind is KeyKind.GROUP_METADATA
    assert encode_key(key) == data


def _members() -> list[MemberMetadata]:
    sub = encode_subscription(Subscription(["t1", "t2"], owned_partitions=[TopicPartitions("t1", [0])]))
    asg = encode_assignment(Assignment([TopicPartitions("t1", [0, 1])]))
    return [
        MemberMetadata("consumer-1-abc", None, "consumer-1", "/10.0.0.1", 300_000, 45_000, sub, asg),
        MemberMetadata("static-x", "instance-x", "c2", "/10.0.0.2", 60_000, 10_000, b"", b""),
    ]


def test_group_metadata_value_v3_round_trip():
    data = encode_group_metadata_value("consumer", 4, "range", "consumer-1-abc", _members(), TS)
    assert data[:2] == b"\x00\x03"
    value = decode_value(KeyKind.GROUP_METADATA, data)
    assert value == GroupMetadataValue("consumer", 4, "range", "consumer-1-abc", TS, _members(), version=3)
    assert encode_value(value) == data
    assert decode_subscription(value.members[0].subscription).topics == ["t1", "t2"]


@pytest.mark.parametrize("version", range(5))
def test_group_metadata_value_all_versions(version):
    data = encode_group_metadata_value("consumer", 1, None, None, _members(), TS, version=version)
    value = decode_value(GroupMetadataKey("g"), data)
    assert value.version == version and value.protocol is None and value.leader is None
    assert value.current_state_timestamp == (TS if version >= 2 else -1)
    m = value.members[1]
    assert m.group_instance_id == ("instance-x" if version >= 3 else None)
    assert m.rebalance_timeout == (60_000 if version >= 1 else -1)
    assert (m.member_id, m.client_id, m.client_host, m.session_timeout) == (
        "static-x",
        "c2",
        "/10.0.0.2",
        10_000,
    )
    assert encode_value(value) == data
    assert GROUP_METADATA_VALUE.encode(GROUP_METADATA_VALUE.decode(data[2:], version), version) == data[2:]


def test_empty_group_metadata():
    data = encode_group_metadata_value("consumer", 0, None, None, [])
    assert decode_value(KeyKind.GROUP_METADATA, data).members == []


def test_tombstones_and_unknown_records():
    assert decode_value(KeyKind.OFFSET_COMMIT, None) is None
    assert decode_value(KeyKind.GROUP_METADATA, None) is None
    # key versions 3+ are KIP-848 / share-group records
    unknown = decode_key(b"\x00\x03\x00\x01g")
    assert unknown == UnknownKey(3, b"\x00\x01g") and unknown.kind is KeyKind.UNKNOWN
    assert encode_key(unknown) == b"\x00\x03\x00\x01g"
    with pytest.raises(ProtocolDecodeError):
        decode_value(unknown, b"\x00\x00")
    with pytest.raises(ProtocolDecodeError):
        decode_value(KeyKind.OFFSET_COMMIT, b"\x00\x09" + GOLDEN_VALUE_V3[2:])
    with pytest.raises(ProtocolDecodeError):
        decode_key(b"\x00")
    with pytest.raises(ProtocolDecodeError):
        decode_value(KeyKind.OFFSET_COMMIT, GOLDEN_VALUE_V3[:-1])

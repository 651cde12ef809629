"""The coordinator partition of a group is Kafka's, not Python's salted hash."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from broker.group.placement import coordinator_partition, java_string_hashcode, kafka_abs

# Checked with Java on this machine (String.hashCode, Utils.abs, % 50).
JAVA = [
    ("", 0),
    ("test-group", 12),
    ("my-group", 12),
    ("grp-42", 0),
    ("消费组", 35),
    ("polygenelubricants", 0),  # hashCode is Integer.MIN_VALUE
]


@pytest.mark.parametrize(("group", "partition"), JAVA)
def test_partitions_match_java(group, partition):
    assert coordinator_partition(group, 50) == partition


def test_min_value_hash_maps_to_zero():
    assert java_string_hashcode("polygenelubricants") == -(2**31)
    assert kafka_abs(-(2**31)) == 0


def test_hash_counts_utf16_code_units():
    # An astral character is two UTF-16 code units in Java: 0xD83D, 0xDE00.
    assert java_string_hashcode("😀") == ((0xD83D * 31 + 0xDE00) & 0xFFFFFFFF)


def _reference(s: str) -> int:
    h = 0
    units = s.encode("utf-16-be")
    for i in range(0, len(units), 2):
        h = (h * 31 + int.from_bytes(units[i : i + 2], "big")) % 2**32
    return h - 2**32 if h >= 2**31 else h


@given(st.text(max_size=40), st.integers(1, 200))
def test_partition_is_in_range_and_stable(group, n):
    p = coordinator_partition(group, n)
    assert 0 <= p < n
    assert java_string_hashcode(group) == _reference(group)

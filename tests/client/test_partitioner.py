"""The producer's partitioner: murmur2 bit for bit as Java's, and the sticky choice for null keys."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from kafka.partitioner.default import murmur2 as kafka_python_murmur2

from client.partitioner import DefaultPartitioner, murmur2, partition_for_key, to_positive

# Kafka's UtilsTest.testMurmur2 vectors (Java's signed int results).
JAVA_VECTORS = {
    b"21": -973932308,
    b"foobar": -790332482,
    b"a-little-bit-long-string": -985981536,
    b"a-little-bit-longer-string": -1486304829,
    b"lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8": -58897971,
    b"abc": 479470107,
}


def test_murmur2_matches_java_vectors() -> None:
    for data, expected in JAVA_VECTORS.items():
        assert murmur2(data) == expected, data


@given(st.binary(max_size=300))
def test_murmur2_matches_kafka_python(data: bytes) -> None:
    # kafka-python returns the same 32 bits unsigned
    assert murmur2(data) & 0xFFFFFFFF == kafka_python_murmur2(data)


@given(st.binary(min_size=0, max_size=64), st.integers(min_value=1, max_value=1000))
def test_keyed_partition_is_javas(key: bytes, n: int) -> None:
    p = partition_for_key(key, n)
    assert p == (kafka_python_murmur2(key) & 0x7FFFFFFF) % n
    assert DefaultPartitioner().partition("t", key, n, []) == p


def test_to_positive_clears_the_sign_bit_not_abs() -> None:
    assert to_positive(-1) == 0x7FFFFFFF
    assert to_positive(-(2**31)) == 0


def test_keyed_records_ignore_availability() -> None:
    # a key's partition depends on the partition count only, as Java's
    p = DefaultPartitioner()
    assert p.partition("t", b"k", 6, [0]) == partition_for_key(b"k", 6)


def test_null_keys_stick_to_one_partition_until_batch_size_bytes() -> None:
    p = DefaultPartitioner(batch_size=1000, rng=random.Random(7))
    available = [0, 1, 2, 3]
    first = p.partition("t", None, 4, available)
    for _ in range(9):
        assert p.partition("t", None, 4, available) == first
        p.on_append("t", first, 100, available, 4)
    assert p.partition("t", None, 4, available) == first  # 900 bytes so far
    p.on_append("t", first, 100, available, 4)
    second = p.partition("t", None, 4, available)
    assert second != first and second in available


def test_null_keys_go_to_available_partitions_and_spread() -> None:
    p = DefaultPartitioner(batch_size=10, rng=random.Random(1))
    seen = set()
    for _ in range(200):
        part = p.partition("t", None, 6, [1, 3, 5])
        assert part in (1, 3, 5)
        p.on_append("t", part, 10, [1, 3, 5], 6)
        seen.add(part)
    assert seen == {1, 3, 5}


def test_sticky_partition_moves_when_it_loses_its_leader() -> None:
    p = DefaultPartitioner(batch_size=10_000, rng=random.Random(3))
    first = p.partition("t", None, 3, [0, 1, 2])
    rest = [x for x in (0, 1, 2) if x != first]
    assert p.partition("t", None, 3, rest) in rest

"""Which `__consumer_offsets` partition (and so which coordinator) owns a group.

Kafka computes `Utils.abs(groupId.hashCode()) % offsets.topic.num.partitions`. Python's
`hash()` is salted per process, so the Java String hash is recomputed here exactly.
"""

from __future__ import annotations

INT_MIN = -(1 << 31)


def java_string_hashcode(s: str) -> int:
    """Java's String.hashCode: s[0]*31^(n-1) + ... over UTF-16 code units, in int32."""
    h = 0
    data = s.encode("utf-16-be")
    for i in range(0, len(data), 2):
        h = (31 * h + ((data[i] << 8) | data[i + 1])) & 0xFFFFFFFF
    return h - (1 << 32) if h & 0x80000000 else h


def kafka_abs(n: int) -> int:
    """Kafka's Utils.abs: like Math.abs, but Integer.MIN_VALUE maps to 0, not itself."""
    return 0 if n == INT_MIN else abs(n)


def coordinator_partition(group_id: str, num_partitions: int) -> int:
    return kafka_abs(java_string_hashcode(group_id)) % num_partitions

"""Which partition a record goes to: the Java client's built-in partitioner (pure logic).

* explicit partition: that one;
* keyed record: `toPositive(murmur2(key)) % partition count`, over all partitions, bit for bit
  the Java client's `BuiltInPartitioner.partitionForKey`, so a key lands on the partition Java
  (and librdkafka's "murmur2_random") picks;
* null key: sticky partitioning (KIP-480/KIP-794): stay on one available partition until about
  `batch_size` bytes went to it, then move to another, chosen at random.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from client.accel import accelerator

_M = 0x5BD1E995
_SEED = 0x9747B28C
_MASK = 0xFFFFFFFF


def murmur2(data: bytes) -> int:
    """Kafka's `Utils.murmur2`: 32-bit MurmurHash2 with Kafka's seed, as a signed int32."""
    length = len(data)
    h = (_SEED ^ length) & _MASK
    end = length & ~3
    for i in range(0, end, 4):
        k = data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24)
        k = (k * _M) & _MASK
        k ^= k >> 24
        k = (k * _M) & _MASK
        h = ((h * _M) & _MASK) ^ k
    rest = length & 3
    if rest == 3:
        h ^= data[end + 2] << 16
    if rest >= 2:
        h ^= data[end + 1] << 8
    if rest >= 1:
        h ^= data[end]
        h = (h * _M) & _MASK
    h ^= h >> 13
    h = (h * _M) & _MASK
    h ^= h >> 15
    return h - (1 << 32) if h & 0x80000000 else h


_pure_murmur2 = murmur2
if accelerator is not None:
    murmur2 = accelerator.murmur2  # the same function in C (client/_crecords.c)


def to_positive(n: int) -> int:
    """Kafka's `Utils.toPositive`: clear the sign bit (not abs)."""
    return n & 0x7FFFFFFF


def partition_for_key(key: bytes, num_partitions: int) -> int:
    return to_positive(murmur2(key)) % num_partitions


@dataclass(slots=True)
class _Sticky:
    partition: int
    produced: int = 0


@dataclass
class DefaultPartitioner:
    """The Java client's default partitioning; `on_append` feeds the sticky choice for null keys."""

    batch_size: int = 16384
    rng: random.Random = field(default_factory=random.Random)
    _sticky: dict[str, _Sticky] = field(default_factory=dict)

    def partition(self, topic: str, key: bytes | None, num_partitions: int, available: list[int]) -> int:
        if num_partitions <= 0:
            raise ValueError(f"topic {topic!r} has no partitions")
        if key is not None:
            return (murmur2(key) & 0x7FFFFFFF) % num_partitions  # partition_for_key, inlined
        sticky = self._sticky.get(topic)
        if (
            sticky is None
            or sticky.partition >= num_partitions
            or (available and sticky.partition not in available)
        ):
            sticky = self._sticky[topic] = _Sticky(self._pick(available, num_partitions, None))
        return sticky.partition

    def on_append(
        self, topic: str, partition: int, size: int, available: list[int], num_partitions: int
    ) -> None:
        """A null-key record of `size` bytes went to `partition`: switch after batch_size bytes."""
        sticky = self._sticky.get(topic)
        if sticky is None or sticky.partition != partition:
            return
        sticky.produced += size
        if sticky.produced >= self.batch_size:
            self._sticky[topic] = _Sticky(self._pick(available, num_partitions, partition))

    def _pick(self, available: list[int], num_partitions: int, avoid: int | None) -> int:
        choices = available or list(range(num_partitions))
        if avoid is not None and len(choices) > 1:
            choices = [p for p in choices if p != avoid]
        return self.rng.choice(choices)

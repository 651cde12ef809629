"""Counters the hot paths bump, cheaply: plain ints and floats in slotted objects, no locks,
no label lookups. broker/metrics.py turns them into Prometheus series when it is scraped, so a
request pays two clock reads and a few additions, and nothing at all with metrics off."""

from __future__ import annotations

from bisect import bisect_left

# Seconds; Prometheus' default buckets, with finer steps below a millisecond (heartbeats, commits).
LATENCY_BUCKETS = (
    0.0001,
    0.00025,
    0.0005,
    0.001,
    0.0025,
    0.005,
    0.01,
    0.025,
    0.05,
    0.1,
    0.25,
    0.5,
    1.0,
    2.5,
    5.0,
    10.0,
)


class Latency:
    """A histogram: counts per bucket (the last one: over the largest bound), sum, count."""

    __slots__ = ("buckets", "sum", "count")

    def __init__(self) -> None:
        self.buckets = [0] * (len(LATENCY_BUCKETS) + 1)
        self.sum = 0.0
        self.count = 0

    def observe(self, seconds: float) -> None:
        self.buckets[bisect_left(LATENCY_BUCKETS, seconds)] += 1
        self.sum += seconds
        self.count += 1


class RequestStats:
    """Per API key and version: requests; per API key: latency; bytes in and out."""

    __slots__ = ("requests", "latency", "bytes_in", "bytes_out")

    def __init__(self) -> None:
        self.requests: dict[tuple[int, int], int] = {}
        self.latency: dict[int, Latency] = {}
        self.bytes_in = 0
        self.bytes_out = 0

    def record(self, api_key: int, version: int, size_in: int, size_out: int, seconds: float) -> None:
        key = (api_key, version)
        self.requests[key] = self.requests.get(key, 0) + 1
        latency = self.latency.get(api_key)
        if latency is None:
            latency = self.latency[api_key] = Latency()
        latency.observe(seconds)
        self.bytes_in += size_in + 4
        self.bytes_out += size_out


# Group commits' write + fdatasync, as the log's writer waits for them (every log of the process).
FSYNC = Latency()

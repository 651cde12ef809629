"""Producers the cluster scenarios share (tools/compose_scenario.py, tests/cluster/): tools/ is
imported by the tests, never the other way round."""

from __future__ import annotations

from typing import Any

from aiokafka import AIOKafkaProducer


def acks_all_producer(**client: Any) -> AIOKafkaProducer:
    """acks=all, with metadata refreshed every 2 s and 8 s per request: a leader moving or dying
    costs retries, never an acknowledged record. `client`: bootstrap_servers and the like."""
    return AIOKafkaProducer(
        **client,
        acks="all",
        linger_ms=5,
        request_timeout_ms=8000,
        metadata_max_age_ms=2000,
    )

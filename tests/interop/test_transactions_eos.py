"""Exactly-once consume-transform-produce through kill -9 of the application and of the broker
(eos_harness.py): confluent-kafka's transactional API here; our client in tests/client."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.interop.eos_harness import run_chaos

pytestmark = pytest.mark.slow


def check_exactly_once(result, n: int) -> None:
    expected = {b"T:v%d" % i for i in range(n)}
    counts = Counter(result.committed)
    duplicates = {v: c for v, c in counts.items() if c > 1}
    assert not duplicates, f"{len(duplicates)} records written more than once, e.g. {list(duplicates)[:3]}"
    assert set(counts) == expected, (
        f"missing {len(expected - set(counts))}, unexpected {len(set(counts) - expected)}"
    )
    # A read_uncommitted reader sees the same, plus what the kills made the coordinator abort.
    assert set(result.uncommitted) == expected and len(result.uncommitted) >= len(result.committed)
    print(
        f"kills: {result.kills}; {result.mid_transaction} of {len(result.kills)} landed mid-transaction; "
        f"application started {result.app_starts} times ({result.watchdog_kills} by the watchdog); read_uncommitted saw "
        f"{len(result.uncommitted) - len(result.committed)} aborted records"
    )


def test_confluent_exactly_once_through_kill_9_of_app_and_broker(tmp_path):
    n = 20000
    result = run_chaos(tmp_path, "confluent", n=n)
    assert len(result.kills) == 10
    check_exactly_once(result, n)

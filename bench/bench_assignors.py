"""Sticky assignor timings at scale: `python bench/bench_assignors.py [--quick]`.

For (partitions x consumers) = (10k x 100), (100k x 1k), (1M x 2k), all consumers subscribed to
every topic (100 partitions per topic), it times the leader's `assign` for:
  fresh        nobody owns anything yet
  join         the group is balanced, one consumer joins
  leave        the group is balanced, one consumer leaves
and, for cooperative-sticky, the join. Then the same with unequal subscriptions (every other
consumer subscribes to half of the topics), which takes the general algorithm. It prints the
time and how many partitions changed owner (minimum possible for equal subscriptions: see the
tests). Numbers only, no assertions.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from client.assignors import CooperativeStickyAssignor, StickyAssignor
from protocol.consumer_protocol import Assignment, Subscription

PARTITIONS_PER_TOPIC = 100
SIZES = [(10_000, 100), (100_000, 1_000), (1_000_000, 2_000)]


def members(n: int) -> list[str]:
    return [f"consumer-{i:05d}-5c0e2f1a-7d4b-4bb1-9b4e-{i:012d}" for i in range(n)]


def subscriptions(
    topics_of: dict[str, list[str]], previous: dict[str, Assignment], generation: int
) -> dict[str, Subscription]:
    out = {}
    for m, topics in topics_of.items():
        owned = previous[m].assigned_partitions if m in previous else []
        out[m] = Subscription(topics, None, list(owned), generation if m in previous else -1)
    return out


def moved(before: dict[str, Assignment], after: dict[str, Assignment]) -> int:
    owner = {(t, p): m for m, a in before.items() for t, ps in a.assigned_partitions for p in ps}
    return sum(
        1
        for m, a in after.items()
        for t, ps in a.assigned_partitions
        for p in ps
        if owner.get((t, p), m) != m
    )


def timed(fn: Callable[[], dict[str, Assignment]]) -> tuple[float, dict[str, Assignment]]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def run(n_partitions: int, n_consumers: int, equal: bool) -> None:
    topics = [f"topic-{i:05d}" for i in range(n_partitions // PARTITIONS_PER_TOPIC)]
    cluster = dict.fromkeys(topics, PARTITIONS_PER_TOPIC)
    ids = members(n_consumers + 1)
    half = topics[: len(topics) // 2]
    topics_of = {m: (topics if equal or i % 2 == 0 else half) for i, m in enumerate(ids)}
    group = {m: topics_of[m] for m in ids[:n_consumers]}
    sticky = StickyAssignor()
    label = f"{n_partitions:>9,} x {n_consumers:<5,} {'equal' if equal else 'unequal':7}"

    t_fresh, base = timed(lambda: sticky.assign(cluster, subscriptions(group, {}, 1)))
    joined = dict(group, **{ids[-1]: topics_of[ids[-1]]})
    t_join, after_join = timed(lambda: sticky.assign(cluster, subscriptions(joined, base, 1)))
    left = {m: t for m, t in group.items() if m != ids[0]}
    t_leave, after_leave = timed(lambda: sticky.assign(cluster, subscriptions(left, base, 1)))
    coop = CooperativeStickyAssignor()
    t_coop, after_coop = timed(lambda: coop.assign(cluster, subscriptions(joined, base, 1)))
    revoked = n_partitions - sum(len(ps) for a in after_coop.values() for _, ps in a.assigned_partitions)
    sizes = [sum(len(ps) for _, ps in a.assigned_partitions) for a in after_join.values()]
    print(
        f"{label}  sticky fresh {t_fresh:6.2f}s | join {t_join:6.2f}s ({moved(base, after_join):,} moved,"
        f" sizes {min(sizes)}-{max(sizes)})"
        f" | leave {t_leave:6.2f}s ({moved(base, after_leave):,} moved)"
        f" | cooperative join {t_coop:6.2f}s ({revoked:,} revoked first)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the two smaller sizes")
    args = parser.parse_args()
    sizes = SIZES[:2] if args.quick else SIZES
    print("(timings include building the subscriptions the leader would decode)")
    for equal in (True, False):
        for n_partitions, n_consumers in sizes:
            run(n_partitions, n_consumers, equal)


if __name__ == "__main__":
    main()

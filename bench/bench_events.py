"""What the group-events stream (group.events.stream.enable, broker/group/watch.py) costs the
group coordinator: CPU per heartbeat and per offset commit, measured on a coordinator shard
(sans-I/O, the code the hook lives in), in three modes:

    off        the stream disabled: the watch never gets a listener (as every broker before it)
    on-idle    the stream enabled, nobody connected: the same empty watch (no other code runs)
    listening  one listener attached (what an open /group-events connection adds)

    python bench/bench_events.py [--heartbeats N] [--commits N] [--rounds R] [--root DIR]

`--root` runs the same workload on another checkout (e.g. the commit before the hook, for a
before/after on the same machine): the script then only uses what that tree has.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any


def _setup(root: Path) -> None:
    sys.path.insert(0, str(root))


def _harness(members: int) -> tuple[Any, list[str]]:
    from tests.unit.group.group_harness import Harness

    h = Harness()
    ids = h.form_group(members, session=60_000)
    return h, ids


def _heartbeats(h: Any, ids: list[str], n: int) -> float:
    from broker.group.events import Heartbeat

    shard = h.shard
    reqs = [Heartbeat("g", 1, m) for m in ids]
    k = len(reqs)
    start = time.process_time()
    for i in range(n):
        shard.heartbeat(reqs[i % k])
    return (time.process_time() - start) / n


def _commits(h: Any, ids: list[str], n: int) -> float:
    member = ids[0]
    start = time.process_time()
    for i in range(n):
        h.commit("g", {("t", 0): i}, generation=1, member_id=member)
    return (time.process_time() - start) / n


def run(mode: str, heartbeats: int, commits: int) -> tuple[float, float]:
    h, ids = _harness(10)
    watch = getattr(h.shard.outputs, "watch", None)
    seen: list[Any] = []
    if mode == "listening":
        if watch is None:
            return float("nan"), float("nan")
        watch.subscribe(seen.append)
    hb = _heartbeats(h, ids, heartbeats)
    cm = _commits(h, ids, commits)
    return hb, cm


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--heartbeats", type=int, default=200_000)
    p.add_argument("--commits", type=int, default=20_000)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = p.parse_args()
    _setup(args.root)
    import structlog

    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(30))  # as a broker at WARNING
    modes = ("off", "on-idle", "listening")
    results: dict[str, list[tuple[float, float]]] = {m: [] for m in modes}
    for _ in range(args.rounds):  # interleaved, so drift in the machine's load hits every mode
        for mode in modes:
            results[mode].append(run(mode, args.heartbeats, args.commits))
    print(
        f"tree: {args.root}  rounds: {args.rounds} (median)  heartbeats: {args.heartbeats}  commits: {args.commits}"
    )
    print(f"{'mode':<10} {'us/heartbeat':>13} {'us/commit':>10}")
    for mode in modes:
        hb = statistics.median(r[0] for r in results[mode]) * 1e6
        cm = statistics.median(r[1] for r in results[mode]) * 1e6
        print(f"{mode:<10} {hb:>13.3f} {cm:>10.2f}")


if __name__ == "__main__":
    main()

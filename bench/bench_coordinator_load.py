"""How long a group coordinator takes to load its `__consumer_offsets` partition: what a broker
pays at start and a new leader pays at every coordinator failover.

    .venv/bin/python bench/bench_coordinator_load.py [--quick]

One partition of 1,000,000 offset commits (100 groups, 800 keys, a group metadata record every
20,000 commits; `--quick`: 200,000) written in Kafka's layout by jobs/synthetic.py, then loaded by
a CoordinatorRuntime from the broker's own log (best of three).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from broker.group.config import GroupConfig  # noqa: E402
from broker.group.partition_log import PartitionLogAdapter  # noqa: E402
from broker.group.records import OFFSETS_TOPIC  # noqa: E402
from broker.group.runtime import CoordinatorRuntime  # noqa: E402
from broker.group.shard import GroupCoordinatorShard  # noqa: E402
from broker.log import LogConfig, LogManager  # noqa: E402
from jobs.synthetic import write_commit_workload  # noqa: E402


async def main(quick: bool) -> None:
    records = 200_000 if quick else 1_000_000
    with tempfile.TemporaryDirectory() as tmp:
        workload = write_commit_workload(tmp, records=records, log_partitions=1, groups=100)
        manager = LogManager([Path(tmp)])
        await manager.load(lambda topic: LogConfig(cleanup_policy=("compact",)))
        try:
            times = []
            for _ in range(3):
                runtime = CoordinatorRuntime(
                    GroupCoordinatorShard(0, GroupConfig()),
                    PartitionLogAdapter(lambda p: manager.get(OFFSETS_TOPIC, p)),
                )
                started = time.perf_counter()
                await runtime.load()
                times.append(time.perf_counter() - started)
                groups = len(runtime.shard.groups)
                await runtime.stop()
        finally:
            await manager.stop()
    best = min(times)
    print(
        f"coordinator load: {workload.records:,} offset records ({workload.bytes / 1e6:.0f} MB, {groups} groups) "
        f"in {best:.2f} s (best of 3: {', '.join(f'{t:.2f}' for t in times)}) = {workload.records / best:,.0f} records/s"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    asyncio.run(main(parser.parse_args().quick))

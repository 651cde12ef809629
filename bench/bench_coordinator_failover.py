"""Group coordinators on a replicated `__consumer_offsets`: what replication costs a commit, and
how long a group waits when its coordinator dies.

    .venv/bin/python bench/bench_coordinator_failover.py [--quick]

1. commits/s: 8 committers (raw OffsetCommit v8, one in flight each, each its own group) against
   a three-broker cluster whose offsets topic has one replica, then one with three: a commit is
   answered once fsynced on the coordinator, and with three replicas once the in-sync followers
   have it too.
2. failover: a committer commits every 20 ms; its coordinator is killed (kill -9); the time until
   its next successful commit (FindCoordinator, then OffsetCommit, retried as a client does),
   over several kills, next to the same measure for a single broker killed and restarted on its
   data dir.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from broker.cluster import zk_server  # noqa: E402
from protocol.apis import ApiKey  # noqa: E402
from protocol.errors import ErrorCode  # noqa: E402
from tests.cluster.harness import Cluster  # noqa: E402
from tests.cluster.test_cluster import settled  # noqa: E402
from tests.cluster.test_replication import create  # noqa: E402
from tests.helpers import BrokerProcess, RawConnection, free_port  # noqa: E402


def commit_body(group: str, offset: int) -> dict[str, object]:
    return {
        "group_id": group,
        "generation_id_or_member_epoch": -1,
        "member_id": "",
        "group_instance_id": None,
        "topics": [
            {
                "name": "events",
                "partitions": [
                    {
                        "partition_index": 0,
                        "committed_offset": offset,
                        "committed_leader_epoch": -1,
                        "committed_metadata": "",
                    }
                ],
            }
        ],
    }


class Committer:
    """One group's commits, to whoever coordinates it now (found again after any error)."""

    def __init__(self, ports: dict[int, int], group: str):
        self.ports, self.group = ports, group
        self.conn: RawConnection | None = None
        self.offset = 0

    async def _connect(self) -> None:
        for port in list(self.ports.values()):
            try:
                probe = await RawConnection.open(port)
            except OSError:
                continue
            try:
                r = await asyncio.wait_for(
                    probe.request(ApiKey.FIND_COORDINATOR, 3, {"key": self.group, "key_type": 0}), 2
                )
            except (TimeoutError, OSError, asyncio.IncompleteReadError):
                continue
            finally:
                await probe.close()
            if r.error_code == ErrorCode.NONE and r.node_id in self.ports:
                self.conn = await RawConnection.open(self.ports[r.node_id])
                return
        raise OSError("no coordinator found")

    async def commit(self) -> bool:
        try:
            if self.conn is None:
                await self._connect()
            assert self.conn is not None
            self.offset += 1
            r = await asyncio.wait_for(
                self.conn.request(ApiKey.OFFSET_COMMIT, 8, commit_body(self.group, self.offset)), 5
            )
            ok = r.topics[0].partitions[0].error_code == ErrorCode.NONE
        except (TimeoutError, OSError, asyncio.IncompleteReadError, AssertionError):
            ok = False
        if not ok and self.conn is not None:
            await self.conn.close()
            self.conn = None
        return ok


async def commits_per_s(ports: dict[int, int], seconds: float) -> float:
    committers = [Committer(ports, f"bench-{i}") for i in range(8)]
    done = 0
    deadline = time.monotonic() + seconds

    async def run(c: Committer) -> None:
        nonlocal done
        while time.monotonic() < deadline:
            if await c.commit():
                done += 1
            else:
                await asyncio.sleep(0.05)

    await asyncio.gather(*(run(c) for c in committers))
    return done / seconds


async def until_next_commit(c: Committer, kill: object) -> float:
    """Commit until one succeeds after `kill()`; the seconds from the kill to that commit."""
    while not await c.commit():
        await asyncio.sleep(0.02)
    killed = time.monotonic()
    kill()  # type: ignore[operator]
    while True:
        await asyncio.sleep(0.02)
        if await c.commit():
            return time.monotonic() - killed


async def cluster_phase(tmp: Path, zk: str, rf: int, seconds: float, kills: int) -> tuple[float, list[float]]:
    cluster = Cluster(
        tmp / f"rf{rf}",
        f"{zk}/bench-rf{rf}",
        3,
        {"offsets.topic.replication.factor": str(rf), "zookeeper.session.timeout.ms": "3000"},
    )
    try:
        cluster.start()
        await settled(cluster)
        await create(cluster, "events", rf=rf)
        ports = {i: b.port for i, b in cluster.brokers.items()}
        rate = await commits_per_s(ports, seconds)
        downtimes: list[float] = []
        if rf > 1:
            for k in range(kills):
                c = Committer(ports, f"failover-{k}")
                await c.commit()
                victim = next(
                    i
                    for i, p in ports.items()
                    if c.conn is not None and c.conn.writer.get_extra_info("peername")[1] == p
                )
                downtimes.append(await until_next_commit(c, cluster.brokers[victim].kill))
                if c.conn is not None:
                    await c.conn.close()
                # back for the next round, so that every kill leaves two replicas in sync
                while cluster.brokers[victim].proc and cluster.brokers[victim].proc.poll() is None:
                    await asyncio.sleep(0.05)
                await restart_when_gone(cluster, victim)
        return rate, downtimes
    finally:
        cluster.stop()


async def restart_when_gone(cluster: Cluster, victim: int) -> None:
    """A killed broker's registration lasts until its ZooKeeper session expires: start it then."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            cluster.brokers[victim].start()
            await settled(cluster)
            return
        except RuntimeError:  # exited at once: still registered
            await asyncio.sleep(0.5)
    raise TimeoutError(f"broker {victim} could not rejoin")


async def single_broker_restart(tmp: Path, kills: int) -> list[float]:
    broker = BrokerProcess(tmp / "single")
    broker.start()
    try:
        conn = await RawConnection.open(broker.port)
        await conn.request(
            ApiKey.CREATE_TOPICS,
            5,
            {
                "topics": [
                    {
                        "name": "events",
                        "num_partitions": 1,
                        "replication_factor": 1,
                        "assignments": [],
                        "configs": [],
                    }
                ],
                "timeout_ms": 5000,
                "validate_only": False,
            },
        )
        await conn.close()
        out = []
        for k in range(kills):
            c = Committer({0: broker.port}, f"restart-{k}")

            def kill_and_restart() -> None:
                broker.kill()
                broker.start()

            out.append(await until_next_commit(c, kill_and_restart))
            if c.conn:
                await c.conn.close()
        return out
    finally:
        broker.stop()


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s, max {max(values):.2f} s over {len(values)}"


async def main(quick: bool) -> None:
    seconds, kills = (3.0, 3) if quick else (10.0, 6)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        zk = zk_server.ZooKeeperServer(tmp / "zk", free_port()).start()
        try:
            rate1, _ = await cluster_phase(tmp, zk.connect, 1, seconds, 0)
            rate3, downtimes = await cluster_phase(tmp, zk.connect, 3, seconds, kills)
        finally:
            zk.stop()
        restarts = await single_broker_restart(tmp, kills)
    print("commits/s, 8 committers (each its own group), 3 brokers:")
    print(f"  offsets topic RF=1: {rate1:>8,.0f}")
    print(f"  offsets topic RF=3: {rate3:>8,.0f}   ({rate3 / rate1:.2f}x)")
    print("from a coordinator's kill -9 to the group's next successful commit:")
    print(f"  3 brokers, RF=3 (the group moves to a replica): {summary(downtimes)}")
    print(f"  1 broker, restarted on its data dir:             {summary(restarts)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    asyncio.run(main(parser.parse_args().quick))

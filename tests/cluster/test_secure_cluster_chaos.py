"""Issue 32 #4: the coordinator chaos scenario (test_coordinator_chaos.py) on a cluster whose only
listeners are SASL_SSL, inter-broker included (SCRAM-SHA-256, certificates made here, ACLs on,
the brokers super users). Brokers die -9 while groups of four clients commit and an acks=all
writer runs; then `kbroker-leader-election` elects the preferred leaders over SASL_SSL, which
moves coordinators back to the broker restarted last. Nothing acknowledged is lost, no commit
moves back, and every group commits again after every move."""

from __future__ import annotations

import asyncio
import sys
import time

import pytest

from broker.group.placement import coordinator_partition
from broker.group.records import OFFSETS_TOPIC
from protocol.errors import ErrorCode
from tests.cluster.harness import OFFSETS_PARTITIONS, Cluster, Secured, eventually, find_coordinator, metadata
from tests.cluster.test_coordinator_chaos import RESUME_BOUND, Chaos
from tests.helpers import ROOT

pytestmark = [pytest.mark.cluster, pytest.mark.interop, pytest.mark.slow, pytest.mark.timeout(300)]

ROUNDS = 3
CLIENTS = {"aiokafka": 2, "kbroker": 2, "confluent-kafka": 2, "kafka-python": 2}


async def coordinators(cluster: Cluster, groups: list[str]) -> dict[str, int]:
    """Each group's coordinator, as FindCoordinator answers it over SASL_SSL."""
    out = {}
    for group in groups:

        async def found(group: str = group) -> int | None:
            c = await find_coordinator(cluster.brokers[cluster.alive()[0]].port, group)
            return c.node_id if c.error_code == ErrorCode.NONE else None

        out[group] = await eventually(found, 30, f"{group}'s coordinator")
    return out


async def offsets_leaders(cluster: Cluster) -> dict[int, tuple[int, int]]:
    """Offsets partition -> (leader, preferred leader)."""
    md = await metadata(cluster.brokers[cluster.alive()[0]].port, [OFFSETS_TOPIC])
    return {p.partition_index: (p.leader_id, p.replica_nodes[0]) for p in md.topics[0].partitions}


async def elect_preferred(cluster: Cluster, secured: Secured) -> str:
    """kbroker-leader-election --election-type PREFERRED --all-topic-partitions, as an operator
    runs it against a SASL_SSL listener (--admin.config); its output."""
    config = cluster.tmp / "admin.properties"
    config.write_text("".join(f"{k}={v}\n" for k, v in secured.properties().items()))
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "client.cli.leader_election",
        "--bootstrap-server",
        cluster.bootstrap(),
        "--election-type",
        "PREFERRED",
        "--all-topic-partitions",
        "--admin.config",
        str(config),
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, out.decode()
    return out.decode()


async def test_sasl_ssl_only_cluster_loses_no_commit_when_brokers_die(make_cluster, tmp_path):
    secured = Secured.make(tmp_path)
    cluster = make_cluster(3, secured=secured, replica_lag_time_max_ms="3000")
    chaos = Chaos(cluster, CLIENTS)
    groups: list[str] = []
    try:
        await chaos.start()
        groups = [x.group for x in chaos.ledgers]
        for r in range(ROUNDS):
            await chaos.round(r, ROUNDS)

        # The broker restarted last leads nothing: its preferred offsets partitions, and the
        # coordinators of the groups on them, are elsewhere until the preferred leaders are elected.
        before = await coordinators(cluster, groups)
        leaders = await offsets_leaders(cluster)
        skewed = {p for p, (leader, preferred) in leaders.items() if leader != preferred}
        expected = {
            g: leaders[coordinator_partition(g, OFFSETS_PARTITIONS)][1]
            for g in groups
            if coordinator_partition(g, OFFSETS_PARTITIONS) in skewed
        }
        assert expected, f"no group's coordinator away from its preferred broker: {leaders}"
        elected_at = time.monotonic()
        output = await elect_preferred(cluster, secured)
        assert "Successfully completed leader election (PREFERRED)" in output, output

        async def preferred_everywhere() -> bool:
            return all(leader == preferred for leader, preferred in (await offsets_leaders(cluster)).values())

        await eventually(preferred_everywhere, 30, "every offsets partition led by its preferred replica")
        after = await eventually(
            lambda: _when(
                coordinators(cluster, groups), lambda c: all(c[g] == b for g, b in expected.items())
            ),
            30,
            "the coordinators moved to the elected leaders",
        )
        moved = {g: (before[g], after[g]) for g in groups if before[g] != after[g]}
        assert moved and set(moved) == set(expected), (moved, expected)
        # Every group, moved or not, commits again soon after the election.
        await eventually(lambda: chaos.resumed(elected_at), RESUME_BOUND, "every group after the election")
        await chaos.read_back()
        await chaos.all_stable()
    finally:
        await chaos.stop()
    print(f"\n{chaos.report()}\ncoordinators moved by the election (group: from, to): {moved}")
    await chaos.read_back()
    chaos.check()


async def _when(answer, ok):
    """`answer`'s value if `ok` holds for it, else None (for `eventually`)."""
    value = await answer
    return value if ok(value) else None

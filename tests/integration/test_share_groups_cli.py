"""kbroker-share-groups driven as a subprocess against an embedded broker with share groups on:
--list, --describe (offsets, --members, --state), every --reset-offsets scenario with --dry-run
(nothing moves) and --execute (the start offsets read back), refusals for a group with members,
--delete-offsets and --delete, and Kafka's one-line errors."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from client import AsyncAdmin, AsyncProducer, AsyncShareConsumer, TopicPartition
from client.share_admin import SharePartitionOffset
from kbroker.testing import EmbeddedBroker

pytestmark = pytest.mark.timeout(120)

SHARE = {
    "group.share.enable": "true",
    "group.share.min.heartbeat.interval.ms": "100",
    "group.share.heartbeat.interval.ms": "200",
    "group.share.min.session.timeout.ms": "1000",
    "group.share.session.timeout.ms": "3000",
}
T0 = 1_700_000_000_000
P0, P1 = TopicPartition("jobs", 0), TopicPartition("jobs", 1)


async def tool(bootstrap: str, *args: str, code: int = 0) -> tuple[str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "client.cli.share_groups",
        "--bootstrap-server",
        bootstrap,
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == code, (proc.returncode, out.decode(), err.decode())
    return out.decode(), err.decode()


def rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.strip().splitlines()]


@pytest.fixture
async def world() -> AsyncIterator[tuple[EmbeddedBroker, AsyncAdmin]]:
    """jobs: p0 holds 10 records stamped T0, T0 + 1 s, ...; p1 4 records. Share group "workers"
    has read and accepted them all, and has no member now."""
    async with EmbeddedBroker(SHARE) as b:
        await b.aio.create_topic("jobs", 2)
        b.broker.share_partitions.group_configs["workers"] = {"share.auto.offset.reset": "earliest"}
        async with AsyncProducer(b.bootstrap_servers, linger_ms=0) as producer:
            for i in range(10):
                await producer.send("jobs", b"a%d" % i, partition=0, timestamp_ms=T0 + i * 1000)
            for i in range(4):
                await producer.send("jobs", b"b%d" % i, partition=1, timestamp_ms=T0)
            await producer.flush()
        async with AsyncShareConsumer("jobs", group_id="workers", bootstrap_servers=b.bootstrap_servers) as c:
            got = 0
            while got < 14:
                got += sum(len(r) for r in (await c.getmany(timeout_ms=500)).values())
        async with AsyncAdmin(b.bootstrap_servers) as admin:
            yield b, admin


async def starts(admin: AsyncAdmin) -> dict[TopicPartition, int]:
    found = await admin.describe_share_group_offsets("workers")
    return {tp: o.start_offset for tp, o in found.items() if isinstance(o, SharePartitionOffset)}


async def test_list_describe_and_state(world: tuple[EmbeddedBroker, AsyncAdmin]) -> None:
    b, _ = world
    bs = b.bootstrap_servers
    out, _ = await tool(bs, "--list")
    assert out.split() == ["workers"]
    out, _ = await tool(bs, "--list", "--state")
    assert rows(out) == [["GROUP", "STATE"], ["workers", "Empty"]]
    out, err = await tool(bs, "--describe", "--group", "workers")
    assert rows(out) == [
        ["GROUP", "TOPIC", "PARTITION", "START-OFFSET", "LAG"],
        ["workers", "jobs", "0", "10", "0"],
        ["workers", "jobs", "1", "4", "0"],
    ]
    assert "Share group 'workers' has no active members." in err
    await b.aio.produce("jobs", ["late"])  # (to some partition: the lags add up to 1)
    out, _ = await tool(bs, "--describe", "--group", "workers", "--output", "json")
    assert sum(int(r["LAG"]) for r in json.loads(out)) == 1
    out, _ = await tool(bs, "--describe", "--group", "workers", "--state")
    (header, row) = rows(out)
    assert header == ["GROUP", "COORDINATOR", "(ID)", "STATE", "#MEMBERS"]
    assert (row[0], row[-2], row[-1]) == ("workers", "Empty", "0")

    async with AsyncShareConsumer(
        "jobs", group_id="workers", bootstrap_servers=bs, client_id="cli-member"
    ) as c:
        await c.wait_for_assignment(10)
        out, _ = await tool(bs, "--describe", "--group", "workers", "--members")
        assert rows(out) == [
            ["GROUP", "CONSUMER-ID", "HOST", "CLIENT-ID", "#PARTITIONS", "ASSIGNMENT"],
            ["workers", c.member_id, rows(out)[1][2], "cli-member", "2", "jobs:0,1"],
        ]
        out, _ = await tool(bs, "--describe", "--group", "workers", "--state")
        assert rows(out)[1][-2:] == ["Stable", "1"]
        # offsets of a group with members stay as they are
        _, err = await tool(
            bs,
            "--reset-offsets",
            "--group",
            "workers",
            "--topic",
            "jobs",
            "--to-earliest",
            "--execute",
            code=1,
        )
        assert err.strip() == "Error: Share group 'workers' is not empty."
        _, err = await tool(bs, "--delete-offsets", "--group", "workers", "--topic", "jobs", code=1)
        assert err.strip() == "Error: Share group 'workers' is not empty."


@pytest.mark.parametrize(
    ("scenario", "expected"),
    [
        (["--to-earliest", "--topic", "jobs"], {P0: 0, P1: 0}),
        (["--to-latest", "--all-topics"], {P0: 10, P1: 4}),
        (["--to-offset", "3", "--topic", "jobs:0"], {P0: 3}),
        (["--to-offset", "99", "--topic", "jobs:1"], {P1: 4}),  # clamped to the log end
        (
            [
                "--to-datetime",
                datetime.fromtimestamp((T0 + 5000) / 1000, UTC).isoformat(),
                "--topic",
                "jobs:0",
            ],
            {P0: 5},
        ),
    ],
)
async def test_reset_offsets_dry_run_then_execute(
    world: tuple[EmbeddedBroker, AsyncAdmin], scenario: list[str], expected: dict[TopicPartition, int]
) -> None:
    b, admin = world
    before = await starts(admin)
    assert before == {P0: 10, P1: 4}
    table = [["GROUP", "TOPIC", "PARTITION", "NEW-OFFSET"]] + [
        ["workers", tp.topic, str(tp.partition), str(o)] for tp, o in sorted(expected.items())
    ]
    out, _ = await tool(b.bootstrap_servers, "--reset-offsets", "--group", "workers", *scenario, "--dry-run")
    assert rows(out) == table
    assert await starts(admin) == before
    out, _ = await tool(b.bootstrap_servers, "--reset-offsets", "--group", "workers", *scenario, "--execute")
    assert rows(out) == table
    assert await starts(admin) == before | expected


async def test_delete_offsets_delete_and_errors(world: tuple[EmbeddedBroker, AsyncAdmin]) -> None:
    b, admin = world
    bs = b.bootstrap_servers
    out, _ = await tool(bs, "--delete-offsets", "--group", "workers", "--topic", "jobs")
    assert rows(out) == [["TOPIC", "STATUS"], ["jobs", "Successful"]]
    assert await starts(admin) == {}
    out, _ = await tool(bs, "--delete", "--group", "workers")
    assert out.strip() == "Deletion of requested share groups ('workers') was successful."
    for argv in (["--describe", "--group", "workers"], ["--describe", "--group", "nope", "--members"]):
        _, err = await tool(bs, *argv, code=1)
        assert err.strip() == f"Error: Share group '{argv[2]}' does not exist."
    _, err = await tool(
        bs, "--reset-offsets", "--group", "nope", "--topic", "jobs", "--to-earliest", "--dry-run", code=1
    )
    assert err.strip() == "Error: Share group 'nope' does not exist."
    _, err = await tool(bs, "--describe", code=1)
    assert err.strip() == "Error: one of --group or --all-groups is required"

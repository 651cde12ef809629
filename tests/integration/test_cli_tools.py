"""Must-show 2 of issue 19: kbroker-consumer-groups, kbroker-topics and kbroker-configs driven as
subprocesses against a broker process with real groups. Describe output is checked against the
OffsetFetch and ListOffsets answers; every reset scenario is run with --dry-run (nothing moves)
and --execute (the committed offsets are read back); a reset of an active group is refused, as
Kafka refuses it; --delete; bad input gets one line and a non-zero exit."""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import datetime

import pytest

from client import AsyncAdmin, AsyncConsumer, AsyncProducer, NewTopic, TopicPartition
from client.structs import OffsetSpec
from tests.helpers import BrokerProcess, async_wait_until

pytestmark = pytest.mark.timeout(240)

T0 = 1_700_000_000_000  # the timestamps of the records of partition 0: T0, T0 + 1 s, ...
P0, P1 = TopicPartition("orders", 0), TopicPartition("orders", 1)


async def tool(name: str, *args: str, check: bool = True) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        f"client.cli.{name}",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    if check:
        assert proc.returncode == 0, err.decode()
    return proc.returncode, out.decode(), err.decode()


def rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.strip().splitlines()]


@pytest.fixture
def proc(tmp_path):
    bp = BrokerProcess(tmp_path / "data").start()
    try:
        yield bp
    finally:
        bp.stop()


@pytest.fixture
async def world(proc):
    """orders: p0 holds 10 records stamped T0.., p1 5 records stamped T0 + 100 s, p2 none; p0's
    first 2 records deleted. Group "archive" is Empty with offsets p0=4, p1=5."""
    bootstrap = proc.bootstrap
    async with AsyncAdmin(bootstrap) as admin:
        await admin.create_topics([NewTopic("orders", 3)])
        async with AsyncProducer(bootstrap, linger_ms=0) as producer:
            for i in range(10):
                await producer.send("orders", b"a%d" % i, partition=0, timestamp_ms=T0 + i * 1000)
            for i in range(5):
                await producer.send("orders", b"b%d" % i, partition=1, timestamp_ms=T0 + 100_000)
            await producer.flush()
        await admin.delete_records({P0: 2})
        await admin.alter_group_offsets("archive", {P0: 4, P1: 5})
        yield admin


async def committed(admin: AsyncAdmin, group: str) -> dict[TopicPartition, int]:
    return {tp: om.offset for tp, om in (await admin.list_group_offsets(group)).items()}


async def test_describe_of_an_empty_group_is_kafkas_table(proc, world):
    _, out, err = await tool(
        "consumer_groups", "--bootstrap-server", proc.bootstrap, "--describe", "--group", "archive"
    )
    assert out == (
        "GROUP   TOPIC  PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\n"
        "archive orders 0         4              10             6   -           -    -\n"
        "archive orders 1         5              5              0   -           -    -\n"
    )
    assert err == "Consumer group 'archive' has no active members.\n"
    # The same figures, asked directly: OffsetFetch and ListOffsets.
    ends = await world.list_offsets({P0: OffsetSpec.LATEST, P1: OffsetSpec.LATEST})
    current = await committed(world, "archive")
    for row in rows(out)[1:]:
        tp = TopicPartition(row[1], int(row[2]))
        assert (
            int(row[3]) == current[tp]
            and int(row[4]) == ends[tp][0]
            and int(row[5]) == ends[tp][0] - current[tp]
        )


async def test_describe_members_state_and_json_of_an_active_group(proc, world):
    consumer = AsyncConsumer(
        "orders",
        bootstrap_servers=proc.bootstrap,
        group_id="billing",
        client_id="biller",
        auto_offset_reset="earliest",
        enable_auto_commit=False,
    )
    await consumer.start()
    try:

        async def assigned() -> bool:  # rebalances advance at a poll
            await consumer.getmany(timeout_ms=100)
            return len(consumer.assignment()) == 3

        await async_wait_until(assigned, 30, what="billing to be assigned")
        await consumer.commit({P0: 7})
        (member_id,) = {m.member_id for m in (await world.describe_groups(["billing"]))["billing"].members}
        _, out, _ = await tool(
            "consumer_groups", "--bootstrap-server", proc.bootstrap, "--describe", "--group", "billing"
        )
        table = rows(out)
        assert table[0] == [
            "GROUP",
            "TOPIC",
            "PARTITION",
            "CURRENT-OFFSET",
            "LOG-END-OFFSET",
            "LAG",
            "CONSUMER-ID",
            "HOST",
            "CLIENT-ID",
        ]
        assert [r[:7] + r[8:] for r in table[1:]] == [
            ["billing", "orders", "0", "7", "10", "3", member_id, "biller"],
            ["billing", "orders", "1", "-", "5", "-", member_id, "biller"],
            ["billing", "orders", "2", "-", "0", "-", member_id, "biller"],
        ]
        _, out, _ = await tool(
            "consumer_groups",
            "--bootstrap-server",
            proc.bootstrap,
            "--describe",
            "--group",
            "billing",
            "--output",
            "json",
        )
        assert [(r["PARTITION"], r["CURRENT-OFFSET"], r["LAG"]) for r in json.loads(out)] == [
            (0, 7, 3),
            (1, None, None),
            (2, None, None),
        ]
        _, out, _ = await tool(
            "consumer_groups",
            "--bootstrap-server",
            proc.bootstrap,
            "--describe",
            "--group",
            "billing",
            "--members",
            "--verbose",
        )
        assert rows(out)[0] == ["GROUP", "CONSUMER-ID", "HOST", "CLIENT-ID", "#PARTITIONS", "ASSIGNMENT"]
        assert rows(out)[1][0:2] == ["billing", member_id] and rows(out)[1][-2:] == ["3", "orders(0,1,2)"]
        _, out, _ = await tool(
            "consumer_groups",
            "--bootstrap-server",
            proc.bootstrap,
            "--describe",
            "--group",
            "billing",
            "--state",
        )
        assert rows(out)[1][-3:] == ["range", "Stable", "1"]
        _, out, _ = await tool(
            "consumer_groups", "--bootstrap-server", proc.bootstrap, "--list", "--state", "Stable"
        )
        assert rows(out) == [["GROUP", "STATE"], ["billing", "Stable"]]
        _, out, _ = await tool("consumer_groups", "--bootstrap-server", proc.bootstrap, "--list")
        assert out.split() == ["archive", "billing"]

        # An active group is not reset, and not deleted; nothing changes.
        code, out, err = await tool(
            "consumer_groups",
            "--bootstrap-server",
            proc.bootstrap,
            "--reset-offsets",
            "--group",
            "billing",
            "--topic",
            "orders",
            "--to-earliest",
            "--execute",
            check=False,
        )
        assert code == 1 and out == ""
        assert err == (
            "Error: Assignments can only be reset if the group 'billing' is inactive, but the current "
            "state is Stable.\n"
        )
        code, _, err = await tool(
            "consumer_groups",
            "--bootstrap-server",
            proc.bootstrap,
            "--delete",
            "--group",
            "billing",
            check=False,
        )
        assert (
            code == 1
            and err == "Error: Deletion of consumer group 'billing' failed: The group is not empty.\n"
        )
        assert await committed(world, "billing") == {P0: 7}
    finally:
        await consumer.close()


RESETS = [
    (["--to-earliest"], {P0: 2, P1: 0}),
    (["--to-latest"], {P0: 10, P1: 5}),
    (["--to-current"], {P0: 4, P1: 5}),
    (["--to-offset", "3"], {P0: 3, P1: 3}),
    (["--to-offset", "100"], {P0: 10, P1: 5}),  # clamped to the log end
    (["--shift-by", "-3"], {P0: 2, P1: 2}),  # p0: 4 - 3 = 1, clamped to the log start 2
    (
        ["--to-datetime", datetime.fromtimestamp((T0 + 5_000) / 1000).isoformat(timespec="milliseconds")],
        {P0: 5, P1: 0},
    ),
    (["--by-duration", "P1D"], {P0: 10, P1: 5}),  # a day ago is after every record: the log end
    (["--from-file", "FILE"], {P0: 6, P1: 1}),
]


@pytest.mark.parametrize(("scenario", "expected"), RESETS, ids=[" ".join(s) for s, _ in RESETS])
async def test_reset_offsets_dry_run_then_execute(proc, world, tmp_path, scenario, expected):
    csv = tmp_path / "offsets.csv"
    csv.write_text("orders,0,6\norders,1,1\n")
    scenario = [str(csv) if a == "FILE" else a for a in scenario]
    base = [
        "--bootstrap-server",
        proc.bootstrap,
        "--reset-offsets",
        "--group",
        "archive",
        "--topic",
        "orders:0,1",
        *scenario,
    ]
    want = [["GROUP", "TOPIC", "PARTITION", "NEW-OFFSET"]] + [
        ["archive", "orders", str(tp.partition), str(o)] for tp, o in sorted(expected.items())
    ]
    _, out, _ = await tool("consumer_groups", *base, "--dry-run")
    assert rows(out) == want
    assert await committed(world, "archive") == {P0: 4, P1: 5}  # a dry run moves nothing
    _, out, _ = await tool("consumer_groups", *base, "--execute")
    assert rows(out) == want
    assert await committed(world, "archive") == expected


async def test_delete_and_delete_offsets(proc, world):
    _, out, _ = await tool(
        "consumer_groups",
        "--bootstrap-server",
        proc.bootstrap,
        "--delete-offsets",
        "--group",
        "archive",
        "--topic",
        "orders:1",
    )
    assert rows(out) == [["TOPIC", "PARTITION", "STATUS"], ["orders", "1", "Successful"]]
    assert await committed(world, "archive") == {P0: 4}
    _, out, _ = await tool(
        "consumer_groups", "--bootstrap-server", proc.bootstrap, "--delete", "--group", "archive"
    )
    assert out == "Deletion of requested consumer groups ('archive') was successful.\n"
    code, out, err = await tool(
        "consumer_groups",
        "--bootstrap-server",
        proc.bootstrap,
        "--describe",
        "--group",
        "archive",
        check=False,
    )
    assert (code, out, err) == (1, "", "Error: Consumer group 'archive' does not exist.\n")


async def test_topics_and_configs_tools(proc, world):
    b = ["--bootstrap-server", proc.bootstrap]
    _, out, _ = await tool(
        "topics", *b, "--create", "--topic", "audit", "--partitions", "2", "--config", "retention.ms=60000"
    )
    assert out == "Created topic audit.\n"
    _, out, _ = await tool("topics", *b, "--list", "--exclude-internal")
    assert out == "audit\norders\n"
    _, out, _ = await tool("topics", *b, "--alter", "--topic", "audit", "--partitions", "3")
    _, out, _ = await tool("topics", *b, "--describe", "--topic", "audit")
    lines = out.splitlines()
    assert lines[0].startswith("Topic: audit\tTopicId: ") and lines[0].endswith(
        "\tPartitionCount: 3\tReplicationFactor: 1\tConfigs: retention.ms=60000"
    )
    assert lines[1:] == [f"\tTopic: audit\tPartition: {p}\tLeader: 0\tReplicas: 0\tIsr: 0" for p in range(3)]

    _, out, _ = await tool(
        "configs",
        *b,
        "--entity-type",
        "topics",
        "--entity-name",
        "audit",
        "--alter",
        "--add-config",
        "cleanup.policy=[compact,delete],segment.bytes=1048576",
        "--delete-config",
        "retention.ms",
    )
    assert out == "Completed updating config for topic audit.\n"
    _, out, _ = await tool("configs", *b, "--topic", "audit", "--describe")
    assert out == (
        "Dynamic configs for topic audit are:\n"
        "  cleanup.policy=compact,delete sensitive=false synonyms={DYNAMIC_TOPIC_CONFIG:cleanup.policy="
        "compact,delete, DEFAULT_CONFIG:log.cleanup.policy=delete}\n"
        "  segment.bytes=1048576 sensitive=false synonyms={DYNAMIC_TOPIC_CONFIG:segment.bytes=1048576, "
        "DEFAULT_CONFIG:log.segment.bytes=1073741824}\n"
    )
    _, out, _ = await tool("configs", *b, "--topic", "audit", "--describe", "--all", "--output", "json")
    entries = {e["name"]: e for e in json.loads(out)}
    assert entries["retention.ms"]["source"] == "DEFAULT_CONFIG"
    assert entries["cleanup.policy"]["source"] == "DYNAMIC_TOPIC_CONFIG"
    code, _, err = await tool(
        "configs", *b, "--topic", "audit", "--alter", "--add-config", "retention.ms=soon", check=False
    )
    assert code == 1 and err.startswith("Error: INVALID_CONFIG: ") and err.count("\n") == 1
    # Dynamic broker configs: the cluster default, then this broker's own value over it.
    default = ("--entity-type", "brokers", "--entity-default")
    _, out, _ = await tool("configs", *b, *default, "--alter", "--add-config", "log.retention.ms=7200000")
    assert out == "Completed updating default config for brokers in the cluster.\n"
    _, out, _ = await tool(
        "configs", *b, "--broker", "0", "--alter", "--add-config", "log.retention.ms=3600000"
    )
    _, out, _ = await tool("configs", *b, "--broker", "0", "--describe")
    assert out.startswith("Dynamic configs for broker 0 are:\n  log.retention.ms=3600000 sensitive=false ")
    assert "DYNAMIC_DEFAULT_BROKER_CONFIG:log.retention.ms=7200000" in out
    _, out, _ = await tool("configs", *b, *default, "--describe")
    assert out.startswith("Default configs for brokers in the cluster are:\n  log.retention.ms=7200000 ")
    code, _, err = await tool(
        "configs", *b, "--broker", "0", "--alter", "--add-config", "broker.id=3", check=False
    )
    assert code == 1 and "Cannot update these configs dynamically" in err
    _, out, _ = await tool("topics", *b, "--delete", "--topic", "audit")
    assert out == "Deleted topic audit.\n"


BAD_INPUT = [
    (
        ["consumer_groups", "--bootstrap-server", "127.0.0.1:1", "--list"],
        "Error: the broker is unreachable at 127.0.0.1:1",
    ),
    (
        ["topics", "--bootstrap-server", "127.0.0.1:1", "--list"],
        "Error: the broker is unreachable at 127.0.0.1:1",
    ),
    (
        ["configs", "--bootstrap-server", "127.0.0.1:1", "--topic", "x", "--describe"],
        "Error: the broker is unreachable at 127.0.0.1:1",
    ),
    (
        ["consumer_groups", "BROKER", "--describe", "--group", "nobody"],
        "Error: Consumer group 'nobody' does not exist.",
    ),
    (
        [
            "consumer_groups",
            "BROKER",
            "--reset-offsets",
            "--group",
            "archive",
            "--topic",
            "nope",
            "--to-earliest",
            "--dry-run",
        ],
        "Error: Topic 'nope' does not exist.",
    ),
    (
        [
            "consumer_groups",
            "BROKER",
            "--reset-offsets",
            "--group",
            "archive",
            "--topic",
            "orders",
            "--by-duration",
            "yesterday",
            "--dry-run",
        ],
        "Error: invalid duration 'yesterday'",
    ),
    (["consumer_groups", "BROKER", "--describe"], "Error: one of --group or --all-groups is required"),
    (
        ["consumer_groups", "BROKER", "--describe", "--group", "g", "--to-offset", "x"],
        "kbroker-consumer-groups: error: argument --to-offset: invalid int value: 'x'",
    ),
    (
        ["consumer_groups", "BROKER", "--list", "--describe"],
        "kbroker-consumer-groups: error: argument --describe",
    ),
    (["topics", "BROKER", "--describe", "--topic", "nope"], "Error: Topic 'nope' does not exist as expected"),
    (["topics", "BROKER", "--create", "--topic", "bad name!"], "Error: INVALID_TOPIC_EXCEPTION"),
    (["configs", "BROKER", "--topic", "nope", "--describe"], "Error: The topic 'nope' does not exist."),
    (["configs", "BROKER", "--describe"], "Error: name the entity"),
]


@pytest.mark.parametrize(("argv", "line"), BAD_INPUT, ids=[" ".join(a[:4]) for a, _ in BAD_INPUT])
async def test_bad_input_is_one_clear_line_and_a_nonzero_exit(proc, world, argv, line):
    argv = [a if a != "BROKER" else f"--bootstrap-server={proc.bootstrap}" for a in argv]
    code, out, err = await tool(argv[0], *argv[1:], check=False)
    assert code != 0 and out == ""
    assert err.startswith(line) and err.count("\n") == 1, err


async def test_all_groups_and_all_topics(proc, world):
    await world.alter_group_offsets("second", {TopicPartition("orders", 2): 0})
    _, out, _ = await tool(
        "consumer_groups", "--bootstrap-server", proc.bootstrap, "--describe", "--all-groups"
    )
    assert [r[:6] for r in rows(out)[1:]] == [
        ["archive", "orders", "0", "4", "10", "6"],
        ["archive", "orders", "1", "5", "5", "0"],
        ["second", "orders", "2", "0", "0", "0"],
    ]
    _, out, _ = await tool(
        "consumer_groups",
        "--bootstrap-server",
        proc.bootstrap,
        "--reset-offsets",
        "--all-groups",
        "--all-topics",
        "--to-latest",
        "--execute",
    )
    assert rows(out)[1:] == [
        ["archive", "orders", "0", "10"],
        ["archive", "orders", "1", "5"],
        ["second", "orders", "2", "0"],
    ]
    assert await committed(world, "archive") == {P0: 10, P1: 5}

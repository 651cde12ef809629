"""kbroker-consumer-groups: list, describe, reset offsets of, and delete consumer groups, as
Kafka's kafka-consumer-groups.sh does (same options, verbs and columns).

    kbroker-consumer-groups --bootstrap-server 127.0.0.1:9092 --list [--state Stable]
    kbroker-consumer-groups --bootstrap-server ... --describe --group billing [--members | --state] [--verbose]
    kbroker-consumer-groups --bootstrap-server ... --reset-offsets --group billing --topic orders \\
        --to-earliest | --to-latest | --to-current | --to-offset N | --shift-by N | --to-datetime ISO |
        --by-duration PnDTnHnM | --from-file CSV   (--dry-run | --execute)
    kbroker-consumer-groups --bootstrap-server ... --delete --group billing
    kbroker-consumer-groups --bootstrap-server ... --delete-offsets --group billing --topic orders[:0,1]
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from client.admin import AsyncAdmin, GroupDescription, MemberDescription
from client.cli import common, reset_plan, resets
from client.cli.common import CliError, emit, report_deletion
from client.cli.reset_plan import parse_topics
from client.errors import KafkaError
from client.structs import OffsetSpec, TopicPartition
from protocol.errors import ErrorCode

OFFSET_COLUMNS = (
    "GROUP",
    "TOPIC",
    "PARTITION",
    "CURRENT-OFFSET",
    "LOG-END-OFFSET",
    "LAG",
    "CONSUMER-ID",
    "HOST",
    "CLIENT-ID",
)
MEMBER_COLUMNS = ("GROUP", "CONSUMER-ID", "HOST", "CLIENT-ID", "#PARTITIONS")
# --members --verbose of a KIP-848 consumer group (Kafka 4's kafka-consumer-groups.sh)
MODERN_MEMBER_COLUMNS = ("CURRENT-EPOCH", "CURRENT-ASSIGNMENT", "TARGET-EPOCH", "TARGET-ASSIGNMENT")
STATE_COLUMNS = ("GROUP", "COORDINATOR (ID)", "ASSIGNMENT-STRATEGY", "STATE", "#MEMBERS")
VERBOSE_STATE_COLUMNS = (*STATE_COLUMNS[:-1], "GROUP-EPOCH", "TARGET-ASSIGNMENT-EPOCH", "#MEMBERS")
RESET_COLUMNS = ("GROUP", "TOPIC", "PARTITION", "NEW-OFFSET")
INACTIVE = ("Empty", "Dead")
# classic groups' rebalancing states, then a KIP-848 group's (Kafka 4's tool warns for both)
REBALANCING = ("PreparingRebalance", "CompletingRebalance", "Assigning", "Reconciling")


def build_parser() -> argparse.ArgumentParser:
    p = common.group_tool_parser(
        "kbroker-consumer-groups", "List, describe, reset and delete consumer groups.", "Stable,Empty,..."
    )
    p.add_argument(
        "--verbose",
        action="store_true",
        help="with --describe --members: the assignment; with --state: the epochs",
    )
    reset_plan.add_arguments(p, reset_plan.CONSUMER_SCENARIOS)
    return p


async def _groups(admin: AsyncAdmin, args: argparse.Namespace) -> list[str]:
    named = common.named_groups(args)
    return named if named is not None else [g.group_id for g in await admin.list_groups()]


async def _describe_group(admin: AsyncAdmin, group: str) -> GroupDescription:
    """As Kafka's Admin.describeConsumerGroups: ConsumerGroupDescribe first (a KIP-848 group),
    DescribeGroups for a classic group (or a broker without the new API)."""
    try:
        return await admin.describe_consumer_group(group)
    except KafkaError as e:
        if e.code not in (ErrorCode.GROUP_ID_NOT_FOUND, ErrorCode.UNSUPPORTED_VERSION):
            raise
    try:
        desc = (await admin.describe_groups([group]))[group]
    except KafkaError as e:
        if e.code == ErrorCode.GROUP_ID_NOT_FOUND:
            raise CliError(f"Consumer group '{group}' does not exist.") from None
        raise
    return desc


async def _offsets_rows(admin: AsyncAdmin, group: str, desc: GroupDescription) -> list[list[Any]]:
    committed = {tp: om.offset for tp, om in (await admin.list_group_offsets(group)).items()}
    owner = {tp: m for m in desc.members for tp in m.assignment}
    partitions = sorted(set(committed) | set(owner))
    topics = await admin.list_topics(internal=True)  # a deleted topic's commits show no log end ("-")
    live = [tp for tp in partitions if tp.partition < topics.get(tp.topic, 0)]
    ends = {
        tp: off for tp, (off, _) in (await admin.list_offsets({tp: OffsetSpec.LATEST for tp in live})).items()
    }
    rows = []
    for tp in partitions:
        current, end, m = committed.get(tp), ends.get(tp), owner.get(tp)
        lag = end - current if current is not None and end is not None else None
        rows.append(
            [
                group,
                tp.topic,
                tp.partition,
                current,
                end,
                lag,
                m.member_id if m else None,
                m.client_host if m else None,
                m.client_id if m else None,
            ]
        )
    return rows


def _member_row(group: str, m: MemberDescription, desc: GroupDescription, verbose: bool) -> list[Any]:
    row: list[Any] = [group, m.member_id, m.client_host, m.client_id, len(m.assignment)]
    if verbose and desc.group_epoch is not None:  # a KIP-848 group: epochs and target assignment
        row += [
            m.member_epoch,
            _assignment_text(m.assignment),
            desc.target_assignment_epoch,
            _assignment_text(m.target_assignment),
        ]
    elif verbose:
        row.append(_assignment_text(m.assignment))
    return row


async def _state_row(admin: AsyncAdmin, group: str, desc: GroupDescription, verbose: bool) -> list[Any]:
    node = await admin.client.find_coordinator(group)
    row: list[Any] = [group, f"{node.host}:{node.port} ({node.node_id})", desc.protocol or None, desc.state]
    if verbose:
        row += [desc.group_epoch, desc.target_assignment_epoch]  # "-" for a classic group
    return [*row, len(desc.members)]


async def describe(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    groups = await _groups(admin, args)
    rows: list[list[Any]] = []
    modern = False  # a KIP-848 group is among them: --members --verbose shows Kafka 4's columns
    for group in groups:
        desc = await _describe_group(admin, group)
        if desc.state == "Dead":
            raise CliError(f"Consumer group '{group}' does not exist.")
        if args.output == "table" and desc.state in REBALANCING:
            print(f"Warning: Consumer group '{group}' is rebalancing.", file=sys.stderr)
        elif args.output == "table" and not desc.members and args.state is None:
            print(f"Consumer group '{group}' has no active members.", file=sys.stderr)
        modern = modern or desc.group_epoch is not None
        if args.members:
            rows += [_member_row(group, m, desc, args.verbose) for m in desc.members]
        elif args.state is not None:
            rows.append(await _state_row(admin, group, desc, args.verbose))
        else:
            rows += await _offsets_rows(admin, group, desc)
    if args.members:
        verbose_columns = MODERN_MEMBER_COLUMNS if modern else ("ASSIGNMENT",)
        emit(args, MEMBER_COLUMNS + (verbose_columns if args.verbose else ()), rows)
    elif args.state is not None:
        emit(args, VERBOSE_STATE_COLUMNS if args.verbose else STATE_COLUMNS, rows)
    else:
        emit(args, OFFSET_COLUMNS, rows)
    return 0


def _assignment_text(tps: tuple[TopicPartition, ...]) -> str | None:
    """Kafka's ASSIGNMENT column: topic(p,p),topic(p); None (printed "-") when empty."""
    by_topic: dict[str, list[int]] = {}
    for tp in tps:
        by_topic.setdefault(tp.topic, []).append(tp.partition)
    return ",".join(f"{t}({','.join(map(str, sorted(ps)))})" for t, ps in sorted(by_topic.items())) or None


async def list_groups(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    groups = await admin.list_groups(states=common.listed_states(args))
    common.emit_group_list(args, [(g.group_id, g.state) for g in groups])
    return 0


async def _reset_partitions(
    admin: AsyncAdmin,
    args: argparse.Namespace,
    committed: dict[TopicPartition, int],
    scenario: resets.Scenario,
) -> list[TopicPartition]:
    if args.all_topics:
        return sorted(committed)
    if scenario.kind == "file" and not args.topic:
        return sorted({tp for _, tp in (scenario.file_offsets or {})})
    return await reset_plan.named_partitions(admin, args.topic)


async def reset_offsets(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    scenario = reset_plan.scenario(args)
    if not args.execute and not args.dry_run and args.output == "table":
        print(
            "WARN: No action will be performed as the --execute option is missing. In a future major release, "
            "the default behavior of this command will be to prompt the user before executing the reset rather "
            "than doing a dry run. You should add the --dry-run option explicitly if you are scripting this "
            "command and want to keep the current default behavior without prompting.",
            file=sys.stderr,
        )
    rows: list[list[Any]] = []
    for group in await _groups(admin, args):
        desc = await _describe_group(admin, group)
        if desc.state not in INACTIVE:
            raise CliError(
                f"Assignments can only be reset if the group '{group}' is inactive, but the current "
                f"state is {desc.state}."
            )
        committed = {tp: om.offset for tp, om in (await admin.list_group_offsets(group)).items()}
        partitions = await _reset_partitions(admin, args, committed, scenario)
        if not partitions:
            continue
        new = await reset_plan.targets(admin, scenario, group, partitions, committed)
        if args.execute and new:
            await admin.alter_group_offsets(group, new)
        rows += [[group, tp.topic, tp.partition, off] for tp, off in sorted(new.items())]
    emit(args, RESET_COLUMNS, rows)
    return 0


async def delete(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    groups = await _groups(admin, args)
    report_deletion(args, "consumer group", groups, await admin.delete_groups(groups))
    return 0


async def delete_offsets(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    group = common.offsets_group(args)
    await _describe_group(admin, group)
    topics = await admin.list_topics(internal=True)
    tps = []
    for name, parts in parse_topics(args.topic):
        count = topics.get(name)
        if count is None:
            raise CliError(f"Topic '{name}' does not exist.")
        tps += [TopicPartition(name, p) for p in (parts if parts is not None else range(count))]
    results = await admin.delete_group_offsets(group, tps)
    emit(
        args,
        ("TOPIC", "PARTITION", "STATUS"),
        [
            [tp.topic, tp.partition, ErrorCode(c).name if c else "Successful"]
            for tp, c in sorted(results.items())
        ],
    )
    return 1 if any(results.values()) else 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return common.run_group_tool(args, list_groups, describe, reset_offsets, delete, delete_offsets)


if __name__ == "__main__":
    sys.exit(main())

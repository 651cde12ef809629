"""kbroker-share-groups: list, describe, reset the start offsets of, and delete KIP-932 share
groups, as Kafka's kafka-share-groups.sh does (same options, verbs and columns).

    kbroker-share-groups --bootstrap-server 127.0.0.1:9092 --list [--state Stable]
    kbroker-share-groups --bootstrap-server ... --describe --group workers [--members | --state]
    kbroker-share-groups --bootstrap-server ... --reset-offsets --group workers --topic orders \\
        --to-earliest | --to-latest | --to-offset N | --to-datetime ISO   (--dry-run | --execute)
    kbroker-share-groups --bootstrap-server ... --delete --group workers
    kbroker-share-groups --bootstrap-server ... --delete-offsets --group workers --topic orders
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from client.admin import AsyncAdmin
from client.cli import common, reset_plan
from client.cli.common import CliError, emit, report_deletion
from client.cli.reset_plan import parse_topics
from client.errors import KafkaError
from client.share_admin import ShareGroupDescription, SharePartitionOffset
from client.structs import TopicPartition
from protocol.errors import ErrorCode

OFFSET_COLUMNS = ("GROUP", "TOPIC", "PARTITION", "START-OFFSET", "LAG")
MEMBER_COLUMNS = ("GROUP", "CONSUMER-ID", "HOST", "CLIENT-ID", "#PARTITIONS", "ASSIGNMENT")
STATE_COLUMNS = ("GROUP", "COORDINATOR (ID)", "STATE", "#MEMBERS")
RESET_COLUMNS = ("GROUP", "TOPIC", "PARTITION", "NEW-OFFSET")


def build_parser() -> argparse.ArgumentParser:
    p = common.group_tool_parser(
        "kbroker-share-groups", "List, describe, reset and delete share groups.", "Stable,Empty"
    )
    reset_plan.add_arguments(p, reset_plan.SHARE_SCENARIOS)
    return p


async def _groups(admin: AsyncAdmin, args: argparse.Namespace) -> list[str]:
    named = common.named_groups(args)
    return named if named is not None else [g.group_id for g in await admin.list_share_groups()]


def _missing(e: KafkaError) -> bool:
    return e.code == ErrorCode.GROUP_ID_NOT_FOUND


async def _describe_group(admin: AsyncAdmin, group: str) -> ShareGroupDescription:
    try:
        desc = (await admin.describe_share_groups([group]))[group]
    except KafkaError as e:
        if _missing(e):
            raise CliError(f"Share group '{group}' does not exist.") from None
        raise
    if desc.state == "Dead":
        raise CliError(f"Share group '{group}' does not exist.")
    return desc


def _assignment_text(tps: tuple[TopicPartition, ...]) -> str | None:
    by_topic: dict[str, list[int]] = {}
    for tp in tps:
        by_topic.setdefault(tp.topic, []).append(tp.partition)
    return ";".join(f"{t}:{','.join(map(str, sorted(ps)))}" for t, ps in sorted(by_topic.items())) or None


async def _offsets_rows(admin: AsyncAdmin, group: str) -> list[list[Any]]:
    rows: list[list[Any]] = []
    for tp, found in sorted((await admin.describe_share_group_offsets(group)).items()):
        if isinstance(found, KafkaError):
            rows.append([group, tp.topic, tp.partition, None, None])
        else:
            start = found.start_offset if found.start_offset >= 0 else None
            rows.append([group, tp.topic, tp.partition, start, found.lag])
    return rows


async def describe(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    rows: list[list[Any]] = []
    for group in await _groups(admin, args):
        desc = await _describe_group(admin, group)
        if args.output == "table" and not desc.members and args.state is None:
            print(f"Share group '{group}' has no active members.", file=sys.stderr)
        if args.members:
            rows += [
                [
                    group,
                    m.member_id,
                    m.client_host,
                    m.client_id,
                    len(m.assignment),
                    _assignment_text(m.assignment),
                ]
                for m in desc.members
            ]
        elif args.state is not None:
            node = await admin.client.find_coordinator(group)
            rows.append([group, f"{node.host}:{node.port} ({node.node_id})", desc.state, len(desc.members)])
        else:
            rows += await _offsets_rows(admin, group)
    emit(
        args,
        MEMBER_COLUMNS if args.members else STATE_COLUMNS if args.state is not None else OFFSET_COLUMNS,
        rows,
    )
    return 0


async def list_groups(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    groups = await admin.list_share_groups(states=common.listed_states(args))
    common.emit_group_list(args, [(g.group_id, g.state) for g in groups])
    return 0


async def _reset_partitions(admin: AsyncAdmin, args: argparse.Namespace, group: str) -> list[TopicPartition]:
    if args.all_topics:
        return sorted(await admin.describe_share_group_offsets(group))
    return await reset_plan.named_partitions(admin, args.topic)


async def reset_offsets(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    scenario = reset_plan.scenario(args)
    if not args.execute and not args.dry_run and args.output == "table":
        print("WARN: No action will be performed as the --execute option is missing.", file=sys.stderr)
    rows: list[list[Any]] = []
    for group in await _groups(admin, args):
        desc = await _describe_group(admin, group)
        if desc.members:
            raise CliError(f"Share group '{group}' is not empty.")
        partitions = await _reset_partitions(admin, args, group)
        if not partitions:
            continue
        current = {
            tp: found.start_offset
            for tp, found in (await admin.describe_share_group_offsets(group, partitions)).items()
            if isinstance(found, SharePartitionOffset) and found.start_offset >= 0
        }
        new = await reset_plan.targets(admin, scenario, group, partitions, current)
        if args.execute and new:
            try:
                results = await admin.alter_share_group_offsets(group, new)
            except KafkaError as e:
                if e.code == ErrorCode.NON_EMPTY_GROUP:
                    raise CliError(f"Share group '{group}' is not empty.") from None
                raise
            failed = {tp: e for tp, e in results.items() if e is not None}
            if failed:
                tp, error = next(iter(sorted(failed.items())))
                raise CliError(f"Resetting the start offset of {tp} failed: {error}")
        rows += [[group, tp.topic, tp.partition, off] for tp, off in sorted(new.items())]
    emit(args, RESET_COLUMNS, rows)
    return 0


async def delete(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    groups = await _groups(admin, args)
    for group in groups:
        await _describe_group(admin, group)  # a share group, or "does not exist"
    report_deletion(args, "share group", groups, await admin.delete_groups(groups))
    return 0


async def delete_offsets(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    group = common.offsets_group(args)
    desc = await _describe_group(admin, group)
    if desc.members:
        raise CliError(f"Share group '{group}' is not empty.")
    names = [name for name, _ in parse_topics(args.topic)]
    try:
        results = await admin.delete_share_group_offsets(group, names)
    except KafkaError as e:
        if e.code == ErrorCode.NON_EMPTY_GROUP:
            raise CliError(f"Share group '{group}' is not empty.") from None
        raise
    emit(
        args,
        ("TOPIC", "STATUS"),
        [
            [t, ErrorCode(e.code).name if e is not None and e.code is not None else "Successful"]
            for t, e in sorted(results.items())
        ],
    )
    return 1 if any(e is not None for e in results.values()) else 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return common.run_group_tool(args, list_groups, describe, reset_offsets, delete, delete_offsets)


if __name__ == "__main__":
    sys.exit(main())

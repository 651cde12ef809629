"""The --reset-offsets planning kbroker-consumer-groups and kbroker-share-groups share: the
scenario options, the partitions the --topic options name, and the new offset of each, read from
the log's earliest, latest and by-time offsets (the targets themselves are the pure
`client.cli.resets`). Each tool keeps what differs: which groups may be reset, what --all-topics
means, and how the offsets are written."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from client.admin import AsyncAdmin
from client.cli import resets
from client.cli.common import CliError
from client.structs import OffsetSpec, TopicPartition

# Each scenario option and its argparse keywords, in the order Kafka's tools list them.
_SCENARIOS: dict[str, dict[str, Any]] = {
    "--to-earliest": {"action": "store_true"},
    "--to-latest": {"action": "store_true"},
    "--to-current": {"action": "store_true"},
    "--to-offset": {"type": int, "metavar": "N"},
    "--shift-by": {"type": int, "metavar": "N"},
    "--to-datetime": {"metavar": "YYYY-MM-DDTHH:mm:SS.sss"},
    "--by-duration": {"metavar": "PnDTnHnM"},
    "--from-file": {"metavar": "CSV"},
}
CONSUMER_SCENARIOS = tuple(_SCENARIOS)
SHARE_SCENARIOS = ("--to-earliest", "--to-latest", "--to-offset", "--to-datetime")


def _dest(flag: str) -> str:
    return flag.removeprefix("--").replace("-", "_")


def add_arguments(p: argparse.ArgumentParser, scenarios: tuple[str, ...]) -> None:
    """The scenario options a tool takes (one at most) and --dry-run | --execute."""
    scenario = p.add_mutually_exclusive_group()
    for flag in scenarios:
        scenario.add_argument(flag, **_SCENARIOS[flag])
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--dry-run", action="store_true")
    mode.add_argument("--execute", action="store_true")


def scenario(args: argparse.Namespace) -> resets.Scenario:
    """The scenario the options name; the error lists the ones this tool takes."""

    def given(flag: str) -> Any:
        return getattr(args, _dest(flag), None)

    if given("--to-earliest"):
        return resets.Scenario("earliest")
    if given("--to-latest"):
        return resets.Scenario("latest")
    if given("--to-current"):
        return resets.Scenario("current")
    if given("--to-offset") is not None:
        return resets.Scenario("offset", args.to_offset)
    if given("--shift-by") is not None:
        return resets.Scenario("shift", args.shift_by)
    if given("--to-datetime") is not None:
        return resets.Scenario("time", resets.parse_datetime(args.to_datetime))
    if given("--by-duration") is not None:
        return resets.Scenario("time", resets.duration_timestamp(args.by_duration, resets.now_ms()))
    if given("--from-file") is not None:
        try:
            text = Path(args.from_file).read_text()
        except OSError as e:
            raise CliError(f"cannot read {args.from_file}: {e.strerror}") from None
        return resets.Scenario("file", file_offsets=resets.parse_offsets_file(text))
    taken = [flag for flag in _SCENARIOS if hasattr(args, _dest(flag))]
    raise CliError(f"--reset-offsets needs a scenario: {', '.join(taken[:-1])} or {taken[-1]}")


def parse_topics(specs: list[str]) -> list[tuple[str, list[int] | None]]:
    """--topic TOPIC or TOPIC:P,P options: each topic with its partitions (None: all)."""
    out = []
    for spec in specs:
        name, _, parts = spec.partition(":")
        if not name:
            raise CliError(f"invalid --topic {spec!r}: expected TOPIC or TOPIC:P,P")
        try:
            out.append((name, [int(x) for x in parts.split(",")] if parts else None))
        except ValueError:
            raise CliError(f"invalid partitions in --topic {spec!r}: expected TOPIC:0,1,2") from None
    return out


async def named_partitions(admin: AsyncAdmin, specs: list[str]) -> list[TopicPartition]:
    """The partitions --topic options name, each checked to exist."""
    if not specs:
        raise CliError("one of --topic or --all-topics is required")
    topics = await admin.list_topics(internal=True)
    out = []
    for name, parts in parse_topics(specs):
        if name not in topics:
            raise CliError(f"Topic '{name}' does not exist.")
        for p in parts if parts is not None else range(topics[name]):
            if not 0 <= p < topics[name]:
                raise CliError(f"Partition {p} of topic '{name}' does not exist (it has {topics[name]}).")
            out.append(TopicPartition(name, p))
    return out


async def _log_offsets(
    admin: AsyncAdmin, spec: int, partitions: list[TopicPartition]
) -> dict[TopicPartition, int]:
    return {tp: o for tp, (o, _) in (await admin.list_offsets(dict.fromkeys(partitions, spec))).items()}


async def targets(
    admin: AsyncAdmin,
    chosen: resets.Scenario,
    group: str,
    partitions: list[TopicPartition],
    current: dict[TopicPartition, int],
) -> dict[TopicPartition, int]:
    """The new offset of each partition, from its `current` one and the log's offsets."""
    earliest = await _log_offsets(admin, OffsetSpec.EARLIEST, partitions)
    latest = await _log_offsets(admin, OffsetSpec.LATEST, partitions)
    by_time = await _log_offsets(admin, chosen.value, partitions) if chosen.kind == "time" else None
    return resets.targets(chosen, group, partitions, current, earliest, latest, by_time)

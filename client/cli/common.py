"""What the tools share: option parsing that fails in one line, the bootstrap option,
aligned tables and JSON output, and running an admin call with errors turned into one line."""

from __future__ import annotations

import argparse
import asyncio
import json
import ssl
import sys
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, NoReturn

from client.admin import AsyncAdmin
from client.errors import KafkaError, NoBrokersAvailable
from client.security import from_properties, load_properties
from protocol.errors import ErrorCode

MISSING = "-"  # Kafka prints a dash where a value is unknown (no commit, no member)


class CliError(Exception):
    """The operation cannot be done; its message is the one line the tool prints."""


class Parser(argparse.ArgumentParser):
    """argparse, with a bad option reported in one line (not usage + error) and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def parser(prog: str, description: str) -> Parser:
    p = Parser(prog=prog, description=description)
    p.add_argument(
        "--bootstrap-server",
        required=True,
        metavar="HOST:PORT",
        help="the broker(s) to connect to, comma-separated",
    )
    p.add_argument(
        "--output",
        choices=("table", "json"),
        default="table",
        help="aligned tables (default) or JSON for scripts",
    )
    p.add_argument(
        "--timeout", type=int, default=30_000, metavar="MS", help="request timeout (default 30000)"
    )
    p.add_argument(
        "--command-config",
        metavar="FILE",
        help="client properties: security.protocol, sasl.mechanism, sasl.username/sasl.password "
        "(or sasl.jaas.config), ssl.ca.location, ssl.certificate.location, ssl.key.location",
    )
    return p


def group_tool_parser(prog: str, description: str, states: str) -> Parser:
    """The options kbroker-consumer-groups and kbroker-share-groups share: one verb, the groups,
    the topics and the view; `states` is the --list filter's example."""
    p = parser(prog, description)
    action = p.add_mutually_exclusive_group(required=True)
    for verb in ("--list", "--describe", "--reset-offsets", "--delete", "--delete-offsets"):
        action.add_argument(verb, action="store_true")
    groups = p.add_mutually_exclusive_group()
    groups.add_argument("--group", action="append", default=[], metavar="GROUP")
    groups.add_argument("--all-groups", action="store_true")
    topics = p.add_mutually_exclusive_group()
    topics.add_argument("--topic", action="append", default=[], metavar="TOPIC[:P,...]")
    topics.add_argument("--all-topics", action="store_true")
    view = p.add_mutually_exclusive_group()
    view.add_argument("--members", action="store_true")
    view.add_argument("--offsets", action="store_true")
    view.add_argument(
        "--state",
        nargs="?",
        const="",
        default=None,
        metavar="STATES",
        help=f"with --describe: the group's state; with --list: filter by states ({states})",
    )
    return p


def security_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The admin client's security keyword arguments from --command-config (Kafka's tools' option)."""
    path = getattr(args, "command_config", None)
    if not path:
        return {}
    try:
        return from_properties(load_properties(path))
    except OSError as e:
        raise CliError(f"cannot read --command-config {path}: {e.strerror or e}") from None
    except (ssl.SSLError, ValueError) as e:
        raise CliError(f"--command-config {path}: {e}") from None


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Columns aligned to their widest cell, as Kafka's tools print them."""
    cells = [[MISSING if v is None else str(v) for v in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]
    lines = [" ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip()]
    lines += [" ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    return "\n".join(lines)


def emit(args: argparse.Namespace, headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """A table, or with `--output json` a list of objects keyed by the column names."""
    if args.output == "json":
        print(json.dumps([dict(zip(headers, row, strict=True)) for row in rows], indent=1))
    else:
        print(table(headers, rows))


def run(args: argparse.Namespace, work: Callable[[AsyncAdmin], Awaitable[int | None]]) -> int:
    """Connect, run `work`, and turn every failure into one line on stderr and exit 1."""

    async def main() -> int | None:
        async with AsyncAdmin(
            args.bootstrap_server,
            request_timeout_ms=args.timeout,
            client_id="kbroker-cli",
            **security_settings(args),
        ) as admin:
            return await work(admin)

    try:
        return asyncio.run(main()) or 0
    except CliError as e:
        print(f"Error: {e}", file=sys.stderr)
    except NoBrokersAvailable as e:
        print(f"Error: the broker is unreachable at {args.bootstrap_server} ({e})", file=sys.stderr)
    except KafkaError as e:
        print(f"Error: {e}", file=sys.stderr)
    except KeyboardInterrupt:
        print("Error: interrupted", file=sys.stderr)
    return 1


def named_groups(args: argparse.Namespace) -> list[str] | None:
    """The groups a group tool's --group options name; None for --all-groups."""
    if args.all_groups:
        return None
    if not args.group:
        raise CliError("one of --group or --all-groups is required")
    return list(args.group)


def offsets_group(args: argparse.Namespace) -> str:
    """The one group a group tool's --delete-offsets takes (it needs --topic too)."""
    if len(args.group) != 1:
        raise CliError("--delete-offsets takes exactly one --group")
    if not args.topic:
        raise CliError("--delete-offsets needs --topic")
    group: str = args.group[0]
    return group


def listed_states(args: argparse.Namespace) -> list[str]:
    """The states a group tool's --list --state filters by (none: every group)."""
    return [s.strip() for s in (args.state or "").split(",") if s.strip()]


def emit_group_list(args: argparse.Namespace, groups: Sequence[tuple[str, str]]) -> None:
    """A group tool's --list: the ids one a line, or with --state a GROUP/STATE table."""
    if args.state is not None:
        emit(args, ("GROUP", "STATE"), [[group, state] for group, state in groups])
    elif args.output == "json":
        emit(args, ("GROUP",), [[group] for group, _ in groups])
    else:
        for group, _ in groups:
            print(group)


GroupVerb = Callable[[AsyncAdmin, argparse.Namespace], Awaitable[int]]


def run_group_tool(
    args: argparse.Namespace,
    list_groups: GroupVerb,
    describe: GroupVerb,
    reset_offsets: GroupVerb,
    delete: GroupVerb,
    delete_offsets: GroupVerb,
) -> int:
    """`run` the verb of group_tool_parser the options chose."""
    verbs = {
        "list": list_groups,
        "describe": describe,
        "reset_offsets": reset_offsets,
        "delete": delete,
        "delete_offsets": delete_offsets,
    }

    async def work(admin: AsyncAdmin) -> int:
        chosen = next(verb for dest, verb in verbs.items() if getattr(args, dest))
        return await chosen(admin, args)

    return run(args, work)


def split_config(text: str) -> dict[str, str]:
    """`k=v,k2=v2` with Kafka's brackets for values holding commas: `cleanup.policy=[compact,delete]`."""
    out: dict[str, str] = {}
    i, n = 0, len(text)
    while i < n:
        eq = text.find("=", i)
        if eq < 0:
            raise CliError(f"invalid config {text[i:]!r}: expected key=value")
        key = text[i:eq].strip()
        if eq + 1 < n and text[eq + 1] == "[":
            end = text.find("]", eq)
            if end < 0:
                raise CliError(f"invalid config {text[i:]!r}: unclosed [")
            value, i = text[eq + 2 : end], end + 1
            if i < n and text[i] == ",":
                i += 1
        else:
            end = text.find(",", eq)
            end = n if end < 0 else end
            value, i = text[eq + 1 : end], end + 1
        if not key:
            raise CliError(f"invalid config {text!r}: empty key")
        out[key] = value
    return out


def report_deletion(
    args: argparse.Namespace, kind: str, groups: Sequence[str], results: dict[str, int]
) -> None:
    """What kafka-consumer-groups.sh and kafka-share-groups.sh print for --delete: the table
    (json), or one line of success; the first failure as an error."""
    failed = {g: c for g, c in results.items() if c}
    if args.output == "json":
        emit(
            args,
            ("GROUP", "STATUS"),
            [[g, ErrorCode(c).name if c else "Successful"] for g, c in results.items()],
        )
    elif not failed:
        print(f"Deletion of requested {kind}s ({', '.join(repr(g) for g in groups)}) was successful.")
    if failed:
        g, c = next(iter(failed.items()))
        why = {
            ErrorCode.NON_EMPTY_GROUP: "The group is not empty.",
            ErrorCode.GROUP_ID_NOT_FOUND: "The group id does not exist.",
        }.get(ErrorCode(c), ErrorCode(c).name)
        raise CliError(f"Deletion of {kind} '{g}' failed: {why}")

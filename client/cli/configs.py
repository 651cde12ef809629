"""kbroker-configs: describe and alter topic and broker configs (dynamic broker configs per
broker, or cluster-wide with --entity-default), as Kafka's kafka-configs.sh does.

    kbroker-configs --bootstrap-server 127.0.0.1:9092 --entity-type topics --entity-name orders --describe [--all]
    kbroker-configs --bootstrap-server ... --topic orders --alter --add-config retention.ms=60000,cleanup.policy=[compact,delete]
    kbroker-configs --bootstrap-server ... --topic orders --alter --delete-config retention.ms
    kbroker-configs --bootstrap-server ... --entity-type brokers --entity-name 0 --describe --all
    kbroker-configs --bootstrap-server ... --entity-type brokers --entity-default --alter --add-config log.retention.ms=3600000

Client quotas (KIP-55 entities: a user, a client id, or both; --entity-default for a default):

    kbroker-configs --bootstrap-server ... --alter --add-config 'producer_byte_rate=1048576' --entity-type clients --entity-name app
    kbroker-configs --bootstrap-server ... --alter --add-config 'consumer_byte_rate=2097152' --entity-type users --entity-name alice --entity-type clients --entity-default
    kbroker-configs --bootstrap-server ... --alter --delete-config producer_byte_rate --entity-type users --entity-default
    kbroker-configs --bootstrap-server ... --describe --entity-type users [--entity-name alice]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import Any

from client.admin import BROKER_RESOURCE, TOPIC_RESOURCE, AsyncAdmin, ConfigEntry
from client.cli.common import CliError, parser, run, split_config
from client.errors import KafkaError
from client.quotas import DEFAULT, EXACT, SPECIFIED
from protocol.errors import ErrorCode

SOURCES = {
    1: "DYNAMIC_TOPIC_CONFIG",
    2: "DYNAMIC_BROKER_CONFIG",
    3: "DYNAMIC_DEFAULT_BROKER_CONFIG",
    4: "STATIC_BROKER_CONFIG",
    5: "DEFAULT_CONFIG",
    6: "DYNAMIC_BROKER_LOGGER_CONFIG",
}
DYNAMIC = (1, 2, 3, 6)
SET, DELETE = 0, 1


def build_parser() -> argparse.ArgumentParser:
    p = parser("kbroker-configs", "Describe and alter topic and broker configs.")
    action = p.add_mutually_exclusive_group(required=True)
    action.add_argument("--describe", action="store_true")
    action.add_argument("--alter", action="store_true")
    # In order, as kafka-configs reads them: each --entity-type is followed by its --entity-name
    # or --entity-default (a user and a client id: two pairs).
    p.add_argument("--entity-type", choices=("topics", "brokers", "users", "clients"), action=_EntityType)
    p.add_argument("--entity-name", metavar="NAME", action=_EntityName)
    p.add_argument(
        "--entity-default",
        nargs=0,
        action=_EntityDefault,
        default=False,
        help="the default user or client id; with --entity-type brokers: the cluster-wide default",
    )
    p.add_argument("--user", metavar="NAME", help="shorthand for --entity-type users --entity-name NAME")
    p.add_argument("--client", metavar="ID", help="shorthand for --entity-type clients --entity-name ID")
    p.add_argument("--topic", metavar="TOPIC", help="shorthand for --entity-type topics --entity-name TOPIC")
    p.add_argument("--broker", metavar="ID", help="shorthand for --entity-type brokers --entity-name ID")
    p.add_argument(
        "--all", action="store_true", help="with --describe: every config, not only the dynamic ones"
    )
    p.add_argument("--add-config", action="append", default=[], metavar="K=V,K2=V2")
    p.add_argument("--delete-config", action="append", default=[], metavar="K,K2")
    return p


_UNSET = object()


def _entities(ns: argparse.Namespace) -> list[list[Any]]:
    if getattr(ns, "entities", None) is None:
        ns.entities = []
    out: list[list[Any]] = ns.entities
    return out


class _EntityType(argparse.Action):
    def __call__(self, parser: Any, ns: argparse.Namespace, values: Any, option: Any = None) -> None:
        ns.entity_type = values
        _entities(ns).append([values, _UNSET])


class _EntityName(argparse.Action):
    def __call__(self, parser: Any, ns: argparse.Namespace, values: Any, option: Any = None) -> None:
        ns.entity_name = values
        pairs = _entities(ns)
        if pairs and pairs[-1][1] is _UNSET:
            pairs[-1][1] = values
        else:
            pairs.append([None, values])


class _EntityDefault(argparse.Action):
    def __call__(self, parser: Any, ns: argparse.Namespace, values: Any, option: Any = None) -> None:
        pairs = _entities(ns)
        if not pairs or pairs[-1][1] is not _UNSET:
            raise CliError("--entity-default follows an --entity-type users, clients or brokers")
        pairs[-1][1] = None
        ns.entity_default = True


QUOTA_TYPES = {"users": "user", "clients": "client-id"}


def quota_entity(args: argparse.Namespace) -> list[tuple[str, str | object | None]] | None:
    """The (type, name) pairs of a users/clients command (name None: the default; _UNSET: every
    one, for --describe), or None for a topic or broker command."""
    pairs = [list(p) for p in (getattr(args, "entities", None) or [])]
    if args.user is not None:
        pairs.append(["users", args.user])
    if args.client is not None:
        pairs.append(["clients", args.client])
    if not pairs or not all(t in QUOTA_TYPES for t, _ in pairs if t is not None):
        if any(t in QUOTA_TYPES for t, _ in pairs):
            raise CliError("users and clients do not mix with topics or brokers")
        return None
    if any(t is None for t, _ in pairs):
        raise CliError("--entity-name follows an --entity-type")
    if len({t for t, _ in pairs}) != len(pairs):
        raise CliError("name each of users and clients at most once")
    order = {"users": 0, "clients": 1}
    return [(QUOTA_TYPES[t], n) for t, n in sorted(pairs, key=lambda p: order[p[0]])]


def _entity_text(entity: Iterable[tuple[str, str | None]]) -> str:
    words = {"user": "user-principal", "client-id": "client-id"}
    return ", ".join(f"the default {words[t]}" if n is None else f"{words[t]} '{n}'" for t, n in entity)


async def describe_quotas(admin: AsyncAdmin, args: argparse.Namespace, pairs: list[Any]) -> int:
    components = [
        (t, SPECIFIED if n is _UNSET else DEFAULT if n is None else EXACT, n if isinstance(n, str) else None)
        for t, n in pairs
    ]
    found = await admin.describe_client_quotas(components, strict=True)
    if args.output == "json":
        print(
            json.dumps(
                [
                    {"entity": [{"entity_type": t, "entity_name": n} for t, n in e], "quotas": v}
                    for e, v in found.items()
                ],
                indent=1,
            )
        )
        return 0
    for e, values in found.items():
        shown = ", ".join(f"{k}={float(v)}" for k, v in sorted(values.items()))
        print(f"Quota configs for {_entity_text(e)} are {shown}")
    return 0


async def alter_quotas(admin: AsyncAdmin, args: argparse.Namespace, pairs: list[Any]) -> int:
    if any(n is _UNSET for _, n in pairs):
        raise CliError("--alter names each entity: --entity-name NAME or --entity-default")
    changes: dict[str, float | None] = {}
    for text in args.add_config:
        for k, v in split_config(text).items():
            try:
                changes[k] = float(v)
            except ValueError:
                raise CliError(f"the value of {k} is not a number: {v!r}") from None
    for text in args.delete_config:
        changes.update({k.strip(): None for k in text.split(",") if k.strip()})
    if not changes:
        raise CliError("--alter needs --add-config or --delete-config")
    entity = tuple((t, n) for t, n in pairs)
    await admin.alter_client_quotas({entity: changes})
    print(f"Completed updating config for {_entity_text(entity)}.")
    return 0


def entity(args: argparse.Namespace) -> tuple[int, str, str]:
    if args.topic is not None:
        return TOPIC_RESOURCE, args.topic, "topic"
    if args.broker is not None:
        return BROKER_RESOURCE, args.broker, "broker"
    if args.entity_default and args.entity_type == "brokers":
        return BROKER_RESOURCE, "", "default broker"
    if args.entity_type is None or args.entity_name is None:
        raise CliError(
            "name the entity: --topic T, --broker ID, or --entity-type topics|brokers --entity-name NAME"
        )
    kind = TOPIC_RESOURCE if args.entity_type == "topics" else BROKER_RESOURCE
    return kind, args.entity_name, args.entity_type[:-1]


def _synonyms(c: ConfigEntry) -> str:
    return ", ".join(f"{SOURCES.get(s, s)}:{n}={v if v is not None else 'null'}" for n, v, s in c.synonyms)


async def describe(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    kind, name, label = entity(args)
    try:
        configs = await admin.describe_configs(kind, name)
    except KafkaError as e:
        if e.code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION:
            raise CliError(f"The topic '{name}' does not exist.") from None
        raise
    shown = [c for c in configs if args.all or c.source in DYNAMIC]
    if args.output == "json":
        print(
            json.dumps(
                [
                    {
                        "name": c.name,
                        "value": c.value,
                        "source": SOURCES.get(c.source, str(c.source)),
                        "read_only": c.read_only,
                        "sensitive": c.sensitive,
                        "synonyms": [
                            {"name": n, "value": v, "source": SOURCES.get(s, str(s))}
                            for n, v, s in c.synonyms
                        ],
                    }
                    for c in shown
                ],
                indent=1,
            )
        )
        return 0
    if label == "default broker":
        print("Default configs for brokers in the cluster are:")
    else:
        print(f"{'All' if args.all else 'Dynamic'} configs for {label} {name} are:")
    for c in shown:
        print(
            f"  {c.name}={c.value if c.value is not None else 'null'} sensitive={str(c.sensitive).lower()} "
            f"synonyms={{{_synonyms(c)}}}"
        )
    return 0


async def alter(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    kind, name, label = entity(args)
    ops: list[tuple[str, int, str | None]] = []
    for text in args.add_config:
        ops += [(k, SET, v) for k, v in split_config(text).items()]
    for text in args.delete_config:
        ops += [(k.strip(), DELETE, None) for k in text.split(",") if k.strip()]
    if not ops:
        raise CliError("--alter needs --add-config or --delete-config")
    try:
        await admin.incremental_alter_configs(kind, name, ops)
    except KafkaError as e:
        if e.code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION:
            raise CliError(f"The topic '{name}' does not exist.") from None
        raise
    if label == "default broker":
        print("Completed updating default config for brokers in the cluster.")
    else:
        print(f"Completed updating config for {label} {name}.")
    return 0


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        quotas = quota_entity(args)
    except CliError as e:
        print(f"Error: {e}", file=sys.stderr)
        return 2
    if quotas is not None:
        pairs = quotas
        return run(
            args,
            lambda admin: (
                describe_quotas(admin, args, pairs) if args.describe else alter_quotas(admin, args, pairs)
            ),
        )
    return run(args, lambda admin: describe(admin, args) if args.describe else alter(admin, args))


if __name__ == "__main__":
    sys.exit(main())

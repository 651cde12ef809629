"""kbroker-configs: describe and alter topic and broker configs (dynamic broker configs per
broker, or cluster-wide with --entity-default), as Kafka's kafka-configs.sh does.

    kbroker-configs --bootstrap-server 127.0.0.1:9092 --entity-type topics --entity-name orders --describe [--all]
    kbroker-configs --bootstrap-server ... --topic orders --alter --add-config retention.ms=60000,cleanup.policy=[compact,delete]
    kbroker-configs --bootstrap-server ... --topic orders --alter --delete-config retention.ms
    kbroker-configs --bootstrap-server ... --entity-type brokers --entity-name 0 --describe --all
    kbroker-configs --bootstrap-server ... --entity-type brokers --entity-default --alter --add-config log.retention.ms=3600000
"""

from __future__ import annotations

import argparse
import json
import sys

from client.admin import BROKER_RESOURCE, TOPIC_RESOURCE, AsyncAdmin, ConfigEntry
from client.cli.common import CliError, parser, run, split_config
from client.errors import KafkaError
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
    p.add_argument("--entity-type", choices=("topics", "brokers"))
    p.add_argument("--entity-name", metavar="NAME")
    p.add_argument(
        "--entity-default", action="store_true", help="with --entity-type brokers: the cluster-wide default"
    )
    p.add_argument("--topic", metavar="TOPIC", help="shorthand for --entity-type topics --entity-name TOPIC")
    p.add_argument("--broker", metavar="ID", help="shorthand for --entity-type brokers --entity-name ID")
    p.add_argument(
        "--all", action="store_true", help="with --describe: every config, not only the dynamic ones"
    )
    p.add_argument("--add-config", action="append", default=[], metavar="K=V,K2=V2")
    p.add_argument("--delete-config", action="append", default=[], metavar="K,K2")
    return p


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
    args = build_parser().parse_args(argv)
    return run(args, lambda admin: describe(admin, args) if args.describe else alter(admin, args))


if __name__ == "__main__":
    sys.exit(main())

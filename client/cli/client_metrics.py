"""kbroker-client-metrics: client-metrics subscriptions (KIP-714's CLIENT_METRICS config
resources), as Kafka's kafka-client-metrics.sh manages them.

    kbroker-client-metrics --bootstrap-server 127.0.0.1:9092 --alter --name producers \\
        --metrics org.apache.kafka.producer. --interval 1000 --match client_id=app-.*
    kbroker-client-metrics --bootstrap-server ... --describe [--name producers]
    kbroker-client-metrics --bootstrap-server ... --list
    kbroker-client-metrics --bootstrap-server ... --delete --name producers
"""

from __future__ import annotations

import argparse
import json
import sys
import uuid
from typing import Any

from client.admin import AsyncAdmin
from client.cli.common import CliError, parser, run
from client.errors import error_for
from protocol.apis import ApiKey

CLIENT_METRICS = 16
SET, DELETE = 0, 1
KEYS = ("interval.ms", "match", "metrics")


def build_parser() -> argparse.ArgumentParser:
    p = parser("kbroker-client-metrics", "Describe, list, alter and delete client-metrics subscriptions.")
    action = p.add_mutually_exclusive_group(required=True)
    for name in ("alter", "delete", "describe", "list"):
        action.add_argument(f"--{name}", action="store_true")
    p.add_argument("--name", help="the subscription (client-metrics resource) name")
    p.add_argument("--generate-name", action="store_true", help="with --alter: a new random name")
    p.add_argument("--metrics", metavar="PREFIX,...", help="metric name prefixes; '*' for all")
    p.add_argument("--interval", type=int, metavar="MS", help="push interval in milliseconds")
    p.add_argument(
        "--match",
        metavar="SELECTOR=REGEX,...",
        help="client_id, client_software_name, client_software_version, client_instance_id, "
        "client_source_address or client_source_port regexes; all must match",
    )
    return p


async def list_names(admin: AsyncAdmin) -> list[str]:
    body = {"resource_types": [CLIENT_METRICS]}
    r = await admin.client.retry(
        lambda: admin.client.send(admin.client.least_loaded_node(), ApiKey.LIST_CONFIG_RESOURCES, body),
        what="ListConfigResources",
    )
    if r.error_code:
        raise error_for(r.error_code, "ListConfigResources")
    return sorted(c.resource_name for c in r.config_resources)


async def describe(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    names = [args.name] if args.name else await list_names(admin)
    found: dict[str, dict[str, Any]] = {}
    for name in names:
        entries = await admin.describe_configs(CLIENT_METRICS, name)
        found[name] = {c.name: c.value for c in entries if c.source == 7}  # CLIENT_METRICS_CONFIG
    if args.output == "json":
        print(json.dumps(found, indent=1))
        return 0
    for name, configs in found.items():
        print(f"Client metrics configs for {name} are:")
        for key, value in sorted(configs.items()):
            print(f"  {key}={value}")
    return 0


async def alter(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    name = str(uuid.uuid4()) if args.generate_name else args.name
    if not name:
        raise CliError("--alter needs --name NAME or --generate-name")
    ops: list[tuple[str, int, str | None]] = []
    if args.metrics is not None:
        ops.append(("metrics", SET, args.metrics))
    if args.interval is not None:
        ops.append(("interval.ms", SET, str(args.interval)))
    if args.match is not None:
        ops.append(("match", SET, args.match))
    if not ops:
        raise CliError("--alter needs --metrics, --interval or --match")
    await admin.incremental_alter_configs(CLIENT_METRICS, name, ops)
    print(f"Completed updating config for client-metric {name}.")
    return 0


async def delete(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    if not args.name:
        raise CliError("--delete needs --name NAME")
    await admin.incremental_alter_configs(CLIENT_METRICS, args.name, [(k, DELETE, None) for k in KEYS])
    print(f"Completed deleting config for client-metric {args.name}.")
    return 0


async def list_command(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    names = await list_names(admin)
    print(json.dumps(names) if args.output == "json" else "\n".join(names))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    work = alter if args.alter else delete if args.delete else describe if args.describe else list_command
    return run(args, lambda admin: work(admin, args))


if __name__ == "__main__":
    sys.exit(main())

"""kbroker-topics: create, list, describe, alter (partitions) and delete topics, as Kafka's
kafka-topics.sh does.

    kbroker-topics --bootstrap-server 127.0.0.1:9092 --create --topic orders --partitions 6 --config retention.ms=60000
    kbroker-topics --bootstrap-server ... --list
    kbroker-topics --bootstrap-server ... --describe [--topic orders]
    kbroker-topics --bootstrap-server ... --alter --topic orders --partitions 12
    kbroker-topics --bootstrap-server ... --delete --topic orders
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from client.admin import TOPIC_RESOURCE, AsyncAdmin, NewTopic
from client.cli.common import CliError, parser, run, split_config
from protocol.errors import ErrorCode

DYNAMIC_TOPIC_CONFIG = 1


def build_parser() -> argparse.ArgumentParser:
    p = parser("kbroker-topics", "Create, list, describe, alter and delete topics.")
    action = p.add_mutually_exclusive_group(required=True)
    for verb in ("--create", "--list", "--describe", "--alter", "--delete"):
        action.add_argument(verb, action="store_true")
    p.add_argument("--topic", metavar="TOPIC")
    p.add_argument("--partitions", type=int, metavar="N")
    p.add_argument("--replication-factor", type=int, default=-1, metavar="N")
    p.add_argument("--config", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--if-not-exists", action="store_true")
    p.add_argument("--if-exists", action="store_true")
    p.add_argument("--exclude-internal", action="store_true")
    return p


def _need_topic(args: argparse.Namespace) -> str:
    if not args.topic:
        raise CliError("--topic is required")
    topic: str = args.topic
    return topic


async def _existing(admin: AsyncAdmin, args: argparse.Namespace) -> dict[str, int]:
    topics = await admin.list_topics(internal=not args.exclude_internal)
    if args.topic and args.topic not in topics and not args.if_exists:
        raise CliError(f"Topic '{args.topic}' does not exist as expected")
    return topics


async def describe(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    topics = await _existing(admin, args)
    names = [args.topic] if args.topic else sorted(topics)
    out: list[dict[str, Any]] = []
    for name in names:
        if name not in topics:
            continue
        meta = admin.client.cluster.topics[name]
        configs = {
            c.name: c.value
            for c in await admin.describe_configs(TOPIC_RESOURCE, name)
            if c.source == DYNAMIC_TOPIC_CONFIG
        }
        parts: list[dict[str, Any]] = [
            {"partition": p.partition, "leader": p.leader, "replicas": list(p.replicas), "isr": list(p.isr)}
            for _, p in sorted(meta.partitions.items())
        ]
        out.append(
            {
                "topic": name,
                "topic_id": _kafka_id(meta.topic_id),
                "partition_count": len(parts),
                "replication_factor": len(parts[0]["replicas"]) if parts else 0,
                "configs": configs,
                "partitions": parts,
            }
        )
    if args.output == "json":
        print(json.dumps(out, indent=1))
        return 0
    for t in out:
        shown = ",".join(f"{k}={v}" for k, v in sorted(t["configs"].items()))
        print(
            f"Topic: {t['topic']}\tTopicId: {t['topic_id']}\tPartitionCount: {t['partition_count']}\t"
            f"ReplicationFactor: {t['replication_factor']}\tConfigs: {shown}"
        )
        for p in t["partitions"]:
            print(
                f"\tTopic: {t['topic']}\tPartition: {p['partition']}\tLeader: {p['leader']}\t"
                f"Replicas: {','.join(map(str, p['replicas']))}\tIsr: {','.join(map(str, p['isr']))}"
            )
    return 0


def _kafka_id(topic_id: Any) -> str:
    import base64

    return base64.urlsafe_b64encode(topic_id.bytes).decode().rstrip("=")


async def work(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    if args.list:
        topics = await admin.list_topics(internal=not args.exclude_internal)
        if args.output == "json":
            print(json.dumps(sorted(topics), indent=1))
        else:
            for name in sorted(topics):
                print(name)
        return 0
    if args.describe:
        return await describe(admin, args)
    name = _need_topic(args)
    if args.create:
        configs: dict[str, str] = {}
        for c in args.config:
            configs.update(split_config(c))
        try:
            await admin.create_topics(
                [NewTopic(name, args.partitions or -1, args.replication_factor, configs)]
            )
        except Exception as e:
            if getattr(e, "code", None) == ErrorCode.TOPIC_ALREADY_EXISTS and args.if_not_exists:
                return 0
            raise
        print(f"Created topic {name}.")
        return 0
    topics = await _existing(admin, args)
    if name not in topics:
        return 0  # --if-exists
    if args.alter:
        if args.partitions is None:
            raise CliError("--alter needs --partitions (configs are changed with kbroker-configs)")
        await admin.create_partitions({name: args.partitions})
        print(f"Altered partitions of topic {name} to {args.partitions}.")
        return 0
    await admin.delete_topics([name])
    print(f"Deleted topic {name}.")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return run(args, lambda admin: work(admin, args))


if __name__ == "__main__":
    sys.exit(main())

"""kbroker-reassign-partitions: move partitions between brokers, as Kafka's
kafka-reassign-partitions.sh does.

    kbroker-reassign-partitions --bootstrap-server ... --generate --topics-to-move-json-file t.json --broker-list 1,2,3,4
    kbroker-reassign-partitions --bootstrap-server ... --execute --reassignment-json-file r.json [--throttle 1000000]
    kbroker-reassign-partitions --bootstrap-server ... --verify --reassignment-json-file r.json
    kbroker-reassign-partitions --bootstrap-server ... --cancel --reassignment-json-file r.json

The files are Kafka's: topics to move {"version": 1, "topics": [{"topic": "orders"}]}; a
reassignment {"version": 1, "partitions": [{"topic": "orders", "partition": 0, "replicas": [1, 4],
"log_dirs": ["any", "any"]}]}. `--throttle` (bytes/s) sets `leader.replication.throttled.rate`
and `follower.replication.throttled.rate` on the brokers of the moving partitions, and the
topics' `leader.replication.throttled.replicas` (their current replicas) and
`follower.replication.throttled.replicas` (the replicas being added), as Kafka's tool does;
`--verify` removes them once every move is complete.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from client.admin import BROKER_RESOURCE, TOPIC_RESOURCE, AsyncAdmin
from client.cli.common import CliError, parser, run
from client.structs import TopicPartition
from protocol.errors import ErrorCode

Assignment = dict[TopicPartition, list[int]]
RATES = ("leader.replication.throttled.rate", "follower.replication.throttled.rate")
LEADER_REPLICAS = "leader.replication.throttled.replicas"
FOLLOWER_REPLICAS = "follower.replication.throttled.replicas"
SET, DELETE = 0, 1


def build_parser() -> argparse.ArgumentParser:
    p = parser("kbroker-reassign-partitions", "Move partitions between brokers.")
    action = p.add_mutually_exclusive_group(required=True)
    action.add_argument("--generate", action="store_true", help="propose an assignment onto --broker-list")
    action.add_argument("--execute", action="store_true", help="start the moves of --reassignment-json-file")
    action.add_argument(
        "--verify", action="store_true", help="check the moves, remove the throttle when done"
    )
    action.add_argument("--cancel", action="store_true", help="cancel the moves in progress of the file")
    action.add_argument("--list", action="store_true", help="list every move in progress")
    p.add_argument("--topics-to-move-json-file", metavar="FILE", help='{"topics": [{"topic": "t"}]}')
    p.add_argument("--broker-list", metavar="IDS", help="with --generate: the brokers to move onto, 1,2,3")
    p.add_argument(
        "--reassignment-json-file",
        metavar="FILE",
        help='{"partitions": [{"topic", "partition", "replicas"}]}',
    )
    p.add_argument(
        "--throttle", type=int, default=-1, metavar="BYTES/S", help="with --execute: replication throttle"
    )
    p.add_argument(
        "--preserve-throttles", action="store_true", help="with --verify/--cancel: keep the throttle"
    )
    p.add_argument(
        "--disallow-replication-factor-change", action="store_true", help="refuse moves that change it"
    )
    return p


# -- the JSON files (pure) ---------------------------------------------------------------------


def _load(path: str | None, option: str) -> Any:
    if not path:
        raise CliError(f"Missing required option(s) [{option}]")
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise CliError(f"cannot read --{option} {path}: {e.strerror or e}") from None
    except ValueError as e:
        raise CliError(f"--{option} {path} is not JSON: {e}") from None


def parse_topics(doc: Any) -> list[str]:
    try:
        topics = [str(t["topic"]) for t in doc["topics"]]
    except (KeyError, TypeError):
        raise CliError('expected {"version": 1, "topics": [{"topic": ...}]}') from None
    if len(set(topics)) != len(topics):
        raise CliError(f"Duplicate topic names: {sorted(t for t in set(topics) if topics.count(t) > 1)}")
    return topics


def parse_reassignment(doc: Any) -> Assignment:
    out: Assignment = {}
    try:
        for e in doc["partitions"]:
            tp = TopicPartition(str(e["topic"]), int(e["partition"]))
            replicas = [int(b) for b in e["replicas"]]
            dirs = e.get("log_dirs")
            if dirs is not None and len(dirs) != len(replicas):
                raise CliError(
                    f"Size of replicas list {replicas} is different from size of log dirs list {dirs}"
                )
            if tp in out:
                raise CliError(f"Duplicate partitions in reassignment: {tp.topic}-{tp.partition}")
            if not replicas or len(set(replicas)) != len(replicas):
                raise CliError(f"Partition replica lists may not contain duplicate or no entries: {replicas}")
            out[tp] = replicas
    except (KeyError, TypeError, ValueError):
        raise CliError(
            'expected {"version": 1, "partitions": [{"topic", "partition", "replicas"}]}'
        ) from None
    if not out:
        raise CliError("Partition reassignment list cannot be empty")
    return out


def format_reassignment(assignment: Assignment) -> str:
    partitions = [
        {"topic": tp.topic, "partition": tp.partition, "replicas": r, "log_dirs": ["any"] * len(r)}
        for tp, r in sorted(assignment.items())
    ]
    return json.dumps({"version": 1, "partitions": partitions}, separators=(",", ":"))


def propose(current: Assignment, brokers: Sequence[int]) -> Assignment:
    """Kafka's rack-unaware spread over `brokers`: partition p of a topic starts at broker
    (start + p) and its followers are shifted after it, each topic keeping its replication factor;
    the start and shift come from the topic name, so the proposal is the same every run."""
    ids = sorted(brokers)
    n = len(ids)
    out: Assignment = {}
    by_topic: dict[str, list[TopicPartition]] = {}
    for tp in sorted(current):
        by_topic.setdefault(tp.topic, []).append(tp)
    for topic, tps in by_topic.items():
        rf = len(current[tps[0]])
        if rf > n:
            raise CliError(f"Replication factor: {rf} larger than available brokers: {n}.")
        seed = sum(topic.encode())
        start, shift = seed % n, (seed // n) % max(n - 1, 1)
        for tp in tps:
            p = tp.partition
            first = (start + p) % n
            s = shift + p // n
            out[tp] = [ids[first]] + [ids[(first + 1 + (s + j) % (n - 1)) % n] for j in range(rf - 1)]
    return out


def throttled_replicas(current: Assignment, target: Assignment) -> dict[str, tuple[str, str]]:
    """Per topic, Kafka's throttled replica lists for the moving partitions: the leader side on
    their current replicas, the follower side on the replicas being added ("p:b,p:b")."""
    leader: dict[str, list[str]] = {}
    follower: dict[str, list[str]] = {}
    for tp, replicas in sorted(target.items()):
        now = current.get(tp, [])
        if replicas == now:
            continue
        leader.setdefault(tp.topic, []).extend(f"{tp.partition}:{b}" for b in now)
        follower.setdefault(tp.topic, []).extend(f"{tp.partition}:{b}" for b in replicas if b not in now)
    return {t: (",".join(leader.get(t, [])), ",".join(follower.get(t, []))) for t in sorted(leader)}


# -- talking to the cluster ----------------------------------------------------------------------


async def _current(admin: AsyncAdmin, topics: Iterable[str]) -> Assignment:
    wanted = sorted(set(topics))
    await admin.client.refresh_metadata(wanted)
    out: Assignment = {}
    for name in wanted:
        meta = admin.client.cluster.topics.get(name)
        if meta is None or meta.error_code:
            raise CliError(f"Topic '{name}' does not exist")
        for p, pm in sorted(meta.partitions.items()):
            out[TopicPartition(name, p)] = list(pm.replicas)
    return out


def _error_name(code: int) -> str:
    return ErrorCode(code).name if code in ErrorCode._value2member_map_ else str(code)


async def generate(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    topics = parse_topics(_load(args.topics_to_move_json_file, "topics-to-move-json-file"))
    if not args.broker_list:
        raise CliError("Missing required option(s) [broker-list]")
    try:
        brokers = [int(b) for b in args.broker_list.split(",")]
    except ValueError:
        raise CliError(f"--broker-list {args.broker_list!r}: expected broker ids, 1,2,3") from None
    live = set(admin.client.cluster.brokers)
    unknown = [b for b in brokers if b not in live]
    if unknown:
        raise CliError(f"Broker(s) {unknown} are not registered (live: {sorted(live)})")
    current = await _current(admin, topics)
    print("Current partition replica assignment")
    print(format_reassignment(current))
    print()
    print("Proposed partition reassignment configuration")
    print(format_reassignment(propose(current, brokers)))
    return 0


async def execute(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    target = parse_reassignment(_load(args.reassignment_json_file, "reassignment-json-file"))
    current = await _current(admin, {tp.topic for tp in target})
    missing = [tp for tp in target if tp not in current]
    if missing:
        raise CliError(f"The proposed assignment contains non-existent partitions: {missing}")
    ongoing = await admin.list_partition_reassignments()
    if ongoing:
        raise CliError(
            "Cannot execute because there is an existing partition assignment. Use --additional"
            " to override this and create a new partition assignment in addition to the existing one."
        )
    print("Current partition replica assignment")
    print(format_reassignment({tp: current[tp] for tp in target}))
    print("\nSave this to use as the --reassignment-json-file option during rollback")
    if args.throttle >= 0:
        brokers = sorted({b for tp, r in target.items() for b in [*r, *current[tp]]})
        for b in brokers:
            await admin.incremental_alter_configs(
                BROKER_RESOURCE, str(b), [(k, SET, str(args.throttle)) for k in RATES]
            )
        for topic, (leader, follower) in throttled_replicas(current, target).items():
            await admin.incremental_alter_configs(
                TOPIC_RESOURCE, topic, [(LEADER_REPLICAS, SET, leader), (FOLLOWER_REPLICAS, SET, follower)]
            )
        print(
            f"Warning: You must run --verify periodically, until the reassignment completes, to ensure the throttle is removed.\nThe inter-broker throttle limit was set to {args.throttle} B/s"
        )
    results = await admin.alter_partition_reassignments(
        dict(target.items()),
        allow_replication_factor_change=not args.disallow_replication_factor_change,
        timeout_ms=args.timeout,
    )
    failed = {tp: r for tp, r in results.items() if r[0] != ErrorCode.NONE}
    for tp, (code, message) in sorted(failed.items()):
        print(f"Error reassigning partition(s):\n{tp.topic}-{tp.partition}: {_error_name(code)}: {message}")
    if failed:
        return 1
    print(
        "Successfully started partition reassignment"
        + ("s" if len(target) > 1 else "")
        + " for "
        + ",".join(f"{tp.topic}-{tp.partition}" for tp in sorted(target))
    )
    return 0


async def _remove_throttles(admin: AsyncAdmin, topics: Iterable[str]) -> None:
    for b in sorted(admin.client.cluster.brokers):
        await admin.incremental_alter_configs(BROKER_RESOURCE, str(b), [(k, DELETE, None) for k in RATES])
    for topic in sorted(set(topics)):
        await admin.incremental_alter_configs(
            TOPIC_RESOURCE, topic, [(LEADER_REPLICAS, DELETE, None), (FOLLOWER_REPLICAS, DELETE, None)]
        )


async def verify(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    target = parse_reassignment(_load(args.reassignment_json_file, "reassignment-json-file"))
    ongoing = await admin.list_partition_reassignments(list(target))
    current = await _current(admin, {tp.topic for tp in target})
    print("Status of partition reassignment:")
    done = True
    for tp, replicas in sorted(target.items()):
        name = f"{tp.topic}-{tp.partition}"
        if tp in ongoing:
            print(f"Reassignment of partition {name} is still in progress.")
            done = False
        elif current.get(tp) == replicas:
            print(f"Reassignment of partition {name} is completed.")
        else:
            print(
                f"There is no active reassignment of partition {name}, but replica set is {current.get(tp)} rather than {replicas}."
            )
            done = False
    if done and not args.preserve_throttles:
        await _remove_throttles(admin, {tp.topic for tp in target})
        print(
            "\nClearing broker-level throttles on brokers "
            + ",".join(map(str, sorted(admin.client.cluster.brokers)))
        )
        print("Clearing topic-level throttles on topic(s) " + ",".join(sorted({tp.topic for tp in target})))
    return 0 if done else 1


async def cancel(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    target = parse_reassignment(_load(args.reassignment_json_file, "reassignment-json-file"))
    results = await admin.alter_partition_reassignments(dict.fromkeys(target), timeout_ms=args.timeout)
    cancelled = [tp for tp, (code, _) in results.items() if code == ErrorCode.NONE]
    failed = {
        tp: r
        for tp, r in results.items()
        if r[0] not in (ErrorCode.NONE, ErrorCode.NO_REASSIGNMENT_IN_PROGRESS)
    }
    if cancelled:
        print(
            "Successfully cancelled partition reassignment(s) for: "
            + ",".join(f"{tp.topic}-{tp.partition}" for tp in sorted(cancelled))
        )
    else:
        print("None of the specified partition reassignments are active.")
    for tp, (code, message) in sorted(failed.items()):
        print(f"Error cancelling {tp.topic}-{tp.partition}: {_error_name(code)}: {message}")
    if not args.preserve_throttles:
        await _remove_throttles(admin, {tp.topic for tp in target})
    return 1 if failed else 0


async def list_ongoing(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    ongoing = await admin.list_partition_reassignments()
    if not ongoing:
        print("No partition reassignments found.")
    else:
        print("Current partition reassignments:")
        for tp, (replicas, adding, removing) in sorted(ongoing.items()):
            print(f"{tp.topic}-{tp.partition}: replicas: {replicas}. adding: {adding}. removing: {removing}.")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    action = (
        generate
        if args.generate
        else execute
        if args.execute
        else verify
        if args.verify
        else cancel
        if args.cancel
        else list_ongoing
    )
    return run(args, lambda admin: action(admin, args))


if __name__ == "__main__":
    sys.exit(main())

"""kbroker-leader-election: elect the preferred (or an unclean) leader of partitions, as Kafka's
kafka-leader-election.sh does.

    kbroker-leader-election --bootstrap-server 127.0.0.1:9092 --election-type PREFERRED --all-topic-partitions
    kbroker-leader-election --bootstrap-server ... --election-type UNCLEAN --topic orders --partition 3
    kbroker-leader-election --bootstrap-server ... --election-type preferred --path-to-json-file elect.json

The JSON file is Kafka's: {"partitions": [{"topic": "orders", "partition": 3}, ...]}.
"""

from __future__ import annotations

import argparse
import json
import sys

from client.admin import AsyncAdmin
from client.cli.common import CliError, parser, run
from client.structs import TopicPartition
from protocol.errors import ErrorCode

TYPES = {"PREFERRED": 0, "UNCLEAN": 1}


def build_parser() -> argparse.ArgumentParser:
    p = parser("kbroker-leader-election", "Elect the preferred or an unclean leader of partitions.")
    p.add_argument(
        "--election-type",
        required=True,
        type=str.upper,
        choices=tuple(TYPES),
        help="PREFERRED: the first replica of the assignment; UNCLEAN: any live replica of a leaderless partition",
    )
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--topic", metavar="TOPIC", help="with --partition: one partition")
    which.add_argument("--all-topic-partitions", action="store_true", help="every partition of every topic")
    which.add_argument(
        "--path-to-json-file", metavar="FILE", help='{"partitions": [{"topic": "t", "partition": 0}, ...]}'
    )
    p.add_argument("--partition", type=int, metavar="P", help="the partition of --topic (required with it)")
    p.add_argument("--admin.config", dest="command_config", metavar="FILE", help="as --command-config")
    return p


def read_partitions(path: str) -> list[TopicPartition]:
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except OSError as e:
        raise CliError(f"cannot read --path-to-json-file {path}: {e.strerror or e}") from None
    except ValueError as e:
        raise CliError(f"--path-to-json-file {path} is not JSON: {e}") from None
    try:
        out = [TopicPartition(str(e["topic"]), int(e["partition"])) for e in doc["partitions"]]
    except (KeyError, TypeError, ValueError):
        raise CliError(
            f'--path-to-json-file {path}: expected {{"partitions": [{{"topic": ..., "partition": ...}}]}}'
        ) from None
    if len(set(out)) != len(out):
        dupes = sorted({f"{tp.topic}-{tp.partition}" for tp in out if out.count(tp) > 1})
        raise CliError(f"Replica election data contains duplicate partitions: {', '.join(dupes)}")
    return out


def _names(tps: list[TopicPartition]) -> str:
    return ", ".join(f"{tp.topic}-{tp.partition}" for tp in sorted(tps))


async def elect(admin: AsyncAdmin, args: argparse.Namespace) -> int:
    if args.topic is not None:
        if args.partition is None:
            raise CliError("Missing required option(s) [partition]")
        partitions: list[TopicPartition] | None = [TopicPartition(args.topic, args.partition)]
    elif args.path_to_json_file is not None:
        partitions = read_partitions(args.path_to_json_file)
    else:
        partitions = None
    kind = args.election_type
    results = await admin.elect_leaders(TYPES[kind], partitions, timeout_ms=args.timeout)
    done = [tp for tp, (code, _) in results.items() if code == ErrorCode.NONE]
    not_needed = [tp for tp, (code, _) in results.items() if code == ErrorCode.ELECTION_NOT_NEEDED]
    failed = {
        tp: r for tp, r in results.items() if r[0] not in (ErrorCode.NONE, ErrorCode.ELECTION_NOT_NEEDED)
    }
    if args.output == "json":
        print(
            json.dumps(
                [
                    {
                        "topic": tp.topic,
                        "partition": tp.partition,
                        "error": ErrorCode(code).name if code in ErrorCode._value2member_map_ else str(code),
                        "message": message,
                    }
                    for tp, (code, message) in sorted(results.items())
                ],
                indent=1,
            )
        )
    else:
        if done:
            print(f"Successfully completed leader election ({kind}) for partitions {_names(done)}")
        if not_needed:
            print(f"Valid replica already elected for partitions {_names(not_needed)}")
        if not done and not not_needed and not failed:
            print("No partitions need a leader election")
        for tp, (code, message) in sorted(failed.items()):
            name = ErrorCode(code).name if code in ErrorCode._value2member_map_ else str(code)
            print(
                f"Error completing leader election ({kind}) for partition: {tp.topic}-{tp.partition}: {name}: {message}"
            )
    if failed:
        print(f"Error: {len(failed)} replica(s) could not be elected", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return run(args, lambda admin: elect(admin, args))


if __name__ == "__main__":
    sys.exit(main())

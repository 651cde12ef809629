"""A consumer-group member driven by a test: one real client in its own process.

    python -m tests.interop.group_agent CLIENT BOOTSTRAP GROUP TOPIC [--instance ID] [--session-ms N]
        [--heartbeat-ms N] [--assignor range|roundrobin] [--client-id ID]

CLIENT is aiokafka, kafka-python or confluent. The agent subscribes to TOPIC, keeps polling,
and writes JSON lines on stdout:
    {"event": "assigned", "partitions": [...]}       after every rebalance (its whole assignment)
    {"event": "first", "partition": p, "offset": o}   the first record it reads from a partition
    {"event": "committed"} / {"event": "offsets", "offsets": {p: o}} / {"event": "closed"}
It reads commands as JSON lines on stdin:
    {"cmd": "commit", "offsets": {p: o}}   commit synchronously (the agent's current generation)
    {"cmd": "fetch", "partitions": [...]}  the group's committed offsets
    {"cmd": "close"}                       close cleanly (a dynamic member sends LeaveGroup)
A test kills the process (SIGKILL) to make a member vanish without leaving.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import queue
import sys
import threading
import time
from typing import Any


def emit(event: str, **fields: Any) -> None:
    sys.stdout.write(json.dumps({"event": event, "t": time.monotonic(), **fields}) + "\n")
    sys.stdout.flush()


def stdin_commands() -> queue.Queue:
    q: queue.Queue = queue.Queue()

    def read() -> None:
        for line in sys.stdin:
            if line.strip():
                q.put(json.loads(line))
        q.put({"cmd": "close"})  # the test went away

    threading.Thread(target=read, daemon=True).start()
    return q


def agent_arguments(runners: dict[str, Any], client_id: str) -> argparse.ArgumentParser:
    """What every agent is started with: CLIENT BOOTSTRAP GROUP TOPIC [--client-id ID]."""
    p = argparse.ArgumentParser()
    p.add_argument("client", choices=sorted(runners))
    p.add_argument("bootstrap")
    p.add_argument("group")
    p.add_argument("topic")
    p.add_argument("--client-id", default=client_id)
    return p


def aiokafka_options(a: argparse.Namespace) -> dict[str, Any]:
    """AIOKafkaConsumer's arguments every agent's member shares: commits only when told."""
    return {
        "bootstrap_servers": a.bootstrap,
        "group_id": a.group,
        "client_id": a.client_id,
        "enable_auto_commit": False,
        "auto_offset_reset": "earliest",
        "metadata_max_age_ms": 1000,
    }


def kip848_confluent_config(a: argparse.Namespace) -> dict[str, Any]:
    """librdkafka's configuration of a consumer protocol member (`group.protocol=consumer`)."""
    return {
        "bootstrap.servers": a.bootstrap,
        "group.id": a.group,
        "client.id": a.client_id,
        "group.protocol": "consumer",
        "enable.auto.commit": False,
        "auto.offset.reset": "earliest",
        "topic.metadata.refresh.interval.ms": 1000,
    }


class Owned(set[int]):
    """The partitions a member owns, reported whole ("assigned") at each incremental change."""

    def gain(self, partitions: Any) -> None:
        self.update(tp.partition for tp in partitions)
        emit("assigned", partitions=sorted(self))

    def lose(self, partitions: Any) -> None:
        self.difference_update(tp.partition for tp in partitions)
        emit("assigned", partitions=sorted(self))


def emit_consumed(got: list[list[int]]) -> None:
    """The (partition, offset) pairs just read, if any."""
    if got:
        emit("consumed", items=got)


class Seen:
    """Reports the first offset read from each partition after each assignment."""

    def __init__(self) -> None:
        self.first: set[int] = set()

    def reset(self) -> None:
        self.first.clear()

    def saw(self, partition: int, offset: int) -> None:
        if partition not in self.first:
            self.first.add(partition)
            emit("first", partition=partition, offset=offset)


def run_aiokafka(a: argparse.Namespace, commands: queue.Queue) -> None:
    import asyncio

    from aiokafka import AIOKafkaConsumer, ConsumerRebalanceListener
    from aiokafka.coordinator.assignors.range import RangePartitionAssignor
    from aiokafka.coordinator.assignors.roundrobin import RoundRobinPartitionAssignor
    from aiokafka.structs import OffsetAndMetadata, TopicPartition

    seen = Seen()

    class Listener(ConsumerRebalanceListener):
        def on_partitions_revoked(self, revoked: Any) -> None:
            pass

        def on_partitions_assigned(self, assigned: Any) -> None:
            seen.reset()
            emit("assigned", partitions=sorted(tp.partition for tp in assigned))

    async def main() -> None:
        assignor = RangePartitionAssignor if a.assignor == "range" else RoundRobinPartitionAssignor
        consumer = AIOKafkaConsumer(
            **aiokafka_options(a),
            session_timeout_ms=a.session_ms,
            heartbeat_interval_ms=a.heartbeat_ms,
            group_instance_id=a.instance,
            partition_assignment_strategy=(assignor,),
            max_poll_interval_ms=max(a.session_ms * 2, 10_000),
            rebalance_timeout_ms=a.rebalance_ms,
            request_timeout_ms=max(a.session_ms + 5000, 10_000),
        )
        consumer.subscribe([a.topic], listener=Listener())
        await consumer.start()
        emit("started")
        try:
            while True:
                batches = await consumer.getmany(timeout_ms=50)
                for tp, records in batches.items():
                    if records:
                        seen.saw(tp.partition, records[0].offset)
                while not commands.empty():
                    cmd = commands.get()
                    if cmd["cmd"] == "commit":
                        await consumer.commit(
                            {
                                TopicPartition(a.topic, int(p)): OffsetAndMetadata(o, "")
                                for p, o in cmd["offsets"].items()
                            }
                        )
                        emit("committed")
                    elif cmd["cmd"] == "fetch":
                        offsets = {
                            p: await consumer.committed(TopicPartition(a.topic, p)) for p in cmd["partitions"]
                        }
                        emit("offsets", offsets=offsets)
                    elif cmd["cmd"] == "close":
                        await consumer.stop()
                        emit("closed")
                        return
        finally:
            await consumer.stop()

    asyncio.run(main())


def run_kafka_python(a: argparse.Namespace, commands: queue.Queue) -> None:
    from kafka import ConsumerRebalanceListener, KafkaConsumer, OffsetAndMetadata, TopicPartition
    from kafka.coordinator.assignors.range import RangePartitionAssignor
    from kafka.coordinator.assignors.roundrobin import RoundRobinPartitionAssignor

    seen = Seen()

    class Listener(ConsumerRebalanceListener):
        def on_partitions_revoked(self, revoked: Any) -> None:
            pass

        def on_partitions_assigned(self, assigned: Any) -> None:
            seen.reset()
            emit("assigned", partitions=sorted(tp.partition for tp in assigned))

    assignor = RangePartitionAssignor if a.assignor == "range" else RoundRobinPartitionAssignor
    consumer = KafkaConsumer(
        bootstrap_servers=a.bootstrap,
        group_id=a.group,
        client_id=a.client_id,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        session_timeout_ms=a.session_ms,
        heartbeat_interval_ms=a.heartbeat_ms,
        partition_assignment_strategy=[assignor],
        metadata_max_age_ms=1000,
        max_poll_interval_ms=max(a.session_ms * 2, 10_000),
        request_timeout_ms=max(a.session_ms + 5000, 10_000),
    )
    consumer.subscribe([a.topic], listener=Listener())
    # kafka-python 3.0.12 loses a rebalance when its leader rejoins because the topic's metadata
    # changed and the JoinGroup outlasts a poll() timeout: computing the new assignment makes
    # need_rejoin() false, so the next poll never awaits the finished join, the heartbeat stays
    # off and the broker expires the member. A leader whose first JoinGroup goes out before a
    # metadata answer for its subscription arrives always takes that path (its snapshot is {}),
    # so one metadata round trip is made after subscribing and before the first poll.
    deadline = time.monotonic() + 30
    while a.topic not in consumer.topics():
        if time.monotonic() > deadline:
            raise SystemExit(f"no metadata for {a.topic}")
        time.sleep(0.05)
    emit("started")
    while True:
        batches = consumer.poll(timeout_ms=50)
        for tp, records in batches.items():
            if records:
                seen.saw(tp.partition, records[0].offset)
        while not commands.empty():
            cmd = commands.get()
            if cmd["cmd"] == "commit":
                consumer.commit(
                    {
                        TopicPartition(a.topic, int(p)): OffsetAndMetadata(o, "", -1)
                        for p, o in cmd["offsets"].items()
                    }
                )
                emit("committed")
            elif cmd["cmd"] == "fetch":
                emit(
                    "offsets",
                    offsets={p: consumer.committed(TopicPartition(a.topic, p)) for p in cmd["partitions"]},
                )
            elif cmd["cmd"] == "close":
                consumer.close(autocommit=False)
                emit("closed")
                return


def run_confluent(a: argparse.Namespace, commands: queue.Queue) -> None:
    from confluent_kafka import Consumer, TopicPartition

    seen = Seen()

    def on_assign(_consumer: Any, partitions: list) -> None:
        seen.reset()
        emit("assigned", partitions=sorted(tp.partition for tp in partitions))

    conf: dict[str, Any] = {
        "bootstrap.servers": a.bootstrap,
        "group.id": a.group,
        "client.id": a.client_id,
        "enable.auto.commit": False,
        "auto.offset.reset": "earliest",
        "session.timeout.ms": a.session_ms,
        "heartbeat.interval.ms": a.heartbeat_ms,
        "partition.assignment.strategy": a.assignor,
        "topic.metadata.refresh.interval.ms": 1000,
        "max.poll.interval.ms": max(a.session_ms * 2, 10_000),
    }
    if a.instance:
        conf["group.instance.id"] = a.instance
    consumer = Consumer(conf)
    consumer.subscribe([a.topic], on_assign=on_assign)
    emit("started")
    while True:
        msg = consumer.poll(0.05)
        if msg is not None and msg.error() is None:
            seen.saw(msg.partition(), msg.offset())
        while not commands.empty():
            cmd = commands.get()
            if cmd["cmd"] == "commit":
                consumer.commit(
                    offsets=[TopicPartition(a.topic, int(p), o) for p, o in cmd["offsets"].items()],
                    asynchronous=False,
                )
                emit("committed")
            elif cmd["cmd"] == "fetch":
                got = consumer.committed([TopicPartition(a.topic, p) for p in cmd["partitions"]], timeout=10)
                emit("offsets", offsets={tp.partition: (tp.offset if tp.offset >= 0 else None) for tp in got})
            elif cmd["cmd"] == "close":
                consumer.close()
                emit("closed")
                return


RUNNERS = {"aiokafka": run_aiokafka, "kafka-python": run_kafka_python, "confluent": run_confluent}


def main() -> None:
    p = agent_arguments(RUNNERS, "agent")
    p.add_argument("--instance")
    p.add_argument("--session-ms", type=int, default=3000)
    p.add_argument("--heartbeat-ms", type=int, default=300)
    p.add_argument("--rebalance-ms", type=int, default=10_000)
    p.add_argument("--assignor", default="range", choices=["range", "roundrobin"])
    a = p.parse_args()
    if os.environ.get("KBROKER_AGENT_LOGS"):  # see agents.py: the client's own debug log on stderr
        logging.basicConfig(
            level=logging.DEBUG,
            stream=sys.stderr,
            format="%(asctime)s %(threadName)s %(name)s %(levelname)s %(message)s",
        )
    RUNNERS[a.client](a, stdin_commands())


if __name__ == "__main__":
    main()

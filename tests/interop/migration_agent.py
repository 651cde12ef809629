"""A consumer of a group being migrated between the classic and the consumer protocol, as a
process of its own: `python -m tests.interop.migration_agent CLIENT BOOTSTRAP GROUP TOPIC`.

CLIENT is aiokafka (the classic protocol: JoinGroup/SyncGroup/Heartbeat, eager) or confluent
(librdkafka with `group.protocol=consumer`). It commits what it has read before it gives a
partition up (in its revocation callback) and before it leaves, so that the group never reads a
record twice. JSON events on stdout: "assigned" with every partition it owns after each change,
"consumed" with the (partition, offset) pairs it read, "commit-failed"; the command "close" on
stdin commits and leaves. `--instance-id` makes it a static member (group.instance.id): aiokafka
then sends no LeaveGroup as it closes, librdkafka leaves with member epoch -2 (it will be back),
so that the next process with the same instance id takes its place.
"""

from __future__ import annotations

import argparse
import asyncio
import queue
from typing import Any

from tests.interop.group_agent import (
    Owned,
    agent_arguments,
    aiokafka_options,
    emit,
    emit_consumed,
    kip848_confluent_config,
    stdin_commands,
)


def run_aiokafka(a: argparse.Namespace, commands: queue.Queue) -> None:
    from aiokafka import AIOKafkaConsumer, ConsumerRebalanceListener
    from aiokafka.coordinator.assignors.roundrobin import RoundRobinPartitionAssignor

    async def main() -> None:
        consumer = AIOKafkaConsumer(
            **aiokafka_options(a),
            session_timeout_ms=a.session_timeout_ms,
            group_instance_id=a.instance_id,
            heartbeat_interval_ms=200,
            max_poll_interval_ms=20_000,
            rebalance_timeout_ms=10_000,
            partition_assignment_strategy=(RoundRobinPartitionAssignor,),
        )

        async def commit_positions(partitions: Any) -> None:
            offsets = {tp: await consumer.position(tp) for tp in partitions}
            if offsets:
                try:
                    await consumer.commit(offsets)
                except Exception as e:  # noqa: BLE001 - reported: the test fails on the duplicates
                    emit("commit-failed", error=repr(e))

        class Listener(ConsumerRebalanceListener):
            async def on_partitions_revoked(self, revoked: Any) -> None:
                await commit_positions(revoked)
                emit("assigned", partitions=[])  # eager: everything goes before the rejoin

            async def on_partitions_assigned(self, assigned: Any) -> None:
                emit("assigned", partitions=sorted(tp.partition for tp in assigned))

        consumer.subscribe([a.topic], listener=Listener())
        await consumer.start()
        emit("started")
        while True:
            batches = await consumer.getmany(timeout_ms=50)
            emit_consumed([[tp.partition, r.offset] for tp, rs in batches.items() for r in rs])
            while not commands.empty():
                if commands.get()["cmd"] == "close":
                    await commit_positions(consumer.assignment())
                    await consumer.stop()
                    emit("assigned", partitions=[])
                    emit("closed")
                    return

    asyncio.run(main())


def run_confluent(a: argparse.Namespace, commands: queue.Queue) -> None:
    from confluent_kafka import Consumer, KafkaException

    owned = Owned()

    def commit_positions(consumer: Any, partitions: list) -> None:
        offsets = [tp for tp in consumer.position(partitions) if tp.offset >= 0]
        if offsets:
            try:
                consumer.commit(offsets=offsets, asynchronous=False)
            except KafkaException as e:
                emit("commit-failed", error=str(e))

    def on_assign(_consumer: Any, partitions: list) -> None:
        owned.gain(partitions)

    def on_revoke(consumer: Any, partitions: list) -> None:
        commit_positions(consumer, partitions)
        owned.lose(partitions)

    def on_lost(_consumer: Any, partitions: list) -> None:
        owned.lose(partitions)

    config = kip848_confluent_config(a)
    if a.instance_id is not None:
        config["group.instance.id"] = a.instance_id
    consumer = Consumer(config)
    consumer.subscribe([a.topic], on_assign=on_assign, on_revoke=on_revoke, on_lost=on_lost)
    emit("started")
    while True:
        batch = consumer.consume(100, 0.05)
        emit_consumed([[m.partition(), m.offset()] for m in batch if m.error() is None])
        while not commands.empty():
            if commands.get()["cmd"] == "close":
                commit_positions(consumer, consumer.assignment())
                consumer.close()
                emit("assigned", partitions=[])
                emit("closed")
                return


RUNNERS = {"aiokafka": run_aiokafka, "confluent": run_confluent}


def main() -> None:
    p = agent_arguments(RUNNERS, "migration-agent")
    p.add_argument("--instance-id", default=None)
    p.add_argument("--session-timeout-ms", type=int, default=3000)  # aiokafka's (classic)
    a = p.parse_args()
    RUNNERS[a.client](a, stdin_commands())


if __name__ == "__main__":
    main()

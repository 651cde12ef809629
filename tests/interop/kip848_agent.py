"""A consumer group member speaking the KIP-848 consumer protocol, as a process of its own:
`python -m tests.interop.kip848_agent CLIENT BOOTSTRAP GROUP TOPIC`.

CLIENT is confluent (librdkafka, `group.protocol=consumer`) or kbroker (our AsyncConsumer with
group_protocol="consumer"). It prints JSON events on stdout: "assigned" with every partition it
owns after each change (the callbacks are incremental under this protocol: revoked ones go
first), "consumed" with the (partition, offset) pairs it read; and obeys commands on stdin:
commit (its positions), fetch, close.
"""

from __future__ import annotations

import argparse
import asyncio
import queue
from typing import Any

from tests.interop.group_agent import (
    Owned,
    agent_arguments,
    emit,
    emit_consumed,
    kip848_confluent_config,
    stdin_commands,
)


def run_confluent(a: argparse.Namespace, commands: queue.Queue) -> None:
    from confluent_kafka import Consumer, TopicPartition

    owned = Owned()

    def on_assign(_consumer: Any, partitions: list) -> None:
        owned.gain(partitions)

    def on_revoke(_consumer: Any, partitions: list) -> None:
        owned.lose(partitions)

    conf = kip848_confluent_config(a)
    if a.assignor:
        conf["group.remote.assignor"] = a.assignor
    if a.instance:
        conf["group.instance.id"] = a.instance
    consumer = Consumer(conf)
    consumer.subscribe([a.topic], on_assign=on_assign, on_revoke=on_revoke, on_lost=on_revoke)
    emit("started")
    while True:
        batch = consumer.consume(100, 0.05)
        emit_consumed([[m.partition(), m.offset()] for m in batch if m.error() is None])
        while not commands.empty():
            cmd = commands.get()
            if cmd["cmd"] == "commit":
                positions = consumer.position([TopicPartition(a.topic, p) for p in sorted(owned)])
                offsets = [tp for tp in positions if tp.offset >= 0]
                if offsets:
                    consumer.commit(offsets=offsets, asynchronous=False)
                emit("committed", offsets={tp.partition: tp.offset for tp in offsets})
            elif cmd["cmd"] == "fetch":
                got_offsets = consumer.committed(
                    [TopicPartition(a.topic, p) for p in cmd["partitions"]], timeout=10
                )
                emit(
                    "offsets",
                    offsets={tp.partition: (tp.offset if tp.offset >= 0 else None) for tp in got_offsets},
                )
            elif cmd["cmd"] == "close":
                consumer.close()
                emit("closed")
                return


def run_kbroker(a: argparse.Namespace, commands: queue.Queue) -> None:
    from client.consumer import AsyncConsumer
    from client.structs import TopicPartition

    async def main() -> None:
        owned = Owned()

        class Listener:
            async def on_partitions_revoked(self, revoked: Any) -> None:
                owned.lose(revoked)

            async def on_partitions_assigned(self, assigned: Any) -> None:
                owned.gain(assigned)

        consumer = AsyncConsumer(
            bootstrap_servers=a.bootstrap,
            group_id=a.group,
            client_id=a.client_id,
            group_protocol="consumer",
            group_remote_assignor=a.assignor or None,
            group_instance_id=a.instance,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
        )
        await consumer.start()
        consumer.subscribe([a.topic], listener=Listener())
        emit("started")
        while True:
            records = await consumer.getmany(timeout_ms=50)
            emit_consumed([[tp.partition, r.offset] for tp, rs in records.items() for r in rs])
            while not commands.empty():
                cmd = commands.get()
                if cmd["cmd"] == "commit":
                    offsets = {tp: await consumer.position(tp) for tp in consumer.assignment()}
                    if offsets:
                        await consumer.commit(offsets)
                    emit("committed", offsets={tp.partition: o for tp, o in offsets.items()})
                elif cmd["cmd"] == "fetch":
                    fetched = {
                        p: await consumer.committed(TopicPartition(a.topic, p)) for p in cmd["partitions"]
                    }
                    emit("offsets", offsets=fetched)
                elif cmd["cmd"] == "close":
                    await consumer.close()
                    emit("closed")
                    return

    asyncio.run(main())


RUNNERS = {"confluent": run_confluent, "kbroker": run_kbroker}


def main() -> None:
    p = agent_arguments(RUNNERS, "kip848-agent")
    p.add_argument("--instance")
    p.add_argument("--assignor", default="")
    a = p.parse_args()
    RUNNERS[a.client](a, stdin_commands())


if __name__ == "__main__":
    main()

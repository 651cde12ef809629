"""An exactly-once consume-transform-produce application, one real client in its own process:

    python -m tests.interop.eos_app CLIENT BOOTSTRAP INPUT OUTPUT GROUP TXN_ID [--batch N] [--pace S]

CLIENT is `confluent` (confluent-kafka's transactional API) or `kbroker` (our AsyncProducer and
AsyncConsumer). It reads INPUT (read_committed) as member of GROUP, and for every poll writes
each record to OUTPUT as `T:<value>` (same key, same partition) and commits the input offsets in
the same transaction. `--pace` sleeps that long per record inside the transaction, so that a
test's kill -9 lands inside transactions. Any error: abort if possible, exit 3 (the test starts
the application again, as a supervisor would). It prints a JSON line per committed transaction.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import time


def emit(event: str, **fields: object) -> None:
    sys.stdout.write(json.dumps({"event": event, **fields}) + "\n")
    sys.stdout.flush()


def run_confluent(a: argparse.Namespace) -> int:
    from confluent_kafka import Consumer, KafkaException, Producer

    consumer = Consumer(
        {
            "bootstrap.servers": a.bootstrap,
            "group.id": a.group,
            "group.instance.id": f"{a.txn_id}-member",  # a restarted app takes its place at once
            "isolation.level": "read_committed",
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
            "session.timeout.ms": 6000,
        }
    )
    extra = {"debug": os.environ["EOS_DEBUG"]} if os.environ.get("EOS_DEBUG") else {}
    producer = Producer(
        {
            "bootstrap.servers": a.bootstrap,
            "transactional.id": a.txn_id,
            "transaction.timeout.ms": 10000,
            **extra,
        }
    )
    try:
        producer.init_transactions(30)
        consumer.subscribe([a.input])
        emit("ready")
        while True:
            msgs = [m for m in consumer.consume(num_messages=a.batch, timeout=0.5) if not m.error()]
            if not msgs:
                continue
            producer.begin_transaction()
            for m in msgs:
                producer.produce(a.output, key=m.key(), value=b"T:" + m.value(), partition=m.partition())
                producer.poll(0)
                if a.pace:
                    time.sleep(a.pace)
            producer.send_offsets_to_transaction(
                consumer.position(consumer.assignment()), consumer.consumer_group_metadata(), 10
            )
            producer.commit_transaction(30)
            emit("committed", records=len(msgs))
    except KafkaException as e:
        emit("error", error=str(e))
        err = e.args[0] if e.args else None
        if err is not None and getattr(err, "txn_requires_abort", lambda: False)():
            with contextlib.suppress(KafkaException):
                producer.abort_transaction(10)
        return 3


async def run_kbroker(a: argparse.Namespace) -> int:
    from client import AsyncConsumer, AsyncProducer
    from client.errors import KafkaError

    consumer = AsyncConsumer(
        a.input,
        bootstrap_servers=a.bootstrap,
        group_id=a.group,
        group_instance_id=f"{a.txn_id}-member",
        isolation_level="read_committed",
        enable_auto_commit=False,
        auto_offset_reset="earliest",
        session_timeout_ms=6000,
    )
    producer = AsyncProducer(bootstrap_servers=a.bootstrap, transactional_id=a.txn_id)
    try:
        await producer.start()
        await producer.init_transactions()
        await consumer.start()
        emit("ready")
        while True:
            batches = await consumer.getmany(timeout_ms=500, max_records=a.batch)
            records = [r for rs in batches.values() for r in rs]
            if not records:
                continue
            async with producer.transaction():
                for r in records:
                    await producer.send(a.output, value=b"T:" + r.value, key=r.key, partition=r.partition)
                    if a.pace:
                        await asyncio.sleep(a.pace)
                offsets = {tp: rs[-1].offset + 1 for tp, rs in batches.items() if rs}
                await producer.send_offsets_to_transaction(offsets, consumer.group_metadata())
            emit("committed", records=len(records))
    except (TimeoutError, KafkaError, OSError) as e:
        emit("error", error=repr(e))
        return 3
    finally:
        await asyncio.gather(consumer.close(), producer.close(), return_exceptions=True)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("client", choices=["confluent", "kbroker"])
    p.add_argument("bootstrap")
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("group")
    p.add_argument("txn_id")
    p.add_argument("--batch", type=int, default=100)
    p.add_argument("--pace", type=float, default=0.0)
    a = p.parse_args()
    if a.client == "confluent":
        return run_confluent(a)
    return asyncio.run(run_kbroker(a))


if __name__ == "__main__":
    sys.exit(main())

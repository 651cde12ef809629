"""EmbeddedBroker with the clients applications use: aiokafka in the test's loop (`async with`),
confluent-kafka and kafka-python against a threaded broker (`with`), kbroker's own client."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from client import AsyncConsumer, AsyncProducer
from kbroker.testing import EmbeddedBroker, broker_properties
from tests.helpers import ROOT

pytestmark = pytest.mark.interop


async def test_async_with_aiokafka_consumer_group() -> None:
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

    async with EmbeddedBroker() as b:
        assert b.bootstrap_servers == f"127.0.0.1:{b.port}"
        await b.aio.create_topic("orders", partitions=3)
        producer = AIOKafkaProducer(bootstrap_servers=b.bootstrap_servers)
        await producer.start()
        try:
            for i in range(6):
                await producer.send_and_wait("orders", f"o{i}".encode(), key=f"k{i}".encode())
        finally:
            await producer.stop()
        consumer = AIOKafkaConsumer(
            "orders",
            bootstrap_servers=b.bootstrap_servers,
            group_id="billing",
            auto_offset_reset="earliest",
            enable_auto_commit=False,
        )
        await consumer.start()
        try:
            got: list[bytes] = []
            while len(got) < 6:
                for records in (await consumer.getmany(timeout_ms=1000)).values():
                    got.extend(r.value for r in records)
            await consumer.commit()
            group = await b.aio.wait_for_group("billing", "Stable", members=1)
            assert group.protocol == "roundrobin" or group.protocol
            assert sorted(got) == [f"o{i}".encode() for i in range(6)]
            assert sum((await b.aio.committed("billing")).values()) == 6
        finally:
            await consumer.stop()
        await b.aio.wait_for_group("billing", "Empty", members=0)


def test_sync_with_confluent_kafka() -> None:
    from confluent_kafka import Consumer, Producer

    with EmbeddedBroker() as b:
        b.create_topic("events", partitions=2)
        producer = Producer({"bootstrap.servers": b.bootstrap_servers})
        for i in range(4):
            producer.produce("events", value=f"e{i}".encode(), key=b"k")
        assert producer.flush(10) == 0
        consumer = Consumer(
            {
                "bootstrap.servers": b.bootstrap_servers,
                "group.id": "audit",
                "auto.offset.reset": "earliest",
                "enable.auto.commit": False,
            }
        )
        try:
            consumer.subscribe(["events"])
            got: list[bytes] = []
            for _ in range(100):
                msg = consumer.poll(0.2)
                if msg is not None and msg.error() is None:
                    got.append(msg.value())
                if len(got) == 4:
                    break
            consumer.commit(asynchronous=False)
            assert got == [f"e{i}".encode() for i in range(4)]  # one key: one partition, in order
            assert b.wait_for_group("audit", members=1).state == "Stable"
            assert sum(b.committed("audit").values()) == 4
        finally:
            consumer.close()


def test_sync_with_kafka_python() -> None:
    from kafka import KafkaConsumer, KafkaProducer

    with EmbeddedBroker() as b:
        producer = KafkaProducer(bootstrap_servers=b.bootstrap_servers)
        for i in range(3):
            producer.send("logs", f"l{i}".encode())  # auto.create.topics.enable: made on first use
        producer.flush(10)
        producer.close()
        consumer = KafkaConsumer(
            "logs",
            bootstrap_servers=b.bootstrap_servers,
            group_id="reader",
            auto_offset_reset="earliest",
            enable_auto_commit=False,
            consumer_timeout_ms=5000,
        )
        try:
            got = [m.value for _, m in zip(range(3), consumer, strict=False)]
            consumer.commit()
            assert got == [b"l0", b"l1", b"l2"]
            assert b.committed("reader") == {("logs", 0): 3}
        finally:
            consumer.close()
        assert [r.value for r in b.consume_all("logs")] == [b"l0", b"l1", b"l2"]


async def test_kbroker_client_and_helpers_in_the_callers_loop() -> None:
    async with EmbeddedBroker(num_partitions=2) as b:
        async with AsyncProducer(b.bootstrap_servers, linger_ms=0) as producer:
            await (await producer.send("t", b"v", b"k"))
        async with AsyncConsumer(
            "t", bootstrap_servers=b.bootstrap_servers, group_id="g", auto_offset_reset="earliest"
        ) as consumer:
            record = await consumer.getone()
            assert record.value == b"v"
            await consumer.commit()
        assert (await b.aio.committed("g"))[("t", record.partition)] == 1
        with pytest.raises(RuntimeError, match="deadlock"):
            b.committed("g")  # a blocking helper on the caller's own loop


def test_properties_dict_and_keywords() -> None:
    props = broker_properties(
        {"log.retention.ms": 1000, "auto.create.topics.enable": False}, num_partitions=3
    )
    assert props["log.retention.ms"] == "1000"
    assert props["auto.create.topics.enable"] == "false"
    assert props["num.partitions"] == "3"
    assert props["group.initial.rebalance.delay.ms"] == "0"
    assert broker_properties({"num.partitions": 2}, num_partitions=5)["num.partitions"] == "5"
    with pytest.raises(ValueError, match=r"no\.such\.key"):
        EmbeddedBroker(no_such_key=1)  # refused at once, before anything starts


def test_log_dirs_given_are_kept(tmp_path: Path) -> None:
    with EmbeddedBroker(log_dirs=tmp_path / "data") as b:
        b.produce("kept", ["x"])
        assert b.data_dir == tmp_path / "data"
    assert (tmp_path / "data" / "kept-0").is_dir()
    with EmbeddedBroker(log_dirs=tmp_path / "data") as b:  # and read again
        assert [r.value for r in b.consume_all("kept")] == [b"x"]


def test_temporary_data_dir_goes() -> None:
    with EmbeddedBroker() as b:
        data = b.data_dir
        assert data.is_dir()
    assert not data.exists()


def test_no_clock_without_manual_clock() -> None:
    with EmbeddedBroker() as b, pytest.raises(RuntimeError, match="manual_clock"):
        b.clock.advance(1)


def test_importing_kbroker_testing_needs_no_pytest() -> None:
    code = "import sys, kbroker.testing; assert 'pytest' not in sys.modules and '_pytest' not in sys.modules"
    subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, check=True, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )


class RecordingFaults:
    """Stands in for broker/faults.py's Faults: records the thread of each call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple, str]] = []
        self.active = False

    def fail(self, api: str, error: str, times: int = 1) -> str:
        self.calls.append(("fail", (api, error, times), threading.current_thread().name))
        self.active = True
        return "rule"

    def clear(self) -> None:
        raise ValueError("refused")


def test_faults_hook_runs_on_the_broker_loop() -> None:
    with EmbeddedBroker() as b:
        original = getattr(b.broker, "faults", None)
        b.broker.faults = RecordingFaults()
        try:
            assert b.faults.fail("OffsetCommit", "NOT_COORDINATOR", times=3) == "rule"
            assert b.broker.faults.calls == [
                ("fail", ("OffsetCommit", "NOT_COORDINATOR", 3), "kbroker-embedded")
            ]
            assert b.faults.active is True
            with pytest.raises(ValueError, match="refused"):
                b.faults.clear()
        finally:
            b.broker.faults = original


async def test_faults_hook_in_the_callers_loop() -> None:
    async with EmbeddedBroker() as b:
        fake = RecordingFaults()
        b.broker.faults = fake
        assert b.faults is fake  # the broker's own loop: the injector itself


def test_not_started() -> None:
    b = EmbeddedBroker(manual_clock=True)
    for call in (lambda: b.bootstrap_servers, lambda: b.committed("g"), lambda: b.clock.advance(1)):
        with pytest.raises(RuntimeError, match="not started"):
            call()
    b.close()  # nothing to stop

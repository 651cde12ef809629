"""An application's test suite outside this repository: its own venv, `pip install kbroker` (lean,
no extras) from this tree, its own test file on the fixtures with aiokafka, confluent-kafka and
kafka-python, and `pytest` run there. The plugin comes from the installed package's pytest11
entry point alone: nothing of this repository is on the path.

About a minute, most of it pip (from its cache, else PyPI)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.helpers import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.interop]

# The package's sources (a copy: building writes build/ and *.egg-info next to them).
SOURCES = ["pyproject.toml", "README.md", "protocol", "broker", "client", "kbroker"]
# What the application's own test environment brings (not kbroker's extras).
APP_TEST_DEPS = ["pytest", "pytest-asyncio", "aiokafka", "confluent-kafka", "kafka-python"]

APP_TESTS = """
import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from confluent_kafka import Consumer, Producer
from kafka import KafkaConsumer, KafkaProducer

import kbroker.testing


def test_kbroker_is_the_installed_one():
    assert "site-packages" in kbroker.testing.__file__


def test_confluent_kafka_group(kafka_broker):
    kafka_broker.create_topic("orders", partitions=2)
    producer = Producer({"bootstrap.servers": kafka_broker.bootstrap_servers})
    for i in range(4):
        producer.produce("orders", value=f"o{i}".encode(), key=b"k")
    assert producer.flush(10) == 0
    consumer = Consumer({"bootstrap.servers": kafka_broker.bootstrap_servers, "group.id": "billing",
                         "auto.offset.reset": "earliest", "enable.auto.commit": False})
    consumer.subscribe(["orders"])
    got = []
    for _ in range(100):
        msg = consumer.poll(0.2)
        if msg is not None and msg.error() is None:
            got.append(msg.value())
        if len(got) == 4:
            break
    consumer.commit(asynchronous=False)
    assert kafka_broker.wait_for_group("billing", members=1).state == "Stable"
    consumer.close()
    assert got == [b"o0", b"o1", b"o2", b"o3"]
    assert sum(kafka_broker.committed("billing").values()) == 4


def test_kafka_python_on_the_session_broker(kafka_broker_session):
    topic = kafka_broker_session.topic("logs")
    producer = KafkaProducer(bootstrap_servers=kafka_broker_session.bootstrap_servers)
    producer.send(topic, b"hello")
    producer.flush(10)
    producer.close()
    consumer = KafkaConsumer(topic, bootstrap_servers=kafka_broker_session.bootstrap_servers,
                             group_id=kafka_broker_session.group("g"), auto_offset_reset="earliest",
                             consumer_timeout_ms=10000)
    assert next(iter(consumer)).value == b"hello"
    consumer.close()


@pytest.mark.asyncio
@pytest.mark.kafka_broker(manual_clock=True)
async def test_aiokafka_member_expires_on_the_manual_clock(kafka_broker):
    producer = AIOKafkaProducer(bootstrap_servers=kafka_broker.bootstrap_servers)
    await producer.start()
    await producer.send_and_wait("events", b"e")
    await producer.stop()
    consumer = AIOKafkaConsumer("events", bootstrap_servers=kafka_broker.bootstrap_servers,
                                group_id="g", auto_offset_reset="earliest", session_timeout_ms=30000)
    await consumer.start()
    try:
        assert (await consumer.getone()).value == b"e"
        before = await kafka_broker.aio.wait_for_group("g", members=1)
        await kafka_broker.clock.advance_async(30)  # its session ends: a pause longer than it
        after = await kafka_broker.aio.wait_for_group("g", members=1)  # it joined again
        assert after.members[0].member_id != before.members[0].member_id
    finally:
        await consumer.stop()
"""


def test_an_application_project_uses_the_installed_fixtures(tmp_path: Path) -> None:
    started = time.monotonic()
    src = tmp_path / "kbroker-src"
    src.mkdir()
    for name in SOURCES:
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, src / name)
    app = tmp_path / "app"
    (app / "tests").mkdir(parents=True)
    (app / "tests" / "test_app.py").write_text(textwrap.dedent(APP_TESTS))
    venv = app / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)  # no system site
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTEST_ADDOPTS", "VIRTUAL_ENV")}
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
         "--disable-pip-version-check", str(src), *APP_TEST_DEPS],
        check=True, timeout=300, env=env, cwd=app,
    )  # fmt: skip
    installed = time.monotonic()
    run = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=app, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    print(f"install {installed - started:.1f}s, pytest {time.monotonic() - installed:.1f}s")
    assert run.returncode == 0, run.stdout[-5000:] + run.stderr[-3000:]
    assert "4 passed" in run.stdout

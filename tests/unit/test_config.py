"""Kafka-named properties, Kafka defaults, and bad values stop the broker naming the key."""

import subprocess
import sys

import pytest

from broker.config import Config, ConfigError, read_properties
from tests.helpers import ROOT


def test_defaults_are_kafkas():
    c = Config()
    assert c["offsets.topic.num.partitions"] == 50
    assert c["group.initial.rebalance.delay.ms"] == 3000
    assert c["group.min.session.timeout.ms"] == 6000
    assert c["group.max.session.timeout.ms"] == 1800000
    assert c["socket.request.max.bytes"] == 104857600
    assert c["auto.create.topics.enable"] is True
    assert c["num.partitions"] == 1
    assert c.listeners[0].port == 9092


def test_properties_file_syntax():
    props = read_properties("# comment\n! also\nbroker.id = 3\nlog.dirs: /a,/b\nlisteners=PLAINTEXT://h:1\\\n2\n")
    assert props == {"broker.id": "3", "log.dirs": "/a,/b", "listeners": "PLAINTEXT://h:12"}


def test_load_file_and_overrides(tmp_path):
    f = tmp_path / "server.properties"
    f.write_text("broker.id=3\nnum.partitions=4\n")
    c = Config.load(f, ["num.partitions=6", "log.dirs=/x,/y"])
    assert (c.broker_id, c["num.partitions"]) == (3, 6)
    assert [str(p) for p in c.log_dirs] == ["/x", "/y"]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("num.partitions", "zero"),
        ("num.partitions", "0"),
        ("auto.create.topics.enable", "yes"),
        ("listeners", "127.0.0.1:9092"),
        ("listeners", "PLAINTEXT://127.0.0.1:99999"),
        ("log.cleaner.min.cleanable.ratio", "2"),
        ("log.cleanup.policy", "shred"),
    ],
)
def test_bad_value_names_the_key(key, value):
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")):
        Config({key: value})


def test_unknown_key_is_named():
    with pytest.raises(ConfigError, match="no.such.key"):
        Config({"no.such.key": "1"})


def test_session_bounds_must_be_ordered():
    with pytest.raises(ConfigError, match="group.min.session.timeout.ms"):
        Config({"group.min.session.timeout.ms": "10", "group.max.session.timeout.ms": "5"})


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--override", "bogus.key=1"], "bogus.key"),
        (["--override", "num.partitions=-3"], "num.partitions"),
        (["/nonexistent/server.properties"], "/nonexistent/server.properties"),
    ],
)
def test_cli_exits_2_naming_the_problem(args, named):
    proc = subprocess.run([sys.executable, "-m", "broker", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=30)
    assert proc.returncode == 2
    assert named in proc.stderr

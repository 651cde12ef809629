"""Dynamic broker configs, group configs and feature levels, decided without I/O."""

from __future__ import annotations

import pytest

from broker.config import Config
from broker.config_resources import ConfigSource, describe_broker, describe_group
from broker.dynamic_config import (
    DynamicConfigError,
    DynamicConfigs,
    altered,
    altered_group,
    check_effective,
    read_file,
    read_group_file,
    write_file,
)
from broker.features import SAFE_DOWNGRADE, UPGRADE, FeatureUpdate, update
from protocol.errors import ErrorCode

SET, DELETE, APPEND, SUBTRACT = 0, 1, 2, 3


def test_only_dynamic_keys_change_and_values_are_checked():
    assert altered({}, [("log.retention.ms", SET, "60000")], True) == {"log.retention.ms": "60000"}
    with pytest.raises(DynamicConfigError, match="Cannot update these configs dynamically"):
        altered({}, [("log.retention.ms", SET, "1"), ("broker.id", SET, "3")], True)
    with pytest.raises(DynamicConfigError, match="Invalid value soon"):
        altered({}, [("log.retention.ms", SET, "soon")], True)
    with pytest.raises(DynamicConfigError, match="not a list type"):
        altered({}, [("log.retention.ms", APPEND, "1")], True)
    assert altered({"log.cleanup.policy": "delete"}, [("log.cleanup.policy", APPEND, "compact")], True) == {
        "log.cleanup.policy": "delete,compact"
    }
    # AlterConfigs (not incremental) replaces the whole layer; DELETE drops a key.
    assert altered({"log.retention.ms": "5"}, [("message.max.bytes", SET, "2000")], False) == {
        "message.max.bytes": "2000"
    }
    assert altered({"log.retention.ms": "5"}, [("log.retention.ms", DELETE, None)], True) == {}


def test_broker_value_over_default_over_static_in_describe():
    config = Config({"log.retention.ms": "1000"})
    config.apply_dynamic(
        {"log.retention.ms": "2000", "message.max.bytes": "5000"}, {"log.retention.ms": "3000"}
    )
    assert config["log.retention.ms"] == 3000 and config["message.max.bytes"] == 5000
    entries = {
        e.name: e for e in describe_broker(config, ["log.retention.ms", "message.max.bytes", "broker.id"])
    }
    retention = entries["log.retention.ms"]
    assert (retention.value, retention.source, retention.read_only) == (
        "3000",
        ConfigSource.DYNAMIC_BROKER_CONFIG,
        False,
    )
    assert [s for _, _, s in retention.synonyms] == [
        ConfigSource.DYNAMIC_BROKER_CONFIG,
        ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG,
        ConfigSource.STATIC_BROKER_CONFIG,
    ]
    assert entries["message.max.bytes"].source == ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG
    assert entries["broker.id"].read_only
    assert [e.name for e in describe_broker(config, None, default_only=True)] == [
        "log.retention.ms",
        "message.max.bytes",
    ]


def test_dynamic_configs_apply_on_a_sasl_inter_broker_listener(tmp_path):
    # The broker's own login is a listener-prefixed key: the Config the dynamic layers are
    # checked and put in force with keeps it (else every SASL cluster refused them all).
    key = tmp_path / "broker.pem"
    key.write_text("")
    config = Config(
        {
            "zookeeper.connect": "127.0.0.1:2181",
            "listeners": "SASL_SSL://127.0.0.1:9093",
            "inter.broker.listener.name": "SASL_SSL",
            "sasl.mechanism.inter.broker.protocol": "PLAIN",
            "listener.name.sasl_ssl.plain.sasl.jaas.config": 'x required username="b" password="p";',
            "listener.name.sasl_ssl.ssl.keystore.location": str(key),
            "listener.name.sasl_ssl.ssl.truststore.location": str(key),
        }
    )
    layers = DynamicConfigs(default={"log.retention.ms": "2000"}, broker={"message.max.bytes": "5000"})
    check_effective(config, layers)
    config.apply_dynamic(layers.default, layers.broker)
    assert config["log.retention.ms"] == 2000 and config["message.max.bytes"] == 5000
    assert config.listener_jaas[("SASL_SSL", "PLAIN")].endswith('password="p";')


def test_group_configs_follow_the_broker_bounds():
    config = Config({})
    assert altered_group(config, {}, [("consumer.session.timeout.ms", SET, "50000")], True) == {
        "consumer.session.timeout.ms": "50000"
    }
    for bad in (
        [("consumer.session.timeout.ms", SET, "1000")],  # below group.consumer.min.session.timeout.ms
        [("consumer.heartbeat.interval.ms", SET, "20000")],  # above the max heartbeat interval
        [("share.auto.offset.reset", SET, "never")],
        [("no.such", SET, "1")],
        [("consumer.session.timeout.ms", SET, "x")],
    ):
        with pytest.raises(DynamicConfigError):
            altered_group(config, {}, bad, True)
    entries = {e.name: e for e in describe_group(config, {"consumer.session.timeout.ms": "50000"}, None)}
    assert entries["consumer.session.timeout.ms"].source == ConfigSource.GROUP_CONFIG
    assert (
        entries["consumer.heartbeat.interval.ms"].value,
        entries["consumer.heartbeat.interval.ms"].source,
    ) == (
        "5000",
        ConfigSource.DEFAULT_CONFIG,
    )


def test_the_file_keeps_every_layer(tmp_path):
    layers = DynamicConfigs({"log.retention.ms": "1"}, {"message.max.bytes": "2"})
    write_file(tmp_path, 7, layers, {"g": {"consumer.session.timeout.ms": "50000"}, "empty": {}})
    assert read_file(tmp_path, 7) == layers
    assert read_file(tmp_path, 8).default == {"message.max.bytes": "2"}  # another broker's own: not ours
    assert read_group_file(tmp_path) == {"g": {"consumer.session.timeout.ms": "50000"}}


def test_feature_updates_all_or_nothing():
    levels, results = update({"group.version": 1}, [FeatureUpdate("group.version", 0, SAFE_DOWNGRADE)])
    assert levels == {} and results == {"group.version": (ErrorCode.NONE, None)}
    levels, results = update(
        {"group.version": 1},
        [FeatureUpdate("group.version", 0, UPGRADE), FeatureUpdate("nope", 1, UPGRADE)],
    )
    assert levels == {"group.version": 1}
    assert {f: c for f, (c, _) in results.items()} == {
        "group.version": ErrorCode.INVALID_UPDATE_VERSION,  # a downgrade needs a downgrade type
        "nope": ErrorCode.INVALID_UPDATE_VERSION,
    }
    assert update({}, [FeatureUpdate("group.version", 2, UPGRADE)])[0] == {}  # above the supported range

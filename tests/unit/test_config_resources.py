"""Config resources as the admin APIs see them: sources, synonyms, incremental operations."""

from __future__ import annotations

import pytest

from broker.config import Config
from broker.config_resources import (
    AlterOp,
    ConfigSource,
    checked_overrides,
    describe_broker,
    describe_topic,
    incremental_overrides,
)
from broker.log.config import TopicConfigError


def test_topic_sources_and_synonyms_most_specific_first():
    config = Config({"log.retention.hours": "24"})
    (retention, policy, jitter) = describe_topic(
        config, {"cleanup.policy": "compact"}, ["retention.ms", "cleanup.policy", "segment.jitter.ms", "nope"]
    )
    assert (retention.value, retention.source) == ("86400000", ConfigSource.STATIC_BROKER_CONFIG)
    assert retention.synonyms == (
        ("log.retention.hours", "24", ConfigSource.STATIC_BROKER_CONFIG),
        ("log.retention.hours", "168", ConfigSource.DEFAULT_CONFIG),
    )
    assert (policy.value, policy.source) == ("compact", ConfigSource.DYNAMIC_TOPIC_CONFIG)
    assert policy.synonyms[0] == ("cleanup.policy", "compact", ConfigSource.DYNAMIC_TOPIC_CONFIG)
    assert (jitter.value, jitter.source) == ("0", ConfigSource.DEFAULT_CONFIG)
    assert len(describe_topic(config, {}, None)) > 30  # every topic config Kafka defines


def test_broker_configs_have_their_source_and_only_dynamic_ones_are_writable():
    (hours, parts) = describe_broker(
        Config({"log.retention.hours": "24"}), ["log.retention.hours", "num.partitions"]
    )
    # log.retention.hours changes live (a dynamic broker config); num.partitions does not
    assert (hours.value, hours.source, hours.read_only) == ("24", ConfigSource.STATIC_BROKER_CONFIG, False)
    assert (parts.value, parts.source, parts.read_only) == ("1", ConfigSource.DEFAULT_CONFIG, True)


def test_incremental_operations():
    current = {"cleanup.policy": "delete", "retention.ms": "1000"}
    assert incremental_overrides(
        current,
        [
            ("cleanup.policy", AlterOp.APPEND, "compact"),
            ("retention.ms", AlterOp.DELETE, None),
            ("segment.bytes", AlterOp.SET, "1048576"),
        ],
    ) == {"cleanup.policy": "delete,compact", "segment.bytes": "1048576"}
    assert incremental_overrides(
        {"cleanup.policy": "delete,compact"}, [("cleanup.policy", AlterOp.SUBTRACT, "delete")]
    ) == {"cleanup.policy": "compact"}
    assert current == {"cleanup.policy": "delete", "retention.ms": "1000"}  # untouched


@pytest.mark.parametrize(
    "ops",
    [
        [("retention.msx", AlterOp.SET, "1")],
        [("retention.ms", AlterOp.SET, "soon")],
        [("retention.ms", AlterOp.SET, None)],
        [("retention.ms", AlterOp.APPEND, "1")],
        [("retention.ms", 9, "1")],
        [("retention.ms", AlterOp.SET, "1"), ("retention.ms", AlterOp.DELETE, None)],
        [("cleanup.policy", AlterOp.SET, "forever")],
    ],
)
def test_refusals_are_invalid_config(ops):
    with pytest.raises(TopicConfigError):
        incremental_overrides({}, ops)


def test_legacy_alter_checks_the_whole_set():
    assert checked_overrides({"retention.ms": "5"}) == {"retention.ms": "5"}
    with pytest.raises(TopicConfigError):
        checked_overrides({"retention.ms": None})

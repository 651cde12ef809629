"""Dynamic broker configs (Kafka's DynamicBrokerConfig, KIP-226): the broker properties that
IncrementalAlterConfigs/AlterConfigs may change on a live broker, per broker or as the
cluster-wide default, and where they are kept.

Precedence, most specific first (Kafka's): the broker's own dynamic value
(DYNAMIC_BROKER_CONFIG), the cluster default (DYNAMIC_DEFAULT_BROKER_CONFIG), server.properties
(STATIC_BROKER_CONFIG), Kafka's default. A key outside `DYNAMIC_KEYS` is read-only, and a change
of it is refused with Kafka's message.

Kept in ZooKeeper in a cluster, as Kafka 2.x: `/config/brokers/<id>` and `/config/brokers/<default>`
with a `/config/changes` notification that wakes every broker; a single broker keeps them in
`<log dir>/kbroker-dynamic-configs.json`. Pure here; the broker applies what this returns.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from broker.config import DEFS, Config, ConfigError
from broker.share.manager import parse_duration_ms

DEFAULT_ENTITY = "<default>"  # Kafka's name for the cluster-wide default ("" in the admin APIs)
FILE = "kbroker-dynamic-configs.json"

# Kafka's dynamic broker configs that kbroker knows: the topic defaults (DynamicLogConfig), the
# log cleaner's (LogCleaner.ReconfigurableConfigs), the connection limits (DynamicConnectionQuota:
# stored and announced; their enforcement lives with the quotas) and the thread pool sizes
# (DynamicThreadPool: accepted, as in server.properties, with no effect on one event loop).
DYNAMIC_KEYS = frozenset(
    {
        "log.segment.bytes",
        "log.roll.ms",
        "log.roll.hours",
        "log.index.size.max.bytes",
        "log.index.interval.bytes",
        "log.retention.ms",
        "log.retention.minutes",
        "log.retention.hours",
        "log.retention.bytes",
        "log.cleanup.policy",
        "log.flush.interval.messages",
        "log.flush.interval.ms",
        "log.segment.delete.delay.ms",
        "log.message.timestamp.type",
        "log.cleaner.threads",
        "log.cleaner.backoff.ms",
        "log.cleaner.min.cleanable.ratio",
        "log.cleaner.delete.retention.ms",
        "log.cleaner.min.compaction.lag.ms",
        "log.cleaner.max.compaction.lag.ms",
        "log.cleaner.dedupe.buffer.size",
        "log.cleaner.io.buffer.size",
        "log.cleaner.io.buffer.load.factor",
        "log.cleaner.io.max.bytes.per.second",
        "message.max.bytes",
        "compression.type",
        "min.insync.replicas",
        "unclean.leader.election.enable",
        "max.connections",
        "max.connections.per.ip",
        "max.connections.per.ip.overrides",
        "max.connection.creation.rate",
        "num.io.threads",
        "num.network.threads",
        "num.recovery.threads.per.data.dir",
        "background.threads",
        "leader.replication.throttled.rate",
        "follower.replication.throttled.rate",
    }
)


class DynamicConfigError(ValueError):
    """INVALID_CONFIG, with Kafka's message."""


def known_dynamic_keys() -> frozenset[str]:
    """The dynamic keys this build has properties for (some belong to other components)."""
    return frozenset(k for k in DYNAMIC_KEYS if k in DEFS)


@dataclass(slots=True)
class DynamicConfigs:
    """The dynamic layers: this broker's own and the cluster default."""

    broker: dict[str, str] = field(default_factory=dict)
    default: dict[str, str] = field(default_factory=dict)

    def layer(self, entity: str) -> dict[str, str]:
        return self.default if entity == DEFAULT_ENTITY else self.broker


def entity_of(resource_name: str) -> str:
    """The admin APIs name the cluster default "" and a broker by its id."""
    return DEFAULT_ENTITY if resource_name == "" else resource_name


def altered(
    current: Mapping[str, str], ops: Iterable[tuple[str, int, str | None]], incremental: bool
) -> dict[str, str]:
    """A layer after IncrementalAlterConfigs' (name, op, value) or AlterConfigs' (replace-all)
    changes, validated as Kafka does: read-only keys refused by name, values parsed and checked."""
    ops = list(ops)
    read_only = sorted({name for name, _, _ in ops if name not in known_dynamic_keys()})
    if read_only:
        raise DynamicConfigError(f"Cannot update these configs dynamically: {set(read_only)}")
    new = dict(current) if incremental else {}
    for name, op, value in ops:
        if op == 1:  # DELETE
            new.pop(name, None)
        elif op == 0:  # SET
            if value is None:
                raise DynamicConfigError(f"Null value not supported for config {name}")
            new[name] = value
        else:  # APPEND/SUBTRACT: only list configs
            if name not in ("log.cleanup.policy", "max.connections.per.ip.overrides"):
                raise DynamicConfigError(
                    f"Config value append/subtract is not allowed for config key {name} (not a list type)"
                )
            items = [v for v in new.get(name, "").split(",") if v]
            given = [v.strip() for v in (value or "").split(",") if v.strip()]
            items = (
                items + [v for v in given if v not in items]
                if op == 2
                else [v for v in items if v not in given]
            )
            new[name] = ",".join(items)
    for name, text in new.items():
        d = DEFS[name]
        try:
            parsed = d.parse(text)
        except ValueError as e:
            raise DynamicConfigError(f"Invalid value {text} for configuration {name}: {e}") from None
        complaint = d.check(parsed) if d.check else None
        if complaint:
            raise DynamicConfigError(f"Invalid value {text} for configuration {name}: {complaint}")
    return new


def check_effective(config: Config, layers: DynamicConfigs) -> None:
    """The configuration these layers would put in force validates (timeouts in order...)."""
    try:
        Config({**config.raw, **layers.default, **layers.broker})
    except ConfigError as e:
        raise DynamicConfigError(str(e)) from None


# -- a single broker's file ----------------------------------------------------------------------


def read_file(log_dir: Path, broker_id: int) -> DynamicConfigs:
    try:
        data = json.loads((log_dir / FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return DynamicConfigs()
    except (OSError, ValueError) as e:
        raise ConfigError(f"cannot read {log_dir / FILE}: {e}") from e
    brokers = data.get("brokers", {})
    return DynamicConfigs(dict(brokers.get(str(broker_id), {})), dict(brokers.get(DEFAULT_ENTITY, {})))


def write_file(
    log_dir: Path,
    broker_id: int,
    layers: DynamicConfigs,
    groups: Mapping[str, Mapping[str, str]],
    features: tuple[Mapping[str, int], int] | None = None,
    client_metrics: Mapping[str, Mapping[str, str]] | None = None,
) -> None:
    """Written to a temporary file, fsynced and renamed: a crash leaves the old or the new."""
    body = json.dumps(
        {
            "version": 1,
            "brokers": {str(broker_id): layers.broker, DEFAULT_ENTITY: layers.default},
            "groups": {g: dict(c) for g, c in groups.items() if c},
            "client_metrics": {n: dict(c) for n, c in (client_metrics or {}).items()},
            **(
                {"features": dict(features[0]), "features_epoch": features[1]} if features is not None else {}
            ),
        },
        indent=1,
        sort_keys=True,
    )
    tmp = log_dir / (FILE + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(body)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, log_dir / FILE)
    fd = os.open(log_dir, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


# -- group configs (KIP-848/KIP-932: DescribeConfigs/IncrementalAlterConfigs on GROUP resources) --

# Kafka's GroupConfig: per-group overrides of the coordinator's settings, each defaulting to a
# broker property (None: a Kafka default that kbroker has no property for).
GROUP_CONFIG_DEFAULTS: dict[str, tuple[str | None, str]] = {
    "consumer.session.timeout.ms": ("group.consumer.session.timeout.ms", "45000"),
    "consumer.heartbeat.interval.ms": ("group.consumer.heartbeat.interval.ms", "5000"),
    "share.session.timeout.ms": ("group.share.session.timeout.ms", "45000"),
    "share.heartbeat.interval.ms": ("group.share.heartbeat.interval.ms", "5000"),
    "share.record.lock.duration.ms": ("group.share.record.lock.duration.ms", "30000"),
    "share.delivery.count.limit": ("group.share.delivery.count.limit", "5"),
    "share.partition.max.record.locks": ("group.share.partition.max.record.locks", "2000"),
    "share.auto.offset.reset": (None, "latest"),
    "share.isolation.level": (None, "read_uncommitted"),
    # KIP-1191's dead-letter topic (broker/share/dead_letter.py); blank: none
    "errors.deadletterqueue.topic.name": (None, ""),
    "errors.deadletterqueue.copy.record.enable": (None, "false"),
}
# Values that are not numbers: each checked by its own function (None: any string).
_GROUP_STRINGS = {
    "share.auto.offset.reset",
    "share.isolation.level",
    "errors.deadletterqueue.topic.name",
    "errors.deadletterqueue.copy.record.enable",
}
# The broker's bounds of each (Kafka's GroupConfig.validateValues); lock durations 15 s to 1 h.
_GROUP_BOUNDS = {
    "consumer.session.timeout.ms": "group.consumer.{}.session.timeout.ms",
    "consumer.heartbeat.interval.ms": "group.consumer.{}.heartbeat.interval.ms",
    "share.session.timeout.ms": "group.share.{}.session.timeout.ms",
    "share.heartbeat.interval.ms": "group.share.{}.heartbeat.interval.ms",
    "share.record.lock.duration.ms": "group.share.{}.record.lock.duration.ms",
    "share.delivery.count.limit": "group.share.{}.delivery.count.limit",
    "share.partition.max.record.locks": "group.share.{}.partition.max.record.locks",
}


def group_default(config: Config, name: str) -> str:
    prop, fallback = GROUP_CONFIG_DEFAULTS[name]
    if prop is not None and prop in DEFS and config[prop] is not None:
        return str(config[prop])
    return fallback


def group_configs_in_force(config: Config, overrides: Mapping[str, str]) -> dict[str, str]:
    return {n: overrides.get(n, group_default(config, n)) for n in GROUP_CONFIG_DEFAULTS}


def altered_group(
    config: Config, current: Mapping[str, str], ops: Iterable[tuple[str, int, str | None]], incremental: bool
) -> dict[str, str]:
    """A group's overrides after the changes, validated as Kafka's GroupConfig.validate."""
    new = dict(current) if incremental else {}
    for name, op, value in ops:
        if name not in GROUP_CONFIG_DEFAULTS:
            raise DynamicConfigError(f"Unknown group config name: {name}")
        if op == 1:
            new.pop(name, None)
        elif op == 0 and value is not None:
            new[name] = value
        elif op == 0:
            raise DynamicConfigError(f"Null value not supported for group config {name}")
        else:
            raise DynamicConfigError(f"Config value append/subtract is not allowed for config key {name}")
    _check_group_values(config, group_configs_in_force(config, new))
    return new


def _check_group_values(config: Config, values: Mapping[str, str]) -> None:
    ints: dict[str, int] = {}
    for name, text in values.items():
        if name in _GROUP_STRINGS:
            _check_group_string(name, text)
            continue
        try:
            ints[name] = int(text.strip())
        except ValueError:
            raise DynamicConfigError(
                f"Invalid value {text} for configuration {name}: Not a number of type INT"
            ) from None
    for name, pattern in _GROUP_BOUNDS.items():
        low, high = config[pattern.format("min")], config[pattern.format("max")]
        if ints[name] < low:
            raise DynamicConfigError(f"{name} must be greater than or equal to {pattern.format('min')}")
        if ints[name] > high:
            raise DynamicConfigError(f"{name} must be less than or equal to {pattern.format('max')}")
    for kind in ("consumer", "share"):
        if ints[f"{kind}.session.timeout.ms"] <= ints[f"{kind}.heartbeat.interval.ms"]:
            raise DynamicConfigError(
                f"{kind}.session.timeout.ms must be greater than {kind}.heartbeat.interval.ms"
            )


def _check_group_string(name: str, text: str) -> None:
    """Kafka's GroupConfig validators of the string-valued group configs."""
    value = text.strip().lower()
    if name == "share.auto.offset.reset":
        if value in ("latest", "earliest"):
            return
        if value.startswith("by_duration:"):
            # Kafka's ShareGroupAutoOffsetResetStrategy: a non-negative ISO 8601 duration
            if parse_duration_ms(text.strip()[len("by_duration:") :]) is not None:
                return
            raise DynamicConfigError(
                f"Invalid value {text} for configuration {name}: Unable to parse duration string in by_duration"
            )
        raise DynamicConfigError(
            f"Invalid value {text} for configuration {name}: "
            "String must be one of: latest, earliest, by_duration:<ISO 8601 duration>"
        )
    if name == "share.isolation.level":
        if value not in ("read_committed", "read_uncommitted"):
            raise DynamicConfigError(
                f"Invalid value {text} for configuration {name}: "
                "String must be one of: read_committed, read_uncommitted"
            )
    elif name == "errors.deadletterqueue.copy.record.enable":
        if value not in ("true", "false"):
            raise DynamicConfigError(
                f"Invalid value {text} for configuration {name}: Expected value to be either true or false"
            )
    elif name == "errors.deadletterqueue.topic.name" and text.strip().startswith("__"):
        raise DynamicConfigError(f"{name}: DLQ topic name must not start with '__'")


def read_group_file(log_dir: Path) -> dict[str, dict[str, str]]:
    try:
        data = json.loads((log_dir / FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as e:
        raise ConfigError(f"cannot read {log_dir / FILE}: {e}") from e
    return {g: dict(c) for g, c in data.get("groups", {}).items()}


def read_client_metrics_file(log_dir: Path) -> dict[str, dict[str, str]]:
    """A single broker's CLIENT_METRICS resources (broker/telemetry/subscriptions.py)."""
    try:
        data = json.loads((log_dir / FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as e:
        raise ConfigError(f"cannot read {log_dir / FILE}: {e}") from e
    return {n: dict(c) for n, c in data.get("client_metrics", {}).items()}


def read_features_file(log_dir: Path) -> tuple[dict[str, int], int] | None:
    """A single broker's finalized feature levels and their epoch; None if never updated."""
    try:
        data = json.loads((log_dir / FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        raise ConfigError(f"cannot read {log_dir / FILE}: {e}") from e
    if "features" not in data:
        return None
    return {n: int(v) for n, v in data["features"].items()}, int(data.get("features_epoch", 0))

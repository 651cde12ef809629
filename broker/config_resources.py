"""Config resources as the admin APIs see them (DescribeConfigs, AlterConfigs,
IncrementalAlterConfigs): resource types, config sources and synonyms, and the pure
computation of a topic's new overrides. No I/O: the handlers apply what this returns.

A topic's config is its overrides on top of the broker's settings. DescribeConfigs answers each
key with the value in force and where it comes from (Kafka's ConfigSource): the topic's override
(DYNAMIC_TOPIC_CONFIG), a broker property set in server.properties (STATIC_BROKER_CONFIG), or
Kafka's default (DEFAULT_CONFIG); with `include_synonyms` the whole chain, most specific first.
A broker's config adds the dynamic layers (broker/dynamic_config.py): this broker's own values
(DYNAMIC_BROKER_CONFIG) and the cluster default (DYNAMIC_DEFAULT_BROKER_CONFIG); keys that
cannot change live are read-only.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from broker.config import DEFS, Config, Listener
from broker.dynamic_config import GROUP_CONFIG_DEFAULTS, group_default, known_dynamic_keys
from broker.log.config import TOPIC_CONFIGS, TopicConfigError, broker_defaults, resolve, validate_overrides
from broker.telemetry.subscriptions import DEFAULTS as SUBSCRIPTION_DEFAULTS
from protocol.typed import DescribeConfigsResponseResultConfig


class ResourceType(enum.IntEnum):
    UNKNOWN = 0
    TOPIC = 2
    BROKER = 4
    BROKER_LOGGER = 8
    CLIENT_METRICS = 16
    GROUP = 32


class ConfigSource(enum.IntEnum):
    UNKNOWN = 0
    DYNAMIC_TOPIC_CONFIG = 1
    DYNAMIC_BROKER_CONFIG = 2
    DYNAMIC_DEFAULT_BROKER_CONFIG = 3
    STATIC_BROKER_CONFIG = 4
    DEFAULT_CONFIG = 5
    DYNAMIC_BROKER_LOGGER_CONFIG = 6
    CLIENT_METRICS_CONFIG = 7
    GROUP_CONFIG = 8


class ConfigType(enum.IntEnum):
    UNKNOWN = 0
    BOOLEAN = 1
    STRING = 2
    INT = 3
    SHORT = 4
    LONG = 5
    DOUBLE = 6
    LIST = 7


class AlterOp(enum.IntEnum):
    SET = 0
    DELETE = 1
    APPEND = 2
    SUBTRACT = 3


# The broker properties a topic config falls back to, most specific first (Kafka's synonyms).
TOPIC_SYNONYMS: dict[str, tuple[str, ...]] = {
    "segment.bytes": ("log.segment.bytes",),
    "segment.ms": ("log.roll.ms", "log.roll.hours"),
    "segment.index.bytes": ("log.index.size.max.bytes",),
    "index.interval.bytes": ("log.index.interval.bytes",),
    "retention.ms": ("log.retention.ms", "log.retention.minutes", "log.retention.hours"),
    "retention.bytes": ("log.retention.bytes",),
    "cleanup.policy": ("log.cleanup.policy",),
    "flush.messages": ("log.flush.interval.messages",),
    "flush.ms": ("log.flush.interval.ms",),
    "max.message.bytes": ("message.max.bytes",),
    "message.timestamp.type": ("log.message.timestamp.type",),
    "compression.type": ("compression.type",),
    "file.delete.delay.ms": ("log.segment.delete.delay.ms",),
    "delete.retention.ms": ("log.cleaner.delete.retention.ms",),
    "min.compaction.lag.ms": ("log.cleaner.min.compaction.lag.ms",),
    "min.cleanable.dirty.ratio": ("log.cleaner.min.cleanable.ratio",),
    "max.compaction.lag.ms": ("log.cleaner.max.compaction.lag.ms",),
}
_LIST_CONFIGS = frozenset(
    {"cleanup.policy", "leader.replication.throttled.replicas", "follower.replication.throttled.replicas"}
)
_DOUBLE_CONFIGS = frozenset({"min.cleanable.dirty.ratio"})
_BOOLEAN_CONFIGS = frozenset(
    {
        "unclean.leader.election.enable",
        "preallocate",
        "message.downconversion.enable",
        "remote.storage.enable",
        "remote.log.copy.disable",
        "remote.log.delete.on.disable",
        "errors.deadletterqueue.group.enable",
    }
)
_INT_CONFIGS = frozenset(
    {
        "segment.bytes",
        "segment.index.bytes",
        "index.interval.bytes",
        "max.message.bytes",
        "min.insync.replicas",
        "compression.gzip.level",
        "compression.lz4.level",
        "compression.zstd.level",
    }
)
_STRING_CONFIGS = frozenset({"message.timestamp.type", "compression.type", "message.format.version"})


@dataclass(frozen=True, slots=True)
class ConfigEntry:
    name: str
    value: str | None
    source: ConfigSource
    read_only: bool = False
    synonyms: tuple[tuple[str, str | None, ConfigSource], ...] = ()
    config_type: ConfigType = ConfigType.UNKNOWN

    def to_wire(self, include_synonyms: bool) -> DescribeConfigsResponseResultConfig:
        return {
            "name": self.name,
            "value": self.value,
            "read_only": self.read_only,
            "is_default": self.source == ConfigSource.DEFAULT_CONFIG,
            "config_source": self.source,
            "is_sensitive": False,
            "config_type": self.config_type,
            "synonyms": [{"name": n, "value": v, "source": s} for n, v, s in self.synonyms]
            if include_synonyms
            else [],
        }


def _topic_type(name: str) -> ConfigType:
    if name in _LIST_CONFIGS:
        return ConfigType.LIST
    if name in _DOUBLE_CONFIGS:
        return ConfigType.DOUBLE
    if name in _BOOLEAN_CONFIGS:
        return ConfigType.BOOLEAN
    if name in _INT_CONFIGS:
        return ConfigType.INT
    if name in _STRING_CONFIGS:
        return ConfigType.STRING
    return ConfigType.LONG


def property_text(config: Config, name: str) -> str | None:
    """A broker property's value as text, the way server.properties would spell it."""
    value = config[name]
    if value is None:
        return None
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return ",".join(f"{v.name}://{v.host}:{v.port}" if isinstance(v, Listener) else str(v) for v in value)
    return str(value)


def describe_topic(
    config: Config, overrides: Mapping[str, str], keys: Iterable[str] | None
) -> list[ConfigEntry]:
    """Every topic config (or the `keys` asked for, unknown ones left out as Kafka does) with its
    value in force, its source and its synonyms."""
    defaults = broker_defaults(config)
    names = sorted(TOPIC_CONFIGS) if keys is None else [k for k in keys if k in TOPIC_CONFIGS]
    out = []
    for name in names:
        synonyms: list[tuple[str, str | None, ConfigSource]] = []
        if name in overrides:
            synonyms.append((name, overrides[name], ConfigSource.DYNAMIC_TOPIC_CONFIG))
        for prop in TOPIC_SYNONYMS.get(name, ()):
            synonyms += _dynamic_synonyms(config, prop)
        synonyms.extend(
            (prop, config.raw_text(prop), ConfigSource.STATIC_BROKER_CONFIG)
            for prop in TOPIC_SYNONYMS.get(name, ())
            if prop in config.explicit
        )
        props = TOPIC_SYNONYMS.get(name, ())
        if props and DEFS[props[-1]].default is not None:
            synonyms.append((props[-1], DEFS[props[-1]].default, ConfigSource.DEFAULT_CONFIG))
        else:
            synonyms.append((props[-1] if props else name, defaults[name], ConfigSource.DEFAULT_CONFIG))
        value, source = (
            (overrides[name], ConfigSource.DYNAMIC_TOPIC_CONFIG)
            if name in overrides
            else (defaults[name], synonyms[0][2])
        )
        out.append(ConfigEntry(name, value, source, False, tuple(synonyms), _topic_type(name)))
    return out


def _dynamic_synonyms(config: Config, name: str) -> list[tuple[str, str | None, ConfigSource]]:
    out: list[tuple[str, str | None, ConfigSource]] = []
    if name in config.dynamic_broker:
        out.append((name, config.dynamic_broker[name], ConfigSource.DYNAMIC_BROKER_CONFIG))
    if name in config.dynamic_default:
        out.append((name, config.dynamic_default[name], ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG))
    return out


def describe_broker(
    config: Config, keys: Iterable[str] | None, default_only: bool = False
) -> list[ConfigEntry]:
    """Every broker property (or the `keys` asked for) with its value in force and the chain
    it comes from: this broker's dynamic value, the cluster default's, server.properties,
    Kafka's default. Keys that cannot change live are read-only. `default_only`: the cluster
    default resource (""), which Kafka answers with the dynamic default values alone."""
    dynamic = known_dynamic_keys()
    if default_only:
        names = (
            sorted(config.dynamic_default)
            if keys is None
            else [k for k in keys if k in config.dynamic_default]
        )
        return [
            ConfigEntry(
                n,
                config.dynamic_default[n],
                ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG,
                False,
                ((n, config.dynamic_default[n], ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG),),
            )
            for n in names
        ]
    names = sorted(DEFS) if keys is None else [k for k in keys if k in DEFS]
    out = []
    for name in names:
        synonyms = _dynamic_synonyms(config, name)
        if name in config.explicit:
            synonyms.append((name, config.raw_text(name), ConfigSource.STATIC_BROKER_CONFIG))
        if DEFS[name].default is not None:
            synonyms.append((name, DEFS[name].default, ConfigSource.DEFAULT_CONFIG))
        value = property_text(config, name)
        source = synonyms[0][2] if synonyms else ConfigSource.DEFAULT_CONFIG
        if not synonyms:
            synonyms = [(name, value, source)]
        out.append(ConfigEntry(name, value, source, name not in dynamic, tuple(synonyms)))
    return out


def incremental_overrides(
    current: Mapping[str, str], ops: Iterable[tuple[str, int, str | None]]
) -> dict[str, str]:
    """A topic's overrides after IncrementalAlterConfigs' operations (name, op, value), validated
    as Kafka does; raises TopicConfigError (INVALID_CONFIG) and leaves `current` untouched."""
    new = dict(current)
    seen: set[str] = set()
    for name, op, value in ops:
        if name in seen:
            raise TopicConfigError(f"Duplicate config {name} in one request")
        seen.add(name)
        if name not in TOPIC_CONFIGS:
            raise TopicConfigError(f"Unknown topic config name: {name}")
        try:
            kind = AlterOp(op)
        except ValueError:
            raise TopicConfigError(f"Unknown config operation {op} for {name}") from None
        if kind == AlterOp.DELETE:
            new.pop(name, None)
            continue
        if value is None:
            raise TopicConfigError(f"Null value not supported for topic config {name}")
        if kind == AlterOp.SET:
            new[name] = value
            continue
        if name not in _LIST_CONFIGS:
            raise TopicConfigError(
                f"Config value append/subtract is not allowed for config key {name} (not a list type)"
            )
        items = [v for v in (new.get(name) or "").split(",") if v]
        given = [v.strip() for v in value.split(",") if v.strip()]
        if kind == AlterOp.APPEND:
            items += [v for v in given if v not in items]
        else:
            items = [v for v in items if v not in given]
        new[name] = ",".join(items)
    return checked_overrides(new)


def checked_overrides(overrides: Mapping[str, str | None]) -> dict[str, str]:
    """Overrides that Kafka's LogConfig.validate accepts, or TopicConfigError."""
    out = validate_overrides(overrides)
    resolve(None, out)
    return out


_GROUP_TYPES = {
    "share.auto.offset.reset": ConfigType.STRING,
    "share.isolation.level": ConfigType.STRING,
    "errors.deadletterqueue.topic.name": ConfigType.STRING,
    "errors.deadletterqueue.copy.record.enable": ConfigType.BOOLEAN,
}


def describe_group(
    config: Config, overrides: Mapping[str, str], keys: Iterable[str] | None
) -> list[ConfigEntry]:
    """A group's configs (Kafka's GroupConfig): its overrides (GROUP_CONFIG), else the broker's
    group.* settings (Kafka answers those as DEFAULT_CONFIG)."""
    names = sorted(GROUP_CONFIG_DEFAULTS) if keys is None else [k for k in keys if k in GROUP_CONFIG_DEFAULTS]
    out = []
    for name in names:
        default = group_default(config, name)
        synonyms: list[tuple[str, str | None, ConfigSource]] = []
        if name in overrides:
            synonyms.append((name, overrides[name], ConfigSource.GROUP_CONFIG))
        synonyms.append((name, default, ConfigSource.DEFAULT_CONFIG))
        kind = _GROUP_TYPES.get(name, ConfigType.INT)
        out.append(ConfigEntry(name, synonyms[0][1], synonyms[0][2], False, tuple(synonyms), kind))
    return out


def describe_client_metrics(configs: Mapping[str, str], keys: Iterable[str] | None) -> list[ConfigEntry]:
    """A CLIENT_METRICS resource's configs (broker/telemetry/subscriptions.py): those set
    (CLIENT_METRICS_CONFIG), else Kafka's defaults."""
    names = sorted(SUBSCRIPTION_DEFAULTS) if keys is None else [k for k in keys if k in SUBSCRIPTION_DEFAULTS]
    out = []
    for name in names:
        source = ConfigSource.CLIENT_METRICS_CONFIG if name in configs else ConfigSource.DEFAULT_CONFIG
        value = configs.get(name, SUBSCRIPTION_DEFAULTS[name])
        kind = ConfigType.INT if name == "interval.ms" else ConfigType.LIST
        out.append(ConfigEntry(name, value, source, False, ((name, value, source),), kind))
    return out

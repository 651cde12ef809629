"""Topic-level log configuration: Kafka's topic config names, their broker-level defaults, checks.

A topic stores only its overrides (`{"retention.ms": "60000"}`), as Kafka does; the effective
`LogConfig` is the broker's defaults with those applied. Every topic config Kafka defines is
accepted (so that admin tools can set them); the ones the log acts on are fields of LogConfig.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from broker.config import Config

LONG_MAX = (1 << 63) - 1
INT_MAX = (1 << 31) - 1


class TopicConfigError(ValueError):
    """A topic config name or value Kafka would refuse (INVALID_CONFIG)."""


@dataclass(frozen=True, slots=True)
class LogConfig:
    """What one partition's log acts on. Defaults are Kafka's."""

    segment_bytes: int = 1 << 30
    segment_ms: int = 7 * 24 * 3_600_000
    segment_index_bytes: int = 10 * 1024 * 1024
    index_interval_bytes: int = 4096
    retention_ms: int = 7 * 24 * 3_600_000
    retention_bytes: int = -1
    cleanup_policy: tuple[str, ...] = ("delete",)
    flush_messages: int = LONG_MAX
    flush_ms: int = LONG_MAX
    max_message_bytes: int = 1024 * 1024 + 12
    message_timestamp_type: str = "CreateTime"
    compression_type: str = "producer"
    file_delete_delay_ms: int = 60_000
    delete_retention_ms: int = 86_400_000  # how long tombstones stay readable (compaction)
    min_cleanable_dirty_ratio: float = 0.5  # dirty bytes / cleanable bytes that starts a clean
    min_compaction_lag_ms: int = 0  # records younger than this are not compacted
    min_insync_replicas: int = 1  # acks=all needs this many in-sync replicas (replication)
    unclean_leader_election: bool = False  # may an out-of-sync replica lead (losing data)?

    @property
    def delete(self) -> bool:
        return "delete" in self.cleanup_policy

    @property
    def compact(self) -> bool:
        return "compact" in self.cleanup_policy

    @property
    def log_append_time(self) -> bool:
        return self.message_timestamp_type == "LogAppendTime"

    @property
    def durable_acks(self) -> bool:
        """Are acks=all produces and offset commits answered only once fsynced? kbroker's default
        (both flush settings left at Kafka's "never" default, or flush.messages=1): a single
        broker has no replica to fall back on, so an answer means on disk. Setting a flush
        interval (flush.messages > 1 or a finite flush.ms) chooses Kafka's page-cache durability
        instead: answered once written (survives kill -9, not power loss), fsynced every
        flush.messages messages / flush.ms ms, at each segment roll and at shutdown."""
        if self.flush_messages == 1:
            return True
        return self.flush_messages == LONG_MAX and self.flush_ms == LONG_MAX


# --- parsing ----------------------------------------------------------------------------------


def _long(lo: int = -LONG_MAX - 1, hi: int = LONG_MAX) -> Callable[[str], int]:
    def parse(text: str) -> int:
        value = int(text.strip())
        if not lo <= value <= hi:
            raise ValueError(
                f"value must be between {lo} and {hi}" if hi < LONG_MAX else f"must be at least {lo}"
            )
        return value

    return parse


def _int(lo: int = -INT_MAX - 1) -> Callable[[str], int]:
    return _long(lo, INT_MAX)


def _bool(text: str) -> bool:
    t = text.strip().lower()
    if t not in ("true", "false"):
        raise ValueError("expected true or false")
    return t == "true"


def _ratio(text: str) -> float:
    value = float(text.strip())
    if not 0 <= value <= 1:
        raise ValueError("must be between 0 and 1")
    return value


def _choice(*choices: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        value = text.strip()
        if value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}")
        return value

    return parse


def _policy(text: str) -> tuple[str, ...]:
    parts = tuple(p.strip() for p in text.split(",") if p.strip())
    bad = [p for p in parts if p not in ("delete", "compact")]
    if bad:
        raise ValueError("must be a list of delete, compact")
    return parts


def _any(text: str) -> str:
    return text


@dataclass(frozen=True, slots=True)
class TopicConfigDef:
    name: str
    parse: Callable[[str], Any]
    field: str | None  # the LogConfig field it sets, or None if accepted without effect here
    default: Callable[[Config], str]  # the broker's value (Kafka's "synonym"), as text


def _from(key: str, fallback: str = "") -> Callable[[Config], str]:
    def get(config: Config) -> str:
        value = config[key]
        if value is None:
            return fallback
        if isinstance(value, list):
            return ",".join(value)
        if isinstance(value, bool):
            return str(value).lower()
        return str(value)

    return get


def _const(text: str) -> Callable[[Config], str]:
    return lambda config: text


def _flush_ms(config: Config) -> str:
    value = config["log.flush.interval.ms"]
    return str(value if value is not None else config["log.flush.scheduler.interval.ms"])


_DEFS: tuple[TopicConfigDef, ...] = (
    TopicConfigDef("segment.bytes", _int(14), "segment_bytes", _from("log.segment.bytes")),
    TopicConfigDef("segment.ms", _long(1), "segment_ms", lambda c: str(c.log_roll_ms)),
    TopicConfigDef("segment.jitter.ms", _long(0), None, _const("0")),
    TopicConfigDef("segment.index.bytes", _int(4), "segment_index_bytes", _from("log.index.size.max.bytes")),
    TopicConfigDef(
        "index.interval.bytes", _int(0), "index_interval_bytes", _from("log.index.interval.bytes")
    ),
    TopicConfigDef("retention.ms", _long(-1), "retention_ms", lambda c: str(c.log_retention_ms)),
    TopicConfigDef("retention.bytes", _long(), "retention_bytes", _from("log.retention.bytes")),
    TopicConfigDef("cleanup.policy", _policy, "cleanup_policy", _from("log.cleanup.policy")),
    TopicConfigDef("flush.messages", _long(1), "flush_messages", _from("log.flush.interval.messages")),
    TopicConfigDef("flush.ms", _long(0), "flush_ms", _flush_ms),
    TopicConfigDef("max.message.bytes", _int(0), "max_message_bytes", _from("message.max.bytes")),
    TopicConfigDef(
        "message.timestamp.type",
        _choice("CreateTime", "LogAppendTime"),
        "message_timestamp_type",
        _from("log.message.timestamp.type"),
    ),
    TopicConfigDef(
        "compression.type",
        _choice("uncompressed", "zstd", "lz4", "snappy", "gzip", "producer"),
        "compression_type",
        _from("compression.type"),
    ),
    TopicConfigDef(
        "file.delete.delay.ms", _long(0), "file_delete_delay_ms", _from("log.segment.delete.delay.ms")
    ),
    # Compaction (broker/log/cleaner.py).
    TopicConfigDef(
        "delete.retention.ms", _long(0), "delete_retention_ms", _from("log.cleaner.delete.retention.ms")
    ),
    TopicConfigDef(
        "min.compaction.lag.ms", _long(0), "min_compaction_lag_ms", _from("log.cleaner.min.compaction.lag.ms")
    ),
    TopicConfigDef(
        "min.cleanable.dirty.ratio",
        _ratio,
        "min_cleanable_dirty_ratio",
        _from("log.cleaner.min.cleanable.ratio"),
    ),
    # Accepted (Kafka defines them) but with no effect on this broker: max.compaction.lag.ms
    # (the cleaner goes by the dirty ratio only), replication and remote storage.
    TopicConfigDef("max.compaction.lag.ms", _long(1), None, _const(str(LONG_MAX))),
    TopicConfigDef("min.insync.replicas", _int(1), "min_insync_replicas", _from("min.insync.replicas")),
    TopicConfigDef(
        "unclean.leader.election.enable",
        _bool,
        "unclean_leader_election",
        _from("unclean.leader.election.enable"),
    ),
    TopicConfigDef("preallocate", _bool, None, _const("false")),
    TopicConfigDef("message.downconversion.enable", _bool, None, _const("true")),
    TopicConfigDef("message.format.version", _any, None, _const("3.0-IV1")),
    TopicConfigDef("message.timestamp.difference.max.ms", _long(0), None, _const(str(LONG_MAX))),
    TopicConfigDef("message.timestamp.before.max.ms", _long(0), None, _const(str(LONG_MAX))),
    TopicConfigDef("message.timestamp.after.max.ms", _long(0), None, _const(str(LONG_MAX))),
    TopicConfigDef("compression.gzip.level", _int(-1), None, _const("-1")),
    TopicConfigDef("compression.lz4.level", _int(1), None, _const("9")),
    TopicConfigDef("compression.zstd.level", _int(-131072), None, _const("3")),
    TopicConfigDef("leader.replication.throttled.replicas", _any, None, _const("")),
    TopicConfigDef("follower.replication.throttled.replicas", _any, None, _const("")),
    TopicConfigDef("remote.storage.enable", _bool, None, _const("false")),
    TopicConfigDef("local.retention.ms", _long(-2), None, _const("-2")),
    TopicConfigDef("local.retention.bytes", _long(-2), None, _const("-2")),
    TopicConfigDef("remote.log.copy.disable", _bool, None, _const("false")),
    TopicConfigDef("remote.log.delete.on.disable", _bool, None, _const("false")),
    # KIP-1191: the topic may be a share group's dead-letter topic (broker/share/dead_letter.py)
    TopicConfigDef("errors.deadletterqueue.group.enable", _bool, None, _const("false")),
)
TOPIC_CONFIGS: dict[str, TopicConfigDef] = {d.name: d for d in _DEFS}
_FIELDS = {f.name for f in fields(LogConfig)}
assert all(d.field in _FIELDS for d in _DEFS if d.field)


def validate_overrides(overrides: Mapping[str, str | None]) -> dict[str, str]:
    """The overrides, checked like Kafka's `LogConfig.validate`; raises TopicConfigError."""
    out: dict[str, str] = {}
    nulls = [k for k, v in overrides.items() if v is None]
    if nulls:
        raise TopicConfigError(f"Null value not supported for topic configs: {','.join(nulls)}")
    for name, value in overrides.items():
        assert value is not None  # refused above
        d = TOPIC_CONFIGS.get(name)
        if d is None:
            raise TopicConfigError(f"Unknown topic config name: {name}")
        try:
            d.parse(value)
        except ValueError as e:
            raise TopicConfigError(f"Invalid value {value} for configuration {name}: {e}") from e
        out[name] = value
    return out


def broker_defaults(config: Config) -> dict[str, str]:
    """Every topic config at the broker's value, as text."""
    return {d.name: d.default(config) for d in _DEFS}


def resolve(config: Config | None, overrides: Mapping[str, str] | None = None) -> LogConfig:
    """The effective LogConfig: the broker's settings (Kafka's defaults without a Config), then
    the topic's overrides."""
    values: dict[str, Any] = {}
    texts = broker_defaults(config) if config is not None else {}
    texts.update(overrides or {})
    for name, text in texts.items():
        d = TOPIC_CONFIGS[name]
        if d.field is None:
            continue
        try:
            values[d.field] = d.parse(text)
        except ValueError as e:
            raise TopicConfigError(f"Invalid value {text} for configuration {name}: {e}") from e
    return replace(LogConfig(), **values)

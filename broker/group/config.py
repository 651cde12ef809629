"""A coordinator shard's settings (Kafka's property names map onto them) and its clock."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from broker.group.consumer.assignors import ASSIGNORS, CLASS_NAMES


class Clock(Protocol):
    def monotonic_ms(self) -> int: ...  # for deadlines
    def wall_ms(self) -> int: ...  # for timestamps written to the log


class SystemClock:
    def monotonic_ms(self) -> int:
        return time.monotonic_ns() // 1_000_000

    def wall_ms(self) -> int:
        return time.time_ns() // 1_000_000


class ManualClock:
    """A clock that moves only when told (`advance_ms`): the embedded test broker's
    (kbroker.testing, `manual_clock=True`). It starts at the system clock's readings, and both of
    its readings move together. Moving it does not fire the timers that became due: the broker's
    `fire_due_timers` does (kbroker.testing's `clock.advance` calls both)."""

    def __init__(self) -> None:
        self._monotonic_ms = time.monotonic_ns() // 1_000_000
        self._wall_ms = time.time_ns() // 1_000_000

    def monotonic_ms(self) -> int:
        return self._monotonic_ms

    def wall_ms(self) -> int:
        return self._wall_ms

    def advance_ms(self, ms: int) -> None:
        if ms < 0:
            raise ValueError("a clock never goes back")
        self._monotonic_ms += ms
        self._wall_ms += ms


@dataclass(frozen=True, slots=True)
class ConsumerGroupConfig:
    """Kafka's group.consumer.* settings."""

    session_timeout_ms: int = 45_000
    min_session_timeout_ms: int = 45_000
    max_session_timeout_ms: int = 60_000
    heartbeat_interval_ms: int = 5_000
    min_heartbeat_interval_ms: int = 5_000
    max_heartbeat_interval_ms: int = 15_000
    max_size: int = 2**31 - 1
    assignors: tuple[str, ...] = ("uniform", "range")  # the first is the default
    enabled: bool = True  # "consumer" in group.coordinator.rebalance.protocols
    # group.consumer.migration.policy: which online conversions between classic and consumer
    # groups are allowed (broker/group/consumer/migration.py)
    migration_policy: str = "bidirectional"
    # Per-group overrides (GROUP config resources, broker/dynamic_config.py): group id ->
    # {"consumer.session.timeout.ms": ..., "consumer.heartbeat.interval.ms": ...}; the broker
    # updates this dict in place when they change.
    per_group: dict[str, dict[str, str]] = field(default_factory=dict, compare=False)

    def session_timeout_for(self, group_id: str) -> int:
        value = self.per_group.get(group_id, {}).get("consumer.session.timeout.ms")
        return int(value) if value is not None else self.session_timeout_ms

    def heartbeat_interval_for(self, group_id: str) -> int:
        value = self.per_group.get(group_id, {}).get("consumer.heartbeat.interval.ms")
        return int(value) if value is not None else self.heartbeat_interval_ms

    @classmethod
    def from_config(cls, config: Any) -> ConsumerGroupConfig:
        return cls(
            session_timeout_ms=config["group.consumer.session.timeout.ms"],
            min_session_timeout_ms=config["group.consumer.min.session.timeout.ms"],
            max_session_timeout_ms=config["group.consumer.max.session.timeout.ms"],
            heartbeat_interval_ms=config["group.consumer.heartbeat.interval.ms"],
            min_heartbeat_interval_ms=config["group.consumer.min.heartbeat.interval.ms"],
            max_heartbeat_interval_ms=config["group.consumer.max.heartbeat.interval.ms"],
            max_size=config["group.consumer.max.size"],
            assignors=tuple(assignor_name(a) for a in config["group.consumer.assignors"]),
            enabled="consumer" in config["group.coordinator.rebalance.protocols"],
            migration_policy=config["group.consumer.migration.policy"].strip().lower(),
        )

    @property
    def upgrade_enabled(self) -> bool:
        """A classic group may become a consumer group when a consumer member joins it."""
        return self.migration_policy in ("upgrade", "bidirectional")

    @property
    def downgrade_enabled(self) -> bool:
        """A consumer group may become a classic group when its last consumer member leaves."""
        return self.migration_policy in ("downgrade", "bidirectional")


def assignor_name(configured: str) -> str:
    """`uniform`/`range`, or Kafka's class names for them; ValueError for anything else."""
    name = CLASS_NAMES.get(configured.strip(), configured.strip())
    if name not in ASSIGNORS:
        raise ValueError(f"unknown assignor {configured!r} (kbroker has {', '.join(ASSIGNORS)})")
    return name


@dataclass(frozen=True, slots=True)
class ShareGroupConfig:
    """Kafka's group.share.* settings (KIP-932 share groups, broker/group/share/)."""

    session_timeout_ms: int = 45_000
    heartbeat_interval_ms: int = 5_000
    max_size: int = 200
    # group.share.enable: Kafka 4.1/4.2's broker switch (their other one, the share.version feature,
    # has no counterpart in kbroker)
    enabled: bool = False

    @classmethod
    def from_config(cls, config: Any) -> ShareGroupConfig:
        return cls(
            session_timeout_ms=config["group.share.session.timeout.ms"],
            heartbeat_interval_ms=config["group.share.heartbeat.interval.ms"],
            max_size=config["group.share.max.size"],
            enabled=config["group.share.enable"],
        )


@dataclass(frozen=True, slots=True)
class GroupConfig:
    min_session_timeout_ms: int = 6000
    max_session_timeout_ms: int = 1_800_000
    max_size: int = 2**31 - 1
    initial_rebalance_delay_ms: int = 3000
    new_member_join_timeout_ms: int = 300_000  # Kafka's classic new-member join timeout
    offset_metadata_max_bytes: int = 4096
    offsets_retention_ms: int = 7 * 24 * 3_600_000  # offsets.retention.minutes (KIP-211, retention.py)
    offsets_retention_check_interval_ms: int = 600_000
    consumer: ConsumerGroupConfig = field(default_factory=ConsumerGroupConfig)  # group.consumer.*
    share: ShareGroupConfig = field(default_factory=ShareGroupConfig)  # group.share.*

    @classmethod
    def from_config(cls, config: Any) -> GroupConfig:
        return cls(
            min_session_timeout_ms=config["group.min.session.timeout.ms"],
            max_session_timeout_ms=config["group.max.session.timeout.ms"],
            max_size=config["group.max.size"],
            initial_rebalance_delay_ms=config["group.initial.rebalance.delay.ms"],
            offset_metadata_max_bytes=config["offset.metadata.max.bytes"],
            offsets_retention_ms=config["offsets.retention.minutes"] * 60_000,
            offsets_retention_check_interval_ms=config["offsets.retention.check.interval.ms"],
            consumer=ConsumerGroupConfig.from_config(config),
            share=ShareGroupConfig.from_config(config),
        )

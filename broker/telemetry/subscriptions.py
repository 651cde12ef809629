"""Client-metrics subscriptions (KIP-714): the CLIENT_METRICS config resources (resource type
16), each naming the metrics wanted (`metrics`, name prefixes; `*` for all), how often
(`interval.ms`) and of which clients (`match`, `<selector>=<regex>` pairs). Pure: validation of
IncrementalAlterConfigs/AlterConfigs changes, DescribeConfigs entries, and which subscriptions
a client instance matches."""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from broker.dynamic_config import DynamicConfigError

METRICS, INTERVAL_MS, MATCH = "metrics", "interval.ms", "match"
DEFAULT_INTERVAL_MS = 300_000  # Kafka's ClientMetricsConfigs: 5 minutes
MIN_INTERVAL_MS, MAX_INTERVAL_MS = 100, 3_600_000
DEFAULTS = {METRICS: "", INTERVAL_MS: str(DEFAULT_INTERVAL_MS), MATCH: ""}
# The client attributes a `match` may select on (KIP-714 "Client metrics subscription").
SELECTORS = (
    "client_instance_id",
    "client_id",
    "client_software_name",
    "client_software_version",
    "client_source_address",
    "client_source_port",
)
_SET, _DELETE, _APPEND, _SUBTRACT = 0, 1, 2, 3


@dataclass(frozen=True, slots=True)
class Subscription:
    name: str
    metrics: tuple[str, ...]
    interval_ms: int
    match: tuple[tuple[str, re.Pattern[str]], ...]

    @classmethod
    def from_configs(cls, name: str, configs: Mapping[str, str]) -> Subscription:
        return cls(
            name,
            tuple(_items(configs.get(METRICS, ""))),
            int(configs.get(INTERVAL_MS, DEFAULT_INTERVAL_MS)),
            tuple((k, re.compile(v)) for k, v in _match_pairs(configs.get(MATCH, ""))),
        )

    def matches(self, client: Mapping[str, str]) -> bool:
        """Every selector's regex matches the client's attribute in full (none: every client)."""
        return all(pattern.fullmatch(client.get(key, "")) is not None for key, pattern in self.match)


@dataclass(frozen=True, slots=True)
class Plan:
    """What a client instance is asked for: the union of its subscriptions' metrics, the
    shortest of their intervals, and an id that changes whenever any of that does."""

    metrics: tuple[str, ...]  # () none; ("",) all
    interval_ms: int
    subscription_id: int


def plan_for(subscriptions: Iterable[Subscription], client: Mapping[str, str], epoch: int) -> Plan:
    matched = [s for s in subscriptions if s.matches(client)]
    prefixes = sorted({m for s in matched for m in s.metrics})
    metrics: tuple[str, ...] = ("",) if "*" in prefixes else tuple(prefixes)
    interval = min((s.interval_ms for s in matched), default=DEFAULT_INTERVAL_MS)
    # Kafka hashes the subscription set; the epoch of the configs makes any change a new id.
    key = f"{epoch}|{interval}|{','.join(metrics)}|{client.get('client_instance_id', '')}"
    return Plan(metrics, interval, zlib.crc32(key.encode()) & 0x7FFFFFFF)


def _items(text: str) -> list[str]:
    return [v.strip() for v in text.split(",") if v.strip()]


def _match_pairs(text: str) -> list[tuple[str, str]]:
    pairs = []
    for item in _items(text):
        key, sep, pattern = item.partition("=")
        if not sep:
            raise DynamicConfigError(f"Illegal client matching pattern: {item}")
        pairs.append((key.strip(), pattern.strip()))
    return pairs


def altered(
    current: Mapping[str, str], changes: Iterable[tuple[str, int, str | None]], incremental: bool
) -> dict[str, str]:
    """A subscription's configs after the changes, validated as Kafka's ClientMetricsConfigs."""
    new = dict(current) if incremental else {}
    for name, op, value in changes:
        if name not in DEFAULTS:
            raise DynamicConfigError(f"Unknown client metrics config name: {name}")
        if op == _DELETE:
            new.pop(name, None)
        elif op == _SET:
            if value is None:
                raise DynamicConfigError(f"Null value not supported for client metrics config {name}")
            new[name] = value
        elif op in (_APPEND, _SUBTRACT) and name in (METRICS, MATCH):
            items = _items(new.get(name, ""))
            given = _items(value or "")
            items = (
                items + [v for v in given if v not in items]
                if op == _APPEND
                else [v for v in items if v not in given]
            )
            new[name] = ",".join(items)
        else:
            raise DynamicConfigError(
                f"Config value append/subtract is not allowed for config key {name} (not a list type)"
            )
    _check(new)
    return new


def _check(configs: Mapping[str, str]) -> None:
    if INTERVAL_MS in configs:
        try:
            interval = int(configs[INTERVAL_MS])
        except ValueError:
            raise DynamicConfigError(
                f"Invalid value {configs[INTERVAL_MS]} for configuration {INTERVAL_MS}: Not a number of type INT"
            ) from None
        if not MIN_INTERVAL_MS <= interval <= MAX_INTERVAL_MS:
            raise DynamicConfigError(
                f"Invalid value {interval} for configuration {INTERVAL_MS}: "
                f"Value must be between {MIN_INTERVAL_MS} and {MAX_INTERVAL_MS}"
            )
    for key, pattern in _match_pairs(configs.get(MATCH, "")):
        if key not in SELECTORS:
            raise DynamicConfigError(f"Invalid client matching pattern key: {key}")
        try:
            re.compile(pattern)
        except re.error as e:
            raise DynamicConfigError(f"Illegal regex pattern {pattern} for {key}: {e}") from None

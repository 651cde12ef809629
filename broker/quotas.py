"""Client quotas as Kafka's ClientQuotaManager keeps them: pure (an injected clock, no I/O).

A quota is configured on a KIP-55 entity: a user, a client id, or both, each by name or as the
default of its type (`<default>` in ZooKeeper, a null name on the wire). A request from user U
with client id C gets the first quota set among these eight, Kafka's order of precedence:

    /config/users/U/clients/C          /config/users/<default>/clients/C
    /config/users/U/clients/<default>  /config/users/<default>/clients/<default>
    /config/users/U                    /config/users/<default>
                                       /config/clients/C
                                       /config/clients/<default>

The level matched also decides who shares a rate: a quota on `users/U` is one rate for all of
U's clients, one on `users/U/clients/<default>` a rate per client of U (Kafka's metric tags).

A rate is Kafka's sampled `Rate`: `quota.window.num` windows of `quota.window.size.seconds`;
when it goes over the quota, the client is throttled for

    (observed - quota) / quota * window span

milliseconds (capped), that is as long as it takes the rate to come back to the quota if the
client sends nothing more. Produce and fetch count bytes; request_percentage counts the time the
broker spent on a client's requests, as a percentage of one thread (Kafka's request quota).
"""

from __future__ import annotations

import enum
import math
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

USER, CLIENT_ID = "user", "client-id"  # Kafka's ClientQuotaEntity types
# An entity: (type, name) pairs, the user first; a name of None is its type's default.
QuotaEntity = tuple[tuple[str, str | None], ...]


class QuotaKind(enum.Enum):
    PRODUCE = "producer_byte_rate"
    FETCH = "consumer_byte_rate"
    REQUEST = "request_percentage"


# The keys AlterClientQuotas takes (Kafka's QuotaConfigs for users and client ids). The
# controller mutation rate is stored and described, not enforced (kbroker has no controller queue).
CONTROLLER_MUTATION_RATE = "controller_mutation_rate"
QUOTA_KEYS = frozenset({k.value for k in QuotaKind} | {CONTROLLER_MUTATION_RATE})


def check_entity(parts: Iterable[tuple[str, str | None]]) -> QuotaEntity | str:
    """An entity from a request's (type, name) pairs in Kafka's order, or why it is not one."""
    found: dict[str, str | None] = {}
    for kind, name in parts:
        if kind not in (USER, CLIENT_ID):
            return f"Unexpected entity type {kind!r}: only user and client-id have quotas here"
        if kind in found:
            return f"Duplicate {kind} in the entity"
        found[kind] = name
    if not found:
        return "The entity is empty"
    return tuple((k, found[k]) for k in (USER, CLIENT_ID) if k in found)


def check_value(key: str, value: float) -> str | None:
    """Why a quota value is refused (Kafka: rates are positive; request_percentage a double)."""
    if key not in QUOTA_KEYS:
        return f"Invalid configuration key {key}"
    if math.isnan(value) or value <= 0:
        return f"Quota {key} must be a positive number, not {value}"
    if key != QuotaKind.REQUEST.value and key != CONTROLLER_MUTATION_RATE and value != int(value):
        return f"Quota {key} must be an integer number of bytes per second, not {value}"
    return None


# -- rates --------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Sample:
    start: float = 0.0
    value: float = 0.0


class Rate:
    """Kafka's `Rate` over a `SampledStat`: values summed per window, the oldest window reused
    once `samples` are in use; the rate is their sum over the time they span, which counts as at
    least `samples - 1` whole windows (so that a new sensor's first bytes do not read as a burst)."""

    __slots__ = ("samples", "window_s", "_samples", "_current")

    def __init__(self, samples: int, window_s: float, now: float):
        self.samples = samples
        self.window_s = window_s
        self._samples = [_Sample(now)]
        self._current = 0

    def record(self, value: float, now: float) -> None:
        sample = self._samples[self._current]
        if now >= sample.start + self.window_s:
            self._current = (self._current + 1) % self.samples
            if self._current >= len(self._samples):
                self._samples.append(_Sample(now))
            else:
                self._samples[self._current] = _Sample(now)
            sample = self._samples[self._current]
        sample.value += value

    def _purge(self, now: float) -> None:
        span = self.samples * self.window_s
        for s in self._samples:
            if now - s.start >= span:
                s.start, s.value = now, 0.0

    def window(self, now: float) -> float:
        """The time the rate is measured over, in seconds (Kafka's Rate.windowSize)."""
        self._purge(now)
        oldest = min(s.start for s in self._samples)
        elapsed = now - oldest
        full = int(elapsed / self.window_s)
        if full < self.samples - 1:
            elapsed += (self.samples - 1 - full) * self.window_s
        return max(elapsed, 0.001)

    def measure(self, now: float) -> float:
        """Per second."""
        span = self.window(now)
        return sum(s.value for s in self._samples) / span


def throttle_ms(observed: float, quota: float, window_s: float, cap_ms: float) -> int:
    """How long the client waits for its rate to come back to the quota (Kafka's QuotaUtils.
    throttleTime, bounded as ClientQuotaManager bounds it)."""
    if observed <= quota:
        return 0
    return int(min(round((observed - quota) / quota * window_s * 1000), cap_ms))


# -- the manager --------------------------------------------------------------------------------


@dataclass(slots=True)
class Sensor:
    """One rate of one kind, shared by the clients its tags cover."""

    rate: Rate
    quota: float | None
    throttle_ms_total: int = 0  # the throttle time handed out (metrics)
    throttled: int = 0  # how many answers carried a throttle


Tags = tuple[str, str]  # (user, client id), "" where the quota does not tell them apart


@dataclass(slots=True)
class _Resolved:
    quota: float | None
    tags: Tags


@dataclass(slots=True)
class ClientQuotas:
    """The quotas configured (by entity), the rates measured (by tags), the throttles computed."""

    samples: int = 11
    window_s: float = 1.0
    clock: Callable[[], float] = time.monotonic
    configs: dict[QuotaEntity, dict[str, float]] = field(default_factory=dict)
    sensors: dict[tuple[QuotaKind, Tags], Sensor] = field(default_factory=dict)
    # per kind: is any quota of it set (a request pays one lookup of this otherwise)
    enabled: dict[QuotaKind, bool] = field(default_factory=lambda: dict.fromkeys(QuotaKind, False))
    _resolved: dict[tuple[QuotaKind, str, str], _Resolved] = field(default_factory=dict)

    @property
    def active(self) -> bool:
        return any(self.enabled.values())

    # -- configuration
    def replace(self, configs: Mapping[QuotaEntity, Mapping[str, float]]) -> None:
        """All quotas at once (loaded from the file or ZooKeeper)."""
        self.configs = {e: dict(v) for e, v in configs.items() if v}
        self._changed()

    def alter(self, e: QuotaEntity, key: str, value: float | None) -> None:
        values = self.configs.setdefault(e, {})
        if value is None:
            values.pop(key, None)
        else:
            values[key] = value
        if not values:
            del self.configs[e]
        self._changed()

    def _changed(self) -> None:
        self._resolved.clear()
        for kind in QuotaKind:
            self.enabled[kind] = any(kind.value in v for v in self.configs.values())

    def quota_of(self, kind: QuotaKind, user: str, client_id: str) -> _Resolved:
        key = (kind, user, client_id)
        found = self._resolved.get(key)
        if found is None:
            found = self._resolved[key] = self._lookup(kind, user, client_id)
        return found

    def _lookup(self, kind: QuotaKind, user: str, client_id: str) -> _Resolved:
        name = kind.value
        configs = self.configs
        levels: tuple[tuple[QuotaEntity, Tags], ...] = (
            (((USER, user), (CLIENT_ID, client_id)), (user, client_id)),
            (((USER, user), (CLIENT_ID, None)), (user, client_id)),
            (((USER, user),), (user, "")),
            (((USER, None), (CLIENT_ID, client_id)), (user, client_id)),
            (((USER, None), (CLIENT_ID, None)), (user, client_id)),
            (((USER, None),), (user, "")),
            (((CLIENT_ID, client_id),), ("", client_id)),
            (((CLIENT_ID, None),), ("", client_id)),
        )
        for e, tags in levels:
            values = configs.get(e)
            if values is not None and name in values:
                return _Resolved(values[name], tags)
        return _Resolved(None, ("", client_id))

    # -- measuring
    def record(self, kind: QuotaKind, user: str, client_id: str, value: float) -> int:
        """Count `value` (bytes, or request time in percent-seconds) and answer the throttle time
        in ms: 0 while the client's rate is within its quota (or it has none)."""
        resolved = self.quota_of(kind, user, client_id)
        if resolved.quota is None:
            return 0
        now = self.clock()
        sensor = self._sensor(kind, resolved, now)
        sensor.rate.record(value, now)
        observed = sensor.rate.measure(now)
        if observed <= resolved.quota:
            return 0
        # byte rates: at most the whole window span; request time: one window (as Kafka bounds them)
        cap = self.window_s * 1000 * (1 if kind is QuotaKind.REQUEST else self.samples)
        ms = throttle_ms(observed, resolved.quota, sensor.rate.window(now), cap)
        if ms > 0:
            sensor.throttle_ms_total += ms
            sensor.throttled += 1
        return ms

    def unrecord(self, kind: QuotaKind, user: str, client_id: str, value: float) -> None:
        """Take back a value recorded for an answer that was not sent (a throttled fetch's data)."""
        resolved = self.quota_of(kind, user, client_id)
        sensor = self.sensors.get((kind, resolved.tags))
        if sensor is not None:
            sensor.rate.record(-value, self.clock())

    def _sensor(self, kind: QuotaKind, resolved: _Resolved, now: float) -> Sensor:
        key = (kind, resolved.tags)
        sensor = self.sensors.get(key)
        if sensor is None:
            sensor = self.sensors[key] = Sensor(Rate(self.samples, self.window_s, now), resolved.quota)
        sensor.quota = resolved.quota  # a quota altered since applies to the rate kept
        return sensor

    def view(self) -> Iterator[tuple[QuotaKind, str, str, float, float | None, int]]:
        """Each rate: kind, user, client id, the rate now, its quota, the throttle ms handed out."""
        now = self.clock()
        for (kind, (user, client)), s in sorted(
            self.sensors.items(), key=lambda kv: (kv[0][0].value, kv[0][1])
        ):
            yield kind, user, client, s.rate.measure(now), s.quota, s.throttle_ms_total


def user_of(principal: str) -> str:
    """The user a quota names: the principal's name (`User:alice` -> alice; ANONYMOUS alike)."""
    return principal.partition(":")[2] or principal

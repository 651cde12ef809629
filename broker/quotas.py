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

Each shared rate has two stats. Kafka's sampled `Rate` (`quota.window.num` windows of
`quota.window.size.seconds`) is what the metrics show. The throttle comes from a token bucket
(the stat Kafka uses for controller mutations, KIP-599): credit refills at the quota and holds
at most `quota.window.num - 1` windows of it, the burst Kafka's Rate lets a new client send; a
client whose request takes the credit below zero is throttled for

    -credit / quota

that is until the credit is back to zero. Kafka throttles byte rates on the sampled Rate
instead, `(observed - quota) / quota * window span`: a client sending flat out then settles
into one burst per window span (when the sample holding the last burst expires, the rate reads
low and a whole burst passes unthrottled), so that over 20 s it gets 0.55 to 1.15 times its
quota depending on where the bursts fall. The bucket holds it at the quota once its burst is
spent. Produce and fetch count bytes; request_percentage counts the time the broker spent on a
client's requests, as a percentage of one thread (Kafka's request quota).
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
        return self.total(now) / span

    def total(self, now: float) -> float:
        """What the samples still held at `now` add up to."""
        self._purge(now)
        return sum(s.value for s in self._samples)


def throttle_ms(observed: float, quota: float, window_s: float, cap_ms: float) -> int:
    """How long Kafka throttles a client whose sampled rate reads `observed` (QuotaUtils.
    throttleTime, bounded as ClientQuotaManager bounds it): until the rate measured over the same
    window is back to the quota. The buckets below throttle instead; this is the reference they
    are compared with (tests/unit/test_quotas.py)."""
    if observed <= quota:
        return 0
    return int(min(round((observed - quota) / quota * window_s * 1000), cap_ms))


class TokenBucket:
    """Credit refilled at the quota up to `burst_s` seconds of it (Kafka's TokenBucket stat): a
    value recorded takes credit, a negative one gives it back. The quota is passed each time, so
    an altered quota refills at the new rate from then on."""

    __slots__ = ("burst_s", "credit", "updated")

    def __init__(self, burst_s: float, quota: float, now: float, used: float = 0.0):
        """Full but for `used`, what the client sent recently (its rate's samples)."""
        self.burst_s = burst_s
        self.credit = quota * burst_s - used
        self.updated = now

    def record(self, value: float, quota: float, now: float) -> float:
        """Take `value` at `now`; the credit left (below zero: the client is over its quota)."""
        full = quota * self.burst_s
        credit = self.credit + quota * max(now - self.updated, 0.0)
        self.credit = min(credit, full) - value
        if self.credit > full:  # a value given back (unrecord) does not fill it past its size
            self.credit = full
        self.updated = now
        return self.credit


def bucket_throttle_ms(credit: float, quota: float, cap_ms: float) -> int:
    """How long a client whose bucket holds `credit` waits: until the credit is back to zero,
    rounded up so that its next request finds it there."""
    if credit >= 0:
        return 0
    # (less a nanosecond's worth: clock arithmetic must not turn 600 ms into 601)
    return int(min(math.ceil(-credit / quota * 1000 - 1e-6), cap_ms))


# -- the manager --------------------------------------------------------------------------------


@dataclass(slots=True)
class Sensor:
    """One rate of one kind, shared by the clients its tags cover."""

    rate: Rate  # what the metrics show
    bucket: TokenBucket  # what throttles
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
    # enabled[REQUEST] as a plain attribute: the server reads it on every request, and a
    # QuotaKind key's hash is a Python function (Enum.__hash__)
    limits_requests: bool = False
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
        self.limits_requests = self.enabled[QuotaKind.REQUEST]

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
        credit = sensor.bucket.record(value, resolved.quota, now)
        if credit >= 0:
            return 0
        # byte rates: at most the whole window span; request time: one window (as Kafka bounds
        # it). A longer debt is not forgiven: the next request finds the credit still negative.
        cap = self.window_s * 1000 * (1 if kind is QuotaKind.REQUEST else self.samples)
        ms = bucket_throttle_ms(credit, resolved.quota, cap)
        if ms > 0:
            sensor.throttle_ms_total += ms
            sensor.throttled += 1
        return ms

    def unrecord(self, kind: QuotaKind, user: str, client_id: str, value: float) -> None:
        """Take back a value recorded for an answer that was not sent (a throttled fetch's data)."""
        resolved = self.quota_of(kind, user, client_id)
        sensor = self.sensors.get((kind, resolved.tags))
        if sensor is not None and resolved.quota is not None:
            now = self.clock()
            sensor.rate.record(-value, now)
            sensor.bucket.record(-value, resolved.quota, now)

    def _sensor(self, kind: QuotaKind, resolved: _Resolved, now: float) -> Sensor:
        key = (kind, resolved.tags)
        sensor = self.sensors.get(key)
        quota = resolved.quota
        assert quota is not None
        if sensor is None:
            rate = Rate(self.samples, self.window_s, now)
            sensor = self.sensors[key] = Sensor(rate, TokenBucket(self.burst_s, quota, now), quota)
        elif sensor.quota != quota:
            # A quota altered applies to what the client sent in the window kept, as Kafka's
            # rate would measure it: the bucket starts again from the samples.
            sensor.bucket = TokenBucket(self.burst_s, quota, now, used=sensor.rate.total(now))
            sensor.quota = quota
        return sensor

    @property
    def burst_s(self) -> float:
        """A bucket's size in seconds of its quota: the `samples - 1` whole windows Kafka's Rate
        counts a new client's bytes over (at least one window)."""
        return max(self.samples - 1, 1) * self.window_s

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

"""The broker's side of KIP-714: client instances fetch their subscription
(GetTelemetrySubscriptions) and push metrics (PushTelemetry), which are kept, last push per
instance, for the Prometheus endpoint (broker/metrics.py). No I/O and no clock of its own:
the handlers pass `now` (monotonic seconds), so every rule is tested without sockets.

Kafka's rules: a zero client instance id gets a new one; a push names the subscription it was
made for, and a stale one (the configs changed since) is UNKNOWN_SUBSCRIPTION_ID, so the
client fetches again; a fetch or push sooner than the interval is THROTTLING_QUOTA_EXCEEDED
(the first push after a fetch excepted); after a terminating push, nothing more is taken."""

from __future__ import annotations

import uuid
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from broker import logging_setup
from broker.telemetry.otlp import OtlpError, Point, decode_metrics_data
from broker.telemetry.subscriptions import Plan, Subscription, plan_for
from protocol.compression import Compression, CompressionError, decompress
from protocol.errors import ErrorCode

log = logging_setup.get_logger("kbroker.telemetry")

# The codecs a client may compress its push with (Kafka's order: its preference).
ACCEPTED_COMPRESSION = (Compression.ZSTD, Compression.LZ4, Compression.GZIP, Compression.SNAPPY)
DEFAULT_MAX_BYTES = 1_048_576  # Kafka's telemetry.max.bytes
_SOFTWARE_KEPT = 10_000  # connections whose ApiVersions software name is remembered
_MIN_EXPIRY_S = 60.0


@dataclass(slots=True)
class Instance:
    """One client instance: who it is (the `match` selectors' attributes), its plan, the
    times of its last fetch and push, and the points of its last push."""

    attributes: dict[str, str]
    plan: Plan
    epoch: int
    last_get: float
    last_push: float = float("-inf")
    terminating: bool = False
    points: list[Point] = field(default_factory=list)

    @property
    def client_id(self) -> str:
        return self.attributes.get("client_id", "")

    def expired(self, now: float) -> bool:
        """Kafka drops an instance idle for 3 push intervals; kept a minute at least, so a
        terminating client's last push is scraped."""
        idle = now - max(self.last_get, self.last_push)
        return idle > max(3 * self.plan.interval_ms / 1000, _MIN_EXPIRY_S)


@dataclass(frozen=True, slots=True)
class Answer:
    error: ErrorCode
    instance_id: uuid.UUID
    plan: Plan


class ClientTelemetry:
    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES):
        self.max_bytes = max_bytes
        self.subscriptions: tuple[Subscription, ...] = ()
        self.epoch = 0
        self.instances: dict[uuid.UUID, Instance] = {}
        self._software: OrderedDict[str, tuple[str, str]] = OrderedDict()

    def set_configs(self, configs: Mapping[str, Mapping[str, str]]) -> None:
        """The CLIENT_METRICS resources in force (validated when altered)."""
        self.subscriptions = tuple(Subscription.from_configs(n, c) for n, c in sorted(configs.items()))
        self.epoch += 1

    def note_software(self, peer: str, name: str, version: str) -> None:
        """A connection's ApiVersions (v3+) client software name and version (KIP-511)."""
        self._software[peer] = (name, version)
        self._software.move_to_end(peer)
        while len(self._software) > _SOFTWARE_KEPT:
            self._software.popitem(last=False)

    def _attributes(self, instance_id: uuid.UUID, client_id: str, peer: str) -> dict[str, str]:
        address, _, port = peer.rpartition(":")
        name, version = self._software.get(peer, ("", ""))
        return {
            "client_instance_id": str(instance_id),
            "client_id": client_id,
            "client_software_name": name,
            "client_software_version": version,
            "client_source_address": address.strip("[]"),
            "client_source_port": port,
        }

    def get_subscriptions(self, instance_id: uuid.UUID, client_id: str, peer: str, now: float) -> Answer:
        if instance_id.int == 0:
            instance_id = uuid.uuid4()
        attributes = self._attributes(instance_id, client_id, peer)
        plan = plan_for(self.subscriptions, attributes, self.epoch)
        known = self.instances.get(instance_id)
        if (
            known is not None
            and not known.terminating
            and known.plan == plan
            and now - known.last_get < plan.interval_ms / 1000
        ):
            return Answer(ErrorCode.THROTTLING_QUOTA_EXCEEDED, instance_id, plan)
        instance = Instance(attributes, plan, self.epoch, now)
        if known is not None:
            instance.points, instance.last_push = known.points, known.last_push
        self.instances[instance_id] = instance
        log.debug("assign telemetry subscription", client_instance_id=str(instance_id), metrics=plan.metrics)
        return Answer(ErrorCode.NONE, instance_id, plan)

    def push(
        self,
        instance_id: uuid.UUID,
        subscription_id: int,
        terminating: bool,
        compression_type: int,
        payload: bytes,
        now: float,
    ) -> ErrorCode:
        if instance_id.int == 0:
            return ErrorCode.INVALID_REQUEST
        instance = self.instances.get(instance_id)
        if instance is None:
            return ErrorCode.UNKNOWN_SUBSCRIPTION_ID
        if instance.epoch != self.epoch:  # the configs changed: is its plan still the same?
            instance.plan = plan_for(self.subscriptions, instance.attributes, self.epoch)
            instance.epoch = self.epoch
        if subscription_id != instance.plan.subscription_id:
            return ErrorCode.UNKNOWN_SUBSCRIPTION_ID
        if instance.terminating:
            return ErrorCode.INVALID_REQUEST
        first_since_get = instance.last_get > instance.last_push
        if (
            not terminating
            and not first_since_get
            and now - instance.last_push < instance.plan.interval_ms / 1000
        ):
            return ErrorCode.THROTTLING_QUOTA_EXCEEDED
        instance.last_push = now
        instance.terminating = terminating
        if compression_type != Compression.NONE and compression_type not in ACCEPTED_COMPRESSION:
            return ErrorCode.UNSUPPORTED_COMPRESSION_TYPE
        if len(payload) > self.max_bytes:
            return ErrorCode.TELEMETRY_TOO_LARGE
        try:
            data = decompress(compression_type, payload) if compression_type else payload
            points = decode_metrics_data(data)
        except (CompressionError, OtlpError) as e:
            log.info("refuse telemetry push", client_instance_id=str(instance_id), error=str(e))
            return ErrorCode.INVALID_RECORD
        wanted = instance.plan.metrics
        instance.points = [p for p in points if any(p.metric.startswith(m) for m in wanted)]
        return ErrorCode.NONE

    def live(self, now: float) -> Iterator[tuple[uuid.UUID, Instance]]:
        """The instances not expired (dropped here: the scrape is what reads them)."""
        for instance_id, instance in list(self.instances.items()):
            if instance.expired(now):
                del self.instances[instance_id]
            else:
                yield instance_id, instance

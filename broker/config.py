"""Broker configuration with Kafka's property names, types and defaults.

A `server.properties` file plus `--override key=value` pairs. An unknown key or a value
that does not parse or validate is a ConfigError naming the key; the CLI exits 2 on it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class ConfigError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Listener:
    name: str
    host: str
    port: int


def _parse_int(text: str) -> int:
    return int(text.strip())


def _parse_bool(text: str) -> bool:
    t = text.strip().lower()
    if t in ("true", "false"):
        return t == "true"
    raise ValueError("expected true or false")


def _parse_str(text: str) -> str:
    return text.strip()


def _parse_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _parse_float(text: str) -> float:
    return float(text.strip())


_LISTENER = re.compile(r"^(?P<name>[A-Za-z0-9_]+)://(?P<host>\[[^\]]*\]|[^:]*):(?P<port>\d+)$")


def parse_listeners(text: str) -> list[Listener]:
    listeners = []
    for part in _parse_list(text):
        m = _LISTENER.match(part)
        if not m:
            raise ValueError(f"{part!r} is not NAME://host:port")
        port = int(m["port"])
        if not 0 <= port <= 65535:
            raise ValueError(f"port {port} out of range")
        listeners.append(Listener(m["name"].upper(), m["host"].strip("[]"), port))
    if not listeners:
        raise ValueError("no listener given")
    names = [lst.name for lst in listeners]
    if len(set(names)) != len(names):
        raise ValueError("listener names must be unique")
    return listeners


SECURITY_PROTOCOLS = ("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL")
DEFAULT_PROTOCOL_MAP = ",".join(f"{p}:{p}" for p in SECURITY_PROTOCOLS)  # Kafka's default


def parse_protocol_map(text: str) -> dict[str, str]:
    """listener.security.protocol.map: `NAME:PROTOCOL,...`, names case-insensitive as in Kafka."""
    out: dict[str, str] = {}
    for entry in _parse_list(text):
        name, sep, protocol = entry.partition(":")
        name, protocol = name.strip().upper(), protocol.strip().upper()
        if not sep or not name or not protocol:
            raise ValueError(f"{entry!r} is not LISTENER_NAME:SECURITY_PROTOCOL")
        if protocol not in SECURITY_PROTOCOLS:
            raise ValueError(f"{protocol} is not a security protocol ({', '.join(SECURITY_PROTOCOLS)})")
        if name in out:
            raise ValueError(f"listener {name} is mapped twice")
        out[name] = protocol
    return out


def _parse_name(text: str) -> str:
    return text.strip().upper()


def _parse_lower(text: str) -> str:
    return text.strip().lower()


def _parse_principals(text: str) -> list[str]:
    """super.users: `User:alice;User:bob` (Kafka separates principals with semicolons)."""
    out = [p.strip() for p in text.split(";") if p.strip()]
    for p in out:
        kind, sep, name = p.partition(":")
        if not sep or not kind or not name:
            raise ValueError(f"{p!r} is not PrincipalType:name")
    return out


def parse_ip_overrides(text: str) -> dict[str, int]:
    """max.connections.per.ip.overrides: `host:count,...` (a host name or an address)."""
    out: dict[str, int] = {}
    for entry in _parse_list(text):
        host, sep, count = entry.rpartition(":")
        if not sep or not host or not count.strip().isdigit():
            raise ValueError(f"{entry!r} is not host:count")
        out[host.strip().strip("[]")] = int(count)
    return out


# Kafka's ACL authorizers (ZooKeeper-era and KRaft), and kbroker's own name: all mean broker/security.
AUTHORIZER_CLASSES = (
    "kafka.security.authorizer.AclAuthorizer",
    "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
    "kbroker.AclAuthorizer",
)


@dataclass(frozen=True, slots=True)
class ConfigDef:
    name: str
    parse: Callable[[str], Any]
    default: str | None
    check: Callable[[Any], str | None] | None = None  # returns a complaint, or None
    doc: str = ""


def at_least(n: float) -> Callable[[Any], str | None]:
    return lambda v: None if v >= n else f"must be at least {n}"


def between(lo: float, hi: float) -> Callable[[Any], str | None]:
    return lambda v: None if lo <= v <= hi else f"must be between {lo} and {hi}"


def one_of(*choices: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        values = v if isinstance(v, list) else [v]
        bad = [x for x in values if x not in choices]
        return f"must be one of {', '.join(choices)}" if bad else None

    return check


_I, _B, _S, _L, _D = _parse_int, _parse_bool, _parse_str, _parse_list, _parse_float
_LISTENER_JAAS = re.compile(
    r"listener\.name\.(?P<listener>[a-z0-9_]+)\.(?P<mechanism>[a-z0-9-]+)\.sasl\.jaas\.config"
)

# The keys a listener may set for itself (`listener.name.<listener>.<key>`).
LISTENER_KEYS = (
    "ssl.client.auth",
    "ssl.keystore.location",
    "ssl.keystore.certificate.chain",
    "ssl.keystore.key",
    "ssl.key.password",
    "ssl.keystore.password",
    "ssl.truststore.location",
    "ssl.truststore.certificates",
    "sasl.enabled.mechanisms",
)
_LISTENER_KEY = re.compile(
    r"listener\.name\.(?P<listener>[a-z0-9_]+)\.(?P<key>"
    + "|".join(re.escape(k) for k in LISTENER_KEYS)
    + ")"
)

_DEFS: tuple[ConfigDef, ...] = (
    # The broker: identity, listeners, request sizes, topics.
    ConfigDef("broker.id", _I, "0", at_least(0)),
    ConfigDef("node.id", _I, None, at_least(0)),
    ConfigDef("broker.rack", _S, None),
    ConfigDef("listeners", parse_listeners, "PLAINTEXT://127.0.0.1:9092"),
    ConfigDef("advertised.listeners", parse_listeners, None),
    ConfigDef("listener.security.protocol.map", parse_protocol_map, DEFAULT_PROTOCOL_MAP),
    ConfigDef("inter.broker.listener.name", _parse_name, None),
    ConfigDef("security.inter.broker.protocol", _parse_name, "PLAINTEXT", one_of(*SECURITY_PROTOCOLS)),
    ConfigDef("log.dirs", _L, None),
    ConfigDef("log.dir", _L, "/tmp/kafka-logs"),
    ConfigDef("socket.request.max.bytes", _I, "104857600", at_least(1)),
    ConfigDef("message.max.bytes", _I, "1048588", at_least(0)),
    ConfigDef("fetch.max.bytes", _I, "57671680", at_least(1024)),
    ConfigDef("max.incremental.fetch.session.cache.slots", _I, "1000", at_least(0)),
    ConfigDef("min.incremental.fetch.session.eviction.ms", _I, "120000", at_least(0)),
    ConfigDef("num.partitions", _I, "1", at_least(1)),
    ConfigDef("default.replication.factor", _I, "1", at_least(1)),
    ConfigDef("auto.create.topics.enable", _B, "true"),
    ConfigDef("delete.topic.enable", _B, "true"),
    # The log (segments, retention, flushing, cleaning).
    ConfigDef("log.segment.bytes", _I, "1073741824", at_least(14)),
    ConfigDef("log.roll.ms", _I, None, at_least(1)),
    ConfigDef("log.roll.hours", _I, "168", at_least(1)),
    ConfigDef("log.retention.ms", _I, None, at_least(-1)),
    ConfigDef("log.retention.minutes", _I, None, at_least(-1)),
    ConfigDef("log.retention.hours", _I, "168", at_least(-1)),
    ConfigDef("log.retention.bytes", _I, "-1", at_least(-1)),
    ConfigDef("log.retention.check.interval.ms", _I, "300000", at_least(1)),
    ConfigDef("log.segment.delete.delay.ms", _I, "60000", at_least(0)),
    ConfigDef("log.index.interval.bytes", _I, "4096", at_least(0)),
    ConfigDef("log.index.size.max.bytes", _I, "10485760", at_least(4)),
    ConfigDef("log.flush.interval.messages", _I, "9223372036854775807", at_least(1)),
    ConfigDef("log.flush.interval.ms", _I, None, at_least(0)),
    ConfigDef("log.flush.scheduler.interval.ms", _I, "9223372036854775807", at_least(0)),
    ConfigDef("log.flush.offset.checkpoint.interval.ms", _I, "60000", at_least(0)),
    ConfigDef("log.cleanup.policy", _L, "delete", one_of("delete", "compact")),
    ConfigDef("log.cleaner.enable", _B, "true"),
    ConfigDef("log.cleaner.threads", _I, "1", at_least(0)),
    ConfigDef("log.cleaner.backoff.ms", _I, "15000", at_least(0)),
    ConfigDef("log.cleaner.min.cleanable.ratio", _D, "0.5", between(0, 1)),
    ConfigDef("log.cleaner.delete.retention.ms", _I, "86400000", at_least(0)),
    ConfigDef("log.cleaner.min.compaction.lag.ms", _I, "0", at_least(0)),
    # Kafka's cleaner tuning, accepted without effect (one cleaner thread, an unbounded offset map).
    ConfigDef("log.cleaner.max.compaction.lag.ms", _I, "9223372036854775807", at_least(1)),
    ConfigDef("log.cleaner.dedupe.buffer.size", _I, "134217728", at_least(0)),
    ConfigDef("log.cleaner.io.buffer.size", _I, "524288", at_least(0)),
    ConfigDef("log.cleaner.io.buffer.load.factor", _D, "0.9"),
    ConfigDef("log.cleaner.io.max.bytes.per.second", _D, "1.7976931348623157E308"),
    # Records: timestamps and compression (topic defaults).
    ConfigDef("log.message.timestamp.type", _S, "CreateTime", one_of("CreateTime", "LogAppendTime")),
    ConfigDef(
        "compression.type",
        _S,
        "producer",
        one_of("uncompressed", "zstd", "lz4", "snappy", "gzip", "producer"),
    ),
    # Groups and offsets.
    ConfigDef("offsets.topic.num.partitions", _I, "50", at_least(1)),
    ConfigDef("offsets.topic.replication.factor", _I, "3", at_least(1)),
    ConfigDef("offsets.topic.segment.bytes", _I, "104857600", at_least(1)),
    ConfigDef("offsets.retention.minutes", _I, "10080", at_least(1)),
    ConfigDef("offsets.retention.check.interval.ms", _I, "600000", at_least(1)),
    ConfigDef("offsets.commit.timeout.ms", _I, "5000", at_least(1)),
    ConfigDef("offsets.load.buffer.size", _I, "5242880", at_least(1)),
    ConfigDef("offset.metadata.max.bytes", _I, "4096", at_least(0)),
    ConfigDef("group.initial.rebalance.delay.ms", _I, "3000", at_least(0)),
    ConfigDef("group.min.session.timeout.ms", _I, "6000", at_least(0)),
    ConfigDef("group.max.session.timeout.ms", _I, "1800000", at_least(0)),
    ConfigDef("group.max.size", _I, "2147483647", at_least(1)),
    # KIP-848 consumer groups (Kafka 4.x's names and defaults; broker/group/consumer/manager.py).
    ConfigDef(
        "group.coordinator.rebalance.protocols",
        _L,
        "classic,consumer",
        # "share" is valid (Kafka's GroupType) but, as in Kafka 4.1/4.2, turns nothing on:
        # group.share.enable does
        one_of("classic", "consumer", "streams", "share"),
    ),
    ConfigDef("group.consumer.session.timeout.ms", _I, "45000", at_least(1)),
    ConfigDef("group.consumer.min.session.timeout.ms", _I, "45000", at_least(1)),
    ConfigDef("group.consumer.max.session.timeout.ms", _I, "60000", at_least(1)),
    ConfigDef("group.consumer.heartbeat.interval.ms", _I, "5000", at_least(1)),
    ConfigDef("group.consumer.min.heartbeat.interval.ms", _I, "5000", at_least(1)),
    ConfigDef("group.consumer.max.heartbeat.interval.ms", _I, "15000", at_least(1)),
    ConfigDef("group.consumer.max.size", _I, "2147483647", at_least(1)),
    # KIP-848 online upgrade/downgrade between classic and consumer groups (Kafka 4's default)
    ConfigDef(
        "group.consumer.migration.policy",
        _S,
        "bidirectional",
        one_of("disabled", "upgrade", "downgrade", "bidirectional"),
    ),
    ConfigDef(
        "group.consumer.assignors",
        _L,
        "uniform,range",
        one_of(
            "uniform",
            "range",
            "org.apache.kafka.coordinator.group.assignor.UniformAssignor",
            "org.apache.kafka.coordinator.group.assignor.RangeAssignor",
        ),
    ),
    # KIP-932 share groups (broker/group/share/, broker/share/): Kafka 4.2's names, defaults and
    # bounds. Off by default, as in Kafka 4.1/4.2 (group.share.enable is their internal switch).
    ConfigDef("group.share.enable", _B, "false"),
    ConfigDef("group.share.session.timeout.ms", _I, "45000", at_least(1)),
    ConfigDef("group.share.min.session.timeout.ms", _I, "45000", at_least(1)),
    ConfigDef("group.share.max.session.timeout.ms", _I, "60000", at_least(1)),
    ConfigDef("group.share.heartbeat.interval.ms", _I, "5000", at_least(1)),
    ConfigDef("group.share.min.heartbeat.interval.ms", _I, "5000", at_least(1)),
    ConfigDef("group.share.max.heartbeat.interval.ms", _I, "15000", at_least(1)),
    ConfigDef("group.share.max.size", _I, "200", between(1, 1000)),
    # share-partitions on the leaders (broker/share/): the group configs' defaults (share.*)
    ConfigDef("group.share.record.lock.duration.ms", _I, "30000", at_least(1)),
    ConfigDef("group.share.delivery.count.limit", _I, "5", between(2, 10)),
    ConfigDef("group.share.partition.max.record.locks", _I, "2000", between(100, 10000)),
    # the bounds of the groups' share.* configs (Kafka's ShareGroupConfig)
    ConfigDef("group.share.min.record.lock.duration.ms", _I, "15000", between(1000, 30000)),
    ConfigDef("group.share.max.record.lock.duration.ms", _I, "60000", between(30000, 3600000)),
    ConfigDef("group.share.min.delivery.count.limit", _I, "2", between(2, 5)),
    ConfigDef("group.share.max.delivery.count.limit", _I, "10", between(5, 25)),
    ConfigDef("group.share.min.partition.max.record.locks", _I, "100", between(100, 10000)),
    ConfigDef("group.share.max.partition.max.record.locks", _I, "10000", between(100, 10000)),
    # KIP-1191 dead-letter topics of share groups (broker/share/dead_letter.py)
    ConfigDef("errors.deadletterqueue.topic.name.prefix", _S, "dlq."),
    ConfigDef("errors.deadletterqueue.auto.create.topics.enable", _B, "false"),
    ConfigDef("group.share.max.share.sessions", _I, "2000", at_least(1)),
    ConfigDef(
        "group.share.assignors",
        _L,
        "simple",
        one_of("simple", "org.apache.kafka.coordinator.group.assignor.SimpleAssignor"),
    ),
    # KIP-932's share coordinator (broker/share/coordinator/): Kafka's ShareCoordinatorConfig.
    ConfigDef("share.coordinator.state.topic.num.partitions", _I, "50", at_least(1)),
    ConfigDef("share.coordinator.state.topic.replication.factor", _I, "3", at_least(1)),
    ConfigDef("share.coordinator.state.topic.min.isr", _I, "2", at_least(1)),
    ConfigDef("share.coordinator.state.topic.segment.bytes", _I, "104857600", at_least(1)),
    ConfigDef("share.coordinator.snapshot.update.records.per.snapshot", _I, "500", between(0, 500)),
    ConfigDef("share.coordinator.write.timeout.ms", _I, "5000", at_least(1)),
    ConfigDef("share.coordinator.state.topic.prune.interval.ms", _I, "300000", at_least(1)),
    # Transactions (broker/txn/) and idempotent producers.
    ConfigDef("transaction.state.log.replication.factor", _I, "3", at_least(1)),
    ConfigDef("transaction.state.log.min.isr", _I, "2", at_least(1)),
    ConfigDef("transaction.state.log.num.partitions", _I, "50", at_least(1)),
    ConfigDef("transaction.state.log.segment.bytes", _I, "104857600", at_least(1)),
    ConfigDef("transaction.max.timeout.ms", _I, "900000", at_least(1)),
    ConfigDef("transaction.abort.timed.out.transaction.cleanup.interval.ms", _I, "10000", at_least(1)),
    ConfigDef("transactional.id.expiration.ms", _I, "604800000", at_least(1)),
    ConfigDef("transaction.remove.expired.transaction.cleanup.interval.ms", _I, "3600000", at_least(1)),
    ConfigDef(
        "request.timeout.ms",
        _I,
        "30000",
        at_least(1),
        doc="how long a transaction marker written to a replicated partition may wait for its replicas",
    ),
    ConfigDef("producer.id.expiration.ms", _I, "86400000", at_least(1)),
    # Replication (cluster mode).
    ConfigDef("min.insync.replicas", _I, "1", at_least(1)),
    ConfigDef("unclean.leader.election.enable", _B, "false"),
    ConfigDef("replica.lag.time.max.ms", _I, "30000", at_least(1)),
    ConfigDef("auto.leader.rebalance.enable", _B, "true"),
    ConfigDef("leader.imbalance.check.interval.seconds", _I, "300", at_least(1)),
    ConfigDef("leader.imbalance.per.broker.percentage", _I, "10", at_least(0)),
    ConfigDef("replica.fetch.wait.max.ms", _I, "500", at_least(0)),
    ConfigDef("replica.fetch.min.bytes", _I, "1", at_least(1)),
    ConfigDef("replica.fetch.max.bytes", _I, "1048576", at_least(0)),
    ConfigDef("replica.fetch.response.max.bytes", _I, "10485760", at_least(0)),
    ConfigDef("replica.fetch.backoff.ms", _I, "1000", at_least(0)),
    ConfigDef("replica.socket.timeout.ms", _I, "30000", at_least(1)),
    ConfigDef("replica.high.watermark.checkpoint.interval.ms", _I, "5000", at_least(1)),
    # Replication throttles (KIP-73), set by kbroker-reassign-partitions --throttle (dynamic).
    ConfigDef("leader.replication.throttled.rate", _I, str(2**63 - 1), at_least(0)),
    ConfigDef("follower.replication.throttled.rate", _I, str(2**63 - 1), at_least(0)),
    # Security (broker/security/): TLS listeners, SASL, the ACL authorizer. Secrets (passwords,
    # keys) are never logged.
    ConfigDef("ssl.keystore.type", _S, "PEM", one_of("PEM")),
    ConfigDef("ssl.keystore.location", _S, None),
    ConfigDef("ssl.keystore.password", _S, None),
    ConfigDef("ssl.key.password", _S, None),
    ConfigDef("ssl.keystore.certificate.chain", _S, None),
    ConfigDef("ssl.keystore.key", _S, None),
    ConfigDef("ssl.truststore.type", _S, "PEM", one_of("PEM")),
    ConfigDef("ssl.truststore.location", _S, None),
    ConfigDef("ssl.truststore.password", _S, None),
    ConfigDef("ssl.truststore.certificates", _S, None),
    ConfigDef("ssl.client.auth", _parse_lower, "none", one_of("none", "requested", "required")),
    ConfigDef("ssl.enabled.protocols", _L, "TLSv1.2,TLSv1.3", one_of("TLSv1.2", "TLSv1.3")),
    ConfigDef("ssl.protocol", _S, "TLSv1.3"),
    ConfigDef("ssl.cipher.suites", _L, ""),
    ConfigDef("ssl.endpoint.identification.algorithm", _S, "https"),  # a client setting; accepted
    ConfigDef("ssl.principal.mapping.rules", _S, "DEFAULT", one_of("DEFAULT")),
    ConfigDef("sasl.enabled.mechanisms", _L, "PLAIN,SCRAM-SHA-256,SCRAM-SHA-512"),
    # The mechanism brokers log in to each other with (Kafka's default, GSSAPI, is not served).
    ConfigDef(
        "sasl.mechanism.inter.broker.protocol",
        _S,
        "PLAIN",
        one_of("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"),
    ),
    ConfigDef("sasl.mechanism.inter.broker.protocol", _S, "PLAIN"),
    ConfigDef("sasl.credentials.file", _S, None),  # kbroker: the SCRAM users of a single broker
    ConfigDef("connections.max.reauth.ms", _I, "0", at_least(0)),
    ConfigDef("connection.failed.authentication.delay.ms", _I, "100", at_least(0)),
    ConfigDef("authorizer.class.name", _S, ""),
    ConfigDef("super.users", _parse_principals, ""),
    ConfigDef("allow.everyone.if.no.acl.found", _B, "false"),
    ConfigDef("authorizer.acl.file", _S, None),  # kbroker: where a single broker keeps its ACLs
    # Prometheus metrics (broker/metrics.py), kbroker's own keys: off unless metrics.port is set
    # (0: any free port).
    ConfigDef("metrics.port", _I, None, between(0, 65535)),
    ConfigDef("metrics.host", _S, "127.0.0.1"),
    # GET /group-events on the metrics endpoint: group-coordinator events as server-sent events
    # (broker/group/watch.py), for kbroker-console's live view. Off: the endpoint answers 404.
    ConfigDef("group.events.stream.enable", _B, "false"),
    # Client quotas (broker/quotas.py) and connection bounds (broker/connection_quotas.py).
    ConfigDef("quota.window.num", _I, "11", at_least(1)),
    ConfigDef("quota.window.size.seconds", _I, "1", at_least(1)),
    ConfigDef("max.connections", _I, "2147483647", at_least(0)),
    ConfigDef("max.connections.per.ip", _I, "2147483647", at_least(0)),
    ConfigDef("max.connections.per.ip.overrides", parse_ip_overrides, ""),
    ConfigDef("max.connection.creation.rate", _I, "2147483647", at_least(0)),
    ConfigDef("connections.max.idle.ms", _I, "600000"),
    ConfigDef("queued.max.request.bytes", _I, "-1"),
    ConfigDef("queued.max.requests", _I, "500", at_least(1)),
    # Cluster mode.
    ConfigDef("zookeeper.connect", _S, None),
    ConfigDef("zookeeper.session.timeout.ms", _I, "18000", at_least(1)),
    ConfigDef("zookeeper.connection.timeout.ms", _I, None, at_least(1)),
    # Kafka settings that tune its JVM threads and sockets; accepted so that a Kafka
    # server.properties loads unchanged, with no effect on this single event loop.
    ConfigDef("num.network.threads", _I, "3", at_least(1)),
    ConfigDef("num.io.threads", _I, "8", at_least(1)),
    ConfigDef("num.recovery.threads.per.data.dir", _I, "1", at_least(1)),
    ConfigDef("socket.send.buffer.bytes", _I, "102400"),
    ConfigDef("socket.receive.buffer.bytes", _I, "102400"),
)
DEFS: dict[str, ConfigDef] = {d.name: d for d in _DEFS}


def read_properties(text: str) -> dict[str, str]:
    """Java .properties: `key=value` or `key: value`, # and ! comments, \\ continuations."""
    props: dict[str, str] = {}
    logical = ""
    for raw in text.splitlines():
        line = raw.strip() if not logical else raw.lstrip()
        if not logical and (not line or line[0] in "#!"):
            continue
        if line.endswith("\\") and not line.endswith("\\\\"):
            logical += line[:-1]
            continue
        logical += line
        m = re.match(r"^((?:[^=:\s\\]|\\.)+)\s*[=:\s]\s*(.*)$", logical)
        if m:
            key, value = m[1], m[2]
        else:
            key, value = logical, ""
        props[key.replace("\\", "")] = value
        logical = ""
    return props


class ListenerSettings:
    """A listener's view of the config (TLS and SASL settings): its own values first."""

    def __init__(self, config: Config, overrides: Mapping[str, Any]):
        self.config = config
        self.overrides = overrides

    def __getitem__(self, key: str) -> Any:
        return self.overrides[key] if key in self.overrides else self.config[key]


def has_truststore(settings: Config | ListenerSettings) -> bool:
    return bool(settings["ssl.truststore.location"] or settings["ssl.truststore.certificates"])


def _truststore_key(listener: str, own: bool) -> str:
    return f"listener.name.{listener.lower()}.ssl.truststore.location" if own else "ssl.truststore.location"


class Config:
    """Parsed, validated broker configuration. Access values with `config["log.dirs"]`."""

    def __init__(self, values: Mapping[str, str] | None = None):
        raw = dict(values or {})
        self._given = dict(raw)  # listener-prefixed keys included: a derived Config needs them too
        # The broker's own SASL login on a listener (Kafka's listener-prefixed JAAS config):
        # `listener.name.<listener>.<mechanism>.sasl.jaas.config`, lower case, as Kafka writes it.
        self.listener_jaas: dict[tuple[str, str], str] = {}
        for key in [k for k in raw if _LISTENER_JAAS.fullmatch(k)]:
            m = _LISTENER_JAAS.fullmatch(key)
            assert m is not None
            self.listener_jaas[(m["listener"].upper(), m["mechanism"].upper())] = raw.pop(key)
        # Per-listener settings (`listener.name.<listener>.<key>`), for the keys a listener may
        # have its own of; parsed and checked as the broker-wide key.
        self.listener_overrides: dict[str, dict[str, Any]] = {}
        for key in [k for k in raw if _LISTENER_KEY.fullmatch(k)]:
            m = _LISTENER_KEY.fullmatch(key)
            assert m is not None
            given = raw.pop(key)
            d = DEFS[m["key"]]
            try:
                value = d.parse(given)
            except ValueError as e:
                raise ConfigError(f"invalid value {given!r} for configuration key {key!r}: {e}") from e
            if d.check and (complaint := d.check(value)):
                raise ConfigError(f"invalid value {given!r} for configuration key {key!r}: {complaint}")
            self.listener_overrides.setdefault(m["listener"].upper(), {})[m["key"]] = value
        unknown = sorted(k for k in raw if k not in DEFS)
        if unknown:
            raise ConfigError(f"unknown configuration key {unknown[0]!r}")
        self._values: dict[str, Any] = {}
        self._raw = raw
        self.explicit: frozenset[str] = frozenset(raw)
        self.dynamic_default: dict[str, str] = {}  # in force over the static ones: apply_dynamic
        self.dynamic_broker: dict[str, str] = {}
        for d in _DEFS:
            text = raw.get(d.name, d.default)
            if text is None:
                self._values[d.name] = None
                continue
            try:
                value = d.parse(text)
            except ValueError as e:
                raise ConfigError(f"invalid value {text!r} for configuration key {d.name!r}: {e}") from e
            complaint = d.check(value) if d.check else None
            if complaint:
                raise ConfigError(f"invalid value {text!r} for configuration key {d.name!r}: {complaint}")
            self._values[d.name] = value
        self._check_relations()

    @classmethod
    def load(cls, path: str | Path | None = None, overrides: Iterable[str] = ()) -> Config:
        values: dict[str, str] = {}
        if path is not None:
            try:
                values.update(read_properties(Path(path).read_text(encoding="utf-8")))
            except OSError as e:
                raise ConfigError(f"cannot read {path}: {e.strerror}") from e
        for item in overrides:
            key, sep, value = item.partition("=")
            if not sep:
                raise ConfigError(f"override {item!r} is not key=value")
            values[key.strip()] = value
        return cls(values)

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def for_listener(self, listener: str) -> ListenerSettings:
        """This listener's settings: its `listener.name.<listener>.*` ones over the broker's."""
        return ListenerSettings(self, self.listener_overrides.get(listener, {}))

    @property
    def raw(self) -> dict[str, str]:
        """The static settings as given (server.properties and overrides), as text, the
        `listener.name.<listener>.*` ones included."""
        return dict(self._given)

    def apply_dynamic(self, default: Mapping[str, str], broker: Mapping[str, str]) -> None:
        """Put dynamic broker configs (broker/dynamic_config.py) in force over the static ones, in
        place: every component reading this Config sees them. ConfigError (and no change) if the
        combination does not validate."""
        merged = Config({**self._given, **default, **broker})
        self._values = merged._values
        self.dynamic_default = dict(default)
        self.dynamic_broker = dict(broker)

    def _check_relations(self) -> None:
        lo, hi = self["group.min.session.timeout.ms"], self["group.max.session.timeout.ms"]
        if lo > hi:
            raise ConfigError(
                "invalid value for configuration key 'group.min.session.timeout.ms': "
                "must not exceed group.max.session.timeout.ms"
            )
        queued, frame = self["queued.max.request.bytes"], self["socket.request.max.bytes"]
        if 0 < queued < frame:  # Kafka's rule: a request must fit in the queue
            raise ConfigError(
                f"invalid value {queued} for configuration key 'queued.max.request.bytes': must be -1 "
                f"(no bound) or at least socket.request.max.bytes ({frame})"
            )
        self._check_group_timeouts("group.consumer.")
        self._check_group_timeouts("group.share.")
        self._check_listeners()

    def _check_group_timeouts(self, pre: str) -> None:
        """Kafka's GroupCoordinatorConfig rules for the consumer (or share) group session and heartbeat."""
        session, interval = self[pre + "session.timeout.ms"], self[pre + "heartbeat.interval.ms"]
        rules = (
            ("session.timeout.ms", self[pre + "min.session.timeout.ms"] <= session, "min.session.timeout.ms"),
            ("session.timeout.ms", session <= self[pre + "max.session.timeout.ms"], "max.session.timeout.ms"),
            (
                "heartbeat.interval.ms",
                self[pre + "min.heartbeat.interval.ms"] <= interval,
                "min.heartbeat.interval.ms",
            ),
            (
                "heartbeat.interval.ms",
                interval <= self[pre + "max.heartbeat.interval.ms"],
                "max.heartbeat.interval.ms",
            ),
            ("heartbeat.interval.ms", interval < session, "session.timeout.ms"),
        )
        for key, ok, bound in rules:
            if not ok:
                raise ConfigError(
                    f"invalid value for configuration key '{pre}{key}': out of bounds of {pre}{bound}"
                )

    def _check_listeners(self) -> None:
        """Kafka's rules for named listeners (KafkaConfig's validation)."""

        def bad(key: str, why: str) -> ConfigError:
            if key not in self.explicit and DEFS[key].default is None:
                return ConfigError(f"configuration key {key!r} is not set: {why}")
            return ConfigError(f"invalid value {self.raw_text(key)!r} for configuration key {key!r}: {why}")

        ports = [lst.port for lst in self.listeners if lst.port != 0]  # port 0: any free port
        if len(set(ports)) != len(ports):
            raise bad("listeners", "each listener must have a different port")
        names = {lst.name for lst in self.listeners}
        protocols = self["listener.security.protocol.map"]
        map_key = "listener.security.protocol.map"
        for lst in self.listeners:
            protocol = protocols.get(lst.name)
            if protocol is None:
                raise bad(map_key, f"no security protocol defined for listener {lst.name}")
        for adv in self["advertised.listeners"] or []:
            if adv.name not in names:
                raise bad("advertised.listeners", f"{adv.name} is not in listeners")
        for adv in self.advertised_listeners:
            if adv.host in ("0.0.0.0", "::"):
                key = "advertised.listeners" if self["advertised.listeners"] else "listeners"
                raise bad(
                    key,
                    f"{adv.name} advertises the non-routable address {adv.host}: "
                    "set advertised.listeners to an address clients can reach",
                )
        if (
            "inter.broker.listener.name" in self.explicit
            and "security.inter.broker.protocol" in self.explicit
        ):
            raise bad(
                "inter.broker.listener.name",
                "only one of inter.broker.listener.name and security.inter.broker.protocol may be set",
            )
        advertised = [a.name for a in self.advertised_listeners]
        if self.inter_broker_listener_name not in advertised:
            key = (
                "security.inter.broker.protocol"
                if "security.inter.broker.protocol" in self.explicit
                else "inter.broker.listener.name"
            )
            raise bad(
                key,
                f"the inter-broker listener {self.inter_broker_listener_name} must be a listener "
                f"name defined in advertised.listeners (here: {', '.join(advertised)})",
            )

        self._check_security()

    def _check_security(self) -> None:
        """What TLS, SASL and the authorizer need, checked at start (exit 2 naming the key)."""
        from broker.security.sasl import check_mechanisms

        protocols = {self.security_protocol_map[lst.name] for lst in self.listeners}
        if protocols & {"SASL_PLAINTEXT", "SASL_SSL"}:
            complaint = check_mechanisms(self["sasl.enabled.mechanisms"])
            if complaint:
                raise ConfigError(
                    f"invalid value {self.raw_text('sasl.enabled.mechanisms')!r} for configuration key "
                    f"'sasl.enabled.mechanisms': {complaint}"
                )
        for listener, overrides in self.listener_overrides.items():
            if "sasl.enabled.mechanisms" in overrides:
                complaint = check_mechanisms(overrides["sasl.enabled.mechanisms"])
                if complaint:
                    key = f"listener.name.{listener.lower()}.sasl.enabled.mechanisms"
                    raise ConfigError(f"invalid value for configuration key {key!r}: {complaint}")
        own = [self.for_listener(lst.name) for lst in self.tls_listeners]  # Kafka's listener.name.* keys
        if any(not (s["ssl.keystore.location"] or s["ssl.keystore.certificate.chain"]) for s in own):
            raise ConfigError(
                "configuration key 'ssl.keystore.location' is not set: a TLS listener needs the broker's "
                "key and certificate (or ssl.keystore.certificate.chain and ssl.keystore.key)"
            )
        self._check_truststores()
        inter = self.security_protocol_map.get(self.inter_broker_listener_name)
        if self["zookeeper.connect"] and inter in ("SASL_PLAINTEXT", "SASL_SSL"):
            mechanism = self["sasl.mechanism.inter.broker.protocol"]
            key = f"listener.name.{self.inter_broker_listener_name.lower()}.{mechanism.lower()}.sasl.jaas.config"
            if (self.inter_broker_listener_name, mechanism) not in self.listener_jaas:
                raise ConfigError(
                    f"configuration key {key!r} is not set: the broker's own {mechanism} login on the "
                    f"inter-broker listener {self.inter_broker_listener_name} (username=... password=...)"
                )
        name = self["authorizer.class.name"]
        if name and name not in AUTHORIZER_CLASSES:
            raise ConfigError(
                f"invalid value {name!r} for configuration key 'authorizer.class.name': "
                f"must be empty or one of {', '.join(AUTHORIZER_CLASSES)}"
            )

    def _check_truststores(self) -> None:
        """A truststore is a listener's own or the broker's (Kafka resolves every ssl.* key so);
        it is needed where certificates are checked: on a listener that asks clients for one,
        and on the inter-broker listener of a cluster (the broker checks its peers')."""
        for lst in self.tls_listeners:
            auth = self.client_auth_of(lst.name)
            if auth != "none" and not has_truststore(self.for_listener(lst.name)):
                own = "ssl.client.auth" in self.listener_overrides.get(lst.name, {})
                key = _truststore_key(lst.name, own)
                raise ConfigError(
                    f"configuration key {key!r} is not set: ssl.client.auth={auth} on listener {lst.name} "
                    f"needs the certificates of the CAs that sign clients (ssl.truststore.location or "
                    f"{_truststore_key(lst.name, True)}, or the .certificates key inline)"
                )
        listener = self.inter_broker_listener_name
        inter = self.security_protocol_map.get(listener)
        if (
            self["zookeeper.connect"]
            and inter in ("SSL", "SASL_SSL")
            and not has_truststore(self.for_listener(listener))
        ):
            raise ConfigError(
                f"configuration key 'ssl.truststore.location' is not set: the broker checks the "
                f"certificates of the brokers it reaches on the inter-broker listener {listener} "
                f"against it (or {_truststore_key(listener, True)}, or the .certificates key inline)"
            )

    def client_auth_of(self, listener: str) -> str:
        """ssl.client.auth on a TLS listener: its own, else the broker-wide one on an SSL listener
        only (KIP-684: a SASL_SSL client logs in with SASL and is asked for no certificate)."""
        own = self.listener_overrides.get(listener, {})
        if "ssl.client.auth" in own:
            return str(own["ssl.client.auth"])
        return str(self["ssl.client.auth"]) if self.security_protocol_map.get(listener) == "SSL" else "none"

    @property
    def tls_listeners(self) -> list[Listener]:
        return [lst for lst in self.listeners if self.security_protocol_map[lst.name] in ("SSL", "SASL_SSL")]

    def raw_text(self, key: str) -> str:
        """A key's value as given (or its default), for error messages."""
        return self._raw.get(key, DEFS[key].default) or ""

    # Derived values, with Kafka's precedence rules.
    @property
    def broker_id(self) -> int:
        node_id: int | None = self["node.id"]
        broker_id: int = self["broker.id"]
        return node_id if node_id is not None else broker_id

    @property
    def listeners(self) -> list[Listener]:
        listeners: list[Listener] = self["listeners"]
        return listeners

    @property
    def advertised_listeners(self) -> list[Listener]:
        """What this broker registers for clients and other brokers: advertised.listeners when set
        (only those: a listener left out of it is not advertised, as in Kafka), else listeners."""
        return self["advertised.listeners"] or self.listeners

    @property
    def security_protocol_map(self) -> dict[str, str]:
        protocols: dict[str, str] = self["listener.security.protocol.map"]
        return protocols

    @property
    def inter_broker_listener_name(self) -> str:
        """The listener other brokers use (inter.broker.listener.name; by default the listener
        named after security.inter.broker.protocol, PLAINTEXT: Kafka's rule)."""
        name: str = self["inter.broker.listener.name"] or self["security.inter.broker.protocol"]
        return name

    @property
    def log_dirs(self) -> list[Path]:
        return [Path(d) for d in (self["log.dirs"] or self["log.dir"])]

    @property
    def log_retention_ms(self) -> int:
        ms: int | None = self["log.retention.ms"]
        minutes: int | None = self["log.retention.minutes"]
        hours: int = self["log.retention.hours"]
        if ms is not None:
            return ms
        return minutes * 60_000 if minutes is not None else hours * 3_600_000

    @property
    def log_roll_ms(self) -> int:
        ms: int | None = self["log.roll.ms"]
        hours: int = self["log.roll.hours"]
        return ms if ms is not None else hours * 3_600_000

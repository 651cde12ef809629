"""The Prometheus endpoint: `GET /metrics` on `metrics.host:metrics.port` (off unless
metrics.port is set), in the exposition format of the `prometheus_client` library.

Nothing here runs per request. The server and the log bump plain counters (broker/stats.py);
at each scrape a collector reads them and the broker's state (logs, groups, committed offsets)
and builds the series, in the event loop's thread, so it reads the state between two events:

    kbroker_requests_total{api,version}          requests answered
    kbroker_request_latency_seconds{api}         histogram, decode to encoded answer (waits included)
    kbroker_network_bytes_total{direction}       request and response bytes
    kbroker_connections{listener}                open client connections
    kbroker_fsync_latency_seconds                histogram of group commits' write + fdatasync
    kbroker_log_size_bytes{topic,partition}      and kbroker_log_start_offset / kbroker_log_end_offset
    kbroker_groups{state}                        groups this broker coordinates, by state
    kbroker_group_members{group}                 members; kbroker_group_generation{group} (rebalances:
                                                 a classic group's generation, a KIP-848 group's epoch)
    kbroker_groups_by_type{type}                 classic and consumer (KIP-848) groups
    kbroker_group_assignment_epoch{group}        a KIP-848 group's target assignment epoch
    kbroker_consumer_committed_offset{group,topic,partition}
    kbroker_consumer_lag{group,topic,partition}  log end offset (high watermark) - committed offset
    kbroker_consumer_group_lag{group}            its sum over the group's partitions
    kbroker_share_start_offset{group,topic,partition}  a share group's share-partition start offset
    kbroker_share_lag{group,topic,partition}     high watermark - that start offset (KIP-932; the
                                                 share-partitions this broker leads and has loaded)
    kbroker_quota_rate{quota,user,client_id}     a client's measured rate (bytes/s, or % of a thread)
    kbroker_quota_limit{quota,user,client_id}    its quota; kbroker_quota_throttle_time_ms_total: the
                                                 throttle time handed out (user/client "" where the
                                                 quota is shared, as Kafka's quota metric tags)
    kbroker_connections_refused_total{reason}    max.connections, .per.ip, creation rate
    kbroker_connections_idle_closed_total        closed by connections.max.idle.ms
    kbroker_queued_request_bytes                 unhandled request bytes (queued.max.request.bytes)
    kbroker_client_<metric>{client_id,client_instance_id,...}  what clients push (KIP-714: a
                                                 CLIENT_METRICS subscription asks for them)

`GET /group-events[?group=G]` (when group.events.stream.enable=true): the group coordinator's
events (broker/group/watch.py) as server-sent events, one JSON object per `data:` line, until the
client goes away; on the same host and port as /metrics and, like it, for whoever can reach that
address (metrics.host, 127.0.0.1 by default). With no client connected, nothing is published.

Lag needs the partition's log here: on a single broker always; in cluster mode the coordinator
reports the partitions it also leads.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector

from broker import logging_setup
from broker.stats import FSYNC, LATENCY_BUCKETS, Latency, RequestStats
from broker.telemetry.manager import ClientTelemetry
from protocol.apis import APIS

if TYPE_CHECKING:
    from broker.broker import Broker

log = logging_setup.get_logger("kbroker.metrics")

# Classic groups' states, then those only KIP-848 consumer groups have.
GROUP_STATES = (
    "Empty",
    "PreparingRebalance",
    "CompletingRebalance",
    "Stable",
    "Dead",
    "Assigning",
    "Reconciling",
)


def _histogram(name: str, doc: str, labels: list[str], series: list[tuple[list[str], Latency]]) -> Metric:
    family = HistogramMetricFamily(name, doc, labels=labels)
    for values, h in series:
        cumulative, running = [], 0
        for bound, n in zip((*map(str, LATENCY_BUCKETS), "+Inf"), h.buckets, strict=True):
            running += n
            cumulative.append((bound, running))
        family.add_metric(values, cumulative, h.sum)
    return family


class BrokerCollector(Collector):
    def __init__(self, broker: Broker, stats: RequestStats):
        self.broker = broker
        self.stats = stats

    def collect(self) -> Iterator[Metric]:
        yield from self._requests()
        yield from self._logs()
        yield from self._groups()
        yield from self._share_partitions()
        yield from self._quotas()
        yield from client_telemetry_metrics(self.broker.client_telemetry, time.monotonic())

    def _quotas(self) -> Iterator[Metric]:
        labels = ["quota", "user", "client_id"]
        rate = GaugeMetricFamily(
            "kbroker_quota_rate", "A client's rate, as its quota measures it", labels=labels
        )
        limit = GaugeMetricFamily("kbroker_quota_limit", "A client's quota", labels=labels)
        throttle = CounterMetricFamily(
            "kbroker_quota_throttle_time_ms", "Throttle time handed out to a client", labels=labels
        )
        quotas = self.broker._quotas
        for kind, user, client, measured, quota, throttled in (
            quotas.quotas.view() if quotas is not None else ()
        ):
            values = [kind.value, user, client]
            rate.add_metric(values, measured)
            if quota is not None:
                limit.add_metric(values, quota)
            throttle.add_metric(values, throttled)
        yield from (rate, limit, throttle)
        refused = CounterMetricFamily(
            "kbroker_connections_refused", "Connections closed at once: past a bound", labels=["reason"]
        )
        for reason, n in sorted(self.broker.connection_quotas.refused.items()):
            refused.add_metric([reason], n)
        yield refused
        idle = CounterMetricFamily("kbroker_connections_idle_closed", "Connections closed for idleness")
        idle.add_metric([], sum(s.idle_closed for s in self.broker.servers))
        yield idle
        queued = GaugeMetricFamily("kbroker_queued_request_bytes", "Request bytes read and not yet handled")
        queued.add_metric([], self.broker.request_memory.used)
        yield queued

    def _requests(self) -> Iterator[Metric]:
        s = self.stats
        requests = CounterMetricFamily(
            "kbroker_requests", "Requests answered, by API and version", labels=["api", "version"]
        )
        for (key, version), n in sorted(s.requests.items()):
            requests.add_metric([_api_name(key), str(version)], n)
        yield requests
        yield _histogram(
            "kbroker_request_latency_seconds",
            "Time from a decoded request to its encoded answer",
            ["api"],
            [([_api_name(k)], h) for k, h in sorted(s.latency.items())],
        )
        network = CounterMetricFamily(
            "kbroker_network_bytes", "Bytes of requests (in) and responses (out)", labels=["direction"]
        )
        network.add_metric(["in"], s.bytes_in)
        network.add_metric(["out"], s.bytes_out)
        yield network
        connections = GaugeMetricFamily("kbroker_connections", "Open client connections", labels=["listener"])
        for server in self.broker.servers:
            connections.add_metric([server.listener_name], server.connection_count)
        yield connections
        yield _histogram(
            "kbroker_fsync_latency_seconds", "Group commits: write and fdatasync of a log", [], [([], FSYNC)]
        )

    def _logs(self) -> Iterator[Metric]:
        size = GaugeMetricFamily(
            "kbroker_log_size_bytes", "Bytes of a partition's log", labels=["topic", "partition"]
        )
        start = GaugeMetricFamily(
            "kbroker_log_start_offset", "First offset of a partition's log", labels=["topic", "partition"]
        )
        end = GaugeMetricFamily(
            "kbroker_log_end_offset", "High watermark of a partition's log", labels=["topic", "partition"]
        )
        manager = self.broker.log_manager
        for tp, lg in sorted(manager.logs.items()) if manager is not None else ():
            if lg.deleted:
                continue
            labels = [tp.topic, str(tp.partition)]
            size.add_metric(labels, lg.size)
            start.add_metric(labels, lg.log_start_offset)
            end.add_metric(labels, lg.high_watermark)
        yield from (size, start, end)

    def _groups(self) -> Iterator[Metric]:
        by_state = GaugeMetricFamily(
            "kbroker_groups", "Groups this broker coordinates, by state", labels=["state"]
        )
        members = GaugeMetricFamily("kbroker_group_members", "Members of a group", labels=["group"])
        generation = GaugeMetricFamily(
            "kbroker_group_generation",
            "A group's generation: it goes up by one per rebalance",
            labels=["group"],
        )
        committed = GaugeMetricFamily(
            "kbroker_consumer_committed_offset",
            "A group's committed offset",
            labels=["group", "topic", "partition"],
        )
        lag = GaugeMetricFamily(
            "kbroker_consumer_lag",
            "Log end offset minus the group's committed offset",
            labels=["group", "topic", "partition"],
        )
        group_lag = GaugeMetricFamily(
            "kbroker_consumer_group_lag", "A group's lag over its partitions", labels=["group"]
        )
        assignment_epoch = GaugeMetricFamily(
            "kbroker_group_assignment_epoch",
            "A consumer group's (KIP-848) target assignment epoch; its group epoch is the generation",
            labels=["group"],
        )
        states: Counter[str] = Counter()
        types: Counter[str] = Counter()
        groups = self.broker.groups
        manager = self.broker.log_manager
        for g in groups.metrics_view() if groups is not None else ():
            group_id = g.group_id
            states[g.state] += 1
            types[g.group_type] += 1
            members.add_metric([group_id], g.members)
            generation.add_metric([group_id], g.generation)
            if g.assignment_epoch is not None:
                assignment_epoch.add_metric([group_id], g.assignment_epoch)
            total = 0
            for (topic, partition), offset in sorted(g.offsets.items()):
                labels = [group_id, topic, str(partition)]
                committed.add_metric(labels, offset)
                lg = manager.get(topic, partition) if manager is not None else None
                if lg is not None and not lg.deleted:
                    behind = max(0, lg.high_watermark - offset)
                    lag.add_metric(labels, behind)
                    total += behind
            group_lag.add_metric([group_id], total)
        for state in GROUP_STATES:
            by_state.add_metric([state], states.get(state, 0))
        by_type = GaugeMetricFamily(
            "kbroker_groups_by_type", "Groups this broker coordinates, by type", labels=["type"]
        )
        for group_type in ("classic", "consumer"):
            by_type.add_metric([group_type], types.get(group_type, 0))
        yield from (by_state, by_type, members, generation, assignment_epoch, committed, lag, group_lag)

    def _share_partitions(self) -> Iterator[Metric]:
        labels = ["group", "topic", "partition"]
        start = GaugeMetricFamily(
            "kbroker_share_start_offset", "A share group's share-partition start offset", labels=labels
        )
        lag = GaugeMetricFamily(
            "kbroker_share_lag", "High watermark minus the share-partition start offset", labels=labels
        )
        partitions = getattr(self.broker, "share_partitions", None)
        for entry in list(partitions.partitions.values()) if partitions is not None else ():
            if entry.log.deleted:
                continue
            values = [entry.key.group_id, entry.topic, str(entry.key.partition)]
            start.add_metric(values, entry.share.start_offset)
            lag.add_metric(values, max(0, entry.log.high_watermark - entry.share.start_offset))
        yield from (start, lag)


_NOT_IN_NAME = re.compile(r"[^a-zA-Z0-9_]")


def _prometheus_name(text: str) -> str:
    name = _NOT_IN_NAME.sub("_", text)
    return name if name and not name[0].isdigit() else "_" + name


def client_telemetry_metrics(telemetry: ClientTelemetry, now: float) -> Iterator[Metric]:
    """The metrics client instances pushed (KIP-714), last push each, as gauges named
    `kbroker_client_<metric name, dots as underscores>[_count|_sum]`, labelled with the
    client id, the client instance id and the points' own attributes."""
    series: dict[str, list[tuple[dict[str, str], float]]] = {}
    for instance_id, instance in telemetry.live(now):
        for point in instance.points:
            labels = {"client_id": instance.client_id, "client_instance_id": str(instance_id)}
            for key, value in point.attributes:
                labels.setdefault(_prometheus_name(key).lstrip("_") or "attribute", value)
            name = "kbroker_client_" + _prometheus_name(point.metric).lstrip("_") + point.suffix
            series.setdefault(name, []).append((labels, point.value))
    for name, samples in sorted(series.items()):
        keys = sorted({k for labels, _ in samples for k in labels})
        family = GaugeMetricFamily(name, "pushed by clients (KIP-714)", labels=keys)
        for labels, sample in samples:
            family.add_metric([labels.get(k, "") for k in keys], sample)
        yield family


def _api_name(key: int) -> str:
    api = APIS.get(key)
    return api.name if api is not None else str(key)


class MetricsEndpoint:
    """A minimal asyncio HTTP/1.1 responder for `GET /metrics` (one request per connection)."""

    def __init__(self, broker: Broker):
        self.stats = RequestStats()
        self.registry = CollectorRegistry(auto_describe=False)
        self.registry.register(BrokerCollector(broker, self.stats))
        self._server: asyncio.Server | None = None
        self.port = 0
        self.broker = broker
        self.events_enabled = bool(broker.config["group.events.stream.enable"])
        self._streams: set[asyncio.Queue[dict[str, object] | None]] = set()

    async def start(self, host: str, port: int) -> int:
        self._server = await asyncio.start_server(self._serve, host, port, reuse_address=True)
        self.port = self._server.sockets[0].getsockname()[1]
        log.info("listen metrics", host=host, port=self.port, path="/metrics")
        return self.port

    async def stop(self) -> None:
        for queue in list(self._streams):  # end open event streams, or wait_closed waits for them
            with contextlib.suppress(asyncio.QueueFull):
                queue.put_nowait(None)
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                async with asyncio.timeout(1.0):
                    await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            async with asyncio.timeout(10):
                head = await reader.readuntil(b"\r\n\r\n")
            method, _, rest = head.decode("latin-1").partition(" ")
            path, _, query = rest.split(" ", 1)[0].partition("?")
            if method == "GET" and path == "/group-events" and self.events_enabled:
                await self._stream_events(writer, parse_qs(query).get("group", [None])[0])
                return
            if method not in ("GET", "HEAD"):
                status, ctype, body = "405 Method Not Allowed", "text/plain", b"only GET\n"
            elif path == "/group-events":
                status, ctype, body = (
                    "404 Not Found",
                    "text/plain",
                    b"the group events stream is off (group.events.stream.enable=false)\n",
                )
            elif path not in ("/metrics", "/"):
                status, ctype, body = "404 Not Found", "text/plain", b"see /metrics\n"
            else:
                status, ctype, body = "200 OK", CONTENT_TYPE_LATEST, generate_latest(self.registry)
            writer.write(
                f"HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {len(body)}\r\n"
                "Connection: close\r\n\r\n".encode()
                + (body if method != "HEAD" else b"")
            )
            await writer.drain()
        except (TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            pass
        except Exception:
            log.exception("fail metrics scrape")
        finally:
            writer.close()

    async def _stream_events(self, writer: asyncio.StreamWriter, group: str | None) -> None:
        """Server-sent events of the group coordinator until the client disconnects or the broker
        stops. A client too slow to keep up loses events (the queue is bounded), never the broker."""
        queue: asyncio.Queue[dict[str, object] | None] = asyncio.Queue(maxsize=10_000)

        def listener(event: dict[str, object]) -> None:
            if group is None or event.get("group") == group:
                with contextlib.suppress(asyncio.QueueFull):
                    queue.put_nowait(event)

        watch = self.broker.groups.watch
        unsubscribe = watch.subscribe(listener)
        self._streams.add(queue)
        log.info("open group events stream", group=group, listeners=len(watch.listeners))
        try:
            writer.write(
                b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                b"Connection: close\r\n\r\n: kbroker group events\n\n"
            )
            await writer.drain()
            while True:
                try:
                    async with asyncio.timeout(15):
                        event = await queue.get()
                except TimeoutError:
                    writer.write(b": keepalive\n\n")  # also how a gone client is noticed
                    await writer.drain()
                    continue
                if event is None:
                    return
                writer.write(b"data: " + json.dumps(event, default=str).encode() + b"\n\n")
                await writer.drain()
        finally:
            unsubscribe()
            self._streams.discard(queue)
            log.info("close group events stream", group=group)

"""The cluster-level client: bootstrap, connections per broker, metadata refresh, coordinator
lookup, and retries with backoff. Producer, consumer and admin each own one.

Connections are keyed by (node id, purpose): group coordination gets its own connection to the
coordinator, as Kafka's clients do, so that a JoinGroup parked for seconds does not hold back
the fetches queued behind it (a broker answers a connection's requests in order).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from construct import Container

from client import log as logs
from client.aio import wait_for
from client.connection import Body, BrokerConnection, ConnectionConfig
from client.errors import (
    COORDINATOR_ERRORS,
    KafkaConnectionError,
    KafkaError,
    KafkaTimeoutError,
    NoBrokersAvailable,
    error_for,
)
from client.metadata import ClusterMetadata
from client.security import SecurityConfig
from client.structs import BrokerNode
from client.versions import CLIENT_VERSIONS
from protocol.apis import ApiKey
from protocol.errors import ErrorCode

log = logs.get("kbroker.client")
T = TypeVar("T")

DATA = "data"
# What this process learned about broker addresses, shared by its clients: version caps for
# APIs a broker advertises but cannot serve, and the (api, version) pairs it has answered.
_LEARNED_CAPS: dict[tuple[str, int], dict[int, int]] = {}
_ANSWERED: dict[tuple[str, int], set[tuple[int, int]]] = {}
COORDINATION = "coordination"


def parse_bootstrap(servers: str | Iterable[str]) -> list[tuple[str, int]]:
    items = servers.split(",") if isinstance(servers, str) else list(servers)
    out = []
    for item in items:
        item = item.strip()
        if not item:
            continue
        if "://" in item:
            item = item.split("://", 1)[1]
        host, _, port = item.rpartition(":")
        out.append((host.strip("[]") or "127.0.0.1", int(port) if port else 9092))
    if not out:
        raise ValueError("bootstrap_servers names no server")
    return out


@dataclass(slots=True)
class ClientConfig:
    bootstrap_servers: str | list[str] = "127.0.0.1:9092"
    client_id: str = "kbroker-client"
    request_timeout_ms: int = 30_000
    connect_timeout_ms: int = 10_000
    metadata_max_age_ms: int = 300_000
    retry_backoff_ms: int = 100
    retry_backoff_max_ms: int = 1_000
    allow_auto_create_topics: bool = True
    security: SecurityConfig | None = None  # TLS / SASL (client/security.py); None: PLAINTEXT


@dataclass(slots=True)
class Backoff:
    """Exponential backoff with jitter, as Kafka's ExponentialBackoff (pure)."""

    initial_ms: int = 100
    max_ms: int = 1_000
    attempts: int = field(default=0)

    def next_delay(self) -> float:
        ms = min(self.max_ms, self.initial_ms * (2 ** min(self.attempts, 16)))
        self.attempts += 1
        return float(ms * random.uniform(0.8, 1.2) / 1000)


class KafkaClient:
    def __init__(self, config: ClientConfig | None = None, **kwargs: Any):
        self.config = config or ClientConfig(**kwargs)
        self.cluster = ClusterMetadata()
        self._bootstrap = parse_bootstrap(self.config.bootstrap_servers)
        self._conns: dict[tuple[int, str], BrokerConnection] = {}
        self._connecting: dict[tuple[int, str], asyncio.Task[Any]] = {}
        self._topics: set[str] = set()
        self._all_topics = False
        self._refresh: asyncio.Task[Any] | None = None
        self._update_wanted = asyncio.Event()
        self._refresher: asyncio.Task[Any] | None = None
        self._last_refresh = 0.0
        self._listeners: list[Callable[[set[str]], None]] = []
        self._caps = _LEARNED_CAPS
        self._answered = _ANSWERED
        self._closed = False

    # --- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        await self.refresh_metadata()
        self._refresher = asyncio.get_running_loop().create_task(self._refresh_loop(), name="kafka-metadata")

    async def close(self) -> None:
        self._closed = True
        for task in (self._refresher, self._refresh, *self._connecting.values()):
            if task is not None:
                task.cancel()
        for task in (self._refresher, self._refresh, *self._connecting.values()):
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        conns, self._conns = list(self._conns.values()), {}
        await asyncio.gather(*(c.close() for c in conns), return_exceptions=True)

    def connection_config(self) -> ConnectionConfig:
        return ConnectionConfig(
            self.config.client_id,
            self.config.request_timeout_ms,
            self.config.connect_timeout_ms,
            security=self.config.security,
        )

    # --- metadata ----------------------------------------------------------------------------

    def add_topics(self, topics: Iterable[str]) -> bool:
        """Track these topics too; True when that is news (a refresh is then wanted)."""
        new = set(topics) - self._topics
        self._topics |= new
        if new:
            # As Kafka's Metadata.requestUpdateForNewTopics: the refresh that learns them is not
            # held back by the retry backoff (a consumer assigned new partitions waits for it).
            self._last_refresh = 0.0
        return bool(new)

    def set_topics(self, topics: Iterable[str]) -> None:
        self._topics = set(topics)

    def want_all_topics(self, value: bool = True) -> None:
        self._all_topics = value

    def on_metadata(self, listener: Callable[[set[str]], None]) -> None:
        """Call `listener(changed_topics)` after every metadata update."""
        self._listeners.append(listener)

    def request_metadata_update(self) -> None:
        self._update_wanted.set()

    async def refresh_metadata(self, topics: Iterable[str] | None = None) -> ClusterMetadata:
        """Fetch metadata now (concurrent callers share one request). Extra `topics` are tracked."""
        if topics is not None:
            self.add_topics(topics)
        if self._refresh is None or self._refresh.done():
            self._refresh = asyncio.get_running_loop().create_task(
                self._do_refresh(), name="kafka-metadata-refresh"
            )
        await asyncio.shield(self._refresh)
        return self.cluster

    async def _do_refresh(self) -> None:
        wanted = None if self._all_topics else sorted(self._topics)
        body = {
            "topics": None if wanted is None else [{"name": t} for t in wanted],
            "allow_auto_topic_creation": self.config.allow_auto_create_topics,
        }
        response = await self._send_to_any(ApiKey.METADATA, body)
        if response.error_code:
            raise error_for(response.error_code, "Metadata")
        self._update_wanted.clear()
        changed = self.cluster.update(response, all_topics=wanted is None, requested=wanted or ())
        self._last_refresh = time.monotonic()
        # a requested topic without leaders yet (being created): ask again soon
        if any(m.leader < 0 for t in self.cluster.topics.values() for m in t.partitions.values()) or (
            wanted is not None and set(wanted) - set(self.cluster.topics)
        ):
            self._update_wanted.set()
        for listener in list(self._listeners):
            listener(changed)

    async def _refresh_loop(self) -> None:
        backoff = Backoff(self.config.retry_backoff_ms, self.config.retry_backoff_max_ms)
        while True:
            max_age = self.config.metadata_max_age_ms / 1000
            wait = max(0.0, self._last_refresh + max_age - time.monotonic())
            with contextlib.suppress(TimeoutError):
                await wait_for(self._update_wanted.wait(), wait)
            # do not refresh more often than the retry backoff
            since = time.monotonic() - self._last_refresh
            if since < self.config.retry_backoff_ms / 1000:
                await asyncio.sleep(self.config.retry_backoff_ms / 1000 - since)
            try:
                await self.refresh_metadata()
                backoff.attempts = 0
            except KafkaError as e:
                log.debug("fail_refresh_metadata", error=str(e))
                self._update_wanted.set()
                await asyncio.sleep(backoff.next_delay())

    async def wait_for(self, predicate: Callable[[], bool], timeout: float, what: str) -> None:
        """Refresh metadata until `predicate()` holds; KafkaTimeoutError after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        backoff = Backoff(self.config.retry_backoff_ms, self.config.retry_backoff_max_ms)
        while not predicate():
            if time.monotonic() > deadline:
                raise KafkaTimeoutError(f"timed out after {timeout:.1f}s waiting for {what}")
            with contextlib.suppress(KafkaError):
                await self.refresh_metadata()
            if not predicate():
                await asyncio.sleep(min(backoff.next_delay(), max(0.0, deadline - time.monotonic())))

    # --- connections -------------------------------------------------------------------------

    def _address(self, node_id: int) -> tuple[str, int]:
        node = self.cluster.brokers.get(node_id)
        if node is not None:
            return node.host, node.port
        if node_id < 0 and -node_id - 1 < len(self._bootstrap):
            return self._bootstrap[-node_id - 1]
        raise KafkaConnectionError(f"unknown broker node {node_id}")

    async def connection(self, node_id: int, purpose: str = DATA) -> BrokerConnection:
        key = (node_id, purpose)
        conn = self._conns.get(key)
        if conn is not None and conn.connected:
            return conn
        task = self._connecting.get(key)
        if task is None or task.done():
            task = asyncio.get_running_loop().create_task(self._connect(key), name=f"kafka-connect-{node_id}")
            self._connecting[key] = task
        return await asyncio.shield(task)

    async def _connect(self, key: tuple[int, str]) -> BrokerConnection:
        node_id, _ = key
        old = self._conns.pop(key, None)
        if old is not None:
            await old.close()
        host, port = self._address(node_id)
        conn = BrokerConnection(
            host,
            port,
            node_id,
            self.connection_config(),
            caps=self._caps.setdefault((host, port), {}),
            answered=self._answered.setdefault((host, port), set()),
            on_suspect=self._lower_version,
        )
        await conn.connect()
        if self._closed:
            await conn.close()
            raise KafkaConnectionError("client closed")
        self._conns[key] = conn
        return conn

    def _lower_version(self, conn: BrokerConnection, api_key: int, version: int) -> None:
        """The broker hung up on the first request of `api_key` at `version`: use a lower one
        with it from now on (the librdkafka mock advertises JoinGroup v6 and SyncGroup v4 but
        drops the connection on them)."""
        ours = CLIENT_VERSIONS.get(api_key, (0, 0))[0]
        theirs = conn.api_versions.get(api_key, (0, 0))[0]
        if version - 1 < max(ours, theirs) or conn.caps.get(api_key, version) < version:
            return
        conn.caps[api_key] = version - 1
        log.warning(
            "lower_api_version",
            node=conn.node_id,
            api=ApiKey(api_key).name,
            version=version - 1,
            reason=f"the broker closed the connection on v{version}",
        )

    def drop_connection(self, node_id: int, purpose: str = DATA) -> None:
        conn = self._conns.pop((node_id, purpose), None)
        if conn is not None:
            asyncio.get_running_loop().create_task(conn.close())

    async def send(
        self,
        node_id: int,
        api_key: int,
        body: Body,
        *,
        purpose: str = DATA,
        max_version: int | None = None,
        timeout: float | None = None,
    ) -> Container:
        return (
            await self.send_versioned(
                node_id, api_key, body, purpose=purpose, max_version=max_version, timeout=timeout
            )
        )[1]

    async def send_versioned(
        self,
        node_id: int,
        api_key: int,
        body: Body,
        *,
        purpose: str = DATA,
        max_version: int | None = None,
        timeout: float | None = None,
    ) -> tuple[int, Container]:
        """One request to one broker. A failed connection is dropped and metadata refreshed."""
        try:
            conn = await self.connection(node_id, purpose)
            return await conn.request_versioned(api_key, body, max_version=max_version, timeout=timeout)
        except KafkaConnectionError:
            self.drop_connection(node_id, purpose)
            self.request_metadata_update()
            raise

    def least_loaded_node(self) -> int:
        """A broker with the fewest requests in flight (connected ones first); bootstrap ids
        (negative) while no broker is known."""
        nodes = list(self.cluster.brokers) or [-(i + 1) for i in range(len(self._bootstrap))]
        random.shuffle(nodes)

        def load(n: int) -> tuple[int, int]:
            conn = self._conns.get((n, DATA))
            return (0, conn.in_flight) if conn is not None and conn.connected else (1, 0)

        return min(nodes, key=load)

    async def _send_to_any(self, api_key: int, body: Body) -> Container:
        """To the least loaded broker, falling back to every known one and then the bootstrap list."""
        candidates = [self.least_loaded_node()]
        candidates += [n for n in self.cluster.brokers if n not in candidates]
        candidates += [-(i + 1) for i in range(len(self._bootstrap)) if -(i + 1) not in candidates]
        errors = []
        for node_id in candidates:
            try:
                return await self.send(node_id, api_key, body)
            except KafkaConnectionError as e:
                errors.append(str(e))
        raise NoBrokersAvailable("; ".join(errors) or "no broker to ask")

    async def send_any(self, api_key: int, body: Body, *, max_version: int | None = None) -> Container:
        node_id = self.least_loaded_node()
        return await self.send(node_id, api_key, body, max_version=max_version)

    # --- coordinators ------------------------------------------------------------------------

    async def find_coordinator(self, key: str, key_type: int = 0) -> BrokerNode:
        """The broker coordinating `key` (a group id: key_type 0), retrying retriable errors
        until request_timeout_ms has passed."""

        async def attempt() -> BrokerNode:
            def body(version: int) -> dict[str, Any]:
                return {"key": key, "key_type": key_type, "coordinator_keys": [key]}

            node_id = self.least_loaded_node()
            version, r = await self.send_versioned(node_id, ApiKey.FIND_COORDINATOR, body)
            if version >= 4:
                c = next((c for c in r.coordinators if c.key == key), None)
                if c is None:
                    raise KafkaError("FindCoordinator answer names no coordinator", retriable=True)
                error, node, host, port = c.error_code, c.node_id, c.host, c.port
            else:
                error, node, host, port = r.error_code, r.node_id, r.host, r.port
            if error:
                raise error_for(error, f"FindCoordinator {key!r}")
            found = BrokerNode(node, host, port)
            known = self.cluster.brokers.get(node)
            if known is None or (known.host, known.port) != (host, port):
                self.cluster.brokers[node] = found
            return found

        return await self.retry(attempt, what=f"coordinator of {key!r}")

    async def retry(self, fn: Callable[[], Awaitable[T]], *, what: str, timeout: float | None = None) -> T:
        """Run `fn` until it succeeds, retrying retriable KafkaErrors with backoff until the
        deadline (request_timeout_ms by default); the last error is raised after it."""
        deadline = time.monotonic() + (self.config.request_timeout_ms / 1000 if timeout is None else timeout)
        backoff = Backoff(self.config.retry_backoff_ms, self.config.retry_backoff_max_ms)
        while True:
            try:
                return await fn()
            except KafkaError as e:
                if not e.retriable or time.monotonic() + 0.001 > deadline:
                    raise
                delay = min(backoff.next_delay(), max(0.0, deadline - time.monotonic()))
                log.debug("retry_request", what=what, error=str(e), delay=round(delay, 3))
                if e.code in COORDINATOR_ERRORS or isinstance(e, KafkaConnectionError):
                    self.request_metadata_update()
                await asyncio.sleep(delay)


def error_code_of(e: BaseException) -> ErrorCode | None:
    return e.code if isinstance(e, KafkaError) and isinstance(e.code, ErrorCode) else None

"""One TCP connection to one broker: correlation ids, pipelined requests, version negotiation.

Requests are written as soon as they are made; several may be in flight at once and answers
are matched to them by correlation id (Kafka answers a connection's requests in order). The
first exchange is ApiVersions; every later request uses the highest version both sides speak.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import socket
import struct
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from construct import Container

from client import log as logs
from client.aio import wait_for
from client.errors import (
    AuthenticationFailedError,
    KafkaConnectionError,
    KafkaError,
    KafkaTimeoutError,
    UnsupportedVersionError,
)
from client.lenient import decode_response_leniently
from client.security import SecurityConfig
from client.versions import read_api_versions, retry_version, usable_version
from protocol.apis import ApiKey
from protocol.errors import ErrorCode, ProtocolDecodeError
from protocol.frames import RequestHeader, decode_response, encode_request

log = logs.get("kbroker.client.connection")

Body = Mapping[str, Any] | Callable[[int], Mapping[str, Any]]
_SIZE = struct.Struct(">i")
_MAX_FRAME = 200 * 1024 * 1024
_SUSPECT_WINDOW = 2.0  # seconds between a request and the peer's close that make it a suspect


@dataclass(slots=True)
class ConnectionConfig:
    client_id: str = "kbroker-client"
    request_timeout_ms: int = 30_000
    connect_timeout_ms: int = 10_000
    software_name: str = "kbroker-client"
    software_version: str = "0.1.0"
    security: SecurityConfig | None = None  # None: PLAINTEXT
    # When set, a connection whose peer has acknowledged nothing for this long is closed by the
    # kernel (TCP keepalive probes and TCP_USER_TIMEOUT), so a request sent into a cut link fails
    # then rather than at request_timeout_ms (a broker's replica fetcher uses it).
    dead_link_ms: int | None = None


def _detect_dead_link(sock: socket.socket, dead_link_ms: int) -> None:
    seconds = max(1, dead_link_ms // 1000)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPINTVL, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPCNT, seconds)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, dead_link_ms)


@dataclass(slots=True)
class _Pending:
    api_key: int
    version: int
    future: asyncio.Future[Any]
    raw: bool  # hand back the frame undecoded (ApiVersions negotiation)
    sent_at: float


class BrokerConnection:
    """A connection to `host:port` (node `node_id`; negative ids are bootstrap servers)."""

    def __init__(
        self,
        host: str,
        port: int,
        node_id: int,
        config: ConnectionConfig | None = None,
        *,
        caps: dict[int, int] | None = None,
        answered: set[tuple[int, int]] | None = None,
        on_suspect: Callable[[BrokerConnection, int, int], None] | None = None,
    ):
        self.host, self.port, self.node_id = host, port, node_id
        self.config = config or ConnectionConfig()
        self.api_versions: dict[int, tuple[int, int]] = {}
        # Learned about this broker (shared by its connections): version caps for APIs it
        # advertises but cannot serve, and the (api, version) pairs it has answered.
        self.caps = caps if caps is not None else {}
        self.answered = answered if answered is not None else set()
        self.on_suspect = on_suspect
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._read_task: asyncio.Task[Any] | None = None
        self._pending: dict[int, _Pending] = {}
        self._ids = itertools.count(1)
        self._closed_error: KafkaError | None = None

    def __repr__(self) -> str:
        return f"<BrokerConnection node={self.node_id} {self.host}:{self.port}>"

    @property
    def connected(self) -> bool:
        return self._writer is not None and self._closed_error is None

    @property
    def in_flight(self) -> int:
        return len(self._pending)

    async def connect(self) -> None:
        """Open the socket and negotiate versions; raises KafkaConnectionError on failure."""
        timeout = self.config.connect_timeout_ms / 1000
        security = self.config.security
        tls = security.context() if security is not None and security.tls else None
        try:
            reader, writer = await wait_for(
                asyncio.open_connection(
                    self.host, self.port, limit=2**20, ssl=tls, server_hostname=self.host if tls else None
                ),
                timeout,
            )
        except (OSError, TimeoutError) as e:
            raise KafkaConnectionError(f"cannot connect to {self.host}:{self.port}: {e}") from e
        self._reader, self._writer = reader, writer
        sock = writer.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                if self.config.dead_link_ms is not None and hasattr(socket, "TCP_USER_TIMEOUT"):
                    _detect_dead_link(sock, self.config.dead_link_ms)
        self._read_task = asyncio.get_running_loop().create_task(
            self._read_loop(), name=f"kafka-read-{self.node_id}"
        )
        try:
            await self._negotiate()
            if security is not None and security.sasl:
                await self._authenticate(security)
        except BaseException:
            await self.close()
            raise
        log.debug("connect", node=self.node_id, host=self.host, port=self.port)

    async def _negotiate(self) -> None:
        version: int | None = usable_version({ApiKey.API_VERSIONS: (0, 4)}, ApiKey.API_VERSIONS)
        while version is not None:
            body = {
                "client_software_name": self.config.software_name,
                "client_software_version": self.config.software_version,
            }
            frame = await self._send(ApiKey.API_VERSIONS, version, body, raw=True, timeout=None)
            error, ranges = read_api_versions(frame, version)
            if error == ErrorCode.NONE:
                self.api_versions = ranges
                return
            if error != ErrorCode.UNSUPPORTED_VERSION:
                raise KafkaConnectionError(f"ApiVersions v{version} failed", code=error)
            version = retry_version(version, ranges)
        raise UnsupportedVersionError(f"{self.host}:{self.port} answers no ApiVersions version")

    async def _authenticate(self, security: SecurityConfig) -> None:
        """SaslHandshake v1, then the mechanism's tokens in SaslAuthenticate requests (KIP-152)."""
        answer = await self.request(
            ApiKey.SASL_HANDSHAKE, {"mechanism": security.sasl_mechanism}, max_version=1
        )
        if answer.error_code != ErrorCode.NONE:
            raise AuthenticationFailedError(
                f"{security.sasl_mechanism} is not enabled on {self.host}:{self.port} "
                f"(it offers {', '.join(answer.mechanisms)})",
                code=answer.error_code,
            )
        client = security.mechanism()
        token: bytes | None = client.first()
        while token is not None:
            answer = await self.request(ApiKey.SASL_AUTHENTICATE, {"auth_bytes": token})
            if answer.error_code != ErrorCode.NONE:
                raise AuthenticationFailedError(answer.error_message or "", code=answer.error_code)
            if client.done:
                break
            try:
                token = client.step(bytes(answer.auth_bytes))
            except ValueError as e:
                raise AuthenticationFailedError(str(e)) from None

    def version(self, api_key: int, *, max_version: int | None = None) -> int:
        cap = self.caps.get(api_key)
        if cap is not None:
            max_version = cap if max_version is None else min(cap, max_version)
        return usable_version(self.api_versions, api_key, max_version=max_version)

    async def request(
        self, api_key: int, body: Body, *, max_version: int | None = None, timeout: float | None = None
    ) -> Container:
        """Send a request at the highest usable version; the decoded response."""
        return (await self.request_versioned(api_key, body, max_version=max_version, timeout=timeout))[1]

    async def request_versioned(
        self, api_key: int, body: Body, *, max_version: int | None = None, timeout: float | None = None
    ) -> tuple[int, Container]:
        """Like `request`, with the version used. `body` may be a function of the version."""
        version = self.version(api_key, max_version=max_version)
        payload = body(version) if callable(body) else body
        return version, await self._send(api_key, version, payload, raw=False, timeout=timeout)

    def send_oneway(self, api_key: int, body: Body, *, max_version: int | None = None) -> int:
        """Write a request that gets no answer (Produce with acks=0); the version used."""
        self._check_open()
        version = self.version(api_key, max_version=max_version)
        payload = body(version) if callable(body) else body
        header = RequestHeader(api_key, version, next(self._ids), self.config.client_id)
        self._write(encode_request(header, payload))
        return version

    async def _send(
        self, api_key: int, version: int, body: Mapping[str, Any], *, raw: bool, timeout: float | None
    ) -> Any:
        self._check_open()
        cid = next(self._ids)
        frame = encode_request(RequestHeader(api_key, version, cid, self.config.client_id), body)
        future = asyncio.get_running_loop().create_future()
        self._pending[cid] = _Pending(api_key, version, future, raw, time.monotonic())
        self._write(frame)
        if self._writer is not None and self._writer.transport.get_write_buffer_size() > 2**20:
            try:
                await self._writer.drain()
            except (OSError, RuntimeError) as e:
                self._fail(KafkaConnectionError(f"write to {self.host}:{self.port} failed: {e}"))
        wait = self.config.request_timeout_ms / 1000 if timeout is None else timeout
        try:
            return await wait_for(asyncio.shield(future), wait)
        except TimeoutError:
            self._pending.pop(cid, None)
            error = KafkaTimeoutError(
                f"{ApiKey(api_key).name} to node {self.node_id} timed out after {wait:.1f}s"
            )
            # As Kafka's clients do: a request timeout disconnects (its answer may still come).
            self._fail(KafkaConnectionError(f"closed after a request timeout to node {self.node_id}"))
            raise error from None
        except asyncio.CancelledError:
            self._pending.pop(cid, None)
            raise

    def _check_open(self) -> None:
        if self._closed_error is not None:
            raise self._closed_error
        if self._writer is None:
            raise KafkaConnectionError(f"not connected to {self.host}:{self.port}")

    def _write(self, frame: bytes) -> None:
        assert self._writer is not None
        self._writer.write(_SIZE.pack(len(frame)) + frame)

    async def _read_loop(self) -> None:
        assert self._reader is not None
        reader = self._reader
        try:
            while True:
                head = await reader.readexactly(4)
                (size,) = _SIZE.unpack(head)
                if size < 4 or size > _MAX_FRAME:
                    raise KafkaConnectionError(f"bad frame size {size} from node {self.node_id}")
                frame = await reader.readexactly(size)
                (cid,) = _SIZE.unpack_from(frame)
                pending = self._pending.pop(cid, None)
                if pending is None:
                    continue  # the answer to a request that timed out or was cancelled
                if pending.future.done():
                    continue
                if pending.raw:
                    pending.future.set_result(frame)
                    continue
                self.answered.add((pending.api_key, pending.version))
                try:
                    _, body = decode_response(frame, pending.api_key, pending.version)
                except ProtocolDecodeError as e:
                    try:
                        _, body = decode_response_leniently(frame, pending.api_key, pending.version)
                    except (ProtocolDecodeError, struct.error, ValueError):
                        pending.future.set_exception(
                            KafkaConnectionError(
                                f"bad {ApiKey(pending.api_key).name} v{pending.version} answer from node {self.node_id}: {e}"
                            )
                        )
                        continue
                    log.debug(
                        "read_leniently",
                        node=self.node_id,
                        api=ApiKey(pending.api_key).name,
                        version=pending.version,
                        error=str(e),
                    )
                pending.future.set_result(body)
        except (asyncio.IncompleteReadError, OSError) as e:
            self._report_suspects()
            self._fail(
                KafkaConnectionError(f"connection to node {self.node_id} ({self.host}:{self.port}) lost: {e}")
            )
        except KafkaError as e:
            self._fail(e)
        except asyncio.CancelledError:
            self._fail(KafkaConnectionError(f"connection to node {self.node_id} closed"))
            raise

    def _report_suspects(self) -> None:
        """The broker closed the connection: a request of an (api, version) it never answered,
        sent just before, is a suspect (a broker that advertises a version it cannot parse)."""
        if self.on_suspect is None:
            return
        now = time.monotonic()
        for p in self._pending.values():
            if (p.api_key, p.version) not in self.answered and now - p.sent_at < _SUSPECT_WINDOW:
                self.on_suspect(self, p.api_key, p.version)

    def _fail(self, error: KafkaError) -> None:
        if self._closed_error is None:
            self._closed_error = error
            if self._pending:
                log.debug("drop_requests", node=self.node_id, count=len(self._pending), error=str(error))
        pending, self._pending = self._pending, {}
        for p in pending.values():
            if not p.future.done():
                p.future.set_exception(error)
                p.future.exception()  # a waiter that went away must not leave "never retrieved" noise
        if self._writer is not None:
            self._writer.close()
        if self._read_task is not None and self._read_task is not asyncio.current_task():
            self._read_task.cancel()

    async def close(self) -> None:
        self._fail(KafkaConnectionError(f"connection to node {self.node_id} closed"))
        if self._read_task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._read_task
        if self._writer is not None:
            try:
                await wait_for(self._writer.wait_closed(), 1.0)
            except TimeoutError:  # unsent bytes the peer does not read: drop them
                self._writer.transport.abort()
            except (OSError, RuntimeError):
                pass

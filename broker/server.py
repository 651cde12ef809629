"""The TCP front end: frames in, handlers called, responses out in request order.

Like Kafka, a connection has one request in progress at a time: the next frame is read
only once the previous response is written, so pipelined requests are answered in order.
A frame that cannot be a request (too big, truncated, unknown API, unsupported version,
undecodable body) closes that connection with a log line and touches nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from construct import Container

from broker import logs
from protocol.errors import ProtocolDecodeError
from protocol.frames import RequestHeader, UnsupportedVersion, decode_request, encode_response, peek_header

log = logs.get("kbroker.server")
_SIZE = struct.Struct(">i")


@dataclass(slots=True)
class RequestContext:
    header: RequestHeader
    peer: str
    listener: str
    received_at: float = field(default_factory=time.monotonic)


Handler = Callable[[RequestContext, Container], Awaitable[Mapping[str, Any] | None]]
UnsupportedVersionAnswer = Callable[[RequestHeader], bytes | None]


class _Connection:
    __slots__ = ("reader", "writer", "peer", "busy", "task", "closing")

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, peer: str):
        self.reader, self.writer, self.peer = reader, writer, peer
        self.busy = False
        self.closing = False
        self.task: asyncio.Task | None = None


def _peer_name(writer: asyncio.StreamWriter) -> str:
    info = writer.get_extra_info("peername")
    if isinstance(info, tuple) and len(info) >= 2:
        return f"{info[0]}:{info[1]}"
    return str(info)


class Server:
    """Accepts connections on one listener and runs each one's request loop."""

    def __init__(
        self,
        handlers: Mapping[int, Handler],
        max_request_bytes: int,
        listener_name: str = "PLAINTEXT",
        on_unsupported_version: UnsupportedVersionAnswer | None = None,
    ):
        self.handlers = handlers
        self.max_request_bytes = max_request_bytes
        self.listener_name = listener_name
        self.on_unsupported_version = on_unsupported_version
        self._server: asyncio.Server | None = None
        self._connections: set[_Connection] = set()
        self.requests_served = 0

    async def start(self, host: str, port: int) -> int:
        self._server = await asyncio.start_server(self._accept, host or None, port, reuse_address=True, limit=1 << 20)
        return self._server.sockets[0].getsockname()[1]

    async def stop(self, grace_s: float = 5.0) -> None:
        """Stop accepting, let in-flight requests finish (up to grace_s), close every connection."""
        if self._server is not None:
            self._server.close()
        for conn in list(self._connections):
            conn.closing = True
            if not conn.busy and conn.task is not None:
                conn.task.cancel()
        tasks = [c.task for c in self._connections if c.task is not None]
        if tasks:
            _, pending = await asyncio.wait(tasks, timeout=grace_s)
            for t in pending:
                t.cancel()
            if pending:
                await asyncio.wait(pending, timeout=1.0)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), timeout=1.0)

    @property
    def connection_count(self) -> int:
        return len(self._connections)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = _Connection(reader, writer, _peer_name(writer))
        conn.task = asyncio.current_task()
        self._connections.add(conn)
        log.debug("accept connection", peer=conn.peer)
        try:
            await self._serve(conn)
        except asyncio.CancelledError:
            pass
        except (ConnectionError, asyncio.IncompleteReadError):
            log.debug("lose connection", peer=conn.peer)
        except Exception:
            log.exception("fail connection", peer=conn.peer)
        finally:
            self._connections.discard(conn)
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _serve(self, conn: _Connection) -> None:
        reader, writer = conn.reader, conn.writer
        while not conn.closing:
            try:
                head = await reader.readexactly(4)
            except asyncio.IncompleteReadError as e:
                if e.partial:
                    log.warning("close connection", peer=conn.peer, reason="truncated frame size")
                return
            (size,) = _SIZE.unpack(head)
            if size < 0 or size > self.max_request_bytes:
                # Refused before reading the body: a hostile size must not make us buffer it.
                log.warning(
                    "close connection", peer=conn.peer, reason="frame size out of bounds",
                    size=size, limit=self.max_request_bytes,
                )
                return
            try:
                frame = await reader.readexactly(size)
            except asyncio.IncompleteReadError:
                log.warning("close connection", peer=conn.peer, reason="truncated frame", size=size)
                return
            conn.busy = True
            try:
                response = await self._dispatch(conn, frame)
            finally:
                conn.busy = False
            if response is None:
                continue
            if response is _CLOSE:
                return
            writer.write(_SIZE.pack(len(response)) + response)
            await writer.drain()

    async def _dispatch(self, conn: _Connection, frame: bytes) -> bytes | None | object:
        try:
            header, request = decode_request(frame)
        except UnsupportedVersion as e:
            answer = self.on_unsupported_version(e.header) if self.on_unsupported_version else None
            if answer is not None:
                return answer
            log.warning(
                "close connection", peer=conn.peer, reason="unsupported version",
                api_key=e.header.api_key, api_version=e.header.api_version,
            )
            return _CLOSE
        except ProtocolDecodeError as e:
            with contextlib.suppress(ProtocolDecodeError):
                api_key, api_version, _ = peek_header(frame)
                log.warning(
                    "close connection", peer=conn.peer, reason="malformed request",
                    api_key=api_key, api_version=api_version, error=str(e), head=frame[:48].hex(),
                )
                return _CLOSE
            log.warning("close connection", peer=conn.peer, reason="malformed request", error=str(e))
            return _CLOSE
        handler = self.handlers.get(header.api_key)
        if handler is None:
            log.warning("close connection", peer=conn.peer, reason="api not served", api_key=header.api_key)
            return _CLOSE
        ctx = RequestContext(header, conn.peer, self.listener_name)
        body = await handler(ctx, request)
        self.requests_served += 1
        if body is None:  # acks=0 produce: no response at all
            return None
        return encode_response(header.api_key, header.api_version, header.correlation_id, body)


_CLOSE = object()  # the answer to a request that cannot be served: close the connection

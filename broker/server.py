"""The TCP front end: frames in, handlers called, responses out in request order.

Like Kafka, a connection has one request in progress at a time: a frame is handled only once
the previous one is answered, so pipelined requests are answered in order. A handler is either
a plain function (answered at once: Heartbeat, Metadata...) or a coroutine function whose
coroutine may wait (a parked JoinGroup, a commit waiting for its fsync). Frames that arrive
together are handled in one pass and their answers written together, without a task or a
stream wake-up per request.

A frame that cannot be a request (too big, truncated, unknown API, unsupported version,
undecodable body) closes that connection with a log line and touches nothing else.

Two fast paths: a raw handler (Heartbeat v0-3) answers a frame straight from the receive buffer,
and a large Fetch answer (`Spliced`) carries file regions that a plain connection sends with
sendfile onto a duplicate of its socket's descriptor, as Kafka's zero-copy transfer does.

Fault injection (broker/faults.py, for tests): while a fault is set (`faults.active`, the one
check a request pays otherwise), raw fast paths give way and the injector is asked about each
decoded request: it may be answered with an error, late, or by closing the connection.

Security, per listener: a TLS listener (SSL, SASL_SSL) serves `_TlsConnection`s, which run
TLS themselves over memory BIOs (tls_transport.py) so that a failed handshake is theirs to log
(one line, the peer); a SASL listener serves `_SaslConnection`s, which let nothing but
ApiVersions and the SASL exchange through until authentication completes. A PLAINTEXT
listener's connections are the plain `_Connection`: no security work per request.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import socket
import ssl
import struct
import time
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from time import perf_counter
from typing import Any, Protocol, TypeVar, cast

from construct import Container

from broker import logging_setup, request_time
from broker.connection_quotas import ConnectionQuotas, RequestMemory
from broker.faults import Faults, Injection, error_response
from broker.log.file_region import FileRegion
from broker.quotas import ClientQuotas, QuotaKind, user_of
from broker.security.sasl import SaslConfig, SaslSession, SaslState
from broker.security.scram import AuthenticationFailed
from broker.security.tls import ANONYMOUS, principal_of
from broker.security.tls_transport import TlsFailure, TlsTransport
from broker.stats import RequestStats
from protocol.errors import ErrorCode, ProtocolDecodeError
from protocol.frames import (
    RequestHeader,
    UnsupportedVersion,
    answer_raw,
    decode_request,
    encode_response_frame,
    encode_response_parts,
    frame_encoded_response,
    peek_header,
)

log = logging_setup.get_logger("kbroker.server")
_SIZE = struct.Struct(">i")
# Unhandled bytes a blocked connection (request in flight, peer not reading) may hold before
# its socket is no longer read: the kernel's buffers then push back on the client.
_MAX_BACKLOG = 1 << 20
_TLS_HANDSHAKE_TIMEOUT_S = 10.0
_API_VERSIONS, _SASL_HANDSHAKE, _SASL_AUTHENTICATE = 18, 17, 36
_SASL_MAX_RECEIVE = 524288  # Kafka's sasl.server.max.receive.size


@dataclass(slots=True)
class RequestContext:
    header: RequestHeader
    peer: str
    listener: str
    principal: str = ANONYMOUS  # "User:<name>": the SASL user, the TLS client's subject, or ANONYMOUS
    received_at: float = field(default_factory=time.monotonic)
    # Set by a handler whose client is over its quota (broker/quotas.py): the answer carries it,
    # and the connection is muted that long after the answer (Kafka's channel throttling).
    throttle_ms: int = 0
    # The connection's loop, for a handler's future: asyncio.get_running_loop() makes a getpid
    # system call each time (0.4-0.6 us here), on a path that costs a few tens of us in all.
    loop: asyncio.AbstractEventLoop | None = None

    @property
    def host(self) -> str:
        """The client's address, as ACL host filters see it."""
        return self.peer.rsplit(":", 1)[0].strip("[]")


# None: no answer (Produce with acks=0); bytes: a body already encoded (protocol.frames.
# encode_response_body), for answers that recur unchanged (a heartbeat's, a commit's).
Body = Mapping[str, Any] | bytes | None
# A handler answers at once (a Body), or later: a coroutine (run as a task) or a future of the
# Body, which costs no task (OffsetCommit: the shard's reply completes it).
HandlerResult = Coroutine[Any, Any, Body] | asyncio.Future[Any] | Body
Handler = Callable[[RequestContext, Container], HandlerResult]
UnsupportedVersionAnswer = Callable[[RequestHeader], bytes | None]
# A raw handler answers a frame straight from the receive buffer (buf[start:end]: the frame
# without its size), with its whole response frame; or None, to leave it to the generic path
# (decode, handler) for anything it does not take (other versions, ACLs, malformed input).
RawHandler = Callable[[bytearray, int, int], bytes | None]
# A raw handler whose answer waits (OffsetCommit: until the shard's records are durable): the
# future of its whole response frame, or None for the generic path.
RawLaterHandler = Callable[[bytearray, int, int], "Answering | None"]


class Answering(asyncio.Future[Any]):
    """A handler's future whose answer the connection writes as the result is set (`answer`),
    with no loop turn in between (an asyncio future runs its callbacks on the next one): the
    shard's reply after a durable write goes straight to the socket. Still an ordinary future
    to whoever awaits or cancels it (the server's stop, a connection that went away)."""

    # Set by the connection once the handler returned (no __init__ of its own: a Python one
    # costs as much again as the future's); unset until then, hence getattr in `answer`.
    __slots__ = ("on_answer",)
    on_answer: Callable[[Answering], None] | None

    def answer(self, body: Any) -> None:
        if self.done():
            return
        self.set_result(body)
        on_answer = getattr(self, "on_answer", None)
        if on_answer is not None:
            self.on_answer = None
            on_answer(self)


class Spliced(dict[str, Any]):
    """A response body whose bytes fields include FileRegions (a large Fetch answer): a plain
    TCP connection sends them from the file with sendfile, as Kafka does; a TLS one reads them."""


B = TypeVar("B", bound=Mapping[str, object])


def spliced(body: B) -> B:
    """`body` as a `Spliced` answer: the same keys and values, so still of its (TypedDict) type,
    which mypy cannot see of a dict subclass."""
    return cast(B, Spliced(body))


# Why a connection is not read (any of them): its backlog, the broker's request memory, a throttle.
_BACKLOG, _MEMORY, _MUTED = 1, 2, 4


class RequestQuota(Protocol):
    """What the server asks of the quotas (broker/quota_manager.py) for request_percentage."""

    quotas: ClientQuotas  # whose limits_requests is read on every request

    def record(self, kind: QuotaKind, user: str, client_id: str, value: float) -> int: ...


class _Close(Exception):
    """This connection's input cannot be served: close it (the reason is already logged)."""


class _Connection(asyncio.Protocol):
    """One client connection: a receive buffer, at most one request in flight."""

    def __init__(self, server: Server):
        self.server = server
        self.transport: asyncio.Transport  # set by connection_made, which asyncio calls first
        self.loop: asyncio.AbstractEventLoop  # likewise
        self.peer = "?"
        self.buffer = bytearray()
        self.inflight: asyncio.Future[Any] | None = None  # a task, or a handler's future
        self.writing_paused = False
        self.reading_paused = False
        self.closing = False  # the server is stopping: finish the request in flight, then close
        self.eof = False  # the peer closed its side: answer what it sent, then close
        self.principal = ANONYMOUS
        self.max_frame = server.max_request_bytes
        self.raw = self._raw_handlers()
        self.raw_later = self._raw_later_handlers()
        self.faults = server.faults
        self.delayed: asyncio.Task[None] | None = None  # a request a fault delays (broker/faults.py)
        self.paused = 0  # _BACKLOG | _MEMORY | _MUTED: reading is paused while any is set
        self.muted = False  # throttled (a quota): no request is handled until the timer ends it
        self.admitted = False  # counted by the connection quotas (released when it goes)
        self.memory = server.memory if server.memory is not None and server.memory.bounded else None
        self.charged = 0  # bytes this connection holds of the request memory
        self.held = 0  # of them, the request in flight's (given back once it is answered)
        self.late_answer: bytes | None = None  # a throttled answer of a version before KIP-219
        self.extent = 0  # where the last frame begun in the buffer ends
        self.current: RequestContext | None = None  # the last request handled
        self.last_active = 0.0  # loop time of the last bytes read or answer written (idle close)

    def _raw_handlers(self) -> dict[int, RawHandler] | None:
        # Not with metrics on: the generic path counts each request by version.
        return self.server.raw_handlers if self.server.stats is None else None

    def _raw_later_handlers(self) -> dict[int, RawLaterHandler] | None:
        return self.server.raw_later_handlers if self.server.stats is None else None

    # -- asyncio.Protocol ---------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's is not an asyncio.Transport
        info = transport.get_extra_info("peername")
        self.peer = f"{info[0]}:{info[1]}" if isinstance(info, tuple) and len(info) >= 2 else str(info)
        server = self.server
        limits = server.limits
        if limits is not None:
            ip = self.peer.rsplit(":", 1)[0].strip("[]")
            refused = limits.admit(ip)
            if refused is not None:
                log.debug("refuse connection", peer=self.peer, listener=server.listener_name, reason=refused)
                self.closing = True
                transport.close()
                return
            self.admitted = True
        self.loop = asyncio.get_running_loop()
        self.last_active = self.loop.time()
        server._connections.add(self)
        log.debug("accept connection", peer=self.peer)

    def connection_lost(self, exc: Exception | None) -> None:
        self.server._connections.discard(self)
        if self.admitted:
            self.admitted = False
            assert self.server.limits is not None
            self.server.limits.release(self.peer.rsplit(":", 1)[0].strip("[]"))
        if self.memory is not None and self.charged:
            self.memory.give(self.charged)
            self.charged = 0
        if self.server.on_connection_lost is not None:
            self.server.on_connection_lost(self.peer)
        if self.inflight is not None:
            self.inflight.cancel()  # a parked request's waiter is dropped by its shard
        if self.buffer or exc is not None or self.inflight is not None:
            log.debug(
                "lose connection",
                peer=self.peer,
                unread=len(self.buffer),
                error=repr(exc) if exc else None,
                inflight=self.inflight.get_name()
                if isinstance(self.inflight, asyncio.Task)
                else repr(self.inflight),
            )

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        self.last_active = self.loop.time()
        memory = self.memory
        if memory is not None and not self._charge(memory) and not self.paused & _MEMORY:
            # queued.max.request.bytes reached: read nothing more until handling frees some
            self._pause(_MEMORY)
            memory.waiting.append(self._memory_freed)
        if self.inflight is None and not self.writing_paused and not self.muted:
            self._process()
        if (
            len(self.buffer) > _MAX_BACKLOG
            and not self.reading_paused
            and (self.inflight is not None or self.writing_paused or self.muted)
        ):
            self.reading_paused = True
            self._pause(_BACKLOG)

    def _charge(self, memory: RequestMemory) -> bool:
        """Reserve in the broker's request memory the whole of every frame begun in the buffer
        (as Kafka's memory pool allocates a request once its size is read), so that frames that
        are not complete cannot hold all of it: False if it has not that much left (the
        connection then waits, what it read so far uncounted: one read at most)."""
        buf = self.buffer
        extent = self.extent
        while extent + 4 <= len(buf):
            (size,) = _SIZE.unpack_from(buf, extent)
            if size < 0 or size > self.max_frame:
                extent = len(buf)  # refused by _process, which closes the connection
                break
            extent += 4 + size
        self.extent = extent
        want = max(extent, len(buf)) - self.charged
        if want <= 0:
            return True
        if memory.used + want > memory.limit and memory.used > 0:
            return False
        memory.take(want)
        self.charged += want
        return True

    def _uncharge(self, handled: int) -> None:
        """`handled` bytes left the buffer: what they reserved goes back to the memory."""
        self.extent = max(0, self.extent - handled)
        assert self.memory is not None
        keep = max(self.extent, len(self.buffer)) + self.held
        if self.charged > keep:
            self.memory.give(self.charged - keep)
            self.charged = keep
        elif self.paused & _MEMORY and self._charge(self.memory):
            # what the handled frames held now covers the frame still arriving: read on (else a
            # connection would wait for room it holds itself)
            self._unpause(_MEMORY)

    def _pause(self, reason: int) -> None:
        if not self.paused:
            self.transport.pause_reading()
        self.paused |= reason

    def _unpause(self, reason: int) -> None:
        if self.paused & reason:
            self.paused &= ~reason
            if not self.paused and not self.transport.is_closing():
                self.transport.resume_reading()

    def _memory_freed(self) -> None:
        memory = self.memory
        if memory is None or self.transport.is_closing():
            return
        if self._charge(memory):
            self._unpause(_MEMORY)
        else:
            memory.waiting.append(self._memory_freed)

    def _mute(self, ms: int) -> None:
        """Throttled: handle nothing more from this client for `ms` (Kafka mutes the channel)."""
        self.muted = True
        self.current = None  # its throttle is served: a later answer without one must not mute again
        self._pause(_MUTED)
        self.loop.call_later(ms / 1000, self._unmute)

    def _unmute(self) -> None:
        self.muted = False
        if self.transport.is_closing():
            return
        if self.late_answer is not None:
            self.transport.write(self.late_answer)
            self.late_answer = None
            self.last_active = self.loop.time()
        self._unpause(_MUTED)
        if self.inflight is None and not self.writing_paused:
            self._process()

    def eof_received(self) -> bool | None:
        self.eof = True
        if self.inflight is self.delayed and self.delayed is not None:
            self.delayed.cancel()  # the client gave up on a request a fault delays: not served
            return None
        if self.inflight is not None or self.writing_paused or self.muted:
            return True  # keep the transport: what is in flight or still buffered is answered first
        self._end_of_input()
        return None  # close our side too

    def _end_of_input(self) -> None:
        if self.buffer:
            log.warning("close connection", peer=self.peer, reason="truncated frame", unread=len(self.buffer))

    def pause_writing(self) -> None:
        self.writing_paused = True

    def resume_writing(self) -> None:
        self.writing_paused = False
        if self.inflight is None and not self.muted:
            self._process()

    # -- requests -----------------------------------------------------------------------------

    def _process(self) -> None:
        """Handle every complete frame in the buffer, in order, until one has to wait."""
        buf = self.buffer
        transport = self.transport
        out: list[bytes] = []
        pos = 0
        faults = self.faults
        try:
            while not self.closing and not self.writing_paused and not self.muted:
                available = len(buf) - pos
                if available < 4:
                    break
                (size,) = _SIZE.unpack_from(buf, pos)
                if size < 0 or size > self.max_frame:
                    # Refused before reading the body: a hostile size must not make us buffer it.
                    log.warning(
                        "close connection",
                        peer=self.peer,
                        reason="frame size out of bounds",
                        size=size,
                        limit=self.max_frame,
                    )
                    raise _Close
                if available < 4 + size:
                    break
                if not faults.active:  # a fault set: the generic path
                    # A raw handler whose answer waits (a commit) first: one dict look-up, where
                    # answer_raw would be a call that takes nothing. (No API has both kinds.)
                    later = self.raw_later
                    taker = later.get((buf[pos + 4] << 8) | buf[pos + 5]) if later and size >= 2 else None
                    if taker is not None:
                        # Nor under a request quota (set at any time): the generic path counts
                        # the handler's time against it.
                        quota = self.server.request_quota
                        pending = (
                            taker(buf, pos + 4, pos + 4 + size)
                            if quota is None or not quota.quotas.limits_requests
                            else None
                        )
                        if pending is not None:
                            pos += 4 + size
                            if pending.done():  # answered at once (the group's coordinator is away)
                                out.append(pending.result())
                                continue
                            pending.on_answer = self._raw_answered
                            self.inflight = pending  # the rest waits for it
                            self.held = 4 + size
                            break
                    elif self.raw is not None:
                        # the run of frames raw handlers answer (pipelined heartbeats), in one call
                        start = pos
                        pos = answer_raw(buf, pos, self.raw, out, self.max_frame)
                        if pos != start:
                            continue
                # A view, copied once by the decoder (it was copied twice: a bytearray slice, then
                # bytes); released at once, as the buffer cannot be resized while a view exists.
                with memoryview(buf) as view, view[pos + 4 : pos + 4 + size] as frame:
                    answer = self._handle(frame)
                pos += 4 + size
                if answer is None or isinstance(answer, bytes):
                    if answer is not None:
                        out.append(answer)
                    current = self.current
                    if current is not None and current.throttle_ms:
                        if answer is not None and _answered_late(current.header):
                            self.late_answer = out.pop()  # written when the throttle ends
                        self._mute(current.throttle_ms)  # the answer goes, then the channel waits
                        break
                    continue
                self.inflight = answer  # a task: the rest waits for it
                self.held = 4 + size  # its memory is the broker's until it is answered (Kafka)
                break
        except _Close:
            if out:
                transport.writelines(out)
            self._close()
            return
        except Exception:
            log.exception("fail connection", peer=self.peer)
            self._close()
            return
        if pos:
            del buf[:pos]
            if self.memory is not None:
                self._uncharge(pos)
        if out:
            transport.writelines(out)
            self.last_active = self.loop.time()
        if self.inflight is None and (self.closing or self.eof) and not self.muted:
            if self.eof and not self.closing:
                self._end_of_input()
            self._close()
        elif self.reading_paused and self.inflight is None and not self.writing_paused and not self.muted:
            self.reading_paused = False
            self._unpause(_BACKLOG)

    def _handle(self, frame: memoryview) -> bytes | asyncio.Future[Any] | None:
        """Answer one frame: its response frame, a task that will write it, or None (acks=0)."""
        server = self.server
        try:
            header, request = decode_request(frame)
        except UnsupportedVersion as e:
            answer = server.on_unsupported_version(e.header) if server.on_unsupported_version else None
            if answer is not None:
                return _SIZE.pack(len(answer)) + answer
            log.warning(
                "close connection",
                peer=self.peer,
                reason="unsupported version",
                api_key=e.header.api_key,
                api_version=e.header.api_version,
            )
            raise _Close from None
        except ProtocolDecodeError as e:
            with contextlib.suppress(ProtocolDecodeError):
                api_key, api_version, _ = peek_header(frame)
                log.warning(
                    "close connection",
                    peer=self.peer,
                    reason="malformed request",
                    api_key=api_key,
                    api_version=api_version,
                    error=str(e),
                    # never the bytes of a SASL request: they may hold a password
                    head=frame[:48].hex() if api_key not in (_SASL_HANDSHAKE, _SASL_AUTHENTICATE) else None,
                )
                raise _Close from None
            log.warning("close connection", peer=self.peer, reason="malformed request", error=str(e))
            raise _Close from None
        handler = server.handlers.get(header.api_key)
        if handler is None:
            log.warning("close connection", peer=self.peer, reason="api not served", api_key=header.api_key)
            raise _Close
        stats = server.stats
        started = perf_counter() if stats is not None else 0.0
        ctx = self.current = RequestContext(
            header, self.peer, server.listener_name, self.principal, loop=self.loop
        )
        if server.request_quota is not None and server.request_quota.quotas.limits_requests:
            return self._handle_timed(ctx, request, handler, len(frame), started)
        if self.faults.active and (injection := self.faults.take(header, request, self.peer)) is not None:
            return self._inject(injection, ctx, request, handler, len(frame))
        body = handler(ctx, request)
        if type(body) is bytes or isinstance(body, dict):  # a plain handler's answer: the common case
            return _framed(header, body)
        return self._respond(header, body, started, len(frame))

    def _respond(
        self, header: RequestHeader, body: HandlerResult, started: float, size_in: int
    ) -> bytes | asyncio.Future[Any] | None:
        """A handler's result: framed now, or a future or task that will write it."""
        if isinstance(body, asyncio.Future):
            if not body.done():
                if type(body) is Answering:
                    body.on_answer = functools.partial(self._answer_later, header, started, size_in)
                else:
                    body.add_done_callback(functools.partial(self._answer_later, header, started, size_in))
                return body
            body = body.result()
        elif asyncio.iscoroutine(body):
            return asyncio.get_running_loop().create_task(
                self._finish(header, body, started, size_in),
                name=f"{header.api_key}v{header.api_version}#{header.correlation_id}",
            )
        answer = None if body is None else _framed(header, cast(Mapping[str, Any] | bytes, body))
        stats = self.server.stats
        if stats is not None:
            stats.record(
                header.api_key,
                header.api_version,
                size_in,
                len(answer) if answer else 0,
                perf_counter() - started,
            )
        return answer

    def _handle_timed(
        self, ctx: RequestContext, request: Container, handler: Handler, size_in: int, started: float
    ) -> bytes | asyncio.Future[Any] | None:
        """A request of a client under a request_percentage quota: the time the broker spends on
        it counts against the quota (Kafka's request quota: the loop's time in the handler, and
        for a coroutine handler in each step of it and of the tasks it creates, see
        broker/request_time.py), and an answer over it carries the throttle."""
        t0 = perf_counter()
        body = handler(ctx, request)
        spent = perf_counter() - t0
        if asyncio.iscoroutine(body):
            request_time.install(self.loop)
            body = request_time.timed(
                body, request_time.Spent(spent), functools.partial(self._charge_request_time, ctx)
            )
        else:
            # (a future's work is its owner's, a shard's: only the handler's call is counted)
            self._charge_request_time(ctx, spent, body)
        return self._respond(ctx.header, body, started, size_in)

    def _charge_request_time(self, ctx: RequestContext, seconds: float, body: Any) -> None:
        quota = self.server.request_quota
        assert quota is not None
        user, client_id = user_of(ctx.principal), ctx.header.client_id or ""
        throttle = quota.record(QuotaKind.REQUEST, user, client_id, seconds * 100)  # percent of a thread
        if throttle > ctx.throttle_ms:
            ctx.throttle_ms = throttle
            if isinstance(body, dict):  # (a response without the field ignores it)
                body["throttle_time_ms"] = throttle

    def _inject(
        self, injection: Injection, ctx: RequestContext, request: Container, handler: Handler, size_in: int
    ) -> bytes | asyncio.Future[Any] | None:
        """A request a fault takes (broker/faults.py): answered with an error, its connection
        closed, or (delayed) all that or its handler's answer, late."""
        header = ctx.header
        if injection.delay > 0:
            self.delayed = asyncio.get_running_loop().create_task(
                self._finish(header, self._late(injection, ctx, request, handler), perf_counter(), size_in),
                name=f"{header.api_key}v{header.api_version}#{header.correlation_id}",
            )
            return self.delayed
        if injection.drop:
            raise _Close  # (logged by the injector)
        body = _error_answer(header, request, injection.error)
        return None if body is None else _framed(header, body)

    async def _late(
        self, injection: Injection, ctx: RequestContext, request: Container, handler: Handler
    ) -> Body:
        await asyncio.sleep(injection.delay)
        if injection.drop:
            raise _Close
        if injection.error is not None:
            return _error_answer(ctx.header, request, injection.error)
        body = handler(ctx, request)
        if isinstance(body, asyncio.Future) or asyncio.iscoroutine(body):
            return cast(Body, await body)
        return body

    async def _finish(
        self,
        header: RequestHeader,
        pending: Coroutine[Any, Any, Body],
        started: float = 0.0,
        size_in: int = 0,
    ) -> None:
        """Await a handler that had to wait, write its answer, go on with the buffered frames."""
        try:
            body = await pending
            if type(body) is Spliced:
                await self._write_spliced(header, body, started, size_in)
            else:
                self._write_answer(header, body, started, size_in)
        except asyncio.CancelledError:
            raise
        except _Close:
            self.inflight = None
            self._close()
            return
        except Exception:
            log.exception("fail connection", peer=self.peer)
            self.inflight = None
            self._close()
            return
        self.inflight = None
        if self.transport.is_closing():
            return
        self._after_answer()

    def _after_answer(self) -> None:
        self._release_held()
        current = self.current
        if current is not None and current.throttle_ms:
            self._mute(current.throttle_ms)  # the answer is out: the channel waits, then goes on
            return
        self._resume()

    def _release_held(self) -> None:
        """The request in flight is answered: its bytes no longer count against the memory bound."""
        if self.held:
            self.held = 0
            if self.memory is not None:
                self._uncharge(0)

    def _resume(self) -> None:
        """The request in flight is answered: go on with what came meanwhile (usually nothing)."""
        if self.buffer or self.closing or self.eof or self.reading_paused:
            self._process()

    def _write_answer(self, header: RequestHeader, body: Body, started: float, size_in: int) -> None:
        """Write a late answer (a handler that waited) and count it."""
        answer = None if body is None else _framed(header, body)
        current = self.current
        if answer is not None and current is not None and current.throttle_ms and _answered_late(header):
            self.late_answer = answer  # written when the throttle ends (_after_answer mutes)
        elif answer is not None and not self.transport.is_closing():
            self.transport.write(answer)
            self.last_active = self.loop.time()
        if self.server.stats is not None:
            self.server.stats.record(
                header.api_key,
                header.api_version,
                size_in,
                len(answer) if answer else 0,
                perf_counter() - started,
            )

    async def _write_spliced(
        self, header: RequestHeader, body: Spliced, started: float, size_in: int
    ) -> None:
        """Write an answer with file regions: the encoded parts around them from memory, the
        regions with sendfile onto the socket (the record bytes never enter the process)."""
        chunks: list[bytes | FileRegion] = []
        run: list[Any] = []
        for part in encode_response_parts(header.api_key, header.api_version, header.correlation_id, body):
            if type(part) is FileRegion:
                if run:
                    chunks.append(b"".join(run))
                    run = []
                chunks.append(part)
            else:
                run.append(part)
        if run:
            chunks.append(b"".join(run))
        try:
            if not self.transport.is_closing():
                sock = self._zero_copy_socket()
                if sock is None:
                    self.transport.writelines([c.read() if isinstance(c, FileRegion) else c for c in chunks])
                else:
                    with sock:
                        await self._sendfile(sock, chunks)
        finally:
            for c in chunks:
                if type(c) is FileRegion:
                    c.close()
        if self.server.stats is not None:
            size_out = sum(map(len, chunks))
            self.server.stats.record(
                header.api_key, header.api_version, size_in, size_out, perf_counter() - started
            )

    def _zero_copy_socket(self) -> socket.socket | None:
        """A socket on a duplicate of this connection's descriptor, for sendfile; None if the
        transport still holds bytes to send (they go first, so this answer is written through
        the transport too)."""
        transport = self.transport
        if transport.get_write_buffer_size():
            return None
        raw = transport.get_extra_info("socket")
        if raw is None:
            return None
        sock = socket.socket(fileno=os.dup(raw.fileno()))
        sock.setblocking(False)
        return sock

    async def _sendfile(self, sock: socket.socket, chunks: list[bytes | FileRegion]) -> None:
        """Send every chunk in order; wait for the socket when its buffer is full (a duplicate
        descriptor: the transport keeps its own registration)."""
        loop = asyncio.get_running_loop()
        fd = sock.fileno()
        last = len(chunks) - 1
        try:
            for i, chunk in enumerate(chunks):
                if isinstance(chunk, FileRegion):
                    position, end = chunk.position, chunk.position + chunk.length
                    while position < end:
                        try:
                            n = os.sendfile(fd, chunk.fd, position, end - position)
                        except BlockingIOError:
                            await _writable(loop, fd)
                            continue
                        if n == 0:  # a follower's truncation shortened the segment under us
                            log.warning(
                                "close connection", peer=self.peer, reason="segment shrank under a fetch"
                            )
                            raise _Close
                        position += n
                else:
                    view = memoryview(chunk)
                    flags = socket.MSG_MORE if i < last else 0
                    while view:
                        try:
                            view = view[sock.send(view, flags) :]
                        except BlockingIOError:
                            await _writable(loop, fd)
        except ConnectionError as e:
            log.debug("lose connection", peer=self.peer, error=repr(e))
            raise _Close from None

    def _answer_later(
        self, header: RequestHeader, started: float, size_in: int, future: asyncio.Future[Any]
    ) -> None:
        """A handler's future completed: write its answer, go on with the buffered frames."""
        if future.cancelled():  # the connection went away
            return
        try:
            self._write_answer(header, future.result(), started, size_in)
        except Exception:
            log.exception("fail connection", peer=self.peer)
            self.inflight = None
            self._close()
            return
        self.inflight = None
        if self.transport.is_closing():
            return
        self._after_answer()

    def _raw_answered(self, future: asyncio.Future[Any]) -> None:
        """A raw handler's answer (a whole frame) is ready: write it, go on with the buffer.
        (No throttle to honour: the raw paths give way to the generic one under a request quota.)
        Once per commit: `_release_held` and `_resume` are inlined (a Python call each)."""
        self.inflight = None
        transport = self.transport
        if transport.is_closing():
            return
        transport.write(future.result())
        self.last_active = self.loop.time()
        if self.held:
            self.held = 0
            if self.memory is not None:
                self._uncharge(0)
        if self.buffer or self.closing or self.eof or self.reading_paused:
            self._process()

    def _close(self) -> None:
        self.closing = True
        if not self.transport.is_closing():
            self.transport.close()


class _SaslConnection(_Connection):
    """A SASL listener's connection: ApiVersions, SaslHandshake and the SASL tokens, nothing else,
    until authenticated (Kafka's SaslServerAuthenticator); then a plain connection."""

    def __init__(self, server: Server, sasl: SaslConfig):
        super().__init__(server)
        self.session: SaslSession = sasl.session()
        self.raw = None  # until authenticated: every frame goes through the SASL gate
        self.raw_later = None
        # sasl.server.max.receive.size: an unauthenticated peer may not make us buffer 100 MB.
        self.max_frame = min(server.max_request_bytes, _SASL_MAX_RECEIVE)
        self.close_delay_s = sasl.failed_close_delay_s
        self.close_scheduled = False

    def _close(self) -> None:
        # After a failed authentication the answer is out; the close waits a little (KIP-306) so
        # that clients read the answer before they see the connection go. Nothing more is read.
        if (
            self.session.state is SaslState.FAILED
            and self.close_delay_s > 0
            and not self.transport.is_closing()
        ):
            self.closing = True
            if not self.close_scheduled:
                self.close_scheduled = True
                self.transport.pause_reading()
                asyncio.get_running_loop().call_later(self.close_delay_s, self._close_now)
            return
        super()._close()

    def _close_now(self) -> None:
        super()._close()

    def _handle(self, frame: memoryview) -> bytes | asyncio.Future[Any] | None:
        session = self.session
        if session.complete:
            return super()._handle(frame)
        if session.raw_tokens:  # after SaslHandshake v0: a bare token, answered with a bare token
            try:
                token = session.authenticate(bytes(frame))
            except AuthenticationFailed as e:
                self._log_failure(str(e))
                raise _Close from None  # v0 has no error answer: Kafka closes the connection
            if session.complete:
                self._authenticated()
            return _SIZE.pack(len(token)) + token
        try:
            api_key, api_version, _ = peek_header(frame)
        except ProtocolDecodeError:
            log.warning("close connection", peer=self.peer, reason="malformed request before authentication")
            raise _Close from None
        if api_key == _API_VERSIONS and session.state is SaslState.HANDSHAKE:
            return super()._handle(frame)
        if api_key == _SASL_HANDSHAKE and session.state is SaslState.HANDSHAKE:
            header, request = self._decode(frame)
            error, mechanisms = session.handshake(request.mechanism, header.api_version)
            if error != ErrorCode.NONE:
                self._log_failure(f"{error.name}: {request.mechanism!r} not enabled", request.mechanism)
                self.closing = True  # the answer goes out, then the connection closes
            return _framed(header, {"error_code": error, "mechanisms": mechanisms})
        if api_key == _SASL_AUTHENTICATE and session.state is SaslState.AUTHENTICATE:
            header, request = self._decode(frame)
            try:
                token = session.authenticate(bytes(request.auth_bytes))
            except AuthenticationFailed as e:
                self._log_failure(str(e))
                self.closing = True
                body = {"error_code": ErrorCode.SASL_AUTHENTICATION_FAILED, "error_message": str(e)}
                return _framed(header, body)
            if session.complete:
                self._authenticated()
            return _framed(header, {"error_code": ErrorCode.NONE, "auth_bytes": token})
        log.warning(
            "close connection",
            peer=self.peer,
            reason="request before authentication",
            state=session.state.value,
            api_key=api_key,
            api_version=api_version,
        )
        raise _Close

    def _decode(self, frame: memoryview) -> tuple[RequestHeader, Container]:
        try:
            return decode_request(frame)
        except (UnsupportedVersion, ProtocolDecodeError) as e:
            self._log_failure(f"malformed SASL request: {type(e).__name__}")
            raise _Close from None

    def _authenticated(self) -> None:
        self.principal = self.session.principal or ANONYMOUS
        self.raw = self._raw_handlers()
        self.raw_later = self._raw_later_handlers()
        self.max_frame = self.server.max_request_bytes
        log.debug("authenticate", peer=self.peer, principal=self.principal, mechanism=self.session.mechanism)

    def _log_failure(self, reason: str, mechanism: str | None = None) -> None:
        # Peer, listener, mechanism and why: never the token (a PLAIN token holds the password).
        log.warning(
            "fail authentication",
            peer=self.peer,
            listener=self.server.listener_name,
            mechanism=mechanism or self.session.mechanism,
            reason=reason,
        )


class _TlsMixin(_Connection):
    """TLS under the Kafka framing: the raw transport's bytes go through the TLS session and its
    decrypted bytes into the frame buffer; writes go through the session (TlsTransport)."""

    tls: TlsTransport

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        assert self.server.ssl_context is not None
        self.tls = TlsTransport(self.transport, self.server.ssl_context)
        self.transport = self.tls  # type: ignore[assignment]  # the subset of Transport we use
        self.tls_timer: asyncio.TimerHandle | None = asyncio.get_running_loop().call_later(
            _TLS_HANDSHAKE_TIMEOUT_S, self._handshake_timeout
        )

    def data_received(self, data: bytes) -> None:
        tls = self.tls
        was_handshaken = tls.handshaken
        try:
            plain = tls.feed(data)
        except TlsFailure as e:
            event = "fail tls handshake" if not was_handshaken else "close connection"
            log.warning(event, peer=self.peer, listener=self.server.listener_name, reason=e.reason)
            self._close()
            return
        if not was_handshaken and tls.handshaken:
            self._handshake_done()
        if plain:
            super().data_received(plain)
        # close_notify: the peer's end of input. Answer what it sent, then close (our close_notify
        # goes with it: the client's TLS close waits for it).
        if tls.peer_closed and not self.eof and super().eof_received() is None:
            self._close()

    def _handshake_done(self) -> None:
        if self.tls_timer is not None:
            self.tls_timer.cancel()
            self.tls_timer = None
        self.principal = principal_of(self.tls.ssl_object)

    def _handshake_timeout(self) -> None:
        self.tls_timer = None
        if not self.tls.handshaken and not self.transport.is_closing():
            log.warning(
                "fail tls handshake", peer=self.peer, listener=self.server.listener_name, reason="timeout"
            )
            self._close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.tls_timer is not None:
            self.tls_timer.cancel()
            self.tls_timer = None
        if not self.tls.handshaken and not self.closing:
            # The peer left in the middle of the handshake (a client that does not trust us): one
            # line, as for any failed handshake; a port probe that sent nothing, at debug level.
            (log.warning if self.tls.received else log.debug)(
                "fail tls handshake",
                peer=self.peer,
                listener=self.server.listener_name,
                reason="connection closed by peer",
            )
            self.closing = True
        super().connection_lost(exc)

    def eof_received(self) -> bool | None:
        if not self.tls.handshaken:
            return None  # connection_lost follows and says it
        return super().eof_received()

    def _zero_copy_socket(self) -> socket.socket | None:
        return None  # the bytes must go through the TLS session


class _TlsConnection(_TlsMixin, _Connection):
    pass


class _SaslTlsConnection(_TlsMixin, _SaslConnection):
    pass


async def _writable(loop: asyncio.AbstractEventLoop, fd: int) -> None:
    waiter: asyncio.Future[None] = loop.create_future()
    loop.add_writer(fd, _wake_writer, waiter)
    try:
        await waiter
    finally:
        loop.remove_writer(fd)


def _wake_writer(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


def _answered_late(header: RequestHeader) -> bool:
    """Before KIP-219 (Produce v6, Fetch v8) clients do not wait on their own: Kafka holds a
    throttled answer for the throttle time instead of sending it at once."""
    return (header.api_key == 0 and header.api_version < 6) or (
        header.api_key == 1 and header.api_version < 8
    )


def _framed(header: RequestHeader, body: Mapping[str, Any] | bytes) -> bytes:
    if type(body) is bytes:
        return frame_encoded_response(header.api_key, header.api_version, header.correlation_id, body)
    # One buffer, size prefix included: writing the prefix and the response as two chunks
    # (writelines) measured consuming 10 KB messages at 68 MB/s instead of ~400
    # (bench_produce_consume.py), and prefixing a joined response copied it all once more.
    return encode_response_frame(header.api_key, header.api_version, header.correlation_id, body)


def _error_answer(header: RequestHeader, request: Container, error: ErrorCode | None) -> Body:
    """An injected error's answer: none for a Produce with acks=0, which has none."""
    if header.api_key == 0 and request.acks == 0:
        return None
    return error_response(
        header.api_key, header.api_version, request, error or ErrorCode.UNKNOWN_SERVER_ERROR
    )


class Server:
    """Accepts connections on one listener; each is served by a `_Connection` protocol."""

    def __init__(
        self,
        handlers: Mapping[int, Handler],
        max_request_bytes: int,
        listener_name: str = "PLAINTEXT",
        on_unsupported_version: UnsupportedVersionAnswer | None = None,
        ssl_context: ssl.SSLContext | None = None,
        sasl: SaslConfig | None = None,
        raw_handlers: Mapping[int, RawHandler] | None = None,
        raw_later_handlers: Mapping[int, RawLaterHandler] | None = None,
        stats: RequestStats | None = None,
        faults: Faults | None = None,
        limits: ConnectionQuotas | None = None,
        memory: RequestMemory | None = None,
        idle_ms: int = 0,
        request_quota: RequestQuota | None = None,
        on_connection_lost: Callable[[str], None] | None = None,
    ):
        self.handlers = handlers
        # told each closed connection's peer (share sessions end with their connection)
        self.on_connection_lost = on_connection_lost
        self.raw_handlers = dict(raw_handlers) if raw_handlers else None
        self.raw_later_handlers = dict(raw_later_handlers) if raw_later_handlers else None
        self.max_request_bytes = max_request_bytes
        self.listener_name = listener_name
        self.on_unsupported_version = on_unsupported_version
        self.ssl_context = ssl_context  # SSL, SASL_SSL
        self.sasl = sasl  # SASL_PLAINTEXT, SASL_SSL
        self._server: asyncio.Server | None = None
        self._connections: set[_Connection] = set()
        self.stats = stats  # when metrics are on (broker/metrics.py)
        # The broker's fault injector (tests): while none is set, requests check `faults.active` only.
        self.faults = faults if faults is not None else Faults()
        self.limits = limits  # max.connections and its kin, shared by the broker's listeners
        self.memory = memory  # queued.max.request.bytes, shared likewise
        self.idle_s = idle_ms / 1000 if idle_ms > 0 else 0.0  # connections.max.idle.ms
        self.request_quota = request_quota  # request_percentage quotas (broker/quota_manager.py)
        self._idle_sweeper: asyncio.Task[None] | None = None
        self.idle_closed = 0  # (metrics)

    @property
    def connection_count(self) -> int:
        """Open client connections (the metrics endpoint's gauge)."""
        return len(self._connections)

    async def start(self, host: str, port: int) -> int:
        loop = asyncio.get_running_loop()
        sasl, tls = self.sasl, self.ssl_context is not None
        factory: Callable[[], _Connection]
        if sasl is None:
            factory = (lambda: _TlsConnection(self)) if tls else (lambda: _Connection(self))
        else:
            factory = (
                (lambda: _SaslTlsConnection(self, sasl)) if tls else (lambda: _SaslConnection(self, sasl))
            )
        self._server = await loop.create_server(factory, host or None, port, reuse_address=True)
        bound: int = self._server.sockets[0].getsockname()[1]
        if self.idle_s:
            self._idle_sweeper = loop.create_task(self._close_idle(), name=f"idle-{self.listener_name}")
        return bound

    async def _close_idle(self) -> None:
        """connections.max.idle.ms: close a connection that sent nothing and was answered nothing
        for that long (one waiting on an answer, a long poll, a throttle, is not idle)."""
        idle = self.idle_s
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(min(max(idle / 4, 0.05), 5.0))
            cutoff = loop.time() - idle
            for conn in [c for c in self._connections if c.last_active < cutoff]:
                if conn.inflight is None and not conn.muted and not conn.closing:
                    log.debug("close connection", peer=conn.peer, reason="idle", idle_s=idle)
                    self.idle_closed += 1
                    conn._close()

    async def stop(self, grace_s: float = 5.0) -> None:
        """Stop accepting, let in-flight requests finish (up to grace_s), close every connection."""
        if self._server is not None:
            self._server.close()
        if self._idle_sweeper is not None:
            self._idle_sweeper.cancel()
        busy = []
        for conn in list(self._connections):
            conn.closing = True
            if conn.inflight is None:
                conn._close()
            else:
                busy.append(conn.inflight)
        if busy:
            _, pending = await asyncio.wait(busy, timeout=grace_s)
            for t in pending:
                t.cancel()
            if pending:
                await asyncio.wait(pending, timeout=1.0)
        for conn in list(self._connections):
            conn._close()
        if self._server is not None:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(1.0):
                    await self._server.wait_closed()

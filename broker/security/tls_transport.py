"""TLS over a connection's own transport with ssl.MemoryBIO: the server's TLS layer.

Not `loop.start_tls` nor `create_server(ssl=...)`: with those a failed handshake never reaches the
protocol (asyncio and uvloop drop it without a word), and uvloop delivers bytes to a protocol
that paused reading in connection_made, so a ClientHello could be read before start_tls took
over. Here the connection sees every byte: it feeds the TLS object, logs a failed handshake
itself (one line, the peer, the reason), and hands decrypted bytes to the Kafka framing.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Iterable
from typing import Any

_READ = 1 << 16


class TlsFailure(Exception):
    """The TLS layer cannot go on (a bad handshake, a bad record); `reason` names why."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class TlsTransport:
    """What the connection writes to: the plaintext side of one TLS session over `raw`.

    Implements the part of asyncio.Transport that broker/server.py uses."""

    def __init__(self, raw: asyncio.Transport, context: ssl.SSLContext):
        self.raw = raw
        self._in = ssl.MemoryBIO()
        self._out = ssl.MemoryBIO()
        self.ssl_object = context.wrap_bio(self._in, self._out, server_side=True)
        self.handshaken = False
        self.received = 0  # bytes from the peer (a port probe sends none)
        self.peer_closed = False  # the peer sent close_notify: its end of input

    # -- bytes from the peer --------------------------------------------------------------------

    def feed(self, data: bytes) -> bytes:
        """Take TLS records from the peer; return the application bytes they carried (maybe none).
        Raises TlsFailure when the peer's bytes are not acceptable TLS."""
        self._in.write(data)
        self.received += len(data)
        if not self.handshaken:
            try:
                self.ssl_object.do_handshake()
            except ssl.SSLWantReadError:
                self._flush()
                return b""
            except ssl.SSLError as e:
                self._flush()  # the alert, so that the client knows why
                raise TlsFailure(e.reason or type(e).__name__) from None
            self.handshaken = True
        chunks = []
        try:
            while True:
                chunk = self.ssl_object.read(_READ)
                if not chunk:
                    self.peer_closed = True  # close_notify
                    break
                chunks.append(chunk)
        except ssl.SSLWantReadError:
            pass
        except ssl.SSLError as e:
            raise TlsFailure(e.reason or type(e).__name__) from None
        finally:
            self._flush()  # session tickets after the handshake, key updates
        return b"".join(chunks)

    def _flush(self) -> None:
        if self._out.pending:
            self.raw.write(self._out.read())

    # -- the transport the connection writes to -------------------------------------------------

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.writelines((data,))

    def writelines(self, chunks: Iterable[bytes | bytearray | memoryview]) -> None:
        if self.raw.is_closing():
            return
        try:
            for chunk in chunks:
                self.ssl_object.write(chunk)
        except ssl.SSLError:  # the session is over (the peer's close_notify crossed our answer)
            self.raw.abort()
            return
        self._flush()

    def close(self) -> None:
        if self.handshaken and not self.raw.is_closing():
            with contextlib.suppress(ssl.SSLError):
                self.ssl_object.unwrap()  # close_notify
            self._flush()
        self.raw.close()

    def abort(self) -> None:
        self.raw.abort()

    def is_closing(self) -> bool:
        return self.raw.is_closing()

    def pause_reading(self) -> None:
        self.raw.pause_reading()

    def resume_reading(self) -> None:
        self.raw.resume_reading()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        if name == "ssl_object":
            return self.ssl_object
        if name == "peercert":
            return self.ssl_object.getpeercert()
        return self.raw.get_extra_info(name, default)

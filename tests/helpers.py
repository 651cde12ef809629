"""Shared test helpers: brokers in-process or as real processes, and polling with a deadline."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from broker.broker import Broker
from broker.config import Config
from broker.group.events import OffsetCommit, PartitionErrors
from broker.group.service import GroupCoordinatorService
from protocol.apis import ApiKey
from protocol.errors import ErrorCode

ROOT = Path(__file__).resolve().parent.parent

# What tests run brokers with: ephemeral ports, no initial rebalance delay, short sessions.
TEST_PROPERTIES = {
    "group.initial.rebalance.delay.ms": "0",
    "group.min.session.timeout.ms": "500",
    "group.max.session.timeout.ms": "60000",
    "offsets.topic.num.partitions": "50",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(
    predicate: Callable[[], bool], timeout: float = 10.0, interval: float = 0.02, what: str = ""
) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if predicate():
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout}s waiting for {what or predicate}")
        time.sleep(interval)


async def async_wait_until(
    predicate: Callable[[], bool | Awaitable[bool]],
    timeout: float = 10.0,
    interval: float = 0.02,
    what: str = "",
) -> None:
    deadline = time.monotonic() + timeout
    while True:
        result = predicate()
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout}s waiting for {what or predicate}")
        await asyncio.sleep(interval)


async def commit_offsets(svc: GroupCoordinatorService, req: OffsetCommit) -> PartitionErrors:
    """OffsetCommit through the coordinator's one path (the handler's), its answer awaited."""
    future: asyncio.Future[PartitionErrors] = asyncio.get_running_loop().create_future()
    svc.commit_offsets(req, future)
    return await future


def broker_config(data_dir: Path, port: int = 0, **overrides: str) -> Config:
    values = {"listeners": f"PLAINTEXT://127.0.0.1:{port}", "log.dirs": str(data_dir), **TEST_PROPERTIES}
    values.update({k.replace("_", "."): v for k, v in overrides.items()})
    return Config(values)


async def start_broker(data_dir: Path, **overrides: str) -> Broker:
    broker = Broker(broker_config(data_dir, **overrides))
    await broker.start()
    return broker


def _accepts(port: int, host: str = "127.0.0.1") -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.2):
            return True
    except OSError:
        return False


class BrokerProcess:
    """`python -m broker` as a real process, on a free port, with its stderr kept in a file."""

    def __init__(
        self,
        data_dir: Path,
        port: int | None = None,
        extra: dict[str, str] | None = None,
        python: Path | str = sys.executable,
        cwd: Path = ROOT,
        host: str = "127.0.0.1",
        prefix: Sequence[str] = (),
    ):
        self.python, self.cwd = str(python), cwd  # another venv's python runs its installed kbroker
        # host and prefix: a broker in a network namespace (`ip netns exec NS`) on that one's address
        self.host, self.prefix = host, list(prefix)
        self.data_dir = Path(data_dir)
        self.port = port or free_port()
        self.extra = {**TEST_PROPERTIES, **(extra or {})}
        self.proc: subprocess.Popen | None = None
        self.log_path = self.data_dir.parent / f"broker-{self.port}.log"

    @property
    def bootstrap(self) -> str:
        return f"{self.host}:{self.port}"

    def start(self, timeout: float = 30.0) -> BrokerProcess:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        args = [
            *self.prefix,
            self.python,
            "-m",
            "broker",
            "--override",
            f"listeners=PLAINTEXT://{self.host}:{self.port}",
            "--override",
            f"log.dirs={self.data_dir}",
        ]
        for k, v in self.extra.items():
            args += ["--override", f"{k}={v}"]
        self._log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            args,
            cwd=self.cwd,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        wait_until(
            lambda: _accepts(self.port, self.host) or self.proc.poll() is not None,
            timeout,
            what="broker to listen",
        )
        if self.proc.poll() is not None:
            raise RuntimeError(f"broker exited with {self.proc.returncode}: {self.log()}")
        return self

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self._close_log()

    def pause(self) -> None:
        """SIGSTOP: alive, holding its sockets and files, answering nothing (an isolated broker)."""
        assert self.proc is not None and self.proc.poll() is None
        self.proc.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)

    def stop(self, timeout: float = 20.0) -> int:
        if self.proc is None:
            return 0
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)  # a paused broker cannot stop cleanly
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._close_log()
        return self.proc.returncode

    def _close_log(self) -> None:
        log = getattr(self, "_log", None)
        if log is not None and not log.closed:
            log.close()

    def __enter__(self) -> BrokerProcess:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


class RawConnection:
    """A bare Kafka connection for tests: send request bodies, read response bodies."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer = reader, writer
        self.correlation_id = 0

    @classmethod
    async def open(cls, port: int, ssl_context: ssl.SSLContext | None = None) -> RawConnection:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=ssl_context)
        return cls(reader, writer)

    async def send_frame(self, body: bytes) -> None:
        self.writer.write(len(body).to_bytes(4, "big", signed=True) + body)
        await self.writer.drain()

    async def read_frame(self, timeout: float = 10.0) -> bytes:
        head = await asyncio.wait_for(self.reader.readexactly(4), timeout)
        return await asyncio.wait_for(
            self.reader.readexactly(int.from_bytes(head, "big", signed=True)), timeout
        )

    async def request(self, api_key: int, version: int, body: dict, client_id: str | None = "test"):
        from protocol.frames import RequestHeader, decode_response, encode_request

        self.correlation_id += 1
        cid = self.correlation_id
        await self.send_frame(encode_request(RequestHeader(api_key, version, cid, client_id), body))
        got_cid, response = decode_response(await self.read_frame(), api_key, version)
        assert got_cid == cid
        return response

    async def closed_by_peer(self, timeout: float = 5.0) -> bool:
        try:
            data = await asyncio.wait_for(self.reader.read(1), timeout)
        except (TimeoutError, ConnectionError):
            return False
        return data == b""

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError):
            await self.writer.wait_closed()


async def create_topic(port: int, name: str, partitions: int) -> None:
    """CreateTopics over a raw connection; asserts that the topic was created."""
    c = await RawConnection.open(port)
    try:
        r = await c.request(
            ApiKey.CREATE_TOPICS,
            7,
            {
                "topics": [{"name": name, "num_partitions": partitions, "replication_factor": 1}],
                "timeout_ms": 5000,
            },
        )
        assert r.topics[0].error_code == ErrorCode.NONE
    finally:
        await c.close()

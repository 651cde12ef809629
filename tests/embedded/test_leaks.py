"""Starting and stopping EmbeddedBroker again and again leaves no thread, file descriptor or
temporary directory behind."""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path

import pytest

from kbroker.testing import EmbeddedBroker


def _fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def test_100_starts_and_stops_leak_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the brokers' data dirs go here
    with EmbeddedBroker() as b:  # one first: imports and lazily made singletons are not leaks
        b.produce("warm", ["x"])
    threads, fds = set(threading.enumerate()), _fds()  # (other fixtures' threads may end meanwhile)
    for i in range(100):
        with EmbeddedBroker(manual_clock=i % 2 == 0) as b:
            if i % 10 == 0:
                b.produce("t", ["x"])
                assert len(b.consume_all("t", group="g")) == 1
    assert set(threading.enumerate()) <= threads
    assert _fds() <= fds
    assert list(tmp_path.iterdir()) == []


async def test_async_starts_and_stops_leak_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    async with EmbeddedBroker() as b:
        await b.aio.produce("warm", ["x"])
    threads, fds = set(threading.enumerate()), _fds()  # (other fixtures' threads may end meanwhile)
    for _ in range(20):
        async with EmbeddedBroker() as b:
            await b.aio.produce("t", ["x"])
    assert set(threading.enumerate()) <= threads
    assert _fds() <= fds
    assert os.listdir(tmp_path) == []

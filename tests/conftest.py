from __future__ import annotations

import pytest

from tests.helpers import BrokerProcess, start_broker


@pytest.fixture
async def broker(tmp_path):
    """A broker in this test's event loop, on an ephemeral port."""
    b = await start_broker(tmp_path / "data")
    try:
        yield b
    finally:
        await b.stop()


@pytest.fixture
def broker_process(tmp_path):
    """A broker as a real process (for real clients, signals and kill -9)."""
    bp = BrokerProcess(tmp_path / "data").start()
    try:
        yield bp
    finally:
        bp.stop()
